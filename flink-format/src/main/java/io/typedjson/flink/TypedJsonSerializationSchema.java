package io.typedjson.flink;

import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.util.Objects;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * Writes a Java class as typedjson documents for the DataStream API, through the class codecs of the Kafka
 * serializer: {@code TypedJsonDeserializer} and {@link TypedJsonDeserializationSchema} read them back exactly.
 *
 * @param <T> the class written
 */
public final class TypedJsonSerializationSchema<T> implements SerializationSchema<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private transient Codec<T> codec;

    private TypedJsonSerializationSchema(Class<T> type) {
        this.type = Objects.requireNonNull(type);
        this.codec = Codecs.of(type); // a class that cannot be carried fails here, naming the field
    }

    public static <T> TypedJsonSerializationSchema<T> forClass(Class<T> type) {
        return new TypedJsonSerializationSchema<>(type);
    }

    @Override
    public void open(InitializationContext context) {
        codec = Codecs.of(type);
    }

    /**
     * The document; a value typedjson cannot carry exactly fails with its path and nothing is written. A null value is
     * a tombstone, no bytes, as {@code TypedJsonSerializer} writes it (and as {@link TypedJsonDeserializationSchema}
     * reads one).
     */
    @Override
    public byte[] serialize(T value) {
        if (value == null) {
            return null;
        }
        if (codec == null) {
            codec = Codecs.of(type);
        }
        try {
            return TypedJsonFormat.defaults().write(codec, value);
        } catch (TypedJsonException e) {
            throw new FlinkRuntimeException("typedjson: cannot write a " + type.getName() + ": " + e.getMessage(), e);
        }
    }
}

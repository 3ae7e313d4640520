package io.typedjson.flink;

import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.util.Objects;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Reads typedjson documents into a Java class for the DataStream API, through the class codecs of the Kafka
 * deserializer ({@code TypedJsonDeserializer} with {@code typedjson.value.type}): the same documents give the same
 * values. A document that is not one of the class fails the job with the path and byte offset, unless
 * {@link #ignoreParseErrors()} skips it.
 *
 * @param <T> the class read
 */
public final class TypedJsonDeserializationSchema<T> implements DeserializationSchema<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final boolean failOnUnknownFields;
    private final boolean failOnMissingPrimitives;
    private final boolean ignoreParseErrors;
    private transient Codec<T> codec;

    private TypedJsonDeserializationSchema(Class<T> type, boolean failOnUnknownFields, boolean failOnMissingPrimitives,
                                           boolean ignoreParseErrors) {
        this.type = Objects.requireNonNull(type);
        this.failOnUnknownFields = failOnUnknownFields;
        this.failOnMissingPrimitives = failOnMissingPrimitives;
        this.ignoreParseErrors = ignoreParseErrors;
        this.codec = codec(); // a class that cannot be carried fails here, naming the field, not in a task
    }

    /** Reads {@code type} (a record, a class with a no-argument constructor, ...: SPEC.md section 10). */
    public static <T> TypedJsonDeserializationSchema<T> forClass(Class<T> type) {
        return new TypedJsonDeserializationSchema<>(type, false, false, false);
    }

    /** The same schema, skipping (dropping) a document it refuses instead of failing the job. */
    public TypedJsonDeserializationSchema<T> ignoreParseErrors() {
        return new TypedJsonDeserializationSchema<>(type, failOnUnknownFields, failOnMissingPrimitives, true);
    }

    /** The same schema with the class codecs' options ({@code typedjson.unknown.fields}, {@code typedjson.missing.primitives}). */
    public TypedJsonDeserializationSchema<T> withOptions(CodecOptions options) {
        return new TypedJsonDeserializationSchema<>(type, options.failOnUnknownFields(), options.failOnMissingPrimitives(),
                ignoreParseErrors);
    }

    private Codec<T> codec() {
        return Codecs.of(type, new CodecOptions(failOnUnknownFields, failOnMissingPrimitives));
    }

    @Override
    public void open(InitializationContext context) {
        codec = codec();
    }

    /** The value, or null for a null record (a tombstone) and for a refused document when errors are ignored. */
    @Override
    public T deserialize(byte[] message) throws IOException {
        if (message == null) {
            return null;
        }
        if (codec == null) {
            codec = codec();
        }
        try {
            return TypedJsonFormat.defaults().read(codec, message);
        } catch (TypedJsonException e) {
            if (ignoreParseErrors) {
                return null;
            }
            throw new IOException("typedjson: the record of " + message.length + " bytes is not a document of "
                    + type.getName() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean isEndOfStream(T nextElement) {
        return false;
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return TypeInformation.of(type);
    }
}

package io.typedjson.serde;

import io.typedjson.format.Codec;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A Kafka {@link Serde} for typed JSON, for Kafka Streams and for code that wants both halves at once.
 * The no-argument constructor carries the dynamic model, or the class named by
 * {@code typedjson.key.type} / {@code typedjson.value.type} (e.g. through Streams' {@code default.value.serde}).
 *
 * @param <T> the type carried
 */
public class TypedJsonSerde<T> implements Serde<T> {

    private final TypedJsonSerializer<T> serializer;
    private final TypedJsonDeserializer<T> deserializer;

    public TypedJsonSerde() {
        this.serializer = new TypedJsonSerializer<>();
        this.deserializer = new TypedJsonDeserializer<>();
    }

    /** Carries values through the given codec; {@code typedjson.*.type} properties are then ignored. */
    public TypedJsonSerde(Codec<T> codec) {
        this.serializer = new TypedJsonSerializer<>(codec);
        this.deserializer = new TypedJsonDeserializer<>(codec);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}

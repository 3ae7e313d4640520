package io.typedjson.bench.codec;

import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/** A codec made of a Kafka Serializer and Deserializer, as a producer and a consumer would use them. */
public final class SerdeCodec<V> extends MappedCodec<V> {
    private final Serializer<V> serializer;
    private final Deserializer<V> deserializer;

    /**
     * @param prepare  turns a canonical record into the value the serializer takes
     * @param toRecord turns a decoded value back into the canonical record, or null when there is no way back
     */
    public SerdeCodec(String name, String settings, Serializer<V> serializer, Deserializer<V> deserializer,
                      Function<Object, V> prepare, Function<V, Object> toRecord) {
        super(name, settings, prepare, toRecord);
        this.serializer = serializer;
        this.deserializer = deserializer;
    }

    @Override
    public byte[] encode(V value) {
        return serializer.serialize(Codecs.TOPIC, value);
    }

    @Override
    public V decode(byte[] bytes) {
        return deserializer.deserialize(Codecs.TOPIC, bytes);
    }
}

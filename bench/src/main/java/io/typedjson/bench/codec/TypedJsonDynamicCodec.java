package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.util.Map;

/** typedjson's Kafka serializer and deserializer with no configuration: the dynamic model, narrow types kept. */
final class TypedJsonDynamicCodec implements BenchCodec<Object> {
    private final Dataset<Object> dataset;
    private final TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
    private final TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();

    TypedJsonDynamicCodec(Dataset<Object> dataset) {
        this.dataset = dataset;
    }

    @Override
    public String settings() {
        return "TypedJsonSerializer / TypedJsonDeserializer with no configuration (the dynamic model), on the record as a "
                + "Map<String, Object> with narrow types kept (Short, Integer, BigDecimal, Instant, LocalDate, byte[])";
    }

    @Override
    public String name() {
        return "typedjson-dynamic";
    }

    @Override
    public Map<String, Object> prepare(Object record) {
        return dataset.toMap(record);
    }

    @Override
    public byte[] encode(Object value) {
        return serializer.serialize(Codecs.TOPIC, value);
    }

    @Override
    public Object decode(byte[] bytes) {
        return deserializer.deserialize(Codecs.TOPIC, bytes);
    }
}

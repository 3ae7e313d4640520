package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.JsonNode;
import io.typedjson.bench.data.Dataset;
import org.apache.kafka.connect.json.JsonDeserializer;
import org.apache.kafka.connect.json.JsonSerializer;

/** Kafka's own JsonSerializer / JsonDeserializer on a Jackson tree built from the record's map. */
final class KafkaJsonNodeCodec implements BenchCodec<JsonNode> {
    private final Dataset<Object> dataset;
    private final JsonSerializer serializer = new JsonSerializer();
    private final JsonDeserializer deserializer = new JsonDeserializer();

    KafkaJsonNodeCodec(Dataset<Object> dataset) {
        this.dataset = dataset;
    }

    @Override
    public String settings() {
        return "Kafka's org.apache.kafka.connect.json.JsonSerializer / JsonDeserializer, defaults, on a JsonNode built "
                + "with ObjectMapper.valueToTree from the record's map";
    }

    @Override
    public String name() {
        return "kafka-jsonnode";
    }

    @Override
    public JsonNode prepare(Object record) {
        return Jackson.MAPPER.valueToTree(dataset.toMap(record));
    }

    @Override
    public byte[] encode(JsonNode value) {
        return serializer.serialize(Codecs.TOPIC, value);
    }

    @Override
    public JsonNode decode(byte[] bytes) {
        return deserializer.deserialize(Codecs.TOPIC, bytes);
    }
}

package io.typedjson.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The serializer's and deserializer's metrics as an operator reads them: from a real producer's and consumer's
 * {@code metrics()}, in the group {@code plugins} with the tags Kafka gives a plugin (client id, config
 * key, class), after records went through a broker: records and bytes counted exactly, each kind of refusal counted
 * once per refused record, the time per record measured.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PluginMetricsIT extends OneBroker {

    private static final int GOOD = 40;

    @Test
    void aProducersAndAConsumersMetricsCountWhatTheSerdeWroteReadAndRefused() throws Exception {
        String topic = "plugin-metrics";
        createTopic(topic, 1);

        Map<String, Object> producerConfig = new HashMap<>();
        producerConfig.put("bootstrap.servers", kafka.bootstrapServers());
        producerConfig.put("client.id", "metrics-producer");
        producerConfig.put("key.serializer", StringSerializer.class.getName());
        producerConfig.put("value.serializer", TypedJsonSerializer.class.getName()); // made and configured by Kafka
        producerConfig.put("typedjson.max.depth", 8);
        long goodBytes = 0;
        try (KafkaProducer<String, Object> producer = new KafkaProducer<>(producerConfig)) {
            for (int i = 0; i < GOOD; i++) {
                producer.send(new ProducerRecord<>(topic, "k" + i, Map.of("id", (long) i, "name", "order " + i)));
                goodBytes += new TypedJsonSerializer<>().serialize(topic, Map.of("id", (long) i, "name", "order " + i)).length;
            }
            producer.send(new ProducerRecord<>(topic, "tombstone", null)); // not counted: no value was written
            // refused: a value the dynamic model cannot carry (type), a value deeper than typedjson.max.depth (limit)
            SerializationException type = assertThrows(SerializationException.class,
                    () -> producer.send(new ProducerRecord<>(topic, "bad", new Object())));
            assertTrue(type.getMessage().contains("'" + topic + "'"), type.getMessage());
            Object deep = 1;
            for (int level = 0; level < 9; level++) {
                deep = List.of(deep);
            }
            Object nine = deep;
            assertThrows(SerializationException.class, () -> producer.send(new ProducerRecord<>(topic, "deep", nine)));
            producer.flush();

            Map<String, Double> m = plugin(producer.metrics(), "value.serializer", "TypedJsonSerializer", "metrics-producer");
            assertEquals(GOOD, m.get("records-written-total"));
            assertEquals(goodBytes, m.get("bytes-written-total"));
            assertEquals(1, m.get("write-refused-type-total"));
            assertEquals(1, m.get("write-refused-limit-total"));
            assertEquals(0, m.get("write-refused-unknown-type-name-total"));
            assertTrue(m.get("write-time-ns-avg") > 0 && m.get("write-time-ns-max") >= m.get("write-time-ns-avg"), m.toString());
            assertTrue(m.get("records-written-rate") > 0, m.toString());
        }

        // bad bytes a plain producer wrote between good records: not JSON, a tag no reader knows, too deep
        try (KafkaProducer<String, byte[]> raw = new KafkaProducer<>(Map.of("bootstrap.servers", kafka.bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer())) {
            raw.send(new ProducerRecord<>(topic, "syntax", "{\"id\":".getBytes(StandardCharsets.UTF_8)));
            raw.send(new ProducerRecord<>(topic, "type", "\"~q1\"".getBytes(StandardCharsets.UTF_8)));
            raw.send(new ProducerRecord<>(topic, "limit", "[[[[[[[[[[1]]]]]]]]]]".getBytes(StandardCharsets.UTF_8)));
            raw.send(new ProducerRecord<>(topic, "last", "{\"id\":1}".getBytes(StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
        }

        // an instance given to the consumer: Kafka hands it its plugin metrics too
        TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();
        deserializer.configure(Map.of("typedjson.max.depth", 8), false);
        // one record a poll: a bad record is then deserialized once (with records before it in the same poll, the
        // consumer returns those and deserializes the bad one again at the next poll: the metric counts both tries)
        Map<String, Object> consumerConfig = Map.of("bootstrap.servers", kafka.bootstrapServers(), "client.id",
                "metrics-consumer", "max.poll.records", 1);
        try (KafkaConsumer<String, Object> consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), deserializer)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            List<ConsumerRecord<String, Object>> read = new ArrayList<>();
            int refused = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (read.size() < GOOD + 2 && System.nanoTime() < deadline) {
                try {
                    consumer.poll(Duration.ofMillis(200)).forEach(read::add);
                } catch (RecordDeserializationException e) { // skip the bad record, as the poison-pill example does
                    refused++;
                    consumer.seek(e.topicPartition(), e.offset() + 1);
                }
            }
            assertEquals(GOOD + 2, read.size(), "the good records, the tombstone and the last one");
            assertEquals(3, refused);
            Map<String, Double> m = plugin(consumer.metrics(), "value.deserializer", "TypedJsonDeserializer", "metrics-consumer");
            assertEquals(GOOD + 1, m.get("records-read-total"), m.toString());
            assertEquals(goodBytes + "{\"id\":1}".length(), m.get("bytes-read-total"));
            assertEquals(1, m.get("read-refused-syntax-total"), m.toString());
            assertEquals(1, m.get("read-refused-type-total"), m.toString());
            assertEquals(1, m.get("read-refused-limit-total"), m.toString());
            assertEquals(0, m.get("read-refused-unknown-type-name-total"));
            assertTrue(m.get("read-time-ns-avg") > 0 && m.get("read-time-ns-max") >= m.get("read-time-ns-avg"), m.toString());
            assertInstanceOf(Map.class, read.get(0).value());
        }
    }

    /** The metrics of one plugin of a client, by name: group {@code plugins}, the tags Kafka gives a plugin. */
    static Map<String, Double> plugin(Map<MetricName, ? extends Metric> metrics, String config, String className,
            String clientId) {
        Map<String, Double> out = new HashMap<>();
        metrics.forEach((name, metric) -> {
            if (name.group().equals("plugins") && config.equals(name.tags().get("config"))
                    && className.equals(name.tags().get("class")) && clientId.equals(name.tags().get("client-id"))) {
                out.put(name.name(), ((Number) metric.metricValue()).doubleValue());
            }
        });
        assertTrue(out.containsKey("records-written-total") || out.containsKey("records-read-total"),
                "no plugin metrics of " + className + " in " + metrics.keySet());
        return out;
    }
}

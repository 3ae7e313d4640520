package io.typedjson.flink.it;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

/**
 * A one-node KRaft broker of Apache Kafka 4.4.0, in-process on free ports (Kafka's own KafkaClusterTestKit, as
 * ConnectWorkerIT starts its broker), with the few client calls the tests need. Not the bench's LocalKafka: bench
 * would then be a dependency of this module, and the Flink benchmark in bench depends on this one.
 */
final class Broker implements AutoCloseable {

    private final KafkaClusterTestKit cluster;

    private Broker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    static Broker start() throws Exception {
        return new Broker(io.typedjson.examples.OneBroker.start());
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    void createTopics(String... topics) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers()))) {
            List<NewTopic> news = new ArrayList<>();
            for (String t : topics) {
                news.add(new NewTopic(t, 1, (short) 1));
            }
            admin.createTopics(news).all().get(60, TimeUnit.SECONDS);
        }
    }

    /** Writes the values, in order, to the topic's one partition. */
    <V> void produce(String topic, Serializer<V> serializer, List<V> values) {
        try (KafkaProducer<byte[], V> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrapServers(),
                "acks", "all"), new ByteArraySerializer(), serializer)) {
            for (V v : values) {
                producer.send(new ProducerRecord<>(topic, v));
            }
            producer.flush();
        }
    }

    List<byte[]> readAll(String topic) {
        return readAll(topic, new ByteArrayDeserializer());
    }

    /** Every record of the topic's one partition, from its start to its end now. */
    <V> List<V> readAll(String topic, Deserializer<V> deserializer) {
        TopicPartition p = new TopicPartition(topic, 0);
        try (KafkaConsumer<byte[], V> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"), new ByteArrayDeserializer(), deserializer)) {
            consumer.assign(List.of(p));
            consumer.seekToBeginning(List.of(p));
            long end = consumer.endOffsets(List.of(p)).get(p);
            List<V> values = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (consumer.position(p) < end && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], V> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
            return values;
        }
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}

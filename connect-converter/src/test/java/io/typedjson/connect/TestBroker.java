package io.typedjson.connect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

/**
 * Reading topics and waiting, for the broker and worker tests (their broker: serde's {@code OneBroker.start()}, from
 * its test jar).
 */
public final class TestBroker {
    private TestBroker() {
    }

    /** Every record of every partition of {@code topic}, from the beginning to the end it has now. */
    public static List<ConsumerRecord<byte[], byte[]>> readAll(KafkaClusterTestKit cluster, String topic) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of("bootstrap.servers", cluster.bootstrapServers()),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> tps = new ArrayList<>();
            c.partitionsFor(topic).forEach(p -> tps.add(new TopicPartition(topic, p.partition())));
            c.assign(tps);
            c.seekToBeginning(tps);
            Map<TopicPartition, Long> end = c.endOffsets(tps);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (tps.stream().anyMatch(tp -> c.position(tp) < end.get(tp)) && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }

    /**
     * What a consumer of {@code group}, subscribed to {@code topic} from its beginning, gets by polling until it gets
     * something (at most 60 s): what a worker writes there in its own time, such as a dead letter queue's records.
     */
    public static List<ConsumerRecord<byte[], byte[]>> pollUntilAny(KafkaClusterTestKit cluster, String topic, String group) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of("bootstrap.servers", cluster.bootstrapServers(),
                "group.id", group, "auto.offset.reset", "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            c.subscribe(List.of(topic));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (out.isEmpty() && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            c.close(Duration.ofSeconds(5));
        }
        return out;
    }

    /** Waits until {@code condition} holds, at most 90 s, then fails naming {@code what}. */
    public static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }
}

package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The same round trips against Kafka in Docker (the image of docker-compose.yml), for CI machines that have Docker.
 * Skipped where there is no Docker engine.
 */
@Testcontainers(disabledWithoutDocker = true)
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TestcontainersKafkaIT {

    /**
     * The image of docker-compose.yml: kafka.image.version of the parent pom (4.3.1, the newest apache/kafka release
     * image found; none of 4.4.0 was, see the pom), checked by DockerComposeFileTest.
     */
    static final String IMAGE = "apache/kafka:4.3.1";

    @Container
    static final KafkaContainer KAFKA = new KafkaContainer(IMAGE);

    @TempDir
    Path results;

    @Test
    void keysValuesTombstonesAndHeadersRoundTrip() throws Exception {
        String topic = "tc-roundtrip";
        Properties admin = new Properties();
        admin.put("bootstrap.servers", KAFKA.getBootstrapServers());
        try (Admin a = Admin.create(admin)) {
            BenchTopics.createTopicAndAwaitLeaders(a, new NewTopic(topic, Optional.of(1), Optional.empty()),
                    Duration.ofSeconds(60));
        }
        List<TestCodecs.Item> items = TestCodecs.items(500, 3);
        TestCodecs.BinaryCodec codec = new TestCodecs.BinaryCodec();
        Properties pp = new Properties();
        pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.getBootstrapServers());
        try (KafkaProducer<byte[], byte[]> producer =
                     new KafkaProducer<>(pp, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < items.size(); i++) {
                RecordHeaders h = new RecordHeaders();
                h.add("seq", ClusterBench.key(i));
                h.add("nul", null);
                byte[] value = i % 10 == 0 ? null : codec.encode(items.get(i));
                producer.send(new ProducerRecord<>(topic, 0, null, ClusterBench.key(i), value, h));
            }
            producer.flush();
        }
        Properties cp = new Properties();
        cp.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.getBootstrapServers());
        cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<byte[], byte[]>> got = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                     new KafkaConsumer<>(cp, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (got.size() < items.size() && System.nanoTime() - deadline < 0) {
                consumer.poll(Duration.ofMillis(200)).forEach(got::add);
            }
        }
        assertEquals(items.size(), got.size());
        for (int i = 0; i < items.size(); i++) {
            ConsumerRecord<byte[], byte[]> r = got.get(i);
            assertEquals(i, ClusterBench.seqOf(r.key()));
            assertArrayEquals(ClusterBench.key(i), r.headers().lastHeader("seq").value());
            assertNull(r.headers().lastHeader("nul").value());
            if (i % 10 == 0) {
                assertNull(r.value(), "tombstone");
            } else {
                assertNull(TestCodecs.firstDifference(items.get(i), codec.decode(r.value())));
            }
        }
    }

    @Test
    void theClusterCommandRunsAgainstIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ClusterCommand.run(new String[] {"--bootstrap-servers", KAFKA.getBootstrapServers(),
                "--records", "2000", "--runs", "1", "--warmup-records", "0", "--latency-records", "200",
                "--results-dir", results.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                TestCodecs.sources(new TestCodecs.BinaryCodec(), new TestCodecs.TextCodec()));
        assertEquals(0, code, () -> out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
    }
}

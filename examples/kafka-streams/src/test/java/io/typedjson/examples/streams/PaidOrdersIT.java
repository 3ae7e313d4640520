package io.typedjson.examples.streams;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.cluster.LocalKafka;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Streams example configured by its streams.properties, against a real KRaft broker: a bad record between good
 * ones is logged, counted and sent to the dead letter queue with its original bytes and typedjson's error, and the
 * application goes on: every good record is processed.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PaidOrdersIT {

    private static LocalKafka kafka;

    @BeforeAll
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void startBroker() throws Exception {
        kafka = LocalKafka.start();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("orders", 1, (short) 1), new NewTopic("paid-orders", 1, (short) 1),
                    new NewTopic("orders-dlq", 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void aBadRecordGoesToTheDeadLetterQueueAndTheApplicationGoesOn() throws Exception {
        Order paid = new Order(1, "Ada", new BigDecimal("12.50"), List.of("book"));
        Order refund = new Order(3, "Eve", new BigDecimal("-1.00"), List.of());
        Order paidToo = new Order(4, "Grace", new BigDecimal("0.01"), List.of("~pen"));
        byte[] bad = "{\"id\":1,\"customer\":\"Bob\",\"amount\":\"ten\",\"items\":[]}".getBytes(StandardCharsets.UTF_8);
        TypedJsonSerializer<Order> orders = TypedJsonSerializer.forClass(Order.class);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>("orders", "1", orders.serialize("orders", paid)));
            producer.send(new ProducerRecord<>("orders", "2", bad));
            producer.send(new ProducerRecord<>("orders", "3", orders.serialize("orders", refund)));
            producer.send(new ProducerRecord<>("orders", "4", orders.serialize("orders", paidToo))).get(30, TimeUnit.SECONDS);
        }

        Properties config = PaidOrders.config();
        config.setProperty(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        config.setProperty(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("paid-orders-").toString());
        config.setProperty(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        KafkaStreams streams = new KafkaStreams(PaidOrders.topology(), config);
        try {
            streams.start();
            List<ConsumerRecord<byte[], byte[]>> out = read("paid-orders", 2);
            TypedJsonDeserializer<Order> reader = TypedJsonDeserializer.forClass(Order.class);
            assertEquals(List.of(paid, paidToo), List.of(reader.deserialize("paid-orders", out.get(0).value()),
                    reader.deserialize("paid-orders", out.get(1).value())));

            ConsumerRecord<byte[], byte[]> letter = read("orders-dlq", 1).get(0);
            assertArrayEquals(bad, letter.value(), "the original bytes");
            assertArrayEquals("2".getBytes(StandardCharsets.UTF_8), letter.key());
            assertEquals(SerializationException.class.getName(), header(letter, "__streams.errors.exception"));
            String message = header(letter, "__streams.errors.message");
            assertTrue(message.contains("Cannot read typed JSON from topic 'orders'") && message.contains("at $.amount (byte offset 34)"),
                    message);
            assertEquals('"', (char) bad[34]);
            assertEquals("orders", header(letter, "__streams.errors.topic"));
            assertEquals("0", header(letter, "__streams.errors.partition"));
            assertEquals("1", header(letter, "__streams.errors.offset"));

            assertEquals(KafkaStreams.State.RUNNING, streams.state(), "the application went on");
            assertEquals(1.0, droppedRecords(streams));
        } finally {
            streams.close(Duration.ofSeconds(30));
        }
    }

    private static double droppedRecords(KafkaStreams streams) {
        double total = 0;
        for (Map.Entry<MetricName, ? extends Metric> e : streams.metrics().entrySet()) {
            if (e.getKey().name().equals("dropped-records-total") && e.getKey().group().equals("stream-task-metrics")) {
                total += ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        return total;
    }

    private static List<ConsumerRecord<byte[], byte[]>> read(String topic, int count) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "check-" + topic,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (records.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            assertEquals(count, records.size(), "records on " + topic);
            return records;
        }
    }

    private static String header(ConsumerRecord<?, ?> record, String key) {
        Header h = record.headers().lastHeader(key);
        assertNotNull(h, "header " + key);
        return new String(h.value(), StandardCharsets.UTF_8);
    }
}

package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Order;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * A bad record in the middle of a Kafka Streams input, read by TypedJsonSerde configured as the default value serde:
 * Kafka's default handler stops the task with typedjson's error (path, offset); LogAndContinueExceptionHandler drops
 * the record and counts it; with {@code errors.dead.letter.queue.topic.name} (KIP-1034, Kafka 4.x) the record's
 * original bytes and the error go to the dead letter queue. docs/kafka-streams.md shows the same configuration as
 * a properties file (examples/kafka-streams runs it on a real broker).
 */
class StreamsErrorHandlingTest {

    private static final Order FIRST = new Order(1, "a", "new", 5.0, List.of(), "t1");
    private static final Order THIRD = new Order(3, "c", "paid", 7.5, List.of("x"), "t3");
    private static final byte[] BAD = "{\"id\":\"2\",\"name\":\"b\"}".getBytes(StandardCharsets.UTF_8);

    /** The application's configuration: the default serdes, typedjson's value type and the error handling. */
    private static Properties config(boolean continueOnError, boolean deadLetterQueue) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "orders-app");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, TypedJsonSerde.class.getName());
        props.put(TypedJsonConfig.VALUE_TYPE, Order.class.getName());
        if (continueOnError) {
            // a record that cannot be read is logged (with typedjson's path and offset), counted and skipped
            props.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, LogAndContinueExceptionHandler.class.getName());
        }
        if (deadLetterQueue) {
            // KIP-1034: ... and its original bytes go to this topic, with the error in __streams.errors.* headers
            props.put(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG, "orders-dlq");
        }
        return props;
    }

    private static Topology topology() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, Order>stream("orders").filter((k, o) -> o.amount() > 0).to("paid-orders");
        return builder.build();
    }

    private static void pipeGoodBadGood(TopologyTestDriver driver) {
        TestInputTopic<String, byte[]> in = driver.createInputTopic("orders", new StringSerializer(), new ByteArraySerializer());
        in.pipeInput("1", TypedJsonSerializer.forClass(Order.class).serialize("orders", FIRST));
        in.pipeInput("2", BAD);
        in.pipeInput("3", TypedJsonSerializer.forClass(Order.class).serialize("orders", THIRD));
    }

    private static TestOutputTopic<String, Order> output(TopologyTestDriver driver) {
        return driver.createOutputTopic("paid-orders", new StringDeserializer(), TypedJsonDeserializer.forClass(Order.class));
    }

    private static double droppedRecords(TopologyTestDriver driver) {
        for (java.util.Map.Entry<MetricName, ? extends Metric> e : driver.metrics().entrySet()) {
            if (e.getKey().name().equals("dropped-records-total") && e.getKey().group().equals("stream-task-metrics")) {
                return ((Number) e.getValue().metricValue()).doubleValue();
            }
        }
        throw new AssertionError("no dropped-records-total metric");
    }

    @Test
    void byDefaultABadRecordStopsTheTaskWithTypedJsonsError() {
        try (TopologyTestDriver driver = new TopologyTestDriver(topology(), config(false, false))) {
            TestInputTopic<String, byte[]> in = driver.createInputTopic("orders", new StringSerializer(), new ByteArraySerializer());
            in.pipeInput("1", TypedJsonSerializer.forClass(Order.class).serialize("orders", FIRST));
            StreamsException e = assertThrows(StreamsException.class, () -> in.pipeInput("2", BAD));
            Throwable cause = e;
            while (cause != null && !(cause instanceof SerializationException)) {
                cause = cause.getCause();
            }
            assertNotNull(cause, "caused by typedjson's SerializationException");
            assertTrue(cause.getMessage().contains("at $.id (byte offset 6)"), cause.getMessage());
            assertEquals(List.of(FIRST), output(driver).readValuesToList());
        }
    }

    @Test
    void logAndContinueSkipsTheBadRecordAndCountsIt() {
        try (TopologyTestDriver driver = new TopologyTestDriver(topology(), config(true, false))) {
            pipeGoodBadGood(driver);
            assertEquals(List.of(FIRST, THIRD), output(driver).readValuesToList());
            assertEquals(1.0, droppedRecords(driver));
        }
    }

    @Test
    void theDeadLetterQueueGetsTheOriginalBytesAndTheError() {
        try (TopologyTestDriver driver = new TopologyTestDriver(topology(), config(true, true))) {
            pipeGoodBadGood(driver);
            assertEquals(List.of(FIRST, THIRD), output(driver).readValuesToList());

            TestOutputTopic<byte[], byte[]> dlq = driver.createOutputTopic("orders-dlq", new ByteArrayDeserializer(),
                    new ByteArrayDeserializer());
            List<TestRecord<byte[], byte[]>> dead = dlq.readRecordsToList();
            assertEquals(1, dead.size());
            TestRecord<byte[], byte[]> letter = dead.get(0);
            assertArrayEquals(BAD, letter.value(), "the original bytes");
            assertArrayEquals("2".getBytes(StandardCharsets.UTF_8), letter.key());
            assertEquals(SerializationException.class.getName(), header(letter, "__streams.errors.exception"));
            String message = header(letter, "__streams.errors.message");
            assertTrue(message.contains("Cannot read typed JSON from topic 'orders'") && message.contains("at $.id (byte offset 6)"), message);
            assertEquals("orders", header(letter, "__streams.errors.topic"));
            assertEquals("1", header(letter, "__streams.errors.offset"));
        }
    }

    private static String header(TestRecord<byte[], byte[]> record, String key) {
        Header h = record.headers().lastHeader(key);
        assertNotNull(h, "header " + key);
        return new String(h.value(), StandardCharsets.UTF_8);
    }
}

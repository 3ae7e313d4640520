package io.typedjson.serde.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.ConnectEnvelope;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The schema topic's reader on Kafka's MockConsumer: a notation is taken only under its own fingerprint, a
 * record that is not a schema record is passed over, a fingerprint that never comes is null after the wait, and
 * a reader whose bounded map dropped a notation reads the topic again to find it.
 */
class SchemaTopicReaderTest {

    private static final String TOPIC = "_typedjson-schemas";
    private static final TopicPartition TP = new TopicPartition(TOPIC, 0);

    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
    private long offset;

    SchemaTopicReaderTest() {
        Node node = new Node(0, "localhost", 9092);
        consumer.updatePartitions(TOPIC, List.of(new PartitionInfo(TOPIC, 0, node, new Node[] {node}, new Node[] {node})));
        consumer.updateBeginningOffsets(Map.of(TP, 0L));
    }

    private void add(byte[] key, String value) {
        byte[] bytes = value == null ? null : value.getBytes(StandardCharsets.UTF_8);
        ConsumerRecord<byte[], byte[]> r = new ConsumerRecord<>(TOPIC, 0, offset++, key, bytes);
        consumer.schedulePollTask(() -> consumer.addRecord(r));
    }

    private SchemaTopicReader reader(int maxEntries) {
        return new SchemaTopicReader(() -> consumer, TOPIC, maxEntries, 1000, 1 << 20);
    }

    private static byte[] fp(String notation) {
        return ConnectEnvelope.fingerprint(notation);
    }

    @Test
    void aNotationIsTakenUnderItsOwnFingerprintOnly() {
        add(fp("{a:i32}"), "{a:i64}"); // forged: the notation of another schema under this key
        add(new byte[3], "i32"); // not a schema record: the key is no fingerprint
        add(fp("str"), null); // a tombstone
        add(fp("{a:i32}"), "{a:i32}");
        SchemaTopicReader reader = reader(10);
        long t0 = System.nanoTime();
        assertArrayEquals("{a:i32}".getBytes(StandardCharsets.UTF_8), reader.resolve(fp("{a:i32}"), 5_000));
        assertTrue(reader.sawMismatch(fp("{a:i32}")));
        assertFalse(reader.sawMismatch(fp("str")));
        assertTrue(reader.foundTopic());
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) < 4_000, "found, not waited out");
    }

    @Test
    void aForgedNotationAloneResolvesToNothingAfterTheWait() {
        add(fp("{a:i32}"), "{a:i64}");
        SchemaTopicReader reader = reader(10);
        long t0 = System.nanoTime();
        assertNull(reader.resolve(fp("{a:i32}"), 300));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) >= 300);
        assertTrue(reader.sawMismatch(fp("{a:i32}")));
    }

    @Test
    void aNotationLongerThanTheLimitIsPassedOver() {
        String long1 = "{" + "a".repeat(2000) + ":i32}";
        add(fp(long1), long1);
        assertNull(reader(10).resolve(fp(long1), 200));
    }

    @Test
    void aNotationDroppedFromTheBoundedMapIsReadAgainFromTheBeginning() {
        add(fp("i8"), "i8");
        add(fp("i16"), "i16");
        add(fp("i32"), "i32");
        SchemaTopicReader reader = reader(1);
        assertArrayEquals("i32".getBytes(StandardCharsets.UTF_8), reader.resolve(fp("i32"), 5_000));
        // i8 and i16 were read and dropped (one entry kept): found again by seeking to the beginning
        consumer.schedulePollTask(() -> {
            List<String> notations = List.of("i8", "i16", "i32"); // the topic again, from offset 0
            for (int i = 0; i < notations.size(); i++) {
                String n = notations.get(i);
                consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, i, fp(n), n.getBytes(StandardCharsets.UTF_8)));
            }
        });
        assertArrayEquals("i8".getBytes(StandardCharsets.UTF_8), reader.resolve(fp("i8"), 5_000));
    }

    @Test
    void aTopicThatDoesNotExistResolvesNothingAfterTheWait() {
        SchemaTopicReader reader = new SchemaTopicReader(() -> consumer, "no-such-topic", 10, 1000, 1 << 20);
        long t0 = System.nanoTime();
        assertNull(reader.resolve(fp("i32"), 300));
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) >= 300);
        assertFalse(reader.foundTopic());
    }
}

package io.typedjson.serde.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.typedjson.format.ConnectEnvelope;
import io.typedjson.serde.internal.SchemaTopicReader.Lookup;
import io.typedjson.serde.internal.SchemaTopicReader.Outcome;
import io.typedjson.testing.LogCapture;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Time;
import org.junit.jupiter.api.Test;

/**
 * The schema topic's reader on Kafka's MockConsumer and a clock of the test's own (no test measures how long anything
 * takes: the clock moves by a millisecond each time the reader reads it, and by what it sleeps): a notation is taken
 * only under its own fingerprint, a record that is not a schema record is passed over, a fingerprint that never comes
 * is absent once the wait has passed on that clock, a wait of 0 reads the topic to its end once, a fingerprint found
 * missing is answered at once until its backoff has passed, a lookup never blocks one of another fingerprint, and
 * close() ends a lookup in progress and makes no consumer after it.
 */
class SchemaTopicReaderTest {

    private static final String TOPIC = "_typedjson-schemas";
    private static final TopicPartition TP = new TopicPartition(TOPIC, 0);

    /** A MockConsumer that counts its polls. */
    private static final class CountingConsumer extends MockConsumer<byte[], byte[]> {
        final AtomicInteger polls = new AtomicInteger();

        CountingConsumer() {
            super("earliest");
        }

        @Override
        public synchronized ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
            polls.incrementAndGet();
            return super.poll(timeout);
        }
    }

    /** A clock that moves a millisecond each time it is read, and by what is slept: the reader's only notion of time. */
    static final class TickingTime implements Time {
        private long millis = 1_000_000;

        @Override
        public synchronized long milliseconds() {
            return ++millis;
        }

        @Override
        public long nanoseconds() {
            return TimeUnit.MILLISECONDS.toNanos(milliseconds());
        }

        @Override
        public synchronized void sleep(long ms) {
            millis += ms;
        }

        synchronized long now() {
            return millis;
        }

        synchronized void advance(long ms) {
            millis += ms;
        }
    }

    private final CountingConsumer consumer = new CountingConsumer();
    private final TickingTime time = new TickingTime();
    private final AtomicInteger consumersMade = new AtomicInteger();
    private long offset;

    SchemaTopicReaderTest() {
        Node node = new Node(0, "localhost", 9092);
        consumer.updatePartitions(TOPIC, List.of(new PartitionInfo(TOPIC, 0, node, new Node[] {node}, new Node[] {node})));
        consumer.updateBeginningOffsets(Map.of(TP, 0L));
        consumer.updateEndOffsets(Map.of(TP, 0L));
    }

    /** Appends a record to the topic: the end offset moves now, the record comes with the next poll. */
    private void add(byte[] key, String value) {
        byte[] bytes = value == null ? null : value.getBytes(StandardCharsets.UTF_8);
        ConsumerRecord<byte[], byte[]> r = new ConsumerRecord<>(TOPIC, 0, offset++, key, bytes);
        consumer.updateEndOffsets(Map.of(TP, offset));
        consumer.schedulePollTask(() -> consumer.addRecord(r));
    }

    private Supplier<org.apache.kafka.clients.consumer.Consumer<byte[], byte[]>> supplier() {
        return () -> {
            consumersMade.incrementAndGet();
            return consumer;
        };
    }

    private SchemaTopicReader reader(int maxEntries) {
        return reader(TOPIC, maxEntries);
    }

    private SchemaTopicReader reader(String topic, int maxEntries) {
        return new SchemaTopicReader(supplier(), new SchemaTopicReader.Options(topic, maxEntries, 1000, 1 << 20,
                1_000, 4_000, 60_000), time);
    }

    private static byte[] fp(String notation) {
        return ConnectEnvelope.fingerprint(notation);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aNotationIsTakenUnderItsOwnFingerprintOnly() {
        add(fp("{a:i32}"), "{a:i64}"); // forged: the notation of another schema under this key
        add(new byte[3], "i32"); // not a schema record: the key is no fingerprint
        add(fp("str"), null); // a tombstone
        add(fp("{a:i32}"), "{a:i32}");
        SchemaTopicReader reader = reader(10);
        long start = time.now();
        Lookup found = reader.resolve(fp("{a:i32}"), 5_000);
        assertEquals(Outcome.FOUND, found.outcome());
        assertArrayEquals(utf8("{a:i32}"), found.notation());
        // each record comes with a poll of its own: found at the fourth, the one that brought it, and no poll more;
        // long before the wait was up on the reader's clock: it did not wait the wait out
        assertEquals(4, consumer.polls.get());
        assertTrue(time.now() - start < 5_000, "the reader's clock moved " + (time.now() - start) + " ms");
        Lookup forged = reader.resolve(fp("{a:i32}"), 0);
        assertEquals(Outcome.FOUND, forged.outcome(), "the right notation stays, whatever came before it");
        Lookup tombstone = reader.resolve(fp("str"), 0);
        assertEquals(Outcome.ABSENT, tombstone.outcome());
        assertFalse(tombstone.mismatch());
    }

    @Test
    void aForgedNotationAloneResolvesToNothingAfterTheWaitAndSaysSo() {
        add(fp("{a:i32}"), "{a:i64}");
        SchemaTopicReader reader = reader(10);
        long start = time.now();
        Lookup lookup = reader.resolve(fp("{a:i32}"), 300);
        assertEquals(Outcome.ABSENT, lookup.outcome());
        assertNull(lookup.notation());
        assertTrue(lookup.mismatch());
        // it read on after the end for a late schema until the wait had passed on its clock, a step at a time
        assertTrue(time.now() - start >= 300, "the reader's clock moved " + (time.now() - start) + " ms");
        assertTrue(consumer.polls.get() > 1, consumer.polls.get() + " polls");
        assertEquals("no schema of fingerprint " + ConnectEnvelope.hex(fp("{a:i32}")) + " in schema topic '" + TOPIC
                + "' after waiting 300 ms (w); the topic holds a notation under that fingerprint whose own fingerprint "
                + "differs, which is refused", lookup.describe(fp("{a:i32}"), TOPIC, 300, "w", "b"));
    }

    @Test
    void aNotationLongerThanTheLimitIsPassedOverAndTheNextOneIsTaken() {
        String tooLong = "{" + "a".repeat(2000) + ":i32}"; // the reader takes at most 1000 bytes
        add(fp(tooLong), tooLong);
        add(fp("{b:i64}"), "{b:i64}");
        SchemaTopicReader reader = reader(10);
        Lookup passedOver = reader.resolve(fp(tooLong), 200);
        assertEquals(Outcome.ABSENT, passedOver.outcome(), "the topic was read to its end without taking it");
        Lookup next = reader.resolve(fp("{b:i64}"), 0);
        assertEquals(Outcome.FOUND, next.outcome(), "the notation after the long one was read and taken");
        assertArrayEquals(utf8("{b:i64}"), next.notation());
    }

    @Test
    void aNotationDroppedFromTheBoundedMapIsReadAgainFromTheBeginning() {
        add(fp("i8"), "i8");
        add(fp("i16"), "i16");
        add(fp("i32"), "i32");
        SchemaTopicReader reader = reader(1);
        assertArrayEquals(utf8("i32"), reader.resolve(fp("i32"), 5_000).notation());
        // i8 and i16 were read and dropped (one entry kept): found again by seeking to the beginning
        consumer.schedulePollTask(() -> {
            List<String> notations = List.of("i8", "i16", "i32"); // the topic again, from offset 0
            for (int i = 0; i < notations.size(); i++) {
                String n = notations.get(i);
                consumer.addRecord(new ConsumerRecord<>(TOPIC, 0, i, fp(n), utf8(n)));
            }
        });
        assertArrayEquals(utf8("i8"), reader.resolve(fp("i8"), 5_000).notation());
    }

    @Test
    void aTopicThatDoesNotExistResolvesNothingAfterTheWait() {
        SchemaTopicReader reader = reader("no-such-topic", 10);
        long start = time.now();
        Lookup lookup = reader.resolve(fp("i32"), 300);
        assertEquals(Outcome.NO_TOPIC, lookup.outcome());
        assertTrue(time.now() - start >= 300, "looked for the topic until the wait had passed on the reader's clock");
        assertEquals(0, consumer.polls.get(), "nothing to poll");
        assertTrue(lookup.describe(fp("i32"), "no-such-topic", 300, null, null).endsWith("the topic was not found: it "
                + "does not exist yet, or no broker of bootstrap.servers answered"));
    }

    @Test
    void aWaitOfZeroReadsTheTopicToItsEndOnceAndWaitsForNothing() {
        add(fp("{a:i32}"), "{a:i32}");
        add(fp("{b:str}"), "{b:str}");
        SchemaTopicReader reader = reader(10);
        Lookup found = reader.resolve(fp("{b:str}"), 0);
        assertEquals(Outcome.FOUND, found.outcome(), "0 looks once: what the topic holds is found");
        assertArrayEquals(utf8("{b:str}"), found.notation());
        int polls = consumer.polls.get();
        long start = time.now();
        Lookup absent = reader.resolve(fp("{c:i8}"), 0);
        assertEquals(Outcome.ABSENT, absent.outcome());
        // at the end already: it polled once more and gave up, the clock far from the 60 s bound of a look
        assertEquals(polls + 1, consumer.polls.get());
        assertTrue(time.now() - start < 1_000, "the reader's clock moved " + (time.now() - start) + " ms");
        assertTrue(absent.describe(fp("{c:i8}"), TOPIC, 0, "typedjson.schema.topic.wait.ms", null)
                .endsWith("after reading it to its end once (typedjson.schema.topic.wait.ms=0: no waiting)"));
    }

    @Test
    void aMissingFingerprintIsAnsweredAtOnceUntilItsBackoffHasPassedWhichDoublesWhileItStaysMissing() {
        add(fp("{a:i32}"), "{a:i32}");
        SchemaTopicReader reader = reader(10);
        byte[] nobody = fp("{nobody:i32}");
        Lookup first = reader.resolve(nobody, 0);
        assertEquals(Outcome.ABSENT, first.outcome());
        assertEquals(1_000, first.retryInMillis());
        assertEquals(1, reader.knownMissing());
        int polls = consumer.polls.get();
        Lookup again = reader.resolve(nobody, 5_000);
        assertEquals(Outcome.KNOWN_ABSENT, again.outcome());
        assertEquals(polls, consumer.polls.get(), "answered without reading");
        assertTrue(again.retryInMillis() > 0 && again.retryInMillis() <= 1_000, again.toString());
        String message = again.describe(nobody, TOPIC, 5_000, "w", "typedjson.schema.topic.missing.backoff.ms");
        assertTrue(message.startsWith("no schema of fingerprint " + ConnectEnvelope.hex(nobody) + " in schema topic '"
                + TOPIC + "': it was not there when the topic was last read to its end") && message.contains(
                "(typedjson.schema.topic.missing.backoff.ms)"), message);
        // other fingerprints resolve meanwhile
        assertEquals(Outcome.FOUND, reader.resolve(fp("{a:i32}"), 0).outcome());
        // past the backoff it is looked for again; still missing, the backoff doubles (up to 4 s)
        time.advance(1_000);
        Lookup third = reader.resolve(nobody, 0);
        assertEquals(Outcome.ABSENT, third.outcome());
        assertEquals(polls + 1, consumer.polls.get(), "looked for again");
        assertEquals(2_000, third.retryInMillis());
        time.advance(2_000);
        assertEquals(4_000, reader.resolve(nobody, 0).retryInMillis());
        time.advance(4_000);
        assertEquals(4_000, reader.resolve(nobody, 0).retryInMillis(), "at most the backoff's maximum");
        // written at last: a lookup of another fingerprint reads it, and the missing one is found at once
        add(nobody, "{nobody:i32}");
        add(fp("{late:i8}"), "{late:i8}");
        assertEquals(Outcome.FOUND, reader.resolve(fp("{late:i8}"), 1_000).outcome());
        Lookup found = reader.resolve(nobody, 0);
        assertEquals(Outcome.FOUND, found.outcome());
        assertEquals(0, reader.knownMissing());
    }

    @Test
    void theFingerprintsKnownMissingAreBoundedAndTheOldestIsLookedForAgain() {
        SchemaTopicReader reader = reader(2); // two entries: notations, and fingerprints known missing
        List<byte[]> missing = List.of(fp("{m0:i8}"), fp("{m1:i8}"), fp("{m2:i8}"), fp("{m3:i8}"));
        for (byte[] f : missing) {
            assertEquals(Outcome.ABSENT, reader.resolve(f, 0).outcome());
            assertTrue(reader.knownMissing() <= 2, reader.knownMissing() + " fingerprints known missing, bound 2");
        }
        assertEquals(2, reader.knownMissing());
        // the two latest are answered from memory; the oldest was dropped and is looked for again (a poll more)
        int polls = consumer.polls.get();
        assertEquals(Outcome.KNOWN_ABSENT, reader.resolve(missing.get(3), 0).outcome());
        assertEquals(Outcome.KNOWN_ABSENT, reader.resolve(missing.get(2), 0).outcome());
        assertEquals(polls, consumer.polls.get(), "answered without reading");
        Lookup oldest = reader.resolve(missing.get(0), 0);
        assertEquals(Outcome.ABSENT, oldest.outcome(), "the oldest is not known missing any more");
        assertEquals(1_000, oldest.retryInMillis(), "found missing as if for the first time");
        assertEquals(polls + 1, consumer.polls.get(), "looked for again");
        assertEquals(2, reader.knownMissing());
    }

    @Test
    void aLookupThatWaitsBlocksNoOtherFingerprintAndCloseEndsItAndClosesTheConsumer() throws Exception {
        add(fp("{a:i32}"), "{a:i32}");
        // a clock that stands still unless moved: the waiting lookup's wait never ends by itself
        Time still = new Time() {
            @Override
            public long milliseconds() {
                return 1_000;
            }

            @Override
            public long nanoseconds() {
                return 1_000_000_000L;
            }

            @Override
            public void sleep(long ms) {
            }
        };
        SchemaTopicReader reader = new SchemaTopicReader(supplier(), new SchemaTopicReader.Options(TOPIC, 10, 1000,
                1 << 20, 1_000, 4_000, 60_000), still);
        CompletableFuture<Lookup> waiting = CompletableFuture.supplyAsync(() -> reader.resolve(fp("{never:i32}"), 10_000));
        // the waiting lookup polls: it holds the consumer a step at a time (a bound on the wall clock only so that a
        // lookup that never polls fails this test instead of hanging it)
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (consumer.polls.get() < 3) {
            if (waiting.isDone() || System.nanoTime() - giveUp > 0) {
                fail("the waiting lookup polled " + consumer.polls.get() + " times in 30 s and "
                        + (waiting.isDone() ? "ended: " + waiting.join() : "still waits"));
            }
            Thread.onSpinWait();
        }
        Lookup other = reader.resolve(fp("{a:i32}"), 10_000);
        assertEquals(Outcome.FOUND, other.outcome(), "another fingerprint is answered while the first one waits");
        assertFalse(waiting.isDone(), "the first one still waits");
        reader.close();
        assertEquals(Outcome.CLOSED, waiting.get(30, TimeUnit.SECONDS).outcome());
        assertTrue(consumer.closed(), "the consumer is closed");
        assertEquals(1, consumersMade.get());
        assertEquals(Outcome.CLOSED, reader.resolve(fp("{b:i32}"), 1_000).outcome());
        assertEquals(1, consumersMade.get(), "no consumer is made after close");
    }

    @Test
    void aLookupAfterCloseMakesNoConsumer() {
        SchemaTopicReader reader = reader(10);
        reader.close();
        assertEquals(Outcome.CLOSED, reader.resolve(fp("i32"), 1_000).outcome());
        assertEquals(0, consumersMade.get());
    }

    @Test
    void aBadRecordIsWarnedOnceThoughTheTopicIsReadAgainAndAMissingFingerprintOnceThoughRecordsKeepAskingForIt() {
        String topic = "schemas-warned-" + System.nanoTime(); // warnings are once per process and topic
        consumer.updatePartitions(topic, List.of(new PartitionInfo(topic, 0, null, new Node[0], new Node[0])));
        TopicPartition tp = new TopicPartition(topic, 0);
        consumer.updateBeginningOffsets(Map.of(tp, 0L));
        consumer.updateEndOffsets(Map.of(tp, 3L));
        Runnable topicFromItsStart = () -> {
            consumer.addRecord(new ConsumerRecord<>(topic, 0, 0, fp("{a:i32}"), utf8("{a:i64}"))); // forged
            consumer.addRecord(new ConsumerRecord<>(topic, 0, 1, fp("i8"), utf8("i8")));
            consumer.addRecord(new ConsumerRecord<>(topic, 0, 2, fp("i16"), utf8("i16")));
        };
        // one entry kept: i16 pushes i8 out, so every lookup reads the topic again from its start (i8, at offset 1,
        // is found only so), the forged record at offset 0 first
        SchemaTopicReader reader = new SchemaTopicReader(supplier(), new SchemaTopicReader.Options(topic, 1, 1000,
                1 << 20, 1_000, 4_000, 60_000), time);
        try (LogCapture log = LogCapture.start()) {
            for (int i = 0; i < 3; i++) {
                consumer.schedulePollTask(topicFromItsStart);
                assertEquals(Outcome.FOUND, reader.resolve(fp("i8"), 1_000).outcome());
                time.advance(5_000); // past the backoff: looked for again, found missing again
                consumer.schedulePollTask(topicFromItsStart);
                assertEquals(Outcome.ABSENT, reader.resolve(fp("{a:i32}"), 0).outcome());
            }
            List<String> warnings = log.warnings(SchemaTopicReader.class);
            assertEquals(1, warnings.stream().filter(w -> w.contains("at offset 0 of partition 0 of schema topic '"
                    + topic + "': its notation has the fingerprint")).count(), String.join("\n", warnings));
            assertEquals(1, warnings.stream().filter(w -> w.contains("No schema of fingerprint "
                    + ConnectEnvelope.hex(fp("{a:i32}")))).count(), String.join("\n", warnings));
            assertEquals(2, warnings.size(), String.join("\n", warnings));
        }
    }
}

package io.typedjson.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;

/**
 * Poison pills through a real broker: bad documents between good ones are reported once each, with their exact
 * partition and offset, skipped by {@link SkipBadRecordsExample#consume}, and every good record is still read, equal
 * and in order.
 */
@Timeout(value = 90, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PoisonPillIT extends OneBroker {

    /** A bad record: its raw bytes and what the error message must name. */
    record Bad(String what, byte[] bytes, String path) {}

    /** One produced record of either kind, where it landed. */
    record Placed(int partition, long offset, Object good, Bad bad) {}

    /** A skipped record as the loop reported it. */
    record Skipped(String topic, int partition, long offset, String message, String consumerMessage) {}

    @ParameterizedTest(name = "{0} partition(s)")
    @ValueSource(ints = {1, 2})
    void badRecordsAreReportedOnceWithTheirOffsetAndEveryGoodRecordIsStillRead(int partitions) throws Exception {
        String topic = "poison-pills-" + partitions;
        createTopic(topic, partitions);

        // per partition: a bad record first, good ones, two bad ones in a row, good ones, a bad one, good ones,
        // and a bad one last (the loop must not stop at the end of the log on it)
        List<Placed> placed = new ArrayList<>();
        Random random = new Random(partitions);
        try (KafkaProducer<String, Object> good = new KafkaProducer<>(producerProperties(), new StringSerializer(),
                new TypedJsonSerializer<>());
             KafkaProducer<String, byte[]> raw = new KafkaProducer<>(producerProperties(), new StringSerializer(),
                     new ByteArraySerializer())) {
            int seq = 0;
            for (int p = 0; p < partitions; p++) {
                List<Object> plan = new ArrayList<>();
                plan.add(bad("random garbage", random));
                addGood(plan, 40, seq);
                seq += 40;
                plan.add(bad("truncated document", random));
                plan.add(bad("unknown tag", random));
                addGood(plan, 40, seq);
                seq += 40;
                plan.add(bad("random garbage", random));
                addGood(plan, 40, seq);
                seq += 40;
                plan.add(bad("unknown tag", random));
                for (Object item : plan) {
                    // one producer at a time, each send acknowledged before the next: the offsets follow the plan
                    Future<RecordMetadata> sent;
                    if (item instanceof Bad b) {
                        sent = raw.send(new ProducerRecord<>(topic, p, "bad", b.bytes()));
                    } else {
                        sent = good.send(new ProducerRecord<>(topic, p, "good", item));
                    }
                    RecordMetadata md = sent.get(30, TimeUnit.SECONDS);
                    placed.add(new Placed(p, md.offset(), item instanceof Bad ? null : item,
                            item instanceof Bad b ? b : null));
                }
            }
        }

        // ---- the README loop, until every partition is read to its end
        Map<Integer, List<ConsumerRecord<String, Object>>> read = new TreeMap<>();
        List<Skipped> skipped = new ArrayList<>();
        List<TopicPartition> tps = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            tps.add(new TopicPartition(topic, p));
            read.put(p, new ArrayList<>());
        }
        try (KafkaConsumer<String, Object> consumer = new KafkaConsumer<>(consumerProperties(),
                new StringDeserializer(), new TypedJsonDeserializer<>())) {
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = consumer.endOffsets(tps, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            SkipBadRecordsExample.consume(consumer,
                    () -> System.nanoTime() - deadline < 0 && !reached(consumer, ends),
                    new SkipBadRecordsExample.Handler<>() {
                        @Override
                        public void record(ConsumerRecord<String, Object> record) {
                            read.get(record.partition()).add(record);
                        }

                        @Override
                        public void skipped(RecordDeserializationException bad) {
                            assertTrue(bad.getCause() instanceof SerializationException, String.valueOf(bad.getCause()));
                            skipped.add(new Skipped(bad.topicPartition().topic(), bad.topicPartition().partition(),
                                    bad.offset(), bad.getCause().getMessage(), bad.getMessage()));
                        }
                    });
            assertTrue(reached(consumer, ends), "read to the end in time");
        }

        // ---- every good record exactly, in order; every bad one reported once, with its offset; nothing else
        int badCount = 0;
        for (int p = 0; p < partitions; p++) {
            int partition = p;
            List<Placed> expectedGood = placed.stream().filter(x -> x.partition() == partition && x.good() != null)
                    .toList();
            List<ConsumerRecord<String, Object>> got = read.get(p);
            assertEquals(expectedGood.size(), got.size(), "good records read from partition " + p);
            for (int i = 0; i < got.size(); i++) {
                assertEquals(expectedGood.get(i).offset(), got.get(i).offset(), "partition " + p + " record " + i);
                assertEquals(expectedGood.get(i).good(), got.get(i).value(), "partition " + p + " offset "
                        + got.get(i).offset());
            }
            List<Placed> expectedBad = placed.stream().filter(x -> x.partition() == partition && x.bad() != null)
                    .toList();
            List<Skipped> reported = skipped.stream().filter(s -> s.partition() == partition).toList();
            assertEquals(expectedBad.size(), reported.size(), "bad records reported in partition " + p + ": "
                    + reported);
            for (int i = 0; i < reported.size(); i++) {
                Placed e = expectedBad.get(i);
                Skipped s = reported.get(i);
                String where = e.bad().what() + " at partition " + p + " offset " + e.offset();
                assertEquals(topic, s.topic(), where);
                assertEquals(e.offset(), s.offset(), where);
                assertTrue(s.message().contains(topic), where + ": names the topic: " + s.message());
                assertTrue(s.message().contains("byte offset"), where + ": names the byte offset: " + s.message());
                assertTrue(s.message().contains(" at " + e.bad().path()), where + ": names the path "
                        + e.bad().path() + ": " + s.message());
                System.out.println(e.bad().what() + " -> " + s.consumerMessage() + " / cause: " + s.message());
            }
            // good and bad offsets together are the whole partition: nothing else was skipped
            long total = placed.stream().filter(x -> x.partition() == partition).count();
            assertEquals(total, expectedGood.size() + reported.size());
            assertEquals(total, placed.stream().filter(x -> x.partition() == partition).mapToLong(Placed::offset)
                    .distinct().count());
            badCount += reported.size();
        }
        assertEquals(badCount, skipped.size(), "no report from elsewhere: " + skipped);
        System.out.printf("%d partition(s): %d good records read, %d bad ones skipped%n", partitions,
                read.values().stream().mapToInt(List::size).sum(), skipped.size());
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    private static void addGood(List<Object> plan, int n, int from) {
        for (int i = from; i < from + n; i++) {
            plan.add(order(i));
        }
    }

    /** A value of the dynamic model that plain JSON cannot carry exactly: an Integer, a BigDecimal, an Instant. */
    static Map<String, Object> order(int i) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", (long) i);
        m.put("qty", i % 7);
        m.put("price", new BigDecimal("19.90").add(BigDecimal.valueOf(i, 2)));
        m.put("at", Instant.ofEpochSecond(1_700_000_000L + i, i * 1_000L));
        m.put("note", i % 3 == 0 ? "~tilde and ünïcødé " + i : "plain " + i);
        m.put("tags", List.of("a", (long) i, true));
        return m;
    }

    private static Bad bad(String what, Random random) {
        return switch (what) {
            case "random garbage" -> {
                byte[] b = new byte[64];
                random.nextBytes(b);
                b[0] = (byte) 0xFF; // never valid UTF-8, never a JSON token
                yield new Bad(what, b, "$");
            }
            case "truncated document" -> {
                byte[] whole = new TypedJsonSerializer<>().serialize("t", order(1));
                byte[] b = java.util.Arrays.copyOf(whole, whole.length / 2);
                yield new Bad(what, b, "$.");
            }
            case "unknown tag" -> new Bad(what,
                    "{\"id\":7,\"qty\":\"~q3\"}".getBytes(StandardCharsets.UTF_8), "$.qty");
            default -> throw new IllegalArgumentException(what);
        };
    }

    private static boolean reached(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    private static Properties producerProperties() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        return p;
    }

    private static Properties consumerProperties() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return p;
    }
}

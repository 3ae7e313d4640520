package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.LongSerializer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;

/**
 * No data loss when the broker dies: an idempotent producer with {@code acks=all} keeps sending numbered records
 * while the broker's process is killed with SIGKILL and restarted on the same data directory and ports. Afterwards
 * every record acknowledged to the producer is read back exactly once, where the acknowledgement said, equal to what
 * was sent; a send that failed may be missing but is never duplicated.
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BrokerFailureIT extends OneBroker {

    private static final int PARTITIONS = 2;
    /** Acknowledged records before the kill, and after the restart before stopping. */
    private static final int ACKED_BEFORE_KILL = 3_000;
    private static final int ACKED_AFTER_RESTART = 3_000;
    /** The broker stays dead at least this long while the producer keeps sending. */
    private static final long DEAD_FOR_MILLIS = 1_000;
    /** Records per second the producer offers. */
    private static final int RATE = 2_000;

    /**
     * With {@code delivery.timeout.ms} 60 s the producer rides out the outage; with 2 s, shorter than the outage,
     * sends fail (their callbacks get the exception) and may be missing, but still nothing is duplicated. The second
     * case kills the broker restarted by the first: a restarted broker can be killed and restarted again.
     */
    @ParameterizedTest(name = "delivery.timeout.ms={0}")
    @ValueSource(ints = {60_000, 2_000})
    void everyAcknowledgedRecordSurvivesASigkillOfTheBrokerExactlyOnce(int deliveryTimeoutMs) throws Exception {
        long testStart = System.nanoTime();
        String topic = "broker-failure-" + deliveryTimeoutMs;
        try (Admin admin = BenchTopics.admin(kafka.bootstrapServers())) {
            // KAFKA-14359: produce only once every partition's leader answers
            BenchTopics.createTopicAndAwaitLeaders(admin,
                    new NewTopic(topic, Optional.of(PARTITIONS), Optional.empty()), Duration.ofSeconds(60));
        }

        Map<Long, RecordMetadata> acked = new ConcurrentHashMap<>();
        Map<Long, Exception> failed = new ConcurrentHashMap<>();
        AtomicLong ackedCount = new AtomicLong();
        long firstPid = kafka.pid();
        String bootstrap = kafka.bootstrapServers();
        long[] killedAt = new long[1];
        long[] readyAt = new long[1];
        long[] restartTook = new long[1];
        long[] ackedAtRestart = new long[1];
        long[] sentAtKill = new long[1];
        long[] sentAtRestart = new long[1];
        AtomicLong sent = new AtomicLong();
        long[] longestSendMillis = new long[1];

        long sendDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        try (KafkaProducer<Long, Object> producer = new KafkaProducer<>(producerProperties(deliveryTimeoutMs), new LongSerializer(),
                new TypedJsonSerializer<>())) {
            // the broker's killer and restarter runs beside the sending loop, which never stops for it
            CompletableFuture<Void> failure = CompletableFuture.runAsync(() -> {
                try {
                    while (ackedCount.get() < ACKED_BEFORE_KILL) {
                        if (System.nanoTime() - sendDeadline > 0) {
                            throw new IllegalStateException("too few acknowledgements before the kill");
                        }
                        Thread.sleep(5);
                    }
                    sentAtKill[0] = sent.get();
                    killedAt[0] = System.nanoTime();
                    kafka.kill();
                    Thread.sleep(DEAD_FOR_MILLIS);
                    restartTook[0] = kafka.restart().toNanos();
                    readyAt[0] = System.nanoTime();
                    ackedAtRestart[0] = ackedCount.get();
                    sentAtRestart[0] = sent.get();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            long seq = 0;
            long t0 = System.nanoTime();
            long longestSend = 0;
            while (!(failure.isDone() && ackedCount.get() >= ackedAtRestart[0] + ACKED_AFTER_RESTART)) {
                assertTrue(System.nanoTime() - sendDeadline < 0, "sending did not finish in time: " + ackedCount
                        + " acknowledged of " + seq + ", failure " + failure);
                if (failure.isCompletedExceptionally()) {
                    failure.join(); // throws: the broker did not come back
                }
                long key = seq++;
                long before = System.nanoTime();
                producer.send(new ProducerRecord<>(topic, key, value(key)), (md, e) -> {
                    if (e == null) {
                        acked.put(key, md);
                        ackedCount.incrementAndGet();
                    } else {
                        failed.put(key, e);
                    }
                });
                longestSend = Math.max(longestSend, System.nanoTime() - before);
                sent.set(seq);
                // a steady rate, so that sends keep coming while the broker is dead
                long due = t0 + seq * 1_000_000_000L / RATE;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
            }
            failure.join();
            producer.flush(); // bounded by delivery.timeout.ms: every send is acknowledged or failed after it
            longestSendMillis[0] = longestSend / 1_000_000;
        }
        long sentCount = sent.get();
        assertEquals(sentCount, acked.size() + failed.size(), "every send has its callback");
        assertNotEquals(firstPid, kafka.pid(), "a new broker process");
        assertFalse(ProcessHandle.of(firstPid).map(ProcessHandle::isAlive).orElse(false), "the killed one is gone");
        assertEquals(bootstrap, kafka.bootstrapServers(), "the same ports");
        assertTrue(Files.readString(kafka.logFile()).contains("restart without formatting"),
                "restarted on the existing storage");

        // ---- read everything back
        Map<Long, List<ConsumerRecord<Long, Object>>> bySeq = new HashMap<>();
        Map<Integer, List<Long>> seqsByPartition = new TreeMap<>();
        int consumed = 0;
        try (KafkaConsumer<Long, Object> consumer = new KafkaConsumer<>(consumerProperties(), new LongDeserializer(),
                new TypedJsonDeserializer<>())) {
            List<TopicPartition> tps = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                tps.add(new TopicPartition(topic, p));
                seqsByPartition.put(p, new ArrayList<>());
            }
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = consumer.endOffsets(tps, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!reached(consumer, ends)) {
                assertTrue(System.nanoTime() - deadline < 0, "read to the end in time");
                for (ConsumerRecord<Long, Object> r : consumer.poll(Duration.ofMillis(200))) {
                    bySeq.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
                    seqsByPartition.get(r.partition()).add(r.key());
                    consumed++;
                }
            }
        }

        // ---- compare
        int duplicates = 0;
        int unacknowledgedPresent = 0;
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Long, List<ConsumerRecord<Long, Object>>> e : bySeq.entrySet()) {
            long seq = e.getKey();
            if (seq < 0 || seq >= sentCount) {
                problems.add("record " + seq + " was never sent");
                continue;
            }
            if (e.getValue().size() > 1) {
                duplicates += e.getValue().size() - 1;
                problems.add("record " + seq + " read " + e.getValue().size() + " times");
            }
            ConsumerRecord<Long, Object> r = e.getValue().get(0);
            if (!value(seq).equals(r.value())) {
                problems.add("record " + seq + " changed: " + r.value());
            }
            RecordMetadata md = acked.get(seq);
            if (md == null) {
                unacknowledgedPresent++;
            } else if (md.partition() != r.partition() || md.offset() != r.offset()) {
                problems.add("record " + seq + " acknowledged at " + md.partition() + "/" + md.offset()
                        + " but read at " + r.partition() + "/" + r.offset());
            }
        }
        int missingAcked = 0;
        for (Long seq : acked.keySet()) {
            if (!bySeq.containsKey(seq)) {
                missingAcked++;
                problems.add("acknowledged record " + seq + " lost");
            }
        }
        // the idempotent producer keeps each partition in send order
        for (Map.Entry<Integer, List<Long>> e : seqsByPartition.entrySet()) {
            List<Long> seqs = e.getValue();
            for (int i = 1; i < seqs.size(); i++) {
                if (seqs.get(i) <= seqs.get(i - 1)) {
                    problems.add("partition " + e.getKey() + ": " + seqs.get(i) + " after " + seqs.get(i - 1));
                    break;
                }
            }
        }
        Map<String, Long> failures = new TreeMap<>();
        failed.values().forEach(ex -> failures.merge(ex.getClass().getSimpleName(), 1L, Long::sum));

        double down = (readyAt[0] - killedAt[0]) / 1e6;
        System.out.printf("broker-kill (delivery.timeout.ms=" + deliveryTimeoutMs + "): %d sent, %d acknowledged, %d failed %s, %d consumed (%d of them "
                        + "unacknowledged), %d acknowledged lost, %d duplicates; killed after %d sends, down %.0f ms "
                        + "(restart took %d ms), %d sends while it was down, longest send() call %d ms; test %.1f s%n",
                sentCount, acked.size(), failed.size(), failures, consumed, unacknowledgedPresent, missingAcked,
                duplicates, sentAtKill[0], down, restartTook[0] / 1_000_000, sentAtRestart[0] - sentAtKill[0],
                longestSendMillis[0], (System.nanoTime() - testStart) / 1e9);
        assertTrue(problems.isEmpty(), problems.size() + " problems, first: "
                + problems.subList(0, Math.min(10, problems.size())));
        assertEquals(0, duplicates);
        assertEquals(0, missingAcked);
        assertEquals(acked.size() + unacknowledgedPresent, consumed);
        assertTrue(acked.size() >= ACKED_BEFORE_KILL + ACKED_AFTER_RESTART, "acknowledged " + acked.size());
        assertTrue(sentAtRestart[0] - sentAtKill[0] > 0, "records were sent while the broker was down");
        if (down > deliveryTimeoutMs + 1_000) {
            assertFalse(failed.isEmpty(), "a send at the kill cannot be delivered within delivery.timeout.ms");
        }
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    /** Record {@code seq}'s value: the dynamic model with types plain JSON cannot carry exactly. */
    static Map<String, Object> value(long seq) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seq", seq);
        m.put("qty", (int) (seq % 100));
        m.put("price", BigDecimal.valueOf(seq * 7 + 10, 2));
        m.put("at", Instant.ofEpochSecond(1_700_000_000L + seq, seq % 1_000_000_000L));
        m.put("note", "record " + seq);
        return m;
    }

    private static Properties producerProperties(int deliveryTimeoutMs) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.RETRIES_CONFIG, Integer.toString(Integer.MAX_VALUE));
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5");
        // a send is given up (its callback gets the exception) this long after send()
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Integer.toString(deliveryTimeoutMs));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Integer.toString(Math.min(10_000, deliveryTimeoutMs / 2)));
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        p.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
        p.put(ProducerConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "500");
        return p;
    }

    private static Properties consumerProperties() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        return p;
    }

    private static boolean reached(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }
}

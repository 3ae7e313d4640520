package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.typedjson.bench.codec.BenchCodec;

/**
 * Leader failover under load on a local cluster of three or more nodes. One broker leads every partition of a topic
 * with replication factor 3 and {@code min.insync.replicas} 2; idempotent {@code acks=all} producers keep sending
 * numbered records while that broker is killed with SIGKILL, kept dead until the controller has moved every
 * partition's leadership to a follower, and restarted on its data directory. Afterwards the topic is read from the
 * beginning and every record checked against what was sent and what was acknowledged:
 * <ul>
 * <li>every acknowledged record is read back exactly once, at the partition and offset of its acknowledgement, and
 * decodes to a value equal to the one sent;</li>
 * <li>a record whose send failed (its callback got an exception) is reported, present or absent, never duplicated;</li>
 * <li>the stall is the longest time without any acknowledgement, and the time from the kill to the first
 * acknowledgement of a record sent after it.</li>
 * </ul>
 */
public final class LeaderFailover {

    /** What the run does. */
    public record Settings(int partitions, int producers, int ratePerProducer, int ackedBeforeKill,
                           int ackedAfterRecovery, int deliveryTimeoutMs, Duration timeout) {

        public static Settings defaults() {
            return new Settings(3, 2, 1_000, 4_000, 4_000, 120_000, Duration.ofSeconds(240));
        }
    }

    /** What happened, with every count a reader needs to judge it. */
    public record Result(String codec, int partitions, int producers, int killedNode, boolean killedActiveController,
                         long sent, long acked, long failed, long readBack, long ackedReadOnce, long ackedLost,
                         long ackedDuplicated, long ackedMoved, long changed, long failedPresent, long failedAbsent,
                         long unknown, long sentWhileLeaderless, long stallMillis, long killToFirstAckMillis,
                         long leadersMovedMillis, long restartMillis, long isrRestoredMillis, double seconds,
                         List<String> examples) {

        /** Every acknowledged record read back exactly once, where acknowledged, exact; nothing duplicated. */
        public boolean ok() {
            return ackedReadOnce == acked && ackedLost == 0 && ackedDuplicated == 0 && ackedMoved == 0 && changed == 0
                    && unknown == 0 && readBack == acked + failedPresent;
        }

        public String markdown() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "| sent | acknowledged | send failed | read back | acknowledged "
                    + "read once, exact | lost | duplicated | changed | failed sends present / absent |%n"));
            sb.append("|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
            sb.append(String.format(Locale.ROOT, "| %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,d / %,d |%n%n",
                    sent, acked, failed, readBack, ackedReadOnce, ackedLost, ackedDuplicated, changed + ackedMoved,
                    failedPresent, failedAbsent));
            sb.append(String.format(Locale.ROOT, "| killed | leaders moved after | restart took | ISR of 3 again "
                    + "after | longest time without an acknowledgement | kill to the first acknowledgement of a "
                    + "record sent after it |%n"));
            sb.append("|---|--:|--:|--:|--:|--:|\n");
            sb.append(String.format(Locale.ROOT, "| node %d%s (SIGKILL) | %.1f s | %.1f s | %.1f s | %.1f s | %.1f s |%n",
                    killedNode, killedActiveController ? ", leader of every partition and the active controller"
                            : ", leader of every partition", leadersMovedMillis / 1000.0, restartMillis / 1000.0,
                    isrRestoredMillis / 1000.0, stallMillis / 1000.0, killToFirstAckMillis / 1000.0));
            return sb.toString();
        }
    }

    private final LocalKafkaCluster cluster;
    private final BenchCodec<Object> codec;
    private final List<Object> values;
    private final Settings settings;
    private final PrintStream log;

    /**
     * @param values prepared values of {@code codec}; record {@code seq} carries {@code values.get(seq % size)}
     */
    public LeaderFailover(LocalKafkaCluster cluster, BenchCodec<Object> codec, List<Object> values, Settings settings,
                          PrintStream log) {
        if (cluster.size() < 3) {
            throw new IllegalArgumentException("leader failover needs three brokers (replication factor 3, "
                    + "min.insync.replicas 2), not " + cluster.size());
        }
        this.cluster = cluster;
        this.codec = codec;
        this.values = values;
        this.settings = settings;
        this.log = log;
    }

    public Result run() throws Exception {
        long start = System.nanoTime();
        long deadline = start + settings.timeout().toNanos();
        String topic = "typedjson-failover-" + Long.toHexString(System.nanoTime());
        int leader = cluster.nodes().get(0).nodeId();
        try (Admin admin = BenchTopics.admin(cluster.bootstrapServers())) {
            // every partition led by one broker (first in its replica list), followed by the two next ones
            Map<Integer, List<Integer>> assignment = new HashMap<>();
            for (int p = 0; p < settings.partitions(); p++) {
                assignment.put(p, List.of(leader, cluster.nodes().get(1 + p % 2).nodeId(),
                        cluster.nodes().get(2 - p % 2).nodeId()));
            }
            BenchTopics.createTopicAndAwaitLeaders(admin, new NewTopic(topic, assignment)
                    .configs(Map.of("min.insync.replicas", "2")), Duration.ofSeconds(60));
            boolean activeController = admin.describeMetadataQuorum().quorumInfo().get(30, TimeUnit.SECONDS)
                    .leaderId() == leader;
            log.printf(Locale.ROOT, "failover: topic %s, %d partitions led by node %d%s, %d producers%n", topic,
                    settings.partitions(), leader, activeController ? " (also the active controller)" : "",
                    settings.producers());

            // ---- producers
            Map<Long, RecordMetadata> acked = new ConcurrentHashMap<>();
            Map<Long, Exception> failed = new ConcurrentHashMap<>();
            ConcurrentLinkedQueue<Long> ackTimes = new ConcurrentLinkedQueue<>();
            AtomicLong sent = new AtomicLong();
            AtomicBoolean stop = new AtomicBoolean();
            // set just before the kill: the first acknowledgement of a record sent after it ends the outage
            AtomicLong killedAtNanos = new AtomicLong(Long.MAX_VALUE);
            AtomicLong firstAckOfSentAfterKill = new AtomicLong();
            AtomicReference<Throwable> producerFailure = new AtomicReference<>();
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < settings.producers(); t++) {
                int first = t;
                Thread w = new Thread(() -> produce(topic, first, acked, failed, ackTimes, sent, stop,
                        killedAtNanos, firstAckOfSentAfterKill, producerFailure), "typedjson-failover-producer-" + t);
                w.start();
                producers.add(w);
            }

            // ---- kill the leader under load, wait for the leadership to move, restart it, wait for the ISR
            long killedAt;
            long leadersMovedAt;
            long restartMillis;
            long isrAt;
            long sentAtKill;
            long sentAtMove;
            try {
                awaitCount(acked::size, settings.ackedBeforeKill(), deadline, producerFailure, "acknowledged before the kill");
                LocalKafka victim = cluster.node(leader);
                sentAtKill = sent.get();
                killedAt = System.nanoTime();
                killedAtNanos.set(killedAt);
                victim.kill();
                log.printf(Locale.ROOT, "failover: killed node %d (SIGKILL) after %,d acknowledged%n", leader,
                        acked.size());
                awaitLeaders(admin, topic, p -> p.leader() != null && p.leader().id() != leader, deadline,
                        "every partition led by a surviving broker");
                leadersMovedAt = System.nanoTime();
                sentAtMove = sent.get();
                log.printf(Locale.ROOT, "failover: leaders moved after %.1f s%n", (leadersMovedAt - killedAt) / 1e9);
                restartMillis = victim.restart().toMillis();
                log.printf(Locale.ROOT, "failover: node %d restarted in %.1f s%n", leader, restartMillis / 1000.0);
                awaitLeaders(admin, topic, p -> p.isr().size() == p.replicas().size(), deadline,
                        "every partition's ISR back to its replicas");
                isrAt = System.nanoTime();
                int ackedAtRecovery = acked.size();
                awaitCount(acked::size, ackedAtRecovery + settings.ackedAfterRecovery(), deadline, producerFailure,
                        "acknowledged after the recovery");
            } finally {
                stop.set(true);
                for (Thread w : producers) {
                    w.join(settings.deliveryTimeoutMs() + 30_000L);
                }
            }
            if (producerFailure.get() != null) {
                throw new IllegalStateException("a producer failed", producerFailure.get());
            }
            long sentTotal = sent.get();
            log.printf(Locale.ROOT, "failover: %,d sent, %,d acknowledged, %,d failed; reading back%n", sentTotal,
                    acked.size(), failed.size());

            // ---- stall: the longest gap between acknowledgements, and from the kill to the first acknowledgement
            // of a record sent after it (records in flight at the kill may still be acknowledged by the old leader)
            long[] times = ackTimes.stream().mapToLong(Long::longValue).sorted().toArray();
            long stall = 0;
            for (int i = 1; i < times.length; i++) {
                stall = Math.max(stall, times[i] - times[i - 1]);
            }
            long firstAfterKill = firstAckOfSentAfterKill.get() == 0 ? killedAt : firstAckOfSentAfterKill.get();

            // ---- read everything back and check it
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < settings.partitions(); p++) {
                partitions.add(new TopicPartition(topic, p));
            }
            Map<TopicPartition, Long> ends = BenchTopics.endOffsets(admin, partitions);
            Map<Long, Integer> reads = new HashMap<>();
            long readBack = 0;
            long changed = 0;
            long moved = 0;
            long unknown = 0;
            List<String> examples = new ArrayList<>();
            try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
                consumer.assign(partitions);
                consumer.seekToBeginning(partitions);
                long lastProgress = System.nanoTime();
                while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
                    var batch = consumer.poll(Duration.ofMillis(200));
                    if (batch.isEmpty()) {
                        if (System.nanoTime() - lastProgress > TimeUnit.SECONDS.toNanos(60)) {
                            examples.add("reading back stalled at " + readBack + " records");
                            break;
                        }
                        continue;
                    }
                    lastProgress = System.nanoTime();
                    for (ConsumerRecord<byte[], byte[]> r : batch) {
                        readBack++;
                        if (r.key() == null || r.key().length != 8) {
                            unknown++;
                            continue;
                        }
                        long seq = ByteBuffer.wrap(r.key()).getLong();
                        reads.merge(seq, 1, Integer::sum);
                        RecordMetadata md = acked.get(seq);
                        if (md != null && (md.partition() != r.partition() || md.offset() != r.offset())) {
                            moved++;
                            example(examples, "record " + seq + " acknowledged at " + md.partition() + "@"
                                    + md.offset() + ", read at " + r.partition() + "@" + r.offset());
                        }
                        String diff;
                        try {
                            diff = io.typedjson.bench.codec.Exactness.firstDifference(
                                    values.get((int) (seq % values.size())), codec.decode(r.value()));
                        } catch (RuntimeException e) {
                            diff = "decode failed: " + e;
                        }
                        if (diff != null) {
                            changed++;
                            example(examples, "record " + seq + ": " + diff);
                        }
                    }
                }
            }
            long readOnce = 0;
            long lost = 0;
            long duplicated = 0;
            for (Long seq : acked.keySet()) {
                int n = reads.getOrDefault(seq, 0);
                if (n == 1) {
                    readOnce++;
                } else if (n == 0) {
                    lost++;
                    example(examples, "acknowledged record " + seq + " lost");
                } else {
                    duplicated++;
                    example(examples, "acknowledged record " + seq + " read " + n + " times");
                }
            }
            long failedPresent = 0;
            for (Long seq : failed.keySet()) {
                int n = reads.getOrDefault(seq, 0);
                if (n > 0) {
                    failedPresent++;
                }
                if (n > 1) {
                    duplicated++;
                    example(examples, "failed record " + seq + " read " + n + " times");
                }
            }
            for (Long seq : reads.keySet()) {
                if (!acked.containsKey(seq) && !failed.containsKey(seq)) {
                    unknown++;
                    example(examples, "record " + seq + " read but never sent");
                }
            }
            admin.deleteTopics(List.of(topic)).all().get(60, TimeUnit.SECONDS);
            return new Result(codec.name(), settings.partitions(), settings.producers(), leader, activeController,
                    sentTotal, acked.size(), failed.size(), readBack, readOnce, lost, duplicated, moved, changed,
                    failedPresent, failed.size() - failedPresent, unknown, sentAtMove - sentAtKill,
                    TimeUnit.NANOSECONDS.toMillis(stall), TimeUnit.NANOSECONDS.toMillis(firstAfterKill - killedAt),
                    TimeUnit.NANOSECONDS.toMillis(leadersMovedAt - killedAt), restartMillis,
                    TimeUnit.NANOSECONDS.toMillis(isrAt - killedAt), (System.nanoTime() - start) / 1e9, examples);
        }
    }

    private void produce(String topic, int first, Map<Long, RecordMetadata> acked, Map<Long, Exception> failed,
                         ConcurrentLinkedQueue<Long> ackTimes, AtomicLong sent, AtomicBoolean stop,
                         AtomicLong killedAt, AtomicLong firstAckOfSentAfterKill, AtomicReference<Throwable> failure) {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProperties(),
                new ByteArraySerializer(), new ByteArraySerializer())) {
            long interval = 1_000_000_000L / Math.max(1, settings.ratePerProducer());
            long t0 = System.nanoTime();
            for (long i = 0; !stop.get(); i++) {
                long due = t0 + i * interval;
                long wait;
                while ((wait = due - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                long seq = first + i * settings.producers();
                byte[] key = ByteBuffer.allocate(8).putLong(seq).array();
                byte[] value = codec.encode(values.get((int) (seq % values.size())));
                // send() blocks while the producer's buffer is full: the loop slows down, it never drops a record
                boolean sentAfterKill = System.nanoTime() > killedAt.get();
                producer.send(new ProducerRecord<>(topic, key, value), (md, e) -> {
                    if (e == null) {
                        long now = System.nanoTime();
                        acked.put(seq, md);
                        ackTimes.add(now);
                        if (sentAfterKill) {
                            firstAckOfSentAfterKill.compareAndSet(0, now);
                        }
                    } else {
                        failed.put(seq, e);
                    }
                });
                sent.incrementAndGet();
            }
            producer.flush();
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
        }
    }

    private Properties producerProperties() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "typedjson-failover-producer");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Integer.toString(settings.deliveryTimeoutMs()));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                Integer.toString(Math.min(30_000, settings.deliveryTimeoutMs() / 2)));
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        return p;
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "typedjson-failover-check");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static void awaitCount(java.util.function.IntSupplier count, int target, long deadline,
                                   AtomicReference<Throwable> failure, String what) throws InterruptedException {
        while (count.getAsInt() < target) {
            if (failure.get() != null) {
                throw new IllegalStateException("a producer failed", failure.get());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("timed out: " + count.getAsInt() + " of " + target + " " + what);
            }
            Thread.sleep(5);
        }
    }

    private static void awaitLeaders(Admin admin, String topic, java.util.function.Predicate<TopicPartitionInfo> ok,
                                     long deadline, String what) throws InterruptedException {
        String last = "";
        while (System.nanoTime() - deadline < 0) {
            try {
                TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS)
                        .get(topic);
                if (d.partitions().stream().allMatch(ok)) {
                    return;
                }
                last = d.partitions().toString();
            } catch (Exception e) {
                last = e.toString();
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("timed out waiting for " + what + ": " + last);
    }

    private static void example(List<String> examples, String s) {
        if (examples.size() < 5) {
            examples.add(s);
        }
    }
}

package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiFunction;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.cluster.ConsumePasses.ExactRead;
import io.typedjson.bench.cluster.ConsumePasses.Pass;
import io.typedjson.bench.cluster.ProducePass.Produced;

/**
 * Produces a data set through each codec to a topic of its own, consumes it back, compares every record and times it.
 *
 * <p>One measurement of one codec: (1) produce N records as fast as one sending thread can, encoding each record in
 * that thread (serialization is part of produce throughput), until {@code flush()} returns; (2) read all N back, first
 * untimed, comparing each record as it arrives, then {@code passes} times on the clock, each time with a new consumer
 * assigned and positioned at the beginning before the clock starts, decoding in the poll loop and keeping nothing it
 * decoded (the consume time is the median of the passes); (3) compare: by key (the sequence number) nothing lost,
 * duplicated or out of order within its partition, and by value equal to what was produced (the untimed read; the
 * timed passes check keys and CRCs); (4) the topic's size on the broker's disk from {@code describeLogDirs}; (5)
 * end-to-end latency at a steady rate: M more records, each with the {@code System.nanoTime()} of its send in a
 * header, read by a consumer tailing the topic, timed after decoding. Each timed window records what else the JVM did
 * meanwhile ({@link Window}).
 *
 * <p>This class holds what a run is told and what it found, and runs the steps in order; each step is a class of its
 * own: {@link ProducePass} (1), {@link ConsumePasses} (2 and 3, with {@link ConsumeCheck}), {@link BenchTopics} (4,
 * and the topics themselves) and {@link LatencyProbe} (5), on the clients of {@link BenchClients}, reporting to
 * {@link Progress}.
 */
final class ClusterBench {

    static final String SENT_NANOS_HEADER = "typedjson-bench-sent-nanos";
    /** Before a timed window: no compilation finished for this long (compiles queued by untimed work are done)... */
    static final long QUIET_COMPILER_MS = 250;
    /** ...or this long waited at most, unless told otherwise ({@code --jit-wait-ms}). */
    static final long MAX_COMPILER_WAIT_MS = 5_000;

    /** Everything a run is told. */
    record Settings(int records, int warmupRecords, int runs, String compression, String acks, int partitions,
                    Optional<Short> replicationFactor, int latencyRecords, int latencyRate, String bootstrapServers,
                    Duration stallTimeout, int producers, int consumers, Map<String, String> topicConfigs,
                    int passes, long jitWaitMs) {

        /** Timed consume passes per measurement unless told: the measurement is their median. */
        static final int DEFAULT_PASSES = 3;

        Settings {
            topicConfigs = Map.copyOf(topicConfigs);
            if (producers < 1 || consumers < 1) {
                throw new IllegalArgumentException("at least one producer and one consumer thread");
            }
            if (passes < 1) {
                throw new IllegalArgumentException("at least one consume pass");
            }
            if (jitWaitMs < 0) {
                throw new IllegalArgumentException("a negative wait for the JIT compilers");
            }
        }

        /** One producer thread, one consumer, the topic's configuration left to the cluster. */
        Settings(int records, int warmupRecords, int runs, String compression, String acks, int partitions,
                 Optional<Short> replicationFactor, int latencyRecords, int latencyRate, String bootstrapServers,
                 Duration stallTimeout) {
            this(records, warmupRecords, runs, compression, acks, partitions, replicationFactor, latencyRecords,
                    latencyRate, bootstrapServers, stallTimeout, 1, 1, Map.of(), DEFAULT_PASSES, MAX_COMPILER_WAIT_MS);
        }
    }

    /**
     * What one codec did in one run: {@code consumeSeconds} is the median of the timed consume passes, each a window of
     * {@code consumeWindows}.
     */
    record Measurement(String codec, int records, long valueBytes, double produceSeconds, double consumeSeconds,
                       long consumedValueBytes, long diskBytes, Latency latency, Verdict verdict, Window produceWindow,
                       List<Window> consumeWindows) {

        /** A measurement whose windows were not observed (one consume window of {@code consumeSeconds}). */
        Measurement(String codec, int records, long valueBytes, double produceSeconds, double consumeSeconds,
                    long consumedValueBytes, long diskBytes, Latency latency, Verdict verdict) {
            this(codec, records, valueBytes, produceSeconds, consumeSeconds, consumedValueBytes, diskBytes, latency,
                    verdict, new Window(produceSeconds, 0, 0, -1, 1, 0),
                    List.of(new Window(consumeSeconds, 0, 0, -1, 1, 0)));
        }

        double produceRecordsPerSecond() {
            return records / produceSeconds;
        }

        double produceMegabytesPerSecond() {
            return valueBytes / produceSeconds / 1e6;
        }

        double consumeRecordsPerSecond() {
            return verdict.consumed() / consumeSeconds;
        }

        double consumeMegabytesPerSecond() {
            return consumedValueBytes / consumeSeconds / 1e6;
        }

        double valueBytesPerRecord() {
            return (double) valueBytes / records;
        }

        double diskBytesPerRecord() {
            return diskBytes < 0 ? Double.NaN : (double) diskBytes / records;
        }
    }

    /** End-to-end latency at a steady rate: the median and 99th percentile of {@code samples} records, in ms. */
    record Latency(double p50Ms, double p99Ms, int samples) {

        /** Nothing measured (no latency records asked for, or none arrived). */
        static final Latency NONE = new Latency(Double.NaN, Double.NaN, 0);

        static Latency of(long[] nanos) {
            if (nanos.length == 0) {
                return NONE;
            }
            long[] sorted = nanos.clone();
            Arrays.sort(sorted);
            return new Latency(percentile(sorted, 0.50) / 1e6, percentile(sorted, 0.99) / 1e6, sorted.length);
        }
    }

    /** The comparison of consumed records with produced ones. */
    /**
     * The comparison of consumed records with produced ones, from the untimed read, and how many timed passes saw
     * something it did not ({@code passFaults}: a record changed, lost, duplicated or reordered in a pass).
     */
    record Verdict(int expected, int exact, int consumed, int missing, int duplicated, int reordered, int changed,
                   int unknownKeys, int sendErrors, List<String> examples, int passFaults) {

        Verdict(int expected, int exact, int consumed, int missing, int duplicated, int reordered, int changed,
                int unknownKeys, int sendErrors, List<String> examples) {
            this(expected, exact, consumed, missing, duplicated, reordered, changed, unknownKeys, sendErrors,
                    examples, 0);
        }

        boolean isExact() {
            return exact == expected && consumed == expected && duplicated == 0 && unknownKeys == 0
                    && sendErrors == 0 && passFaults == 0;
        }

        String summary() {
            StringBuilder sb = new StringBuilder("exact ").append(exact).append('/').append(expected);
            if (missing > 0) sb.append(", ").append(missing).append(" lost");
            if (duplicated > 0) sb.append(", ").append(duplicated).append(" duplicated");
            if (reordered > 0) sb.append(", ").append(reordered).append(" reordered");
            if (changed > 0) sb.append(", ").append(changed).append(" changed");
            if (unknownKeys > 0) sb.append(", ").append(unknownKeys).append(" unknown keys");
            if (sendErrors > 0) sb.append(", ").append(sendErrors).append(" send errors");
            if (passFaults > 0) sb.append(", ").append(passFaults).append(" timed passes saw otherwise");
            return sb.toString();
        }
    }

    private final Settings settings;
    private final Progress progress;
    private final BenchTopics topics;
    private final ProducePass producing;
    private final ConsumePasses consuming;
    private final LatencyProbe latencyProbe;
    private volatile String topology;

    ClusterBench(Settings settings, Admin admin, BiFunction<Object, Object, String> firstDifference, PrintStream err) {
        this.settings = settings;
        this.progress = new Progress(err);
        String runId = UUID.randomUUID().toString().substring(0, 8);
        BenchClients clients = new BenchClients(settings);
        this.topics = new BenchTopics(settings, admin, progress, runId);
        this.producing = new ProducePass(settings, clients, progress);
        this.consuming = new ConsumePasses(settings, clients, progress, firstDifference, runId);
        this.latencyProbe = new LatencyProbe(settings, clients, progress);
    }

    /** A codec with its records converted by {@link BenchCodec#prepare} (untimed). */
    static final class Prepared<V> {
        final BenchCodec<V> codec;
        final List<V> values;

        private Prepared(BenchCodec<V> codec, List<V> values) {
            this.codec = codec;
            this.values = values;
        }

        static <V> Prepared<V> of(BenchCodec<V> codec, List<?> records) {
            List<V> values = new ArrayList<>(records.size());
            for (Object r : records) {
                values.add(codec.prepare(r));
            }
            return new Prepared<>(codec, values);
        }

        String name() {
            return codec.name();
        }
    }

    /** One measurement of one codec on the first {@code count} prepared records. */
    <V> Measurement measure(Prepared<V> p, int count, String label) throws Exception {
        String topic = topics.topicName(p.name(), label);
        topics.createTopic(topic);
        try {
            return measureOn(p, count, topic, label);
        } finally {
            topics.deleteTopic(topic);
        }
    }

    /**
     * The five steps of the class comment, in order; only produce, consume and latency are timed. Step 2 reads the
     * topic once untimed to compare every record (the verdict), then {@code settings.passes()} times on the clock;
     * the consume time is the median of those passes.
     */
    private <V> Measurement measureOn(Prepared<V> p, int count, String topic, String label) throws Exception {
        if (topology == null) {
            topology = topics.describeTopic(topic);
        }
        Produced produced = producing.produce(p, count, topic, label);
        Map<TopicPartition, Long> ends = topics.stableEndOffsets(produced.partitions(), count);
        ExactRead exact = consuming.readExactly(p, count, label, produced, ends);
        List<Window> passes = new ArrayList<>();
        List<String> passFaults = new ArrayList<>();
        long consumedBytes = 0;
        for (int pass = 1; pass <= settings.passes(); pass++) {
            String what = label + " " + p.name() + " consume pass " + pass;
            Pass result = settings.consumers() == 1
                    ? consuming.consumeAssigned(p, count, what, produced, ends)
                    : consuming.consumeInGroup(p, count, topic, what, produced, ends);
            passes.add(result.window());
            consumedBytes = result.check().bytes;
            String fault = result.check().faultAgainst(exact.check);
            if (fault != null) {
                passFaults.add("consume pass " + pass + ": " + fault);
            }
        }
        Verdict verdict = exact.verdict(count, produced, passFaults);
        long diskBytes = topics.diskBytes(topic);
        Latency latency = latencyProbe.latency(p, topic, produced.partitions(), ends, count, label);
        double consumeSeconds = median(passes.stream().mapToDouble(Window::seconds).toArray());
        return new Measurement(p.name(), count, produced.valueBytes(), produced.window().seconds(), consumeSeconds,
                consumedBytes, diskBytes, latency, verdict, produced.window(), List.copyOf(passes));
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    static double percentile(long[] sorted, double q) {
        int idx = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
    }

    static byte[] key(int seq) {
        return ByteBuffer.allocate(4).putInt(seq).array();
    }

    static int seqOf(byte[] key) {
        if (key == null || key.length != 4) {
            return -1;
        }
        return ByteBuffer.wrap(key).getInt();
    }

    /** The cluster and topic layout read from the first topic measured; null before the first measurement. */
    String topology() {
        return topology;
    }


    Progress progress() {
        return progress;
    }
}

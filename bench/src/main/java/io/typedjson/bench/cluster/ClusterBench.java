package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.zip.CRC32;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.typedjson.bench.codec.BenchCodec;

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
 */
final class ClusterBench {

    static final String SENT_NANOS_HEADER = "typedjson-bench-sent-nanos";
    /** Before a timed window: no compilation finished for this long (compiles queued by untimed work are done)... */
    static final long QUIET_COMPILER_MS = 250;
    /** ...or this long waited at most. */
    static final long MAX_COMPILER_WAIT_MS = 5_000;

    /** Everything a run is told. */
    record Settings(int records, int warmupRecords, int runs, String compression, String acks, int partitions,
                    Optional<Short> replicationFactor, int latencyRecords, int latencyRate, String bootstrapServers,
                    Duration stallTimeout, int producers, int consumers, Map<String, String> topicConfigs,
                    int passes) {

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
        }

        /** One producer thread, one consumer, the topic's configuration left to the cluster. */
        Settings(int records, int warmupRecords, int runs, String compression, String acks, int partitions,
                 Optional<Short> replicationFactor, int latencyRecords, int latencyRate, String bootstrapServers,
                 Duration stallTimeout) {
            this(records, warmupRecords, runs, compression, acks, partitions, replicationFactor, latencyRecords,
                    latencyRate, bootstrapServers, stallTimeout, 1, 1, Map.of(), DEFAULT_PASSES);
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
    private final Admin admin;
    private final BiFunction<Object, Object, String> firstDifference;
    private final Progress progress;
    private final String runId = UUID.randomUUID().toString().substring(0, 8);
    private volatile String topology;

    ClusterBench(Settings settings, Admin admin, BiFunction<Object, Object, String> firstDifference, PrintStream err) {
        this.settings = settings;
        this.admin = admin;
        this.firstDifference = firstDifference;
        this.progress = new Progress(err);
    }

    static Admin admin(String bootstrapServers) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "typedjson-bench-admin");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "60000");
        return Admin.create(p);
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
        String topic = topicName(p.name(), label);
        createTopic(topic);
        try {
            return measureOn(p, count, topic, label);
        } finally {
            deleteTopic(topic);
        }
    }

    /**
     * The five steps of the class comment, in order; only produce, consume and latency are timed. Step 2 reads the
     * topic once untimed to compare every record (the verdict), then {@code settings.passes()} times on the clock;
     * the consume time is the median of those passes.
     */
    private <V> Measurement measureOn(Prepared<V> p, int count, String topic, String label) throws Exception {
        if (topology == null) {
            topology = describeTopic(topic);
        }
        Produced produced = produce(p, count, topic, label);
        Map<TopicPartition, Long> ends = stableEndOffsets(produced.partitions, count);
        ExactRead exact = readExactly(p, count, label, produced, ends);
        List<Window> passes = new ArrayList<>();
        List<String> passFaults = new ArrayList<>();
        long consumedBytes = 0;
        for (int pass = 1; pass <= settings.passes(); pass++) {
            String what = label + " " + p.name() + " consume pass " + pass;
            Pass result = settings.consumers() == 1
                    ? consumeAssigned(p, count, what, produced, ends)
                    : consumeInGroup(p, count, topic, what, produced, ends);
            passes.add(result.window);
            consumedBytes = result.check.bytes;
            String fault = result.check.faultAgainst(exact.check);
            if (fault != null) {
                passFaults.add("consume pass " + pass + ": " + fault);
            }
        }
        Verdict verdict = exact.verdict(count, produced, passFaults);
        long diskBytes = diskBytes(topic);
        Latency latency = latency(p, topic, produced.partitions, ends, count, label);
        double consumeSeconds = median(passes.stream().mapToDouble(Window::seconds).toArray());
        return new Measurement(p.name(), count, produced.valueBytes, produced.window.seconds(), consumeSeconds,
                consumedBytes, diskBytes, latency, verdict, produced.window, List.copyOf(passes));
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /**
     * The checks the timed loop makes on each record, without keeping what it decoded: the key (unknown, seen twice,
     * out of order within its partition and producer thread), the CRC of the bytes against the one produced, and
     * whether the value decodes. The last few decoded values stay in a small ring so that decoding cannot be
     * optimised away. One per consumer thread and pass.
     */
    static final class Check {
        private static final int RING = 64;
        private final int count;
        private final int producers;
        private final int[] producedCrcs;
        private final int[] lastSeq;
        private final CRC32 crc = new CRC32();
        private final Object[] ring = new Object[RING];
        final java.util.BitSet seen;
        int consumed;
        long bytes;
        int duplicated;
        int reordered;
        int changed;
        int unknownKeys;
        String firstChange;

        Check(int count, int producers, int partitions, int[] producedCrcs) {
            this.count = count;
            this.producers = producers;
            this.producedCrcs = producedCrcs;
            this.lastSeq = new int[Math.max(1, partitions) * producers];
            Arrays.fill(lastSeq, -1);
            this.seen = new java.util.BitSet(count);
        }

        /** The record's key checked and noted; its sequence number, or -1 for a key that is no record's. */
        int key(ConsumerRecord<byte[], byte[]> r) {
            consumed++;
            int seq = seqOf(r.key());
            if (seq < 0 || seq >= count) {
                unknownKeys++;
                return -1;
            }
            if (seen.get(seq)) {
                duplicated++;
            } else {
                seen.set(seq);
            }
            int slot = r.partition() * producers + seq % producers;
            if (slot < lastSeq.length) {
                if (lastSeq[slot] >= seq) {
                    reordered++;
                }
                lastSeq[slot] = seq;
            }
            return seq;
        }

        /** Whether the value's bytes are those produced as record {@code seq}. */
        boolean sameBytes(int seq, byte[] value) {
            if (value == null) {
                return false;
            }
            bytes += value.length;
            crc.reset();
            crc.update(value);
            return (int) crc.getValue() == producedCrcs[seq];
        }

        /** The timed loop's work on one record: checks, decode, the value kept in the ring. */
        void accept(ConsumerRecord<byte[], byte[]> r, BenchCodec<?> codec) {
            int seq = key(r);
            if (seq < 0) {
                return;
            }
            byte[] value = r.value();
            boolean same = sameBytes(seq, value);
            try {
                ring[consumed & (RING - 1)] = codec.decode(value);
            } catch (RuntimeException e) {
                same = false;
            }
            if (!same) {
                changed++;
                if (firstChange == null) {
                    firstChange = "record " + seq + " changed";
                }
            }
        }

        /** Another consumer thread's checks of the same pass added to these. */
        void add(Check o) {
            consumed += o.consumed;
            bytes += o.bytes;
            reordered += o.reordered;
            changed += o.changed;
            unknownKeys += o.unknownKeys;
            java.util.BitSet both = (java.util.BitSet) seen.clone();
            both.and(o.seen);
            duplicated += o.duplicated + both.cardinality();
            seen.or(o.seen);
            if (firstChange == null) {
                firstChange = o.firstChange;
            }
        }

        /**
         * What a timed pass saw that the untimed read did not: a record changed, duplicated, reordered or with an
         * unknown key, or a different set of records; null when it saw the same.
         */
        String faultAgainst(Check exact) {
            List<String> f = new ArrayList<>();
            if (changed > exact.changed) f.add((changed - exact.changed) + " changed (" + firstChange + ")");
            if (duplicated > exact.duplicated) f.add((duplicated - exact.duplicated) + " duplicated");
            if (reordered > exact.reordered) f.add((reordered - exact.reordered) + " reordered");
            if (unknownKeys > exact.unknownKeys) f.add((unknownKeys - exact.unknownKeys) + " unknown keys");
            if (!seen.equals(exact.seen)) {
                f.add(seen.cardinality() + " distinct records where the untimed read had " + exact.seen.cardinality());
            }
            return f.isEmpty() ? null : String.join(", ", f);
        }
    }

    /** The untimed read of step 2: the checks of a timed pass, plus every value compared as it arrives. */
    private final class ExactRead {
        final Check check;
        final java.util.BitSet differs;
        final java.util.BitSet outOfOrder;
        final List<String> examples = new ArrayList<>();

        ExactRead(Check check, int count) {
            this.check = check;
            this.differs = new java.util.BitSet(count);
            this.outOfOrder = new java.util.BitSet(count);
        }

        <V> void accept(ConsumerRecord<byte[], byte[]> r, Prepared<V> p) {
            int duplicates = check.duplicated;
            int reorders = check.reordered;
            int seq = check.key(r);
            if (seq < 0 || check.duplicated > duplicates) {
                return; // a second copy is counted, not compared
            }
            if (check.reordered > reorders) {
                outOfOrder.set(seq);
            }
            byte[] value = r.value();
            String diff;
            boolean sameBytes = check.sameBytes(seq, value);
            try {
                diff = differenceOrNull(p.values.get(seq), p.codec.decode(value));
            } catch (RuntimeException e) {
                diff = "decode failed: " + e;
                sameBytes = false;
            }
            if (!sameBytes) {
                check.changed++; // what a timed pass can see too: compared with its count
                if (diff == null) {
                    diff = "bytes differ from the bytes produced";
                }
            }
            if (diff != null) {
                differs.set(seq);
                example(examples, "record " + seq + ": " + diff);
            }
        }

        /**
         * 3. Each of the first {@code count} records as read against what was produced: lost, changed (its decoded
         * value differs, or its bytes do), out of order in its partition, or exact; and what the timed passes saw
         * that this read did not.
         */
        Verdict verdict(int count, Produced produced, List<String> passFaults) {
            List<String> all = new ArrayList<>();
            if (produced.firstSendError != null) {
                all.add("send failed: " + produced.firstSendError);
            }
            int missing = count - check.seen.cardinality();
            if (missing > 0) {
                example(all, "record " + check.seen.nextClearBit(0) + " lost");
            }
            for (String e : examples) {
                example(all, e);
            }
            if (!outOfOrder.isEmpty()) {
                example(all, "record " + outOfOrder.nextSetBit(0) + " out of order in its partition");
            }
            for (String f : passFaults) {
                example(all, f);
            }
            int changed = differs.cardinality();
            // a record out of order that arrived unchanged counts as reordered (each record counts once)
            java.util.BitSet unchangedOutOfOrder = (java.util.BitSet) outOfOrder.clone();
            unchangedOutOfOrder.andNot(differs);
            int reordered = unchangedOutOfOrder.cardinality();
            int exact = check.seen.cardinality() - changed - reordered;
            return new Verdict(count, exact, check.consumed, missing, check.duplicated, reordered, changed,
                    check.unknownKeys, (int) produced.sendErrors, all, passFaults.size());
        }
    }

    /** What the producers did: timing, bytes, the CRC of every value sent, failed sends. */
    private record Produced(Window window, long valueBytes, int[] crcs, long sendErrors, Exception firstSendError,
                            List<TopicPartition> partitions) {}

    /**
     * 1. Produces the first {@code count} values with {@code settings.producers()} threads, each with a producer of
     * its own: thread t sends records t, t+P, t+2P... in order (so order holds per partition and thread), encoding
     * each in the sending thread; timed from the first send until every producer's {@code flush()} returned.
     */
    private <V> Produced produce(Prepared<V> p, int count, String topic, String label) throws Exception {
        int threads = settings.producers();
        int[] crcs = new int[count];
        AtomicLong sendErrors = new AtomicLong();
        AtomicReference<Exception> firstSendError = new AtomicReference<>();
        Callback callback = (md, e) -> {
            if (e != null) {
                sendErrors.incrementAndGet();
                firstSendError.compareAndSet(null, e);
            }
        };
        List<KafkaProducer<byte[], byte[]>> producers = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                producers.add(producer());
            }
            List<TopicPartition> partitions = null;
            for (KafkaProducer<byte[], byte[]> producer : producers) {
                partitions = partitionsOf(producer.partitionsFor(topic), topic); // metadata fetched untimed
            }
            long[] bytes = new long[threads];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> workers = new ArrayList<>();
            progress.start(label + " " + p.name() + " produce", count);
            double[] cpuMs = new double[threads];
            Window.awaitQuietCompiler(QUIET_COMPILER_MS, MAX_COMPILER_WAIT_MS);
            Window.Probe probe = Window.Probe.start();
            for (int t = 0; t < threads; t++) {
                int first = t;
                KafkaProducer<byte[], byte[]> producer = producers.get(t);
                Thread w = new Thread(() -> {
                    try {
                        CRC32 crc = new CRC32();
                        long sum = 0;
                        for (int i = first; i < count; i += threads) {
                            byte[] value = p.codec.encode(p.values.get(i));
                            crc.reset();
                            crc.update(value);
                            crcs[i] = (int) crc.getValue();
                            sum += value.length;
                            producer.send(new ProducerRecord<>(topic, null, null, key(i), value), callback);
                            if (first == 0 && (i & 0xFFF) == 0) {
                                progress.update(i);
                            }
                        }
                        producer.flush();
                        bytes[first] = sum;
                        cpuMs[first] = Window.currentThreadCpuMs();
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "typedjson-bench-producer-" + t);
                w.start();
                workers.add(w);
            }
            for (Thread w : workers) {
                w.join();
            }
            Window window = probe.stop(Arrays.stream(cpuMs).sum(), threads);
            progress.done(count, window.seconds());
            if (failure.get() != null) {
                throw new IllegalStateException("a producer thread failed", failure.get());
            }
            return new Produced(window, Arrays.stream(bytes).sum(), crcs, sendErrors.get(), firstSendError.get(),
                    partitions);
        } finally {
            for (KafkaProducer<byte[], byte[]> producer : producers) {
                producer.close();
            }
        }
    }

    /** One timed consume pass: its window and what its checks saw. */
    private record Pass(Window window, Check check) {}

    private Check newCheck(int count, Produced produced) {
        return new Check(count, settings.producers(), produced.partitions.size(), produced.crcs);
    }

    /**
     * A new consumer with every partition assigned and positioned at the beginning: the offsets looked up and the
     * partitions' leaders connected (by {@code position}), so that the clock started after it times the reading only.
     */
    private KafkaConsumer<byte[], byte[]> positionedConsumer(String clientId, List<TopicPartition> partitions) {
        KafkaConsumer<byte[], byte[]> consumer = consumer(clientId);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        for (TopicPartition tp : partitions) {
            consumer.position(tp, Duration.ofSeconds(60));
        }
        return consumer;
    }

    /** 2a and 3. The untimed read: one consumer reads every partition from the start and compares each record. */
    private <V> ExactRead readExactly(Prepared<V> p, int count, String label, Produced produced,
                                      Map<TopicPartition, Long> ends) {
        ExactRead read = new ExactRead(newCheck(count, produced), count);
        try (KafkaConsumer<byte[], byte[]> consumer = positionedConsumer("typedjson-bench-check", produced.partitions)) {
            progress.start(label + " " + p.name() + " read and compare", count);
            long lastProgress = System.nanoTime();
            while (!reached(consumer, ends)) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(200));
                if (batch.isEmpty()) {
                    if (System.nanoTime() - lastProgress > settings.stallTimeout().toNanos()) {
                        break; // nothing more arrives: whatever is missing is reported as lost
                    }
                    continue;
                }
                lastProgress = System.nanoTime();
                for (ConsumerRecord<byte[], byte[]> r : batch) {
                    read.accept(r, p);
                }
                progress.update(read.check.consumed);
            }
            progress.done(read.check.consumed, Double.NaN);
        }
        return read;
    }

    /** 2b. One timed pass: a positioned consumer, all partitions assigned, decoding in the poll loop. */
    private <V> Pass consumeAssigned(Prepared<V> p, int count, String what, Produced produced,
                                     Map<TopicPartition, Long> ends) {
        Check check = newCheck(count, produced);
        try (KafkaConsumer<byte[], byte[]> consumer = positionedConsumer("typedjson-bench-read", produced.partitions)) {
            Window.awaitQuietCompiler(QUIET_COMPILER_MS, MAX_COMPILER_WAIT_MS);
            progress.start(what, count);
            double cpu0 = Window.currentThreadCpuMs();
            Window.Probe probe = Window.Probe.start();
            long lastProgress = System.nanoTime();
            while (!reached(consumer, ends)) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(200));
                if (batch.isEmpty()) {
                    if (System.nanoTime() - lastProgress > settings.stallTimeout().toNanos()) {
                        break; // nothing more arrives: the pass's fault is reported against the untimed read
                    }
                    continue;
                }
                lastProgress = System.nanoTime();
                for (ConsumerRecord<byte[], byte[]> r : batch) {
                    check.accept(r, p.codec);
                }
                progress.update(check.consumed);
            }
            Window w = probe.stop(cpu0 < 0 ? -1 : Window.currentThreadCpuMs() - cpu0, 1);
            progress.done(check.consumed, w.seconds());
            return new Pass(w, check);
        }
    }

    /**
     * 2b with {@code settings.consumers()} threads: each a consumer of one new consumer group subscribed to the topic.
     * The group forms first (partitions paused as they are assigned, then positioned, untimed); the clock starts when
     * every partition is assigned and positioned and no rebalance happened for half a second, and stops when every
     * record has been read.
     */
    private <V> Pass consumeInGroup(Prepared<V> p, int count, String topic, String what, Produced produced,
                                    Map<TopicPartition, Long> ends) throws Exception {
        int threads = settings.consumers();
        List<TopicPartition> partitions = produced.partitions;
        long expected = ends.values().stream().mapToLong(Long::longValue).sum();
        String group = "typedjson-bench-" + runId + "-" + topic + "-" + UUID.randomUUID().toString().substring(0, 8);
        java.util.concurrent.atomic.AtomicBoolean go = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicInteger total = new java.util.concurrent.atomic.AtomicInteger();
        AtomicLong lastRebalance = new AtomicLong(System.nanoTime());
        AtomicLong lastProgress = new AtomicLong();
        AtomicLong endNanos = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Set<TopicPartition>> owned = new ArrayList<>();
        List<java.util.concurrent.atomic.AtomicBoolean> positioned = new ArrayList<>();
        Check[] checks = new Check[threads];
        double[] cpuMs = new double[threads];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Set<TopicPartition> mine = java.util.concurrent.ConcurrentHashMap.newKeySet();
            owned.add(mine);
            java.util.concurrent.atomic.AtomicBoolean ready = new java.util.concurrent.atomic.AtomicBoolean();
            positioned.add(ready);
            Check check = newCheck(count, produced);
            checks[t] = check;
            int index = t;
            Thread w = new Thread(() -> {
                try (KafkaConsumer<byte[], byte[]> consumer = consumer("typedjson-bench-read-" + index, group)) {
                    consumer.subscribe(List.of(topic), new org.apache.kafka.clients.consumer.ConsumerRebalanceListener() {
                        @Override
                        public void onPartitionsRevoked(Collection<TopicPartition> revoked) {
                            mine.removeAll(revoked);
                            ready.set(false);
                            lastRebalance.set(System.nanoTime());
                        }

                        @Override
                        public void onPartitionsAssigned(Collection<TopicPartition> assigned) {
                            if (!go.get()) {
                                consumer.pause(assigned); // nothing is read before the clock starts
                            }
                            mine.addAll(assigned);
                            ready.set(false);
                            lastRebalance.set(System.nanoTime());
                        }
                    });
                    double cpu0 = -1;
                    while (!stop.get() && total.get() < expected) {
                        if (!go.get()) {
                            if (!ready.get() && !mine.isEmpty()) {
                                for (TopicPartition tp : mine) {
                                    consumer.position(tp, Duration.ofSeconds(60)); // offsets found before the clock
                                }
                                ready.set(true);
                            }
                        } else if (cpu0 < 0) {
                            cpu0 = Window.currentThreadCpuMs();
                            consumer.resume(consumer.paused());
                        }
                        ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(go.get() ? 200 : 20));
                        if (!batch.isEmpty()) {
                            for (ConsumerRecord<byte[], byte[]> r : batch) {
                                check.accept(r, p.codec);
                            }
                            lastProgress.set(System.nanoTime());
                            int n = total.addAndGet(batch.count());
                            if (index == 0) {
                                progress.update(n);
                            }
                            if (n >= expected) {
                                endNanos.compareAndSet(0, System.nanoTime());
                            }
                        }
                    }
                    cpuMs[index] = cpu0 < 0 ? 0 : Window.currentThreadCpuMs() - cpu0;
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "typedjson-bench-consumer-" + t);
            w.setDaemon(true);
            w.start();
            workers.add(w);
        }
        awaitGroupFormed(owned, positioned, partitions, lastRebalance, failure);
        Window.awaitQuietCompiler(QUIET_COMPILER_MS, MAX_COMPILER_WAIT_MS);
        progress.start(what + " (" + threads + " consumers)", count);
        Window.Probe probe = Window.Probe.start();
        lastProgress.set(System.nanoTime());
        go.set(true);
        while (workers.stream().anyMatch(Thread::isAlive)) {
            if (System.nanoTime() - lastProgress.get() > settings.stallTimeout().toNanos()) {
                break; // nothing more arrives: the pass's fault is reported against the untimed read
            }
            Thread.sleep(20);
        }
        long end = endNanos.get();
        Window w = probe.stop(0, threads);
        stop.set(true);
        for (Thread t : workers) {
            t.join(30_000);
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a consumer thread failed", failure.get());
        }
        // the window ends when the last record was read (the threads noticing it later is not reading)
        double seconds = end != 0 ? (end - probe.startNanos()) / 1e9 : w.seconds();
        Window window = new Window(seconds, w.gcPauseMs(), w.pageFaults(), Arrays.stream(cpuMs).sum(), threads,
                w.jitMs());
        Check all = checks[0];
        for (int t = 1; t < threads; t++) {
            all.add(checks[t]);
        }
        progress.done(all.consumed, window.seconds());
        return new Pass(window, all);
    }

    /**
     * Waits until the group is formed (its members own every partition, as many members as can own one do, each has
     * positioned its partitions, and no rebalance happened for half a second), a consumer failed, or twice the stall
     * timeout passed: a clock started while the group still rebalances would time the rebalance.
     */
    private void awaitGroupFormed(List<Set<TopicPartition>> owned,
                                  List<java.util.concurrent.atomic.AtomicBoolean> positioned,
                                  List<TopicPartition> partitions, AtomicLong lastRebalance,
                                  AtomicReference<Throwable> failure) throws InterruptedException {
        long formDeadline = System.nanoTime() + settings.stallTimeout().toNanos() * 2;
        int members = Math.min(owned.size(), partitions.size());
        while (System.nanoTime() < formDeadline && failure.get() == null) {
            Set<TopicPartition> all = new java.util.HashSet<>();
            int withPartitions = 0;
            boolean allPositioned = true;
            for (int t = 0; t < owned.size(); t++) {
                Set<TopicPartition> mine = owned.get(t);
                all.addAll(mine);
                withPartitions += mine.isEmpty() ? 0 : 1;
                allPositioned &= mine.isEmpty() || positioned.get(t).get();
            }
            if (all.containsAll(partitions) && withPartitions >= members && allPositioned
                    && System.nanoTime() - lastRebalance.get() > 500_000_000L) {
                return;
            }
            Thread.sleep(20);
        }
    }

    private String differenceOrNull(Object expected, Object actual) {
        try {
            return firstDifference.apply(expected, actual);
        } catch (RuntimeException e) {
            return "comparison failed: " + e;
        }
    }

    private static void example(List<String> examples, String s) {
        if (examples.size() < 4) {
            examples.add(s);
        }
    }

    /**
     * 5. End-to-end latency at a steady rate: {@code settings.latencyRecords()} more records, each stamped with the
     * {@code System.nanoTime()} of its send, timed by a consumer tailing the topic once it has decoded them.
     */
    private <V> Latency latency(Prepared<V> p, String topic, List<TopicPartition> partitions,
                                Map<TopicPartition, Long> from, int count, String label) throws Exception {
        int m = Math.min(settings.latencyRecords(), p.values.size());
        if (m <= 0) {
            return Latency.NONE;
        }
        LatencyTail tail = new LatencyTail(p.codec, partitions, from, m);
        tail.thread.start();
        progress.start(label + " " + p.name() + " latency", m);
        sendAtSteadyRate(p, topic, count, m, tail.ready);
        tail.thread.join(settings.stallTimeout().toMillis());
        tail.stop.set(true);
        tail.thread.join(10_000);
        int n = (int) tail.received.get();
        progress.done(n, Double.NaN);
        if (tail.error.get() != null) {
            throw new IllegalStateException("latency consumer failed", tail.error.get());
        }
        return Latency.of(Arrays.copyOf(tail.samples, n));
    }

    /**
     * The consumer of step 5, in a thread of its own: reads from the end offsets of step 1 on, decodes each record
     * and notes how long after its send that was done.
     */
    private final class LatencyTail {
        final long[] samples;
        final AtomicLong received = new AtomicLong();
        /** Counted down by the first record, the untimed one: the fetch path is warm. */
        final java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);
        final AtomicReference<Throwable> error = new AtomicReference<>();
        final java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        final Thread thread;

        LatencyTail(BenchCodec<?> codec, List<TopicPartition> partitions, Map<TopicPartition, Long> from, int m) {
            samples = new long[m];
            thread = new Thread(() -> {
                try {
                    tail(codec, partitions, from, m);
                } catch (Throwable t) {
                    error.set(t);
                }
            }, "typedjson-bench-latency-tail");
            thread.setDaemon(true);
        }

        private void tail(BenchCodec<?> codec, List<TopicPartition> partitions, Map<TopicPartition, Long> from, int m) {
            try (KafkaConsumer<byte[], byte[]> consumer = consumer("typedjson-bench-tail")) {
                consumer.assign(partitions);
                for (TopicPartition tp : partitions) {
                    consumer.seek(tp, from.getOrDefault(tp, 0L));
                }
                int n = 0;
                while (n < m && !stop.get()) {
                    for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(50))) {
                        ready.countDown();
                        try {
                            codec.decode(r.value());
                        } catch (RuntimeException e) {
                            // exactness is judged in step 3; here only the time counts
                        }
                        long now = System.nanoTime();
                        Header h = r.headers().lastHeader(SENT_NANOS_HEADER);
                        if (h != null && n < m) {
                            samples[n++] = now - ByteBuffer.wrap(h.value()).getLong();
                        }
                    }
                    received.set(n);
                }
            }
        }
    }

    /**
     * The producer of step 5: one record untimed (metadata, the producer id and the connection; it carries no send
     * time, so it is no sample), then {@code m} records at {@code settings.latencyRate()}, keys from {@code firstKey}
     * on (after the keys of step 1), each stamped with its send time.
     */
    private <V> void sendAtSteadyRate(Prepared<V> p, String topic, int firstKey, int m,
                                      java.util.concurrent.CountDownLatch tailReady) throws InterruptedException {
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            producer.partitionsFor(topic);
            producer.send(new ProducerRecord<>(topic, key(Integer.MAX_VALUE), p.codec.encode(p.values.get(0))));
            producer.flush();
            if (!tailReady.await(settings.stallTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                progress.note("the latency consumer saw nothing in " + settings.stallTimeout());
            }
            long interval = 1_000_000_000L / Math.max(1, settings.latencyRate());
            long start = System.nanoTime();
            for (int j = 0; j < m; j++) {
                long due = start + j * interval;
                long wait;
                while ((wait = due - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                RecordHeaders headers = new RecordHeaders();
                long sent = System.nanoTime();
                headers.add(SENT_NANOS_HEADER, ByteBuffer.allocate(8).putLong(sent).array());
                byte[] value = p.codec.encode(p.values.get(j));
                producer.send(new ProducerRecord<>(topic, null, null, key(firstKey + j), value, headers));
                if ((j & 0x3FF) == 0) {
                    progress.update(j);
                }
            }
            producer.flush();
        }
    }

    static double percentile(long[] sorted, double q) {
        int idx = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
    }

    // ---- Kafka plumbing ------------------------------------------------------------------------------------------

    private KafkaProducer<byte[], byte[]> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "typedjson-bench-producer");
        p.put(ProducerConfig.ACKS_CONFIG, settings.acks());
        // idempotence (no duplicates, order kept on retries) needs acks=all
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString("all".equals(settings.acks())
                || "-1".equals(settings.acks())));
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, settings.compression());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "60000");
        return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private KafkaConsumer<byte[], byte[]> consumer(String clientId) {
        return consumer(clientId, null);
    }

    private KafkaConsumer<byte[], byte[]> consumer(String clientId, String groupId) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        if (groupId != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private String topicName(String codec, String label) {
        String safe = codec.replaceAll("[^A-Za-z0-9._-]", "_");
        return "typedjson-bench-" + runId + "-" + safe + "-" + label.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private void createTopic(String topic) throws Exception {
        LocalKafka.createTopicAndAwaitLeaders(admin, new NewTopic(topic, Optional.of(settings.partitions()),
                settings.replicationFactor()).configs(settings.topicConfigs()), Duration.ofSeconds(60));
    }

    void deleteTopic(String topic) {
        try {
            admin.deleteTopics(List.of(topic)).all().get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            progress.note("could not delete topic " + topic + ": " + e.getMessage());
        }
    }

    private static List<TopicPartition> partitionsOf(List<PartitionInfo> infos, String topic) {
        return infos.stream().map(i -> new TopicPartition(topic, i.partition()))
                .sorted((a, b) -> Integer.compare(a.partition(), b.partition())).collect(Collectors.toList());
    }

    /** End offsets once they stop moving (with acks=0 the last records may still be on their way). */
    private Map<TopicPartition, Long> stableEndOffsets(List<TopicPartition> partitions, int expected)
            throws Exception {
        Map<TopicPartition, Long> ends = endOffsets(admin, partitions);
        if ("all".equals(settings.acks()) || "-1".equals(settings.acks()) || "1".equals(settings.acks())) {
            return ends;
        }
        long deadline = System.nanoTime() + settings.stallTimeout().toNanos();
        while (System.nanoTime() < deadline) {
            long total = ends.values().stream().mapToLong(Long::longValue).sum();
            if (total >= expected) {
                break;
            }
            Thread.sleep(500);
            Map<TopicPartition, Long> again = endOffsets(admin, partitions);
            if (again.equals(ends)) {
                break;
            }
            ends = again;
        }
        return ends;
    }

    static Map<TopicPartition, Long> endOffsets(Admin admin, Collection<TopicPartition> partitions)
            throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (TopicPartition tp : partitions) {
            latest.put(tp, OffsetSpec.latest());
        }
        Map<TopicPartition, Long> out = new HashMap<>();
        admin.listOffsets(latest).all().get(60, TimeUnit.SECONDS).forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /**
     * What a topic is on the cluster, read back from it: "3 brokers; topics: 2 partitions, replication factor 3,
     * min.insync.replicas 2".
     */
    String describeTopic(String topic) {
        try {
            int brokers = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size();
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS)
                    .get(topic);
            int partitions = description.partitions().size();
            int replicas = description.partitions().stream().mapToInt(i -> i.replicas().size()).min().orElse(0);
            var resource = new org.apache.kafka.common.config.ConfigResource(
                    org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
            var config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
            var minIsr = config.get("min.insync.replicas");
            return String.format(java.util.Locale.ROOT,
                    "%d broker%s; topics: %d partition%s, replication factor %d, min.insync.replicas %s",
                    brokers, brokers == 1 ? "" : "s", partitions, partitions == 1 ? "" : "s", replicas,
                    minIsr == null ? "?" : minIsr.value());
        } catch (Exception e) {
            progress.note("could not describe the topic " + topic + ": " + e);
            return "topic layout unknown (" + e.getMessage() + ")";
        }
    }

    /** The cluster and topic layout read from the first topic measured; null before the first measurement. */
    String topology() {
        return topology;
    }

    private static boolean reached(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** 4. Size of the topic's log segments: per partition the largest replica (the leader's), summed. */
    private long diskBytes(String topic) {
        try {
            Collection<Node> nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS);
            List<Integer> ids = nodes.stream().map(Node::id).collect(Collectors.toList());
            Map<Integer, Map<String, LogDirDescription>> all =
                    admin.describeLogDirs(ids).allDescriptions().get(30, TimeUnit.SECONDS);
            Map<TopicPartition, Long> largest = new HashMap<>();
            for (Map<String, LogDirDescription> dirs : all.values()) {
                for (LogDirDescription d : dirs.values()) {
                    for (Map.Entry<TopicPartition, ReplicaInfo> e : d.replicaInfos().entrySet()) {
                        if (e.getKey().topic().equals(topic) && !e.getValue().isFuture()) {
                            largest.merge(e.getKey(), e.getValue().size(), Math::max);
                        }
                    }
                }
            }
            return largest.values().stream().mapToLong(Long::longValue).sum();
        } catch (Exception e) {
            progress.note("could not read the topic's size on disk: " + e);
            return -1;
        }
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

    static Set<String> topicsOf(Admin admin) throws Exception {
        return admin.listTopics().names().get(30, TimeUnit.SECONDS);
    }

    /** A running count on stderr: one line rewritten in place on a terminal, a line every few seconds otherwise. */
    static final class Progress {
        private final PrintStream err;
        private final boolean terminal = System.console() != null;
        private String what = "";
        private int total;
        private long started;
        private long lastPrint;

        Progress(PrintStream err) {
            this.err = err;
        }

        void start(String what, int total) {
            this.what = what;
            this.total = total;
            this.started = System.nanoTime();
            this.lastPrint = started;
            if (terminal) {
                err.print("\r\033[K" + what + " 0/" + total);
                err.flush();
            }
        }

        void update(long n) {
            long now = System.nanoTime();
            long every = terminal ? 200_000_000L : 5_000_000_000L;
            if (now - lastPrint >= every) {
                lastPrint = now;
                String line = String.format("%s %,d/%,d", what, n, total);
                if (terminal) {
                    err.print("\r\033[K" + line);
                } else {
                    err.println(line);
                }
                err.flush();
            }
        }

        void done(long n, double seconds) {
            String line = Double.isNaN(seconds) ? String.format("%s %,d/%,d", what, n, total)
                    : String.format("%s %,d/%,d in %.2f s", what, n, total, seconds);
            if (terminal) {
                err.print("\r\033[K" + line);
            } else {
                err.println(line);
            }
            err.flush();
        }

        void note(String s) {
            if (terminal) {
                err.println();
            }
            err.println(s);
            err.flush();
        }

        void line(String s) {
            if (terminal) {
                err.print("\r\033[K");
            }
            err.println(s);
            err.flush();
        }
    }

    Progress progress() {
        return progress;
    }
}

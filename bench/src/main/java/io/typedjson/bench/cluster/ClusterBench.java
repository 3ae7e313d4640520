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
 * that thread (serialization is part of produce throughput), until {@code flush()} returns; (2) read all N back with a
 * new consumer from the beginning, decoding in the poll loop; (3) compare: by key (the sequence number) nothing lost,
 * duplicated or out of order within its partition, and by value equal to what was produced; (4) the topic's size on the
 * broker's disk from {@code describeLogDirs}; (5) end-to-end latency at a steady rate: M more records, each with the
 * {@code System.nanoTime()} of its send in a header, read by a consumer tailing the topic, timed after decoding.
 */
final class ClusterBench {

    static final String SENT_NANOS_HEADER = "typedjson-bench-sent-nanos";

    /** Everything a run is told. */
    record Settings(int records, int warmupRecords, int runs, String compression, String acks, int partitions,
                    Optional<Short> replicationFactor, int latencyRecords, int latencyRate, String bootstrapServers,
                    Duration stallTimeout, int producers, int consumers, Map<String, String> topicConfigs) {

        Settings {
            topicConfigs = Map.copyOf(topicConfigs);
            if (producers < 1 || consumers < 1) {
                throw new IllegalArgumentException("at least one producer and one consumer thread");
            }
        }

        /** One producer thread, one consumer, the topic's configuration left to the cluster. */
        Settings(int records, int warmupRecords, int runs, String compression, String acks, int partitions,
                 Optional<Short> replicationFactor, int latencyRecords, int latencyRate, String bootstrapServers,
                 Duration stallTimeout) {
            this(records, warmupRecords, runs, compression, acks, partitions, replicationFactor, latencyRecords,
                    latencyRate, bootstrapServers, stallTimeout, 1, 1, Map.of());
        }
    }

    /** What one codec did in one run. */
    record Measurement(String codec, int records, long valueBytes, double produceSeconds, double consumeSeconds,
                       long consumedValueBytes, long diskBytes, Latency latency, Verdict verdict) {

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
    record Verdict(int expected, int exact, int consumed, int missing, int duplicated, int reordered, int changed,
                   int unknownKeys, int sendErrors, List<String> examples) {

        boolean isExact() {
            return exact == expected && consumed == expected && duplicated == 0 && unknownKeys == 0
                    && sendErrors == 0;
        }

        String summary() {
            StringBuilder sb = new StringBuilder("exact ").append(exact).append('/').append(expected);
            if (missing > 0) sb.append(", ").append(missing).append(" lost");
            if (duplicated > 0) sb.append(", ").append(duplicated).append(" duplicated");
            if (reordered > 0) sb.append(", ").append(reordered).append(" reordered");
            if (changed > 0) sb.append(", ").append(changed).append(" changed");
            if (unknownKeys > 0) sb.append(", ").append(unknownKeys).append(" unknown keys");
            if (sendErrors > 0) sb.append(", ").append(sendErrors).append(" send errors");
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

    /** The five steps of the class comment, in order; only produce, consume and latency are timed. */
    private <V> Measurement measureOn(Prepared<V> p, int count, String topic, String label) throws Exception {
        if (topology == null) {
            topology = describeTopic(topic);
        }
        Produced produced = produce(p, count, topic, label);
        Map<TopicPartition, Long> ends = stableEndOffsets(produced.partitions, count);
        Consumed consumed = new Consumed(count, settings.producers());
        double consumeSeconds = settings.consumers() == 1
                ? consumeAssigned(p, count, topic, label, produced.partitions, ends, consumed)
                : consumeInGroup(p, count, topic, label, produced.partitions, ends, consumed);
        Verdict verdict = compare(p.values, count, produced, consumed);
        long diskBytes = diskBytes(topic);
        Latency latency = latency(p, topic, produced.partitions, ends, count, label);
        return new Measurement(p.name(), count, produced.valueBytes, produced.seconds, consumeSeconds,
                consumed.consumedBytes.get(), diskBytes, latency, verdict);
    }

    /**
     * 3. Each of the first {@code count} records as consumed against what was produced (untimed): lost, changed (its
     * decoded value differs, or its bytes do), out of order in its partition, or exact.
     */
    private <V> Verdict compare(List<V> values, int count, Produced produced, Consumed c) {
        int exact = 0;
        int missing = 0;
        int changed = 0;
        int reordered = 0;
        List<String> examples = new ArrayList<>();
        if (produced.firstSendError != null) {
            examples.add("send failed: " + produced.firstSendError);
        }
        for (int i = 0; i < count; i++) {
            if (c.seen.get(i) == 0) {
                missing++;
                example(examples, "record " + i + " lost");
                continue;
            }
            String diff = c.decodeErrors[i] != null ? "decode failed: " + c.decodeErrors[i]
                    : differenceOrNull(values.get(i), c.decoded[i]);
            if (diff == null && (c.crcs[i] != produced.crcs[i] || c.nullValue[i])) {
                diff = "bytes differ from the bytes produced";
            }
            if (diff != null) {
                changed++;
                example(examples, "record " + i + ": " + diff);
            } else if (c.outOfOrder[i]) {
                reordered++;
                example(examples, "record " + i + " out of order in its partition");
            } else {
                exact++;
            }
        }
        return new Verdict(count, exact, c.consumed.get(), missing, c.duplicated.get(), reordered, changed,
                c.unknownKeys.get(), (int) produced.sendErrors, examples);
    }

    /** What the producers did: timing, bytes, the CRC of every value sent, failed sends. */
    private record Produced(double seconds, long valueBytes, int[] crcs, long sendErrors, Exception firstSendError,
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
            long t0 = System.nanoTime();
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
            double seconds = (System.nanoTime() - t0) / 1e9;
            progress.done(count, seconds);
            if (failure.get() != null) {
                throw new IllegalStateException("a producer thread failed", failure.get());
            }
            return new Produced(seconds, Arrays.stream(bytes).sum(), crcs, sendErrors.get(), firstSendError.get(),
                    partitions);
        } finally {
            for (KafkaProducer<byte[], byte[]> producer : producers) {
                producer.close();
            }
        }
    }

    /** What the consumers saw, record by record; written by several consumer threads, one per partition at a time. */
    private static final class Consumed {
        final int producers;
        final Object[] decoded;
        final String[] decodeErrors;
        final int[] crcs;
        final boolean[] nullValue;
        final boolean[] outOfOrder;
        final java.util.concurrent.atomic.AtomicIntegerArray seen;
        /** The last sequence number per partition and producer thread: a producer's records keep their order. */
        final Map<Long, Integer> lastSeq = new java.util.concurrent.ConcurrentHashMap<>();
        final java.util.concurrent.atomic.AtomicInteger consumed = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger duplicated = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger unknownKeys = new java.util.concurrent.atomic.AtomicInteger();
        final AtomicLong consumedBytes = new AtomicLong();

        Consumed(int count, int producers) {
            this.producers = producers;
            decoded = new Object[count];
            decodeErrors = new String[count];
            crcs = new int[count];
            nullValue = new boolean[count];
            outOfOrder = new boolean[count];
            seen = new java.util.concurrent.atomic.AtomicIntegerArray(count);
        }

        /** Decodes one record and notes what it was; the CRC is compared later, untimed. */
        void accept(ConsumerRecord<byte[], byte[]> r, BenchCodec<?> codec, CRC32 crc) {
            consumed.incrementAndGet();
            byte[] value = r.value();
            consumedBytes.addAndGet(value == null ? 0 : value.length);
            int seq = seqOf(r.key());
            if (seq < 0 || seq >= decoded.length) {
                unknownKeys.incrementAndGet();
                return;
            }
            Integer last = lastSeq.put((long) r.partition() * producers + seq % producers, seq);
            if (last != null && last >= seq) {
                outOfOrder[seq] = true;
            }
            if (seen.getAndIncrement(seq) != 0) {
                duplicated.incrementAndGet();
                return;
            }
            try {
                decoded[seq] = codec.decode(value);
            } catch (RuntimeException e) {
                decodeErrors[seq] = e.toString();
            }
            if (value != null) {
                crc.reset();
                crc.update(value);
                crcs[seq] = (int) crc.getValue();
            } else {
                nullValue[seq] = true;
            }
        }
    }

    /** 2. One consumer, all partitions assigned, from the beginning, decoding in the poll loop. */
    private <V> double consumeAssigned(Prepared<V> p, int count, String topic, String label,
                                       List<TopicPartition> partitions, Map<TopicPartition, Long> ends, Consumed c) {
        try (KafkaConsumer<byte[], byte[]> consumer = consumer("typedjson-bench-read", null)) {
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            CRC32 crc = new CRC32();
            progress.start(label + " " + p.name() + " consume", count);
            long t0 = System.nanoTime();
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
                    c.accept(r, p.codec, crc);
                }
                progress.update(c.consumed.get());
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            progress.done(c.consumed.get(), seconds);
            return seconds;
        }
    }

    /**
     * 2. {@code settings.consumers()} threads, each a consumer of one new consumer group subscribed to the topic.
     * The group forms first (partitions paused as they are assigned, untimed); the clock starts when every partition
     * is assigned and no rebalance happened for half a second, and stops when every record has been read.
     */
    private <V> double consumeInGroup(Prepared<V> p, int count, String topic, String label,
                                      List<TopicPartition> partitions, Map<TopicPartition, Long> ends, Consumed c)
            throws Exception {
        int threads = settings.consumers();
        long expected = ends.values().stream().mapToLong(Long::longValue).sum();
        String group = "typedjson-bench-" + runId + "-" + topic;
        java.util.concurrent.atomic.AtomicBoolean go = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        AtomicLong lastRebalance = new AtomicLong(System.nanoTime());
        AtomicLong lastProgress = new AtomicLong();
        AtomicLong endNanos = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Set<TopicPartition>> owned = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Set<TopicPartition> mine = java.util.concurrent.ConcurrentHashMap.newKeySet();
            owned.add(mine);
            int index = t;
            Thread w = new Thread(() -> {
                try (KafkaConsumer<byte[], byte[]> consumer = consumer("typedjson-bench-read-" + index, group)) {
                    consumer.subscribe(List.of(topic), new org.apache.kafka.clients.consumer.ConsumerRebalanceListener() {
                        @Override
                        public void onPartitionsRevoked(Collection<TopicPartition> revoked) {
                            mine.removeAll(revoked);
                            lastRebalance.set(System.nanoTime());
                        }

                        @Override
                        public void onPartitionsAssigned(Collection<TopicPartition> assigned) {
                            if (!go.get()) {
                                consumer.pause(assigned); // nothing is read before the clock starts
                            }
                            mine.addAll(assigned);
                            lastRebalance.set(System.nanoTime());
                        }
                    });
                    CRC32 crc = new CRC32();
                    boolean resumed = false;
                    while (!stop.get() && c.consumed.get() < expected) {
                        if (go.get() && !resumed) {
                            consumer.resume(consumer.paused());
                            resumed = true;
                        }
                        ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(go.get() ? 200 : 20));
                        if (!batch.isEmpty()) {
                            for (ConsumerRecord<byte[], byte[]> r : batch) {
                                c.accept(r, p.codec, crc);
                            }
                            lastProgress.set(System.nanoTime());
                            if (index == 0 || threads == 1) {
                                progress.update(c.consumed.get());
                            }
                        }
                        if (c.consumed.get() >= expected) {
                            endNanos.compareAndSet(0, System.nanoTime());
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "typedjson-bench-consumer-" + t);
            w.setDaemon(true);
            w.start();
            workers.add(w);
        }
        awaitGroupFormed(owned, partitions, lastRebalance, failure);
        progress.start(label + " " + p.name() + " consume (" + threads + " consumers)", count);
        long t0 = System.nanoTime();
        lastProgress.set(t0);
        go.set(true);
        while (workers.stream().anyMatch(Thread::isAlive)) {
            if (System.nanoTime() - lastProgress.get() > settings.stallTimeout().toNanos()) {
                break; // nothing more arrives: whatever is missing is reported as lost
            }
            Thread.sleep(50);
        }
        long end = endNanos.get() != 0 ? endNanos.get() : System.nanoTime();
        stop.set(true);
        for (Thread w : workers) {
            w.join(30_000);
        }
        double seconds = (end - t0) / 1e9;
        progress.done(c.consumed.get(), seconds);
        if (failure.get() != null) {
            throw new IllegalStateException("a consumer thread failed", failure.get());
        }
        return seconds;
    }

    /**
     * Waits until the group is formed (its members own every partition, as many members as can own one do, and no
     * rebalance happened for half a second), a consumer failed, or twice the stall timeout passed: a clock started
     * while the group still rebalances would time the rebalance.
     */
    private void awaitGroupFormed(List<Set<TopicPartition>> owned, List<TopicPartition> partitions,
                                  AtomicLong lastRebalance, AtomicReference<Throwable> failure)
            throws InterruptedException {
        long formDeadline = System.nanoTime() + settings.stallTimeout().toNanos() * 2;
        int members = Math.min(owned.size(), partitions.size());
        while (System.nanoTime() < formDeadline && failure.get() == null) {
            Set<TopicPartition> all = new java.util.HashSet<>();
            int withPartitions = 0;
            for (Set<TopicPartition> mine : owned) {
                all.addAll(mine);
                withPartitions += mine.isEmpty() ? 0 : 1;
            }
            if (all.containsAll(partitions) && withPartitions >= members
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

package io.typedjson.bench.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

import io.typedjson.bench.cluster.ClusterBench.Prepared;
import io.typedjson.bench.cluster.ClusterBench.Settings;
import io.typedjson.bench.cluster.ClusterBench.Verdict;
import io.typedjson.bench.cluster.ProducePass.Produced;

/**
 * Steps 2 and 3 of a measurement ({@link ClusterBench}): the untimed read that compares every record with what was
 * produced (the verdict), and the timed consume passes, by one assigned consumer or by a consumer group.
 */
final class ConsumePasses {

    private final Settings settings;
    private final BenchClients clients;
    private final Progress progress;
    private final BiFunction<Object, Object, String> firstDifference;
    private final String runId;

    ConsumePasses(Settings settings, BenchClients clients, Progress progress,
                  BiFunction<Object, Object, String> firstDifference, String runId) {
        this.settings = settings;
        this.clients = clients;
        this.progress = progress;
        this.firstDifference = firstDifference;
        this.runId = runId;
    }

    /** The untimed read of step 2: the checks of a timed pass, plus every value compared as it arrives. */
    final class ExactRead {
        final ConsumeCheck check;
        final java.util.BitSet differs;
        final java.util.BitSet outOfOrder;
        final List<String> examples = new ArrayList<>();

        ExactRead(ConsumeCheck check, int count) {
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
            if (produced.firstSendError() != null) {
                all.add("send failed: " + produced.firstSendError());
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
                    check.unknownKeys, (int) produced.sendErrors(), all, passFaults.size());
        }
    }


    /** One timed consume pass: its window and what its checks saw. */
    record Pass(Window window, ConsumeCheck check) {}

    private ConsumeCheck newCheck(int count, Produced produced) {
        return new ConsumeCheck(count, settings.producers(), produced.partitions().size(), produced.crcs());
    }

    /**
     * A new consumer with every partition assigned and positioned at the beginning: the offsets looked up and the
     * partitions' leaders connected (by {@code position}), so that the clock started after it times the reading only.
     */
    private KafkaConsumer<byte[], byte[]> positionedConsumer(String clientId, List<TopicPartition> partitions) {
        KafkaConsumer<byte[], byte[]> consumer = clients.consumer(clientId);
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        for (TopicPartition tp : partitions) {
            consumer.position(tp, Duration.ofSeconds(60));
        }
        return consumer;
    }

    /** 2a and 3. The untimed read: one consumer reads every partition from the start and compares each record. */
    <V> ExactRead readExactly(Prepared<V> p, int count, String label, Produced produced,
                                      Map<TopicPartition, Long> ends) {
        ExactRead read = new ExactRead(newCheck(count, produced), count);
        KafkaConsumer<byte[], byte[]> consumer = positionedConsumer("typedjson-bench-check", produced.partitions());
        try {
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
        } finally {
            closeAtOnce(consumer);
        }
        return read;
    }

    /** 2b. One timed pass: a positioned consumer, all partitions assigned, decoding in the poll loop. */
    <V> Pass consumeAssigned(Prepared<V> p, int count, String what, Produced produced,
                                     Map<TopicPartition, Long> ends) {
        ConsumeCheck check = newCheck(count, produced);
        KafkaConsumer<byte[], byte[]> consumer = positionedConsumer("typedjson-bench-read", produced.partitions());
        try {
            Window.awaitQuietCompiler(ClusterBench.QUIET_COMPILER_MS, settings.jitWaitMs());
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
        } finally {
            closeAtOnce(consumer);
        }
    }

    /**
     * Closes a consumer of assigned partitions without waiting: the fetch it sent ahead when its last records came
     * waits {@code fetch.max.wait.ms} (500 ms) at the log's end on the broker, and a close that ends the fetch session
     * politely waits behind it, half a second after every pass for nothing. The broker drops the session itself.
     */
    static void closeAtOnce(KafkaConsumer<?, ?> consumer) {
        consumer.close(Duration.ZERO);
    }

    /**
     * 2b with {@code settings.consumers()} threads: each a consumer of one new consumer group subscribed to the topic.
     * The group forms first (partitions paused as they are assigned, then positioned, untimed); the clock starts when
     * every partition is assigned and positioned and no rebalance happened for half a second, and stops when every
     * record has been read.
     */
    <V> Pass consumeInGroup(Prepared<V> p, int count, String topic, String what, Produced produced,
                                    Map<TopicPartition, Long> ends) throws Exception {
        int threads = settings.consumers();
        List<TopicPartition> partitions = produced.partitions();
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
        ConsumeCheck[] checks = new ConsumeCheck[threads];
        double[] cpuMs = new double[threads];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Set<TopicPartition> mine = java.util.concurrent.ConcurrentHashMap.newKeySet();
            owned.add(mine);
            java.util.concurrent.atomic.AtomicBoolean ready = new java.util.concurrent.atomic.AtomicBoolean();
            positioned.add(ready);
            ConsumeCheck check = newCheck(count, produced);
            checks[t] = check;
            int index = t;
            Thread w = new Thread(() -> {
                try (KafkaConsumer<byte[], byte[]> consumer = clients.consumer("typedjson-bench-read-" + index, group)) {
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
        Window.awaitQuietCompiler(ClusterBench.QUIET_COMPILER_MS, settings.jitWaitMs());
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
        ConsumeCheck all = checks[0];
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


    private static boolean reached(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
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
}

package io.typedjson.bench.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.CRC32;

import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

import io.typedjson.bench.cluster.ClusterBench.Prepared;
import io.typedjson.bench.cluster.ClusterBench.Settings;

/** Step 1 of a measurement ({@link ClusterBench}): the timed produce, with what it sent noted for the checks. */
final class ProducePass {

    /** What the producers did: timing, bytes, the CRC of every value sent, failed sends. */
    record Produced(Window window, long valueBytes, int[] crcs, long sendErrors, Exception firstSendError,
                            List<TopicPartition> partitions) {}


    private final Settings settings;
    private final BenchClients clients;
    private final Progress progress;

    ProducePass(Settings settings, BenchClients clients, Progress progress) {
        this.settings = settings;
        this.clients = clients;
        this.progress = progress;
    }

    /**
     * 1. Produces the first {@code count} values with {@code settings.producers()} threads, each with a producer of
     * its own: thread t sends records t, t+P, t+2P... in order (so order holds per partition and thread), encoding
     * each in the sending thread; timed from the first send until every producer's {@code flush()} returned.
     */
    <V> Produced produce(Prepared<V> p, int count, String topic, String label) throws Exception {
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
                producers.add(clients.producer());
            }
            List<TopicPartition> partitions = null;
            for (KafkaProducer<byte[], byte[]> producer : producers) {
                partitions = BenchTopics.partitionsOf(producer.partitionsFor(topic), topic); // metadata fetched untimed
            }
            long[] bytes = new long[threads];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> workers = new ArrayList<>();
            progress.start(label + " " + p.name() + " produce", count);
            double[] cpuMs = new double[threads];
            Window.awaitQuietCompiler(ClusterBench.QUIET_COMPILER_MS, settings.jitWaitMs());
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
                            producer.send(new ProducerRecord<>(topic, null, null, ClusterBench.key(i), value), callback);
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
}

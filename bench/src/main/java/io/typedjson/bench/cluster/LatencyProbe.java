package io.typedjson.bench.cluster;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.cluster.ClusterBench.Latency;
import io.typedjson.bench.cluster.ClusterBench.Prepared;
import io.typedjson.bench.cluster.ClusterBench.Settings;

/** Step 5 of a measurement ({@link ClusterBench}): end-to-end latency at a steady rate. */
final class LatencyProbe {

    private final Settings settings;
    private final BenchClients clients;
    private final Progress progress;

    LatencyProbe(Settings settings, BenchClients clients, Progress progress) {
        this.settings = settings;
        this.clients = clients;
        this.progress = progress;
    }

    /**
     * 5. End-to-end latency at a steady rate: {@code settings.latencyRecords()} more records, each stamped with the
     * {@code System.nanoTime()} of its send, timed by a consumer tailing the topic once it has decoded them.
     */
    <V> Latency latency(Prepared<V> p, String topic, List<TopicPartition> partitions,
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
            try (KafkaConsumer<byte[], byte[]> consumer = clients.consumer("typedjson-bench-tail")) {
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
                        Header h = r.headers().lastHeader(ClusterBench.SENT_NANOS_HEADER);
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
        try (KafkaProducer<byte[], byte[]> producer = clients.producer()) {
            producer.partitionsFor(topic);
            producer.send(new ProducerRecord<>(topic, ClusterBench.key(Integer.MAX_VALUE), p.codec.encode(p.values.get(0))));
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
                headers.add(ClusterBench.SENT_NANOS_HEADER, ByteBuffer.allocate(8).putLong(sent).array());
                byte[] value = p.codec.encode(p.values.get(j));
                producer.send(new ProducerRecord<>(topic, null, null, ClusterBench.key(firstKey + j), value, headers));
                if ((j & 0x3FF) == 0) {
                    progress.update(j);
                }
            }
            producer.flush();
        }
    }
}

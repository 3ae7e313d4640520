package io.typedjson.serde.internal;

import io.typedjson.format.ConnectEnvelope;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Resolves schema fingerprints to notations by reading the schema topic (SPEC.md section 11, "reference"): its
 * own consumer, assigned every partition of the topic (no group), reads from the beginning; each record's
 * notation is taken only when the fingerprint of its value equals its key, so whoever writes to the topic cannot
 * change the meaning of records already written. What it read is kept in a bounded map; a fingerprint not in it
 * is looked for by reading on, for at most the wait given (and from the beginning again once the map has dropped
 * entries). Thread-safe (one lock: the consumer is not). Errors of the consumer (no broker, no authorisation)
 * are thrown as Kafka's own exceptions; the caller puts them in its terms.
 */
public final class SchemaTopicReader implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(SchemaTopicReader.class.getName());
    private static final int MAX_MISMATCHES_KEPT = 100;
    /** A day: a longer wait is taken as a day, so that the deadline in nanoseconds cannot overflow. */
    private static final long MAX_WAIT_MS = 86_400_000L;

    private final Supplier<Consumer<byte[], byte[]>> newConsumer;
    private final String topic;
    private final int maxEntries;
    private final long maxNotationBytes;
    private final long maxWeight;
    private final LinkedHashMap<ByteBuffer, byte[]> read = new LinkedHashMap<>(16, 0.75f, true);
    private final Set<ByteBuffer> mismatched = new LinkedHashSet<>();
    private long weight;
    private boolean dropped;
    private Consumer<byte[], byte[]> consumer;
    private List<TopicPartition> partitions = List.of();

    /**
     * @param consumerConfig   the consumer's settings ({@code bootstrap.servers}, security); deserializers, group
     *                         and offset commits are this class's
     * @param maxEntries       most notations kept
     * @param maxNotationBytes longest notation taken from the topic (a longer one is ignored with a warning)
     * @param maxWeight        most bytes of notation kept
     */
    public SchemaTopicReader(Map<String, Object> consumerConfig, String topic, int maxEntries, long maxNotationBytes,
            long maxWeight) {
        this(kafkaConsumer(ownSettings(consumerConfig)), topic, maxEntries, maxNotationBytes, maxWeight);
    }

    /** With the consumer {@code newConsumer} makes on first use (a test's MockConsumer). */
    public SchemaTopicReader(Supplier<Consumer<byte[], byte[]>> newConsumer, String topic, int maxEntries,
            long maxNotationBytes, long maxWeight) {
        this.newConsumer = newConsumer;
        this.topic = topic;
        this.maxEntries = maxEntries;
        this.maxNotationBytes = maxNotationBytes;
        this.maxWeight = maxWeight;
    }

    private static Supplier<Consumer<byte[], byte[]>> kafkaConsumer(Map<String, Object> settings) {
        return () -> new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static Map<String, Object> ownSettings(Map<String, Object> consumerConfig) {
        Map<String, Object> config = new LinkedHashMap<>(consumerConfig);
        config.remove("group.id");
        config.put("enable.auto.commit", "false");
        config.put("auto.offset.reset", "earliest");
        // a reader must not create the schema topic by asking for it: the broker would make it without compaction
        config.put("allow.auto.create.topics", "false");
        config.putIfAbsent("client.id", "typedjson-schema-reader-" + Integer.toHexString(System.identityHashCode(config)));
        return config;
    }

    public String topic() {
        return topic;
    }

    /**
     * The UTF-8 notation whose fingerprint is {@code fingerprint}, or null when the topic did not give it within
     * {@code waitMillis}.
     */
    public synchronized byte[] resolve(byte[] fingerprint, long waitMillis) {
        ByteBuffer key = ByteBuffer.wrap(fingerprint.clone());
        byte[] known = read.get(key);
        if (known != null) {
            return known;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.min(Math.max(waitMillis, 0), MAX_WAIT_MS));
        if (consumer == null) {
            consumer = newConsumer.get();
        }
        if (dropped && !partitions.isEmpty()) {
            consumer.seekToBeginning(partitions); // what was dropped may be what is looked for
            dropped = false;
        }
        while (true) {
            long left = deadline - System.nanoTime();
            if (partitions.isEmpty()) {
                assignPartitions(Math.max(left, 0));
                if (partitions.isEmpty()) { // no such topic (yet): a writer may be creating it
                    if (System.nanoTime() - deadline >= 0) {
                        return null;
                    }
                    sleepUpTo(deadline);
                    continue;
                }
                left = deadline - System.nanoTime();
            }
            byte[] found = null;
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofNanos(Math.max(0, Math.min(left, 100_000_000L))))) {
                byte[] notation = take(r);
                if (notation != null && Arrays.equals(r.key(), fingerprint)) {
                    found = notation;
                }
            }
            if (found != null) {
                return found;
            }
            if (System.nanoTime() - deadline >= 0) {
                return null;
            }
        }
    }

    /** Whether the topic was found (its partitions assigned): false when it does not exist or no broker answered. */
    public synchronized boolean foundTopic() {
        return !partitions.isEmpty();
    }

    /** Whether the topic held a record for {@code fingerprint} whose notation has another fingerprint. */
    public synchronized boolean sawMismatch(byte[] fingerprint) {
        return mismatched.contains(ByteBuffer.wrap(fingerprint));
    }

    private static void sleepUpTo(long deadline) {
        try {
            Thread.sleep(Math.max(1, Math.min(100, (deadline - System.nanoTime()) / 1_000_000)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new org.apache.kafka.common.errors.InterruptException(e);
        }
    }

    private void assignPartitions(long waitNanos) {
        List<PartitionInfo> infos;
        try {
            infos = consumer.partitionsFor(topic, Duration.ofNanos(waitNanos));
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            return;
        }
        if (infos == null || infos.isEmpty()) {
            return;
        }
        List<TopicPartition> assigned = new ArrayList<>();
        for (PartitionInfo p : infos) {
            assigned.add(new TopicPartition(p.topic(), p.partition()));
        }
        consumer.assign(assigned);
        consumer.seekToBeginning(assigned);
        partitions = assigned;
    }

    /** Keeps the record's notation if its fingerprint is its key; returns it, or null when it was refused. */
    private byte[] take(ConsumerRecord<byte[], byte[]> r) {
        byte[] key = r.key();
        byte[] value = r.value();
        if (key == null || key.length != ConnectEnvelope.FINGERPRINT_LENGTH || value == null) {
            LOG.log(System.Logger.Level.WARNING, "Ignoring record at offset {0} of partition {1} of schema topic ''{2}'': "
                    + "a schema record has a key of {3} bytes and a notation as its value", r.offset(), r.partition(),
                    topic, ConnectEnvelope.FINGERPRINT_LENGTH);
            return null;
        }
        if (value.length > maxNotationBytes) {
            LOG.log(System.Logger.Level.WARNING, "Ignoring the notation of fingerprint {0} in schema topic ''{1}'': "
                    + "{2} bytes is longer than the limit of {3}", ConnectEnvelope.hex(key), topic, value.length,
                    maxNotationBytes);
            return null;
        }
        ByteBuffer k = ByteBuffer.wrap(key);
        if (!Arrays.equals(ConnectEnvelope.fingerprint(value), key)) {
            LOG.log(System.Logger.Level.WARNING, "Ignoring the record of fingerprint {0} at offset {1} of partition {2} "
                    + "of schema topic ''{3}'': its notation has the fingerprint {4}", ConnectEnvelope.hex(key),
                    r.offset(), r.partition(), topic, ConnectEnvelope.hex(ConnectEnvelope.fingerprint(value)));
            if (mismatched.size() >= MAX_MISMATCHES_KEPT) {
                Iterator<ByteBuffer> eldest = mismatched.iterator();
                eldest.next();
                eldest.remove();
            }
            mismatched.add(k);
            return null;
        }
        byte[] old = read.put(k, value);
        weight += value.length - (old == null ? 0 : old.length);
        Iterator<Map.Entry<ByteBuffer, byte[]>> eldest = read.entrySet().iterator();
        while (read.size() > maxEntries || weight > maxWeight) {
            weight -= eldest.next().getValue().length;
            eldest.remove();
            dropped = true;
        }
        return value;
    }

    @Override
    public synchronized void close() {
        if (consumer != null) {
            consumer.close(org.apache.kafka.clients.consumer.CloseOptions.timeout(Duration.ofSeconds(5)));
            consumer = null;
        }
    }
}

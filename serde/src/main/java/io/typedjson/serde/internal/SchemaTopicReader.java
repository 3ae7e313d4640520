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
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.utils.Time;
import org.slf4j.LoggerFactory;

/**
 * Resolves schema fingerprints to notations by reading the schema topic (SPEC.md section 11, "reference"): its own
 * consumer, assigned every partition of the topic (no group), reads from the beginning; each record's notation is
 * taken only when the fingerprint of its value equals its key, so whoever writes to the topic cannot change the
 * meaning of records already written. What it read is kept in a bounded map.
 *
 * <p>A lookup of a fingerprint not in the map reads the topic on: to the end it had when the lookup began, then, for
 * a wait above 0, on until the wait has passed since the lookup began (a schema may come late); a wait of 0 reads to
 * that end once and waits for nothing, bounded by the consumer's {@code default.api.timeout.ms}. A fingerprint that
 * was not there when the topic had been read to its end is remembered as missing for a while (a backoff from
 * {@link Options#missingBackoffMs} doubling to {@link Options#missingBackoffMaxMs} while it stays missing, at most
 * {@link Options#maxEntries} fingerprints): lookups of it answer {@link Outcome#KNOWN_ABSENT} at once, so that one bad
 * producer cannot make every record wait. When the end was not reached (no broker answered), nothing is remembered.
 *
 * <p>Thread-safe, and no lookup holds a lock while it waits: the consumer (not thread-safe) is used by one lookup at a
 * time, for at most {@value #STEP_MS} ms at once, and every notation it reads serves every lookup; a fingerprint
 * already read is answered at once whatever another lookup waits for. {@link #close()} wakes the consumer up, waits
 * for the step in progress and closes it; a lookup in progress or begun after it ends as {@link Outcome#CLOSED}, and
 * no consumer is made after it. Errors that waiting cannot cure (authorisation) are thrown as Kafka's own exceptions.
 * Warnings go to SLF4J, one per distinct problem.
 */
public final class SchemaTopicReader implements AutoCloseable {

    private static final OnceLog WARN = new OnceLog(LoggerFactory.getLogger(SchemaTopicReader.class));
    private static final int MAX_MISMATCHES_KEPT = 100;
    /** A day: a longer wait is taken as a day, so that a deadline cannot overflow. */
    private static final long MAX_WAIT_MS = 86_400_000L;
    /** Longest a consumer call of one lookup blocks the others (and {@link #close()}). */
    static final long STEP_MS = 200;

    /**
     * How the reader reads and remembers.
     *
     * @param topic               the schema topic
     * @param maxEntries          most notations kept, and most fingerprints remembered as missing
     * @param maxNotationBytes    longest notation taken from the topic (a longer one is ignored with a warning)
     * @param maxWeight           most bytes of notation kept
     * @param missingBackoffMs    how long a fingerprint found missing is answered missing at once, the first time
     * @param missingBackoffMaxMs the longest that time grows to (doubling while the fingerprint stays missing)
     * @param lookOnceTimeoutMs   bound of a lookup with a wait of 0 (the consumer's {@code default.api.timeout.ms})
     */
    public record Options(String topic, int maxEntries, long maxNotationBytes, long maxWeight, long missingBackoffMs,
            long missingBackoffMaxMs, long lookOnceTimeoutMs) {

        /** The defaults of the backoff: 10 s, doubling to 5 min; 60 s for a lookup that does not wait. */
        public static Options of(String topic, int maxEntries, long maxNotationBytes, long maxWeight) {
            return new Options(topic, maxEntries, maxNotationBytes, maxWeight, 10_000, 300_000, 60_000);
        }
    }

    /** How a lookup ended. */
    public enum Outcome {
        /** The notation: {@link Lookup#notation()}. */
        FOUND,
        /** The topic was read to its end (and the wait waited): no notation of that fingerprint. */
        ABSENT,
        /** Found missing by an earlier lookup, and not looked for again yet ({@link Lookup#retryInMillis()}). */
        KNOWN_ABSENT,
        /** The topic does not exist. */
        NO_TOPIC,
        /** The topic's end was not reached in time: the brokers did not answer ({@link Lookup#problem()}). */
        INCOMPLETE,
        /** The reader was closed. */
        CLOSED
    }

    /**
     * What a lookup gave.
     *
     * @param notation      the UTF-8 notation when {@link Outcome#FOUND}, else null
     * @param mismatch      whether the topic held a record under that fingerprint whose notation has another one
     * @param missingFor    how long the fingerprint has been known missing ({@link Outcome#KNOWN_ABSENT})
     * @param retryInMillis how long until it is looked for again ({@link Outcome#KNOWN_ABSENT}, {@link Outcome#ABSENT})
     * @param problem       the last error of the consumer ({@link Outcome#INCOMPLETE}), or null
     * @param looked        whether this lookup read the topic (false: answered from what was read before)
     */
    public record Lookup(Outcome outcome, byte[] notation, boolean mismatch, long missingFor, long retryInMillis,
            String problem, boolean looked) {

        /**
         * Why no notation came, for an error message: {@code no schema of fingerprint <hex> in schema topic '<t>' ...}.
         *
         * @param waitKey    the property of the wait, named after it (or null)
         * @param backoffKey the property of the missing backoff (or null)
         */
        public String describe(byte[] fingerprint, String topic, long waitMillis, String waitKey, String backoffKey) {
            String hex = ConnectEnvelope.hex(fingerprint);
            String waited = waitMillis == 0 ? "after reading it to its end once (" + (waitKey == null ? "wait" : waitKey)
                    + "=0: no waiting)" : "after waiting " + waitMillis + " ms" + (waitKey == null ? "" : " (" + waitKey + ")");
            String forged = mismatch ? "; the topic holds a notation under that fingerprint whose own fingerprint "
                    + "differs, which is refused" : "";
            return switch (outcome) {
                case FOUND -> "found";
                case ABSENT -> "no schema of fingerprint " + hex + " in schema topic '" + topic + "' " + waited + forged;
                case KNOWN_ABSENT -> "no schema of fingerprint " + hex + " in schema topic '" + topic + "': it was not "
                        + "there when the topic was last read to its end, " + missingFor + " ms ago, and is looked for "
                        + "again in " + retryInMillis + " ms" + (backoffKey == null ? "" : " (" + backoffKey + ")") + forged;
                case NO_TOPIC -> "no schema of fingerprint " + hex + " in schema topic '" + topic + "' " + waited
                        + "; the topic was not found: it does not exist yet, or no broker of bootstrap.servers answered";
                case INCOMPLETE -> "cannot read schema topic '" + topic + "' for the schema of fingerprint " + hex
                        + ": its end was not reached " + (waitMillis == 0 ? "within the consumer's default.api.timeout.ms"
                        : "within " + waitMillis + " ms" + (waitKey == null ? "" : " (" + waitKey + ")"))
                        + (problem == null ? "" : "; last error: " + problem);
                case CLOSED -> "closed while looking for the schema of fingerprint " + hex + " in schema topic '"
                        + topic + "'";
            };
        }
    }

    private final Supplier<Consumer<byte[], byte[]>> newConsumer;
    private final Options options;
    private final Time time;

    /** Guards the maps below; held only briefly, never while a consumer call blocks. */
    private final Object state = new Object();
    private final LinkedHashMap<ByteBuffer, byte[]> read = new LinkedHashMap<>(16, 0.75f, true);
    private final Set<ByteBuffer> mismatched = new LinkedHashSet<>();
    private final LinkedHashMap<ByteBuffer, Missing> missing = new LinkedHashMap<>(16, 0.75f, true);
    private long weight;
    private boolean dropped;
    private volatile boolean closed;

    /** Held by the lookup using the consumer, one step at a time; the fields below are used only under it. */
    private final ReentrantLock consumerLock = new ReentrantLock();
    private volatile Consumer<byte[], byte[]> consumer;
    private List<TopicPartition> partitions = List.of();

    private record Missing(long sinceMs, long untilMs, int times) {
    }

    /** What one lookup knows of its progress. */
    private static final class Progress {
        final ByteBuffer key;
        /** The notation, when a step read it (the bounded map may have dropped it again in the same poll). */
        byte[] found;
        boolean rewind;
        Map<TopicPartition, Long> end;
        boolean reachedEnd;
        boolean noTopic;
        String problem;

        Progress(ByteBuffer key) {
            this.key = key;
        }
    }

    /**
     * @param consumerConfig the consumer's settings ({@code bootstrap.servers}, security); deserializers, group and
     *                       offset commits are this class's
     */
    public SchemaTopicReader(Map<String, Object> consumerConfig, Options options) {
        this(kafkaConsumer(ownSettings(consumerConfig)), withLookOnceTimeout(options, consumerConfig), Time.SYSTEM);
    }

    /** With the consumer {@code newConsumer} makes on first use (a test's MockConsumer) and a clock (a MockTime). */
    public SchemaTopicReader(Supplier<Consumer<byte[], byte[]>> newConsumer, Options options, Time time) {
        this.newConsumer = newConsumer;
        this.options = options;
        this.time = time;
    }

    private static Options withLookOnceTimeout(Options o, Map<String, Object> consumerConfig) {
        Object configured = consumerConfig.get(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
        long timeout = configured == null ? o.lookOnceTimeoutMs() : Long.parseLong(configured.toString().trim());
        return new Options(o.topic(), o.maxEntries(), o.maxNotationBytes(), o.maxWeight(), o.missingBackoffMs(),
                o.missingBackoffMaxMs(), timeout);
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
        return options.topic();
    }

    /** How many fingerprints are known missing now (answered {@link Outcome#KNOWN_ABSENT} without a look). */
    public int knownMissing() {
        long now = time.milliseconds();
        synchronized (state) {
            return (int) missing.values().stream().filter(m -> now < m.untilMs).count();
        }
    }

    /**
     * Looks for the notation whose fingerprint is {@code fingerprint}: at once when it was read before, else by reading
     * the topic for at most {@code waitMillis} (0: to its current end, once).
     */
    public Lookup resolve(byte[] fingerprint, long waitMillis) {
        ByteBuffer key = ByteBuffer.wrap(fingerprint.clone());
        long start = time.milliseconds();
        Progress progress = new Progress(key);
        synchronized (state) {
            Lookup known = known(key, start);
            if (known != null) {
                return known;
            }
            progress.rewind = dropped; // what was dropped from the map may be what is looked for
            dropped = false;
        }
        long deadline = start + (waitMillis > 0 ? Math.min(waitMillis, MAX_WAIT_MS) : options.lookOnceTimeoutMs());
        while (true) {
            synchronized (state) {
                if (progress.found != null && !closed) {
                    return new Lookup(Outcome.FOUND, progress.found, false, 0, 0, null, true);
                }
                if (closed || read.containsKey(key)) {
                    Lookup known = known(key, start);
                    return new Lookup(known.outcome(), known.notation(), false, 0, 0, null, true);
                }
            }
            long left = deadline - time.milliseconds();
            if (left <= 0 || (waitMillis == 0 && progress.reachedEnd)) {
                return notFound(key, progress);
            }
            boolean mine;
            try {
                mine = consumerLock.tryLock(Math.min(left, STEP_MS), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptException(e);
            }
            if (mine) {
                try {
                    step(progress, Math.min(left, STEP_MS), waitMillis);
                } finally {
                    consumerLock.unlock();
                }
            }
        }
    }

    /** The answer without reading: closed, found, known missing; null when the topic must be read. */
    private Lookup known(ByteBuffer key, long now) {
        if (closed) {
            return new Lookup(Outcome.CLOSED, null, false, 0, 0, null, false);
        }
        byte[] notation = read.get(key);
        if (notation != null) {
            return new Lookup(Outcome.FOUND, notation, false, 0, 0, null, false);
        }
        Missing m = missing.get(key);
        if (m != null && now < m.untilMs) {
            return new Lookup(Outcome.KNOWN_ABSENT, null, mismatched.contains(key), now - m.sinceMs, m.untilMs - now,
                    null, false);
        }
        return null;
    }

    /** The lookup's time is up, or it has read to the end without waiting: absent, or not known. */
    private Lookup notFound(ByteBuffer key, Progress p) {
        long now = time.milliseconds();
        String topic = options.topic();
        synchronized (state) {
            if (closed) {
                return new Lookup(Outcome.CLOSED, null, false, 0, 0, null, true);
            }
            boolean mismatch = mismatched.contains(key);
            if (!p.reachedEnd) {
                WARN.warn("unreachable:" + topic, "Cannot read schema topic '{}' to its end in the time a lookup has ({}): "
                        + "records whose schema this reader has not read yet are refused until it can", topic,
                        p.problem == null ? "no records came" : p.problem);
                return new Lookup(Outcome.INCOMPLETE, null, mismatch, 0, 0, p.problem, true);
            }
            Missing before = missing.get(key);
            int times = before == null ? 1 : before.times + 1;
            long backoff = Math.min(options.missingBackoffMaxMs(),
                    options.missingBackoffMs() << Math.min(times - 1, 30));
            missing.put(key, new Missing(before == null ? now : before.sinceMs, now + backoff, times));
            if (missing.size() > options.maxEntries()) {
                Iterator<ByteBuffer> eldest = missing.keySet().iterator();
                eldest.next();
                eldest.remove();
            }
            String hex = ConnectEnvelope.hex(key.array());
            if (p.noTopic) {
                WARN.warn("no-topic:" + topic, "Schema topic '{}' does not exist: records that refer to a schema in it "
                        + "are refused (each fingerprint looked for again after {} ms, backing off to {} ms)", topic,
                        options.missingBackoffMs(), options.missingBackoffMaxMs());
            } else {
                WARN.warn("absent:" + topic + ":" + hex, "No schema of fingerprint {} in schema topic '{}' (read to its "
                        + "end{}): records that refer to it are refused at once for {} ms, then it is looked for again "
                        + "(backing off to {} ms while it stays missing)", hex, topic,
                        mismatch ? "; a record under that key holds a notation of another fingerprint" : "",
                        backoff, options.missingBackoffMaxMs());
            }
            return new Lookup(p.noTopic ? Outcome.NO_TOPIC : Outcome.ABSENT, null, mismatch, 0, backoff, null, true);
        }
    }

    /** One step with the consumer (held alone): find the partitions, note the end, read what comes. */
    private void step(Progress p, long stepMillis, long waitMillis) {
        if (closed) {
            return;
        }
        Consumer<byte[], byte[]> c = consumer;
        if (c == null) {
            consumer = c = newConsumer.get();
        }
        Duration step = Duration.ofMillis(Math.max(1, stepMillis));
        try {
            if (partitions.isEmpty()) {
                List<PartitionInfo> infos = c.partitionsFor(options.topic(), step);
                if (infos == null || infos.isEmpty()) { // no such topic (yet): a writer may be creating it
                    p.noTopic = true;
                    p.reachedEnd = true; // nothing to read
                    if (waitMillis > 0) {
                        time.sleep(Math.min(stepMillis, 100));
                    }
                    return;
                }
                List<TopicPartition> assigned = new ArrayList<>();
                for (PartitionInfo info : infos) {
                    assigned.add(new TopicPartition(info.topic(), info.partition()));
                }
                c.assign(assigned);
                c.seekToBeginning(assigned);
                partitions = assigned;
                p.rewind = false;
            }
            p.noTopic = false;
            if (p.rewind) {
                c.seekToBeginning(partitions);
                p.rewind = false;
            }
            if (p.end == null) {
                p.end = c.endOffsets(partitions, step);
            }
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            c.poll(step).forEach(records::add);
            synchronized (state) {
                for (ConsumerRecord<byte[], byte[]> r : records) {
                    byte[] notation = take(r);
                    if (notation != null && p.key.equals(ByteBuffer.wrap(r.key()))) {
                        p.found = notation;
                    }
                }
            }
            if (!p.reachedEnd && reached(c, p.end, step)) {
                p.reachedEnd = true;
                p.problem = null;
                WARN.forget("unreachable:" + options.topic(), "Schema topic '{}' read to its end again", options.topic());
            }
        } catch (TimeoutException e) {
            p.problem = e.toString();
        } catch (WakeupException e) {
            if (!closed) {
                throw e;
            }
        }
    }

    private boolean reached(Consumer<byte[], byte[]> c, Map<TopicPartition, Long> end, Duration step) {
        for (TopicPartition tp : partitions) {
            Long last = end.get(tp);
            if (last != null && c.position(tp, step) < last) {
                return false;
            }
        }
        return true;
    }

    /** Keeps the record's notation if its fingerprint is its key, and returns it; null when refused (state lock held). */
    private byte[] take(ConsumerRecord<byte[], byte[]> r) {
        byte[] key = r.key();
        byte[] value = r.value();
        String topic = options.topic();
        String where = "record:" + topic + ":" + r.partition() + ":" + r.offset();
        if (key == null || key.length != ConnectEnvelope.FINGERPRINT_LENGTH || value == null) {
            WARN.warn(where, "Ignoring the record at offset {} of partition {} of schema topic '{}': a schema record has "
                    + "a key of {} bytes and a notation as its value", r.offset(), r.partition(), topic,
                    ConnectEnvelope.FINGERPRINT_LENGTH);
            return null;
        }
        if (value.length > options.maxNotationBytes()) {
            WARN.warn(where, "Ignoring the notation of fingerprint {} at offset {} of partition {} of schema topic '{}': "
                    + "{} bytes is longer than the limit of {}", ConnectEnvelope.hex(key), r.offset(), r.partition(),
                    topic, value.length, options.maxNotationBytes());
            return null;
        }
        ByteBuffer k = ByteBuffer.wrap(key);
        if (!Arrays.equals(ConnectEnvelope.fingerprint(value), key)) {
            WARN.warn(where, "Ignoring the record of fingerprint {} at offset {} of partition {} of schema topic '{}': its "
                    + "notation has the fingerprint {}", ConnectEnvelope.hex(key), r.offset(), r.partition(), topic,
                    ConnectEnvelope.hex(ConnectEnvelope.fingerprint(value)));
            if (mismatched.size() >= MAX_MISMATCHES_KEPT) {
                Iterator<ByteBuffer> eldest = mismatched.iterator();
                eldest.next();
                eldest.remove();
            }
            mismatched.add(k);
            return null;
        }
        missing.remove(k);
        byte[] old = read.put(k, value);
        weight += value.length - (old == null ? 0 : old.length);
        Iterator<Map.Entry<ByteBuffer, byte[]>> eldest = read.entrySet().iterator();
        while (read.size() > options.maxEntries() || weight > options.maxWeight()) {
            weight -= eldest.next().getValue().length;
            eldest.remove();
            dropped = true;
        }
        return value;
    }

    /**
     * Ends every lookup (in progress: at its next step, the consumer woken up) and closes the consumer once the step in
     * progress has let it go; no consumer is made after this.
     */
    @Override
    public void close() {
        synchronized (state) {
            if (closed) {
                return;
            }
            closed = true;
        }
        Consumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        consumerLock.lock();
        try {
            c = consumer;
            consumer = null;
            if (c != null) {
                c.close(CloseOptions.timeout(Duration.ofSeconds(5)));
            }
        } finally {
            consumerLock.unlock();
        }
    }
}

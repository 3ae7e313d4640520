package io.typedjson.connect;

import io.typedjson.format.ConnectEnvelope;
import io.typedjson.serde.internal.OnceLog;
import io.typedjson.serde.internal.SchemaTopicReader;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.connect.errors.DataException;

/**
 * Schema location {@code reference} (SPEC.md section 11): schemas written once to the schema topic, keyed by their
 * fingerprint, and fingerprints resolved from it. The clients are made on first use: a converter that never meets a
 * reference never connects. Thread-safe; no lock is held while the topic is read, and {@link #close()} ends a lookup
 * or a write in progress, after which no client is made.
 *
 * <p>The writer remembers what it wrote. That memory goes stale when the topic is deleted (or deleted and created
 * again, empty): so every {@link SchemaTopicSettings#checkIntervalMillis} (looked at on one record in 64) and after a
 * write that failed, it compares the topic's id (KIP-516) with the one it wrote to, and when the topic is gone or new
 * it creates it if need be and forgets what it wrote: each schema is written again before its next record.
 */
final class SchemaReferences implements AutoCloseable {

    private static final OnceLog WARN = OnceLog.of(SchemaReferences.class);
    private static final long ADMIN_TIMEOUT_MS = 60_000;
    /** Bound of a check of the topic in the record path: a broker that does not answer delays a record no longer. */
    private static final long CHECK_TIMEOUT_MS = 5_000;

    private final SchemaTopicSettings settings;
    private final SchemaCache cache;
    private final Time time;
    /** Fingerprints this converter wrote (or found written), each with its schema. */
    private final SchemaCache.Lru<ByteBuffer> written;
    /** Fingerprints resolved, each with its schema. */
    private final SchemaCache.Lru<ByteBuffer> resolved;
    private volatile Known lastWritten;
    private volatile Known lastResolved;
    /** The reader of the schema topic (its consumer made on first use); null without bootstrap.servers. */
    private final SchemaTopicReader reader;
    volatile ConverterMetrics metrics;

    /** Guards the writer's clients and {@link #closed}; never held while a client waits for the brokers. */
    private final Object clients = new Object();
    private Producer<byte[], byte[]> producer;
    private Admin admin;
    private final Supplier<Producer<byte[], byte[]>> newProducer;
    private final Supplier<Admin> newAdmin;
    private volatile boolean closed;

    // the writer's view of the topic, under this object's lock (writes and checks go one at a time)
    private boolean topicChecked;
    private Uuid topicId;
    private volatile long checkAtNanos;
    /** Counts records to look at the clock on one in 64; racy on purpose. */
    private int ticks;

    private record Known(byte[] fingerprint, SchemaCache.Entry entry) {
    }

    SchemaReferences(SchemaTopicSettings settings, SchemaCache cache, int maxEntries, long maxNotationBytes) {
        this(settings, cache, maxEntries, maxNotationBytes, Time.SYSTEM);
    }

    SchemaReferences(SchemaTopicSettings settings, SchemaCache cache, int maxEntries, long maxNotationBytes, Time time) {
        this(settings, cache, maxEntries, maxNotationBytes, time, null, null);
    }

    /** With the writer's clients made by {@code newProducer} and {@code newAdmin} (a test's doubles; null: Kafka's). */
    SchemaReferences(SchemaTopicSettings settings, SchemaCache cache, int maxEntries, long maxNotationBytes, Time time,
            Supplier<Producer<byte[], byte[]>> newProducer, Supplier<Admin> newAdmin) {
        this.settings = settings;
        this.newProducer = newProducer != null ? newProducer : this::kafkaProducer;
        this.newAdmin = newAdmin != null ? newAdmin : this::kafkaAdmin;
        this.cache = cache;
        this.time = time;
        this.written = new SchemaCache.Lru<>(maxEntries, SchemaCache.DEFAULT_MAX_WEIGHT);
        this.resolved = new SchemaCache.Lru<>(maxEntries, SchemaCache.DEFAULT_MAX_WEIGHT);
        this.reader = SchemaTopicSettings.hasBootstrap(settings.consumer)
                ? new SchemaTopicReader(settings.consumer, new SchemaTopicReader.Options(settings.topic, maxEntries,
                        maxNotationBytes, SchemaCache.DEFAULT_MAX_WEIGHT, settings.missingBackoffMillis,
                        settings.missingBackoffMaxMillis, 60_000))
                : null;
    }

    String topic() {
        return settings.topic;
    }

    /** The fingerprints the reader knows missing now. */
    int knownMissing() {
        return reader == null ? 0 : reader.knownMissing();
    }

    /**
     * The fingerprint of the entry's schema, after its notation is in the schema topic: the first time, the notation
     * is sent and acknowledged by all in-sync replicas before this returns, so that no record is written before its
     * schema. The wait is bounded by the schema producer's {@code max.block.ms} and {@code delivery.timeout.ms}.
     */
    byte[] written(SchemaCache.Entry entry) {
        Known last = lastWritten;
        boolean checkDue = checkDue();
        if (last != null && last.entry == entry && !checkDue) {
            return last.fingerprint;
        }
        byte[] fingerprint = entry.fingerprint(); // computed once per schema, not per record when schemas alternate
        ByteBuffer key = ByteBuffer.wrap(fingerprint);
        if (checkDue || written.get(key) == null) {
            synchronized (this) {
                if (checkDue && topicChecked && time.nanoseconds() - checkAtNanos >= 0) {
                    checkTopic();
                }
                if (written.get(key) == null) {
                    send(fingerprint, entry.textBytes);
                    written.put(key, entry);
                    ConverterMetrics m = metrics;
                    if (m != null) {
                        m.schemaWritten();
                    }
                }
            }
        }
        lastWritten = new Known(fingerprint, entry);
        return fingerprint;
    }

    /** Whether the topic should be checked: the clock is read on one call in 64 only. */
    private boolean checkDue() {
        return (++ticks & 63) == 0 && time.nanoseconds() - checkAtNanos >= 0;
    }

    private void send(byte[] fingerprint, byte[] notation) {
        String hex = ConnectEnvelope.hex(fingerprint);
        if (!SchemaTopicSettings.hasBootstrap(settings.producer)) {
            throw new SchemaTopicException("schema location reference writes schemas to topic '" + settings.topic
                    + "', and this converter has no bootstrap.servers: set it among the converter's keys (in a "
                    + "worker or connector: value.converter.bootstrap.servers or key.converter.bootstrap.servers)", null);
        }
        try {
            if (!topicChecked) {
                createTopicIfMissing();
                topicChecked = true;
                rememberTopicId();
            }
            producer().send(new ProducerRecord<>(settings.topic, fingerprint, notation)).get();
        } catch (ExecutionException e) {
            throw failedWrite(hex, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SchemaTopicException("Interrupted while writing the schema of fingerprint " + hex + " to schema "
                    + "topic '" + settings.topic + "'", e);
        } catch (DataException e) { // the topic cannot be created, or deletes old records
            topicError();
            throw new SchemaTopicException(e.getMessage(), e);
        } catch (RuntimeException e) {
            throw failedWrite(hex, e);
        }
        WARN.forget("write:" + settings.topic, "Schema topic '{}' takes schemas again", settings.topic);
    }

    private SchemaTopicException failedWrite(String hex, Throwable cause) {
        topicError();
        checkAtNanos = time.nanoseconds(); // the topic may be gone: look at it before the next write
        if (closed) {
            return new SchemaTopicException("Cannot write the schema of fingerprint " + hex + " to schema topic '"
                    + settings.topic + "': the converter was closed", cause);
        }
        String why = cause instanceof org.apache.kafka.common.errors.TimeoutException
                ? "no acknowledgement in time: the schema producer waits at most max.block.ms="
                + settings.producer.getOrDefault(ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000) + " ms for the topic's "
                + "leader and delivery.timeout.ms=" + settings.producer.getOrDefault(
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000) + " ms for the acknowledgement (set them "
                + "with " + SchemaTopicSettings.PRODUCER_PREFIX + "*); " + cause
                : String.valueOf(cause);
        WARN.warn("write:" + settings.topic, "Cannot write schemas to schema topic '{}': {}. Records of schemas not "
                + "written yet are refused until it can", settings.topic, why);
        return new SchemaTopicException("Cannot write the schema of fingerprint " + hex + " to schema topic '"
                + settings.topic + "': " + why, cause);
    }

    private void topicError() {
        ConverterMetrics m = metrics;
        if (m != null) {
            m.topicError();
        }
    }

    private Producer<byte[], byte[]> producer() {
        synchronized (clients) {
            if (closed) {
                throw new DataException("the converter was closed");
            }
            if (producer == null) {
                producer = newProducer.get();
            }
            return producer;
        }
    }

    private Producer<byte[], byte[]> kafkaProducer() {
        Map<String, Object> config = new HashMap<>(settings.producer);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "typedjson-schema-writer-"
                + Integer.toHexString(System.identityHashCode(this)));
        return new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private Admin admin() {
        synchronized (clients) {
            if (closed) {
                throw new DataException("the converter was closed");
            }
            if (admin == null) {
                admin = newAdmin.get();
            }
            return admin;
        }
    }

    private Admin kafkaAdmin() {
        Map<String, Object> config = new HashMap<>(settings.admin.isEmpty()
                || !SchemaTopicSettings.hasBootstrap(settings.admin) ? settings.producer : settings.admin);
        config.putIfAbsent("client.id", "typedjson-schema-admin-" + Integer.toHexString(System.identityHashCode(this)));
        return Admin.create(config);
    }

    /** As Connect's own TopicAdmin: a topic that exists, or that this principal may not create, is left alone. */
    private void createTopicIfMissing() throws InterruptedException {
        Optional<Short> replication = settings.replicationFactor < 0 ? Optional.empty()
                : Optional.of((short) settings.replicationFactor);
        NewTopic topic = new NewTopic(settings.topic, Optional.of(1), replication)
                .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
        Admin admin = admin();
        try {
            try {
                admin.createTopics(List.of(topic)).all().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof TopicExistsException) {
                    checkCompacted(admin);
                } else if (!(cause instanceof TopicAuthorizationException || cause instanceof ClusterAuthorizationException
                        || cause instanceof UnsupportedVersionException)) {
                    throw new DataException("Cannot create schema topic '" + settings.topic + "': " + cause, cause);
                }
            }
        } catch (TimeoutException e) {
            throw new DataException("Cannot create schema topic '" + settings.topic + "': no answer in "
                    + ADMIN_TIMEOUT_MS + " ms", e);
        }
    }

    /**
     * As Connect does for its config topic: a schema topic that deletes old records would lose schemas that records
     * still refer to, so one whose cleanup.policy has no compact is refused (when its configuration can be read).
     */
    private void checkCompacted(Admin admin) throws InterruptedException, TimeoutException {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, settings.topic);
        Config config;
        try {
            config = admin.describeConfigs(List.of(resource)).all().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS).get(resource);
        } catch (ExecutionException e) {
            return; // not allowed to look: the topic is the operator's
        }
        ConfigEntry policy = config == null ? null : config.get(TopicConfig.CLEANUP_POLICY_CONFIG);
        // exactly compact, as Connect's TopicAdmin asks of its config topic: compact,delete still deletes old schemas
        if (policy != null && !java.util.Arrays.stream(policy.value().split(",")).map(String::trim)
                .collect(java.util.stream.Collectors.toSet()).equals(java.util.Set.of(TopicConfig.CLEANUP_POLICY_COMPACT))) {
            throw new DataException("schema topic '" + settings.topic + "' has cleanup.policy=" + policy.value()
                    + ": it would delete schemas that records still refer to; give it cleanup.policy=compact");
        }
    }

    /** The topic's id now (null when it cannot be read: not allowed, or a broker too old to give one). */
    private Uuid describeTopicId(long timeoutMillis) throws InterruptedException, ExecutionException, TimeoutException {
        Uuid id = admin().describeTopics(List.of(settings.topic)).topicNameValues().get(settings.topic)
                .get(timeoutMillis, TimeUnit.MILLISECONDS).topicId();
        return id == null || Uuid.ZERO_UUID.equals(id) ? null : id;
    }

    private void rememberTopicId() throws InterruptedException {
        // a topic just created may not be in the broker's metadata yet: asked again until the check's timeout
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CHECK_TIMEOUT_MS);
        topicId = null; // when still unknown, the next check that learns it writes every schema again (checkTopic)
        while (true) {
            try {
                topicId = describeTopicId(CHECK_TIMEOUT_MS);
                break;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() - deadline >= 0) {
                    break;
                }
                Thread.sleep(50);
            } catch (TimeoutException e) {
                break;
            }
        }
        checkAtNanos = time.nanoseconds() + TimeUnit.MILLISECONDS.toNanos(settings.checkIntervalMillis);
    }

    /**
     * Compares the topic with the one written to (this object's lock held): gone, it is created again; new (another
     * id), what was written is forgotten, so every schema is written again before its next record. A check that gets
     * no answer is tried again at the next interval; the record goes on.
     */
    private void checkTopic() {
        checkAtNanos = time.nanoseconds() + TimeUnit.MILLISECONDS.toNanos(settings.checkIntervalMillis);
        try {
            Uuid now;
            try {
                now = describeTopicId(CHECK_TIMEOUT_MS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                createTopicIfMissing();
                now = describeTopicId(CHECK_TIMEOUT_MS);
            }
            if (topicId != null && now != null && !now.equals(topicId)) {
                WARN.warn("recreated:" + settings.topic + ":" + now, "Schema topic '{}' was deleted (its id was {}, it "
                        + "is {} now): the {} schemas this converter wrote to it are written again, each before its "
                        + "next record", settings.topic, topicId, now, written.size());
                written.clear();
                lastWritten = null;
                checkCompacted(admin());
            } else if (topicId == null && now != null && written.size() > 0) {
                // written while the topic's id could not be read: whether that topic is this one is unknown, and
                // writing a schema again is harmless where missing it is not
                WARN.warn("recreated:" + settings.topic + ":" + now, "Schema topic '{}' has id {}, which could not "
                        + "be read when its {} schemas were written: they are written again, each before its next record",
                        settings.topic, now, written.size());
                written.clear();
                lastWritten = null;
            }
            if (now != null) {
                topicId = now;
            }
            WARN.forget("check:" + settings.topic, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            if (e instanceof DataException && e.getMessage().contains("cleanup.policy")) {
                throw new SchemaTopicException(e.getMessage(), e);
            }
            WARN.warn("check:" + settings.topic, "Cannot check schema topic '{}' (tried again in {} ms): {}",
                    settings.topic, settings.checkIntervalMillis, e instanceof ExecutionException ? e.getCause() : e);
        }
    }

    /** The schema whose fingerprint a record's header carries; a DataException when the topic does not give it. */
    SchemaCache.Entry resolve(byte[] fingerprint) {
        Known last = lastResolved;
        ConverterMetrics m = metrics;
        if (last != null && java.util.Arrays.equals(last.fingerprint, fingerprint)) {
            if (m != null) {
                m.cacheHit();
            }
            return last.entry;
        }
        ByteBuffer key = ByteBuffer.wrap(fingerprint.clone());
        SchemaCache.Entry entry = resolved.get(key);
        if (entry == null) {
            entry = fromTopic(key.array());
            resolved.put(key, entry);
        } else if (m != null) {
            m.cacheHit();
        }
        lastResolved = new Known(key.array(), entry);
        return entry;
    }

    private SchemaCache.Entry fromTopic(byte[] fingerprint) {
        String hex = ConnectEnvelope.hex(fingerprint);
        if (reader == null) {
            throw new SchemaTopicException("the schema of fingerprint " + hex + " is in schema topic '" + settings.topic
                    + "', and this converter has no bootstrap.servers to read it: set it among the converter's keys "
                    + "(in a worker or connector: value.converter.bootstrap.servers or key.converter.bootstrap.servers)", null);
        }
        ConverterMetrics m = metrics;
        long start = time.nanoseconds();
        SchemaTopicReader.Lookup found;
        try {
            found = reader.resolve(fingerprint, settings.waitMillis);
        } catch (RuntimeException e) {
            if (m != null) {
                m.topicError();
            }
            throw new SchemaTopicException("Cannot read schema topic '" + settings.topic
                    + "' for the schema of fingerprint " + hex + ": " + e, e);
        }
        SchemaTopicReader.Outcome outcome = found.outcome();
        if (m != null && found.looked()) {
            m.lookup(time.nanoseconds() - start);
        }
        if (found.notation() == null) {
            if (m != null && outcome == SchemaTopicReader.Outcome.INCOMPLETE) {
                m.topicError();
            }
            throw new SchemaTopicException(outcome == SchemaTopicReader.Outcome.CLOSED
                    ? "the converter was closed while looking for the schema of fingerprint " + hex + " in schema topic '"
                    + settings.topic + "'"
                    : found.describe(fingerprint, settings.topic, settings.waitMillis,
                    TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS, TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MS), null);
        }
        try {
            return cache.forText(found.notation());
        } catch (RuntimeException e) {
            throw new DataException("the schema of fingerprint " + hex + " in schema topic '" + settings.topic
                    + "' is refused: " + TypedJsonConverter.message(e), e);
        }
    }

    /**
     * Closes the clients; a lookup or a write in progress ends (the reader's consumer is woken up, a send waiting for
     * its acknowledgement fails), and none is made after this.
     */
    @Override
    public void close() {
        Producer<byte[], byte[]> p;
        Admin a;
        synchronized (clients) {
            closed = true;
            p = producer;
            a = admin;
            producer = null;
            admin = null;
        }
        if (reader != null) {
            reader.close();
        }
        if (p != null) {
            p.close(Duration.ofSeconds(5));
        }
        if (a != null) {
            a.close(Duration.ofSeconds(5));
        }
    }
}

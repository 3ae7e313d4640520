package io.typedjson.connect;

import io.typedjson.format.ConnectEnvelope;
import io.typedjson.serde.internal.SchemaTopicReader;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.errors.DataException;

/**
 * Schema location {@code reference} (SPEC.md section 11): schemas written once to the schema topic, keyed by their
 * fingerprint, and fingerprints resolved from it. The clients are made on first use: a converter that never
 * meets a reference never connects. Thread-safe.
 */
final class SchemaReferences implements AutoCloseable {

    private static final long ADMIN_TIMEOUT_MS = 60_000;

    private final SchemaTopicSettings settings;
    private final SchemaCache cache;
    private final long maxNotationBytes;
    /** Fingerprints this converter wrote (or found written), each with its schema. */
    private final SchemaCache.Lru<ByteBuffer> written;
    /** Fingerprints resolved, each with its schema. */
    private final SchemaCache.Lru<ByteBuffer> resolved;
    private volatile Known lastWritten;
    private volatile Known lastResolved;
    private Producer<byte[], byte[]> producer;
    private SchemaTopicReader reader;
    private boolean topicChecked;
    private final Object readLock = new Object();
    private final int maxEntries;

    private record Known(byte[] fingerprint, SchemaCache.Entry entry) {
    }

    SchemaReferences(SchemaTopicSettings settings, SchemaCache cache, int maxEntries, long maxNotationBytes) {
        this.settings = settings;
        this.cache = cache;
        this.maxNotationBytes = maxNotationBytes;
        this.maxEntries = maxEntries;
        this.written = new SchemaCache.Lru<>(maxEntries, SchemaCache.DEFAULT_MAX_WEIGHT);
        this.resolved = new SchemaCache.Lru<>(maxEntries, SchemaCache.DEFAULT_MAX_WEIGHT);
    }

    String topic() {
        return settings.topic;
    }

    /**
     * The fingerprint of the entry's schema, after its notation is in the schema topic: the first time, the
     * notation is sent and acknowledged by all in-sync replicas before this returns, so that no record is written
     * before its schema.
     */
    byte[] written(SchemaCache.Entry entry) {
        Known last = lastWritten;
        if (last != null && last.entry == entry) {
            return last.fingerprint;
        }
        byte[] fingerprint = entry.fingerprint(); // computed once per schema, not per record when schemas alternate
        ByteBuffer key = ByteBuffer.wrap(fingerprint);
        if (written.get(key) == null) {
            synchronized (this) {
                if (written.get(key) == null) {
                    send(fingerprint, entry.textBytes);
                    written.put(key, entry);
                }
            }
        }
        lastWritten = new Known(fingerprint, entry);
        return fingerprint;
    }

    private void send(byte[] fingerprint, byte[] notation) {
        if (!SchemaTopicSettings.hasBootstrap(settings.producer)) {
            throw new DataException("schema location reference writes schemas to topic '" + settings.topic
                    + "', and this converter has no bootstrap.servers: set it among the converter's keys (in a "
                    + "worker or connector: value.converter.bootstrap.servers or key.converter.bootstrap.servers)");
        }
        try {
            if (!topicChecked) {
                createTopicIfMissing();
                topicChecked = true;
            }
            if (producer == null) {
                Map<String, Object> config = new java.util.HashMap<>(settings.producer);
                config.put(ProducerConfig.ACKS_CONFIG, "all");
                config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
                config.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "typedjson-schema-writer-" + Integer.toHexString(System.identityHashCode(this)));
                producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
            }
            producer.send(new ProducerRecord<>(settings.topic, fingerprint, notation)).get();
        } catch (ExecutionException e) {
            throw new DataException("Cannot write the schema of fingerprint " + ConnectEnvelope.hex(fingerprint)
                    + " to schema topic '" + settings.topic + "': " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataException("Interrupted while writing the schema of fingerprint "
                    + ConnectEnvelope.hex(fingerprint) + " to schema topic '" + settings.topic + "'", e);
        } catch (RuntimeException e) {
            throw new DataException("Cannot write the schema of fingerprint " + ConnectEnvelope.hex(fingerprint)
                    + " to schema topic '" + settings.topic + "': " + e, e);
        }
    }

    /** As Connect's own TopicAdmin: a topic that exists, or that this principal may not create, is left alone. */
    private void createTopicIfMissing() throws InterruptedException {
        Optional<Short> replication = settings.replicationFactor < 0 ? Optional.empty()
                : Optional.of((short) settings.replicationFactor);
        NewTopic topic = new NewTopic(settings.topic, Optional.of(1), replication)
                .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
        try (Admin admin = Admin.create(settings.admin.isEmpty() || !SchemaTopicSettings.hasBootstrap(settings.admin)
                ? settings.producer : settings.admin)) {
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

    /** The schema whose fingerprint a record's header carries; a DataException when the topic does not give it. */
    SchemaCache.Entry resolve(byte[] fingerprint) {
        Known last = lastResolved;
        if (last != null && java.util.Arrays.equals(last.fingerprint, fingerprint)) {
            return last.entry;
        }
        ByteBuffer key = ByteBuffer.wrap(fingerprint.clone());
        SchemaCache.Entry entry = resolved.get(key);
        if (entry == null) {
            entry = fromTopic(key.array());
            resolved.put(key, entry);
        }
        lastResolved = new Known(key.array(), entry);
        return entry;
    }

    private SchemaCache.Entry fromTopic(byte[] fingerprint) {
        String hex = ConnectEnvelope.hex(fingerprint);
        if (!SchemaTopicSettings.hasBootstrap(settings.consumer)) {
            throw new DataException("the schema of fingerprint " + hex + " is in schema topic '" + settings.topic
                    + "', and this converter has no bootstrap.servers to read it: set it among the converter's keys "
                    + "(in a worker or connector: value.converter.bootstrap.servers or key.converter.bootstrap.servers)");
        }
        byte[] notation;
        boolean mismatch;
        boolean noTopic;
        synchronized (readLock) {
            if (reader == null) {
                reader = new SchemaTopicReader(settings.consumer, settings.topic, maxEntries, maxNotationBytes,
                        SchemaCache.DEFAULT_MAX_WEIGHT);
            }
            try {
                notation = reader.resolve(fingerprint, settings.waitMillis);
            } catch (RuntimeException e) {
                throw new DataException("Cannot read schema topic '" + settings.topic + "' for the schema of fingerprint "
                        + hex + ": " + e, e);
            }
            mismatch = notation == null && reader.sawMismatch(fingerprint);
            noTopic = notation == null && !reader.foundTopic();
        }
        if (notation == null) {
            throw new DataException("no schema of fingerprint " + hex + " in schema topic '" + settings.topic
                    + "' after waiting " + settings.waitMillis + " ms (" + TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS + ")"
                    + (mismatch ? "; the topic holds a notation under that fingerprint whose own fingerprint differs, "
                    + "which is refused" : "")
                    + (noTopic ? "; the topic was not found: it does not exist yet, or no broker of bootstrap.servers "
                    + "answered" : ""));
        }
        try {
            return cache.forText(notation);
        } catch (RuntimeException e) {
            throw new DataException("the schema of fingerprint " + hex + " in schema topic '" + settings.topic
                    + "' is refused: " + TypedJsonConverter.message(e), e);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (producer != null) {
                producer.close(Duration.ofSeconds(5));
                producer = null;
            }
        }
        synchronized (readLock) {
            if (reader != null) {
                reader.close();
                reader = null;
            }
        }
    }
}

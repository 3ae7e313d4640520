package io.typedjson.connect;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/**
 * The settings of schema location {@code reference}: the schema topic and the clients that write and read it.
 *
 * <p>A Connect worker gives a converter only its own keys ({@code value.converter.*} of the worker or the
 * connector, the prefix removed), not the worker's {@code bootstrap.servers}: so the clients take their settings
 * the way Connect's internal topics take the worker's, from the converter's own keys. Every key of the converter's
 * configuration that the client knows ({@code bootstrap.servers}, {@code security.protocol}, {@code ssl.*},
 * {@code sasl.*}, ...) is the base of all three clients; keys under {@code typedjson.schema.topic.producer.},
 * {@code .consumer.} and {@code .admin.} override it for one client.
 */
final class SchemaTopicSettings {

    static final String PRODUCER_PREFIX = TypedJsonConverterConfig.SCHEMA_TOPIC + ".producer.";
    static final String CONSUMER_PREFIX = TypedJsonConverterConfig.SCHEMA_TOPIC + ".consumer.";
    static final String ADMIN_PREFIX = TypedJsonConverterConfig.SCHEMA_TOPIC + ".admin.";

    /** A day: longer than any wait that makes sense, and far from overflowing a deadline in nanoseconds. */
    static final long MAX_WAIT_MS = 86_400_000L;

    final String topic;
    final int replicationFactor;
    final long waitMillis;
    final long missingBackoffMillis;
    final long missingBackoffMaxMillis;
    final long checkIntervalMillis;
    final Map<String, Object> producer;
    final Map<String, Object> consumer;
    final Map<String, Object> admin;

    SchemaTopicSettings(TypedJsonConverterConfig config, Map<String, ?> originals) {
        this.topic = config.getString(TypedJsonConverterConfig.SCHEMA_TOPIC).trim();
        this.replicationFactor = config.getInt(TypedJsonConverterConfig.SCHEMA_TOPIC_REPLICATION_FACTOR);
        this.waitMillis = config.getLong(TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS);
        this.missingBackoffMillis = config.getLong(TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MS);
        this.missingBackoffMaxMillis = Math.max(missingBackoffMillis,
                config.getLong(TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MAX_MS));
        this.checkIntervalMillis = config.getLong(TypedJsonConverterConfig.SCHEMA_TOPIC_CHECK_INTERVAL_MS);
        this.producer = client(originals, ProducerConfig.configNames(), PRODUCER_PREFIX);
        this.consumer = client(originals, ConsumerConfig.configNames(), CONSUMER_PREFIX);
        this.admin = client(originals, AdminClientConfig.configNames(), ADMIN_PREFIX);
        if (topic.isEmpty()) {
            throw new ConfigException(TypedJsonConverterConfig.SCHEMA_TOPIC, topic, "must name a topic");
        }
    }

    /** The keys {@code known} to the client, then those under the client's own prefix (prefix removed). */
    private static Map<String, Object> client(Map<String, ?> originals, Set<String> known, String prefix) {
        Map<String, Object> out = new HashMap<>();
        originals.forEach((k, v) -> {
            if (known.contains(k) && !k.startsWith("typedjson.") && v != null) {
                out.put(k, v);
            }
        });
        originals.forEach((k, v) -> {
            if (k.startsWith(prefix) && k.length() > prefix.length() && v != null) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        return out;
    }

    static boolean hasBootstrap(Map<String, Object> client) {
        Object servers = client.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
        return servers != null && !servers.toString().isBlank();
    }

    static void define(ConfigDef def) {
        def.define(TypedJsonConverterConfig.SCHEMA_TOPIC, Type.STRING,
                        io.typedjson.format.ConnectEnvelope.DEFAULT_SCHEMA_TOPIC, new ConfigDef.NonEmptyString(), Importance.MEDIUM,
                        "The compacted topic of schema location reference: key the schema's fingerprint (16 bytes: "
                                + "the first 128 bits of SHA-256 over the notation's UTF-8 bytes), value the notation. "
                                + "Share it between the key and value converters and across workers. Its clients take "
                                + "this converter's own Kafka client keys (bootstrap.servers, security.protocol, ssl.*, "
                                + "sasl.*: in a worker value.converter.bootstrap.servers and so on), overridden per "
                                + "client by keys under " + PRODUCER_PREFIX + ", " + CONSUMER_PREFIX + " and "
                                + ADMIN_PREFIX + ". A writer creates the topic with cleanup.policy=compact when "
                                + "it is missing.")
                .define(TypedJsonConverterConfig.SCHEMA_TOPIC_REPLICATION_FACTOR, Type.INT, -1,
                        new ConfigDef.Validator() {
                            @Override
                            public void ensureValid(String name, Object value) {
                                if (value == null || (Integer) value == 0 || (Integer) value < -1 || (Integer) value > Short.MAX_VALUE) {
                                    throw new ConfigException(name, value, "must be -1 (the broker's default) or from 1 to "
                                            + Short.MAX_VALUE);
                                }
                            }

                            @Override
                            public String toString() {
                                return "-1, or 1 to " + Short.MAX_VALUE;
                            }
                        }, Importance.LOW,
                        "Replication factor of the schema topic when the converter creates it; -1: the broker's "
                                + "default.replication.factor.")
                .define(TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS, Type.LONG, 10_000L, Range.between(0L, MAX_WAIT_MS),
                        Importance.LOW,
                        "How long a reader looks for a schema it has not read yet: it reads the schema topic to its "
                                + "end and then waits for the schema to come (it may be written late), until this "
                                + "much time has passed since the lookup began; then the record is refused with a "
                                + "DataException naming the fingerprint and the topic. 0: read the topic to its end "
                                + "once and wait for nothing (as poll(0) takes what is there), bounded by the "
                                + "consumer's default.api.timeout.ms. A fingerprint absent from a topic read to its end "
                                + "is then refused at once for a while (" + TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MS
                                + "); when the end cannot be read in time (no broker answers), nothing is remembered. "
                                + "In a Connect worker keep it below task.shutdown.graceful.timeout.ms (5 s by default) "
                                + "if tasks must stop while a lookup waits.")
                .define(TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MS, Type.LONG, 10_000L,
                        Range.between(0L, MAX_WAIT_MS), Importance.LOW,
                        "How long a fingerprint that was not in the schema topic when it had been read to its end "
                                + "is refused at once, without reading the topic again: records that refer to it fail "
                                + "fast (their DataException still names the fingerprint and the topic) instead of each "
                                + "waiting " + TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS + ", and other schemas "
                                + "keep resolving. The time doubles each time the fingerprint is found missing again, "
                                + "up to " + TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MAX_MS + "; a "
                                + "notation of it read meanwhile (another lookup reads the topic) is taken at once. "
                                + "At most " + TypedJsonConverterConfig.SCHEMA_CACHE_SIZE + " fingerprints are "
                                + "remembered. 0: remember none.")
                .define(TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MAX_MS, Type.LONG, 300_000L,
                        Range.between(0L, MAX_WAIT_MS), Importance.LOW,
                        "The longest time a fingerprint found missing is refused without a look (the backoff of "
                                + TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MS + " doubles up to it).")
                .define(TypedJsonConverterConfig.SCHEMA_TOPIC_CHECK_INTERVAL_MS, Type.LONG, 60_000L,
                        Range.between(100L, MAX_WAIT_MS), Importance.LOW,
                        "How often a writer checks, by the schema topic's id, that the topic it wrote its schemas "
                                + "to is still there: a topic deleted, or deleted and created again, has lost them, so "
                                + "the writer forgets what it wrote and writes each schema again before its next "
                                + "record (and creates the topic, compacted, when it is gone). Records written between "
                                + "the deletion and the check refer to schemas a new reader will not find.");
    }
}

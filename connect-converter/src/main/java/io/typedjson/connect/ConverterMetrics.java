package io.typedjson.connect;

import io.typedjson.serde.internal.RecordMetrics;
import io.typedjson.serde.internal.Refusal;
import java.util.LinkedHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import org.apache.kafka.common.metrics.Gauge;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.Avg;
import org.apache.kafka.common.metrics.stats.Max;

/**
 * The metrics of one converter instance (key, value or header converter of a Connect task), registered through the
 * {@link PluginMetrics} the worker gives it (KIP-877): the records written and read ({@link RecordMetrics}), and where
 * schemas come from: the converter's schema caches, the schema topic of location reference (lookups and their time,
 * schemas written, errors, fingerprints known missing). docs/operations.md lists them.
 */
final class ConverterMetrics {

    final RecordMetrics write;
    final RecordMetrics read;
    private final LongAdder cacheHits = new LongAdder();
    private final LongAdder cacheMisses = new LongAdder();
    private final LongAdder lookups = new LongAdder();
    private final LongAdder written = new LongAdder();
    private final LongAdder topicErrors = new LongAdder();
    private final Sensor lookupTime;

    /** @param knownMissing the fingerprints the schema topic's reader knows missing now */
    ConverterMetrics(PluginMetrics metrics, IntSupplier knownMissing) {
        write = RecordMetrics.register(metrics, RecordMetrics.Direction.WRITE, Refusal.WRITES, "records");
        read = RecordMetrics.register(metrics, RecordMetrics.Direction.READ, Refusal.CONVERTER_READS, "records");
        LinkedHashMap<String, String> none = new LinkedHashMap<>();
        metrics.addMetric(metrics.metricName("schema-cache-hits-total", "The number of records whose schema was found "
                + "compiled in the converter's caches.", none), (Measurable) (config, now) -> cacheHits.sum());
        metrics.addMetric(metrics.metricName("schema-cache-misses-total", "The number of schemas compiled because no "
                + "cache held them (a new schema, or one the bounded caches had dropped).", none),
                (Measurable) (config, now) -> cacheMisses.sum());
        metrics.addMetric(metrics.metricName("schema-topic-lookups-total", "The number of times location reference "
                + "read the schema topic for a fingerprint it had not read (answers from memory, known missing "
                + "ones included, are not lookups).", none), (Measurable) (config, now) -> lookups.sum());
        metrics.addMetric(metrics.metricName("schemas-written-total", "The number of schemas this converter wrote to "
                + "the schema topic (each once, and again after the topic was found deleted or created anew).", none),
                (Measurable) (config, now) -> written.sum());
        metrics.addMetric(metrics.metricName("schema-topic-errors-total", "The number of schema topic reads and writes "
                + "that failed for want of an answer from the brokers in their bound (or an error of theirs).", none),
                (Measurable) (config, now) -> topicErrors.sum());
        metrics.addMetric(metrics.metricName("schema-fingerprints-known-missing", "The number of fingerprints found "
                + "missing from the schema topic and refused without a look until their backoff has passed.", none),
                (Gauge<Integer>) (config, now) -> knownMissing.getAsInt());
        // a sensor's name is global to the registry: the tags of this plugin's metrics make it unique
        lookupTime = metrics.addSensor("typedjson-schema-topic-lookup-time"
                + metrics.metricName("schema-topic-lookups-total", "", none).tags());
        lookupTime.add(metrics.metricName("schema-topic-lookup-time-ms-avg", "The average time of a schema topic "
                + "lookup, in milliseconds.", none), new Avg());
        lookupTime.add(metrics.metricName("schema-topic-lookup-time-ms-max", "The longest schema topic lookup over the "
                + "metrics window, in milliseconds.", none), new Max());
    }

    void cacheHit() {
        cacheHits.increment();
    }

    void cacheMiss() {
        cacheMisses.increment();
    }

    void lookup(long nanos) {
        lookups.increment();
        lookupTime.record(nanos / 1e6);
    }

    void schemaWritten() {
        written.increment();
    }

    void topicError() {
        topicErrors.increment();
    }
}

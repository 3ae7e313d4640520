package io.typedjson.serde.internal;

import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Measurable;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.Avg;
import org.apache.kafka.common.metrics.stats.Max;

/**
 * The record metrics of one direction (write or read) of a serde or converter instance, in the registry of the client
 * or Connect task that gave it its {@link PluginMetrics} (KIP-877): records and bytes, their rates, the time per record
 * and the refusals by kind (docs/operations.md lists them).
 *
 * <p>Cheap on the hot path: counts and bytes are {@link LongAdder}s (exact, no lock); one record in
 * {@value #TIMED_ONE_IN} is timed with a pair of {@code System.nanoTime()} calls into Kafka's windowed avg and max (a
 * pair per record cost about 12 % of a small record's read; one in 16 costs under 1 %); rates are computed from the
 * exact totals when the metric is read, over Kafka's metric window ({@code metrics.sample.window.ms} ×
 * {@code metrics.num.samples}), not recorded per record.
 */
public final class RecordMetrics {

    /** One record in this many is timed. */
    public static final int TIMED_ONE_IN = 16;
    /** What {@link #start()} returns for a record that is not timed. */
    public static final long NOT_TIMED = Long.MIN_VALUE;

    /** Which way records go: written (serialized, converted from Connect data) or read. */
    public enum Direction {
        WRITE("written", "write"), READ("read", "read");

        final String past;
        final String verb;

        Direction(String past, String verb) {
            this.past = past;
            this.verb = verb;
        }
    }

    private final LongAdder records = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final EnumMap<Refusal, LongAdder> refused = new EnumMap<>(Refusal.class);
    private final Sensor time;
    /** Counts records to pick the timed ones; racy on purpose (a lost increment only moves the sample). */
    private int tick;

    private RecordMetrics(PluginMetrics metrics, Direction d, Set<Refusal> kinds, String what) {
        LinkedHashMap<String, String> none = new LinkedHashMap<>();
        MetricName recordsTotal = metrics.metricName("records-" + d.past + "-total",
                "The number of " + what + " " + d.past + " (null values, Kafka's tombstones, are not counted).", none);
        metrics.addMetric(recordsTotal, (Measurable) (config, now) -> records.sum());
        metrics.addMetric(metrics.metricName("records-" + d.past + "-rate", "The number of " + what + " "
                + d.past + " per second, over the metrics window.", none), new RateOfTotal(records));
        metrics.addMetric(metrics.metricName("bytes-" + d.past + "-total", "The bytes of the documents "
                + d.past + ".", none), (Measurable) (config, now) -> bytes.sum());
        metrics.addMetric(metrics.metricName("bytes-" + d.past + "-rate", "The bytes of the documents "
                + d.past + " per second, over the metrics window.", none), new RateOfTotal(bytes));
        for (Refusal kind : kinds) {
            LongAdder count = new LongAdder();
            refused.put(kind, count);
            metrics.addMetric(metrics.metricName(d.verb + "-refused-" + kind.metric + "-total", "The number of "
                    + what + " refused on " + d.verb + ": " + kind.description, none), (Measurable) (config, now) -> count.sum());
        }
        // a sensor's name is global to the client's registry: the metric's tags (client, plugin, task) make it unique
        time = metrics.addSensor("typedjson-" + d.verb + "-time" + recordsTotal.tags());
        time.add(metrics.metricName(d.verb + "-time-ns-avg", "The average time to " + d.verb + " one of the "
                + what + ", in nanoseconds (one record in " + TIMED_ONE_IN + " is timed).", none), new Avg());
        time.add(metrics.metricName(d.verb + "-time-ns-max", "The longest time to " + d.verb + " one of the "
                + what + ", in nanoseconds, over the metrics window (one record in " + TIMED_ONE_IN
                + " is timed).", none), new Max());
    }

    /**
     * Registers the metrics of one direction in {@code metrics}.
     *
     * @param kinds the refusals this direction can make (one metric each)
     * @param what  what a record is, for the descriptions ("records", "header values")
     */
    public static RecordMetrics register(PluginMetrics metrics, Direction direction, Set<Refusal> kinds, String what) {
        return new RecordMetrics(metrics, direction, kinds, what);
    }

    /** A count of its own (exact, no lock) registered as metric {@code name} in {@code metrics}. */
    public static LongAdder counter(PluginMetrics metrics, String name, String description) {
        LongAdder count = new LongAdder();
        metrics.addMetric(metrics.metricName(name, description, new LinkedHashMap<>()), (Measurable) (config, now) -> count.sum());
        return count;
    }

    /** Call before a record's work: a start time for {@link #done}, or {@link #NOT_TIMED}. */
    public long start() {
        return (++tick & (TIMED_ONE_IN - 1)) == 0 ? System.nanoTime() : NOT_TIMED;
    }

    /** A record written or read: its document had {@code length} bytes; {@code start} is what {@link #start()} gave. */
    public void done(long length, long start) {
        records.increment();
        bytes.add(length);
        if (start != NOT_TIMED) {
            time.record(System.nanoTime() - start);
        }
    }

    /** A record refused. A kind this direction did not register is counted as {@link Refusal#TYPE}. */
    public void refused(Refusal kind) {
        LongAdder count = refused.get(kind);
        (count != null ? count : refused.get(Refusal.TYPE)).increment();
    }

    /**
     * A rate computed from an exact running total when it is read: the change of the total since the oldest point kept
     * within Kafka's metric window (a few points, one per second read at most), per second. Nothing is recorded per
     * record, so the hot path pays only for the total's {@link LongAdder}.
     */
    static final class RateOfTotal implements Measurable {
        private final LongAdder total;
        private final ArrayDeque<long[]> points = new ArrayDeque<>();

        RateOfTotal(LongAdder total) {
            this(total, System.currentTimeMillis());
        }

        /** Counting from {@code startMs}, when the total was 0. */
        RateOfTotal(LongAdder total, long startMs) {
            this.total = total;
            points.add(new long[] {startMs, 0});
        }

        @Override
        public synchronized double measure(MetricConfig config, long now) {
            long value = total.sum();
            long window = Math.max(1, config.timeWindowMs() * config.samples());
            // keep one point at least a window old (the rate's start) and the later ones, a second apart at least
            while (points.size() > 1) {
                long[] second = points.stream().skip(1).findFirst().orElseThrow();
                if (now - second[0] < window) {
                    break;
                }
                points.removeFirst();
            }
            if (now - points.getLast()[0] >= 1000) {
                points.addLast(new long[] {now, value});
            }
            long[] first = points.getFirst();
            long elapsed = now - first[0];
            return elapsed <= 0 ? 0 : (value - first[1]) * 1000.0 / elapsed;
        }
    }
}

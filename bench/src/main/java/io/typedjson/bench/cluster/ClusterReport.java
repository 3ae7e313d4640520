package io.typedjson.bench.cluster;

import static io.typedjson.bench.cluster.ClusterCommand.WARMUP_ROUNDS;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.typedjson.bench.cluster.ClusterBench.Measurement;

/** The cluster command's report: the table on stdout and in cluster.md, and cluster.csv and cluster-windows.csv. */
final class ClusterReport {
    /** Issue 37's figure for the main job: the class serde consumes at least this × protobuf's records/s. */
    static final double CONSUME_TARGET = 0.65;

    private final ClusterOptions o;
    private final String brokerLine;
    private final Map<String, List<Measurement>> byCodec;
    private final List<List<String>> orders;
    private final String jvm;
    private final double minutes;

    ClusterReport(ClusterOptions o, String brokerLine, Map<String, List<Measurement>> byCodec, List<List<String>> orders,
           String jvm, double minutes) {
        this.o = o;
        this.brokerLine = brokerLine;
        this.byCodec = byCodec;
        this.orders = orders;
        this.jvm = jvm;
        this.minutes = minutes;
    }

    /** A report of measurements taken in the codecs' own order, in this JVM. */
    ClusterReport(ClusterOptions o, String brokerLine, Map<String, List<Measurement>> byCodec, double minutes) {
        this(o, brokerLine, byCodec, List.of(), MeasuringJvm.describeThisJvm(), minutes);
    }

    /** The report on stdout and as markdown and CSV under the results directory. */
    void write(PrintStream out) throws java.io.IOException {
        String markdown = markdown();
        out.println();
        out.print(markdown);
        Files.createDirectories(o.resultsDir);
        String stem = o.bootstrapServers == null && o.brokers > 1 ? "cluster-" + o.brokers + "brokers" : "cluster";
        Path md = o.resultsDir.resolve(stem + ".md");
        Files.writeString(md, markdown, StandardCharsets.UTF_8);
        Files.writeString(o.resultsDir.resolve(stem + ".csv"), csv(), StandardCharsets.UTF_8);
        Files.writeString(o.resultsDir.resolve(stem + "-windows.csv"), windowsCsv(), StandardCharsets.UTF_8);
        out.println();
        out.println("results: " + md.toAbsolutePath().normalize() + ", " + stem + ".csv and " + stem
                + "-windows.csv");
    }


    String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("## Through a Kafka broker: ").append(o.dataset).append(", ")
                .append(String.format(Locale.ROOT, "%,d", o.records)).append(" records\n\n");
        sb.append(String.format(Locale.ROOT,
                "compression %s, acks %s, %d partition%s, %d producer thread%s, %d consumer%s, medians of %d "
                        + "run%s after a warm-up of %d rounds of %,d records per codec, codecs interleaved in an "
                        + "order shuffled per run (seed %d); each run's consume time is the median of %d timed "
                        + "passes; latency at %,d records/s (%,d records)%n%n",
                o.compression, o.acks, o.partitions, o.partitions == 1 ? "" : "s", o.producers,
                o.producers == 1 ? "" : "s", o.consumers, o.consumers == 1 ? "" : "s (one group)", o.runs,
                o.runs == 1 ? "" : "s", WARMUP_ROUNDS, Math.min(o.warmupRecords, o.records), o.orderSeed,
                o.passes, o.latencyRate, o.latencyRecords));
        sb.append("| codec | value B/rec | disk B/rec | produce rec/s | produce MB/s | consume rec/s "
                + "| consume MB/s | produce × | consume × | e2e p50 ms | e2e p99 ms | exact | disturbed |\n");
        sb.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|\n");
        for (Map.Entry<String, List<Measurement>> e : byCodec.entrySet()) {
            List<Measurement> ms = e.getValue();
            sb.append("| ").append(e.getKey())
                    .append(" | ").append(fmt(median(ms, Measurement::valueBytesPerRecord), 1))
                    .append(" | ").append(fmt(median(ms, Measurement::diskBytesPerRecord), 1))
                    .append(" | ").append(fmtInt(median(ms, Measurement::produceRecordsPerSecond)))
                    .append(" | ").append(fmt(median(ms, Measurement::produceMegabytesPerSecond), 1))
                    .append(" | ").append(fmtInt(median(ms, Measurement::consumeRecordsPerSecond)))
                    .append(" | ").append(fmt(median(ms, Measurement::consumeMegabytesPerSecond), 1))
                    .append(" | ").append(fmt(ratio(e.getKey(), Measurement::produceRecordsPerSecond), 2))
                    .append(" | ").append(fmt(ratio(e.getKey(), Measurement::consumeRecordsPerSecond), 2))
                    .append(" | ").append(fmt(median(ms, m -> m.latency().p50Ms()), 2))
                    .append(" | ").append(fmt(median(ms, m -> m.latency().p99Ms()), 2))
                    .append(" | ").append(exactness(ms))
                    .append(" | ").append(disturbed(ms)).append(" of ").append(windows(ms)).append(" |\n");
        }
        sb.append('\n');
        if (byCodec.containsKey("typedjson-class") && byCodec.containsKey("protobuf")) {
            sb.append(classOverProtobuf()).append("\n\n");
        }
        sb.append(disturbances()).append("\n\n");
        sb.append("value B/rec: serialized value; disk B/rec: the topic's log segments on the broker "
                + "(record batches, keys, headers, compression) per record; MB = 10^6 bytes of serialized "
                + "values; produce × and consume ×: records/s relative to the first codec in the same run (median "
                + "over runs); produce: encode in the sending thread until flush() returns; consume: the median of "
                + "the timed passes, each a new consumer positioned at the topic's start before the clock starts, "
                + "decoding each value and keeping none; e2e: from before encode to after "
                + "decode, one JVM (System.nanoTime); exact: records consumed equal to those produced, none lost, "
                + "duplicated, reordered within a partition or changed (the worst run; compared in an untimed "
                + "read, the timed passes check keys and CRCs); disturbed: measured windows (each produce and "
                + "each consume pass) in which GC pauses or JIT compilation took over 5 % of the window or the "
                + "process took over 1,000 page faults; every window is in the -windows.csv file.\n\n");
        sb.append(String.format(Locale.ROOT, "broker: %s; client: Java %s, %d cores, %s; took %.1f min; %s%n",
                brokerLine, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                jvm, minutes, ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        return sb.toString();
    }

    /**
     * The main job's speed figure: the median of the per-run ratios with their range, and a verdict against
     * {@link #CONSUME_TARGET} only where the range allows one (every run on the same side of it).
     */
    String classOverProtobuf() {
        double[] r = ratios("typedjson-class", "protobuf", Measurement::consumeRecordsPerSecond);
        if (r.length == 0) {
            return "";
        }
        double median = ClusterBench.median(r);
        String verdict;
        if (r[0] >= CONSUME_TARGET) {
            verdict = "met in every run";
        } else if (r[r.length - 1] < CONSUME_TARGET) {
            verdict = String.format(Locale.ROOT, "**missed** in every run, the median by %.0f %%",
                    (1 - median / CONSUME_TARGET) * 100);
        } else {
            verdict = "no verdict: the runs lie on both sides of it";
        }
        return String.format(Locale.ROOT, "**typedjson-class consume rec/s ÷ protobuf's: %.2f** (median of the "
                + "per-run ratios; %s); the speed issue's target for the main job is at least %.2f: %s.", median,
                r.length == 1 ? "one run" : String.format(Locale.ROOT, "%.2f–%.2f over %d runs", r[0],
                        r[r.length - 1], r.length), CONSUME_TARGET, verdict);
    }

    /** The disturbed windows, one by one (at most a dozen), and the most compilation any consume window held. */
    String disturbances() {
        List<String> lines = new ArrayList<>();
        int total = 0;
        double jitMax = 0;
        double jitShare = 0;
        for (Map.Entry<String, List<Measurement>> e : byCodec.entrySet()) {
            for (int run = 0; run < e.getValue().size(); run++) {
                Measurement m = e.getValue().get(run);
                List<Window> ws = new ArrayList<>();
                ws.add(m.produceWindow());
                ws.addAll(m.consumeWindows());
                for (int k = 0; k < ws.size(); k++) {
                    Window w = ws.get(k);
                    if (k > 0 && w.jitMs() > jitMax) {
                        jitMax = w.jitMs();
                        jitShare = w.jitMs() / (w.seconds() * 1000);
                    }
                    if (w.disturbed()) {
                        total++;
                        if (lines.size() < 12) {
                            lines.add("run " + (run + 1) + " " + e.getKey() + " "
                                    + (k == 0 ? "produce" : "consume pass " + k) + ": "
                                    + String.join(", ", w.reasons()));
                        }
                    }
                }
            }
        }
        String jit = String.format(Locale.ROOT, "JIT compilation in a measured consume window: at most %.0f ms "
                + "(%.1f %% of that window).", jitMax, jitShare * 100);
        if (total == 0) {
            return "No measured window was disturbed. " + jit;
        }
        return total + " measured window" + (total == 1 ? " was" : "s were") + " disturbed: "
                + String.join("; ", lines) + (total > lines.size() ? "; and " + (total - lines.size())
                + " more" : "") + ". " + jit;
    }

    private static int windows(List<Measurement> ms) {
        return ms.stream().mapToInt(m -> 1 + m.consumeWindows().size()).sum();
    }

    private static int disturbed(List<Measurement> ms) {
        int n = 0;
        for (Measurement m : ms) {
            n += m.produceWindow().disturbed() ? 1 : 0;
            n += (int) m.consumeWindows().stream().filter(Window::disturbed).count();
        }
        return n;
    }

    /** A figure of the consume windows of all runs: their median. */
    private static double consumeWindows(List<Measurement> ms, ToDoubleFunction<Window> f) {
        return ClusterBench.median(ms.stream().flatMap(m -> m.consumeWindows().stream()).mapToDouble(f)
                .filter(d -> !Double.isNaN(d)).toArray());
    }

    /** One row per measured window: codec, run, its place in the run's order, produce or consume pass. */
    String windowsCsv() {
        StringBuilder sb = new StringBuilder("dataset,codec,run,position,window,records,seconds,records_per_s,"
                + "gc_pause_ms,page_faults,cpu_vs_wall,jit_ms,disturbed\n");
        for (Map.Entry<String, List<Measurement>> e : byCodec.entrySet()) {
            for (int run = 0; run < e.getValue().size(); run++) {
                Measurement m = e.getValue().get(run);
                int position = run < orders.size() ? orders.get(run).indexOf(e.getKey()) + 1 : 0;
                List<Window> ws = new ArrayList<>();
                ws.add(m.produceWindow());
                ws.addAll(m.consumeWindows());
                for (int k = 0; k < ws.size(); k++) {
                    Window w = ws.get(k);
                    sb.append(String.join(",", o.dataset, e.getKey(), Integer.toString(run + 1),
                            position == 0 ? "" : Integer.toString(position),
                            k == 0 ? "produce" : "consume" + k, Integer.toString(m.records()),
                            fmtPlain(w.seconds(), 4), fmtPlain(m.records() / w.seconds(), 0),
                            fmtPlain(w.gcPauseMs(), 1), w.pageFaults() < 0 ? "" : Long.toString(w.pageFaults()),
                            fmtPlain(w.cpuVsWall(), 3), fmtPlain(w.jitMs(), 1),
                            Boolean.toString(w.disturbed()))).append('\n');
                }
            }
        }
        return sb.toString();
    }

    String csv() {
        StringBuilder sb = new StringBuilder();
        sb.append("dataset,codec,records,runs,compression,acks,partitions,value_bytes_per_record,"
                + "disk_bytes_per_record,produce_records_per_s,produce_mb_per_s,consume_records_per_s,"
                + "consume_mb_per_s,produce_vs_first,consume_vs_first,latency_p50_ms,latency_p99_ms,exact_records,"
                + "expected_records,exact,brokers,producers,consumers,consume_passes,consume_gc_pause_ms,"
                + "consume_page_faults,consume_cpu_vs_wall,consume_jit_ms_max,disturbed_windows,windows,"
                + "consume_vs_protobuf,consume_vs_protobuf_low,consume_vs_protobuf_high\n");
        for (Map.Entry<String, List<Measurement>> e : byCodec.entrySet()) {
            List<Measurement> ms = e.getValue();
            Measurement worst = worst(ms);
            sb.append(String.join(",", o.dataset, e.getKey(), Integer.toString(o.records),
                    Integer.toString(ms.size()), o.compression, o.acks, Integer.toString(o.partitions),
                    fmtPlain(median(ms, Measurement::valueBytesPerRecord), 2),
                    fmtPlain(median(ms, Measurement::diskBytesPerRecord), 2),
                    fmtPlain(median(ms, Measurement::produceRecordsPerSecond), 0),
                    fmtPlain(median(ms, Measurement::produceMegabytesPerSecond), 3),
                    fmtPlain(median(ms, Measurement::consumeRecordsPerSecond), 0),
                    fmtPlain(median(ms, Measurement::consumeMegabytesPerSecond), 3),
                    fmtPlain(ratio(e.getKey(), Measurement::produceRecordsPerSecond), 3),
                    fmtPlain(ratio(e.getKey(), Measurement::consumeRecordsPerSecond), 3),
                    fmtPlain(median(ms, m -> m.latency().p50Ms()), 3),
                    fmtPlain(median(ms, m -> m.latency().p99Ms()), 3),
                    worst == null ? "" : Integer.toString(worst.verdict().exact()),
                    Integer.toString(o.records),
                    Boolean.toString(ms.stream().allMatch(m -> m.verdict().isExact())),
                    o.bootstrapServers == null ? Integer.toString(o.brokers) : "",
                    Integer.toString(o.producers), Integer.toString(o.consumers), Integer.toString(o.passes),
                    fmtPlain(consumeWindows(ms, Window::gcPauseMs), 1),
                    fmtPlain(consumeWindows(ms, w -> w.pageFaults() < 0 ? Double.NaN : w.pageFaults()), 0),
                    fmtPlain(consumeWindows(ms, Window::cpuVsWall), 3),
                    fmtPlain(ms.stream().flatMap(m -> m.consumeWindows().stream()).mapToDouble(Window::jitMs)
                            .max().orElse(Double.NaN), 1),
                    Integer.toString(disturbed(ms)), Integer.toString(windows(ms)),
                    vsProtobuf(e.getKey(), r -> ClusterBench.median(r)), vsProtobuf(e.getKey(), r -> r[0]),
                    vsProtobuf(e.getKey(), r -> r[r.length - 1])));
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * The median over runs of this codec's figure divided by the first codec's in the same run: ratios taken within
     * a run hold better than ratios of medians when the machine's speed drifts between runs.
     */
    private double ratio(String codec, ToDoubleFunction<Measurement> f) {
        return ratio(codec, byCodec.keySet().iterator().next(), f);
    }

    /** The median over runs of {@code codec}'s figure divided by {@code base}'s in the same run. */
    private double ratio(String codec, String base, ToDoubleFunction<Measurement> f) {
        return ClusterBench.median(ratios(codec, base, f));
    }

    /** {@code codec}'s figure divided by {@code base}'s in the same run, run by run, sorted. */
    private double[] ratios(String codec, String base, ToDoubleFunction<Measurement> f) {
        List<Measurement> first = byCodec.get(base);
        List<Measurement> mine = byCodec.get(codec);
        int n = Math.min(first.size(), mine.size());
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = f.applyAsDouble(mine.get(i)) / f.applyAsDouble(first.get(i));
        }
        java.util.Arrays.sort(r);
        return r;
    }

    /** A statistic of {@code codec}'s consume rate over protobuf's, run by run; empty without protobuf. */
    private String vsProtobuf(String codec, java.util.function.Function<double[], Double> statistic) {
        if (!byCodec.containsKey("protobuf")) {
            return "";
        }
        double[] r = ratios(codec, "protobuf", Measurement::consumeRecordsPerSecond);
        return r.length == 0 ? "" : fmtPlain(statistic.apply(r), 3);
    }

    private static Measurement worst(List<Measurement> ms) {
        Measurement w = null;
        for (Measurement m : ms) {
            if (w == null || (!m.verdict().isExact() && (w.verdict().isExact()
                    || m.verdict().exact() < w.verdict().exact()))) {
                w = m;
            }
        }
        return w;
    }

    private static String exactness(List<Measurement> ms) {
        Measurement w = worst(ms);
        if (w == null) {
            return "";
        }
        String s = w.verdict().summary();
        return w.verdict().isExact() ? s : "**" + s + "**";
    }

    static double median(List<Measurement> ms, ToDoubleFunction<Measurement> f) {
        double[] v = ms.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    private static String fmt(double d, int decimals) {
        return Double.isNaN(d) ? "–" : String.format(Locale.ROOT, "%,." + decimals + "f", d);
    }

    private static String fmtInt(double d) {
        return Double.isNaN(d) ? "–" : String.format(Locale.ROOT, "%,d", Math.round(d));
    }

    private static String fmtPlain(double d, int decimals) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", d);
    }
}

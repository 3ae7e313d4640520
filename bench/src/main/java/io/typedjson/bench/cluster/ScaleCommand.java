package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.apache.kafka.clients.admin.Admin;

import io.typedjson.bench.cluster.ClusterBench.Measurement;
import io.typedjson.bench.cluster.ClusterBench.Prepared;
import io.typedjson.bench.cluster.ClusterBench.Settings;
import io.typedjson.bench.codec.BenchCodec;

/**
 * {@code java -jar bench/target/typedjson-bench.jar scale [options]}: how throughput scales on a local cluster of three
 * brokers (replication factor 3, {@code min.insync.replicas} 2, {@code acks=all}). Three sweeps from one base point
 * (orders, one partition, one producer and one consumer thread, no compression): record size (the data sets orders,
 * rows, cdc, board), partitions with as many producer and consumer threads, and compression. Each point measures every
 * codec and {@value #BASELINE}: the same bytes typedjson writes, sent and read with no serde at all, so the broker's
 * own limit. A codec close to {@value #BASELINE} is held back by the broker; one well below it by its serde. Writes
 * scale.md, scale.csv and one scale-CODEC.svg per codec.
 */
public final class ScaleCommand {

    /** Pseudo-codec: typedjson's bytes produced and consumed as they are, no encoding or decoding timed. */
    static final String BASELINE = "bytes-only";
    static final List<String> DEFAULT_CODECS = List.of("typedjson-class", "jackson-record", "protobuf");

    static final String SWEEP_SIZE = "record size";
    static final String SWEEP_PARTITIONS = "partitions = producer threads = consumers";
    static final String SWEEP_COMPRESSION = "compression";

    private ScaleCommand() {}

    /** One point of a sweep. */
    record Point(String sweep, String label, String dataset, int partitions, String compression) {
        String config() {
            return dataset + "/" + partitions + "/" + compression;
        }
    }

    /** One codec at one configuration: the measurements of every run. */
    record Cell(String codec, List<Measurement> runs, List<Measurement> baseline) {}

    /** As {@code java -jar} runs it: measured in a child JVM with a fixed, pre-touched heap ({@link MeasuringJvm}). */
    public static int run(String[] args) {
        ScaleOptions o;
        MeasuringJvm.Heap heap;
        ClusterCommand.Sources sources = ClusterCommand.BENCH_SOURCES;
        try {
            o = ScaleOptions.parse(args);
            if (o.help || o.inProcess) {
                return run(args, System.out, System.err, sources);
            }
            heap = o.heapBytes != ClusterCommand.AUTO ? MeasuringJvm.Heap.given(o.heapBytes)
                    : MeasuringJvm.Heap.measured(recordsByDataset(o, sources), sources, o.seed,
                            d -> chosenCodecs(o, d, sources));
        } catch (RuntimeException e) {
            return run(args, System.out, System.err, sources); // the usage error, reported as usual
        }
        return MeasuringJvm.runInChild("scale", args, heap, System.err);
    }

    /** The codecs asked for, in order, then {@value #BASELINE}. */
    private static List<BenchCodec<?>> chosenCodecs(ScaleOptions o, String dataset, ClusterCommand.Sources sources) {
        List<BenchCodec<?>> all = sources.codecs(dataset);
        List<BenchCodec<?>> chosen = new ArrayList<>();
        for (String name : o.codecs) {
            chosen.add(all.stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("no codec " + name + " for " + dataset)));
        }
        chosen.add(bytesOnly(chosen.get(0)));
        return chosen;
    }

    /** Records per point of each data set: enough for {@code --bytes} of the first codec's values, within bounds. */
    private static Map<String, Integer> recordsByDataset(ScaleOptions o, ClusterCommand.Sources sources) {
        Map<String, Integer> records = new LinkedHashMap<>();
        for (Point p : o.points()) {
            if (!records.containsKey(p.dataset())) {
                List<?> sample = sources.records(p.dataset(), 32, o.seed);
                double average = ClusterCommand.averageSize(chosenCodecs(o, p.dataset(), sources).get(0), sample);
                records.put(p.dataset(), (int) Math.max(o.minRecords, Math.min(o.maxRecords, o.bytes / average)));
            }
        }
        return records;
    }

    static int run(String[] args, PrintStream out, PrintStream err, ClusterCommand.Sources sources) {
        ClusterCommand.quietClientLogs();
        ScaleOptions o;
        try {
            o = ScaleOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("scale: " + e.getMessage());
            err.println("try: scale --help");
            return 2;
        }
        if (o.help) {
            out.print(ScaleOptions.HELP);
            return 0;
        }
        try {
            for (Point p : o.points()) {
                chosenCodecs(o, p.dataset(), sources); // an unknown data set or codec is a usage error
            }
        } catch (IllegalArgumentException e) {
            err.println("scale: " + e.getMessage());
            err.println("try: scale --help");
            return 2;
        }
        try {
            return execute(o, out, err, sources);
        } catch (Exception e) {
            err.println("scale: failed: " + e);
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                err.println("  caused by: " + c);
            }
            return 3;
        }
    }

    private static int execute(ScaleOptions o, PrintStream out, PrintStream err, ClusterCommand.Sources sources)
            throws Exception {
        MeasuringJvm.exitWithParent();
        long t0 = System.nanoTime();
        List<Point> points = o.points();
        // the codecs of each data set, in the order asked for, then the baseline
        Map<String, List<BenchCodec<?>>> codecsByDataset = new LinkedHashMap<>();
        Map<String, Integer> recordsByDataset = recordsByDataset(o, sources);
        Map<String, List<?>> data = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> e : recordsByDataset.entrySet()) {
            codecsByDataset.put(e.getKey(), chosenCodecs(o, e.getKey(), sources));
            data.put(e.getKey(), sources.records(e.getKey(), e.getValue(), o.seed));
        }
        err.printf(Locale.ROOT, "scale: %d points, codecs %s + %s, records per point %s%n", points.size(),
                o.codecs, BASELINE, recordsByDataset);

        Map<String, Map<String, Cell>> byConfig = new LinkedHashMap<>();
        String clusterLine;
        String topology = null;
        try (LocalKafkaCluster kafka = LocalKafkaCluster.start(o.brokers)) {
            clusterLine = ClusterCommand.localClusterLine(kafka);
            err.println("scale: " + clusterLine);
            Map<String, String> topicConfigs = Map.of("min.insync.replicas",
                    Integer.toString(BrokerConfig.minInsyncReplicas(o.brokers)));
            Optional<Short> rf = Optional.of((short) BrokerConfig.replicationFactor(o.brokers));
            try (Admin admin = BenchTopics.admin(kafka.bootstrapServers())) {
                boolean warmedUp = false;
                for (Point p : points) {
                    if (byConfig.containsKey(p.config())) {
                        continue;
                    }
                    int records = recordsByDataset.get(p.dataset());
                    Settings s = new Settings(records, 0, o.runs, p.compression(), "all", p.partitions(), rf, 0, 1,
                            kafka.bootstrapServers(), Duration.ofSeconds(60), p.partitions(), p.partitions(),
                            topicConfigs, o.passes, o.jitWaitMs);
                    ClusterBench bench = new ClusterBench(s, admin, (e, a) -> e instanceof byte[] eb
                            && a instanceof byte[] ab ? (Arrays.equals(eb, ab) ? null : "the bytes differ")
                            : sources.firstDifference(e, a), err);
                    List<BenchCodec<?>> codecs = codecsByDataset.get(p.dataset());
                    if (!warmedUp) {
                        // JIT and connections: a quarter of the first point per codec, not reported
                        for (BenchCodec<?> c : codecs) {
                            int n = Math.max(1, records / 4);
                            bench.measure(Prepared.of(c, data.get(p.dataset()).subList(0, n)), n, "warmup");
                        }
                        warmedUp = true;
                    }
                    Map<String, List<Measurement>> runs = new LinkedHashMap<>();
                    for (BenchCodec<?> c : codecs) {
                        runs.put(c.name(), new ArrayList<>());
                    }
                    List<List<String>> orders = ClusterCommand.runOrders(
                            codecs.stream().map(BenchCodec::name).toList(), o.runs, o.orderSeed + p.config().hashCode());
                    for (int run = 0; run < o.runs; run++) {
                        for (String name : orders.get(run)) {
                            BenchCodec<?> c = codecs.stream().filter(x -> x.name().equals(name)).findFirst()
                                    .orElseThrow();
                            Measurement m = bench.measure(Prepared.of(c, data.get(p.dataset())), records,
                                    p.dataset() + "-p" + p.partitions() + "-" + p.compression() + "-r" + (run + 1));
                            runs.get(c.name()).add(m);
                            if (!m.verdict().isExact()) {
                                bench.progress().line("scale: " + p.config() + " " + c.name() + ": "
                                        + m.verdict().summary() + " " + m.verdict().examples());
                            }
                        }
                    }
                    Map<String, Cell> cells = new LinkedHashMap<>();
                    for (Map.Entry<String, List<Measurement>> e : runs.entrySet()) {
                        cells.put(e.getKey(), new Cell(e.getKey(), e.getValue(), runs.get(BASELINE)));
                    }
                    byConfig.put(p.config(), cells);
                    if (topology == null) {
                        topology = bench.topology();
                    }
                }
            }
            clusterLine += "; " + topology + ", RSS after the runs " + kafka.residentSummary().substring(4);
        }
        double minutes = (System.nanoTime() - t0) / 60e9;
        String footer = String.format(Locale.ROOT, "cluster: %s; client: Java %s, %d cores, %s; took %.1f min; %s",
                clusterLine, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                MeasuringJvm.describeThisJvm(), minutes,
                ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));

        List<String> codecNames = new ArrayList<>(o.codecs);
        codecNames.add(BASELINE);
        String md = markdown(o, points, byConfig, codecNames, recordsByDataset, footer);
        Files.createDirectories(o.resultsDir);
        Files.writeString(o.resultsDir.resolve("scale.md"), md, StandardCharsets.UTF_8);
        Files.writeString(o.resultsDir.resolve("scale.csv"), csv(o, points, byConfig, codecNames),
                StandardCharsets.UTF_8);
        List<String> charts = new ArrayList<>();
        for (String codec : o.codecs) {
            String file = "scale-" + codec.replaceAll("[^A-Za-z0-9._-]", "_") + ".svg";
            Files.writeString(o.resultsDir.resolve(file), ScaleChart.svg(codec, points, byConfig, o.brokers),
                    StandardCharsets.UTF_8);
            charts.add(file);
        }
        out.println();
        out.print(md);
        out.println();
        out.println("results: " + o.resultsDir.resolve("scale.md").toAbsolutePath().normalize() + ", scale.csv, "
                + String.join(", ", charts));
        boolean exact = byConfig.values().stream().flatMap(m -> m.values().stream())
                .allMatch(c -> c.runs().stream().allMatch(m -> m.verdict().isExact()));
        if (!exact) {
            err.println("scale: NOT EXACT: at least one codec did not give back every record as produced");
            return 1;
        }
        return 0;
    }

    /** typedjson's bytes (of {@code source}) produced and consumed unchanged: what the cluster alone can carry. */
    static BenchCodec<byte[]> bytesOnly(BenchCodec<?> source) {
        return new BenchCodec<>() {
            @Override
            public String name() {
                return BASELINE;
            }

            @Override
            public byte[] prepare(Object record) {
                return encodeWith(source, record);
            }

            @Override
            public byte[] encode(byte[] value) {
                return value;
            }

            @Override
            public byte[] decode(byte[] bytes) {
                return bytes;
            }

            @Override
            public String settings() {
                return "the values " + source.name() + " writes, prepared untimed and sent as byte[] (no serde)";
            }
        };
    }

    private static <V> byte[] encodeWith(BenchCodec<V> codec, Object record) {
        return codec.encode(codec.prepare(record));
    }

    // ---- figures ---------------------------------------------------------------------------------------------------

    static double median(List<Measurement> ms, java.util.function.ToDoubleFunction<Measurement> f) {
        double[] v = ms.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** The median over runs of the codec's figure divided by the baseline's in the same run. */
    static double vsBaseline(Cell c, java.util.function.ToDoubleFunction<Measurement> f) {
        double[] r = ratios(c, f);
        int n = r.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
    }

    /** The codec's figure divided by the baseline's, run by run, sorted. */
    static double[] ratios(Cell c, java.util.function.ToDoubleFunction<Measurement> f) {
        int n = Math.min(c.runs().size(), c.baseline().size());
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = f.applyAsDouble(c.runs().get(i)) / f.applyAsDouble(c.baseline().get(i));
        }
        Arrays.sort(r);
        return r;
    }

    /** "0.93" for one run; "0.93 (0.85–1.02)": the median and the range over runs. */
    static String ratioWithSpread(Cell c, java.util.function.ToDoubleFunction<Measurement> f) {
        double[] r = ratios(c, f);
        String median = fmt(vsBaseline(c, f), 2);
        if (r.length < 2 || c.codec().equals(BASELINE)) {
            return median;
        }
        return median + " (" + fmt(r[0], 2) + "–" + fmt(r[r.length - 1], 2) + ")";
    }

    /** Windows of the cell's runs (each produce and consume pass) that GC, JIT or page faults disturbed. */
    static long disturbed(Cell c) {
        return c.runs().stream().mapToLong(m -> (m.produceWindow().disturbed() ? 1 : 0)
                + m.consumeWindows().stream().filter(Window::disturbed).count()).sum();
    }

    static int windows(Cell c) {
        return c.runs().stream().mapToInt(m -> 1 + m.consumeWindows().size()).sum();
    }

    static String exactness(Cell c) {
        Measurement worst = null;
        for (Measurement m : c.runs()) {
            if (worst == null || (!m.verdict().isExact() && m.verdict().exact() <= worst.verdict().exact())) {
                worst = m;
            }
        }
        if (worst == null) {
            return "";
        }
        return worst.verdict().isExact() ? worst.verdict().summary() : "**" + worst.verdict().summary() + "**";
    }

    static String markdown(ScaleOptions o, List<Point> points, Map<String, Map<String, Cell>> byConfig,
                           List<String> codecs, Map<String, Integer> records, String footer) {
        StringBuilder sb = new StringBuilder();
        sb.append("## Scaling on ").append(o.brokers).append(o.brokers == 1 ? " broker" : " brokers")
                .append(": record size, partitions and threads, compression\n\n");
        sb.append(String.format(Locale.ROOT, "acks all (idempotent producers), replication factor %d, "
                        + "min.insync.replicas %d; records per point: %s; medians of %d run%s after a warm-up, "
                        + "codecs interleaved in an order shuffled per run (seed %d); consume: the median of %d "
                        + "timed passes per run; ratios: median (lowest–highest) of "
                        + "the ratios within each run; "
                        + "each producer thread has a KafkaProducer of its own, consumers read as one group; "
                        + "%s = typedjson's bytes with no serde, the broker's limit: a codec's \"vs %s\" near 1 "
                        + "means the broker is the limit, well below 1 that the serde is.%n%n",
                BrokerConfig.replicationFactor(o.brokers), BrokerConfig.minInsyncReplicas(o.brokers), records, o.runs,
                o.runs == 1 ? "" : "s", o.orderSeed, o.passes, BASELINE, BASELINE));
        String sweep = null;
        for (Point p : points) {
            if (!p.sweep().equals(sweep)) {
                sweep = p.sweep();
                sb.append("\n### ").append(sweep).append("\n\n");
                sb.append("| ").append(sweep).append(" | codec | value B/rec | produce rec/s | produce MB/s "
                        + "| consume rec/s | consume MB/s | produce vs " + BASELINE + " | consume vs " + BASELINE
                        + " | exact | disturbed |\n");
                sb.append("|---|---|--:|--:|--:|--:|--:|--:|--:|---|--:|\n");
            }
            Map<String, Cell> cells = byConfig.get(p.config());
            for (String codec : codecs) {
                Cell c = cells.get(codec);
                sb.append("| ").append(p.label()).append(" | ").append(codec)
                        .append(" | ").append(fmt(median(c.runs(), Measurement::valueBytesPerRecord), 1))
                        .append(" | ").append(fmt(median(c.runs(), Measurement::produceRecordsPerSecond), 0))
                        .append(" | ").append(fmt(median(c.runs(), Measurement::produceMegabytesPerSecond), 2))
                        .append(" | ").append(fmt(median(c.runs(), Measurement::consumeRecordsPerSecond), 0))
                        .append(" | ").append(fmt(median(c.runs(), Measurement::consumeMegabytesPerSecond), 2))
                        .append(" | ").append(ratioWithSpread(c, Measurement::produceRecordsPerSecond))
                        .append(" | ").append(ratioWithSpread(c, Measurement::consumeRecordsPerSecond))
                        .append(" | ").append(exactness(c))
                        .append(" | ").append(disturbed(c)).append(" of ").append(windows(c)).append(" |\n");
            }
        }
        sb.append("\nMB = 10^6 bytes of serialized values; produce: encode in the sending threads until every "
                + "flush() returned; consume: decode in the poll loops, from the group's start to the last record, "
                + "the median of the timed passes; "
                + "exact: records consumed equal to those produced, none lost, duplicated, reordered within a "
                + "partition and producer, or changed (the worst run); disturbed: timed windows (each produce and "
                + "consume pass) in which GC pauses or JIT compilation took over 5 % of the window or the process "
                + "took over 1,000 page faults.\n\n");
        sb.append(footer).append('\n');
        return sb.toString();
    }

    static String csv(ScaleOptions o, List<Point> points, Map<String, Map<String, Cell>> byConfig, List<String> codecs) {
        StringBuilder sb = new StringBuilder("sweep,value,dataset,partitions,producers,consumers,compression,brokers,"
                + "codec,records,runs,value_bytes_per_record,produce_records_per_s,produce_mb_per_s,"
                + "consume_records_per_s,consume_mb_per_s,produce_vs_bytes_only,consume_vs_bytes_only,exact_records,"
                + "expected_records,exact,consume_passes,disturbed_windows,windows\n");
        for (Point p : points) {
            for (String codec : codecs) {
                Cell c = byConfig.get(p.config()).get(codec);
                Measurement first = c.runs().get(0);
                int worstExact = c.runs().stream().mapToInt(m -> m.verdict().exact()).min().orElse(0);
                sb.append(String.join(",", p.sweep(), p.label(), p.dataset(), Integer.toString(p.partitions()),
                        Integer.toString(p.partitions()), Integer.toString(p.partitions()), p.compression(),
                        Integer.toString(o.brokers), codec, Integer.toString(first.records()),
                        Integer.toString(c.runs().size()),
                        plain(median(c.runs(), Measurement::valueBytesPerRecord), 2),
                        plain(median(c.runs(), Measurement::produceRecordsPerSecond), 0),
                        plain(median(c.runs(), Measurement::produceMegabytesPerSecond), 3),
                        plain(median(c.runs(), Measurement::consumeRecordsPerSecond), 0),
                        plain(median(c.runs(), Measurement::consumeMegabytesPerSecond), 3),
                        plain(vsBaseline(c, Measurement::produceRecordsPerSecond), 3),
                        plain(vsBaseline(c, Measurement::consumeRecordsPerSecond), 3),
                        Integer.toString(worstExact), Integer.toString(first.records()),
                        Boolean.toString(c.runs().stream().allMatch(m -> m.verdict().isExact())),
                        Integer.toString(o.passes), Long.toString(disturbed(c)), Integer.toString(windows(c))));
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static String fmt(double d, int decimals) {
        return Double.isNaN(d) ? "–" : String.format(Locale.ROOT, "%,." + decimals + "f", d);
    }

    private static String plain(double d, int decimals) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", d);
    }
}

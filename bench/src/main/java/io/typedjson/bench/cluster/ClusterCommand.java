package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import org.apache.kafka.clients.admin.Admin;

import io.typedjson.bench.cluster.ClusterBench.Measurement;
import io.typedjson.bench.cluster.ClusterBench.Prepared;
import io.typedjson.bench.cluster.ClusterBench.Settings;
import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.Exactness;
import io.typedjson.bench.data.Datasets;

/**
 * {@code java -jar bench/target/typedjson-bench.jar cluster [options]}: every codec of a data set through a real Kafka
 * broker, timed and compared record by record. Starts its own one-node broker ({@link LocalKafka}) unless
 * {@code --bootstrap-servers} names a running cluster. Exit status 0 when every codec gave back every record exactly,
 * 1 when one did not, 2 on a usage error, 3 when the run itself failed.
 */
public final class ClusterCommand {

    static final int DEFAULT_RECORDS = 200_000;
    /** Default records per codec and run: as many as fill this many bytes of the first codec's values, at most 200,000. */
    static final long DEFAULT_BYTES = 24_000_000;
    static final int AUTO = -1;
    static final int DEFAULT_RUNS = 3;

    private ClusterCommand() {}

    /** The default line-up: typedjson's serdes and converter beside the exact serdes people use today. */
    static final List<String> DEFAULT_CODECS = List.of("typedjson-dynamic", "typedjson-class", "typedjson-connect",
            "jackson-record", "jsonconverter-schemas", "protobuf", "avro");

    /** Where the records, codecs and comparison come from; tests substitute their own. */
    interface Sources {
        List<?> records(String dataset, int count, long seed);

        List<BenchCodec<?>> codecs(String dataset);

        String firstDifference(Object expected, Object actual);
    }

    static final Sources BENCH_SOURCES = new Sources() {
        @Override
        public List<?> records(String dataset, int count, long seed) {
            return Datasets.generate(dataset, count, seed);
        }

        @Override
        public List<BenchCodec<?>> codecs(String dataset) {
            return Codecs.forDataset(dataset);
        }

        @Override
        public String firstDifference(Object expected, Object actual) {
            return Exactness.firstDifference(expected, actual);
        }
    };

    public static int run(String[] args) {
        return run(args, System.out, System.err, BENCH_SOURCES);
    }

    static int run(String[] args, PrintStream out, PrintStream err, Sources sources) {
        quietClientLogs();
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("cluster: " + e.getMessage());
            err.println("try: cluster --help");
            return 2;
        }
        if (o.bootstrapServers != null && o.brokers != 1) {
            err.println("cluster: --brokers starts a local cluster; it cannot be used with --bootstrap-servers");
            return 2;
        }
        if (o.help) {
            out.print(Options.HELP);
            return 0;
        }
        try {
            return execute(o, out, err, sources);
        } catch (Exception e) {
            err.println();
            err.println("cluster: failed: " + e);
            Throwable c = e.getCause();
            while (c != null) {
                err.println("  caused by: " + c);
                c = c.getCause();
            }
            return 3;
        }
    }

    static void quietClientLogs() {
        // slf4j-simple logs INFO by default: Kafka's clients would print their whole configuration on stderr
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        if (System.getProperty("org.slf4j.simpleLogger.log.org.apache.kafka") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka", "error");
        }
        // Admin logs an ERROR for every ListOffsets retried while a new topic's leaders are not known yet; the
        // command retries on purpose until they are (LocalKafka.createTopicAndAwaitLeaders)
        String leaderStrategy = "org.slf4j.simpleLogger.log.org.apache.kafka.clients.admin.internals.PartitionLeaderStrategy";
        if (System.getProperty(leaderStrategy) == null) {
            System.setProperty(leaderStrategy, "off");
        }
    }

    /** Picks the codecs, starts a local cluster unless one is named, measures every codec, writes the report. */
    private static int execute(Options o, PrintStream out, PrintStream err, Sources sources) throws Exception {
        long t0 = System.nanoTime();
        List<BenchCodec<?>> codecs = selectCodecs(o, sources);
        resolveDefaults(o, codecs, sources);
        err.printf("cluster: data set %s, %,d records, %d codecs%n", o.dataset, o.records, codecs.size());
        List<?> records = sources.records(o.dataset, Math.max(o.records, o.latencyRecords), o.seed);

        LocalKafkaCluster kafka = null;
        try {
            if (o.bootstrapServers == null) {
                kafka = startLocalCluster(o.brokers, err);
            }
            Target target = kafka == null ? Target.existing(o) : Target.local(kafka, o.brokers);
            if (kafka != null) {
                err.println("cluster: " + target.brokerLine() + ", " + target.bootstrapServers());
            }
            Settings settings = new Settings(o.records, o.warmupRecords, o.runs, o.compression, o.acks, o.partitions,
                    target.replicationFactor(), o.latencyRecords, o.latencyRate, target.bootstrapServers(),
                    o.stallTimeout, o.producers, o.consumers, target.topicConfigs());
            String brokerLine = target.brokerLine();
            Runs runs;
            try (Admin admin = ClusterBench.admin(target.bootstrapServers())) {
                ClusterBench bench = new ClusterBench(settings, admin, sources::firstDifference, err);
                runs = measureAll(bench, codecs, records, o);
                // what was measured, read back from the cluster: its brokers and the topics' replication
                if (bench.topology() != null) {
                    brokerLine += "; " + bench.topology();
                    err.println("cluster: " + bench.topology());
                }
            }
            if (kafka != null) {
                brokerLine += ", " + kafka.residentSummary().replace("RSS", "RSS after the runs");
            }
            double minutes = (System.nanoTime() - t0) / 60e9;
            writeReport(new Report(o, brokerLine, runs.byCodec(), minutes), o, out);
            if (!runs.allExact()) {
                err.println("cluster: NOT EXACT: at least one codec did not give back every record as produced");
                return 1;
            }
            return 0;
        } finally {
            if (kafka != null) {
                kafka.close();
            }
        }
    }

    /** The codecs of the data set that {@code --codecs} names; without it, {@link #DEFAULT_CODECS}. */
    private static List<BenchCodec<?>> selectCodecs(Options o, Sources sources) {
        List<BenchCodec<?>> codecs = sources.codecs(o.dataset);
        if (o.codecFilter.isEmpty() && codecs.stream().anyMatch(c -> DEFAULT_CODECS.contains(c.name()))) {
            // the serdes people choose between when values must come back as sent; --codecs all adds the lossy ones
            o.codecFilter = DEFAULT_CODECS;
        }
        if (o.codecFilter.isEmpty() || o.codecFilter.equals(List.of("all"))) {
            return codecs;
        }
        List<BenchCodec<?>> kept = new ArrayList<>();
        for (BenchCodec<?> c : codecs) {
            if (o.codecFilter.contains(c.name())) {
                kept.add(c);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("no codec named " + o.codecFilter + " for " + o.dataset);
        }
        return kept;
    }

    private static LocalKafkaCluster startLocalCluster(int brokers, PrintStream err) throws Exception {
        err.println(brokers == 1 ? "cluster: starting a local Kafka broker (KRaft, child JVM)..."
                : "cluster: starting a local Kafka cluster of " + brokers
                + " nodes (KRaft, each a broker and controller in a child JVM)...");
        return LocalKafkaCluster.start(brokers);
    }

    /** Where the records go: the cluster's address, its line in the report, and how its topics are made. */
    private record Target(String bootstrapServers, String brokerLine, Optional<Short> replicationFactor,
                          Map<String, String> topicConfigs) {

        /** A running cluster named by {@code --bootstrap-servers}: its topics as {@code --replication-factor} says. */
        static Target existing(Options o) {
            return new Target(o.bootstrapServers, "existing cluster at " + o.bootstrapServers, o.replicationFactor,
                    Map.of());
        }

        /**
         * The command's own cluster: topics as a production topic has them, min(3, N) copies and 2 in sync for a
         * write from three brokers on.
         */
        static Target local(LocalKafkaCluster kafka, int brokers) {
            return new Target(kafka.bootstrapServers(), localClusterLine(kafka),
                    Optional.of((short) LocalKafka.replicationFactor(brokers)),
                    Map.of("min.insync.replicas", Integer.toString(LocalKafka.minInsyncReplicas(brokers))));
        }
    }

    /** Every measurement of the runs, by codec, and whether every codec not excused by --ignore-inexact was exact. */
    private record Runs(Map<String, List<Measurement>> byCodec, boolean allExact) {}

    /**
     * The warm-up (each codec once, on fewer records, not reported), then {@code --runs} runs of every codec,
     * interleaved, each run starting with a different codec so that no codec always follows the same one.
     */
    private static Runs measureAll(ClusterBench bench, List<BenchCodec<?>> codecs, List<?> records, Options o)
            throws Exception {
        boolean allExact = true;
        if (o.warmupRecords > 0) {
            int count = Math.min(o.warmupRecords, o.records);
            for (BenchCodec<?> c : codecs) {
                Measurement m = bench.measure(prepare(c, records, count, o), count, "warmup");
                allExact &= acceptable(m, o, bench, "warm-up " + m.codec());
            }
        }
        Map<String, List<Measurement>> byCodec = new LinkedHashMap<>();
        for (BenchCodec<?> c : codecs) {
            byCodec.put(c.name(), new ArrayList<>());
        }
        for (int run = 0; run < o.runs; run++) {
            for (int k = 0; k < codecs.size(); k++) {
                BenchCodec<?> c = codecs.get((k + run) % codecs.size());
                Measurement m = bench.measure(prepare(c, records, o.records, o), o.records, "run" + (run + 1));
                byCodec.get(c.name()).add(m);
                allExact &= acceptable(m, o, bench, "run " + (run + 1) + " " + m.codec());
            }
        }
        return new Runs(byCodec, allExact);
    }

    /** Exact, or excused by --ignore-inexact; what was not exact is printed either way. */
    private static boolean acceptable(Measurement m, Options o, ClusterBench bench, String what) {
        if (m.verdict().isExact()) {
            return true;
        }
        bench.progress().line("cluster: " + what + ": " + m.verdict().summary() + " " + m.verdict().examples());
        return o.ignoreInexact.contains(m.codec());
    }

    /** The report on stdout and as markdown and CSV under the results directory. */
    private static void writeReport(Report report, Options o, PrintStream out) throws java.io.IOException {
        String markdown = report.markdown();
        out.println();
        out.print(markdown);
        Files.createDirectories(o.resultsDir);
        String stem = o.bootstrapServers == null && o.brokers > 1 ? "cluster-" + o.brokers + "brokers" : "cluster";
        Path md = o.resultsDir.resolve(stem + ".md");
        Files.writeString(md, markdown, StandardCharsets.UTF_8);
        Files.writeString(o.resultsDir.resolve(stem + ".csv"), report.csv(), StandardCharsets.UTF_8);
        out.println();
        out.println("results: " + md.toAbsolutePath().normalize() + " and " + stem + ".csv");
    }

    static String localClusterLine(LocalKafkaCluster kafka) {
        int n = kafka.size();
        return String.format(Locale.ROOT, "local Apache Kafka %s, KRaft, %d node%s (%s, child JVM%s, -Xmx%s each), "
                        + "started in %.1f s, %s", kafkaVersion(), n, n == 1 ? "" : "s",
                n == 1 ? "broker and controller" : "each a broker and a controller voter", n == 1 ? "" : "s",
                n == 1 ? "768m" : LocalKafkaCluster.DEFAULT_NODE_HEAP, kafka.startTime().toMillis() / 1000.0,
                kafka.residentSummary());
    }

    /** The version of the Kafka jars on the class path (the child broker runs the same jars). */
    static String kafkaVersion() {
        try (var in = org.apache.kafka.clients.admin.Admin.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            java.util.Properties p = new java.util.Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "(unknown version)");
        } catch (java.io.IOException e) {
            return "(unknown version)";
        }
    }

    /**
     * Sizes left to the command: records per run fill about {@value #DEFAULT_BYTES} bytes of the first codec's values
     * (200,000 orders of about 120 bytes; a few hundred boards of about 100 KB), the warm-up is a quarter of that at
     * most 50,000, and the latency measurement lasts about a second at 2.5 MB/s, at most 5,000 records/s.
     */
    static void resolveDefaults(Options o, List<BenchCodec<?>> codecs, Sources sources) {
        if (o.records != AUTO && o.warmupRecords != AUTO && o.latencyRate != AUTO && o.latencyRecords != AUTO) {
            return;
        }
        List<?> sample = sources.records(o.dataset, 64, o.seed);
        double average = averageSize(codecs.get(0), sample);
        if (o.records == AUTO) {
            o.records = (int) Math.max(100, Math.min(DEFAULT_RECORDS, DEFAULT_BYTES / average));
        }
        if (o.warmupRecords == AUTO) {
            o.warmupRecords = Math.min(50_000, Math.max(1, o.records / 4));
        }
        if (o.latencyRate == AUTO) {
            o.latencyRate = (int) Math.max(10, Math.min(5_000, 2_500_000 / average));
        }
        if (o.latencyRecords == AUTO) {
            o.latencyRecords = Math.min(o.records, Math.max(50, o.latencyRate));
        }
    }

    static <V> double averageSize(BenchCodec<V> codec, List<?> sample) {
        long bytes = 0;
        for (Object r : sample) {
            bytes += codec.encode(codec.prepare(r)).length;
        }
        return Math.max(1.0, (double) bytes / Math.max(1, sample.size()));
    }

    /**
     * The codec's own values for the records one measurement needs, converted untimed right before it: one codec's
     * values at a time are in memory (a JsonNode or a Struct per record adds up over ten codecs).
     */
    private static Prepared<?> prepare(BenchCodec<?> codec, List<?> records, int count, Options o) {
        int needed = Math.min(records.size(), Math.max(count, o.latencyRecords));
        return Prepared.of(codec, records.subList(0, needed));
    }

    /**
     * Where results go unless {@code --results-dir} says: under the build's {@code target/} (bench/target/results from
     * the repository's root), so a run leaves the checkout as it was; bench/results holds the published run.
     */
    public static Path defaultResultsDir() {
        return io.typedjson.bench.Main.defaultResultsDir();
    }

    // ---- report ------------------------------------------------------------------------------------------------

    static final class Report {
        /** The speed issue's figure for the main job: the class serde consumes at least this × protobuf's records/s. */
        static final double CONSUME_TARGET = 0.6;

        private final Options o;
        private final String brokerLine;
        private final Map<String, List<Measurement>> byCodec;
        private final double minutes;

        Report(Options o, String brokerLine, Map<String, List<Measurement>> byCodec, double minutes) {
            this.o = o;
            this.brokerLine = brokerLine;
            this.byCodec = byCodec;
            this.minutes = minutes;
        }

        String markdown() {
            StringBuilder sb = new StringBuilder();
            sb.append("## Through a Kafka broker: ").append(o.dataset).append(", ")
                    .append(String.format(Locale.ROOT, "%,d", o.records)).append(" records\n\n");
            sb.append(String.format(Locale.ROOT,
                    "compression %s, acks %s, %d partition%s, %d producer thread%s, %d consumer%s, medians of %d "
                            + "run%s after a warm-up of %,d records per codec, codecs interleaved; latency at %,d "
                            + "records/s (%,d records)%n%n",
                    o.compression, o.acks, o.partitions, o.partitions == 1 ? "" : "s", o.producers,
                    o.producers == 1 ? "" : "s", o.consumers, o.consumers == 1 ? "" : "s (one group)", o.runs,
                    o.runs == 1 ? "" : "s", Math.min(o.warmupRecords, o.records), o.latencyRate,
                    o.latencyRecords));
            sb.append("| codec | value B/rec | disk B/rec | produce rec/s | produce MB/s | consume rec/s "
                    + "| consume MB/s | produce × | consume × | e2e p50 ms | e2e p99 ms | exact |\n");
            sb.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
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
                        .append(" | ").append(exactness(ms)).append(" |\n");
            }
            sb.append('\n');
            if (byCodec.containsKey("typedjson-class") && byCodec.containsKey("protobuf")) {
                double r = ratio("typedjson-class", "protobuf", Measurement::consumeRecordsPerSecond);
                sb.append(String.format(Locale.ROOT, "**typedjson-class consume rec/s ÷ protobuf's: %.2f** (median of "
                        + "the per-run ratios); the speed issue's target for the main job is at least %.1f: %s.%n%n", r,
                        CONSUME_TARGET, r >= CONSUME_TARGET ? "met" : String.format(Locale.ROOT, "**missed** by %.0f %%",
                                (1 - r / CONSUME_TARGET) * 100)));
            }
            sb.append("value B/rec: serialized value; disk B/rec: the topic's log segments on the broker "
                    + "(record batches, keys, headers, compression) per record; MB = 10^6 bytes of serialized "
                    + "values; produce × and consume ×: records/s relative to the first codec in the same run (median "
                    + "over runs); produce: encode in the sending thread until flush() returns; consume: a new consumer "
                    + "reads the topic from the start and decodes each value; e2e: from before encode to after "
                    + "decode, one JVM (System.nanoTime); exact: records consumed equal to those produced, none lost, "
                    + "duplicated, reordered within a partition or changed (the worst run).\n\n");
            sb.append(String.format(Locale.ROOT, "broker: %s; client: Java %s, %d cores; took %.1f min; %s%n",
                    brokerLine, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                    minutes, ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
            return sb.toString();
        }

        String csv() {
            StringBuilder sb = new StringBuilder();
            sb.append("dataset,codec,records,runs,compression,acks,partitions,value_bytes_per_record,"
                    + "disk_bytes_per_record,produce_records_per_s,produce_mb_per_s,consume_records_per_s,"
                    + "consume_mb_per_s,produce_vs_first,consume_vs_first,latency_p50_ms,latency_p99_ms,exact_records,"
                    + "expected_records,exact,brokers,producers,consumers\n");
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
                        Integer.toString(o.producers), Integer.toString(o.consumers)));
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
            List<Measurement> first = byCodec.get(base);
            List<Measurement> mine = byCodec.get(codec);
            int n = Math.min(first.size(), mine.size());
            double[] r = new double[n];
            for (int i = 0; i < n; i++) {
                r[i] = f.applyAsDouble(mine.get(i)) / f.applyAsDouble(first.get(i));
            }
            java.util.Arrays.sort(r);
            if (n == 0) {
                return Double.NaN;
            }
            return n % 2 == 1 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
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

    // ---- options -----------------------------------------------------------------------------------------------

    static final class Options {
        static final String HELP = String.join("\n",
                "usage: java -jar bench/target/typedjson-bench.jar cluster [options]",
                "",
                "Produces a data set through every codec to a Kafka topic of its own, consumes it back, compares",
                "every record with what was produced and prints throughput, size on the broker's disk, end-to-end",
                "latency and exactness per codec. Starts a one-node Kafka broker (KRaft, a child JVM, free ports on",
                "127.0.0.1, data in a temporary directory) unless --bootstrap-servers is given.",
                "",
                "  --dataset NAME             orders (default), rows, cdc or board",
                "  --records N                records per codec and run (default: about 24 MB of values, at most",
                "                             " + DEFAULT_RECORDS + ": 200,000 orders, a few hundred boards)",
                "  --runs N                   measured runs; the table shows medians (default " + DEFAULT_RUNS + ")",
                "  --warmup-records N         records per codec in the warm-up run, 0 for none (default: a quarter",
                "                             of --records, at most 50000)",
                "  --compression TYPE         none (default), lz4, zstd, gzip or snappy",
                "  --acks all|1|0             producer acks (default all; idempotence is on only with all)",
                "  --brokers N                nodes of the local cluster, each a broker and a KRaft controller in a",
                "                             child JVM (default 1); topics get replication factor min(3, N) and",
                "                             min.insync.replicas 2 from three brokers on",
                "  --partitions N             partitions per topic (default 1)",
                "  --producers N              producer threads, each with a KafkaProducer of its own (default 1)",
                "  --consumers N              consumer threads; more than one read as one consumer group (default 1)",
                "  --replication-factor N     for --bootstrap-servers (default: the cluster's default)",
                "  --bootstrap-servers H:P    use a running cluster; the command creates and deletes its topics",
                "  --codecs A,B|all           these codecs (default: " + String.join(", ", DEFAULT_CODECS) + ";",
                "                             all: every codec of the data set, lossy ones included)",
                "  --ignore-inexact A,B       these codecs, known to be lossy, do not make the exit status 1",
                "                             (their rows still say what they lost)",
                "  --latency-records N        records sent at a steady rate to time end to end, 0: none",
                "                             (default: one second's worth)",
                "  --latency-rate N           records/s for the latency measurement (default 5000, fewer for",
                "                             records over 500 bytes: 2.5 MB/s)",
                "  --seed N                   data set seed (default 42)",
                "  --results-dir DIR          where cluster.md and cluster.csv go (default " + defaultResultsDir() + ";",
                "                             the published run is --results-dir bench/results); with --brokers N",
                "                             they are named cluster-Nbrokers.md and .csv",
                "  --help",
                "",
                "Exit status: 0 every codec exact N/N; 1 some codec lost, duplicated, reordered or changed a record;",
                "2 usage error; 3 the run failed (e.g. the broker did not start).",
                "");

        String dataset = "orders";
        int records = AUTO;
        int runs = DEFAULT_RUNS;
        int warmupRecords = AUTO;
        String compression = "none";
        String acks = "all";
        int partitions = 1;
        Optional<Short> replicationFactor = Optional.empty();
        String bootstrapServers;
        List<String> codecFilter = List.of();
        List<String> ignoreInexact = List.of();
        int latencyRecords = AUTO;
        int latencyRate = AUTO;
        long seed = 42;
        Path resultsDir = defaultResultsDir();
        int brokers = 1;
        int producers = 1;
        int consumers = 1;
        Duration stallTimeout = Duration.ofSeconds(30);
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                String value = null;
                int eq = a.indexOf('=');
                if (a.startsWith("--") && eq > 0) {
                    value = a.substring(eq + 1);
                    a = a.substring(0, eq);
                }
                if (a.equals("--help") || a.equals("-h")) {
                    o.help = true;
                    continue;
                }
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(a + " needs a value");
                    }
                    value = args[++i];
                }
                switch (a) {
                    case "--dataset" -> o.dataset = value;
                    case "--records" -> o.records = positive(a, value);
                    case "--runs" -> o.runs = positive(a, value);
                    case "--warmup-records" -> o.warmupRecords = nonNegative(a, value);
                    case "--compression" -> o.compression = oneOf(a, value.toLowerCase(Locale.ROOT),
                            "none", "lz4", "zstd", "gzip", "snappy");
                    case "--acks" -> o.acks = oneOf(a, value.toLowerCase(Locale.ROOT), "all", "-1", "1", "0");
                    case "--partitions" -> o.partitions = positive(a, value);
                    case "--brokers" -> o.brokers = positive(a, value);
                    case "--producers" -> o.producers = positive(a, value);
                    case "--consumers" -> o.consumers = positive(a, value);
                    case "--replication-factor" -> o.replicationFactor = Optional.of((short) positive(a, value));
                    case "--bootstrap-servers" -> o.bootstrapServers = value;
                    case "--codecs" -> o.codecFilter = Arrays.asList(value.split(","));
                    case "--ignore-inexact" -> o.ignoreInexact = Arrays.asList(value.split(","));
                    case "--latency-records" -> o.latencyRecords = nonNegative(a, value);
                    case "--latency-rate" -> o.latencyRate = positive(a, value);
                    case "--seed" -> o.seed = parseLong(a, value);
                    case "--results-dir" -> o.resultsDir = Path.of(value);
                    case "--stall-timeout-seconds" -> o.stallTimeout = Duration.ofSeconds(positive(a, value));
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return o;
        }

        static int positive(String name, String v) {
            int n = nonNegative(name, v);
            if (n == 0) {
                throw new IllegalArgumentException(name + " must be at least 1");
            }
            return n;
        }

        private static int nonNegative(String name, String v) {
            long n = parseLong(name, v.replace("_", "").replace(",", ""));
            if (n < 0 || n > Integer.MAX_VALUE / 2) {
                throw new IllegalArgumentException(name + " out of range: " + v);
            }
            return (int) n;
        }

        private static long parseLong(String name, String v) {
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " needs a number, not " + v);
            }
        }

        private static String oneOf(String name, String v, String... allowed) {
            for (String s : allowed) {
                if (s.equals(v)) {
                    return v;
                }
            }
            throw new IllegalArgumentException(name + " must be one of " + String.join(", ", allowed));
        }
    }
}

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

    /**
     * The command as {@code java -jar} runs it: the measurement itself in a child JVM with a fixed, pre-touched heap
     * sized by the run ({@link MeasuringJvm}), unless {@value MeasuringJvm#IN_PROCESS} says to measure in this one.
     */
    public static int run(String[] args) {
        Options o;
        try {
            o = Options.parse(args);
            if (!o.help && !o.inProcess) {
                List<BenchCodec<?>> codecs = selectCodecs(o, BENCH_SOURCES);
                resolveDefaults(o, codecs, BENCH_SOURCES);
            }
        } catch (IllegalArgumentException e) {
            return run(args, System.out, System.err, BENCH_SOURCES); // the usage error, reported as usual
        }
        if (o.help || o.inProcess) {
            return run(args, System.out, System.err, BENCH_SOURCES);
        }
        return MeasuringJvm.runInChild("cluster", args, clusterHeap(o), System.err);
    }

    /**
     * The heap the measurement needs: what one codec's records hold (measured on a sample, {@link MeasuringJvm}) for
     * the records of a run, or {@code --heap}.
     */
    static MeasuringJvm.Heap clusterHeap(Options o) {
        if (o.heapBytes != AUTO) {
            return MeasuringJvm.Heap.given(o.heapBytes);
        }
        int records = Math.max(o.records, o.latencyRecords);
        return MeasuringJvm.Heap.measured(java.util.Map.of(o.dataset, records), BENCH_SOURCES, o.seed,
                d -> selectCodecs(o, BENCH_SOURCES));
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
        // command retries on purpose until they are (BenchTopics.createTopicAndAwaitLeaders)
        String leaderStrategy = "org.slf4j.simpleLogger.log.org.apache.kafka.clients.admin.internals.PartitionLeaderStrategy";
        if (System.getProperty(leaderStrategy) == null) {
            System.setProperty(leaderStrategy, "off");
        }
    }

    /** Picks the codecs, starts a local cluster unless one is named, measures every codec, writes the report. */
    private static int execute(Options o, PrintStream out, PrintStream err, Sources sources) throws Exception {
        MeasuringJvm.exitWithParent();
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
                    o.stallTimeout, o.producers, o.consumers, target.topicConfigs(), o.passes);
            String brokerLine = target.brokerLine();
            Runs runs;
            try (Admin admin = BenchTopics.admin(target.bootstrapServers())) {
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
            writeReport(new Report(o, brokerLine, runs.byCodec(), runs.orders(), MeasuringJvm.describeThisJvm(),
                    minutes), o, out);
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
                    Optional.of((short) BrokerConfig.replicationFactor(brokers)),
                    Map.of("min.insync.replicas", Integer.toString(BrokerConfig.minInsyncReplicas(brokers))));
        }
    }

    /**
     * Every measurement of the runs, by codec; the order the codecs ran in, run by run; and whether every codec not
     * excused by --ignore-inexact was exact.
     */
    private record Runs(Map<String, List<Measurement>> byCodec, List<List<String>> orders, boolean allExact) {}

    /**
     * The warm-up ({@value #WARMUP_ROUNDS} rounds of every codec on fewer records, not reported: long enough that the
     * JIT has compiled the paths the measured windows run), then {@code --runs} runs of every codec, interleaved, in
     * an order shuffled per run ({@link #runOrders}) so that no codec always follows the same one.
     */
    private static Runs measureAll(ClusterBench bench, List<BenchCodec<?>> codecs, List<?> records, Options o)
            throws Exception {
        boolean allExact = true;
        if (o.warmupRecords > 0) {
            int count = Math.min(o.warmupRecords, o.records);
            for (int round = 1; round <= WARMUP_ROUNDS; round++) {
                for (BenchCodec<?> c : codecs) {
                    Measurement m = bench.measure(prepare(c, records, count, o), count, "warmup" + round);
                    allExact &= acceptable(m, o, bench, "warm-up " + m.codec());
                }
            }
        }
        Map<String, List<Measurement>> byCodec = new LinkedHashMap<>();
        for (BenchCodec<?> c : codecs) {
            byCodec.put(c.name(), new ArrayList<>());
        }
        List<List<String>> orders = runOrders(codecs.stream().map(BenchCodec::name).toList(), o.runs, o.orderSeed);
        for (int run = 0; run < o.runs; run++) {
            bench.progress().line("cluster: run " + (run + 1) + " order (seed " + o.orderSeed + "): "
                    + String.join(", ", orders.get(run)));
            for (String name : orders.get(run)) {
                BenchCodec<?> c = codecs.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
                Measurement m = bench.measure(prepare(c, records, o.records, o), o.records, "run" + (run + 1));
                byCodec.get(c.name()).add(m);
                allExact &= acceptable(m, o, bench, "run " + (run + 1) + " " + m.codec());
            }
        }
        return new Runs(byCodec, orders, allExact);
    }

    /** Warm-up rounds: each codec measured this many times on the warm-up records before the measured runs. */
    static final int WARMUP_ROUNDS = 2;

    /** The codecs' order in each run: shuffled with a {@link java.util.Random} of {@code seed}, run after run. */
    static List<List<String>> runOrders(List<String> codecs, int runs, long seed) {
        java.util.Random random = new java.util.Random(seed);
        List<List<String>> orders = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            List<String> order = new ArrayList<>(codecs);
            java.util.Collections.shuffle(order, random);
            orders.add(List.copyOf(order));
        }
        return orders;
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
        Files.writeString(o.resultsDir.resolve(stem + "-windows.csv"), report.windowsCsv(), StandardCharsets.UTF_8);
        out.println();
        out.println("results: " + md.toAbsolutePath().normalize() + ", " + stem + ".csv and " + stem
                + "-windows.csv");
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
        private final List<List<String>> orders;
        private final String jvm;
        private final double minutes;

        Report(Options o, String brokerLine, Map<String, List<Measurement>> byCodec, List<List<String>> orders,
               String jvm, double minutes) {
            this.o = o;
            this.brokerLine = brokerLine;
            this.byCodec = byCodec;
            this.orders = orders;
            this.jvm = jvm;
            this.minutes = minutes;
        }

        /** A report of measurements taken in the codecs' own order, in this JVM. */
        Report(Options o, String brokerLine, Map<String, List<Measurement>> byCodec, double minutes) {
            this(o, brokerLine, byCodec, List.of(), MeasuringJvm.describeThisJvm(), minutes);
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
                    + "per-run ratios; %s); the speed issue's target for the main job is at least %.1f: %s.", median,
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
                "  --passes N                 timed consume passes per codec and run; a run's consume time is their",
                "                             median (default " + Settings.DEFAULT_PASSES + ")",
                "  --warmup-records N         records per codec in each of the " + WARMUP_ROUNDS + " warm-up rounds, 0 for none",
                "                             (default: a quarter of --records, at most 50000)",
                "  --order-seed N             seed of the codecs' order, shuffled per run (default 42)",
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
                "  --results-dir DIR          where cluster.md, cluster.csv and cluster-windows.csv go",
                "                             (default " + defaultResultsDir() + "; the published run is",
                "                             --results-dir bench/results); with --brokers N: cluster-Nbrokers.*",
                "  --heap SIZE                heap of the measuring JVM, e.g. 2g (default: sized by the run)",
                "  " + MeasuringJvm.IN_PROCESS + "               measure in this JVM, as it was started, not in a child",
                "                             JVM with a fixed, pre-touched heap",
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
        int passes = Settings.DEFAULT_PASSES;
        long orderSeed = 42;
        long heapBytes = AUTO;
        boolean inProcess;
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
                if (a.equals(MeasuringJvm.IN_PROCESS)) {
                    o.inProcess = true;
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
                    case "--passes" -> o.passes = positive(a, value);
                    case "--order-seed" -> o.orderSeed = parseLong(a, value);
                    case "--heap" -> o.heapBytes = MeasuringJvm.parseSize(a, value);
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

package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

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
 *
 * <p>This class runs the command: codecs chosen, the cluster started or named, warm-ups and measured runs in a
 * shuffled order ({@link ClusterBench}); its options are {@link ClusterOptions}, its tables and files
 * {@link ClusterReport}.
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
            Codecs.REFERENCE, "jackson-record", "jsonconverter-schemas", "jsonconverter-schema-content", "protobuf", "avro");

    /** Where the records, codecs and comparison come from; tests substitute their own. */
    interface Sources {
        List<?> records(String dataset, int count, long seed);

        List<BenchCodec<?>> codecs(String dataset);

        /**
         * The codecs, those that need a broker among them ({@link Codecs#REFERENCE}, whose schema topic lives on the
         * measured cluster): {@code bootstrapServers} gives its address once the cluster is up, and is not asked
         * before a codec's first record is encoded.
         */
        default List<BenchCodec<?>> codecs(String dataset, Supplier<String> bootstrapServers) {
            return codecs(dataset);
        }

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
        public List<BenchCodec<?>> codecs(String dataset, Supplier<String> bootstrapServers) {
            return Codecs.forDataset(dataset, bootstrapServers);
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
        ClusterOptions o;
        try {
            o = ClusterOptions.parse(args);
            if (!o.help && !o.inProcess) {
                List<BenchCodec<?>> codecs = selectCodecs(o, BENCH_SOURCES, NO_CLUSTER_YET);
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
    static MeasuringJvm.Heap clusterHeap(ClusterOptions o) {
        if (o.heapBytes != AUTO) {
            return MeasuringJvm.Heap.given(o.heapBytes);
        }
        int records = Math.max(o.records, o.latencyRecords);
        return MeasuringJvm.Heap.measured(java.util.Map.of(o.dataset, records), BENCH_SOURCES, o.seed,
                d -> selectCodecs(o, BENCH_SOURCES, NO_CLUSTER_YET));
    }

    static int run(String[] args, PrintStream out, PrintStream err, Sources sources) {
        quietClientLogs();
        ClusterOptions o;
        try {
            o = ClusterOptions.parse(args);
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
            out.print(ClusterOptions.HELP);
            return 0;
        }
        try {
            selectCodecs(o, sources, NO_CLUSTER_YET); // an unknown data set or codec is a usage error, before any broker
        } catch (IllegalArgumentException e) {
            err.println("cluster: " + e.getMessage());
            err.println("try: cluster --help");
            return 2;
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
    private static int execute(ClusterOptions o, PrintStream out, PrintStream err, Sources sources) throws Exception {
        MeasuringJvm.exitWithParent();
        long t0 = System.nanoTime();
        AtomicReference<String> clusterAddress = new AtomicReference<>();
        List<BenchCodec<?>> codecs = selectCodecs(o, sources, clusterAddress::get);
        resolveDefaults(o, codecs, sources);
        err.printf("cluster: data set %s, %,d records, %d codecs%n", o.dataset, o.records, codecs.size());
        List<?> records = sources.records(o.dataset, Math.max(o.records, o.latencyRecords), o.seed);

        LocalKafkaCluster kafka = null;
        try {
            if (o.bootstrapServers == null) {
                kafka = startLocalCluster(o.brokers, err);
            }
            Target target = kafka == null ? Target.existing(o) : Target.local(kafka, o.brokers);
            clusterAddress.set(target.bootstrapServers());
            if (kafka != null) {
                err.println("cluster: " + target.brokerLine() + ", " + target.bootstrapServers());
            }
            Settings settings = new Settings(o.records, o.warmupRecords, o.runs, o.compression, o.acks, o.partitions,
                    target.replicationFactor(), o.latencyRecords, o.latencyRate, target.bootstrapServers(),
                    o.stallTimeout, o.producers, o.consumers, target.topicConfigs(), o.passes, o.jitWaitMs);
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
            new ClusterReport(o, brokerLine, runs.byCodec(), runs.orders(), MeasuringJvm.describeThisJvm(),
                    minutes).write(out);
            if (!runs.allExact()) {
                err.println("cluster: NOT EXACT: at least one codec did not give back every record as produced");
                return 1;
            }
            return 0;
        } finally {
            closeClients(codecs, err);
            if (kafka != null) {
                kafka.close();
            }
        }
    }

    /** Before the cluster goes: the Kafka clients a codec holds (the schema topic's of location reference). */
    private static void closeClients(List<BenchCodec<?>> codecs, PrintStream err) {
        for (BenchCodec<?> c : codecs) {
            if (c instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    err.println("cluster: closing the clients of " + c.name() + ": " + e);
                }
            }
        }
    }

    /** Where the codecs' schema topic would be before the command has a cluster: nowhere (they may not encode). */
    private static final Supplier<String> NO_CLUSTER_YET = () -> null;

    /** The codecs of the data set that {@code --codecs} names; without it, {@link #DEFAULT_CODECS}. */
    private static List<BenchCodec<?>> selectCodecs(ClusterOptions o, Sources sources,
                                                    Supplier<String> bootstrapServers) {
        List<BenchCodec<?>> codecs = sources.codecs(o.dataset, bootstrapServers);
        if (o.codecFilter.isEmpty() && codecs.stream().anyMatch(c -> DEFAULT_CODECS.contains(c.name()))) {
            // the serdes people choose between when values must come back as sent; --codecs all adds the lossy ones
            o.codecFilter = DEFAULT_CODECS;
        }
        if (o.codecFilter.isEmpty() || o.codecFilter.equals(List.of("all"))) {
            return codecs;
        }
        for (String name : o.codecFilter) {
            if (o.codecFilter != DEFAULT_CODECS && codecs.stream().noneMatch(c -> c.name().equals(name))) {
                // a misspelt name was passed over while the others ran
                throw new IllegalArgumentException("no codec named " + name + " for " + o.dataset + "; its codecs are "
                        + String.join(", ", codecs.stream().map(BenchCodec::name).toList()));
            }
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
        static Target existing(ClusterOptions o) {
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
    private static Runs measureAll(ClusterBench bench, List<BenchCodec<?>> codecs, List<?> records, ClusterOptions o)
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
    private static boolean acceptable(Measurement m, ClusterOptions o, ClusterBench bench, String what) {
        if (m.verdict().isExact()) {
            return true;
        }
        bench.progress().line("cluster: " + what + ": " + m.verdict().summary() + " " + m.verdict().examples());
        return o.ignoreInexact.contains(m.codec());
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
    static void resolveDefaults(ClusterOptions o, List<BenchCodec<?>> codecs, Sources sources) {
        if (o.records != AUTO && o.warmupRecords != AUTO && o.latencyRate != AUTO && o.latencyRecords != AUTO) {
            return;
        }
        List<?> sample = sources.records(o.dataset, 64, o.seed);
        double average = averageSize(sizingCodec(codecs, sources, o.dataset), sample);
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

    /**
     * The first codec that encodes without a broker (sizes are decided before the cluster starts); when every chosen
     * one needs a broker (location reference alone), the inline location's, whose value is larger by its schema.
     */
    private static BenchCodec<?> sizingCodec(List<BenchCodec<?>> codecs, Sources sources, String dataset) {
        for (BenchCodec<?> c : codecs) {
            if (!c.name().equals(Codecs.REFERENCE)) {
                return c;
            }
        }
        return sources.codecs(dataset).stream()
                .filter(c -> c.name().equals("typedjson-connect")).findFirst().orElse(codecs.get(0));
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
    private static Prepared<?> prepare(BenchCodec<?> codec, List<?> records, int count, ClusterOptions o) {
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
}

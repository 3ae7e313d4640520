package io.typedjson.bench.cluster;

import static io.typedjson.bench.cluster.ClusterCommand.AUTO;
import static io.typedjson.bench.cluster.ClusterCommand.DEFAULT_CODECS;
import static io.typedjson.bench.cluster.ClusterCommand.DEFAULT_RECORDS;
import static io.typedjson.bench.cluster.ClusterCommand.DEFAULT_RUNS;
import static io.typedjson.bench.cluster.ClusterCommand.WARMUP_ROUNDS;
import static io.typedjson.bench.cluster.ClusterCommand.defaultResultsDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.typedjson.bench.cluster.ClusterBench.Settings;

/** The options of the cluster command ({@code --help} prints {@link #HELP}), parsed from its arguments. */
final class ClusterOptions {

    /** The options that take a value (each a case of the parsing switch below). */
    static final java.util.List<String> OPTIONS = java.util.List.of("--dataset", "--records", "--runs", "--passes",
            "--order-seed", "--heap", "--warmup-records", "--compression", "--acks", "--partitions", "--brokers",
            "--producers", "--consumers", "--replication-factor", "--bootstrap-servers", "--codecs",
            "--ignore-inexact", "--latency-records", "--latency-rate", "--seed", "--results-dir", "--jit-wait-ms",
            "--stall-timeout-seconds");

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
            "  --jit-wait-ms N            before each timed window, wait until the JIT compilers finished",
            "                             nothing for 250 ms, at most N ms (default 5000; 0: no wait, for",
            "                             checking exactness quickly rather than timing)",
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
    long jitWaitMs = ClusterBench.MAX_COMPILER_WAIT_MS;
    boolean help;

    static ClusterOptions parse(String[] args) {
        ClusterOptions o = new ClusterOptions();
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
                    throw OptionValues.missingValue(a, OPTIONS);
                }
                value = args[++i];
            }
            switch (a) {
                case "--dataset" -> o.dataset = value;
                case "--records" -> o.records = OptionValues.positive(a, value);
                case "--runs" -> o.runs = OptionValues.positive(a, value);
                case "--passes" -> o.passes = OptionValues.positive(a, value);
                case "--order-seed" -> o.orderSeed = OptionValues.parseLong(a, value);
                case "--heap" -> o.heapBytes = MeasuringJvm.parseSize(a, value);
                case "--warmup-records" -> o.warmupRecords = OptionValues.nonNegative(a, value);
                case "--compression" -> o.compression = OptionValues.oneOf(a, value.toLowerCase(Locale.ROOT),
                        "none", "lz4", "zstd", "gzip", "snappy");
                case "--acks" -> o.acks = OptionValues.oneOf(a, value.toLowerCase(Locale.ROOT), "all", "-1", "1", "0");
                case "--partitions" -> o.partitions = OptionValues.positive(a, value);
                case "--brokers" -> o.brokers = OptionValues.positive(a, value);
                case "--producers" -> o.producers = OptionValues.positive(a, value);
                case "--consumers" -> o.consumers = OptionValues.positive(a, value);
                case "--replication-factor" -> o.replicationFactor = Optional.of((short) OptionValues.positive(a, value));
                case "--bootstrap-servers" -> o.bootstrapServers = value;
                case "--codecs" -> o.codecFilter = Arrays.asList(value.split(","));
                case "--ignore-inexact" -> o.ignoreInexact = Arrays.asList(value.split(","));
                case "--latency-records" -> o.latencyRecords = OptionValues.nonNegative(a, value);
                case "--latency-rate" -> o.latencyRate = OptionValues.positive(a, value);
                case "--seed" -> o.seed = OptionValues.parseLong(a, value);
                case "--results-dir" -> o.resultsDir = Path.of(value);
                case "--jit-wait-ms" -> o.jitWaitMs = OptionValues.nonNegative(a, value);
                case "--stall-timeout-seconds" -> o.stallTimeout = Duration.ofSeconds(OptionValues.positive(a, value));
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        return o;
    }
}

package io.typedjson.bench.cluster;

import static io.typedjson.bench.cluster.ScaleCommand.BASELINE;
import static io.typedjson.bench.cluster.ScaleCommand.DEFAULT_CODECS;
import static io.typedjson.bench.cluster.ScaleCommand.SWEEP_COMPRESSION;
import static io.typedjson.bench.cluster.ScaleCommand.SWEEP_PARTITIONS;
import static io.typedjson.bench.cluster.ScaleCommand.SWEEP_SIZE;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.typedjson.bench.cluster.ClusterBench.Settings;
import io.typedjson.bench.cluster.ScaleCommand.Point;

/** The options of the scale command ({@code --help} prints {@link #HELP}), parsed from its arguments. */
final class ScaleOptions {

    /** The options that take a value (each a case of the parsing switch below). */
    static final java.util.List<String> OPTIONS = java.util.List.of("--brokers", "--codecs", "--datasets",
            "--partitions", "--compressions", "--bytes", "--max-records", "--min-records", "--runs", "--passes",
            "--jit-wait-ms", "--order-seed", "--heap", "--seed", "--results-dir");

    static final String HELP = String.join("\n",
            "usage: java -jar bench/target/typedjson-bench.jar scale [options]",
            "",
            "Throughput on a local Kafka cluster (KRaft, child JVMs; replication factor min(3, N),",
            "min.insync.replicas 2 from three brokers on, acks=all, idempotent producers) as three things vary",
            "from a base point (orders, 1 partition, 1 producer, 1 consumer, no compression): record size (the",
            "data sets), partitions with as many producer threads and consumers (one group), and compression.",
            "Every point measures each codec and " + BASELINE + " (typedjson's bytes with no serde: the broker's",
            "limit) and checks every record. Writes scale.md, scale.csv and scale-CODEC.svg.",
            "",
            "  --brokers N                nodes of the local cluster (default 3)",
            "  --codecs A,B               codecs (default " + String.join(",", DEFAULT_CODECS) + ")",
            "  --datasets A,B             the record-size sweep (default orders,rows,cdc,board)",
            "  --partitions A,B           the partitions sweep; producer and consumer threads as many",
            "                             (default 1,2,4)",
            "  --compressions A,B         the compression sweep (default none,lz4,zstd)",
            "  --bytes N                  values per codec and point: records enough for this many bytes",
            "                             of typedjson values (default 3000000)",
            "  --max-records N            at most this many records per point (default 30000)",
            "  --min-records N            at least this many (default 50)",
            "  --runs N                   runs per point, codecs interleaved in an order shuffled per run; the",
            "                             table shows medians and the range of the ratios over runs (default 3)",
            "  --passes N                 timed consume passes per codec and run; their median counts",
            "                             (default " + Settings.DEFAULT_PASSES + ")",
            "  --order-seed N             seed of the codecs' order (default 42)",
            "  --heap SIZE                heap of the measuring JVM, e.g. 2g (default: sized by the run)",
            "  " + MeasuringJvm.IN_PROCESS + "               measure in this JVM, not in a child JVM with a fixed,",
            "                             pre-touched heap",
            "  --jit-wait-ms N            before each timed window, wait until the JIT compilers finished",
            "                             nothing for 250 ms, at most N ms (default 5000; 0: no wait)",
            "  --seed N                   data set seed (default 42)",
            "  --results-dir DIR          where the files go (default " + ClusterCommand.defaultResultsDir() + ")",
            "  --help",
            "",
            "Defaults: 8 configurations x 4 codecs x 3 runs of 3 MB or 30,000 records; 16 minutes on 2 cores",
            "shared with other builds (the cluster's start included), less on idle ones. Exit status: 0 every",
            "record exact, 1 some were not, 2 usage error, 3 the run failed.",
            "");

    int brokers = 3;
    List<String> codecs = DEFAULT_CODECS;
    List<String> datasets = List.of("orders", "rows", "cdc", "board");
    List<Integer> partitions = List.of(1, 2, 4);
    List<String> compressions = List.of("none", "lz4", "zstd");
    long bytes = 3_000_000;
    int maxRecords = 30_000;
    int minRecords = 50;
    int runs = 3;
    int passes = Settings.DEFAULT_PASSES;
    long jitWaitMs = ClusterBench.MAX_COMPILER_WAIT_MS;
    long orderSeed = 42;
    long heapBytes = ClusterCommand.AUTO;
    boolean inProcess;
    long seed = 42;
    Path resultsDir = ClusterCommand.defaultResultsDir();
    boolean help;

    static ScaleOptions parse(String[] args) {
        ScaleOptions o = new ScaleOptions();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                o.help = true;
                continue;
            }
            if (a.equals(MeasuringJvm.IN_PROCESS)) {
                o.inProcess = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw OptionValues.missingValue(a, OPTIONS);
            }
            String v = args[++i];
            switch (a) {
                case "--brokers" -> o.brokers = OptionValues.positive(a, v);
                case "--codecs" -> o.codecs = List.of(v.split(","));
                case "--datasets" -> o.datasets = List.of(v.split(","));
                case "--partitions" -> o.partitions = Arrays.stream(v.split(","))
                        .map(s -> OptionValues.positive(a, s)).toList();
                case "--compressions" -> o.compressions = List.of(v.split(","));
                case "--bytes" -> o.bytes = OptionValues.positive(a, v);
                case "--max-records" -> o.maxRecords = OptionValues.positive(a, v);
                case "--min-records" -> o.minRecords = OptionValues.positive(a, v);
                case "--runs" -> o.runs = OptionValues.positive(a, v);
                case "--passes" -> o.passes = OptionValues.positive(a, v);
                case "--jit-wait-ms" -> o.jitWaitMs = OptionValues.nonNegative(a, v);
                case "--order-seed" -> o.orderSeed = OptionValues.parseLong(a, v);
                case "--heap" -> o.heapBytes = MeasuringJvm.parseSize(a, v);
                case "--seed" -> o.seed = OptionValues.parseLong(a, v);
                case "--results-dir" -> o.resultsDir = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + a);
            }
        }
        for (String c : o.compressions) {
            if (!List.of("none", "lz4", "zstd", "gzip", "snappy").contains(c)) {
                throw new IllegalArgumentException("unknown compression " + c);
            }
        }
        if (o.minRecords > o.maxRecords) {
            throw new IllegalArgumentException("--min-records is above --max-records");
        }
        return o;
    }

    List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (String d : datasets) {
            points.add(new Point(SWEEP_SIZE, d, d, 1, "none"));
        }
        for (int k : partitions) {
            points.add(new Point(SWEEP_PARTITIONS, Integer.toString(k), "orders", k, "none"));
        }
        for (String c : compressions) {
            points.add(new Point(SWEEP_COMPRESSION, c, "orders", 1, c));
        }
        return points;
    }
}

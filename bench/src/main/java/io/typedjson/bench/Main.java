package io.typedjson.bench;

import io.typedjson.bench.cluster.ClusterCommand;
import io.typedjson.bench.cluster.FailoverCommand;
import io.typedjson.bench.cluster.ScaleCommand;
import io.typedjson.bench.report.ReportCommand;
import io.typedjson.bench.report.SpeedCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** {@code java -jar typedjson-bench.jar report|speed|jmh|cluster|scale|failover|faults|flink [options]}. */
public final class Main {
    private static final String USAGE = """
            usage: java -jar bench/target/typedjson-bench.jar <command> [options]

            commands:
              report   sizes and exactness of every codec on every data set, the speed targets
                       (interleaved, as speed), JMH ns and B/op per codec; writes report.md, report.csv,
                       chart.svg, speed.md, speed.csv and targets.md to bench/target/results/
              speed    the speed targets alone: every codec and its rival timed in turns in one JVM,
                       median of per-round ratios with its interquartile range; --from CSV --readme
                       docs/benchmarks.md rewrites that page's speed table from a published speed.csv
              jmh      JMH's own command line, e.g.  jmh CodecBenchmark -p dataset=rows -prof gc
              cluster  the end-to-end benchmark on a local Kafka cluster (--brokers N for N nodes)
              scale    throughput against record size, partitions and threads, and compression,
                       on a local cluster of three brokers: a table and a chart per codec
              failover the leader of a topic's partitions killed under load on three brokers:
                       every acknowledged record read back exactly once
              faults   the Connect converter (schema location reference) and the class serde under
                       load while brokers die and the schema topic's leader moves: lost, duplicated,
                       out of order, the longest stall
              flink    one Flink SQL aggregation over a topic with Flink's json format and with
                       typedjson, in turns: records per second and exactness (docs/flink.md)

            Results go under bench/target/results/ unless --results-dir names a directory; the published
            ones in bench/results/ change only with --results-dir bench/results.

            '<command> --help' lists the options of a command.
            """;

    private Main() {}

    /**
     * Where every command writes its results unless told otherwise: under the build's {@code target/}
     * (bench/target/results from the repository's root, target/results elsewhere), so a run leaves the checkout as it
     * was. The published results in bench/results change only with {@code --results-dir bench/results}.
     */
    public static Path defaultResultsDir() {
        return Files.isRegularFile(Path.of("bench", "pom.xml")) ? Path.of("bench", "target", "results")
                : Path.of("target", "results");
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    static int run(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            if (args.length == 0) { // a usage error, as an unknown command is
                System.err.print(USAGE);
                return 2;
            }
            System.out.print(USAGE);
            return 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "report":
                return ReportCommand.run(rest);
            case "speed":
                return SpeedCommand.run(rest);
            case "jmh":
                return jmh(rest);
            case "cluster":
                return ClusterCommand.run(rest);
            case "scale":
                return ScaleCommand.run(rest);
            case "failover":
                return FailoverCommand.run(rest);
            case "faults":
                return io.typedjson.bench.cluster.FaultsCommand.run(rest);
            case "flink": return io.typedjson.bench.flink.FlinkCommand.run(rest); // docs/flink.md: one SQL job, json vs typedjson
            default:
                System.err.println("unknown command '" + args[0] + "'\n");
                System.err.print(USAGE);
                return 2;
        }
    }

    private static int jmh(String[] args) throws Exception {
        if (Arrays.asList(args).contains("--help")) {
            System.out.println("usage: java -jar bench/target/typedjson-bench.jar jmh [JMH options] [benchmark regexp]\n"
                    + "benchmarks: CodecBenchmark (params dataset, codec), ShapeBenchmark (params shape, codec);"
                    + " e.g. jmh CodecBenchmark.deserialize -p dataset=orders -p codec=protobuf -prof gc\n"
                    + "JMH's own options follow.\n");
            org.openjdk.jmh.Main.main(new String[] {"-h"});
            return 0;
        }
        org.openjdk.jmh.Main.main(args);
        return 0;
    }
}

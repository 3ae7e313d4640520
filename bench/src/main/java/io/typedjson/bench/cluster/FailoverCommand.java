package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.data.Datasets;

/**
 * {@code java -jar bench/target/typedjson-bench.jar failover [options]}: {@link LeaderFailover} on a local cluster of
 * three nodes. Exit status 0 when every acknowledged record came back exactly once and exact, 1 when not, 2 on a
 * usage error, 3 when the run failed.
 */
public final class FailoverCommand {

    /** The options that take a value (each a case of the parsing switch below). */
    static final java.util.List<String> OPTIONS = java.util.List.of("--brokers", "--partitions", "--producers",
            "--rate", "--acked-before-kill", "--acked-after-recovery", "--delivery-timeout-ms", "--dataset", "--codec",
            "--results-dir");

    static final String HELP = String.join("\n",
            "usage: java -jar bench/target/typedjson-bench.jar failover [options]",
            "",
            "Starts a local Kafka cluster of three nodes (KRaft, child JVMs), creates a topic with replication factor",
            "3 and min.insync.replicas 2 whose partitions one broker leads, and kills that broker with SIGKILL while",
            "idempotent acks=all producers keep sending; once the controller has moved the leadership, the broker is",
            "restarted. Then every record is read back and checked: each acknowledged one exactly once, at its",
            "acknowledged offset, equal to what was sent; failed sends are reported; the stall is measured.",
            "",
            "  --brokers N                nodes (default 3, at least 3)",
            "  --partitions N             partitions, all led by the broker that is killed (default 3)",
            "  --producers N              producer threads (default 2)",
            "  --rate N                   records/s each producer offers (default 1000)",
            "  --acked-before-kill N      acknowledged records before the kill (default 4000)",
            "  --acked-after-recovery N   acknowledged records after the ISR is whole again (default 4000)",
            "  --delivery-timeout-ms N    the producers' delivery.timeout.ms (default 120000, Kafka's default)",
            "  --dataset NAME             orders (default), rows, cdc or board",
            "  --codec NAME               the codec of the values (default typedjson-class)",
            "  --results-dir DIR          where failover.md goes (default " + ClusterCommand.defaultResultsDir() + ")",
            "  --help",
            "");

    private FailoverCommand() {}

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        ClusterCommand.quietClientLogs();
        int brokers = 3;
        LeaderFailover.Settings d = LeaderFailover.Settings.defaults();
        int partitions = d.partitions();
        int producers = d.producers();
        int rate = d.ratePerProducer();
        int before = d.ackedBeforeKill();
        int after = d.ackedAfterRecovery();
        int deliveryTimeout = d.deliveryTimeoutMs();
        String dataset = "orders";
        String codecName = "typedjson-class";
        Path resultsDir = ClusterCommand.defaultResultsDir();
        BenchCodec<Object> codec;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--help") || a.equals("-h")) {
                    out.print(HELP);
                    return 0;
                }
                if (i + 1 >= args.length) {
                    throw OptionValues.missingValue(a, OPTIONS);
                }
                String v = args[++i];
                switch (a) {
                    case "--brokers" -> brokers = OptionValues.positive(a, v);
                    case "--partitions" -> partitions = OptionValues.positive(a, v);
                    case "--producers" -> producers = OptionValues.positive(a, v);
                    case "--rate" -> rate = OptionValues.positive(a, v);
                    case "--acked-before-kill" -> before = OptionValues.positive(a, v);
                    case "--acked-after-recovery" -> after = OptionValues.positive(a, v);
                    case "--delivery-timeout-ms" -> deliveryTimeout = OptionValues.positive(a, v);
                    case "--dataset" -> dataset = v;
                    case "--codec" -> codecName = v;
                    case "--results-dir" -> resultsDir = Path.of(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (brokers < 3) {
                throw new IllegalArgumentException("--brokers must be at least 3 (replication factor 3)");
            }
            codec = Codecs.get(dataset, codecName); // an unknown data set or codec is a usage error, before any broker
        } catch (IllegalArgumentException e) {
            err.println("failover: " + e.getMessage());
            err.println("try: failover --help");
            return 2;
        }
        try {
            List<Object> values = new ArrayList<>();
            for (Object r : Datasets.generate(dataset, 5_000, 42)) {
                values.add(codec.prepare(r));
            }
            LeaderFailover.Settings settings = new LeaderFailover.Settings(partitions, producers, rate, before, after,
                    deliveryTimeout, Duration.ofMinutes(10));
            err.println("failover: starting a local Kafka cluster of " + brokers + " nodes...");
            try (LocalKafkaCluster cluster = LocalKafkaCluster.start(brokers)) {
                String clusterLine = ClusterCommand.localClusterLine(cluster);
                err.println("failover: " + clusterLine);
                LeaderFailover.Result r = new LeaderFailover(cluster, codec, values, settings, err).run();
                String md = markdown(r, settings, dataset, clusterLine + ", after the run "
                        + cluster.residentSummary());
                out.println();
                out.print(md);
                Files.createDirectories(resultsDir);
                Path file = resultsDir.resolve("failover.md");
                Files.writeString(file, md, StandardCharsets.UTF_8);
                out.println();
                out.println("results: " + file.toAbsolutePath().normalize());
                if (!r.ok()) {
                    err.println("failover: NOT EXACT: " + r.examples());
                    return 1;
                }
                return 0;
            }
        } catch (Exception e) {
            err.println("failover: failed: " + e);
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                err.println("  caused by: " + c);
            }
            return 3;
        }
    }

    static String markdown(LeaderFailover.Result r, LeaderFailover.Settings s, String dataset, String clusterLine) {
        StringBuilder sb = new StringBuilder();
        sb.append("## Leader failover under load: ").append(r.codec()).append(" on ").append(dataset).append("\n\n");
        sb.append(String.format(Locale.ROOT, "%d partitions (replication factor 3, min.insync.replicas 2), all led "
                        + "by node %d; %d idempotent acks=all producers offering %,d records/s each, "
                        + "delivery.timeout.ms %,d; killed after %,d acknowledgements, restarted once every "
                        + "partition had a new leader, stopped %,d acknowledgements after the ISR was whole again%n%n",
                r.partitions(), r.killedNode(), r.producers(), s.ratePerProducer(), s.deliveryTimeoutMs(),
                s.ackedBeforeKill(), s.ackedAfterRecovery()));
        sb.append(r.markdown()).append('\n');
        sb.append(r.ok() ? "verdict: every acknowledged record read back exactly once, at its acknowledged offset, "
                + "equal to what was sent\n" : "verdict: **NOT EXACT**: " + r.examples() + "\n");
        sb.append(String.format(Locale.ROOT, "%nbroker: %s; client: Java %s, %d cores; took %.1f s; %s%n",
                clusterLine, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                r.seconds(), ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        return sb.toString();
    }
}

package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * {@code java -jar bench/target/typedjson-bench.jar faults [options]}: {@link FaultRun} on a local cluster of three
 * nodes. Exit status 0 when every acknowledged record of both loads was read once, in order within its partition and
 * equal to what was sent; 1 when not; 2 on a usage error; 3 when the run failed.
 */
public final class FaultsCommand {

    /** The options that take a value (each a case of the parsing switch below). */
    static final java.util.List<String> OPTIONS = java.util.List.of("--partitions", "--rate", "--records-per-schema",
            "--warmup-records", "--down-seconds", "--steady-seconds", "--results-dir");

    static final String HELP = String.join("\n",
            "usage: java -jar bench/target/typedjson-bench.jar faults [options]",
            "",
            "Starts a local Kafka cluster of three nodes (KRaft, child JVMs) and runs two loads side by side: the",
            "Connect converter in schema location reference (a schema that changes every few hundred records, so",
            "schemas are written and resolved while the faults happen) and the class serde. Meanwhile the node that",
            "leads the schema topic is killed (SIGKILL) and restarted, the schema topic's leadership is moved to",
            "another node, and the node that leads the serde's first partition is killed and restarted. Then every",
            "record is counted end to end: lost, duplicated, out of order within its partition, changed, and the",
            "longest stall.",
            "",
            "  --partitions N          partitions of each load's topic (default 3)",
            "  --rate N                records/s each load offers (default 500)",
            "  --records-per-schema N  records of one schema version before the next (default 400)",
            "  --warmup-records N      records acknowledged per load before the first fault (default 2000)",
            "  --down-seconds N        how long a killed node stays away at least (default 10)",
            "  --steady-seconds N      load between faults (default 5)",
            "  --results-dir DIR       where faults.md and faults.csv go (default " + ClusterCommand.defaultResultsDir() + ")",
            "  --help",
            "");

    private FaultsCommand() {}

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        ClusterCommand.quietClientLogs();
        FaultRun.Settings d = FaultRun.Settings.defaults();
        int partitions = d.partitions();
        int rate = d.ratePerLoad();
        int perSchema = d.recordsPerSchema();
        int warmup = d.warmupRecords();
        int down = (int) d.down().toSeconds();
        int steady = (int) d.steady().toSeconds();
        Path resultsDir = ClusterCommand.defaultResultsDir();
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
                    case "--partitions" -> partitions = OptionValues.positive(a, v);
                    case "--rate" -> rate = OptionValues.positive(a, v);
                    case "--records-per-schema" -> perSchema = OptionValues.positive(a, v);
                    case "--warmup-records" -> warmup = OptionValues.positive(a, v);
                    case "--down-seconds" -> down = OptionValues.positive(a, v);
                    case "--steady-seconds" -> steady = OptionValues.positive(a, v);
                    case "--results-dir" -> resultsDir = Path.of(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("faults: " + e.getMessage());
            err.println("try: faults --help");
            return 2;
        }
        FaultRun.Settings settings = new FaultRun.Settings(partitions, rate, perSchema, warmup, Duration.ofSeconds(down),
                Duration.ofSeconds(steady), Duration.ofMinutes(15));
        try {
            err.println("faults: starting a local Kafka cluster of 3 nodes...");
            try (LocalKafkaCluster cluster = LocalKafkaCluster.start(3)) {
                String clusterLine = ClusterCommand.localClusterLine(cluster);
                err.println("faults: " + clusterLine);
                FaultRun.Result r = new FaultRun(cluster, settings, err).run();
                String md = markdown(r, settings, clusterLine + ", after the run " + cluster.residentSummary());
                out.println();
                out.print(md);
                Files.createDirectories(resultsDir);
                Path file = resultsDir.resolve("faults.md");
                Files.writeString(file, md, StandardCharsets.UTF_8);
                Files.writeString(resultsDir.resolve("faults.csv"), csv(r), StandardCharsets.UTF_8);
                out.println();
                out.println("results: " + file.toAbsolutePath().normalize() + " and faults.csv");
                if (!r.ok()) {
                    err.println("faults: NOT EXACT: " + r.loads());
                    return 1;
                }
                return 0;
            }
        } catch (Exception e) {
            err.println("faults: failed: " + e);
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                err.println("  caused by: " + c);
            }
            return 3;
        }
    }

    static String markdown(FaultRun.Result r, FaultRun.Settings s, String clusterLine) {
        StringBuilder sb = new StringBuilder();
        sb.append("## Broker faults under load: the Connect converter (schema location reference) and the class serde\n\n");
        sb.append(String.format(Locale.ROOT, "3 nodes; each load's topic %d partitions, replication factor 3, "
                + "min.insync.replicas 2; idempotent acks=all producers offering %,d records/s per load; the converter's "
                + "schema changes every %,d records; a refused conversion is tried again on the same record; a killed "
                + "node stays away %d s at least%n%n", s.partitions(), s.ratePerLoad(), s.recordsPerSchema(),
                s.down().toSeconds()));
        sb.append("| load | sent | acknowledged | send failed | read | lost | duplicated | out of order (per partition) "
                + "| changed | conversions tried again (write / read) | longest stall (read) | longest stall (acknowledged) |\n");
        sb.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (FaultRun.Load l : r.loads()) {
            sb.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %,d | %s | %s | %s | %s | %,d / %,d | %.1f s | %.1f s |%n",
                    l.name(), l.sent(), l.acked(), l.sendFailed(), l.read(), bold(l.lost()), bold(l.duplicated()),
                    bold(l.outOfOrder()), bold(l.changed()), l.writeRetries(), l.readRetries(),
                    l.longestStallMillis() / 1000.0, l.longestAckGapMillis() / 1000.0));
        }
        sb.append("\nlost: acknowledged, never read; duplicated: read more than once (idempotent producers, one assigned "
                + "consumer per load, no rebalance: a duplicate could only come from the converter's or the serde's "
                + "path); out of order: read after a later record of its partition; changed: not equal to what was sent "
                + "(value and schema); conversions tried again: a DataException of the converter within its bound "
                + "(schema write or lookup), the same record tried again; longest stall: the longest time without a "
                + "record read (or acknowledged), the kills included\n");
        sb.append("\n| fault | at | leaders moved after | cluster whole again after |\n|---|--:|--:|--:|\n");
        for (FaultRun.Event e : r.events()) {
            sb.append(String.format(Locale.ROOT, "| %s | %.1f s | %.1f s | %.1f s |%n", e.what(), e.atSeconds(),
                    e.leadersMovedSeconds(), e.backSeconds()));
        }
        sb.append("\nthe plugins' own metrics (KIP-877) at the end: ");
        StringBuilder m = new StringBuilder();
        for (Map<String, Double> group : java.util.List.of(r.converterMetrics(), r.serdeMetrics())) {
            group.forEach((k, v) -> m.append(m.length() == 0 ? "" : ", ").append(k).append(' ')
                    .append(v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", v.longValue()) : String.format(Locale.ROOT, "%.1f", v)));
        }
        sb.append(m).append("\n\n");
        sb.append(r.ok() ? "verdict: every acknowledged record of both loads read once, in order within its partition, "
                + "equal to what was sent\n" : "verdict: **NOT EXACT**: " + r.loads().stream()
                .flatMap(l -> l.examples().stream()).limit(5).toList() + "\n");
        sb.append(String.format(Locale.ROOT, "%nbroker: %s; client: Java %s, %d cores; took %.1f s; %s%n",
                clusterLine, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                r.seconds(), ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        return sb.toString();
    }

    private static String bold(long n) {
        return n == 0 ? "0" : String.format(Locale.ROOT, "**%,d**", n);
    }

    static String csv(FaultRun.Result r) {
        StringBuilder sb = new StringBuilder("load,sent,acknowledged,send_failed,read,lost,duplicated,out_of_order,changed,"
                + "write_retries,read_retries,longest_stall_read_ms,longest_stall_ack_ms\n");
        for (FaultRun.Load l : r.loads()) {
            sb.append(String.join(",", l.name().split(" ")[0], Long.toString(l.sent()), Long.toString(l.acked()),
                    Long.toString(l.sendFailed()), Long.toString(l.read()), Long.toString(l.lost()),
                    Long.toString(l.duplicated()), Long.toString(l.outOfOrder()), Long.toString(l.changed()),
                    Long.toString(l.writeRetries()), Long.toString(l.readRetries()), Long.toString(l.longestStallMillis()),
                    Long.toString(l.longestAckGapMillis()))).append('\n');
        }
        return sb.toString();
    }
}

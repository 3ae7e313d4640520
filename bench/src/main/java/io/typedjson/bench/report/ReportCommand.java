package io.typedjson.bench.report;

import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.SchemaTopicBroker;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.Shapes;
import io.typedjson.bench.jmh.CodecBenchmark;
import io.typedjson.bench.jmh.ShapeBenchmark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/** The {@code report} command: the interleaved speed targets and sizes and exactness in-process, then JMH, then the markdown, CSV and chart. */
public final class ReportCommand {
    private static final String USAGE = """
            usage: java -jar bench/target/typedjson-bench.jar report [options]

              --quick            smoke profile: 2,000 records, JMH on orders and rows and the codecs
                                 of the targets only (%s),
                                 1 fork, 1 warm-up and 1 measurement iteration of 1 s, no shape benchmarks
              --records N        flat records per data set for sizes and exactness (default 100000;
                                 board gets N/1000 documents, at least 2)
              --datasets a,b     data sets (default orders,rows,cdc,board; JMH in --quick: orders,rows)
              --codecs a,b       codecs (default all: %s)
              --forks N          JMH forks (default 1)
              --warmups N        JMH warm-up iterations (default 4; --quick 1)
              --iterations N     JMH measurement iterations (default 3; --quick 1)
              --time S           seconds per JMH iteration, decimals allowed (default 0.5; --quick 1)
              --no-jmh           sizes and exactness only (no timings, no speed targets, no chart)
              --no-shapes        skip the per-shape micro benchmarks
              --no-speed         skip the interleaved speed targets (the speed command measures them alone)

            The speed targets come from the interleaved harness (%s;
            --quick: %s), which times every codec of a target
            and its rival in turns in one JVM; JMH, one record per operation in its own fork, gives the per-codec
            tables (ns and bytes allocated per operation with -prof gc) and the shape benchmarks.
              --out DIR          output directory (default bench/target/results, or target/results outside
                                 the repository; the published report: --out bench/results); also --results-dir
              --help             this text
            """;

    /** What --quick times: typedjson's serde and converter and the codecs the targets compare them with. */
    private static final List<String> QUICK_CODECS = List.of("typedjson-dynamic", "typedjson-class", "typedjson-connect",
            Codecs.REFERENCE, "jsonconverter-schema-content", "jsonconverter-schemas", "jsonconverter-plain", "jackson-record", "fastjson2", "dsl-json", "protobuf");

    private ReportCommand() {}

    public static int run(String[] args) throws Exception {
        try {
            return measure(args);
        } catch (BadOption e) {
            System.err.println("report: " + e.getMessage() + "; see report --help");
            return 2;
        } finally {
            SchemaTopicBroker.stop(); // started only if a row of schema location reference was measured
        }
    }

    private static int measure(String[] args) throws Exception {
        boolean quick = false;
        boolean jmh = true;
        boolean shapes = true;
        boolean speed = true;
        Integer records = null;
        List<String> datasets = null;
        List<String> codecs = null;
        int forks = 1;
        Integer warmups = null;
        Integer iterations = null;
        Integer millis = null;
        Path out = io.typedjson.bench.Main.defaultResultsDir();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--help", "-h" -> {
                    System.out.printf(USAGE, String.join(",", QUICK_CODECS), String.join(",", Codecs.names()),
                            Interleaved.Settings.DEFAULT, Interleaved.Settings.QUICK);
                    return 0;
                }
                case "--quick" -> quick = true;
                case "--no-jmh" -> jmh = false;
                case "--no-shapes" -> shapes = false;
                case "--no-speed" -> speed = false;
                case "--records" -> records = BadOption.positive(args, ++i);
                case "--datasets" -> datasets = List.of(BadOption.value(args, ++i).split(","));
                case "--codecs" -> codecs = List.of(BadOption.value(args, ++i).split(","));
                case "--forks" -> forks = BadOption.positive(args, ++i);
                case "--warmups" -> warmups = BadOption.positive(args, ++i);
                case "--iterations" -> iterations = BadOption.positive(args, ++i);
                case "--time" -> millis = (int) Math.round(BadOption.seconds(args, ++i) * 1000);
                case "--out", "--results-dir" -> out = Path.of(BadOption.value(args, ++i));
                default -> {
                    System.err.println("unknown option '" + args[i] + "'; see report --help");
                    return 2;
                }
            }
        }
        if (datasets != null) {
            BadOption.known("data set", datasets, Datasets.names());
        }
        if (codecs != null) {
            BadOption.known("codec", codecs, Codecs.names());
        }
        if (quick) {
            shapes = false;
        }
        int n = records != null ? records : quick ? 2_000 : 100_000;
        List<String> sizeSets = datasets != null ? datasets : Datasets.names();
        List<String> jmhSets = datasets != null ? datasets : quick ? List.of("orders", "rows") : Datasets.names();
        // Full: 4 × 0.5 s of warm-up and 3 × 0.5 s measured per trial (116 trials, each in its own fork). A JFR
        // recording of a fork reading orders (issue 37) has the tier-4 compilation of the codec's read (about 50 kB of
        // code, 0.2-0.25 s to compile) end 1.5-2 s after the fork starts, later on a busy machine: two warm-up
        // iterations of 0.5 s left it inside the measured ones. The targets come from the interleaved harness.
        JmhRunner.Settings settings = new JmhRunner.Settings(forks, warmups != null ? warmups : quick ? 1 : 4,
                iterations != null ? iterations : quick ? 1 : 3, millis != null ? millis : quick ? 1000 : 500);

        Instant start = Instant.now();
        String loadAtStart = loadAverage();
        List<String> wanted = codecs != null ? codecs : Codecs.names();
        List<String> jmhCodecs = codecs != null ? codecs : quick ? QUICK_CODECS : Codecs.names();
        // The speed targets, each data set in a JVM of its own that has run nothing else (Interleaved.runForked): the
        // sizes phase below and the other data sets run the codecs on other classes, whose leftover JIT profiles
        // (shared call sites seeing many receiver classes) would slow whichever codec shares the most code.
        List<Interleaved.Measured> ratios = List.of();
        Instant speedStart = Instant.now();
        if (jmh && speed) {
            ratios = Interleaved.runForked(Interleaved.DATASETS, Interleaved.TARGETS,
                    quick ? Interleaved.Settings.QUICK : Interleaved.Settings.DEFAULT);
        }
        // the heap per decoded document of the same codecs, after the timed rounds (it collects garbage on purpose)
        List<HeapPerDocument.Row> heap = jmh && speed ? HeapPerDocument.measure(Interleaved.DATASETS, Interleaved.TARGETS) : List.of();
        Duration speedTime = Duration.between(speedStart, Instant.now());

        Instant sizeStart = Instant.now();
        System.out.printf("sizes and exactness: %d records per data set (board %d documents)%n", n, Datasets.count("board", n));
        List<SizeReport.Row> sizes = SizeReport.measure(sizeSets, n, wanted::contains);
        List<SizeReport.EdgeRow> edges = SizeReport.edges(sizeSets, wanted::contains);
        Duration sizeTime = Duration.between(sizeStart, Instant.now());
        for (SizeReport.Row row : sizes) {
            System.out.printf(Locale.ROOT, "  %-7s %-28s %9.1f B/rec  zstd %10d  %s%n", row.dataset(), row.codec(),
                    row.bytesPerRecord(), row.zstdBytes(), row.exactCell());
        }

        List<Timing> timings = List.of();
        List<Timing> shapeTimings = List.of();
        Instant jmhStart = Instant.now();
        if (jmh) {
            timings = JmhRunner.run(CodecBenchmark.class, "dataset", jmhSets, jmhCodecs, settings);
            if (shapes) {
                shapeTimings = JmhRunner.run(ShapeBenchmark.class, "shape", Shapes.names(), shapeCodecs(), settings);
            }
        }
        Duration jmhTime = Duration.between(jmhStart, Instant.now());

        Map<String, String> run = new LinkedHashMap<>();
        run.put("command", "`java -jar bench/target/typedjson-bench.jar report" + (args.length == 0 ? "" : " " + String.join(" ", args)) + "`");
        run.put("finished", Instant.now().toString());
        run.put("machine", machine());
        run.put("load average", loadAtStart + " at the start, " + loadAverage() + " at the end (other work on the machine "
                + "slows and scatters the timings)");
        run.put("versions", versions());
        run.put("profile", (quick ? "quick" : "full") + "; sizes and exactness over " + n + " records per data set (board: "
                + Datasets.count("board", n) + " documents of 200 blocks), seed " + Datasets.SEED);
        run.put("JMH", jmh ? settings + "; one record (one board document) per operation; data sets " + jmhSets
                + (jmhCodecs.equals(Codecs.names()) ? "" : "; codecs " + jmhCodecs) : "not run");
        run.put("interleaved speed", ratios.isEmpty() ? "not run" : (quick ? Interleaved.Settings.QUICK
                : Interleaved.Settings.DEFAULT) + "; data sets " + Interleaved.DATASETS + ", each in a JVM of its own");
        run.put("duration", "sizes " + human(sizeTime) + ", interleaved " + human(speedTime) + ", JMH " + human(jmhTime) + ", total " + human(Duration.between(start, Instant.now())));
        ReportWriter.write(out, new Results(sizes, timings, shapeTimings, edges, ratios), run);
        if (!heap.isEmpty()) {
            HeapPerDocument.write(out, heap);
        }
        System.out.println("wrote " + out.resolve("report.md") + ", report.csv" + (timings.isEmpty() ? "" : ", chart.svg")
                + " in " + human(Duration.between(start, Instant.now())));
        return 0;
    }

    private static List<String> shapeCodecs() {
        return Shapes.names().stream().flatMap(s -> Codecs.forShape(s).stream()).map(c -> c.name()).distinct().toList();
    }

    private static String human(Duration d) {
        return d.toMinutes() > 0 ? d.toMinutes() + " min " + d.toSecondsPart() + " s" : d.toSeconds() + " s";
    }

    private static String machine() {
        String cpu = "";
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            cpu = lines.filter(l -> l.startsWith("model name")).findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim() + ", ").orElse("");
        } catch (IOException | RuntimeException e) {
            // not Linux: the OS line is enough
        }
        return cpu + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + " " + System.getProperty("os.arch") + ", "
                + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
    }

    /** The 1-minute load average on Linux, else "n/a". */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    private static String versions() {
        List<String> v = new ArrayList<>();
        v.add("Kafka " + version(org.apache.kafka.clients.producer.KafkaProducer.class));
        v.add("Jackson " + com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION);
        v.add("fastjson2 " + version(com.alibaba.fastjson2.JSON.class));
        v.add("dsl-json " + version(com.dslplatform.json.DslJson.class));
        v.add("protobuf-java " + version(com.google.protobuf.Message.class));
        v.add("Avro " + version(org.apache.avro.Schema.class));
        v.add("JMH " + version(org.openjdk.jmh.runner.Runner.class));
        return String.join(", ", v);
    }

    private static String version(Class<?> c) {
        String v = c.getPackage().getImplementationVersion();
        if (v != null) {
            return v;
        }
        // fall back to the jar's file name, e.g. avro-1.12.2.jar
        String path = c.getProtectionDomain().getCodeSource().getLocation().getPath();
        String file = path.substring(path.lastIndexOf('/') + 1);
        return Arrays.stream(file.split("-")).filter(p -> !p.isEmpty() && Character.isDigit(p.charAt(0))).findFirst()
                .map(p -> p.replace(".jar", "")).orElse("?");
    }
}

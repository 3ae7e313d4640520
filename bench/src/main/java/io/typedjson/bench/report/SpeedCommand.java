package io.typedjson.bench.report;

import io.typedjson.bench.codec.SchemaTopicBroker;
import io.typedjson.bench.data.Datasets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The {@code speed} command: the interleaved speed targets alone, printed and written as speed.md and speed.csv. */
public final class SpeedCommand {
    private static final String USAGE = """
            usage: java -jar bench/target/typedjson-bench.jar speed [options]

              --quick            %s
              --datasets a,b     data sets (default %s)
              --targets a,b      only the targets of these typedjson codecs (e.g. typedjson-class,
                                 typedjson-class-runtime); default all
              --rounds N         timed rounds per run (default %d)
              --runs N           runs back to back, each with its own median (default %d)
              --out DIR          also write speed.md, speed.csv, targets.md (the table docs/benchmarks.md
                                 copies) and heap.md, heap.csv (heap per decoded document) there;
                                 report writes them too, with the rest of the report
              --from CSV         measure nothing: read the targets from a speed.csv (e.g. the published
                                 bench/results/speed.csv that report wrote)
              --readme FILE      replace the speed table between FILE's markers (docs/benchmarks.md) with
                                 the table of this run or of --from
              --help             this text

            Default settings: %s.
            """;

    private SpeedCommand() {}

    public static int run(String[] args) throws Exception {
        try {
            return measure(args);
        } catch (BadOption e) {
            System.err.println("speed: " + e.getMessage() + "; see speed --help");
            return 2;
        } finally {
            SchemaTopicBroker.stop(); // the targets of schema location reference start it
        }
    }

    private static int measure(String[] args) throws Exception {
        Interleaved.Settings s = Interleaved.Settings.DEFAULT;
        List<String> datasets = Interleaved.DATASETS;
        List<Interleaved.Target> targets = Interleaved.TARGETS;
        Path out = null;
        Path from = null;
        Path readme = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--help", "-h" -> {
                    System.out.printf(USAGE, Interleaved.Settings.QUICK, String.join(",", Interleaved.DATASETS),
                            s.rounds(), s.runs(), s);
                    return 0;
                }
                case "--quick" -> s = Interleaved.Settings.QUICK;
                case "--datasets" -> datasets = List.of(BadOption.value(args, ++i).split(","));
                case "--targets" -> {
                    List<String> codecs = List.of(BadOption.value(args, ++i).split(","));
                    targets = Interleaved.TARGETS.stream().filter(t -> codecs.contains(t.codec())).toList();
                    if (targets.isEmpty()) {
                        throw new BadOption("--targets: no speed target of " + String.join(", ", codecs) + "; the codecs"
                                + " with targets are " + String.join(", ", Interleaved.TARGETS.stream()
                                        .map(Interleaved.Target::codec).distinct().toList()));
                    }
                }
                case "--rounds" -> s = new Interleaved.Settings(s.warmupRounds(), BadOption.positive(args, ++i),
                        s.runs(), s.millisPerTask());
                case "--runs" -> s = new Interleaved.Settings(s.warmupRounds(), s.rounds(),
                        BadOption.positive(args, ++i), s.millisPerTask());
                case "--out" -> out = Path.of(BadOption.value(args, ++i));
                case "--from" -> from = Path.of(BadOption.value(args, ++i));
                case "--readme" -> readme = Path.of(BadOption.value(args, ++i));
                default -> {
                    System.err.println("unknown option '" + args[i] + "'; see speed --help");
                    return 2;
                }
            }
        }
        BadOption.known("data set", datasets, Datasets.names());
        if (from != null && !Files.isRegularFile(from)) {
            throw new BadOption("--from " + from + ": no such file");
        }
        // the page is checked before measuring: a run of minutes must not end in a file it cannot write
        String page = null;
        if (readme != null) {
            if (!Files.isRegularFile(readme)) {
                throw new BadOption("--readme " + readme + ": no such file");
            }
            page = Files.readString(readme, StandardCharsets.UTF_8);
            if (ReportWriter.readmeBlock(page).isEmpty()) {
                throw new BadOption("--readme " + readme + " has no speed table markers: " + ReportWriter.README_BEGIN
                        + " ... " + ReportWriter.README_END);
            }
        }
        List<Interleaved.Measured> measured;
        if (from != null) {
            measured = readSpeedCsv(from);
        } else {
            measured = Interleaved.runForked(datasets, targets, s); // each data set in a JVM of its own
            System.out.println();
            System.out.print(ReportWriter.speedTable(measured));
            // the heap per decoded document of the same codecs, after the timed rounds (it collects garbage on purpose)
            List<HeapPerDocument.Row> heap = HeapPerDocument.measure(datasets, targets);
            System.out.println();
            System.out.print(HeapPerDocument.markdown(heap));
            if (out != null) {
                ReportWriter.writeSpeed(out, measured, s + "; data sets " + datasets + ", each in a JVM of its own");
                HeapPerDocument.write(out, heap);
                System.out.println("wrote " + out.resolve("speed.md") + ", speed.csv, targets.md (README's speed table) and heap.md, heap.csv");
            }
            // README shows the table as read back from the CSV, to the CSV's digits
            measured = ReportWriter.readSpeedCsv(ReportWriter.speedCsv(measured));
        }
        if (readme != null) {
            Files.writeString(readme, ReportWriter.replaceReadmeBlock(page, ReportWriter.readmeTable(measured)),
                    StandardCharsets.UTF_8);
            System.out.println("replaced the speed table of " + readme);
        } else if (from != null) {
            System.out.print(ReportWriter.readmeTable(measured));
        }
        return 0;
    }

    /** The targets of a speed.csv that speed or report wrote; anything else is refused with the file's name. */
    private static List<Interleaved.Measured> readSpeedCsv(Path from) throws java.io.IOException {
        String csv = Files.readString(from, StandardCharsets.UTF_8);
        String header = csv.lines().findFirst().orElse("");
        if (!header.startsWith("dataset,codec,rival,")) {
            throw new BadOption("--from " + from + " is not a speed.csv (its first line is not the header dataset,codec,rival,...)");
        }
        try {
            return ReportWriter.readSpeedCsv(csv);
        } catch (RuntimeException e) {
            throw new BadOption("--from " + from + " is not a speed.csv: " + e);
        }
    }
}

package io.typedjson.bench.report;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Writes report.md, report.csv and chart.svg from one run's results. */
public final class ReportWriter {
    private static final String[] OPS = {"serialize", "deserialize"};

    private ReportWriter() {}

    /** @param run facts about the run (command, machine, versions, settings), shown in order at the top */
    public static void write(Path dir, Results r, Map<String, String> run) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("report.md"), markdown(r, run, !r.timings().isEmpty()), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("report.csv"), csv(r), StandardCharsets.UTF_8);
        if (!r.timings().isEmpty()) {
            Files.writeString(dir.resolve("chart.svg"), Chart.svg(r), StandardCharsets.UTF_8);
        }
        if (!r.speed().isEmpty()) {
            writeSpeed(dir, r.speed(), run.getOrDefault("interleaved speed", ""));
        }
    }

    /**
     * Writes speed.csv, speed.md (the targets table alone) and targets.md, the summary README.md copies verbatim
     * (rendered from the CSV as written, so that DocumentedNumbersTest can render it again from the published CSV).
     */
    public static void writeSpeed(Path dir, List<Interleaved.Measured> speed, String settings) throws IOException {
        Files.createDirectories(dir);
        String csv = speedCsv(speed);
        Files.writeString(dir.resolve("speed.csv"), csv, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("speed.md"), "# typedjson speed targets\n\nSettings: " + settings + ".\n\n"
                + speedTable(speed), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("targets.md"), readmeTable(readSpeedCsv(csv)), StandardCharsets.UTF_8);
    }

    /** The interleaved speed ratios, one line per data set and target. */
    public static String speedCsv(List<Interleaved.Measured> speed) {
        StringBuilder csv = new StringBuilder("dataset,codec,rival,ratio_median,ratio_q1,ratio_q3,run_medians,"
                + "serialize_ratio,deserialize_ratio,codec_ns,rival_ns,codec_read_alloc_bytes,rival_read_alloc_bytes,limit,"
                + "exact,rival_exact,met,clock,wall_ratio_median,cpu_ratio_median,runs_agree,measure,edges,rival_edges\n");
        for (Interleaved.Measured m : speed) {
            StringBuilder runs = new StringBuilder();
            for (double x : m.runMedians()) {
                runs.append(runs.length() == 0 ? "" : ";").append(String.format(Locale.ROOT, "%.4f", x));
            }
            // a limit of NaN: shown for reference, no target on this data set
            csv.append(String.format(Locale.ROOT, "%s,%s,%s,%.4f,%.4f,%.4f,%s,%.4f,%.4f,%.1f,%.1f,%d,%d,%.2f,%s,%s,%s,%s,%.4f,%.4f,%s,%s,%s,%s%n",
                    m.dataset(), m.target().codec(), m.target().rival(), m.median(), m.q1(), m.q3(), runs, m.serialize(),
                    m.deserialize(), m.codecNs(), m.rivalNs(), m.codecAllocation(), m.rivalAllocation(), m.limit(),
                    m.exact() == null, m.rivalExact() == null, m.met(), m.clock(), m.wallMedian(), m.cpuMedian(),
                    m.runsAgree(), m.target().measure().csv(), quote(m.edges()), quote(m.rivalEdges())));
        }
        return csv.toString();
    }

    static String markdown(Results r, Map<String, String> run, boolean chart) {
        StringBuilder md = new StringBuilder("# typedjson benchmark report\n\n");
        run.forEach((k, v) -> md.append("- **").append(k).append("**: ").append(v).append('\n'));
        md.append("\nEXACT: every decoded value compared with the value given to the codec, class-sensitive "
                + "(Integer 1 is not Long 1), doubles and floats by bits, BigDecimal with its scale, bytes by content; "
                + "for codecs that map back to the Java record (Jackson on the record, JsonConverter with schemas, protobuf, "
                + "Avro) the record a user gets back is compared too. The first difference is listed under each table. "
                + "ns: the median of the JMH measurement iterations (report.csv also has JMH's mean and its error); B/op: "
                + "bytes allocated per operation (gc.alloc.rate.norm). Ratios are taken against `" + Results.JACKSON + "` (Jackson databind on the Java record) and `"
                + Results.PROTOBUF + "` of the same run; below 1 is smaller or faster.\n\n");

        long noisy = r.timings().stream().filter(t -> t.meanError() > t.meanNs() / 2).count();
        if (noisy > 0) {
            md.append(String.format(Locale.ROOT, "**Noisy timings**: %d of %d JMH results have a 99.9 %% error above half "
                    + "their mean, so the machine was busy with other work; trust the sizes and exactness, and rerun the "
                    + "timings on a quiet machine.%n%n", noisy, r.timings().size()));
        }
        md.append("## Codecs\n\n");
        for (BenchCodec<?> c : Codecs.forReport("orders")) {
            md.append("- `").append(c.name()).append("`: ").append(c.settings()).append('\n');
        }
        md.append("\n## Targets\n\n");
        if (r.typedjsonCodecs().isEmpty()) {
            md.append("Not measured: no typedjson codec in this run.\n");
        } else {
            md.append(r.speed().isEmpty() ? "Speed: not measured in this run (`--no-jmh` or `--no-speed`; the `speed` "
                    + "command measures the speed targets alone).\n" : speedTable(r.speed()));
            md.append(jmhBeside(r));
            md.append("\nSize (from the sizes above):\n\n| codec | target | measured | verdict |\n|---|---|---|---|\n");
            Targets.size(r).forEach(v -> verdictRow(md, v));
        }
        md.append("\nThe byte targets are those of the Connect issue, stated there for the converter (value plus headers); "
                + "they are shown for every typedjson codec of the build. `typedjson-dynamic` reads into maps of the dynamic "
                + "model, so its like-for-like Jackson is `jackson-map` (in the tables); the speed target against Jackson "
                + "databind on the class is the class serde's.\n");
        if (chart) {
            md.append("\n## Size against speed\n\n![bytes per record against serialize + deserialize ns](chart.svg)\n");
        }
        for (String dataset : r.datasets()) {
            datasetSection(md, r, dataset);
        }
        if (!r.edges().isEmpty()) {
            md.append("\n## Edge values\n\nEach edge case is an ordinary record with one field at the edge of its type, sent "
                    + "through the codec alone (not part of the sizes or timings above). A case is lost when something other "
                    + "than what the ordinary record already loses comes back different.\n\n"
                    + "| data set | codec | ordinary record | edge cases kept | edge cases lost |\n|---|---|---|--:|---|\n");
            for (SizeReport.EdgeRow e : r.edges()) {
                md.append("| ").append(e.dataset()).append(" | ").append(e.codec()).append(" | ")
                        .append(e.baseline() == null ? "exact" : e.baseline().replace("|", "\\|")).append(" | ")
                        .append(e.cases() - e.failures().size()).append('/').append(e.cases()).append(" | ")
                        .append(String.join("<br>", e.failures()).replace("|", "\\|")).append(" |\n");
            }
        }
        if (!r.shapeTimings().isEmpty()) {
            md.append("\n## Per-shape micro benchmarks\n\n| shape | codec | ser ns | ser B/op | de ns | de B/op |\n|---|---|--:|--:|--:|--:|\n");
            for (Timing s : r.shapeTimings()) {
                if (s.op().equals("serialize")) {
                    Optional<Timing> d = r.shapeTimings().stream().filter(t -> t.op().equals("deserialize")
                            && t.subject().equals(s.subject()) && t.codec().equals(s.codec())).findFirst();
                    md.append("| ").append(s.subject()).append(" | ").append(s.codec()).append(" | ").append(ns(s))
                            .append(" | ").append(num(s.allocBytes())).append(" | ").append(d.map(ReportWriter::ns).orElse("—"))
                            .append(" | ").append(d.map(t -> num(t.allocBytes())).orElse("—")).append(" |\n");
                }
            }
        }
        return md.toString();
    }

    /**
     * The speed targets from the interleaved harness: ser+de time ratio (median over rounds, with its interquartile
     * range, each run's median and whether the runs agree), the one-direction ratios, the ratio from wall time, bytes
     * allocated per record read, exactness, verdict.
     */
    public static String speedTable(List<Interleaved.Measured> speed) {
        StringBuilder md = new StringBuilder("Speed, interleaved in one JVM per data set (" + Interleaved.class.getSimpleName()
                + "): typedjson's serialize + deserialize time over the rival's, the median of per-round ratios with its "
                + "interquartile range; below 1 is faster. `protobuf-record` includes the mapping between the generated "
                + "message and the Java record, so it starts and ends where the class serde does. Per run: the median of "
                + "each run back to back; they agree when within " + pct(Interleaved.AGREEMENT) + " of each other. "
                + clockNote(speed) + " Read B/rec: bytes the thread allocates per record read; a row against a rival "
                + "\"(read B/rec)\" compares those instead of time. Exact: on the data set's records, then on its edge "
                + "records (one field at the edge of its type each; none for cdc).\n\n"
                + "| data set | typedjson | against | ser+de ratio | IQR | per run | runs agree | ser | de | wall "
                + "| read B/rec (typedjson · rival) | target | exact (typedjson · rival) | verdict |\n"
                + "|---|---|---|--:|---|---|---|--:|--:|--:|---|--:|---|---|\n");
        int disagree = 0;
        for (Interleaved.Measured m : speed) {
            disagree += m.runsAgree() ? 0 : 1;
            // rows of allocated bytes, and rows a codec could not carry, have no rounds to spread over
            boolean timed = m.target().measure().timed() && !Double.isNaN(m.median());
            md.append("| ").append(m.dataset()).append(" | ").append(m.target().codec()).append(" | ")
                    .append(against(m.target(), "")).append(" | ").append(fmt2(m.median())).append(" | ")
                    .append(timed ? fmt2(m.q1()) + "–" + fmt2(m.q3()) : "—").append(" | ")
                    .append(timed ? runs(m) : "—").append(" | ")
                    .append(!timed ? "—" : (m.runsAgree() ? "yes" : "**no**") + " (" + pct(m.runSpread()) + ")").append(" | ")
                    .append(fmt2(m.serialize())).append(" | ").append(fmt2(m.deserialize())).append(" | ")
                    .append(fmt2(m.wallMedian())).append(" | ")
                    .append(m.codecAllocation() < 0 ? "—" : m.codecAllocation() + " · " + m.rivalAllocation()).append(" | ")
                    .append(m.isTarget() ? "≤ " + fmt2(m.limit()) : "—").append(" | ")
                    .append(exactCell(m.exact())).append(edgesCell(m.edges())).append(" · ")
                    .append(exactCell(m.rivalExact())).append(edgesCell(m.rivalEdges())).append(" | ")
                    .append(verdict(m)).append(" |\n");
        }
        long met = speed.stream().filter(Interleaved.Measured::met).count();
        long targets = speed.stream().filter(Interleaved.Measured::isTarget).count();
        md.append(String.format(Locale.ROOT, "%nMet %d of %d targets.", met, targets));
        if (targets < speed.size()) {
            md.append(String.format(Locale.ROOT, " %d rows for reference only (no limit on that data set).",
                    speed.size() - targets));
        }
        md.append(disagree == 0 ? " Every target's two runs agree within " + pct(Interleaved.AGREEMENT) + ".\n"
                : String.format(Locale.ROOT, " **%d of %d rows: the runs back to back differ by more than %s**: the "
                        + "machine's load changed during the run; rerun on an idle machine before quoting them.%n", disagree,
                        speed.size(), pct(Interleaved.AGREEMENT)));
        return md.toString();
    }

    /** Two harnesses agree on a ratio when they differ by at most this fraction of the interleaved one (issue 37). */
    static final double HARNESS_AGREEMENT = 0.10;

    /**
     * The time targets again from JMH's timings of the same run, beside the interleaved ratio they must agree with:
     * the ratio of JMH's medians (serialize + deserialize, or one direction), how far it lies from the interleaved
     * median, and the target's verdict on JMH's figure. Empty when the run has no row that both measured.
     */
    static String jmhBeside(Results r) {
        StringBuilder rows = new StringBuilder();
        int shown = 0, agree = 0, met = 0, targets = 0;
        for (Interleaved.Measured m : r.speed()) {
            Interleaved.Measure measure = m.target().measure();
            double jmh = switch (measure) {
                case TIME -> r.roundTripNs(m.dataset(), m.target().codec()) / r.roundTripNs(m.dataset(), m.target().rival());
                case SERIALIZE, DESERIALIZE -> oneWayRatio(r, m, measure == Interleaved.Measure.SERIALIZE ? "serialize" : "deserialize");
                case READ_BYTES -> Double.NaN;
            };
            if (Double.isNaN(jmh) || Double.isNaN(m.median())) {
                continue;
            }
            shown++;
            double off = jmh / m.median() - 1;
            boolean agrees = Math.abs(off) <= HARNESS_AGREEMENT;
            agree += agrees ? 1 : 0;
            String verdict = "for reference";
            if (m.isTarget()) {
                targets++;
                boolean jmhMet = m.exact() == null && jmh <= m.limit();
                met += jmhMet ? 1 : 0;
                verdict = jmhMet ? "met" : String.format(Locale.ROOT, "**MISSED** by %.0f %%", (jmh / m.limit() - 1) * 100);
            }
            rows.append("| ").append(m.dataset()).append(" | ").append(m.target().codec()).append(" | ")
                    .append(against(m.target(), "")).append(" | ").append(fmt2(m.median())).append(" | ")
                    .append(fmt2(jmh)).append(" | ").append(String.format(Locale.ROOT, "%+.0f %%", off * 100)).append(" | ")
                    .append(agrees ? "yes" : "**no**").append(" | ").append(verdict).append(" |\n");
        }
        if (shown == 0) {
            return "";
        }
        return "\nThe same ratios from JMH (its medians of this run, each codec timed alone in its own forks), beside the "
                + "interleaved median: the two harnesses agree when they differ by at most " + pct(HARNESS_AGREEMENT)
                + ".\n\n| data set | typedjson | against | interleaved | JMH | JMH ÷ interleaved | agree | verdict on JMH |\n"
                + "|---|---|---|--:|--:|--:|---|---|\n" + rows
                + String.format(Locale.ROOT, "%n%d of %d rows agree within %s; on JMH's figures %d of %d targets are met. "
                        + "Where they disagree, the interleaved figure is the one the verdicts above use: it runs each "
                        + "data set in a JVM of its own with all the codecs of its targets in turns, so the reader, "
                        + "writer and collection code that typedjson's codecs share is compiled for all of them, as in a "
                        + "Connect worker or an application with several types; JMH times each codec alone with one data "
                        + "set in a JVM of its own, compiled for that one shape (see docs/benchmarks.md).%n", agree, shown, pct(HARNESS_AGREEMENT),
                        met, targets);
    }

    private static double oneWayRatio(Results r, Interleaved.Measured m, String op) {
        Optional<Timing> codec = r.timing(m.dataset(), m.target().codec(), op);
        Optional<Timing> rival = r.timing(m.dataset(), m.target().rival(), op);
        return codec.isPresent() && rival.isPresent() ? codec.get().ns() / rival.get().ns() : Double.NaN;
    }

    /**
     * The targets as README.md shows them: one line per target, one column per data set, each cell the ser+de ratio
     * with its interquartile range and the verdict. Rendered from speed.csv's rows (see {@link #readSpeedCsv}).
     */
    public static String readmeTable(List<Interleaved.Measured> speed) {
        List<String> datasets = speed.stream().map(Interleaved.Measured::dataset).distinct().toList();
        // codec, rival and measure, not Targets: the limits per data set are a map in a Target, one number in a CSV row
        List<List<String>> targets = speed.stream().map(x -> List.of(x.target().codec(), x.target().rival(),
                x.target().measure().name())).distinct().toList();
        StringBuilder md = new StringBuilder("| typedjson | against |");
        datasets.forEach(d -> md.append(' ').append(d).append(" |"));
        md.append("\n|---|---|").append("---|".repeat(datasets.size())).append('\n');
        boolean disagree = false;
        for (List<String> t : targets) {
            Interleaved.Measure measure = Interleaved.Measure.valueOf(t.get(2));
            md.append("| `").append(t.get(0)).append("` | ").append(against(t.get(1), measure, "`")).append(" |");
            for (String d : datasets) {
                Optional<Interleaved.Measured> m = speed.stream().filter(x -> x.target().codec().equals(t.get(0))
                        && x.target().rival().equals(t.get(1)) && x.target().measure() == measure
                        && x.dataset().equals(d)).findFirst();
                md.append(' ').append(m.map(ReportWriter::readmeCell).orElse("—")).append(" |");
                disagree |= m.isPresent() && !m.get().runsAgree();
            }
            md.append('\n');
        }
        long met = speed.stream().filter(Interleaved.Measured::met).count();
        long targetCount = speed.stream().filter(Interleaved.Measured::isTarget).count();
        boolean cpu = speed.stream().filter(m -> m.target().measure() == Interleaved.Measure.TIME)
                .allMatch(m -> m.clock().equals("cpu"));
        md.append(String.format(Locale.ROOT, "%nser+de %s time ÷ the rival's, the median of per-round ratios (interquartile "
                + "range), typedjson exact on every record; %d of %d targets met.", cpu ? "CPU" : "wall", met, targetCount));
        if (speed.stream().anyMatch(m -> m.target().measure() == Interleaved.Measure.READ_BYTES)) {
            md.append(" (read B/rec): bytes allocated per record read ÷ the rival's (typedjson · rival).");
        }
        if (targetCount < speed.size()) {
            md.append(" \"for reference\": no limit on that data set.");
        }
        md.append(disagree ? " † the two runs back to back differ by more than " + pct(Interleaved.AGREEMENT) + ".\n" : "\n");
        return md.toString();
    }

    /** One cell of README's table: the ratio with its spread (or the bytes), the limit and the verdict. */
    private static String readmeCell(Interleaved.Measured x) {
        if (Double.isNaN(x.median())) {
            return verdict(x);
        }
        String spread = x.target().measure() == Interleaved.Measure.READ_BYTES
                ? x.codecAllocation() + " · " + x.rivalAllocation() + " B" : fmt2(x.q1()) + "–" + fmt2(x.q3());
        String judged = x.isTarget() ? "≤ " + fmt2(x.limit()) + ": " + verdict(x) : "for reference";
        return fmt2(x.median()) + " (" + spread + "), " + judged + (x.runsAgree() ? "" : " †");
    }

    /** The rival's name, marked when the row compares bytes allocated per record read. */
    private static String against(Interleaved.Target t, String quote) {
        return against(t.rival(), t.measure(), quote);
    }

    private static String against(String rival, Interleaved.Measure measure, String quote) {
        return quote + rival + quote + switch (measure) {
            case READ_BYTES -> " (read B/rec)";
            case SERIALIZE -> " (ser)";
            case DESERIALIZE -> " (de)";
            default -> "";
        };
    }

    /** Where README.md's speed table starts and ends; between them, {@link #readmeTable} of the published speed.csv. */
    public static final String README_BEGIN = "<!-- speed targets: the table of bench/results/targets.md, rendered from "
            + "bench/results/speed.csv; DocumentedNumbersTest checks it -->";
    public static final String README_END = "<!-- end of speed targets -->";

    /** The text between README's speed markers, or empty when the page has none. */
    public static Optional<String> readmeBlock(String page) {
        int begin = page.indexOf(README_BEGIN);
        int end = page.indexOf(README_END);
        if (begin < 0 || end < begin) {
            return Optional.empty();
        }
        return Optional.of(page.substring(begin + README_BEGIN.length(), end).strip() + "\n");
    }

    /** {@code page} with the text between its speed markers replaced by {@code table}. */
    public static String replaceReadmeBlock(String page, String table) {
        int begin = page.indexOf(README_BEGIN);
        int end = page.indexOf(README_END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException("no speed table markers (" + README_BEGIN + " ... " + README_END + ")");
        }
        return page.substring(0, begin + README_BEGIN.length()) + "\n" + table + page.substring(end);
    }

    /** The rows of a speed.csv as written by {@link #speedCsv} (an older file without the CPU columns reads too). */
    public static List<Interleaved.Measured> readSpeedCsv(String csv) {
        List<String> lines = csv.lines().filter(l -> !l.isBlank()).toList();
        List<String> header = List.of(lines.get(0).split(","));
        List<Interleaved.Measured> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = csvFields(line);
            java.util.function.Function<String, String> col = name -> {
                int i = header.indexOf(name);
                return i < 0 || i >= f.length ? "" : f[i];
            };
            java.util.function.ToDoubleFunction<String> num = name -> col.apply(name).isEmpty() ? Double.NaN
                    : Double.parseDouble(col.apply(name));
            double[] runs = java.util.Arrays.stream(col.apply("run_medians").split(";")).mapToDouble(Double::parseDouble)
                    .toArray();
            String clock = col.apply("clock").isEmpty() ? "wall" : col.apply("clock"); // older files: wall time only
            Interleaved.Measure measure = col.apply("measure").isEmpty() ? Interleaved.Measure.TIME
                    : Interleaved.Measure.valueOf(col.apply("measure").toUpperCase(Locale.ROOT));
            double limit = num.applyAsDouble("limit");
            out.add(new Interleaved.Measured(col.apply("dataset"),
                    new Interleaved.Target(col.apply("codec"), col.apply("rival"), measure,
                            Double.isNaN(limit) ? Map.of() : Map.of(Interleaved.Target.ALL, limit)),
                    num.applyAsDouble("limit"), clock, num.applyAsDouble("ratio_median"), num.applyAsDouble("ratio_q1"),
                    num.applyAsDouble("ratio_q3"), runs, num.applyAsDouble("serialize_ratio"),
                    num.applyAsDouble("deserialize_ratio"),
                    clock.equals("wall") ? num.applyAsDouble("ratio_median") : num.applyAsDouble("wall_ratio_median"),
                    num.applyAsDouble("cpu_ratio_median"),
                    num.applyAsDouble("codec_ns"), num.applyAsDouble("rival_ns"),
                    Long.parseLong(col.apply("codec_read_alloc_bytes")), Long.parseLong(col.apply("rival_read_alloc_bytes")),
                    Boolean.parseBoolean(col.apply("exact")) ? null : "not exact",
                    Boolean.parseBoolean(col.apply("rival_exact")) ? null : "not exact",
                    col.apply("edges"), col.apply("rival_edges")));
        }
        return out;
    }

    /** The fields of one CSV line, a field in double quotes holding commas and doubled quotes (RFC 4180). */
    static String[] csvFields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out.toArray(String[]::new);
    }

    /** Which clock the ratios come from, and why CPU time where the JVM measures it. */
    private static String clockNote(List<Interleaved.Measured> speed) {
        if (speed.stream().filter(m -> m.target().measure() == Interleaved.Measure.TIME)
                .allMatch(m -> m.clock().equals("cpu"))) {
            return "Ratios come from the timing thread's CPU time; a target is met only when both the CPU-time and the "
                    + "wall-time ratio meet it. On a machine shared with other work a "
                    + "task of a few milliseconds loses whole scheduler slices at random, which scatters wall-time "
                    + "ratios far more than any difference between codecs, while CPU time counts only what the codec's "
                    + "thread ran. CPU time leaves out garbage collection (safepoint pauses, the collector's threads), "
                    + "which favours the codec that allocates more (see read B/rec); wall: the ser+de ratio from wall "
                    + "time, which includes it, and which an idle machine makes trustworthy (hence the verdict on both).";
        }
        return "Ratios and verdicts come from wall time (this JVM or file has no per-thread CPU time); wall repeats the "
                + "ser+de ratio.";
    }

    private static String verdict(Interleaved.Measured m) {
        if (Double.isNaN(m.median())) {
            return "**not measured**: " + (m.exact() != null ? "typedjson" : "the rival") + " cannot carry the records";
        }
        if (!m.isTarget()) {
            return "for reference";
        }
        return m.met() ? "met" : m.exact() != null ? "**not exact**"
                : String.format(Locale.ROOT, "**MISSED** by %.0f %%", (m.worst() / m.limit() - 1) * 100);
    }

    private static String edgesCell(String edges) {
        return edges == null || edges.isEmpty() || edges.equals("none") ? "" : "; edges " + edges.replace("|", "\\|");
    }

    private static String runs(Interleaved.Measured m) {
        StringBuilder runs = new StringBuilder();
        for (double x : m.runMedians()) {
            runs.append(runs.length() == 0 ? "" : " · ").append(fmt2(x));
        }
        return runs.toString();
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }

    private static String exactCell(String difference) {
        return difference == null ? "yes" : "**no**: " + difference.replace("|", "\\|");
    }

    private static String fmt2(double x) {
        return Double.isNaN(x) ? "—" : String.format(Locale.ROOT, "%.2f", x);
    }

    private static void verdictRow(StringBuilder md, Targets.Verdict v) {
        md.append("| ").append(v.codec()).append(" | ").append(String.join(" | ", v.cells())).append(" | ")
                .append(v.verdict().startsWith("met") ? v.verdict() : "**" + v.verdict() + "**").append(" |\n");
    }

    private static void datasetSection(StringBuilder md, Results r, String dataset) {
        md.append("\n## ").append(dataset).append("\n\n")
                .append("| codec | exact | B/rec | raw | gzip-6 | lz4 | zstd | ser ns | ser B/op | de ns | de B/op "
                        + "| B/rec ÷ Jackson | zstd ÷ protobuf | ser+de ÷ Jackson | ser+de ÷ protobuf |\n")
                .append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        Optional<SizeReport.Row> jackson = r.size(dataset, Results.JACKSON);
        Optional<SizeReport.Row> protobuf = r.size(dataset, Results.PROTOBUF);
        List<String> notes = new ArrayList<>();
        for (String codec : r.codecs(dataset)) {
            Optional<SizeReport.Row> s = r.size(dataset, codec);
            md.append("| ").append(codec).append(" | ");
            if (s.isPresent()) {
                SizeReport.Row row = s.get();
                if (row.exact()) {
                    md.append("yes");
                } else {
                    notes.add(codec + ": " + row.exactCell());
                    md.append("**no** [").append(notes.size()).append("]");
                }
                if (row.carried()) {
                    md.append(" | ").append(num(row.bytesPerRecord())).append(" | ").append(num(row.rawBytes()))
                            .append(" | ").append(num(row.gzipBytes())).append(" | ").append(num(row.lz4Bytes()))
                            .append(" | ").append(num(row.zstdBytes()));
                } else {
                    md.append(" | — | — | — | — | —");
                }
            } else {
                md.append("— | — | — | — | — | —");
            }
            for (String op : OPS) {
                Optional<Timing> t = r.timing(dataset, codec, op);
                md.append(" | ").append(t.map(ReportWriter::ns).orElse("—")).append(" | ")
                        .append(t.map(x -> num(x.allocBytes())).orElse("—"));
            }
            md.append(" | ").append(ratio(s.map(SizeReport.Row::bytesPerRecord), jackson.map(SizeReport.Row::bytesPerRecord)))
                    .append(" | ").append(ratio(s.map(x -> (double) x.zstdBytes()), protobuf.map(x -> (double) x.zstdBytes())))
                    .append(" | ").append(ratio(r.roundTripNs(dataset, codec), r.roundTripNs(dataset, Results.JACKSON)))
                    .append(" | ").append(ratio(r.roundTripNs(dataset, codec), r.roundTripNs(dataset, Results.PROTOBUF)))
                    .append(" |\n");
        }
        if (!notes.isEmpty()) {
            md.append('\n');
            for (int i = 0; i < notes.size(); i++) {
                md.append(i + 1).append(". ").append(notes.get(i).replace("|", "\\|")).append('\n');
            }
        }
    }

    static String csv(Results r) {
        StringBuilder csv = new StringBuilder("dataset,codec,records,bytes_per_record,raw_bytes,gzip6_bytes,lz4_bytes,zstd_bytes,"
                + "exact,first_difference,serialize_median_ns,serialize_mean_ns,serialize_mean_error_ns,serialize_alloc_bytes,"
                + "deserialize_median_ns,deserialize_mean_ns,deserialize_mean_error_ns,deserialize_alloc_bytes\n");
        for (String dataset : r.datasets()) {
            for (String codec : r.codecs(dataset)) {
                Optional<SizeReport.Row> s = r.size(dataset, codec);
                csv.append(dataset).append(',').append(codec).append(',');
                if (s.isPresent() && !s.get().carried()) {
                    csv.append("0,,,,,,false,").append(quote(s.get().exactCell()));
                } else if (s.isPresent()) {
                    SizeReport.Row row = s.get();
                    csv.append(row.records()).append(',').append(String.format(Locale.ROOT, "%.2f", row.bytesPerRecord()))
                            .append(',').append(row.rawBytes()).append(',').append(row.gzipBytes()).append(',')
                            .append(row.lz4Bytes()).append(',').append(row.zstdBytes()).append(',').append(row.exact())
                            .append(',').append(quote(row.exact() ? "" : row.exactCell()));
                } else {
                    csv.append(",,,,,,,");
                }
                appendTimings(csv, r.timing(dataset, codec, "serialize"), r.timing(dataset, codec, "deserialize"));
            }
        }
        for (Timing s : r.shapeTimings()) {
            if (s.op().equals("serialize")) {
                csv.append("shape:").append(s.subject()).append(',').append(s.codec()).append(",,,,,,,,");
                appendTimings(csv, Optional.of(s), r.shapeTimings().stream().filter(t -> t.op().equals("deserialize")
                        && t.subject().equals(s.subject()) && t.codec().equals(s.codec())).findFirst());
            }
        }
        return csv.toString();
    }

    private static void appendTimings(StringBuilder csv, Optional<Timing> ser, Optional<Timing> de) {
        for (Optional<Timing> t : List.of(ser, de)) {
            csv.append(',').append(t.map(x -> String.format(Locale.ROOT, "%.1f,%.1f,%.1f,%.1f", x.ns(), x.meanNs(), x.meanError(), x.allocBytes()))
                    .orElse(",,,"));
        }
        csv.append('\n');
    }

    private static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    private static String ns(Timing t) {
        return num(t.ns());
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String ratio(Optional<Double> a, Optional<Double> b) {
        return a.isPresent() && b.isPresent() ? ratio(a.get(), b.get()) : "—";
    }

    private static String ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) ? "—" : String.format(Locale.ROOT, "%.2f", a / b);
    }
}

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
            Files.writeString(dir.resolve("speed.csv"), speedCsv(r.speed()), StandardCharsets.UTF_8);
        }
    }

    /** The interleaved speed ratios, one line per data set and target. */
    public static String speedCsv(List<Interleaved.Measured> speed) {
        StringBuilder csv = new StringBuilder("dataset,codec,rival,ratio_median,ratio_q1,ratio_q3,run_medians,"
                + "serialize_ratio,deserialize_ratio,codec_ns,rival_ns,codec_read_alloc_bytes,rival_read_alloc_bytes,limit,"
                + "exact,rival_exact,met\n");
        for (Interleaved.Measured m : speed) {
            StringBuilder runs = new StringBuilder();
            for (double x : m.runMedians()) {
                runs.append(runs.length() == 0 ? "" : ";").append(String.format(Locale.ROOT, "%.4f", x));
            }
            csv.append(String.format(Locale.ROOT, "%s,%s,%s,%.4f,%.4f,%.4f,%s,%.4f,%.4f,%.1f,%.1f,%d,%d,%.2f,%s,%s,%s%n",
                    m.dataset(), m.target().codec(), m.target().rival(), m.median(), m.q1(), m.q3(), runs, m.serialize(),
                    m.deserialize(), m.codecNs(), m.rivalNs(), m.codecAllocation(), m.rivalAllocation(), m.limit(),
                    m.exact() == null, m.rivalExact() == null, m.met()));
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
        for (BenchCodec<?> c : Codecs.forDataset("orders")) {
            md.append("- `").append(c.name()).append("`: ").append(c.settings()).append('\n');
        }
        md.append("\n## Targets\n\n");
        if (r.typedjsonCodecs().isEmpty()) {
            md.append("Not measured: no typedjson codec in this run.\n");
        } else {
            if (!r.speed().isEmpty()) {
                md.append(speedTable(r.speed()));
            }
            md.append(r.speed().isEmpty() ? "Speed" : "\nJMH's timings, for reference (separate forks, so noisier than the "
                    + "interleaved ratios above)");
            md.append(": typedjson's ns over the rival's ns (below 1 is faster; ✗ marks a miss), serialize · deserialize.\n\n| codec | data set |");
            Targets.SPEED_RIVALS.forEach(rival -> md.append(" vs ").append(rival).append(" |"));
            md.append(" verdict |\n|---|---|---|---|---|---|\n");
            Targets.speed(r).forEach(v -> verdictRow(md, v));
            md.append("\nSize:\n\n| codec | target | measured | verdict |\n|---|---|---|---|\n");
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
     * range and each run's median), the one-direction ratios, bytes allocated per record read, exactness, verdict.
     */
    public static String speedTable(List<Interleaved.Measured> speed) {
        StringBuilder md = new StringBuilder("Speed, interleaved in one JVM (" + Interleaved.class.getSimpleName()
                + "): typedjson's serialize + deserialize time over the rival's, the median of per-round ratios with its "
                + "interquartile range; below 1 is faster. `protobuf-record` includes the mapping between the generated "
                + "message and the Java record, so it starts and ends where the class serde does.\n\n"
                + "| data set | typedjson | against | ser+de ratio | IQR | per run | ser | de | read B/rec (typedjson · rival) "
                + "| target | exact (typedjson · rival) | verdict |\n|---|---|---|--:|---|---|--:|--:|---|--:|---|---|\n");
        for (Interleaved.Measured m : speed) {
            StringBuilder runs = new StringBuilder();
            for (double x : m.runMedians()) {
                runs.append(runs.length() == 0 ? "" : " · ").append(fmt2(x));
            }
            md.append("| ").append(m.dataset()).append(" | ").append(m.target().codec()).append(" | ")
                    .append(m.target().rival()).append(" | ").append(fmt2(m.median())).append(" | ")
                    .append(fmt2(m.q1())).append("–").append(fmt2(m.q3())).append(" | ").append(runs).append(" | ")
                    .append(fmt2(m.serialize())).append(" | ").append(fmt2(m.deserialize())).append(" | ")
                    .append(m.codecAllocation() < 0 ? "—" : m.codecAllocation() + " · " + m.rivalAllocation()).append(" | ≤ ")
                    .append(fmt2(m.limit())).append(" | ")
                    .append(exactCell(m.exact())).append(" · ").append(exactCell(m.rivalExact())).append(" | ")
                    .append(m.met() ? "met" : m.exact() != null ? "**not exact**"
                            : String.format(Locale.ROOT, "**MISSED** by %.0f %%", (m.median() / m.limit() - 1) * 100))
                    .append(" |\n");
        }
        return md.toString();
    }

    private static String exactCell(String difference) {
        return difference == null ? "yes" : "**no**: " + difference.replace("|", "\\|");
    }

    private static String fmt2(double x) {
        return String.format(Locale.ROOT, "%.2f", x);
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
                md.append(" | ").append(num(row.bytesPerRecord())).append(" | ").append(num(row.rawBytes())).append(" | ")
                        .append(num(row.gzipBytes())).append(" | ").append(num(row.lz4Bytes())).append(" | ").append(num(row.zstdBytes()));
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
                if (s.isPresent()) {
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

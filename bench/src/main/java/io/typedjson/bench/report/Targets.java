package io.typedjson.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The targets of the benchmark issue, computed from one run's results. */
final class Targets {
    /** One line of a targets table: the cells after the codec, and whether the target is met. */
    record Verdict(String codec, List<String> cells, String verdict) {}

    /** The codecs typedjson has to beat on time, in both directions, on orders, rows and cdc. */
    static final List<String> SPEED_RIVALS = List.of(Results.JACKSON, "jsonconverter-schemas", "jsonconverter-plain");
    static final List<String> SPEED_DATASETS = List.of("orders", "rows", "cdc");

    private Targets() {}

    /** One line per typedjson codec and data set: its time over each rival's, serialize and deserialize. */
    static List<Verdict> speed(Results r) {
        List<Verdict> out = new ArrayList<>();
        for (String tj : r.typedjsonCodecs()) {
            for (String dataset : SPEED_DATASETS) {
                List<String> cells = new ArrayList<>(List.of(dataset));
                int missed = 0;
                int measured = 0;
                for (String rival : SPEED_RIVALS) {
                    StringBuilder cell = new StringBuilder();
                    for (String op : List.of("serialize", "deserialize")) {
                        Optional<Timing> a = r.timing(dataset, tj, op);
                        Optional<Timing> b = r.timing(dataset, rival, op);
                        String ratio = "—";
                        if (a.isPresent() && b.isPresent()) {
                            double x = a.get().ns() / b.get().ns();
                            measured++;
                            missed += x < 1 ? 0 : 1;
                            ratio = String.format(Locale.ROOT, "%.2f", x) + (x < 1 ? "" : " ✗");
                        }
                        cell.append(op.equals("serialize") ? "ser " : " · de ").append(ratio);
                    }
                    cells.add(cell.toString());
                }
                String verdict = measured == 0 ? "not measured"
                        : missed == 0 && measured == 6 ? "met" : missed == 0 ? "met where timed" : "MISSED " + missed + " of " + measured;
                out.add(new Verdict(tj, cells, verdict));
            }
        }
        return out;
    }

    /** The byte targets of the Connect issue and the compressed-size target against protobuf. */
    static List<Verdict> size(Results r) {
        List<Verdict> out = new ArrayList<>();
        for (String tj : r.typedjsonCodecs()) {
            out.add(sizeRatio(r, tj, "rows", "jsonconverter-schemas", 0.35, false));
            out.add(sizeRatio(r, tj, "orders", "jsonconverter-plain", 1.25, false));
            out.add(sizeRatio(r, tj, "orders", Results.PROTOBUF, 1.3, true));
        }
        return out;
    }

    private static Verdict sizeRatio(Results r, String tj, String dataset, String rival, double limit, boolean zstd) {
        String what = zstd ? "zstd bytes (16 KiB batches)" : "bytes per record";
        String target = String.format(Locale.ROOT, "%s on %s at most %.2f× %s, exact", what, dataset, limit, rival);
        Optional<SizeReport.Row> a = r.size(dataset, tj);
        Optional<SizeReport.Row> b = r.size(dataset, rival);
        if (a.isEmpty() || b.isEmpty()) {
            return new Verdict(tj, List.of(target, "sizes not measured"), "not measured");
        }
        double x = zstd ? a.get().zstdBytes() : a.get().bytesPerRecord();
        double y = zstd ? b.get().zstdBytes() : b.get().bytesPerRecord();
        boolean exact = a.get().exact();
        String measured = String.format(Locale.ROOT, "%s vs %s (%.2f×)%s", ReportWriter.num(x), ReportWriter.num(y), x / y,
                exact ? ", exact" : ", NOT exact");
        return new Verdict(tj, List.of(target, measured), x / y <= limit && exact ? "met" : "MISSED");
    }
}

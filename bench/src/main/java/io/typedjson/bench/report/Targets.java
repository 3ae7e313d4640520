package io.typedjson.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The targets of the benchmark issue, computed from one run's results. */
final class Targets {
    /** One line of the targets table. */
    record Verdict(String target, String codec, String measured, String verdict) {}

    private static final List<String> SPEED_RIVALS = List.of(Results.JACKSON, "jsonconverter-schemas", "jsonconverter-plain");

    private Targets() {}

    static List<Verdict> evaluate(Results r) {
        List<Verdict> out = new ArrayList<>();
        List<String> ours = r.typedjsonCodecs();
        if (ours.isEmpty()) {
            out.add(new Verdict("all targets", "—", "no typedjson codec in this build", "not measured"));
            return out;
        }
        for (String tj : ours) {
            for (String dataset : List.of("orders", "rows", "cdc")) {
                for (String rival : SPEED_RIVALS) {
                    out.add(faster(r, tj, dataset, rival));
                }
            }
            out.add(sizeRatio(r, tj, "rows", "jsonconverter-schemas", 0.35, false));
            out.add(sizeRatio(r, tj, "orders", "jsonconverter-plain", 1.25, false));
            out.add(sizeRatio(r, tj, "orders", Results.PROTOBUF, 1.3, true));
        }
        return out;
    }

    private static Verdict faster(Results r, String tj, String dataset, String rival) {
        String target = "faster than " + rival + " on " + dataset + ", both directions";
        StringBuilder measured = new StringBuilder();
        boolean met = true;
        for (String op : List.of("serialize", "deserialize")) {
            Optional<Timing> a = r.timing(dataset, tj, op);
            Optional<Timing> b = r.timing(dataset, rival, op);
            if (a.isEmpty() || b.isEmpty()) {
                return new Verdict(target, tj, op + " not timed", "not measured");
            }
            double ratio = a.get().ns() / b.get().ns();
            met &= ratio < 1;
            measured.append(measured.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%s %.0f vs %.0f ns (%.2f×)",
                    op, a.get().ns(), b.get().ns(), ratio));
        }
        return new Verdict(target, tj, measured.toString(), met ? "met" : "MISSED");
    }

    private static Verdict sizeRatio(Results r, String tj, String dataset, String rival, double limit, boolean zstd) {
        String what = zstd ? "zstd bytes (16 KiB batches)" : "bytes per record";
        String target = String.format(Locale.ROOT, "%s on %s at most %.2f× %s, exact", what, dataset, limit, rival);
        Optional<SizeReport.Row> a = r.size(dataset, tj);
        Optional<SizeReport.Row> b = r.size(dataset, rival);
        if (a.isEmpty() || b.isEmpty()) {
            return new Verdict(target, tj, "sizes not measured", "not measured");
        }
        double x = zstd ? a.get().zstdBytes() : a.get().bytesPerRecord();
        double y = zstd ? b.get().zstdBytes() : b.get().bytesPerRecord();
        boolean exact = a.get().exact();
        String measured = String.format(Locale.ROOT, "%.1f vs %.1f (%.2f×)%s", x, y, x / y, exact ? ", exact" : ", NOT exact");
        return new Verdict(target, tj, measured, x / y <= limit && exact ? "met" : "MISSED");
    }
}

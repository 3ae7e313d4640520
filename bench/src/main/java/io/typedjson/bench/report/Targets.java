package io.typedjson.bench.report;

import io.typedjson.bench.codec.Codecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The size targets, computed from one run's sizes (the speed targets: {@link Interleaved}). */
final class Targets {
    /** One line of a targets table: the cells after the codec, and whether the target is met. */
    record Verdict(String codec, List<String> cells, String verdict) {}

    private Targets() {}

    /**
     * The byte targets of the Connect issue and the compressed-size target against protobuf; for schema location
     * reference also issue 24's: its bytes (value and header) at most 1.05× those of KIP-1054's JsonConverter setup.
     */
    static List<Verdict> size(Results r) {
        List<Verdict> out = new ArrayList<>();
        for (String tj : r.typedjsonCodecs()) {
            out.add(sizeRatio(r, tj, "rows", "jsonconverter-schemas", 0.35, false));
            out.add(sizeRatio(r, tj, "orders", "jsonconverter-plain", 1.25, false));
            out.add(sizeRatio(r, tj, "orders", Results.PROTOBUF, 1.3, true));
            if (tj.equals(Codecs.REFERENCE)) {
                for (String dataset : List.of("orders", "rows")) {
                    out.add(sizeRatio(r, tj, dataset, "jsonconverter-schema-content", 1.05, false));
                }
            }
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

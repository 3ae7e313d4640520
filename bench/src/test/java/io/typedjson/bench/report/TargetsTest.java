package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.bench.codec.Codecs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 24's size target: schema location reference at most 1.05× KIP-1054's JsonConverter, on orders and rows. */
class TargetsTest {

    private static SizeReport.Row row(String dataset, String codec, long bytesPer100, String difference) {
        return new SizeReport.Row(dataset, codec, 100, bytesPer100, 1, 1, 1, difference, "n/a");
    }

    private static List<Targets.Verdict> referenceVerdicts(long orders, long rows, String rowsDifference) {
        Results r = new Results(List.of(
                row("orders", Codecs.REFERENCE, orders, null),
                row("orders", "jsonconverter-schema-content", 11_580, null),
                row("rows", Codecs.REFERENCE, rows, rowsDifference),
                row("rows", "jsonconverter-schema-content", 18_290, null)), List.of(), List.of(), List.of());
        return Targets.size(r).stream()
                .filter(v -> v.codec().equals(Codecs.REFERENCE) && v.cells().get(0).contains("schema-content")).toList();
    }

    @Test
    void referenceBytesAreJudgedAgainstSchemaContentOnOrdersAndRows() {
        List<Targets.Verdict> met = referenceVerdicts(11_470, 15_348, null);
        assertEquals(2, met.size(), met.toString());
        assertEquals("bytes per record on orders at most 1.05× jsonconverter-schema-content, exact", met.get(0).cells().get(0));
        assertEquals("115 vs 116 (0.99×), exact", met.get(0).cells().get(1));
        assertEquals(List.of("met", "met"), met.stream().map(Targets.Verdict::verdict).toList());

        // 1.06× on orders misses; an inexact row misses whatever its size
        List<Targets.Verdict> missed = referenceVerdicts(12_275, 15_348, "record 3 $.id: Long 1 vs Long 2");
        assertEquals(List.of("MISSED", "MISSED"), missed.stream().map(Targets.Verdict::verdict).toList());
        assertEquals("153 vs 183 (0.84×), NOT exact", missed.get(1).cells().get(1));
    }
}

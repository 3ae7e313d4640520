package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class InterleavedTest {

    @Test
    void quantilesInterpolateBetweenOrderStatistics() {
        double[] x = {5, 1, 4, 2, 3};
        assertEquals(3.0, Interleaved.quantile(x, 0.5));
        assertEquals(2.0, Interleaved.quantile(x, 0.25));
        assertEquals(4.0, Interleaved.quantile(x, 0.75));
        assertEquals(2.5, Interleaved.quantile(new double[] {1, 2, 3, 4}, 0.5));
    }

    @Test
    void measuresRatiosWithTheirSpreadAndExactnessOfBothSides() {
        Interleaved.Settings tiny = new Interleaved.Settings(1, 3, 2, 0.5);
        List<Interleaved.Measured> m = Interleaved.run(List.of("rows"), List.of(
                new Interleaved.Target("typedjson-class", "protobuf-record", Double.NaN),
                new Interleaved.Target("typedjson-dynamic", "jackson-map", 0.7)), tiny);
        assertEquals(2, m.size());

        Interleaved.Measured proto = m.get(0);
        assertEquals(3.0, proto.limit(), "the class serde's limit against protobuf on rows");
        assertNull(proto.exact(), "the class serde is exact on rows");
        assertNull(proto.rivalExact(), "protobuf with the hand-written record mapping is exact on rows");
        assertEquals(2, proto.runMedians().length);
        assertTrue(proto.q1() <= proto.median() && proto.median() <= proto.q3());
        assertTrue(proto.codecNs() > 0 && proto.rivalNs() > 0);

        Interleaved.Measured map = m.get(1);
        assertNull(map.exact());
        assertNotNull(map.rivalExact(), "Jackson on Map<String, Object> turns the Short qty into an Integer");
        assertTrue(map.rivalExact().contains("qty"), map.rivalExact());

        assertEquals("cpu", proto.clock(), "this JVM measures the timing thread's CPU time");
        assertEquals(proto.median(), proto.cpuMedian());
        assertTrue(proto.wallMedian() > 0, "the ratio from wall time: " + proto.wallMedian());
        assertEquals(proto.runSpread() <= Interleaved.AGREEMENT, proto.runsAgree());

        String table = ReportWriter.speedTable(m);
        assertTrue(table.contains("| rows | typedjson-class | protobuf-record |"), table);
        assertTrue(table.contains("of 2 targets."), table);
        String csv = ReportWriter.speedCsv(m);
        assertEquals(3, csv.lines().count(), csv);

        // README's table is rendered from the CSV: what it reads back is what was measured, to the CSV's digits
        List<Interleaved.Measured> back = ReportWriter.readSpeedCsv(csv);
        assertEquals(2, back.size());
        assertEquals(proto.median(), back.get(0).median(), 1e-4);
        assertEquals(proto.wallMedian(), back.get(0).wallMedian(), 1e-4);
        assertEquals("cpu", back.get(0).clock());
        assertEquals(3.0, back.get(0).limit());
        assertEquals(proto.runsAgree(), back.get(0).runsAgree());
        assertNull(back.get(1).exact());
        assertNotNull(back.get(1).rivalExact(), "the rival's inexactness survives the CSV");
        String readme = ReportWriter.readmeTable(back);
        assertTrue(readme.startsWith("| typedjson | against | rows |\n"), readme);
        assertTrue(readme.contains("| `typedjson-dynamic` | `jackson-map` | "), readme);
    }

    @Test
    void theReadmeTableSaysMetMissedAndWhereTheRunsDisagree() {
        Interleaved.Target target = new Interleaved.Target("typedjson-class", "jackson-record", 0.5);
        Interleaved.Measured met = measured("orders", target, 0.42, new double[] {0.41, 0.43}, null);
        Interleaved.Measured missed = measured("rows", target, 0.6, new double[] {0.5, 0.7}, null);
        Interleaved.Measured lossy = measured("cdc", target, 0.3, new double[] {0.3, 0.3}, "record 0 $.x");
        String readme = ReportWriter.readmeTable(List.of(met, missed, lossy));
        assertTrue(readme.contains("| 0.42 (0.40–0.45), ≤ 0.50: met |"), readme);
        assertTrue(readme.contains("| 0.60 (0.40–0.45), ≤ 0.50: **MISSED** by 20 % † |"), readme);
        assertTrue(readme.contains("| 0.30 (0.40–0.45), ≤ 0.50: **not exact** |"), readme);
        assertTrue(readme.contains("ser+de CPU time ÷ the rival's"), readme);
        assertTrue(readme.contains("1 of 3 targets met. † the two runs back to back differ by more than 15 %"), readme);
        String table = ReportWriter.speedTable(List.of(met, missed));
        assertTrue(table.contains("| 0.50 · 0.70 | **no** (40 %) |"), table);
        assertTrue(table.contains("**1 of 2 rows: the runs back to back differ by more than 15 %**"), table);
    }

    private static Interleaved.Measured measured(String dataset, Interleaved.Target t, double median, double[] runs,
                                                 String exact) {
        return new Interleaved.Measured(dataset, t, t.limit(dataset), "cpu", median, 0.4, 0.45, runs, 0.5, 0.5, 0.5, median,
                100, 200, 10, 20, exact, null);
    }
}

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

        String table = ReportWriter.speedTable(m);
        assertTrue(table.contains("| rows | typedjson-class | protobuf-record |"), table);
        String csv = ReportWriter.speedCsv(m);
        assertEquals(3, csv.lines().count(), csv);
    }
}

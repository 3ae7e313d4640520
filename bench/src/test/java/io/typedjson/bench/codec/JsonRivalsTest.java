package io.typedjson.bench.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.EdgeCases;
import io.typedjson.bench.data.Row;
import io.typedjson.bench.report.ReportWriter;
import io.typedjson.bench.report.Results;
import io.typedjson.bench.report.SizeReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What fastjson2 2.0.57 and dsl-json 2.0.2, the fastest JSON codecs on the JVM, actually do with the bench's records:
 * the verdicts below were found by running them (2026-12-02) and are asserted so that a new version of either, or a
 * change to how they are configured, shows up here before it changes a published table.
 */
class JsonRivalsTest {

    private static String written(String dataset, String codec, String edgeCase) {
        BenchCodec<Object> c = Codecs.get(dataset, codec);
        Object record = EdgeCases.of(dataset).stream().filter(k -> k.label().equals(edgeCase)).findFirst().orElseThrow()
                .record();
        return new String(c.encode(c.prepare(record)), StandardCharsets.UTF_8);
    }

    @Test
    void bothAreExactOnTheRecordsOfTheTimedDataSets() {
        for (String dataset : List.of("orders", "rows", "cdc")) {
            for (String codec : List.of("fastjson2", "dsl-json")) {
                BenchCodec<Object> c = Codecs.get(dataset, codec);
                for (Object record : Datasets.generate(dataset, 200, Datasets.SEED)) {
                    Object back = c.decode(c.encode(c.prepare(record)));
                    assertNull(Exactness.firstDifference(record, back), dataset + "/" + codec);
                }
            }
        }
    }

    @Test
    void fastjson2WritesNonFiniteDoublesAsNullAndReadsNegativeZeroAsZero() {
        SizeReport.EdgeRow orders = SizeReport.edges("orders", Codecs.get("orders", "fastjson2"));
        assertNull(orders.baseline(), orders.toString());
        assertEquals(List.of("amount NaN: $.amount: Double NaN vs Double 0.0",
                "amount +Infinity: $.amount: Double Infinity vs Double 0.0",
                "amount -0.0: $.amount: Double -0.0 vs Double 0.0"), orders.failures());
        assertTrue(written("orders", "fastjson2", "amount NaN").contains("\"amount\":null"));
        // -0.0 is written as such; the reader is what drops the sign
        assertTrue(written("orders", "fastjson2", "amount -0.0").contains("\"amount\":-0.0"));

        SizeReport.EdgeRow rows = SizeReport.edges("rows", Codecs.get("rows", "fastjson2"));
        assertEquals(List.of("score NaN: $.score: Float NaN vs Float 0.0", "score -0.0: $.score: Float -0.0 vs Float 0.0"),
                rows.failures());
        // bytes as an array of numbers, not base64: exact on the record, three to four times the size
        assertTrue(written("rows", "fastjson2", "score NaN").contains("\"payload\":[1,2,3]"));
    }

    @Test
    void dslJsonDropsTheSignOfANegativeZeroDoubleWhenWriting() {
        SizeReport.EdgeRow orders = SizeReport.edges("orders", Codecs.get("orders", "dsl-json"));
        assertEquals(List.of("amount -0.0: $.amount: Double -0.0 vs Double 0.0"), orders.failures());
        assertTrue(written("orders", "dsl-json", "amount -0.0").contains("\"amount\":0.0"));
        // NaN and Infinity as strings, which it reads back
        assertTrue(written("orders", "dsl-json", "amount NaN").contains("\"amount\":\"NaN\""));

        SizeReport.EdgeRow rows = SizeReport.edges("rows", Codecs.get("rows", "dsl-json"));
        assertNull(rows.baseline(), rows.toString());
        assertEquals(List.of(), rows.failures(), "a float -0.0 keeps its sign, bytes are base64");
        assertTrue(written("rows", "dsl-json", "score -0.0").contains("\"score\":-0.0"));
    }

    @Test
    void dslJsonsDefaultDoubleParsingIsOffByOneUlpOnSomeBoardValues() {
        // its default JsonReader.DoublePrecision trades the last bit for speed (left at the default: its speed setting)
        SizeReport.Row board = SizeReport.measure(List.of("board"), 2_000, c -> c.equals("dsl-json")).get(0);
        assertTrue(board.carried());
        assertTrue(board.exactCell().startsWith("no: record 0 $.blocks[0].values[4]: Double -1355.1535926308954 vs "
                + "Double -1355.1535926308952"), board.exactCell());
        assertEquals("yes", SizeReport.measure(List.of("board"), 2_000, c -> c.equals("fastjson2")).get(0).exactCell());
    }

    @Test
    void withoutAnInstantConverterDslJsonCannotCarryARowAndTheReportSaysSo() {
        // dsl-json 2.0.2 has no Instant converter: without the one DslJsonCodec registers, it writes nothing for Row
        DslJsonCodec bare = new DslJsonCodec(Row.class, false);
        Object row = EdgeCases.baseline("rows");
        CannotCarryException e = assertThrows(CannotCarryException.class, () -> bare.encode(row));
        assertEquals("dsl-json has no writer for Row", e.getMessage());

        SizeReport.EdgeRow edges = SizeReport.edges("rows", bare);
        assertEquals("refused (CannotCarryException dsl-json has no writer for Row)", edges.baseline());
        assertEquals(10, edges.failures().size(), "no edge case is kept: " + edges.failures());
        assertTrue(edges.summary().startsWith("0/10 (the ordinary record already loses refused"), edges.summary());
    }

    @Test
    void aCodecThatCannotCarryTheRecordsGetsARowSayingSoInsteadOfSizes(@TempDir Path dir) throws Exception {
        DslJsonCodec bare = new DslJsonCodec(Row.class, false);
        SizeReport.Row row = SizeReport.measure("rows", bare, Datasets.generate("rows", 20, Datasets.SEED));
        assertTrue(!row.carried() && !row.exact(), row.toString());
        assertTrue(Double.isNaN(row.bytesPerRecord()));
        assertEquals("no: cannot carry record 0: CannotCarryException dsl-json has no writer for Row", row.exactCell());

        SizeReport.Row fast = SizeReport.measure("rows", Codecs.get("rows", "fastjson2"),
                Datasets.generate("rows", 20, Datasets.SEED));
        ReportWriter.write(dir, new Results(List.of(fast, row), List.of(), List.of(), List.of()), Map.of("profile", "test"));
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| dsl-json | **no** [1] | — | — | — | — | — |"), md);
        assertTrue(md.contains("1. dsl-json: no: cannot carry record 0: CannotCarryException dsl-json has no writer for Row"),
                md);
        List<String> csv = Files.readAllLines(dir.resolve("report.csv"));
        assertTrue(csv.get(1).startsWith("rows,fastjson2,20,"), csv.get(1));
        assertTrue(csv.get(2).startsWith("rows,dsl-json,0,,,,,,false,\"no: cannot carry record 0"), csv.get(2));
    }
}

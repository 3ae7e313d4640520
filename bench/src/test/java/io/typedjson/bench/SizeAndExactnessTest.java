package io.typedjson.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.Exactness;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.Shapes;
import io.typedjson.bench.report.ReportWriter;
import io.typedjson.bench.report.Results;
import io.typedjson.bench.report.SizeReport;
import io.typedjson.bench.report.Timing;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The size and exactness half of the report on small data, so the benchmark code cannot rot. No timings asserted.
 * Every codec but {@link Codecs#REFERENCE}, which needs a broker for its schema topic: ReferenceCodecIT measures it.
 */
class SizeAndExactnessTest {
    private static List<SizeReport.Row> rows;

    @BeforeAll
    static void measure() {
        rows = SizeReport.measure(Datasets.names(), 300, SizeAndExactnessTest::withoutBroker);
    }

    private static boolean withoutBroker(String codec) {
        return !codec.equals(Codecs.REFERENCE);
    }

    private static List<String> codecsWithoutBroker() {
        return Codecs.names().stream().filter(SizeAndExactnessTest::withoutBroker).toList();
    }

    private static SizeReport.Row row(String dataset, String codec) {
        return rows.stream().filter(r -> r.dataset().equals(dataset) && r.codec().equals(codec)).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + dataset + "/" + codec));
    }

    @Test
    void everyCodecMeasuresEveryDataset() {
        for (String dataset : Datasets.names()) {
            for (String codec : codecsWithoutBroker()) {
                SizeReport.Row r = row(dataset, codec);
                assertTrue(r.rawBytes() > 0 && r.gzipBytes() > 0 && r.lz4Bytes() > 0 && r.zstdBytes() > 0, r.toString());
                assertTrue(r.gzipBytes() < r.rawBytes(), "gzip smaller than raw: " + r);
            }
        }
    }

    @Test
    void typedjsonCodecsAreExactOnEveryDataset() {
        for (String dataset : Datasets.names()) {
            for (String codec : codecsWithoutBroker()) {
                if (codec.equals("typedjson-connect-none") && dataset.equals("orders")) {
                    // an unnamed struct of required fields is exactly what the reader derives from the lexemes
                    assertEquals("yes", row(dataset, codec).exactCell(), dataset + "/" + codec);
                } else if (codec.equals("typedjson-connect-none")) {
                    // no schema travels, so struct names, optionality (and the type of a null) cannot come back
                    SizeReport.Row none = row(dataset, codec);
                    assertTrue(none.exactness() != null && none.exactness().contains("$ schema: "), none.toString());
                } else if (codec.startsWith("typedjson")) {
                    assertEquals("yes", row(dataset, codec).exactCell(), dataset + "/" + codec);
                }
            }
        }
    }

    @Test
    void schemaAwareCodecsAreExactOnEveryDataset() {
        for (String dataset : Datasets.names()) {
            for (String codec : List.of("jsonconverter-schemas", "jackson-record", "fastjson2", "protobuf", "avro")) {
                assertEquals("yes", row(dataset, codec).exactCell(), dataset + "/" + codec);
            }
        }
    }

    @Test
    void schemalessJsonLosesTypesAndSaysWhere() {
        SizeReport.Row plain = row("rows", "jsonconverter-plain");
        assertFalse(plain.exact());
        assertTrue(plain.exactCell().contains("$.id: Integer 0 vs Long 0"), plain.exactCell());
        SizeReport.Row map = row("rows", "jackson-map");
        assertFalse(map.exact());
        assertTrue(map.exactCell().contains("$.qty: Short"), map.exactCell());
        assertTrue(row("orders", "jsonconverter-plain").exactCell().contains("schemaless"));
    }

    @Test
    void kip1054IsExactOnRecordsAndTypedjsonReadsTheSameBytesKeepingTheEdges() {
        for (String dataset : List.of("orders", "rows")) {
            assertEquals("yes", row(dataset, "jsonconverter-schema-content").exactCell(), dataset);
            assertEquals(row(dataset, "jsonconverter-schema-content").rawBytes(), row(dataset, "typedjson-connect-plain").rawBytes(), dataset);
        }
        List<SizeReport.EdgeRow> edges = SizeReport.edges(List.of("orders"), c -> c.endsWith("schema-content") || c.endsWith("-plain"));
        SizeReport.EdgeRow kip1054 = edges.stream().filter(e -> e.codec().equals("jsonconverter-schema-content")).findFirst().orElseThrow();
        assertTrue(kip1054.failures().contains("amount NaN: $.amount: Double NaN vs Double 0.0"), kip1054.toString());
        SizeReport.EdgeRow ours = edges.stream().filter(e -> e.codec().equals("typedjson-connect-plain")).findFirst().orElseThrow();
        assertTrue(ours.failures().isEmpty() && ours.baseline() == null, ours.toString());
    }

    @Test
    void binaryIsSmallerThanJsonBeforeCompression() {
        for (String dataset : List.of("orders", "rows", "cdc")) {
            assertTrue(row(dataset, "protobuf").rawBytes() < row(dataset, "jackson-record").rawBytes(), dataset);
            assertTrue(row(dataset, "jackson-record").rawBytes() < row(dataset, "jsonconverter-schemas").rawBytes(), dataset);
        }
    }

    @Test
    void edgeValuesShowTheKnownLosses() {
        List<SizeReport.EdgeRow> edges = SizeReport.edges(List.of("orders", "rows"), SizeAndExactnessTest::withoutBroker);
        for (SizeReport.EdgeRow e : edges) {
            if (e.codec().startsWith("typedjson") && !e.codec().endsWith("-none") || List.of("jackson-record", "protobuf", "avro").contains(e.codec())) {
                assertNull(e.baseline(), e.toString());
                assertTrue(e.failures().isEmpty(), e.toString());
            }
        }
        SizeReport.EdgeRow converter = edges.stream()
                .filter(e -> e.dataset().equals("orders") && e.codec().equals("jsonconverter-schemas")).findFirst().orElseThrow();
        assertTrue(converter.failures().contains("amount NaN: $.amount: Double NaN vs Double 0.0"), converter.toString());
    }

    @Test
    void protobufRoundTripsToTheRecord() {
        for (String dataset : Datasets.names()) {
            BenchCodec<Object> codec = Codecs.get(dataset, "protobuf");
            for (Object record : Datasets.generate(dataset, 3, 7)) {
                Object back = codec.toRecord(codec.decode(codec.encode(codec.prepare(record))));
                assertNull(Exactness.firstDifference(record, back), dataset);
            }
        }
    }

    @Test
    void datasetsAreReproducible() {
        for (String dataset : Datasets.names()) {
            assertNull(Exactness.firstDifference(Datasets.generate(dataset, 5, 42), Datasets.generate(dataset, 5, 42)), dataset);
            assertNotNull(Exactness.firstDifference(Datasets.generate(dataset, 5, 42), Datasets.generate(dataset, 5, 43)), dataset);
        }
    }

    @Test
    void exactnessIsStrict() {
        assertNotNull(Exactness.firstDifference(1, 1L));
        assertNull(Exactness.firstDifference(Double.NaN, Double.NaN));
        assertNotNull(Exactness.firstDifference(-0.0, 0.0));
        assertNotNull(Exactness.firstDifference(-0.0f, 0.0f));
        assertNotNull(Exactness.firstDifference(new BigDecimal("1.10"), new BigDecimal("1.1")));
        assertNull(Exactness.firstDifference(new byte[] {1, 2}, new byte[] {1, 2}));
        assertEquals("$.a[1]: Integer 2 vs Long 2",
                Exactness.firstDifference(Map.of("a", List.of(1, 2)), Map.of("a", List.of(1, 2L))));
    }

    @Test
    void shapesRoundTripWithJackson() {
        for (String shape : Shapes.names()) {
            BenchCodec<Object> codec = Codecs.forShape(shape, "jackson-record");
            Object value = codec.prepare(Shapes.sample(shape));
            assertNull(Exactness.firstDifference(value, codec.decode(codec.encode(value))), shape);
        }
    }

    @Test
    void reportFilesAreWritten(@TempDir Path dir) throws Exception {
        List<Timing> timings = new ArrayList<>();
        for (SizeReport.Row r : rows) {
            timings.add(new Timing(r.dataset(), r.codec(), "serialize", r.bytesPerRecord() * 3, r.bytesPerRecord() * 3, 1, 100));
            timings.add(new Timing(r.dataset(), r.codec(), "deserialize", r.bytesPerRecord() * 4, r.bytesPerRecord() * 4, 1, 200));
        }
        ReportWriter.write(dir, new Results(rows, timings, List.of(), SizeReport.edges(List.of("orders", "rows"), SizeAndExactnessTest::withoutBroker)), Map.of("profile", "test"));
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("## Targets") && md.contains("## rows") && md.contains("jsonconverter-plain"), md);
        assertTrue(Files.readString(dir.resolve("chart.svg")).contains("<circle"));
        assertEquals(rows.size() + 1, Files.readAllLines(dir.resolve("report.csv")).size());
    }
}

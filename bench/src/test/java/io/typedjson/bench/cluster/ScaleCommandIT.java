package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * The scale sweep end to end on a one-node cluster and the tests' own codecs, small: every point of the three sweeps
 * measured for the codec and the no-serde baseline, every record exact, a table, a CSV and a chart that parses.
 */
class ScaleCommandIT {

    @TempDir
    Path results;

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void sweepsRecordSizePartitionsWithThreadsAndCompressionAgainstTheNoSerdeBaseline() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ScaleCommand.run(new String[] {"--brokers", "1", "--codecs", "test-text",
                        "--datasets", "orders,rows", "--partitions", "1,2", "--compressions", "none,lz4",
                        "--bytes", "40000", "--max-records", "800", "--runs", "2", "--jit-wait-ms", "0",
                        "--results-dir", results.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                TestCodecs.sources(new TestCodecs.TextCodec(), new TestCodecs.BinaryCodec()));
        String stdout = out.toString(StandardCharsets.UTF_8);
        System.out.println(stdout);
        System.out.println(err.toString(StandardCharsets.UTF_8));
        assertEquals(0, code, stdout + err);

        String md = Files.readString(results.resolve("scale.md"));
        for (String section : List.of("### " + ScaleCommand.SWEEP_SIZE, "### " + ScaleCommand.SWEEP_PARTITIONS,
                "### " + ScaleCommand.SWEEP_COMPRESSION)) {
            assertTrue(md.contains(section), section + "\n" + md);
        }
        assertTrue(md.contains("| test-text |") && md.contains("| " + ScaleCommand.BASELINE + " |"), md);
        // every cell says how many of its timed windows were disturbed: two runs of a produce and three passes
        assertTrue(md.contains("| exact | disturbed |") && md.matches("(?s).*\\| exact [0-9]+/[0-9]+ \\| [0-8] of 8 \\|.*"),
                md);
        // two runs: each ratio to the baseline is the median with its range over the runs
        assertTrue(java.util.regex.Pattern.compile("\\| test-text \\|.*\\| [0-9.]+ \\([0-9.]+–[0-9.]+\\) \\|")
                .matcher(md).find(), md);

        List<String> csv = Files.readAllLines(results.resolve("scale.csv"));
        // 2 data sets + 2 partition counts + 2 compressions, each with the codec and the baseline
        assertEquals(1 + 6 * 2, csv.size(), String.join("\n", csv));
        String[] header = csv.get(0).split(",");
        List<String> columns = List.of(header);
        // the columns of #26 come after those that were there before
        assertEquals(List.of("expected_records", "exact", "consume_passes", "disturbed_windows", "windows"),
                columns.subList(columns.size() - 5, columns.size()));
        int exact = columns.indexOf("exact");
        for (String row : csv.subList(1, csv.size())) {
            String[] f = row.split(",", -1);
            assertEquals(header.length, f.length, row);
            assertEquals("true", f[exact], "exact: " + row);
            assertEquals(f[9], f[exact - 1], "every record back: " + row);
            assertEquals("3", f[exact + 1], "timed consume passes: " + row);
            // two runs, each a produce and three consume passes
            assertEquals("8", f[exact + 3], "windows: " + row);
            assertTrue(Double.parseDouble(f[12]) > 0 && Double.parseDouble(f[14]) > 0, "records/s: " + row);
            assertEquals(f[3], f[4], "as many producer threads as partitions: " + row);
            assertEquals(f[3], f[5], "as many consumers as partitions: " + row);
            if (f[8].equals(ScaleCommand.BASELINE)) {
                assertEquals("1.000", f[16], "the baseline is its own reference: " + row);
            }
        }
        assertTrue(csv.stream().anyMatch(r -> r.startsWith(ScaleCommand.SWEEP_PARTITIONS + ",2,orders,2,2,2,none")),
                String.join("\n", csv));
        assertTrue(csv.stream().anyMatch(r -> r.startsWith(ScaleCommand.SWEEP_COMPRESSION + ",lz4,orders,1,1,1,lz4")),
                String.join("\n", csv));

        Path svg = results.resolve("scale-test-text.svg");
        Document chart = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        assertEquals("svg", chart.getDocumentElement().getTagName());
        String text = Files.readString(svg);
        assertTrue(text.contains("records/s") && text.contains("MB/s") && text.contains("stroke-dasharray"), text);
        assertTrue(!text.contains("✗"), "no point drawn as inexact");
        assertTrue(stdout.contains("results: " + results.resolve("scale.md").toAbsolutePath().normalize()), stdout);
    }

    @Test
    void usageErrorsNeedNoBroker() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, ScaleCommand.run(new String[] {"--compressions", "brotli"}, System.out, e,
                TestCodecs.sources()));
        assertEquals(2, ScaleCommand.run(new String[] {"--partitions", "0"}, System.out, e, TestCodecs.sources()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("brotli"), err.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, ScaleCommand.run(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                e, TestCodecs.sources()));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--partitions"));
    }
}

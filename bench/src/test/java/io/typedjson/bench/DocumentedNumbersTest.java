package io.typedjson.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.report.Interleaved;
import io.typedjson.bench.report.ReportWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every benchmark number the documentation quotes carries a marker naming where it comes from, and this test
 * fails when the number and its source disagree (a report was regenerated and a page was not, or a number was
 * copied by hand from another run).
 *
 * <p>A number marker follows the number it checks, with nothing but a unit between them:
 * {@code 134<!-- report orders typedjson-connect bytes_per_record -->} is the {@code bytes_per_record} column of the
 * row {@code orders,typedjson-connect} of {@code bench/results/report.csv}; {@code cluster} names
 * {@code bench/results/cluster.csv}; {@code a/b} in place of the codec is the ratio of two rows' values, and
 * {@code x+y} in place of the column the sum of two columns. The number
 * must be the source's value rounded to as many decimals as the page shows (the source's own last digit is
 * rounded too, so a value anywhere within it counts). A text marker,
 * {@code <!-- report.md says: 44 of 96 JMH results -->}, requires the generated page to contain that text (with
 * {@code \|} for a pipe, which would end a table cell). Markdown renders neither marker. {@code speed} names
 * {@code bench/results/speed.csv}, whose rows are keyed by codec and rival: {@code typedjson-class:jackson-record}.
 *
 * <p>The speed targets table of docs/benchmarks.md is not quoted number by number: it is the table
 * {@code ReportWriter.readmeTable} renders from {@code bench/results/speed.csv}, verbatim, between two markers.
 *
 * <p>After the published results are rerun, {@code -Dtypedjson.docs.rewrite=true} rewrites every marked number from
 * its source before checking (same decimals, same thousands separators); text markers are still only checked:
 * {@code mvn -q -B -pl bench -am verify -DskipITs -Dtest=DocumentedNumbersTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dtypedjson.docs.rewrite=true}.
 */
class DocumentedNumbersTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern NUMBER_MARKER = Pattern.compile(
            "(-?[0-9][0-9,]*(?:\\.[0-9]+)?)(?:\\s*(?:×|%|B|ns|ms))?<!-- (report|cluster|speed) (\\S+) (\\S+) (\\S+) -->");
    private static final Pattern ANY_NUMBER_MARKER = Pattern.compile("<!-- (report|cluster|speed) \\S+ \\S+ \\S+ -->");
    private static final Pattern TEXT_MARKER = Pattern.compile("<!-- (report\\.md|cluster\\.md) says: (.*?) -->");

    /** The documentation files scanned for markers. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("bench/README.md"),
                ROOT.resolve("bench/CLUSTER.md"), ROOT.resolve("connect-converter/README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        pages.removeIf(p -> !Files.exists(p));
        return pages;
    }

    /** Rows of a generated CSV, keyed by "dataset codec", each a map of column to value. */
    static Map<String, Map<String, String>> csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = fields(lines.get(0));
        Map<String, Map<String, String>> rows = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> values = fields(line);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size() && i < values.size(); i++) {
                row.put(header.get(i), values.get(i));
            }
            // speed.csv has a row per codec, rival and measure (time unless named: typedjson-class:fastjson2:read_bytes)
            rows.put(row.get("dataset") + " " + row.get("codec") + (row.containsKey("rival") ? ":" + row.get("rival") : "")
                    + (row.getOrDefault("measure", "time").equals("time") ? "" : ":" + row.get("measure")), row);
        }
        return rows;
    }

    /** The fields of one CSV line (RFC 4180 quoting). */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }

    /** A value known to lie between {@code lo} and {@code hi}: a CSV value is itself rounded to its last digit. */
    record Range(BigDecimal lo, BigDecimal hi) {
        static Range of(String csvValue) {
            BigDecimal v = new BigDecimal(csvValue);
            BigDecimal half = BigDecimal.ONE.movePointLeft(Math.max(0, v.scale())).divide(BigDecimal.valueOf(2));
            return new Range(v.subtract(half), v.add(half));
        }

        Range plus(Range o) {
            return new Range(lo.add(o.lo), hi.add(o.hi));
        }

        Range over(Range o) {
            return new Range(lo.divide(o.hi, MathContext.DECIMAL64), hi.divide(o.lo, MathContext.DECIMAL64));
        }

        /** Whether a number shown with {@code shown}'s decimals can be this value rounded. */
        boolean roundsTo(BigDecimal shown) {
            BigDecimal half = BigDecimal.ONE.movePointLeft(Math.max(0, shown.scale())).divide(BigDecimal.valueOf(2));
            return shown.subtract(half).compareTo(hi) <= 0 && shown.add(half).compareTo(lo) >= 0;
        }

        @Override
        public String toString() {
            return "[" + lo + ", " + hi + "]";
        }
    }

    private static Range value(Map<String, Map<String, String>> source, String name, String dataset, String codec,
            String column) {
        Map<String, String> row = source.get(dataset + " " + codec);
        assertNotNull(row, name + " has no row " + dataset + "," + codec);
        Range sum = null;
        for (String part : column.split("\\+")) { // a+b: the sum of two columns (serialize + deserialize)
            String v = row.get(part);
            assertNotNull(v, name + " has no column " + part);
            sum = sum == null ? Range.of(v) : sum.plus(Range.of(v));
        }
        return sum;
    }

    /** The value a number marker names: a row's column, a ratio of two rows, or a sum of columns. */
    private static Range expected(Map<String, Map<String, Map<String, String>>> sources, String sourceName,
            String dataset, String codec, String column) {
        Map<String, Map<String, String>> source = sources.get(sourceName);
        if (codec.contains("/")) {
            String[] pair = codec.split("/", 2);
            return value(source, sourceName, dataset, pair[0], column)
                    .over(value(source, sourceName, dataset, pair[1], column));
        }
        return value(source, sourceName, dataset, codec, column);
    }

    /**
     * {@code text} with every marked number that disagrees with its source replaced by the source's value, shown with
     * as many decimals as before and with thousands separators where it had them (or where it now needs them).
     */
    static String rewrite(String text, Map<String, Map<String, Map<String, String>>> sources) {
        Matcher m = NUMBER_MARKER.matcher(text);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            String shown = m.group(1);
            Range r = expected(sources, m.group(2), m.group(3), m.group(4), m.group(5));
            if (r.roundsTo(new BigDecimal(shown.replace(",", "")))) {
                continue; // still right: left as written
            }
            BigDecimal mid = r.lo().add(r.hi()).divide(BigDecimal.valueOf(2), MathContext.DECIMAL64);
            int decimals = Math.max(0, new BigDecimal(shown.replace(",", "")).scale());
            BigDecimal v = mid.setScale(decimals, RoundingMode.HALF_UP);
            boolean separators = shown.contains(",") || decimals == 0 && v.abs().compareTo(BigDecimal.valueOf(1000)) >= 0;
            String fresh = separators ? String.format(java.util.Locale.ROOT, "%,." + decimals + "f", v) : v.toPlainString();
            out.append(text, last, m.start(1)).append(fresh);
            last = m.end(1);
        }
        return out.append(text.substring(last)).toString();
    }

    /** Checks every marker of {@code page}; returns how many it found. */
    static int check(String page, String text, Map<String, Map<String, Map<String, String>>> sources,
            Map<String, String> generatedPages, List<String> failures) {
        int found = 0;
        Matcher m = NUMBER_MARKER.matcher(text);
        int numbered = 0;
        while (m.find()) {
            numbered++;
            String shown = m.group(1).replace(",", "");
            String sourceName = m.group(2);
            String dataset = m.group(3);
            String codec = m.group(4);
            String column = m.group(5);
            Range expected = expected(sources, sourceName, dataset, codec, column);
            if (!expected.roundsTo(new BigDecimal(shown))) {
                failures.add(page + ": " + m.group() + " shows " + shown + ", but " + sourceName + " gives " + expected);
            }
        }
        Matcher any = ANY_NUMBER_MARKER.matcher(text);
        int markers = 0;
        while (any.find()) {
            markers++;
        }
        if (markers != numbered) {
            failures.add(page + ": " + (markers - numbered) + " marker(s) not right after a number");
        }
        found += numbered;
        Matcher t = TEXT_MARKER.matcher(text);
        while (t.find()) {
            found++;
            String said = t.group(2).replace("\\|", "|"); // a pipe is escaped where the marker sits in a table
            if (!generatedPages.get(t.group(1)).contains(said)) {
                failures.add(page + ": " + t.group(1) + " does not say \"" + said + "\"");
            }
        }
        return found;
    }

    private static Map<String, Map<String, Map<String, String>>> sources() throws IOException {
        return Map.of("report", csv(ROOT.resolve("bench/results/report.csv")),
                "cluster", csv(ROOT.resolve("bench/results/cluster.csv")),
                "speed", csv(ROOT.resolve("bench/results/speed.csv")));
    }

    private static Map<String, String> generatedPages() throws IOException {
        return Map.of("report.md", Files.readString(ROOT.resolve("bench/results/report.md")),
                "cluster.md", Files.readString(ROOT.resolve("bench/results/cluster.md")));
    }

    @Test
    void everyMarkedNumberAgreesWithTheReportItComesFrom() throws IOException {
        Map<String, Map<String, Map<String, String>>> sources = sources();
        Map<String, String> generated = generatedPages();
        List<String> failures = new ArrayList<>();
        Map<String, Integer> counts = new HashMap<>();
        boolean rewrite = Boolean.getBoolean("typedjson.docs.rewrite");
        for (Path page : pages()) {
            if (rewrite) {
                String text = Files.readString(page);
                String fresh = rewrite(text, sources);
                if (!fresh.equals(text)) {
                    Files.writeString(page, fresh);
                    System.out.println("rewrote the marked numbers of " + page);
                }
            }
            counts.put(ROOT.relativize(page).toString(), check(page.toString(), Files.readString(page), sources, generated, failures));
        }
        assertEquals(List.of(), failures);
        // the pages that quote numbers do so through markers (so this test cannot pass by finding none)
        assertTrue(counts.getOrDefault("README.md", 0) >= 10, "README.md markers: " + counts);
        assertTrue(counts.getOrDefault("docs/benchmarks.md", 0) >= 5, "docs/benchmarks.md markers: " + counts);
        assertTrue(counts.getOrDefault("docs/connect.md", 0) >= 10, "docs/connect.md markers: " + counts);
    }

    @Test
    void aStaleNumberIsRewrittenFromItsSource() throws IOException {
        Map<String, Map<String, Map<String, String>>> sources = sources();
        String bytes = sources.get("report").get("orders typedjson-connect").get("bytes_per_record");
        String consumed = sources.get("cluster").get("orders protobuf").get("consume_records_per_s");
        String page = "a 1<!-- report orders typedjson-connect bytes_per_record --> b 9.99×<!-- cluster orders "
                + "protobuf/typedjson-class consume_records_per_s --> c 1,234,567<!-- cluster orders protobuf "
                + "consume_records_per_s --> <!-- report.md says: anything -->";
        String fresh = rewrite(page, sources);
        List<String> failures = new ArrayList<>();
        check("rewritten", fresh.replace("<!-- report.md says: anything -->", ""), sources, generatedPages(), failures);
        assertEquals(List.of(), failures, fresh);
        assertTrue(fresh.startsWith("a " + new BigDecimal(bytes).setScale(0, RoundingMode.HALF_UP) + "<!--"), fresh);
        assertTrue(fresh.contains(" c " + String.format(java.util.Locale.ROOT, "%,d", Long.parseLong(consumed))
                + "<!--"), fresh);
        assertTrue(fresh.matches("(?s).* b [0-9]\\.[0-9]{2}×<!--.*"), "two decimals as before: " + fresh);
        assertTrue(fresh.endsWith("<!-- report.md says: anything -->"), "text markers are left as they are");
        assertEquals(fresh, rewrite(fresh, sources), "a fresh page stays as it is");
    }

    @Test
    void theSpeedTargetsTableIsTheOneRenderedFromThePublishedSpeedCsv() throws IOException {
        String csv = Files.readString(ROOT.resolve("bench/results/speed.csv"));
        List<Interleaved.Measured> rows = ReportWriter.readSpeedCsv(csv);
        String rendered = ReportWriter.readmeTable(rows);
        // the published speed.csv has 23 targets (issue 30's 20, issue 24's reference against inline on three data
        // sets) and 19 rows for reference (no limit on that data set): counted apart, so a target published without
        // its limit is caught
        assertEquals(23, rows.stream().filter(Interleaved.Measured::isTarget).count(), "targets in speed.csv");
        assertEquals(19, rows.stream().filter(m -> !m.isTarget()).count(), "rows for reference in speed.csv");
        // the same from the file's own limit column: a number for a target, NaN for a row for reference
        List<String> header = List.of(csv.lines().findFirst().orElseThrow().split(","));
        int limit = header.indexOf("limit");
        assertEquals(List.of(23L, 19L), List.of(
                csv.lines().skip(1).filter(l -> !l.split(",")[limit].equals("NaN")).count(),
                csv.lines().skip(1).filter(l -> l.split(",")[limit].equals("NaN")).count()), "limit column of speed.csv");
        String page = Files.readString(ROOT.resolve("docs/benchmarks.md"));
        assertEquals(Optional.of(rendered), ReportWriter.readmeBlock(page),
                "docs/benchmarks.md's speed targets table is stale: run `java -jar bench/target/typedjson-bench.jar "
                        + "speed --from bench/results/speed.csv --readme docs/benchmarks.md`");
        assertEquals(Optional.empty(), ReportWriter.readmeBlock(Files.readString(ROOT.resolve("README.md"))),
                "the project's internal targets live on the benchmarks page, not on the landing page");
        Path snippet = ROOT.resolve("bench/results/targets.md");
        assertEquals(rendered, Files.readString(snippet), snippet + " was written from another speed.csv");
    }

    @Test
    void aStaleSpeedTableIsCaught() throws IOException {
        String csv = Files.readString(ROOT.resolve("bench/results/speed.csv"));
        String rendered = ReportWriter.readmeTable(ReportWriter.readSpeedCsv(csv));
        String page = "intro\n" + ReportWriter.README_BEGIN + "\nold table\n" + ReportWriter.README_END + "\nrest\n";
        String fresh = ReportWriter.replaceReadmeBlock(page, rendered);
        assertEquals(Optional.of(rendered), ReportWriter.readmeBlock(fresh));
        assertTrue(fresh.startsWith("intro\n") && fresh.endsWith(ReportWriter.README_END + "\nrest\n"), fresh);
        // one ratio changed in the CSV's fourth decimal place that moves the second: the table no longer matches
        String[] lines = csv.split("\n");
        List<String> f = new ArrayList<>(fields(lines[1]));
        f.set(3, new BigDecimal(f.get(3)).add(new BigDecimal("0.05")).toPlainString());
        lines[1] = String.join(",", f);
        String changed = ReportWriter.readmeTable(ReportWriter.readSpeedCsv(String.join("\n", lines)));
        assertNotEquals(Optional.of(changed), ReportWriter.readmeBlock(fresh));
    }

    @Test
    void aNumberThatDisagreesWithItsSourceIsCaught() throws IOException {
        Map<String, Map<String, Map<String, String>>> sources = sources();
        Map<String, String> generated = generatedPages();
        String orders = sources.get("report").get("orders typedjson-connect").get("bytes_per_record");
        long right = new BigDecimal(orders).setScale(0, RoundingMode.HALF_UP).longValueExact();
        List<String> failures = new ArrayList<>();
        check("good", right + "<!-- report orders typedjson-connect bytes_per_record -->", sources, generated, failures);
        assertEquals(List.of(), failures);
        check("stale", (right + 1) + "<!-- report orders typedjson-connect bytes_per_record -->", sources, generated, failures);
        check("ratio", "9.99×<!-- cluster orders protobuf/typedjson-class consume_records_per_s -->", sources, generated, failures);
        check("text", "<!-- report.md says: 52 of 96 JMH results -->", sources, generated, failures);
        check("orphan", "about<!-- report orders typedjson-connect bytes_per_record -->", sources, generated, failures);
        assertEquals(4, failures.size(), failures.toString());
        String median = sources.get("speed").get("orders typedjson-class:jackson-record").get("ratio_median");
        BigDecimal shown = new BigDecimal(median).setScale(2, RoundingMode.HALF_UP);
        check("speed", shown + "<!-- speed orders typedjson-class:jackson-record ratio_median -->", sources, generated,
                failures);
        assertEquals(4, failures.size(), failures.toString());
        check("speed stale", shown.add(new BigDecimal("0.05")) + "<!-- speed orders typedjson-class:jackson-record "
                + "ratio_median -->", sources, generated, failures);
        assertEquals(5, failures.size(), failures.toString());
    }
}

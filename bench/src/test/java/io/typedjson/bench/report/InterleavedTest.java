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
    void warmUpEndsOnlyWhenTheJitCompilerHasCompiledNothingForSeveralRoundsInARow() {
        long second = 1_000_000_000L;
        Interleaved.WarmUp rule = new Interleaved.WarmUp(2, 100 * second);
        // a round with 1 ms of compiling is not quiet, however long the round (the old rule let 2 % of it pass)
        long[] compiled = {40, 12, 1, 0, 0, 0, 1, 0, 0, 0, 0};
        for (int i = 0; i < compiled.length; i++) {
            assertTrue(rule.more(), "round " + i + " of " + java.util.Arrays.toString(compiled));
            rule.round(compiled[i], true, i * second);
        }
        assertTrue(rule.more(), "four still rounds since round 7's compilation");
        rule.round(0, false, 11 * second);
        assertTrue(rule.more(), "a round that ends while a compilation runs or waits is not still, though none ended in it");
        for (int i = 0; i < 4; i++) {
            rule.round(0, true, (12 + i) * second);
            assertTrue(rule.more(), "still rounds since round 12: " + (i + 1));
        }
        rule.round(0, true, 16 * second);
        assertTrue(!rule.more() && !rule.boundHit(), "five still rounds in a row end it");
        assertEquals(17, rule.rounds());
        assertEquals(12, rule.lastBusyRound());

        Interleaved.WarmUp busy = new Interleaved.WarmUp(2, 3 * second);
        for (int i = 0; busy.more(); i++) {
            busy.round(0, i % 2 == 0, i * second);
        }
        assertTrue(busy.boundHit(), "the time bound ends a warm-up the compiler keeps busy, and says so");
        assertEquals(4, busy.rounds());

        Interleaved.WarmUp minimum = new Interleaved.WarmUp(8, 100 * second);
        for (int i = 0; i < 7; i++) {
            minimum.round(0, true, i);
        }
        assertTrue(minimum.more(), "at least the minimum of rounds, still or not");
    }

    @Test
    void theCompilerQueueIsIdleOnlyWithNothingCompilingOrQueued() {
        String idle = "Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n\n";
        assertTrue(Interleaved.idleQueue(idle));
        assertTrue(!Interleaved.idleQueue(idle.replace("Current compiles: \n", "Current compiles: \n"
                + "C2 CompilerThread0  2983   !   4       com.alibaba.fastjson2.writer.OWG_1_6_Order::write (1002 bytes)\n")));
        assertTrue(!Interleaved.idleQueue(idle.replace("C2 compile queue:\nEmpty",
                "C2 compile queue:\n   3012       4       io.typedjson.bench.data.OrderTypedJsonCodec::read (1290 bytes)")));
        // this JVM answers the diagnostic command (the warm-up would otherwise count on compilation time alone)
        String queue = Interleaved.compilerQueue();
        assertNotNull(queue);
        assertTrue(queue.contains("C2 compile queue:"), queue);
    }

    @Test
    void measuresRatiosWithTheirSpreadAndExactnessOfBothSidesInAJvmOfTheirOwn() throws Exception {
        Interleaved.Settings tiny = new Interleaved.Settings(1, 3, 2, 0.5);
        Interleaved.Target protobuf = target("protobuf-record", Interleaved.Measure.TIME);
        Interleaved.Target readBytes = target("fastjson2", Interleaved.Measure.READ_BYTES);
        Interleaved.Target serializeOnly = new Interleaved.Target("typedjson-class", "protobuf-record",
                Interleaved.Measure.SERIALIZE, java.util.Map.of("rows", 9.0));
        java.io.PrintStream stdout = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        List<Interleaved.Measured> m;
        try (java.io.PrintStream capture = new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8)) {
            System.setOut(capture);
            m = new java.util.ArrayList<>(Interleaved.runForked(List.of("rows"), List.of(protobuf,
                    new Interleaved.Target("typedjson-dynamic", "jackson-map", 0.7), readBytes,
                    target("dsl-json", Interleaved.Measure.TIME), serializeOnly), tiny, 2_000_000_000L));
        } finally {
            System.setOut(stdout);
        }
        // the data set was measured by a child JVM, whose progress lines this one printed (its warm-up cut at 2 s: the
        // test checks what is measured and carried back, not the warm-up, which would take 10 s in a cold JVM)
        String lines = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        java.util.regex.Matcher pid = java.util.regex.Pattern.compile("a JVM of its own for rows \\(pid (\\d+)\\)")
                .matcher(lines);
        assertTrue(pid.find(), lines);
        assertTrue(Long.parseLong(pid.group(1)) != ProcessHandle.current().pid(), lines);
        assertTrue(lines.contains("interleaved timing on rows: [typedjson-class, protobuf-record, typedjson-dynamic, "
                + "jackson-map, fastjson2, dsl-json]"), lines);
        assertEquals(5, m.size());
        assertEquals(serializeOnly, m.get(4).target(), "a target that is not one of TARGETS comes back whole");
        // a target of one direction: its ratio is that direction's, with its own spread
        Interleaved.Measured ser = m.remove(4);
        assertEquals(ser.serialize(), ser.median(), 1e-12);
        assertTrue(ser.q1() <= ser.median() && ser.median() <= ser.q3());
        assertTrue(ReportWriter.speedTable(List.of(ser)).contains("| rows | typedjson-class | protobuf-record (ser) | "));

        Interleaved.Measured proto = m.get(0);
        assertEquals(2.5, proto.limit(), "the class serde's limit against protobuf on rows");
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

        // the read-allocation target: the class serde's bytes per record read over fastjson2's, one count each
        Interleaved.Measured bytes = m.get(2);
        assertEquals(1.0, bytes.limit());
        assertEquals("bytes", bytes.clock());
        assertTrue(bytes.codecAllocation() > 0 && bytes.rivalAllocation() > 0, bytes.toString());
        assertEquals((double) bytes.codecAllocation() / bytes.rivalAllocation(), bytes.median(), 1e-12);
        assertEquals(bytes.median() <= 1.0, bytes.met());
        assertNull(bytes.rivalExact(), "fastjson2 is exact on the rows records");
        assertEquals("10/10", bytes.edges());
        assertTrue(bytes.rivalEdges().startsWith("8/10 (first lost: score NaN: $.score: Float NaN vs Float 0.0)"),
                bytes.rivalEdges());

        // dsl-json is measured for reference: no limit, never met, not counted
        Interleaved.Measured dsl = m.get(3);
        assertTrue(!dsl.isTarget() && !dsl.met() && dsl.median() > 0, dsl.toString());

        String table = ReportWriter.speedTable(m);
        assertTrue(table.contains("| rows | typedjson-class | protobuf-record |"), table);
        assertTrue(table.contains("| rows | typedjson-class | fastjson2 (read B/rec) | "), table);
        assertTrue(table.contains("of 3 targets. 1 rows for reference only"), table);
        String csv = ReportWriter.speedCsv(m);
        assertEquals(5, csv.lines().count(), csv);

        // README's table is rendered from the CSV: what it reads back is what was measured, to the CSV's digits
        List<Interleaved.Measured> back = ReportWriter.readSpeedCsv(csv);
        assertEquals(4, back.size());
        assertEquals(Interleaved.Measure.READ_BYTES, back.get(2).target().measure());
        assertEquals(bytes.rivalEdges(), back.get(2).rivalEdges(), "a quoted field with commas survives the CSV");
        assertTrue(Double.isNaN(back.get(3).limit()) && !back.get(3).isTarget());
        assertEquals(proto.median(), back.get(0).median(), 1e-4);
        assertEquals(proto.wallMedian(), back.get(0).wallMedian(), 1e-4);
        assertEquals("cpu", back.get(0).clock());
        assertEquals(2.5, back.get(0).limit());
        assertEquals(proto.runsAgree(), back.get(0).runsAgree());
        assertNull(back.get(1).exact());
        assertNotNull(back.get(1).rivalExact(), "the rival's inexactness survives the CSV");
        String readme = ReportWriter.readmeTable(back);
        assertTrue(readme.startsWith("| typedjson | against | rows |\n"), readme);
        assertTrue(readme.contains("| `typedjson-dynamic` | `jackson-map` | "), readme);
        assertTrue(readme.contains("| `typedjson-class` | `fastjson2` (read B/rec) | " + String.format(java.util.Locale.ROOT,
                "%.2f (%d · %d B), ≤ 1.00: ", bytes.median(), bytes.codecAllocation(), bytes.rivalAllocation())), readme);
        String dslRow = readme.lines().filter(l -> l.startsWith("| `typedjson-class` | `dsl-json` | ")).findFirst()
                .orElseThrow();
        assertTrue(dslRow.matches(".*\\), for reference( †)? \\|"), dslRow);
        assertTrue(readme.contains("targets met. (read B/rec): bytes allocated per record read"), readme);
    }

    @Test
    void aChildJvmTakesTheParentsOptionsButNotItsRecordingOrDebugPort() {
        assertEquals(List.of("-Xmx1g", "-XX:+UnlockDiagnosticVMOptions"), Interleaved.childOptions(List.of("-Xmx1g",
                "-XX:StartFlightRecording=filename=a.jfr", "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                "-XX:+UnlockDiagnosticVMOptions")));
    }

    private static Interleaved.Target target(String rival, Interleaved.Measure measure) {
        return Interleaved.TARGETS.stream().filter(t -> t.codec().equals("typedjson-class") && t.rival().equals(rival)
                && t.measure() == measure).findFirst().orElseThrow();
    }

    @Test
    void theTargetsOfTheIssue() {
        // issue 37: ahead of fastjson2, each direction at most its time on orders
        assertEquals(0.9, target("fastjson2", Interleaved.Measure.TIME).limit("orders"));
        assertEquals(0.9, target("fastjson2", Interleaved.Measure.TIME).limit("rows"));
        assertTrue(Double.isNaN(target("fastjson2", Interleaved.Measure.TIME).limit("cdc")), "cdc: for reference");
        assertEquals(1.0, target("fastjson2", Interleaved.Measure.READ_BYTES).limit("rows"));
        assertEquals(1.0, target("fastjson2", Interleaved.Measure.SERIALIZE).limit("orders"));
        assertEquals(1.0, target("fastjson2", Interleaved.Measure.DESERIALIZE).limit("orders"));
        assertTrue(Double.isNaN(target("fastjson2", Interleaved.Measure.SERIALIZE).limit("rows")), "rows: ser+de only");
        assertEquals(0.35, target("jackson-record", Interleaved.Measure.TIME).limit("orders"));
        assertEquals(0.3, target("jackson-record", Interleaved.Measure.TIME).limit("rows"));
        assertEquals(0.3, target("jackson-record", Interleaved.Measure.TIME).limit("cdc"));
        assertEquals(1.0, target("protobuf-record", Interleaved.Measure.TIME).limit("orders"));
        assertEquals(2.5, target("protobuf-record", Interleaved.Measure.TIME).limit("rows"));
        // issue 30: the codec generated at run time within 1.1x of the one written at compile time; the reflective one
        // for reference
        Interleaved.Target runtime = Interleaved.TARGETS.stream().filter(t -> t.codec().equals("typedjson-class-runtime"))
                .findFirst().orElseThrow();
        assertEquals(List.of("typedjson-class", 1.1, 1.1), List.of(runtime.rival(), runtime.limit("orders"), runtime.limit("rows")));
        Interleaved.Target reflective = Interleaved.TARGETS.stream()
                .filter(t -> t.codec().equals("typedjson-class-reflective")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(reflective.limit("orders")), "the reflective codec: for reference");
        assertTrue(Double.isNaN(target("dsl-json", Interleaved.Measure.TIME).limit("orders")), "dsl-json: for reference");
        Interleaved.Target converter = Interleaved.TARGETS.stream().filter(t -> t.codec().equals("typedjson-connect"))
                .findFirst().orElseThrow();
        assertEquals("jsonconverter-plain", converter.rival());
        assertEquals(0.30, converter.limit("cdc"));
        Interleaved.Target dynamic = Interleaved.TARGETS.stream().filter(t -> t.codec().equals("typedjson-dynamic"))
                .findFirst().orElseThrow();
        assertEquals(List.of("jackson-map", 0.6), List.of(dynamic.rival(), dynamic.limit("rows")));
        // issue 37: location reference no slower than inline
        Interleaved.Target reference = Interleaved.TARGETS.stream().filter(t -> t.codec().equals("typedjson-connect-reference")
                && t.rival().equals("typedjson-connect")).findFirst().orElseThrow();
        assertEquals(List.of(1.0, 1.0), List.of(reference.limit("orders"), reference.limit("rows")));
    }

    @Test
    void aRivalThatCannotCarryTheRecordsIsNotMeasuredAndNotMet() {
        Interleaved.Target t = target("fastjson2", Interleaved.Measure.TIME);
        double nan = Double.NaN;
        Interleaved.Measured m = new Interleaved.Measured("rows", t, 1.0, "cpu", nan, nan, nan, new double[] {nan}, nan,
                nan, nan, nan, nan, nan, 474, -1, null, "cannot carry record 0: CannotCarryException no writer", "10/10",
                "0/10");
        assertTrue(!m.met() && m.runsAgree(), m.toString());
        String table = ReportWriter.speedTable(List.of(m));
        assertTrue(table.contains("| **not measured**: the rival cannot carry the records |"), table);
        assertTrue(table.contains("**no**: cannot carry record 0: CannotCarryException no writer; edges 0/10"), table);
        String readme = ReportWriter.readmeTable(ReportWriter.readSpeedCsv(ReportWriter.speedCsv(List.of(m))));
        assertTrue(readme.contains("| **not measured**: the rival cannot carry the records |"), readme);
        assertTrue(readme.contains("0 of 1 targets met."), readme);
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

package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** cluster.md states the main job's speed figure: the class serde's consume rate over protobuf's. */
class ClusterReportTest {

    private static ClusterBench.Measurement run(String codec, double consumeSeconds) {
        ClusterBench.Verdict exact = new ClusterBench.Verdict(1000, 1000, 1000, 0, 0, 0, 0, 0, 0, List.of());
        return new ClusterBench.Measurement(codec, 1000, 116_000, 1.0, consumeSeconds, 116_000, 130_000,
                ClusterBench.Latency.NONE, exact);
    }

    private static String markdown(Map<String, List<ClusterBench.Measurement>> byCodec) {
        return new ClusterReport(options(), "test broker", byCodec, 0.1).markdown();
    }

    @Test
    void statesTheClassSerdesConsumeRateOverProtobufsAgainstTheTarget() {
        Map<String, List<ClusterBench.Measurement>> byCodec = new LinkedHashMap<>();
        byCodec.put("typedjson-dynamic", List.of(run("typedjson-dynamic", 2.0), run("typedjson-dynamic", 2.0)));
        // per run: 1/2.5 ÷ 1/1.0 = 0.40, then 1/2.0 ÷ 1/1.0 = 0.50: the median of the per-run ratios is 0.45
        byCodec.put("typedjson-class", List.of(run("typedjson-class", 2.5), run("typedjson-class", 2.0)));
        byCodec.put("protobuf", List.of(run("protobuf", 1.0), run("protobuf", 1.0)));
        String md = markdown(byCodec);
        assertTrue(md.contains("**typedjson-class consume rec/s ÷ protobuf's: 0.45** (median of the per-run ratios; "
                + "0.40–0.50 over 2 runs)"), md);
        assertTrue(md.contains("at least 0.65: **missed** in every run, the median by 31 %."), md);

        // per run 0.69 and 0.67: both at or above 0.65
        byCodec.put("typedjson-class", List.of(run("typedjson-class", 1.45), run("typedjson-class", 1.5)));
        assertTrue(markdown(byCodec).contains("÷ protobuf's: 0.68** (median of the per-run ratios; 0.67–0.69 over 2 "
                + "runs); the speed issue's target for the main job is at least 0.65: met in every run."),
                markdown(byCodec));
    }

    /** #26: a verdict only where the spread over runs allows one. */
    @Test
    void runsOnBothSidesOfTheTargetGiveNoVerdict() {
        Map<String, List<ClusterBench.Measurement>> byCodec = new LinkedHashMap<>();
        // per run: 0.50, 0.62, 0.70
        byCodec.put("typedjson-class", List.of(run("typedjson-class", 2.0), run("typedjson-class", 1.0 / 0.62),
                run("typedjson-class", 1.0 / 0.7)));
        byCodec.put("protobuf", List.of(run("protobuf", 1.0), run("protobuf", 1.0), run("protobuf", 1.0)));
        String md = markdown(byCodec);
        assertTrue(md.contains("÷ protobuf's: 0.62** (median of the per-run ratios; 0.50–0.70 over 3 runs); the speed "
                + "issue's target for the main job is at least 0.65: no verdict: the runs lie on both sides of it."), md);
        List<List<String>> csv = csvLines(byCodec);
        // the ratio over protobuf and its range, per codec, at the end of the row (the columns before are as they were)
        assertEquals(List.of("0.620", "0.500", "0.700"), csv.get(1).subList(30, 33));
        assertEquals(List.of("1.000", "1.000", "1.000"), csv.get(2).subList(30, 33));
    }

    private static List<List<String>> csvLines(Map<String, List<ClusterBench.Measurement>> byCodec) {
        ClusterOptions o = options();
        String csv = new ClusterReport(o, "test broker", byCodec, 0.1).csv();
        return csv.lines().map(l -> List.of(l.split(",", -1))).toList();
    }

    @Test
    void theCsvKeepsItsColumnsAndAddsTheWindowsAtTheEnd() {
        Map<String, List<ClusterBench.Measurement>> byCodec = new LinkedHashMap<>();
        Window quiet = new Window(0.2, 1, 10, 180, 1, 2);
        Window gc = new Window(0.2, 30, 10, 150, 1, 0);
        byCodec.put("typedjson-class", List.of(measured("typedjson-class", quiet, quiet, gc, quiet)));
        byCodec.put("protobuf", List.of(measured("protobuf", quiet, quiet, quiet, quiet)));
        List<List<String>> csv = csvLines(byCodec);
        assertEquals(List.of("dataset", "codec", "records", "runs", "compression", "acks", "partitions",
                "value_bytes_per_record", "disk_bytes_per_record", "produce_records_per_s", "produce_mb_per_s",
                "consume_records_per_s", "consume_mb_per_s", "produce_vs_first", "consume_vs_first", "latency_p50_ms",
                "latency_p99_ms", "exact_records", "expected_records", "exact", "brokers", "producers", "consumers",
                "consume_passes", "consume_gc_pause_ms", "consume_page_faults", "consume_cpu_vs_wall",
                "consume_jit_ms_max", "disturbed_windows", "windows", "consume_vs_protobuf", "consume_vs_protobuf_low",
                "consume_vs_protobuf_high"), csv.get(0));
        // three consume windows: GC medians 1 ms, one window disturbed of four (produce and three passes)
        assertEquals(List.of("3", "1.0", "10", "0.900", "2.0", "1", "4"), csv.get(1).subList(23, 30));
        String md = new ClusterReport(options(), "test broker", byCodec, List.of(List.of("protobuf",
                "typedjson-class")), "test JVM", 0.1).markdown();
        assertTrue(md.contains("| exact 1000/1000 | 1 of 4 |"), md);
        assertTrue(md.contains("1 measured window was disturbed: run 1 typedjson-class consume pass 2: GC 30 ms (15 %)."),
                md);
        assertTrue(md.contains("JIT compilation in a measured consume window: at most 2 ms (1.0 % of that window)."), md);
        assertTrue(md.contains("client: Java " + System.getProperty("java.version")) && md.contains("test JVM"), md);
        String windows = new ClusterReport(options(), "test broker", byCodec, List.of(List.of("protobuf",
                "typedjson-class")), "test JVM", 0.1).windowsCsv();
        List<String> lines = windows.lines().toList();
        assertEquals("dataset,codec,run,position,window,records,seconds,records_per_s,gc_pause_ms,page_faults,"
                + "cpu_vs_wall,jit_ms,disturbed", lines.get(0));
        assertEquals(9, lines.size(), windows);
        assertEquals("orders,typedjson-class,1,2,consume2,1000,0.2000,5000,30.0,10,0.750,0.0,true", lines.get(3));
        assertEquals("orders,protobuf,1,1,produce,1000,0.2000,5000,1.0,10,0.900,2.0,false", lines.get(5));
    }

    private static ClusterBench.Measurement measured(String codec, Window produce, Window... consume) {
        ClusterBench.Verdict exact = new ClusterBench.Verdict(1000, 1000, 1000, 0, 0, 0, 0, 0, 0, List.of());
        return new ClusterBench.Measurement(codec, 1000, 116_000, produce.seconds(), consume[0].seconds(), 116_000,
                130_000, ClusterBench.Latency.NONE, exact, produce, List.of(consume));
    }

    private static ClusterOptions options() {
        ClusterOptions o = new ClusterOptions();
        o.records = 1000;
        o.warmupRecords = 100;
        o.latencyRecords = 0;
        o.latencyRate = 0;
        return o;
    }

    @Test
    void saysNothingWhenEitherSerdeWasNotRun() {
        Map<String, List<ClusterBench.Measurement>> byCodec = new LinkedHashMap<>();
        byCodec.put("typedjson-class", List.of(run("typedjson-class", 2.0)));
        assertFalse(markdown(byCodec).contains("÷ protobuf's"));
    }
}

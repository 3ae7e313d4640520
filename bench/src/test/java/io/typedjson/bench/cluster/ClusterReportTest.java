package io.typedjson.bench.cluster;

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
        ClusterCommand.Options o = new ClusterCommand.Options();
        o.records = 1000;
        o.warmupRecords = 100;
        o.latencyRecords = 0;
        o.latencyRate = 0;
        return new ClusterCommand.Report(o, "test broker", byCodec, 0.1).markdown();
    }

    @Test
    void statesTheClassSerdesConsumeRateOverProtobufsAgainstTheTarget() {
        Map<String, List<ClusterBench.Measurement>> byCodec = new LinkedHashMap<>();
        byCodec.put("typedjson-dynamic", List.of(run("typedjson-dynamic", 2.0), run("typedjson-dynamic", 2.0)));
        // per run: 1/2.5 ÷ 1/1.0 = 0.40, then 1/2.0 ÷ 1/1.0 = 0.50: the median of the per-run ratios is 0.45
        byCodec.put("typedjson-class", List.of(run("typedjson-class", 2.5), run("typedjson-class", 2.0)));
        byCodec.put("protobuf", List.of(run("protobuf", 1.0), run("protobuf", 1.0)));
        String md = markdown(byCodec);
        assertTrue(md.contains("**typedjson-class consume rec/s ÷ protobuf's: 0.45**"), md);
        assertTrue(md.contains("at least 0.6: **missed** by 25 %"), md);

        byCodec.put("typedjson-class", List.of(run("typedjson-class", 1.5), run("typedjson-class", 1.5)));
        assertTrue(markdown(byCodec).contains("÷ protobuf's: 0.67** (median of the per-run ratios); the speed issue's "
                + "target for the main job is at least 0.6: met."), markdown(byCodec));
    }

    @Test
    void saysNothingWhenEitherSerdeWasNotRun() {
        Map<String, List<ClusterBench.Measurement>> byCodec = new LinkedHashMap<>();
        byCodec.put("typedjson-class", List.of(run("typedjson-class", 2.0)));
        assertFalse(markdown(byCodec).contains("÷ protobuf's"));
    }
}

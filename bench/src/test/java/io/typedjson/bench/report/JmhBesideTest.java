package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 37, item 0: the report shows JMH's ratios beside the interleaved ones and says where the two disagree. */
class JmhBesideTest {

    private static Interleaved.Target target(Interleaved.Measure measure) {
        return Interleaved.TARGETS.stream().filter(t -> t.codec().equals("typedjson-class") && t.rival().equals("fastjson2")
                && t.measure() == measure).findFirst().orElseThrow();
    }

    private static Interleaved.Measured interleaved(String dataset, Interleaved.Measure measure, double median) {
        Interleaved.Target t = target(measure);
        return new Interleaved.Measured(dataset, t, t.limit(dataset), "cpu", median, median, median,
                new double[] {median}, median, median, median, median, 100, 100, 10, 20, null, null);
    }

    private static List<Timing> timings(String dataset, double classSer, double classDe, double rivalSer, double rivalDe) {
        return List.of(new Timing(dataset, "typedjson-class", "serialize", classSer, classSer, 1, 0),
                new Timing(dataset, "typedjson-class", "deserialize", classDe, classDe, 1, 0),
                new Timing(dataset, "fastjson2", "serialize", rivalSer, rivalSer, 1, 0),
                new Timing(dataset, "fastjson2", "deserialize", rivalDe, rivalDe, 1, 0));
    }

    @Test
    void eachTimeTargetGetsJmhsRatioAndWhetherTheHarnessesAgree() {
        // JMH: ser+de (90 + 190) / (100 + 200) = 0.93 against an interleaved 0.88 (+6 %); de 190/200 = 0.95 against 1.20
        Results r = new Results(List.of(), timings("orders", 90, 190, 100, 200), List.of(), List.of(),
                List.of(interleaved("orders", Interleaved.Measure.TIME, 0.88),
                        interleaved("orders", Interleaved.Measure.DESERIALIZE, 1.20),
                        interleaved("orders", Interleaved.Measure.READ_BYTES, 0.5),
                        interleaved("rows", Interleaved.Measure.TIME, 0.9)));
        String md = ReportWriter.jmhBeside(r);
        assertTrue(md.contains("| orders | typedjson-class | fastjson2 | 0.88 | 0.93 | +6 % | yes | **MISSED** by 4 % |"), md);
        assertTrue(md.contains("| orders | typedjson-class | fastjson2 (de) | 1.20 | 0.95 | -21 % | **no** | met |"), md);
        // bytes per read have no JMH time; rows has no JMH timing in this run
        assertEquals(2, md.lines().filter(l -> l.startsWith("| orders")).count(), md);
        assertTrue(md.lines().noneMatch(l -> l.startsWith("| rows")), md);
        assertTrue(md.contains("1 of 2 rows agree within 10 %; on JMH's figures 1 of 2 targets are met."), md);
        assertTrue(ReportWriter.markdown(r, java.util.Map.of(), false).contains(md), "the report carries the table");
    }

    @Test
    void noTableWithoutJmhTimings() {
        Results r = new Results(List.of(), List.of(), List.of(), List.of(),
                List.of(interleaved("orders", Interleaved.Measure.TIME, 0.88)));
        assertEquals("", ReportWriter.jmhBeside(r));
    }
}

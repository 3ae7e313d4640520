package io.typedjson.bench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs a JMH benchmark class in-process (its trials in forked JVMs) with the GC profiler and collects ns/op and B/op. */
public final class JmhRunner {

    /** How long JMH measures: forks, warm-up and measurement iterations of {@code millis} each. */
    public record Settings(int forks, int warmups, int iterations, int millis) {
        @Override
        public String toString() {
            return forks + " fork(s), " + warmups + " warm-up and " + iterations + " measurement iteration(s) of "
                    + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms") + ", -prof gc";
        }
    }

    private JmhRunner() {}

    /**
     * Runs {@code serialize} and {@code deserialize} of {@code benchmark} for every pair of subject (the value of the
     * {@code subjectParam} parameter) and codec. A trial that fails is left out of the results.
     */
    public static List<Timing> run(Class<?> benchmark, String subjectParam, List<String> subjects, List<String> codecs,
                                   Settings settings) throws RunnerException {
        Options options = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName()) + "\\.")
                .param(subjectParam, subjects.toArray(String[]::new))
                .param("codec", codecs.toArray(String[]::new))
                .forks(settings.forks())
                .warmupIterations(settings.warmups())
                .warmupTime(TimeValue.milliseconds(settings.millis()))
                .measurementIterations(settings.iterations())
                .measurementTime(TimeValue.milliseconds(settings.millis()))
                .jvmArgsAppend("-Xmx1g")
                .addProfiler(GCProfiler.class)
                .build();
        Collection<RunResult> results = new Runner(options).run();
        List<Timing> timings = new ArrayList<>();
        for (RunResult r : results) {
            BenchmarkParams p = r.getParams();
            String method = p.getBenchmark().substring(p.getBenchmark().lastIndexOf('.') + 1);
            Result<?> primary = r.getPrimaryResult();
            timings.add(new Timing(p.getParam(subjectParam), p.getParam("codec"), method,
                    primary.getStatistics().getPercentile(50), primary.getScore(), primary.getScoreError(),
                    allocation(r.getSecondaryResults())));
        }
        return timings;
    }

    @SuppressWarnings("rawtypes") // JMH declares the map with the raw type
    private static double allocation(Map<String, Result> secondary) {
        for (Map.Entry<String, Result> e : secondary.entrySet()) {
            // the label is "gc.alloc.rate.norm", with a "·" prefix in older JMH versions
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                return e.getValue().getScore();
            }
        }
        return Double.NaN;
    }
}

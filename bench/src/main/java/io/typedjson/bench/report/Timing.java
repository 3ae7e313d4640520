package io.typedjson.bench.report;

/**
 * One JMH result.
 *
 * @param subject    the data set, or the shape of a micro benchmark
 * @param op         serialize or deserialize
 * @param ns         the median of the measurement iterations: one iteration slowed by other work on the machine
 *                   moves it less than the mean
 * @param meanNs     JMH's score, the mean of the iterations
 * @param meanError  JMH's 99.9 % error of the mean, NaN with a single iteration
 * @param allocBytes bytes allocated per operation (gc.alloc.rate.norm), NaN when not profiled
 */
public record Timing(String subject, String codec, String op, double ns, double meanNs, double meanError, double allocBytes) {}

package io.typedjson.bench.report;

/**
 * One JMH result.
 *
 * @param subject    the data set, or the shape of a micro benchmark
 * @param op         serialize or deserialize
 * @param allocBytes bytes allocated per operation (gc.alloc.rate.norm), NaN when not profiled
 */
public record Timing(String subject, String codec, String op, double ns, double nsError, double allocBytes) {}

/**
 * JMH benchmarks: per-codec time and allocation ({@code -prof gc}) and the per-shape micro benchmarks.
 */
package io.typedjson.bench.jmh;

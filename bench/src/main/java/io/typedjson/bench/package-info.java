/**
 * The runnable benchmark ({@code typedjson-bench.jar}): {@code report}, {@code speed}, {@code jmh}, {@code cluster},
 * {@code scale} and {@code failover}, dispatched by {@code Main}.
 */
package io.typedjson.bench;

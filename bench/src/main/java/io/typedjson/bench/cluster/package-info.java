/**
 * {@code cluster}, {@code scale} and {@code failover}: Apache Kafka brokers (KRaft) started from the Maven Central jars in
 * child JVMs, records through every serde, end-to-end rates, latency and delivery checks.
 */
package io.typedjson.bench.cluster;

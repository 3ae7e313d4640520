/**
 * Example: a Kafka Streams application ({@link io.typedjson.examples.streams.PaidOrders}) whose serdes and
 * deserialization error handling are configured through streams.properties alone, with typedjson's
 * {@code TypedJsonSerde} as the default value serde.
 */
package io.typedjson.examples.streams;

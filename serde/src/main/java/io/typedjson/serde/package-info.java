/**
 * The Kafka adapters: {@link io.typedjson.serde.TypedJsonSerializer}, {@link io.typedjson.serde.TypedJsonDeserializer}
 * and {@link io.typedjson.serde.TypedJsonSerde} for producers, consumers and Kafka Streams, configured in code or by
 * Kafka properties ({@link io.typedjson.serde.TypedJsonConfig}), and {@link io.typedjson.serde.TypedJsonMessageFormatter}
 * for {@code kafka-console-consumer}. Failures reach Kafka as {@code SerializationException} carrying the
 * {@link io.typedjson.format.TypedJsonException} with its path and byte offset.
 */
package io.typedjson.serde;

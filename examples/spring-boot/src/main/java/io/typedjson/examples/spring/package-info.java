/**
 * Example: a Spring Boot application that publishes and consumes {@link io.typedjson.examples.spring.Order}s with
 * typedjson's serializer and deserializer, sending records it cannot read to a dead letter topic with the error's
 * path and byte offset in headers ({@link io.typedjson.examples.spring.TypedJsonErrorHeaders}).
 */
package io.typedjson.examples.spring;

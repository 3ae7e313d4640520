package io.typedjson.examples.streams;

import io.typedjson.annotation.TypedJson;
import java.math.BigDecimal;
import java.util.List;

/**
 * The value of the orders topic, named to the serde by {@code typedjson.value.type} in streams.properties; its codec is
 * written at compile time by typedjson-processor (pom.xml).
 */
@TypedJson
public record Order(long id, String customer, BigDecimal amount, List<String> items) {}

package io.typedjson.examples.streams;

import java.math.BigDecimal;
import java.util.List;

/** The value of the orders topic, named to the serde by {@code typedjson.value.type} in streams.properties. */
public record Order(long id, String customer, BigDecimal amount, List<String> items) {}

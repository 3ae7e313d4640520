package io.typedjson.examples.spring;

import io.typedjson.annotation.TypedJson;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The value carried on the orders topic: a plain record, named to the serde by {@code typedjson.value.type} in
 * application.yml. The document is ordinary JSON ({@code {"id":1,"customer":"Ada","amount":12.50,...}}) in which
 * the amount keeps its scale and the id all 64 bits. {@code @TypedJson}: its codec is written at compile time by
 * typedjson-processor (pom.xml), so nothing is generated or reflected on at run time.
 */
@TypedJson
public record Order(long id, String customer, BigDecimal amount, Instant placed, List<String> items) {}

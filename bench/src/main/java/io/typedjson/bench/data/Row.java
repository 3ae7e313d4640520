package io.typedjson.bench.data;

import io.typedjson.annotation.TypedJson;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/** A JDBC-style row: {@code shipDate}, {@code note} and {@code payload} may be null; {@code created} has millisecond precision. */
@TypedJson
public record Row(int id, long customerId, short qty, BigDecimal price, Instant created, LocalDate shipDate,
                  String note, boolean active, float score, byte[] payload) {}

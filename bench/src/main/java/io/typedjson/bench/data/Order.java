package io.typedjson.bench.data;

import io.typedjson.annotation.TypedJson;
import java.util.List;

/** One record of the orders data set; {@code ts} is an ISO-8601 instant kept as a string, as many producers do. */
@TypedJson
public record Order(long id, String name, String status, double amount, List<String> tags, String ts) {}

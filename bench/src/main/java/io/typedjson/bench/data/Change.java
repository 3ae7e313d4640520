package io.typedjson.bench.data;

import io.typedjson.annotation.TypedJson;

/** A Debezium-style change event: {@code before} is null for a create, {@code after} for a delete. */
@TypedJson
public record Change(Row before, Row after, Source source, String op, long tsMs) {}

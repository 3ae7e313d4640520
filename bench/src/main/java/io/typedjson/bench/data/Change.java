package io.typedjson.bench.data;

/** A Debezium-style change event: {@code before} is null for a create, {@code after} for a delete. */
public record Change(Row before, Row after, Source source, String op, long tsMs) {}

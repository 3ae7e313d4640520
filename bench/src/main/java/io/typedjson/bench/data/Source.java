package io.typedjson.bench.data;

/** The {@code source} block of a Debezium change event. */
public record Source(String version, String connector, String name, long tsMs, String snapshot, String db,
                     String table, long serverId, String file, long pos, int row) {}

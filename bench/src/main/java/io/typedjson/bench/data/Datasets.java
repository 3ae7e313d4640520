package io.typedjson.bench.data;

import java.util.List;

/** The benchmark data sets, generated in code from a seed so every run sees the same records. */
public final class Datasets {
    private Datasets() {}

    /** Names of the data sets: orders, rows, cdc, board. */
    public static List<String> names() {
        return List.of("orders", "rows", "cdc", "board");
    }

    /** {@code count} canonical records of the named data set. */
    public static List<?> generate(String name, int count, long seed) {
        throw new UnsupportedOperationException("not built yet: " + name);
    }
}

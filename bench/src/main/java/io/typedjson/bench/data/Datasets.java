package io.typedjson.bench.data;

import java.util.List;

/** The benchmark data sets, generated in code from a seed so every run sees the same records. */
public final class Datasets {
    /** The seed every report uses. */
    public static final long SEED = 20_260_101L;

    private static final List<Dataset<?>> ALL = List.of(new OrdersData(), new RowsData(), new CdcData(), new BoardData());

    private Datasets() {}

    /** Names of the data sets: orders, rows, cdc, board. */
    public static List<String> names() {
        return List.of("orders", "rows", "cdc", "board");
    }

    /** {@code count} canonical records of the named data set. */
    public static List<?> generate(String name, int count, long seed) {
        return get(name).generate(count, seed);
    }

    /** The named data set, typed loosely so callers can feed it the records it generated. */
    @SuppressWarnings("unchecked")
    public static Dataset<Object> get(String name) {
        for (Dataset<?> d : ALL) {
            if (d.name().equals(name)) {
                return (Dataset<Object>) d;
            }
        }
        throw new IllegalArgumentException("unknown data set '" + name + "'; known: " + names());
    }

    /**
     * How many records stand for {@code records} records of a flat data set: a board is one document of 200 blocks
     * (about 95 KB of JSON), so the board data set gets a thousandth of the count, at least 2.
     */
    public static int count(String name, int records) {
        return name.equals("board") ? Math.max(2, records / 1000) : records;
    }
}

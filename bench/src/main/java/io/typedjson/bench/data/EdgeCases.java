package io.typedjson.bench.data;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** Values at the edges of each type, checked for exactness only (never timed): where lossy codecs show it. */
public final class EdgeCases {
    /** One edge value, in a record that is otherwise ordinary. */
    public record Case(String label, Object record) {}

    private EdgeCases() {}

    /** The ordinary record every edge case of the data set varies in one field; null when it has no edge cases. */
    public static Object baseline(String dataset) {
        return switch (dataset) {
            case "orders" -> order("", 1, "Noor628", 12.5, List.of("gift")).record();
            case "rows" -> baseRow();
            default -> null;
        };
    }

    /** The edge cases of the data set; orders and rows have them, the others reuse those types. */
    public static List<Case> of(String dataset) {
        return switch (dataset) {
            case "orders" -> orders();
            case "rows" -> rows();
            default -> List.of();
        };
    }

    private static List<Case> orders() {
        return List.of(
                order("amount NaN", 1, "Noor628", Double.NaN, List.of("gift")),
                order("amount +Infinity", 2, "Noor628", Double.POSITIVE_INFINITY, List.of("gift")),
                order("amount -0.0", 3, "Noor628", -0.0, List.of("gift")),
                order("amount 0.1+0.2", 4, "Noor628", 0.1 + 0.2, List.of("gift")),
                order("amount subnormal", 5, "Noor628", Double.MIN_VALUE, List.of("gift")),
                order("id 2^63-1", Long.MAX_VALUE, "Noor628", 12.5, List.of("gift")),
                order("no tags", 7, "Noor628", 12.5, List.of()),
                order("name with emoji and ~", 8, "Zoë 😀 ~x", 12.5, List.of("~tag")));
    }

    private static Case order(String label, long id, String name, double amount, List<String> tags) {
        return new Case(label, new Order(id, name, "PAID", amount, tags, "2026-01-01T00:00:00Z"));
    }

    private static Row baseRow() {
        return new Row(1, 10_000_000_001L, (short) 3, new BigDecimal("19.99"), Instant.parse("2026-01-01T10:00:00.123Z"),
                LocalDate.parse("2026-01-05"), "ring twice", true, 0.5f, new byte[] {1, 2, 3});
    }

    private static List<Case> rows() {
        Row base = baseRow();
        return List.of(
                new Case("score NaN", with(base, Float.NaN, base.price(), base.created(), base.note(), base.payload())),
                new Case("score -0.0", with(base, -0.0f, base.price(), base.created(), base.note(), base.payload())),
                new Case("score 16777217 rounds", with(base, 16777217f, base.price(), base.created(), base.note(), base.payload())),
                new Case("price -0.01", with(base, base.score(), new BigDecimal("-0.01"), base.created(), base.note(), base.payload())),
                new Case("price 0.00", with(base, base.score(), new BigDecimal("0.00"), base.created(), base.note(), base.payload())),
                new Case("created before 1970", with(base, base.score(), base.price(), Instant.parse("1969-07-20T20:17:40.001Z"),
                        base.note(), base.payload())),
                new Case("note empty string", with(base, base.score(), base.price(), base.created(), "", base.payload())),
                new Case("payload empty", with(base, base.score(), base.price(), base.created(), base.note(), new byte[0])),
                new Case("customer_id 2^63-1", new Row(1, Long.MAX_VALUE, base.qty(), base.price(), base.created(),
                        base.shipDate(), base.note(), true, 0.5f, base.payload())),
                new Case("qty -32768, nullable columns null", new Row(1, base.customerId(), Short.MIN_VALUE, base.price(), base.created(), null, null,
                        false, 0.5f, null)));
    }

    private static Row with(Row r, float score, BigDecimal price, Instant created, String note, byte[] payload) {
        return new Row(r.id(), r.customerId(), r.qty(), price, created, r.shipDate(), note, r.active(), score, payload);
    }
}

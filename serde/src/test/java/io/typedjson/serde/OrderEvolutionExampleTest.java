package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.TypedJsonCompatibility;
import io.typedjson.codec.TypedJsonCompatibility.Direction;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** docs/schema-evolution.md's example: the test a service keeps next to its value class. */
class OrderEvolutionExampleTest {

    // docs: begin
    /** The version of Order that producers and consumers run today, kept in the test sources. */
    public record OrderV1(long id, String customer, BigDecimal amount, List<String> items) {}

    /** The version about to ship: a note and a priority. */
    public record Order(long id, String customer, BigDecimal amount, List<String> items, Optional<String> note,
                        int priority) {}

    @Test
    void orderStaysCompatibleBothWays() {
        TypedJsonCompatibility.assertCompatible(OrderV1.class, Order.class, Direction.BOTH);
    }

    @Test
    void underTheConsumersOwnConfiguration() {
        // the consumers run with typedjson.missing.primitives=fail: a new int field breaks them on old records
        CodecOptions consumers = new TypedJsonConfig(Map.of(TypedJsonConfig.MISSING_PRIMITIVES, "fail")).codecOptions();
        AssertionError e = assertThrows(AssertionError.class,
                () -> TypedJsonCompatibility.assertCompatible(OrderV1.class, Order.class, Direction.BOTH, consumers));
        assertEquals(List.of("OrderEvolutionExampleTest.OrderV1 -> OrderEvolutionExampleTest.Order is not BOTH compatible"
                + " (typedjson.unknown.fields=skip, typedjson.missing.primitives=fail): 1 problem",
                "$.priority: MISSING_PRIMITIVE: the reader's OrderEvolutionExampleTest.Order requires int priority;"
                + " the writer's OrderEvolutionExampleTest.OrderV1 has no such field (typedjson.missing.primitives=fail)"
                + " (new reader, old document)"), e.getMessage().lines().map(String::strip).toList());
    }
    // docs: end
}

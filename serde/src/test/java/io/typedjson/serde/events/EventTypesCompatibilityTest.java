package io.typedjson.serde.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.EventTypes;
import io.typedjson.codec.TypedJsonCompatibility;
import io.typedjson.codec.TypedJsonCompatibility.Direction;
import io.typedjson.codec.TypedJsonCompatibility.Kind;
import io.typedjson.codec.TypedJsonCompatibility.Problem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The evolution rule of a topic's list of event types (SPEC.md section 12.4) in {@link TypedJsonCompatibility}. */
class EventTypesCompatibilityTest {

    record Paid(long orderId, int cents) {}

    record PaidWider(long orderId, long cents) {}

    record PaidAsText(long orderId, String cents) {}

    record Note(String text) {}

    private static EventTypes list(Object... nameClass) {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        for (int i = 0; i < nameClass.length; i += 2) {
            m.put((String) nameClass[i], (Class<?>) nameClass[i + 1]);
        }
        return EventTypes.of(m);
    }

    @Test
    void addingANameIsBackwardCompatible() {
        EventTypes old = list("order.paid", Paid.class);
        EventTypes added = list("order.paid", Paid.class, "order.noted", Note.class);
        assertEquals(List.of(), TypedJsonCompatibility.check(old, added, Direction.BACKWARD));
        TypedJsonCompatibility.assertCompatible(old, added, Direction.BACKWARD);
        // old readers meet the new name: reported where it matters
        List<Problem> forward = TypedJsonCompatibility.check(old, added, Direction.FORWARD);
        assertEquals(1, forward.size());
        assertEquals(new Problem(Direction.FORWARD, "order.noted", Kind.EVENT_TYPE_MISSING, "event type \"order.noted\" of "
                + "the writer's list is not in the reader's list [order.paid] (its policy typedjson.unknown.types decides: "
                + "fail refuses the record)"), forward.get(0));
    }

    @Test
    void removingOrRenamingANameIsReported() {
        EventTypes old = list("order.paid", Paid.class, "order.noted", Note.class);
        List<Problem> removed = TypedJsonCompatibility.check(old, list("order.paid", Paid.class), Direction.BACKWARD);
        assertEquals(List.of("order.noted"), removed.stream().map(Problem::path).toList());
        assertEquals(Kind.EVENT_TYPE_MISSING, removed.get(0).kind());

        List<Problem> renamed = TypedJsonCompatibility.check(old, list("order.paid", Paid.class, "order.note", Note.class),
                Direction.BOTH);
        assertEquals(List.of("BACKWARD order.noted", "FORWARD order.note"),
                renamed.stream().map(p -> p.reading() + " " + p.path()).toList());
        AssertionError e = assertThrows(AssertionError.class, () -> TypedJsonCompatibility.assertCompatible(old,
                list("order.paid", Paid.class, "order.note", Note.class), Direction.BACKWARD));
        assertTrue(e.getMessage().startsWith("[order.paid, order.noted] -> [order.paid, order.note] is not BACKWARD compatible: 1 problem"),
                e.getMessage());
    }

    @Test
    void theClassesOfANameAreCheckedAsClasses() {
        EventTypes old = list("order.paid", Paid.class);
        assertEquals(List.of(), TypedJsonCompatibility.check(old, list("order.paid", PaidWider.class), Direction.BACKWARD));
        List<Problem> narrowed = TypedJsonCompatibility.check(old, list("order.paid", PaidWider.class), Direction.FORWARD);
        assertEquals(List.of("order.paid:$.cents NUMBER_NARROWED"), narrowed.stream().map(p -> p.path() + " " + p.kind()).toList());
        List<Problem> changed = TypedJsonCompatibility.check(old, list("order.paid", PaidAsText.class), Direction.BACKWARD);
        assertEquals(List.of("order.paid:$.cents TYPE_CHANGED"), changed.stream().map(p -> p.path() + " " + p.kind()).toList());
    }

    @Test
    void theSealedListAgainstItself() {
        assertEquals(List.of(), TypedJsonCompatibility.check(EventTypes.of(OrderEvent.class),
                EventTypes.of(OrderCreated.class, OrderShipped.class, OrderCancelled.class), Direction.BOTH));
    }
}

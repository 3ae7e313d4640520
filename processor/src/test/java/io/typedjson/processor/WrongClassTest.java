package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.processor.fixtures.Checked;
import io.typedjson.processor.fixtures.Order;
import io.typedjson.processor.fixtures.Shapes.Color;
import io.typedjson.processor.fixtures.Shapes.Point;
import io.typedjson.serde.TypedJsonSerializer;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * A raw serializer configured for a class and given a value of another class says so, in the same words with every
 * kind of codec (each fails on it in its own way: a cast, or a getter's ClassCastException named as the getter's).
 */
class WrongClassTest {
    private static final List<String> KINDS = List.of("compiled", "generated", "reflective");

    private static String refusal(String property, Class<?> type, String kind, Object value, boolean isKey) {
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(Map.of(property, type.getName(), "typedjson.codec.kind", kind), isKey);
        return assertThrows(SerializationException.class, () -> s.serialize("orders", value)).getMessage();
    }

    @Test
    void aValueOfAnotherClassIsNamedWithTheConfiguredOne() {
        for (String kind : KINDS) {
            assertEquals("Cannot write typed JSON for topic 'orders': io.typedjson.processor.fixtures.Shapes$Point given"
                    + " where io.typedjson.processor.fixtures.Order belongs (typedjson.value.type) at $",
                    refusal("typedjson.value.type", Order.class, kind, new Point(1, 2), false), kind);
            assertEquals("Cannot write typed JSON for topic 'orders': java.lang.String given where"
                    + " io.typedjson.processor.fixtures.Shapes$Point belongs (typedjson.key.type) at $",
                    refusal("typedjson.key.type", Point.class, kind, "text", true), kind);
            assertEquals("Cannot write typed JSON for topic 'orders': io.typedjson.processor.fixtures.Shapes$Point given"
                    + " where io.typedjson.processor.fixtures.Shapes$Color belongs (typedjson.value.type) at $",
                    refusal("typedjson.value.type", Color.class, kind, new Point(1, 2), false), kind);
        }
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aTypeGivenInCodeIsNamedSo() {
        TypedJsonSerializer raw = TypedJsonSerializer.forClass(Order.class);
        assertEquals("Cannot write typed JSON for topic 'orders': io.typedjson.processor.fixtures.Shapes$Point given"
                + " where io.typedjson.processor.fixtures.Order belongs (the serializer's type) at $",
                assertThrows(SerializationException.class, () -> raw.serialize("orders", new Point(1, 2))).getMessage());
    }

    @Test
    void aGetterThatFailsOnAValueOfTheClassIsStillTheGetters() {
        for (String kind : KINDS) {
            assertEquals("Cannot write typed JSON for topic 'orders': the getter of Checked.s failed:"
                    + " java.lang.IllegalStateException: s boom at $.s",
                    refusal("typedjson.value.type", Checked.class, kind, new Checked(1, "boom"), false), kind);
        }
    }
}

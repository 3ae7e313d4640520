package io.typedjson.codec;

import static io.typedjson.codec.Fixtures.read;
import static io.typedjson.codec.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Color;
import io.typedjson.codec.Fixtures.Drawing;
import io.typedjson.codec.Fixtures.Order;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Hostile documents, types that cannot be carried, and values that cannot be written. */
class SafetyAndLimitsTest {

    private static final String[] GADGETS = {
        "org.apache.commons.collections.functors.InvokerTransformer", "java.lang.ProcessBuilder",
        "com.sun.rowset.JdbcRowSetImpl", "java.lang.Runtime"
    };

    @Test
    void aClassNameAsVariantNameIsRefusedWithoutLoadingIt() {
        for (String gadget : GADGETS) {
            String doc = "{\"" + gadget + "\":{\"command\":[\"sh\",\"-c\",\"id\"]}}";
            TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(Shape.class), doc));
            assertEquals("unknown variant \"" + gadget + "\" of Shape (expected one of Circle, Sq, Nothing) at $ (byte offset 1)",
                    e.getMessage());
        }
    }

    @Test
    void aClassNameAsFieldKeyOrTypeHintIsDataNeverAType() {
        Codec<Order> strict = Codecs.of(Order.class, new CodecOptions(true, false));
        for (String gadget : GADGETS) {
            String asField = "{\"id\":1,\"" + gadget + "\":{\"x\":1}}";
            assertEquals(new Order(1, null, null, 0, null, null), read(Codecs.of(Order.class), asField));
            assertThrows(TypedJsonException.class, () -> read(strict, asField));
            // Jackson-style type hints are unknown fields like any other, never a class to instantiate
            String hint = "{\"@class\":\"" + gadget + "\",\"id\":2}";
            assertEquals(new Order(2, null, null, 0, null, null), read(Codecs.of(Order.class), hint));
            String asKey = "{\"" + gadget + "\":1}";
            TypedJsonException e = assertThrows(TypedJsonException.class,
                    () -> read(Codecs.of(Types.parameterized(Map.class, Color.class, Integer.class)), asKey));
            assertTrue(e.getMessage().startsWith("unknown constant \"" + gadget + "\" of Color"), e.getMessage());
            String asValue = "{\"title\":\"" + gadget + "\",\"shapes\":[{\"" + gadget + "\":{}}]}";
            e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(Drawing.class), asValue));
            assertEquals("$.shapes[0]", e.path());
        }
    }

    @Test
    void anOpenTypeReadsOnlyTheDynamicModel() {
        // the dynamic model has no class-name tag: a string naming a class stays a string
        assertEquals("java.lang.ProcessBuilder", read(Codecs.of(Object.class), "\"java.lang.ProcessBuilder\""));
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(Number.class), "\"x\""));
        assertEquals("a String where a Number belongs at $ (byte offset 0)", e.getMessage());
        e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(Number.class), "\"~t2024-01-01T00:00:00Z\""));
        assertEquals("an Instant where a Number belongs at $ (byte offset 0)", e.getMessage());
        e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(CharSequence.class), "\"~u123e4567-e89b-12d3-a456-426614174000\""));
        assertEquals("a UUID where a CharSequence belongs at $ (byte offset 0)", e.getMessage());
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aPrimitiveArrayCodecGivenAnotherArrayNamesBoth() {
        Codec raw = Codecs.of(int[].class); // as a caller with raw types reaches it
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> write(raw, new long[] {1}));
        assertEquals("a long[] where an int[] belongs at $", e.getMessage());
    }

    public record WithThread(Thread t) {}

    public record WithList(List<Runnable> ok, Optional<Optional<String>> bad) {}

    public static class NoDefaultConstructor {
        public NoDefaultConstructor(int x) {}
    }

    public record Outer(NoDefaultConstructor inner) {}

    public static class FinalField {
        final int x = 1;
    }

    public sealed interface Clash permits A.Same, B.Same {}

    public static final class A {
        public record Same() implements Clash {}
    }

    public static final class B {
        public record Same() implements Clash {}
    }

    @Test
    void typesThatCannotBeCarriedAreRefusedWhenTheCodecIsBuiltNamingTheField() {
        assertRefused(WithThread.class, "WithThread.t: no typed JSON codec for java.lang.Thread");
        assertRefused(WithList.class, "WithList.bad: Optional<Optional<...>> cannot be carried exactly");
        assertRefused(Outer.class, "Outer.inner: " + NoDefaultConstructor.class.getName()
                + " is neither a record nor a class with a no-argument constructor");
        assertRefused(FinalField.class, "FinalField.x is final and has no setter");
        assertRefused(Clash.class, "are both named Same (rename one with @TypedJsonName)");
        assertRefused(Types.parameterized(ArrayList.class, String.class).getRawType(), "");
    }

    private static void assertRefused(java.lang.reflect.Type type, String message) {
        if (message.isEmpty()) {
            Codecs.of(type); // supported after all
            return;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Codecs.of(type));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void aFailedBuildLeavesNothingHalfBuiltInTheCache() {
        assertThrows(IllegalArgumentException.class, () -> Codecs.of(WithList.class));
        assertThrows(IllegalArgumentException.class, () -> Codecs.of(WithList.class));
    }

    @Test
    void valuesThatCannotBeWrittenNameTheirPath() {
        Codec<Drawing> codec = Codecs.of(Drawing.class);
        TypedJsonException e = assertThrows(TypedJsonException.class,
                () -> write(codec, new Drawing("t", List.of(), null, Map.of())));
        assertEquals("null where an Optional belongs (an absent value is Optional.empty()) at $.background", e.getMessage());
        Codec<List<Object>> objects = Codecs.of(new TypeRef<List<Object>>() {});
        e = assertThrows(TypedJsonException.class, () -> write(objects, List.of(1L, new StringBuilder("x"))));
        assertEquals("$[1]", e.path());
        Codec<Map<Integer, String>> map = Codecs.of(new TypeRef<Map<Integer, String>>() {});
        java.util.HashMap<Integer, String> withNull = new java.util.HashMap<>();
        withNull.put(null, "a");
        e = assertThrows(TypedJsonException.class, () -> write(map, withNull));
        assertTrue(e.getMessage().startsWith("null map key"), e.getMessage());
        // the thread's reused generator starts clean after a failed document
        assertEquals("{\"1\":\"a\"}", write(map, Map.of(1, "a")));
    }

    public static class Fragile {
        public int getValue() {
            throw new IllegalStateException("not loaded");
        }

        public void setValue(int v) {}

        private int value;
    }

    @Test
    void aGetterThatThrowsIsARefusalWithThePath() {
        TypedJsonException e = assertThrows(TypedJsonException.class,
                () -> write(Codecs.of(new TypeRef<List<Fragile>>() {}), List.of(new Fragile())));
        assertEquals("the getter of Fragile.value failed: java.lang.IllegalStateException: not loaded at $[0].value",
                e.getMessage());
    }

    public record Deep(Deep next) {}

    @Test
    void nestingIsBoundedBothWays() {
        String doc = "{\"next\":".repeat(600) + "null" + "}".repeat(600);
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(Deep.class), doc));
        assertTrue(e.getMessage().contains("depth"), e.getMessage());
        Deep deep = null;
        for (int i = 0; i < 600; i++) {
            deep = new Deep(deep);
        }
        Deep value = deep;
        assertThrows(TypedJsonException.class, () -> write(Codecs.of(Deep.class), value));
    }
}

package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Circle;
import io.typedjson.codec.Fixtures.Order;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.codec.Fixtures.Sized;
import io.typedjson.codec.TypeRef;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** The Kafka API for classes: factories in code, and configuration by properties only. */
class ClassSerdeTest {

    private static final Order ORDER = new Order(1, "a", "new", 2.5, List.of("x"), "2024-01-01T00:00:00Z");
    private static final String ORDER_JSON =
            "{\"id\":1,\"name\":\"a\",\"status\":\"new\",\"amount\":2.5,\"tags\":[\"x\"],\"ts\":\"2024-01-01T00:00:00Z\"}";

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void forClassAndForType() {
        TypedJsonSerde<Order> serde = TypedJsonSerde.forClass(Order.class);
        byte[] bytes = serde.serializer().serialize("t", ORDER);
        assertEquals(ORDER_JSON, new String(bytes, StandardCharsets.UTF_8));
        assertEquals(ORDER, serde.deserializer().deserialize("t", bytes));
        assertNull(serde.serializer().serialize("t", null));
        assertNull(serde.deserializer().deserialize("t", null));

        TypedJsonSerde<List<Shape>> shapes = TypedJsonSerde.forType(new TypeRef<List<Shape>>() {});
        byte[] doc = shapes.serializer().serialize("t", List.of(new Circle(1.0)));
        assertEquals("[{\"Circle\":{\"r\":1.0}}]", new String(doc, StandardCharsets.UTF_8));
        assertEquals(List.of(new Circle(1.0)), TypedJsonDeserializer.forType(new TypeRef<List<Shape>>() {}).deserialize("t", doc));
        assertEquals(ORDER, TypedJsonDeserializer.forClass(Order.class).deserialize("t", TypedJsonSerializer.forClass(Order.class).serialize("t", ORDER)));
    }

    @Test
    void propertiesOnly() {
        Map<String, Object> props = Map.of(TypedJsonConfig.VALUE_TYPE, Order.class.getName(),
                TypedJsonConfig.KEY_TYPE, Shape.class.getName());
        TypedJsonDeserializer<Object> values = new TypedJsonDeserializer<>();
        values.configure(props, false);
        assertEquals(ORDER, values.deserialize("t", utf8(ORDER_JSON)));
        TypedJsonSerializer<Object> keys = new TypedJsonSerializer<>();
        keys.configure(props, true);
        assertEquals("{\"Circle\":{\"r\":0.5}}", new String(keys.serialize("t", new Circle(0.5)), StandardCharsets.UTF_8));
    }

    @Test
    void unknownAndMissingFieldOptions() {
        byte[] newer = utf8("{\"s\":1,\"added\":true}");
        TypedJsonDeserializer<Sized> lenient = TypedJsonDeserializer.forClass(Sized.class);
        lenient.configure(Map.of(), false);
        assertEquals(new Sized((short) 1, (byte) 0, 0, 0, 0f, '\0', false), lenient.deserialize("t", newer));

        TypedJsonDeserializer<Sized> strict = TypedJsonDeserializer.forClass(Sized.class);
        strict.configure(Map.of(TypedJsonConfig.UNKNOWN_FIELDS, "fail"), false);
        SerializationException e = assertThrows(SerializationException.class, () -> strict.deserialize("t", newer));
        assertEquals("Cannot read typed JSON from topic 't': unknown field \"added\" of Sized (typedjson.unknown.fields=fail)"
                + " at $ (byte offset 7)", e.getMessage());

        Map<String, Object> props = Map.of(TypedJsonConfig.VALUE_TYPE, Sized.class.getName(),
                TypedJsonConfig.MISSING_PRIMITIVES, "fail");
        TypedJsonDeserializer<Object> older = new TypedJsonDeserializer<>();
        older.configure(props, false);
        e = assertThrows(SerializationException.class, () -> older.deserialize("t", utf8("{\"s\":1}")));
        assertTrue(e.getMessage().contains("missing field \"b\" (byte) of Sized"), e.getMessage());
    }

    @Test
    void badConfigurationFailsConfigureNamingTheKey() {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        ConfigException e = assertThrows(ConfigException.class,
                () -> d.configure(Map.of(TypedJsonConfig.UNKNOWN_FIELDS, "ignore"), false));
        assertTrue(e.getMessage().contains("typedjson.unknown.fields") && e.getMessage().contains("skip, fail"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> d.configure(Map.of(TypedJsonConfig.MISSING_PRIMITIVES, "zero"), false));
        assertTrue(e.getMessage().contains("typedjson.missing.primitives"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> d.configure(Map.of(TypedJsonConfig.VALUE_TYPE, "com.acme.Missing"), false));
        assertTrue(e.getMessage().contains("class not found"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> d.configure(Map.of(TypedJsonConfig.VALUE_TYPE, "java.lang.Thread"), false));
        assertTrue(e.getMessage().contains("no typed JSON codec for java.lang.Thread"), e.getMessage());
    }

    @Test
    void aValueThatCannotBeWrittenNamesTopicAndPath() {
        TypedJsonSerializer<List<Object>> s = TypedJsonSerializer.forType(new TypeRef<List<Object>>() {});
        SerializationException e = assertThrows(SerializationException.class, () -> s.serialize("t", List.of(new Object())));
        assertTrue(e.getMessage().startsWith("Cannot write typed JSON for topic 't': cannot carry java.lang.Object"), e.getMessage());
        assertArrayEquals(utf8("[1]"), s.serialize("t", List.of(1L)));
    }

    record Sorted(java.util.SortedSet<String> names, java.util.SortedMap<String, Integer> counts) {}

    @Test
    void aSortedSetOrMapWithAComparatorIsRefusedAsItsOrderWouldNotComeBack() {
        TypedJsonSerializer<Sorted> s = TypedJsonSerializer.forClass(Sorted.class);
        TypedJsonDeserializer<Sorted> d = TypedJsonDeserializer.forClass(Sorted.class);
        java.util.TreeSet<String> reversed = new java.util.TreeSet<>(java.util.Comparator.reverseOrder());
        reversed.addAll(List.of("a", "b"));
        SerializationException set = assertThrows(SerializationException.class,
                () -> s.serialize("t", new Sorted(reversed, new java.util.TreeMap<>())));
        assertEquals("Cannot write typed JSON for topic 't': a sorted set with a comparator ("
                + java.util.Comparator.reverseOrder().getClass().getName() + "): its order would not come back, as it is read"
                + " in natural order (use a List, or a LinkedHashSet or LinkedHashMap type to keep an order) at $.names",
                set.getMessage());
        java.util.TreeMap<String, Integer> reversedMap = new java.util.TreeMap<>(java.util.Comparator.reverseOrder());
        reversedMap.put("a", 1);
        SerializationException map = assertThrows(SerializationException.class,
                () -> s.serialize("t", new Sorted(new java.util.TreeSet<>(), reversedMap)));
        assertEquals("Cannot write typed JSON for topic 't': a sorted map with a comparator ("
                + java.util.Comparator.reverseOrder().getClass().getName() + "): its order would not come back, as it is read"
                + " in natural order (use a List, or a LinkedHashSet or LinkedHashMap type to keep an order) at $.counts",
                map.getMessage());
        // in natural order (no comparator, or the natural one) both round trips hold
        java.util.TreeSet<String> natural = new java.util.TreeSet<>(java.util.Comparator.naturalOrder());
        natural.addAll(List.of("b", "a"));
        Sorted value = new Sorted(natural, new java.util.TreeMap<>(Map.of("b", 2, "a", 1)));
        byte[] doc = s.serialize("t", value);
        assertArrayEquals(utf8("{\"names\":[\"a\",\"b\"],\"counts\":{\"a\":1,\"b\":2}}"), doc);
        assertEquals(value, d.deserialize("t", doc));
        // a List or a LinkedHashSet keeps any order
        TypedJsonSerializer<java.util.Set<String>> linked = TypedJsonSerializer.forType(new TypeRef<java.util.Set<String>>() {});
        assertArrayEquals(utf8("[\"b\",\"a\"]"), linked.serialize("t", reversed));
    }

    @Test
    void anElementOfAnotherClassIsRefusedNeverNarrowed() {
        // heap pollution: a List<Integer> holding a Long or a Double (an unchecked cast upstream)
        TypedJsonSerializer<List<Integer>> ints = TypedJsonSerializer.forType(new TypeRef<List<Integer>>() {});
        @SuppressWarnings("unchecked")
        List<Integer> polluted = (List<Integer>) (List<?>) List.of(1, 5_000_000_000L);
        SerializationException e = assertThrows(SerializationException.class, () -> ints.serialize("t", polluted));
        assertEquals("Cannot write typed JSON for topic 't': java.lang.Long where an int32 belongs (a number of another"
                + " class is not narrowed) at $[1]", e.getMessage());
        @SuppressWarnings("unchecked")
        List<Short> shorts = (List<Short>) (List<?>) List.of(1.9);
        assertThrows(SerializationException.class, () -> TypedJsonSerializer.forType(new TypeRef<List<Short>>() {})
                .serialize("t", shorts));
        assertArrayEquals(utf8("[1,2]"), ints.serialize("t", List.of(1, 2)));
    }
}

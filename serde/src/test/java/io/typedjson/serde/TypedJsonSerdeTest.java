package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/** The Kafka serializer, deserializer and serde through their public interfaces, as a producer and consumer call them. */
class TypedJsonSerdeTest {

    private static Map<String, Object> order() {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("id", 42L);
        order.put("qty", (short) 3);
        order.put("price", new BigDecimal("19.90"));
        order.put("ratio", 0.1f);
        order.put("at", Instant.parse("2024-05-01T12:00:00.123456789Z"));
        order.put("tags", List.of("a", "~b"));
        order.put("seen", Set.of(7));
        order.put("note", null);
        return order;
    }

    @Test
    void producerAndConsumerSideRoundTripTheDynamicModelExactly() {
        try (TypedJsonSerde<Object> serde = new TypedJsonSerde<>()) {
            serde.configure(Map.of(), false);
            byte[] bytes = serde.serializer().serialize("orders", new RecordHeaders(), order());
            assertEquals("{\"id\":42,\"qty\":\"~s3\",\"price\":\"~d19.90\",\"ratio\":\"~f0.1\","
                    + "\"at\":\"~t2024-05-01T12:00:00.123456789Z\",\"tags\":[\"a\",\"~~b\"],\"seen\":{\"~set\":[\"~i7\"]},"
                    + "\"note\":null}", new String(bytes, StandardCharsets.UTF_8));
            Object back = serde.deserializer().deserialize("orders", new RecordHeaders(), bytes);
            assertEquals(order(), back);
            Map<?, ?> m = (Map<?, ?>) back;
            assertInstanceOf(Short.class, m.get("qty"));
            assertEquals(2, ((BigDecimal) m.get("price")).scale());
            assertInstanceOf(Float.class, m.get("ratio"));
        }
    }

    @Test
    void nullIsATombstoneBothWays() {
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();
        assertNull(serializer.serialize("t", null));
        assertNull(deserializer.deserialize("t", null));
        assertNull(deserializer.deserialize("t", new RecordHeaders(), (ByteBuffer) null));
    }

    @Test
    void readsInPlaceFromASliceOfTheConsumersBuffer() {
        byte[] doc = new TypedJsonSerializer<>().serialize("t", List.of(1, 2L));
        byte[] fetch = new byte[doc.length + 10];
        System.arraycopy(doc, 0, fetch, 5, doc.length);
        ByteBuffer slice = ByteBuffer.wrap(fetch, 5, doc.length).slice();
        assertEquals(List.of(1, 2L), new TypedJsonDeserializer<>().deserialize("t", new RecordHeaders(), slice));
        ByteBuffer direct = ByteBuffer.allocateDirect(doc.length).put(doc).flip();
        assertEquals(List.of(1, 2L), new TypedJsonDeserializer<>().deserialize("t", new RecordHeaders(), direct));
    }

    @Test
    void badDocumentThrowsSerializationExceptionWithTopicPathAndOffset() {
        byte[] bad = "{\"id\":1,\"at\":\"~q\"}".getBytes(StandardCharsets.UTF_8);
        SerializationException e = assertThrows(SerializationException.class,
                () -> new TypedJsonDeserializer<>().deserialize("orders", bad));
        assertTrue(e.getMessage().contains("topic 'orders'"), e.getMessage());
        assertTrue(e.getMessage().contains("at $.at (byte offset 13)"), e.getMessage());
        assertInstanceOf(TypedJsonException.class, e.getCause());
    }

    @Test
    void valueThatCannotBeCarriedThrowsSerializationExceptionWithPath() {
        SerializationException e = assertThrows(SerializationException.class,
                () -> new TypedJsonSerializer<>().serialize("orders", Map.of("when", new java.util.Date(0))));
        assertTrue(e.getMessage().contains("topic 'orders'") && e.getMessage().contains("at $.when"), e.getMessage());
    }

    @Test
    void limitsComeFromKafkaProperties() {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        d.configure(Map.of(TypedJsonConfig.MAX_DEPTH, "2"), false);
        assertEquals(List.of(List.of()), d.deserialize("t", "[[]]".getBytes(StandardCharsets.UTF_8)));
        SerializationException e = assertThrows(SerializationException.class,
                () -> d.deserialize("t", "[[[]]]".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("nesting depth"), e.getMessage());
    }

    @Test
    void badConfigurationFailsConfigureNamingTheKey() {
        ConfigException depth = assertThrows(ConfigException.class,
                () -> new TypedJsonDeserializer<>().configure(Map.of(TypedJsonConfig.MAX_DEPTH, "zero"), false));
        assertTrue(depth.getMessage().contains(TypedJsonConfig.MAX_DEPTH), depth.getMessage());
        ConfigException type = assertThrows(ConfigException.class,
                () -> new TypedJsonDeserializer<>().configure(Map.of(TypedJsonConfig.VALUE_TYPE, "com.acme.Missing"), false));
        assertTrue(type.getMessage().contains("com.acme.Missing"), type.getMessage());
        // the key type is configured separately from the value type
        new TypedJsonDeserializer<>().configure(Map.of(TypedJsonConfig.VALUE_TYPE, "com.acme.Missing"), true);
        // a generic type is no class name (it said "class not found on the classpath" of java.util.List<...>)
        ConfigException generic = assertThrows(ConfigException.class, () -> new TypedJsonSerde<>().configure(
                Map.of(TypedJsonConfig.KEY_TYPE, "java.util.List<java.lang.String>"), true));
        assertEquals("Invalid value java.util.List<java.lang.String> for configuration typedjson.key.type: a class name,"
                + " not a generic type: a type such as List<Order> is given in code,"
                + " TypedJsonSerde.forType(new TypeRef<List<Order>>() {})", generic.getMessage());
    }

    @Test
    void sameBytesAsTheFormatApi() {
        Object v = order();
        assertArrayEquals(io.typedjson.format.TypedJson.write(v), new TypedJsonSerializer<>().serialize("t", v));
    }

    @Test
    void documentedConfigurationTableIsGeneratedFromTheConfigDef() throws java.io.IOException {
        String reference = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "configuration.md"));
        assertTrue(reference.contains(TypedJsonConfig.markdownTable(TypedJsonConfig.configDef())),
                "docs/configuration.md's serde configuration table is out of date; regenerate it with TypedJsonConfig.main");
        for (org.apache.kafka.common.config.ConfigDef.ConfigKey key : TypedJsonConfig.configDef().configKeys().values()) {
            assertTrue(key.documentation != null && !key.documentation.isBlank() && key.hasDefault(), key.name);
        }
    }
}

package io.typedjson.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.typedjson.serde.TypedJsonSerializer;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The DataStream schemas write what {@code TypedJsonSerializer} writes, a null value (a tombstone) included. */
class DataStreamSchemasTest {
    public record Order(long id, String name, BigDecimal amount, List<String> tags, Instant ts) {}

    @Test
    void theSchemasWriteAsTheSerializerDoesAndReadItBack() throws Exception {
        TypedJsonSerializationSchema<Order> out = TypedJsonSerializationSchema.forClass(Order.class);
        TypedJsonDeserializationSchema<Order> in = TypedJsonDeserializationSchema.forClass(Order.class);
        TypedJsonSerializer<Order> serializer = TypedJsonSerializer.forClass(Order.class);
        Order order = new Order(7, "~a", new BigDecimal("12.50"), List.of("x"), Instant.parse("2026-12-08T01:02:03.004Z"));
        assertArrayEquals(serializer.serialize("orders", order), out.serialize(order));
        assertEquals(order, in.deserialize(out.serialize(order)));
        assertNull(serializer.serialize("orders", null));
        assertNull(out.serialize(null), "a null value is a tombstone, as the serializer writes it");
        assertNull(in.deserialize(null));
    }
}

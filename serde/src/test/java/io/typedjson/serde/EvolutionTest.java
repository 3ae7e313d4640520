package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** README's "adding a field" example, through the Kafka serde configured by properties. */
class EvolutionTest {

    public record OrderV1(long id, String name) {}

    public record OrderV2(long id, String name, int priority, String note) {}

    private static <T> TypedJsonDeserializer<T> reader(Class<T> type, Map<String, String> extra) {
        TypedJsonDeserializer<T> d = new TypedJsonDeserializer<>();
        java.util.Map<String, String> props = new java.util.HashMap<>(extra);
        props.put(TypedJsonConfig.VALUE_TYPE, type.getName());
        d.configure(props, false);
        return d;
    }

    @Test
    void oldConsumerSkipsTheNewFieldUnlessToldToFail() {
        byte[] fromNewProducer = TypedJsonSerializer.forClass(OrderV2.class).serialize("orders", new OrderV2(1, "a", 2, "n"));
        assertEquals(new OrderV1(1, "a"), reader(OrderV1.class, Map.of()).deserialize("orders", fromNewProducer));
        SerializationException e = assertThrows(SerializationException.class,
                () -> reader(OrderV1.class, Map.of(TypedJsonConfig.UNKNOWN_FIELDS, "fail")).deserialize("orders", fromNewProducer));
        assertTrue(e.getMessage().contains("priority"), e.getMessage());
    }

    @Test
    void newConsumerReadsOldDocumentsWithDefaultsUnlessToldToFail() {
        byte[] fromOldProducer = TypedJsonSerializer.forClass(OrderV1.class).serialize("orders", new OrderV1(1, "a"));
        assertEquals(new OrderV2(1, "a", 0, null), reader(OrderV2.class, Map.of()).deserialize("orders", fromOldProducer));
        SerializationException e = assertThrows(SerializationException.class,
                () -> reader(OrderV2.class, Map.of(TypedJsonConfig.MISSING_PRIMITIVES, "fail")).deserialize("orders", fromOldProducer));
        assertTrue(e.getMessage().contains("priority"), e.getMessage());
        // the old producer's documents still carry exactly what it had
        assertEquals(List.of("{\"id\":1,\"name\":\"a\"}"), List.of(new String(fromOldProducer, java.nio.charset.StandardCharsets.UTF_8)));
    }
}

package io.typedjson.serde.migration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.EventTypes;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerde;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.events.OrderCancelled;
import io.typedjson.serde.events.OrderCreated;
import io.typedjson.serde.events.OrderCreated.Line;
import io.typedjson.serde.events.OrderEvent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/** Spring Kafka's {@code __TypeId__} header as an event type's name: looked up in the configured lists only. */
class SpringTypeIdTest {

    static final String TYPES = "order.created=" + OrderCreated.class.getName() + ",order.cancelled="
            + OrderCancelled.class.getName();
    static final OrderCreated CREATED = new OrderCreated(1001, "~Ada", new BigDecimal("59.80"),
            Instant.parse("2026-11-30T05:35:45.123456789Z"), List.of(new Line("~A-1", 2, new BigDecimal("19.90"))), 3);
    /** As Spring's JsonSerializer writes it (Spring Boot's mapper). */
    static final byte[] SPRING = ("{\"orderId\":1001,\"customer\":\"~Ada\",\"total\":59.80,\"at\":\"2026-11-30T05:35:45.123456789Z\","
            + "\"lines\":[{\"sku\":\"~A-1\",\"qty\":2,\"price\":19.90}],\"priority\":3}").getBytes(StandardCharsets.UTF_8);

    static Map<String, Object> props(Object... kv) {
        Map<String, Object> m = new HashMap<>(Map.of("typedjson.value.types", TYPES));
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static TypedJsonDeserializer<Object> reader(Object... kv) {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        d.configure(props(kv), false);
        return d;
    }

    static Headers typeId(String id) {
        return new RecordHeaders().add("__TypeId__", id.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aTokenOfSpringsTypeMappingNamesAListedType() {
        TypedJsonDeserializer<Object> d = reader("typedjson.type.id.header", "__TypeId__", "typedjson.type.ids",
                "order=order.created", "typedjson.other.writers", "json");
        assertEquals(CREATED, d.deserialize("orders", typeId("order"), SPRING));
        // a listed name is its own id
        assertEquals(CREATED, d.deserialize("orders", typeId("order.created"), SPRING));
    }

    @Test
    void aClassNameIsTakenOnlyWhenListedAsAnId() {
        TypedJsonDeserializer<Object> d = reader("typedjson.type.id.header", "__TypeId__", "typedjson.type.ids",
                OrderCreated.class.getName() + "=order.created", "typedjson.other.writers", "json");
        assertEquals(CREATED, d.deserialize("orders", typeId(OrderCreated.class.getName()), SPRING));
        // the class of another listed type, not listed as an id: unknown, and never loaded
        SerializationException e = assertThrows(SerializationException.class,
                () -> d.deserialize("orders", typeId(OrderCancelled.class.getName()), SPRING));
        assertTrue(e.getMessage().contains(OrderCancelled.class.getName()) && e.getMessage().contains("__TypeId__"), e.getMessage());
        assertThrows(SerializationException.class, () -> d.deserialize("orders", typeId("java.lang.ProcessBuilder"), SPRING));
    }

    @Test
    void withoutThePropertyTheHeaderIsNotLookedAt() {
        TypedJsonDeserializer<Object> d = reader("typedjson.type.ids", "order=order.created", "typedjson.other.writers", "json");
        SerializationException e = assertThrows(SerializationException.class, () -> d.deserialize("orders", typeId("order"), SPRING));
        assertTrue(e.getMessage().contains("ce_type"), e.getMessage());
    }

    @Test
    void ceTypeGoesFirst() {
        TypedJsonDeserializer<Object> d = reader("typedjson.type.id.header", "__TypeId__", "typedjson.other.writers", "json");
        Headers h = typeId("nonsense").add("ce_type", "order.created".getBytes(StandardCharsets.UTF_8));
        assertEquals(CREATED, d.deserialize("orders", h, SPRING));
    }

    @Test
    void theSerializerWritesTheIdBesideCeType() {
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(props("typedjson.type.id.header", "__TypeId__", "typedjson.type.ids", "order=order.created",
                "typedjson.format.header", "plain"), false);
        Headers h = typeId("stale");
        byte[] bytes = s.serialize("orders", h, CREATED);
        assertArrayEquals(SPRING, bytes);
        assertArrayEquals("order".getBytes(StandardCharsets.UTF_8), h.lastHeader("__TypeId__").value());
        assertEquals(1, count(h, "__TypeId__"));
        assertArrayEquals("order.created".getBytes(StandardCharsets.UTF_8), h.lastHeader("ce_type").value());
        // without the id header property: ce_type only, and a stale __TypeId__ is left as it was
        TypedJsonSerializer<Object> plainOnly = new TypedJsonSerializer<>();
        plainOnly.configure(props(), false);
        Headers h2 = new RecordHeaders();
        plainOnly.serialize("orders", h2, CREATED);
        assertNull(h2.lastHeader("__TypeId__"));
    }

    @Test
    void theFirstIdListedForANameIsTheOneWritten() {
        // eight ids of one name: an unordered copy of the list would write another one in most JVMs
        StringBuilder ids = new StringBuilder();
        for (int i = 1; i <= 8; i++) {
            ids.append(i == 1 ? "" : ",").append("id").append(i).append("=order.created");
        }
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(props("typedjson.type.id.header", "__TypeId__", "typedjson.type.ids", ids.toString()), false);
        Headers h = new RecordHeaders();
        s.serialize("orders", h, CREATED);
        assertArrayEquals("id1".getBytes(StandardCharsets.UTF_8), h.lastHeader("__TypeId__").value());
    }

    @Test
    void aForwardedUnknownEventKeepsItsOwnMarkNotTheWriters() {
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(props("typedjson.format.header", "typed"), false);
        byte[] springs = "{\"note\":\"~~x\"}".getBytes(StandardCharsets.UTF_8); // plain JSON: the string ~~x
        // read unmarked (another writer's plain JSON): forwarded unmarked, never marked typed (which reads ~x)
        Headers out = new RecordHeaders().add("typedjson-format", "typed".getBytes(StandardCharsets.UTF_8));
        assertArrayEquals(springs, s.serialize("orders", out,
                new io.typedjson.serde.UnknownEvent("order.refunded", springs, new RecordHeaders())));
        assertNull(out.lastHeader("typedjson-format"), "a copied mark is removed");
        // read marked plain: forwarded marked plain
        Headers out2 = new RecordHeaders();
        s.serialize("orders", out2, new io.typedjson.serde.UnknownEvent("order.refunded", springs,
                new RecordHeaders().add("typedjson-format", "plain".getBytes(StandardCharsets.UTF_8))));
        assertArrayEquals("plain".getBytes(StandardCharsets.UTF_8), out2.lastHeader("typedjson-format").value());
        assertEquals(1, count(out2, "typedjson-format"));
    }

    /** Without headers (a state store) the name has nowhere to go but the envelope: typed JSON, as without the mark. */
    @Test
    void withoutHeadersAnEventIsTheEnvelopeStill() {
        for (String mark : new String[] {"typed", "plain"}) {
            TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
            s.configure(props("typedjson.format.header", mark), false);
            byte[] bytes = s.serialize("orders", CREATED);
            assertTrue(new String(bytes, StandardCharsets.UTF_8).startsWith("{\"~type\":\"order.created\",\"~v\":"),
                    () -> mark + ": " + new String(bytes, StandardCharsets.UTF_8));
            assertEquals(CREATED, reader().deserialize("orders", bytes));
        }
    }

    @Test
    void anUnmarkedEnvelopeReadAsPlainJsonIsRefusedNotReadAsItsFields() {
        // a typedjson event written without headers (a state store) beside another record's ce_type header: read as
        // plain JSON it would be an object whose keys "~type" and "~v" the class does not have
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(props(), false);
        byte[] envelope = s.serialize("orders", CREATED);
        Headers headers = new RecordHeaders().add("ce_type", "order.created".getBytes(StandardCharsets.UTF_8));
        SerializationException e = assertThrows(SerializationException.class,
                () -> reader("typedjson.other.writers", "json").deserialize("orders", headers, envelope));
        assertEquals("Cannot read typed JSON from topic 'orders': an event envelope (first key \"~type\") in a record "
                + "read as plain JSON (typedjson.other.writers=json, no header typedjson-format): typedjson's writers "
                + "mark their records while other writers share the topic (typedjson.format.header=typed)",
                e.getMessage());
        assertEquals(CREATED, reader().deserialize("orders", headers, envelope), "read as typed JSON by default");
    }

    static int count(Headers h, String name) {
        int n = 0;
        for (var ignored : h.headers(name)) {
            n++;
        }
        return n;
    }

    @Test
    void anIdForANameNotListedIsAConfigError() {
        ConfigException e = assertThrows(ConfigException.class, () -> reader("typedjson.type.ids", "order=order.placed"));
        assertTrue(e.getMessage().contains("'order.placed' is not one of the topic's event types"), e.getMessage());
        assertThrows(ConfigException.class, () -> reader("typedjson.type.ids", "order"));
    }

    @Test
    void anIdGivenToTwoNamesIsAConfigError() {
        // the reader took the last (order.cancelled), the writer wrote order.created's name for want of an id
        ConfigException e = assertThrows(ConfigException.class, () -> reader("typedjson.type.id.header", "__TypeId__",
                "typedjson.type.ids", "order=order.created,order=order.cancelled"));
        assertEquals("Invalid value order=order.cancelled for configuration typedjson.type.ids: the id order is given twice,"
                + " to order.created and order.cancelled (an id stands for one name)", e.getMessage());
        reader("typedjson.type.id.header", "__TypeId__", "typedjson.type.ids", "order=order.created,order=order.created");
    }

    @Test
    void theIdHeaderIsNotTheTypeHeader() {
        // the serializer wrote the id over ce_type, and its own deserializer refused every record
        ConfigException e = assertThrows(ConfigException.class, () -> reader("typedjson.type.id.header", "ce_type",
                "typedjson.type.ids", "com.acme.Order=order.created"));
        assertEquals("Invalid value ce_type for configuration typedjson.type.id.header: must differ from"
                + " typedjson.type.header: the id written there would replace the event type's name", e.getMessage());
    }
    /**
     * A reader of location document takes the event type from the envelope only, which another writer's plain JSON never
     * has: with typedjson.other.writers=json every such record would have no name, and policy skip dropped them all
     * silently. The combination is refused at configure(), whatever the policy; header and both read them.
     */
    @Test
    void otherWritersWithTheNameInTheDocumentOnlyIsRefusedAtConfigure() {
        for (String policy : List.of("skip", "fail", "pass")) {
            ConfigException e = assertThrows(ConfigException.class, () -> reader("typedjson.other.writers", "json",
                    "typedjson.type.location", "document", "typedjson.unknown.types", policy));
            assertEquals("Invalid value json for configuration typedjson.other.writers: another writer's plain JSON has no"
                    + " event envelope, and typedjson.type.location=document takes the event type from the envelope only:"
                    + " no record of another writer would have one (typedjson.unknown.types would refuse, skip or pass"
                    + " every such record, never read it); use typedjson.type.location=header or both", e.getMessage());
            // the event types given in code, and the serde, alike
            TypedJsonDeserializer<Object> given = TypedJsonDeserializer.forEventTypes(EventTypes.of(OrderEvent.class));
            assertThrows(ConfigException.class, () -> given.configure(props("typedjson.other.writers", "json",
                    "typedjson.type.location", "document", "typedjson.unknown.types", policy), false));
            assertThrows(ConfigException.class, () -> TypedJsonSerde.forEventTypes(EventTypes.of(OrderEvent.class))
                    .configure(props("typedjson.other.writers", "json", "typedjson.type.location", "document"), false));
        }
        // header and both read another writer's record by its type header; document without other writers is as before
        for (String location : List.of("header", "both")) {
            TypedJsonDeserializer<Object> d = reader("typedjson.other.writers", "json", "typedjson.type.location", location,
                    "typedjson.unknown.types", "skip");
            Headers h = new RecordHeaders().add("ce_type", "order.created".getBytes(StandardCharsets.UTF_8));
            assertEquals(CREATED, d.deserialize("orders", h, SPRING));
        }
        reader("typedjson.type.location", "document", "typedjson.unknown.types", "skip");
        // a producer's serializer ignores typedjson.other.writers (a consumer's setting Kafka hands it too)
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(props("typedjson.other.writers", "json", "typedjson.type.location", "document"), false);
    }
}

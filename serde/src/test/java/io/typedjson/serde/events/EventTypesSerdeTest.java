package io.typedjson.serde.events;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.codec.EventTypes;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerde;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.UnknownEvent;
import io.typedjson.serde.events.OrderCreated.Line;
import io.typedjson.serde.events.OrderShipped.Carrier;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several event types on one topic through the Kafka serializer and deserializer (SPEC.md section 12): every
 * location round-trips exactly, configured in code or by properties; nothing is resolved from a record; the
 * policies; the CloudEvents attributes; the configuration's refusals.
 */
class EventTypesSerdeTest {

    static final String ENTRIES = "order.created=" + OrderCreated.class.getName() + ",order.shipped="
            + OrderShipped.class.getName() + ",order.cancelled=" + OrderCancelled.class.getName();

    static final OrderCreated CREATED = new OrderCreated(1001, "Ada", new BigDecimal("59.80"),
            Instant.parse("2026-11-30T05:35:45.123Z"), List.of(new Line("A-1", 2, new BigDecimal("19.90"))), 3);
    static final OrderShipped SHIPPED = new OrderShipped(1001, LocalDate.parse("2026-12-01"), Carrier.LA_POSTE,
            Optional.of("LP123"), new LinkedHashSet<>(List.of("p1", "p2")));
    static final OrderCancelled CANCELLED = new OrderCancelled(9007199254740993L, null, Duration.ofMinutes(90),
            Map.of("A-1", 2), Map.of(LocalDate.parse("2026-12-02"), Double.NaN), true, 0.1f,
            UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), (short) -2);

    private static Map<String, Object> props(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** A serializer and a deserializer as Kafka makes them: no-argument constructors and properties. */
    private static TypedJsonSerializer<Object> serializer(Object... kv) {
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        Map<String, Object> p = props(kv);
        p.putIfAbsent(TypedJsonConfig.VALUE_TYPES, ENTRIES);
        s.configure(p, false);
        return s;
    }

    private static TypedJsonDeserializer<Object> deserializer(Object... kv) {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        Map<String, Object> p = props(kv);
        p.putIfAbsent(TypedJsonConfig.VALUE_TYPES, ENTRIES);
        d.configure(p, false);
        return d;
    }

    private static Headers headers(String... kv) {
        RecordHeaders h = new RecordHeaders();
        for (int i = 0; i < kv.length; i += 2) {
            h.add(kv[i], kv[i + 1] == null ? null : kv[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return h;
    }

    private static String text(Header h) {
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    // ------------------------------------------------------------------ round trips

    @ParameterizedTest
    @ValueSource(strings = {"header", "document", "both"})
    void threeTypesRoundTripExactlyInEveryLocation(String location) {
        TypedJsonSerializer<Object> s = serializer(TypedJsonConfig.TYPE_LOCATION, location);
        TypedJsonDeserializer<Object> d = deserializer();
        for (Object event : List.of(CREATED, SHIPPED, CANCELLED, SHIPPED, CREATED)) {
            Headers h = new RecordHeaders();
            byte[] bytes = s.serialize("orders", h, event);
            String name = event.getClass().getAnnotation(TypedJsonName.class).value();
            assertEquals(location.equals("document") ? null : name, text(h.lastHeader("ce_type")));
            assertEquals(!location.equals("header"), new String(bytes, StandardCharsets.UTF_8).startsWith("{\"~type\":\"" + name + "\",\"~v\":{"));
            assertEquals(event, d.deserialize("orders", h, bytes));
            assertEquals(event, d.deserialize("orders", h, ByteBuffer.wrap(bytes)));
        }
    }

    @Test
    void theDocumentOfTheHeaderLocationIsTheClassOwnDocument() {
        byte[] plain = TypedJsonSerializer.forClass(OrderShipped.class).serialize("orders", SHIPPED);
        assertArrayEquals(plain, serializer().serialize("orders", new RecordHeaders(), SHIPPED));
        // and the class's own deserializer reads it, headers or not
        assertEquals(SHIPPED, TypedJsonDeserializer.forClass(OrderShipped.class).deserialize("orders", plain));
    }

    @Test
    void theSealedTypeTheClassesAndTheNamedEntriesAreTheSameList() {
        EventTypes sealed = EventTypes.of(OrderEvent.class);
        assertEquals(List.of("order.created", "order.shipped", "order.cancelled"), sealed.names());
        assertEquals(sealed, EventTypes.of(OrderCreated.class, OrderShipped.class, OrderCancelled.class));
        Map<String, Class<?>> named = new LinkedHashMap<>();
        named.put("order.created", OrderCreated.class);
        named.put("order.shipped", OrderShipped.class);
        named.put("order.cancelled", OrderCancelled.class);
        assertEquals(sealed, EventTypes.of(named));
        for (String entries : List.of(ENTRIES, OrderEvent.class.getName(), OrderCreated.class.getName() + ", "
                + OrderShipped.class.getName() + " , order.cancelled = " + OrderCancelled.class.getName())) {
            TypedJsonSerializer<Object> s = serializer(TypedJsonConfig.VALUE_TYPES, entries);
            TypedJsonDeserializer<Object> d = TypedJsonDeserializer.forEventTypes(sealed);
            for (Object event : List.of(CREATED, SHIPPED, CANCELLED)) {
                Headers h = new RecordHeaders();
                assertEquals(event, d.deserialize("orders", h, s.serialize("orders", h, event)), entries);
            }
        }
    }

    @Test
    void theSerdeInCode() {
        TypedJsonSerde<Object> serde = TypedJsonSerde.forEventTypes(EventTypes.of(OrderEvent.class));
        Headers h = new RecordHeaders();
        byte[] bytes = serde.serializer().serialize("orders", h, CANCELLED);
        assertEquals("order.cancelled", text(h.lastHeader("ce_type")));
        assertEquals(CANCELLED, serde.deserializer().deserialize("orders", h, bytes));
        serde.configure(props(TypedJsonConfig.TYPE_LOCATION, "document"), false);
        Headers h2 = new RecordHeaders();
        assertTrue(new String(serde.serializer().serialize("orders", h2, CANCELLED), StandardCharsets.UTF_8).startsWith("{\"~type\""));
        assertNull(h2.lastHeader("ce_type"));
    }

    @Test
    void withoutHeadersTheEnvelopeIsWrittenWhateverTheLocation() {
        TypedJsonSerializer<Object> s = serializer(TypedJsonConfig.TYPE_LOCATION, "header");
        byte[] bytes = s.serialize("orders", CREATED); // as a state store serializes
        assertTrue(new String(bytes, StandardCharsets.UTF_8).startsWith("{\"~type\":\"order.created\",\"~v\":{\"orderId\":1001"));
        assertEquals(CREATED, deserializer().deserialize("orders", bytes));
        assertEquals(CREATED, deserializer().deserialize("orders", new RecordHeaders(), bytes));
    }

    @Test
    void aWriterRemovesAStaleTypeHeaderInEveryLocation() {
        for (String location : List.of("header", "document", "both")) {
            Headers h = headers("ce_type", "order.created", "other", "kept");
            byte[] bytes = serializer(TypedJsonConfig.TYPE_LOCATION, location).serialize("orders", h, SHIPPED);
            List<String> types = new ArrayList<>();
            h.headers("ce_type").forEach(x -> types.add(text(x)));
            assertEquals(location.equals("document") ? List.of() : List.of("order.shipped"), types, location);
            assertEquals("kept", text(h.lastHeader("other")));
            assertEquals(SHIPPED, deserializer().deserialize("orders", h, bytes));
        }
    }

    @Test
    void anotherHeaderName() {
        TypedJsonSerializer<Object> s = serializer(TypedJsonConfig.TYPE_HEADER, "event-type");
        Headers h = new RecordHeaders();
        byte[] bytes = s.serialize("orders", h, SHIPPED);
        assertEquals("order.shipped", text(h.lastHeader("event-type")));
        assertNull(h.lastHeader("ce_type"));
        assertEquals(SHIPPED, deserializer(TypedJsonConfig.TYPE_HEADER, "event-type").deserialize("orders", h, bytes));
        // a reader of ce_type does not look at event-type: no name
        SerializationException e = assertThrows(SerializationException.class, () -> deserializer().deserialize("orders", h, bytes));
        assertTrue(e.getMessage().contains("no event type"), e.getMessage());
    }

    @Test
    void aTombstoneStaysATombstone() {
        Headers h = new RecordHeaders();
        assertNull(serializer().serialize("orders", h, null));
        assertNull(h.lastHeader("ce_type"));
        assertNull(deserializer().deserialize("orders", headers("ce_type", "no.such.type"), (byte[]) null));
    }

    /** Random event sequences, every location, seeded: each record reads back equal to what was written. */
    @Test
    void randomEventsRoundTrip() {
        SplittableRandom random = new SplittableRandom(31);
        TypedJsonDeserializer<Object> d = deserializer(TypedJsonConfig.UNKNOWN_TYPES, "fail");
        List<TypedJsonSerializer<Object>> writers = List.of(serializer(TypedJsonConfig.TYPE_LOCATION, "header"),
                serializer(TypedJsonConfig.TYPE_LOCATION, "document"), serializer(TypedJsonConfig.TYPE_LOCATION, "both",
                        TypedJsonConfig.CLOUDEVENTS_SOURCE, "/test"));
        for (int i = 0; i < 2_000; i++) {
            Object event = randomEvent(random);
            TypedJsonSerializer<Object> s = writers.get(random.nextInt(writers.size()));
            Headers h = new RecordHeaders();
            byte[] bytes = random.nextBoolean() ? s.serialize("orders", h, event) : s.serialize("orders", event);
            assertEquals(event, d.deserialize("orders", h, bytes), () -> new String(bytes, StandardCharsets.UTF_8));
        }
    }

    static Object randomEvent(SplittableRandom r) {
        long id = r.nextLong();
        switch (r.nextInt(3)) {
            case 0: {
                List<Line> lines = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    lines.add(new Line(randomText(r), r.nextInt(), BigDecimal.valueOf(r.nextLong(), r.nextInt(-5, 10))));
                }
                return new OrderCreated(id, r.nextInt(5) == 0 ? null : randomText(r),
                        BigDecimal.valueOf(r.nextLong(), r.nextInt(0, 4)),
                        Instant.ofEpochSecond(r.nextLong(-10_000_000_000L, 10_000_000_000L), r.nextInt(1_000_000_000)),
                        lines, r.nextInt());
            }
            case 1: {
                LinkedHashSet<String> parcels = new LinkedHashSet<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    parcels.add(randomText(r));
                }
                return new OrderShipped(id, LocalDate.ofEpochDay(r.nextLong(-100_000, 100_000)),
                        Carrier.values()[r.nextInt(Carrier.values().length)],
                        r.nextBoolean() ? Optional.empty() : Optional.of(randomText(r)), parcels);
            }
            default: {
                Map<String, Integer> refunds = new LinkedHashMap<>();
                Map<LocalDate, Double> credits = new LinkedHashMap<>();
                for (int i = r.nextInt(3); i > 0; i--) {
                    refunds.put(randomText(r), r.nextInt());
                    credits.put(LocalDate.ofEpochDay(r.nextLong(-1000, 1000)),
                            r.nextInt(4) == 0 ? Double.NaN : Double.longBitsToDouble(r.nextLong()));
                }
                return new OrderCancelled(id, randomText(r), Duration.ofSeconds(r.nextLong(-1_000_000, 1_000_000), r.nextInt(1_000_000_000)),
                        refunds, credits, r.nextBoolean(), Float.intBitsToFloat(r.nextInt()), new UUID(r.nextLong(), r.nextLong()),
                        (short) r.nextInt(Short.MIN_VALUE, Short.MAX_VALUE + 1));
            }
        }
    }

    private static String randomText(SplittableRandom r) {
        String alphabet = "a~\"\\é😀\u2028 0";
        StringBuilder sb = new StringBuilder();
        for (int i = r.nextInt(6); i > 0; i--) {
            int cp = alphabet.codePointAt(alphabet.offsetByCodePoints(0, r.nextInt(alphabet.codePointCount(0, alphabet.length()))));
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ nothing is resolved from a record

    /** A class loader that records the name of every class asked of it ({@code Class.forName} too), then delegates. */
    private static final class RecordingLoader extends ClassLoader {
        final List<String> asked = java.util.Collections.synchronizedList(new ArrayList<>());

        RecordingLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            asked.add(name);
            return super.loadClass(name, resolve);
        }
    }

    @Test
    void aRecordNamingAClassIsRefused() {
        List<String> names = List.of(OrderShipped.class.getName(), "io.typedjson.serde.events.NeverLoaded",
                "java.lang.ProcessBuilder", "java.lang.Runtime", "OrderShipped", EventTypesSerdeTest.class.getName());
        // the loader typedjson loads configured classes with (the thread's context loader, as Kafka's) records what
        // it is asked: the listed classes while configuring, and then nothing a record names
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        RecordingLoader loader = new RecordingLoader(EventTypesSerdeTest.class.getClassLoader());
        thread.setContextClassLoader(loader);
        try {
            TypedJsonDeserializer<Object> d = deserializer();
            assertTrue(loader.asked.contains(OrderShipped.class.getName()), "configured through the loader: " + loader.asked);
            loader.asked.clear();
            for (String name : names) {
                SerializationException e = assertThrows(SerializationException.class,
                        () -> d.deserialize("orders", headers("ce_type", name), "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8)));
                assertEquals("Cannot read typed JSON from topic 'orders': unknown event type \"" + name + "\" in header ce_type "
                        + "(the topic's types are order.created, order.shipped, order.cancelled)", e.getMessage());
                // the same name in an envelope
                byte[] envelope = ("{\"~type\":\"" + name + "\",\"~v\":{\"orderId\":1}}").getBytes(StandardCharsets.UTF_8);
                e = assertThrows(SerializationException.class, () -> d.deserialize("orders", envelope));
                assertEquals("Cannot read typed JSON from topic 'orders': unknown event type \"" + name + "\" in the"
                        + " document's \"~type\" (the topic's types are order.created, order.shipped, order.cancelled)"
                        + " at $[\"~type\"] (byte offset 9)", e.getMessage());
            }
        } finally {
            thread.setContextClassLoader(before);
        }
        // a class named by a record is not loaded (not even asked for), let alone initialized
        assertEquals(List.of(), loader.asked.stream().filter(n -> names.stream().anyMatch(m -> n.equals(m) || n.endsWith("." + m)))
                .toList(), "classes asked for by name while reading: " + loader.asked);
        assertNull(System.getProperty("typedjson.test.never-loaded"));
    }

    @Test
    void aRecordNamingAPackageIsRefused() {
        for (String name : List.of("io.typedjson.serde.events", "io.typedjson.serde.events.*", "io.typedjson.*", "*", "java.lang")) {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> deserializer().deserialize("orders", headers("ce_type", name), "{}".getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("unknown event type " + io.typedjson.format.EventEnvelope.quote(name)), e.getMessage());
        }
    }

    @Test
    void aRecordNamingAnUnlistedNameIsRefused() {
        byte[] doc = TypedJsonSerializer.forClass(OrderRefunded.class).serialize("orders", new OrderRefunded(7, "late"));
        SerializationException e = assertThrows(SerializationException.class,
                () -> deserializer().deserialize("orders", headers("ce_type", "order.refunded"), doc));
        assertTrue(e.getMessage().contains("unknown event type \"order.refunded\" in header ce_type"), e.getMessage());
    }

    @Test
    void aHostileNameIsQuotedAndCutInMessages() {
        String name = "evil\nname\u0000" + "x".repeat(500);
        SerializationException e = assertThrows(SerializationException.class,
                () -> deserializer().deserialize("orders", headers("ce_type", name), "{}".getBytes(StandardCharsets.UTF_8)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains("\"evil\\u000Aname\\u0000xxx"), e.getMessage());
        assertTrue(e.getMessage().contains("...(410 more characters)"), e.getMessage());
        // bytes that are not UTF-8 are named so, not decoded into replacement characters (an overlong '/' here)
        RecordHeaders h = new RecordHeaders();
        h.add("ce_type", new byte[] {(byte) 0xC0, (byte) 0xAF});
        e = assertThrows(SerializationException.class, () -> deserializer().deserialize("orders", h, "{}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("Cannot read typed JSON from topic 'orders': the record's header ce_type is not UTF-8 (byte C0 at"
                + " index 0): it names no listed event type (the topic's types are order.created, order.shipped,"
                + " order.cancelled)", e.getMessage());
    }

    @Test
    void theSerializerRefusesAClassNotInTheList() {
        for (Object value : List.of(new OrderRefunded(7, "card 4111-1111"), "a string", Map.of("orderId", 1),
                new Line("sku", 1, BigDecimal.ONE))) {
            Headers h = new RecordHeaders();
            SerializationException e = assertThrows(SerializationException.class, () -> serializer().serialize("orders", h, value));
            assertEquals("Cannot write typed JSON for topic 'orders': " + value.getClass().getSimpleName()
                    + " is not one of the topic's event types (order.created, order.shipped, order.cancelled: "
                    + "typedjson.value.types)", e.getMessage());
            assertFalse(e.getMessage().contains("4111"), "the value's content is not printed");
            assertNull(h.lastHeader("ce_type"), "nothing written");
        }
    }

    // ------------------------------------------------------------------ policies

    @Test
    void skipReadsAsNull() {
        TypedJsonDeserializer<Object> d = deserializer(TypedJsonConfig.UNKNOWN_TYPES, "skip");
        assertNull(d.deserialize("orders", headers("ce_type", "order.refunded"), "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8)));
        assertNull(d.deserialize("orders", new RecordHeaders(), "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8)));
        assertNull(d.deserialize("orders", "{\"~type\":\"x\",\"~v\":[1,2]}".getBytes(StandardCharsets.UTF_8)));
        // listed names are read as ever
        Headers h = new RecordHeaders();
        assertEquals(SHIPPED, d.deserialize("orders", h, serializer().serialize("orders", h, SHIPPED)));
        // a malformed envelope is refused, not skipped
        SerializationException e = assertThrows(SerializationException.class,
                () -> d.deserialize("orders", "{\"~type\":\"x\",\"~v\":[1,2}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("Cannot read typed JSON from topic 'orders': Unexpected character ('}' (code 125)): was expecting comma"
                + " to separate Array entries at $[\"~v\"][1] (byte offset 22)", e.getMessage());
    }

    @Test
    void passKeepsTheNameTheBytesAndTheHeadersAndWritesThemBackUnchanged() {
        TypedJsonDeserializer<Object> d = deserializer(TypedJsonConfig.UNKNOWN_TYPES, "pass");
        byte[] value = "{\"orderId\":7,\"reason\":\"late\"}".getBytes(StandardCharsets.UTF_8);
        Headers h = headers("ce_specversion", "1.0", "ce_type", "order.refunded", "ce_id", "r-7");
        UnknownEvent unknown = assertInstanceOf(UnknownEvent.class, d.deserialize("orders", h, ByteBuffer.wrap(value)));
        assertEquals("order.refunded", unknown.type());
        assertArrayEquals(value, unknown.value());
        assertEquals(h, unknown.headers());
        assertEquals("UnknownEvent[type=\"order.refunded\", 29 bytes, 3 headers]", unknown.toString());
        assertThrows(IllegalStateException.class, () -> unknown.headers().add("x", null), "read-only");
        // forwarded (a Streams topology copies the record's headers): the same bytes, the same type header
        Headers out = headers("ce_type", "order.created");
        byte[] forwarded = serializer().serialize("orders-dlq", out, unknown);
        assertArrayEquals(value, forwarded);
        assertEquals(List.of("order.refunded"), texts(out, "ce_type"));
        // and read again as the same unknown event
        assertEquals(unknown.type(), ((UnknownEvent) d.deserialize("orders-dlq", h, forwarded)).type());
        // a record without a name: type null, and forwarded without a type header
        UnknownEvent none = assertInstanceOf(UnknownEvent.class, d.deserialize("orders", new RecordHeaders(), value));
        assertNull(none.type());
        Headers noneOut = headers("ce_type", "order.created");
        assertArrayEquals(value, serializer().serialize("orders-dlq", noneOut, none));
        assertNull(noneOut.lastHeader("ce_type"));
    }

    /**
     * serialize(topic, value) has no headers: an unknown event whose name came in a header cannot be written there, and
     * its bytes alone would read back as an event of no type; refused rather than written without its name.
     */
    @Test
    void anUnknownEventWhoseNameCameInAHeaderIsRefusedWithoutHeaders() {
        TypedJsonDeserializer<Object> d = deserializer(TypedJsonConfig.UNKNOWN_TYPES, "pass");
        byte[] value = "{\"orderId\":7}".getBytes(StandardCharsets.UTF_8);
        UnknownEvent fromHeader = assertInstanceOf(UnknownEvent.class,
                d.deserialize("orders", headers("ce_type", "order.refunded"), value));
        SerializationException e = assertThrows(SerializationException.class,
                () -> serializer().serialize("orders", fromHeader));
        assertEquals("Cannot write typed JSON for topic 'orders': an UnknownEvent of event type \"order.refunded\" has its"
                + " name in a header, and serialize(topic, value) has no headers to write it into (its bytes alone would"
                + " read back as an event of no type): forward it with serialize(topic, headers, value)", e.getMessage());
        // a name inside the bytes (an envelope) travels with them, and an event without a name loses nothing
        byte[] envelope = "{\"~type\":\"order.refunded\",\"~v\":{\"orderId\":7}}".getBytes(StandardCharsets.UTF_8);
        UnknownEvent fromEnvelope = assertInstanceOf(UnknownEvent.class, d.deserialize("orders", new RecordHeaders(), envelope));
        assertArrayEquals(envelope, serializer().serialize("orders", fromEnvelope));
        assertEquals("order.refunded", ((UnknownEvent) d.deserialize("orders", serializer().serialize("orders", fromEnvelope))).type());
        UnknownEvent none = assertInstanceOf(UnknownEvent.class, d.deserialize("orders", new RecordHeaders(), value));
        assertArrayEquals(value, serializer().serialize("orders", none));
    }

    private static List<String> texts(Headers h, String key) {
        List<String> out = new ArrayList<>();
        h.headers(key).forEach(x -> out.add(text(x)));
        return out;
    }

    /** Each case of the type header named as what it is: absent, null, empty, twice, not UTF-8. */
    @Test
    void eachCaseOfTheTypeHeaderIsNamedAsWhatItIs() {
        TypedJsonDeserializer<Object> d = deserializer();
        byte[] doc = "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8);
        String types = " (the topic's types are order.created, order.shipped, order.cancelled)";
        java.util.function.Function<Headers, String> refusal =
                h -> assertThrows(SerializationException.class, () -> d.deserialize("orders", h, doc)).getMessage();
        assertEquals("Cannot read typed JSON from topic 'orders': no event type: the record has no header ce_type and its"
                + " value is no event envelope {\"~type\":\"<name>\",\"~v\":<document>}" + types, refusal.apply(headers()));
        assertEquals("Cannot read typed JSON from topic 'orders': no event type: the record's header ce_type has a null"
                + " value and its value is no event envelope {\"~type\":\"<name>\",\"~v\":<document>}" + types,
                refusal.apply(headers("ce_type", null)));
        assertEquals("Cannot read typed JSON from topic 'orders': unknown event type \"\" in header ce_type" + types,
                refusal.apply(headers("ce_type", "")));
        assertEquals("Cannot read typed JSON from topic 'orders': the record has more than one header ce_type (an event"
                + " has one type)", refusal.apply(headers("ce_type", null, "ce_type", "order.shipped")));
        Headers latin1 = new RecordHeaders().add("ce_type", "order.shipp\u00e9d".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("Cannot read typed JSON from topic 'orders': the record's header ce_type is not UTF-8 (byte E9 at"
                + " index 11): it names no listed event type" + types, refusal.apply(latin1));
        // an unknown name as SPEC.md 12.2 says: the policy decides (pass keeps the name as decoded, U+FFFD for the byte)
        assertNull(deserializer(TypedJsonConfig.UNKNOWN_TYPES, "skip").deserialize("orders", latin1, doc));
        assertEquals("order.shipp\uFFFDd", assertInstanceOf(UnknownEvent.class,
                deserializer(TypedJsonConfig.UNKNOWN_TYPES, "pass").deserialize("orders", latin1, doc)).type());
        // a header that is not looked at (location document) is not named
        assertEquals("Cannot read typed JSON from topic 'orders': no event type: the record has no header ce_type and its"
                + " value is no event envelope {\"~type\":\"<name>\",\"~v\":<document>}" + types,
                assertThrows(SerializationException.class, () -> deserializer(TypedJsonConfig.TYPE_LOCATION, "document")
                        .deserialize("orders", headers("ce_type", null), doc)).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fail", "skip", "pass"})
    void refusalsThatAreNotAboutTheNameStayRefusals(String policy) {
        TypedJsonDeserializer<Object> d = deserializer(TypedJsonConfig.UNKNOWN_TYPES, policy);
        byte[] created = ("{\"~type\":\"order.created\",\"~v\":" + new String(TypedJsonSerializer.forClass(OrderCreated.class)
                .serialize("t", CREATED), StandardCharsets.UTF_8) + "}").getBytes(StandardCharsets.UTF_8);
        SerializationException e = assertThrows(SerializationException.class,
                () -> d.deserialize("orders", headers("ce_type", "order.shipped"), created));
        // the reason every reader gives and its position, then this serde's advice
        assertTrue(e.getMessage().contains("event types disagree: header ce_type says \"order.shipped\" and the document "
                + "says \"order.created\" at $[\"~type\"] (byte offset 9) (in a Kafka Streams state store"), e.getMessage());
        assertTrue(e.getMessage().endsWith(", or set dsl.store.format=headers with RocksDB stores)"), e.getMessage());
        // disagreeing with an unlisted name is refused too
        e = assertThrows(SerializationException.class, () -> d.deserialize("orders", headers("ce_type", "order.refunded"), created));
        assertTrue(e.getMessage().contains("event types disagree"), e.getMessage());
        e = assertThrows(SerializationException.class, () -> d.deserialize("orders",
                headers("ce_type", "order.shipped", "ce_type", "order.shipped"), "{}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("more than one header ce_type"), e.getMessage());
        e = assertThrows(SerializationException.class, () -> d.deserialize("orders", headers("ce_type", "order.shipped"),
                "{\"orderId\":\"12\"}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().endsWith("string \"12\" where an int64 belongs at $.orderId (byte offset 11)"), e.getMessage());
    }

    // ------------------------------------------------------------------ CloudEvents attributes

    @Test
    void aSourceMakesEachRecordACompleteCloudEvent() {
        TypedJsonSerializer<Object> s = serializer(TypedJsonConfig.CLOUDEVENTS_SOURCE, "/orders-service");
        Headers h = new RecordHeaders();
        s.serialize("orders", h, CREATED);
        assertEquals("order.created", text(h.lastHeader("ce_type")));
        assertEquals("1.0", text(h.lastHeader("ce_specversion")));
        assertEquals("/orders-service", text(h.lastHeader("ce_source")));
        assertEquals("application/json", text(h.lastHeader("content-type")));
        String id = text(h.lastHeader("ce_id"));
        assertEquals(id, UUID.fromString(id).toString());
        Headers h2 = new RecordHeaders();
        s.serialize("orders", h2, CREATED);
        assertNotEquals(id, text(h2.lastHeader("ce_id")), "an id per event");
        // an id and a source the application set are kept; a stale specversion and content type are replaced
        Headers mine = headers("ce_id", "order-1001-created", "ce_source", "/replay", "ce_specversion", "0.3",
                "content-type", "text/plain");
        s.serialize("orders", mine, CREATED);
        assertEquals(List.of("order-1001-created"), texts(mine, "ce_id"));
        assertEquals(List.of("/replay"), texts(mine, "ce_source"));
        assertEquals(List.of("1.0"), texts(mine, "ce_specversion"));
        assertEquals(List.of("application/json"), texts(mine, "content-type"));
        // without a source: only the type
        Headers plain = new RecordHeaders();
        serializer().serialize("orders", plain, CREATED);
        assertEquals(1, plain.toArray().length);
    }

    // ------------------------------------------------------------------ configuration

    @Test
    void configurationRefusals() {
        assertRefused(TypedJsonConfig.VALUE_TYPES, "not both", TypedJsonConfig.VALUE_TYPES, ENTRIES,
                TypedJsonConfig.VALUE_TYPE, OrderCreated.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "class com.acme.Missing not found", TypedJsonConfig.VALUE_TYPES,
                "order.created=com.acme.Missing");
        assertRefused(TypedJsonConfig.VALUE_TYPES, "has no event type name", TypedJsonConfig.VALUE_TYPES,
                Line.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "is not an event type name", TypedJsonConfig.VALUE_TYPES,
                "order created=" + OrderRefunded.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "is not an event type name", TypedJsonConfig.VALUE_TYPES,
                "~x=" + Line.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "given twice", TypedJsonConfig.VALUE_TYPES,
                "a=" + Line.class.getName() + ",a=" + Line.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "two names", TypedJsonConfig.VALUE_TYPES,
                "a=" + Line.class.getName() + ",b=" + Line.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "is named order.refunded by @TypedJsonName", TypedJsonConfig.VALUE_TYPES,
                "refund=" + OrderRefunded.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "a sealed type stands for several", TypedJsonConfig.VALUE_TYPES,
                "orders=" + OrderEvent.class.getName());
        assertRefused(TypedJsonConfig.VALUE_TYPES, "neither name=class nor a class name", TypedJsonConfig.VALUE_TYPES, "a=");
        assertRefused(TypedJsonConfig.TYPE_LOCATION, "", TypedJsonConfig.TYPE_LOCATION, "headers");
        assertRefused(TypedJsonConfig.UNKNOWN_TYPES, "", TypedJsonConfig.UNKNOWN_TYPES, "ignore");
        assertRefused(TypedJsonConfig.TYPE_HEADER, "printable ASCII", TypedJsonConfig.TYPE_HEADER, "ce type");
        assertRefused(TypedJsonConfig.CLOUDEVENTS_SOURCE, "URI reference", TypedJsonConfig.CLOUDEVENTS_SOURCE, "a b");
        assertRefused(TypedJsonConfig.CLOUDEVENTS_SOURCE, "use header or both", TypedJsonConfig.CLOUDEVENTS_SOURCE, "/s",
                TypedJsonConfig.TYPE_LOCATION, "document", TypedJsonConfig.VALUE_TYPES, ENTRIES);
        // a listed class the codec kind cannot make a codec of (no processor ran here): a ConfigException naming it
        assertRefused(TypedJsonConfig.VALUE_TYPES, "no codec generated at compile time for " + OrderCreated.class.getName(),
                TypedJsonConfig.VALUE_TYPES, ENTRIES, TypedJsonConfig.CODEC_KIND, "compiled");
    }

    @Test
    void eventTypesGivenInCodeThatCannotBeCarriedAreRefusedWithoutNamingTheList() {
        Map<String, Object> compiled = props(TypedJsonConfig.CODEC_KIND, "compiled");
        TypedJsonSerde<Object> serde = TypedJsonSerde.forEventTypes(EventTypes.of(OrderEvent.class));
        for (Runnable configure : List.<Runnable>of(() -> serde.serializer().configure(compiled, false),
                () -> serde.deserializer().configure(compiled, false))) {
            ConfigException e = assertThrows(ConfigException.class, configure::run);
            assertTrue(e.getMessage().startsWith("The event types given in code (") && e.getMessage().contains(
                    "typedjson.codec.kind=compiled: no codec generated at compile time for "), e.getMessage());
            assertFalse(e.getMessage().contains(TypedJsonConfig.VALUE_TYPES), e.getMessage());
        }
    }

    private static void assertRefused(String key, String phrase, Object... kv) {
        Map<String, Object> p = props(kv);
        for (boolean serializer : List.of(true, false)) {
            ConfigException e = assertThrows(ConfigException.class, () -> {
                if (serializer) {
                    new TypedJsonSerializer<>().configure(p, false);
                } else {
                    new TypedJsonDeserializer<>().configure(p, false);
                }
            });
            assertTrue(e.getMessage().contains(key) && e.getMessage().contains(phrase), e.getMessage());
        }
    }

    @Test
    void keysAreNotEventTypes() {
        TypedJsonSerializer<Object> keys = new TypedJsonSerializer<>();
        keys.configure(props(TypedJsonConfig.VALUE_TYPES, ENTRIES), true);
        Headers h = new RecordHeaders();
        assertEquals("\"k\"", new String(keys.serialize("orders", h, "k"), StandardCharsets.UTF_8));
        assertNull(h.lastHeader("ce_type"));
    }

    @Test
    void eventTypesGivenInCodeAreRefusedForKeys() {
        // a key serializer would write ce_type for the key, a key deserializer read the key by its value's ce_type
        TypedJsonSerde<Object> serde = TypedJsonSerde.forEventTypes(EventTypes.of(OrderEvent.class));
        for (Runnable configure : List.<Runnable>of(() -> serde.configure(Map.of(), true),
                () -> TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class)).configure(Map.of(), true),
                () -> TypedJsonDeserializer.forEventTypes(EventTypes.of(OrderEvent.class)).configure(Map.of(), true))) {
            assertEquals("event types are carried by record values (a record's type is its value's): forEventTypes(...)"
                    + " is a value serializer, deserializer or serde, not configured for keys",
                    assertThrows(ConfigException.class, configure::run).getMessage());
        }
    }

    @Test
    void codeFormRefusals() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EventTypes.of(Line.class));
        assertEquals("io.typedjson.serde.events.OrderCreated$Line has no event type name: annotate it with"
                + " @TypedJsonName(\"...\") or list it as name=class (a name is never derived from the class's)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EventTypes.of(OrderCreated.class, OrderCreated.class));
        assertEquals("the event type name order.created is given twice, to io.typedjson.serde.events.OrderCreated and"
                + " io.typedjson.serde.events.OrderCreated", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EventTypes.of());
        assertEquals("an event type list names at least one type", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EventTypes.of(Runnable.class));
        assertEquals("java.lang.Runnable is abstract and not sealed: an event type is a concrete class, or a sealed type"
                + " standing for its permitted subclasses", e.getMessage());
        EventTypes types = EventTypes.of(OrderEvent.class);
        assertEquals(OrderShipped.class, types.typeOf("order.shipped"));
        assertNull(types.typeOf(OrderShipped.class.getName()));
        assertNull(types.nameOf(OrderRefunded.class));
        assertNotNull(types.nameOf(OrderCreated.class));
        assertEquals("EventTypes[order.created, order.shipped, order.cancelled]", types.toString());
    }

    /** The plugin metrics count a name the list does not hold as its own kind of refusal, apart from a bad document. */
    @Test
    void refusedNamesAreCountedAsUnknownTypeNames() {
        org.apache.kafka.common.metrics.Metrics metrics = new org.apache.kafka.common.metrics.Metrics();
        TypedJsonSerializer<Object> s = serializer();
        TypedJsonDeserializer<Object> d = deserializer();
        s.withPluginMetrics(new org.apache.kafka.common.metrics.internals.PluginMetricsImpl(metrics, Map.of("side", "write")));
        d.withPluginMetrics(new org.apache.kafka.common.metrics.internals.PluginMetricsImpl(metrics, Map.of("side", "read")));
        Headers h = new RecordHeaders();
        byte[] created = s.serialize("orders", h, CREATED);
        assertEquals(CREATED, d.deserialize("orders", h, created));
        assertThrows(SerializationException.class, () -> s.serialize("orders", new RecordHeaders(), new OrderRefunded(1, "late")));
        Headers unlisted = new RecordHeaders().add("ce_type", OrderCreated.class.getName().getBytes(StandardCharsets.UTF_8));
        assertThrows(SerializationException.class, () -> d.deserialize("orders", unlisted, created));
        assertThrows(SerializationException.class, () -> d.deserialize("orders", h, "{\"orderId\":\"x\"}".getBytes(StandardCharsets.UTF_8)));
        Map<String, Double> write = new HashMap<>(), read = new HashMap<>();
        metrics.metrics().forEach((name, metric) -> {
            if (name.group().equals("plugins")) {
                (name.tags().get("side").equals("write") ? write : read).put(name.name(), ((Number) metric.metricValue()).doubleValue());
            }
        });
        assertEquals(1, write.get("records-written-total"));
        assertEquals(1, write.get("write-refused-unknown-type-name-total"));
        assertEquals(0, write.get("write-refused-type-total"));
        assertEquals(1, read.get("records-read-total"));
        assertEquals(1, read.get("read-refused-unknown-type-name-total"));
        assertEquals(1, read.get("read-refused-type-total"));
    }
}

package io.typedjson.serde.migration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.internals.PluginMetricsImpl;
import org.junit.jupiter.api.Test;

/**
 * A topic shared with writers and readers of plain JSON (SPEC.md section 13, docs/migrating.md): each property, and
 * what happens without it.
 */
class OtherWritersTest {

    public record Note(long id, String note, List<String> tags, Map<String, Integer> counts, BigDecimal amount,
                       Instant at, double ratio, Object extra) {}

    /** As Jackson (Spring Boot's mapper) writes a Note: strings as they are, NaN as "NaN", dates as ISO text. */
    static final String JACKSON = "{\"id\":9007199254740993,\"note\":\"~5 minutes late\",\"tags\":[\"~s3\",\"~~x\",\"a~b\"],"
            + "\"counts\":{\"~k\":1,\"k\":2},\"amount\":1.50,\"at\":\"2024-01-01T00:00:00.123456789Z\",\"ratio\":\"NaN\","
            + "\"extra\":\"~d1\"}";

    static final Note NOTE = new Note(9007199254740993L, "~5 minutes late", List.of("~s3", "~~x", "a~b"),
            linked("~k", 1, "k", 2), new BigDecimal("1.50"), Instant.parse("2024-01-01T00:00:00.123456789Z"), Double.NaN, "~d1");

    static Map<String, Integer> linked(String k1, int v1, String k2, int v2) {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static <T> TypedJsonDeserializer<T> reader(Class<T> type, Map<String, ?> props) {
        TypedJsonDeserializer<T> d = TypedJsonDeserializer.forClass(type);
        d.configure(props, false);
        return d;
    }

    static <T> TypedJsonSerializer<T> writer(Class<T> type, Map<String, ?> props) {
        TypedJsonSerializer<T> s = TypedJsonSerializer.forClass(type);
        s.configure(props, false);
        return s;
    }

    static Headers marked(String value) {
        return new RecordHeaders().add("typedjson-format", utf8(value));
    }

    // ------------------------------------------------------------------ consumers switched first

    @Test
    void anUnmarkedRecordOfAnotherWriterIsReadAsPlainJsonWithTheClass() {
        TypedJsonDeserializer<Note> d = reader(Note.class, Map.of("typedjson.other.writers", "json"));
        assertEquals(NOTE, d.deserialize("notes", new RecordHeaders(), utf8(JACKSON)));
        assertEquals(NOTE, d.deserialize("notes", utf8(JACKSON))); // no headers at all: unmarked
        assertEquals(NOTE, d.deserialize("notes", new RecordHeaders(), ByteBuffer.wrap(utf8(JACKSON))));
        assertEquals(NOTE, d.deserialize("notes", marked("plain"), utf8(JACKSON)));
    }

    @Test
    void withoutThePropertyTheSameRecordIsRefusedAsToday() {
        SerializationException e = assertThrows(SerializationException.class,
                () -> reader(Note.class, Map.of()).deserialize("notes", new RecordHeaders(), utf8(JACKSON)));
        assertTrue(e.getMessage().contains("tagged value \"~5 minutes late\" where a plain string belongs"), e.getMessage());
        assertTrue(e.getMessage().contains("$.note"), e.getMessage());
        assertTrue(e.getMessage().contains("set typedjson.other.writers=json"), e.getMessage());
    }

    @Test
    void aRecordMarkedTypedIsTypedJsonBesideThem() {
        TypedJsonDeserializer<Note> d = reader(Note.class, Map.of("typedjson.other.writers", "json"));
        byte[] typed = TypedJsonSerializer.forClass(Note.class).serialize("notes", NOTE);
        assertTrue(new String(typed, StandardCharsets.UTF_8).contains("\"~~5 minutes late\""));
        assertEquals(NOTE, d.deserialize("notes", marked("typed"), typed));
        // unmarked, the same bytes are another writer's: the escape is text
        assertEquals("~~5 minutes late", d.deserialize("notes", new RecordHeaders(), typed).note());
    }

    @Test
    void aMarkGivenTwiceOrUnknownIsRefused() {
        TypedJsonDeserializer<Note> d = reader(Note.class, Map.of("typedjson.other.writers", "json"));
        Headers twice = marked("typed").add("typedjson-format", utf8("typed"));
        assertTrue(assertThrows(SerializationException.class, () -> d.deserialize("notes", twice, utf8(JACKSON)))
                .getMessage().contains("typedjson-format is given twice"));
        assertTrue(assertThrows(SerializationException.class, () -> d.deserialize("notes", marked("Typed"), utf8(JACKSON)))
                .getMessage().contains("is 'Typed', neither 'typed' nor 'plain'"));
    }

    @Test
    void aKeyIsTypedJsonWhateverTheValuesMarkSays() {
        // Kafka hands the producer's and the consumer's properties to the key's serde too; the mark is the value's
        Map<String, String> both = Map.of("typedjson.other.writers", "json", "typedjson.format.header", "typed");
        TypedJsonSerializer<String> keys = TypedJsonSerializer.forClass(String.class);
        keys.configure(both, true);
        Headers headers = new RecordHeaders();
        assertArrayEquals(utf8("\"~~k\""), keys.serialize("notes", headers, "~k"));
        assertEquals(0, headers.toArray().length, "a key's serializer marks nothing");
        TypedJsonDeserializer<String> keyReader = TypedJsonDeserializer.forClass(String.class);
        keyReader.configure(both, true);
        // a value marked plain (or unmarked) beside a typedjson key: the key is still typed JSON
        assertEquals("~k", keyReader.deserialize("notes", marked("plain"), utf8("\"~~k\"")));
        assertEquals("~k", keyReader.deserialize("notes", new RecordHeaders(), utf8("\"~~k\"")));
    }

    @Test
    void byDefaultNoHeaderIsLookedAt() {
        byte[] typed = TypedJsonSerializer.forClass(Note.class).serialize("notes", NOTE);
        assertEquals(NOTE, reader(Note.class, Map.of()).deserialize("notes", marked("plain"), typed));
    }

    @Test
    void theDynamicModelReadsAnotherWritersDocumentLiterally() {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        d.configure(Map.of("typedjson.other.writers", "json"), false);
        Object read = d.deserialize("t", new RecordHeaders(), utf8("{\"~map\":[1,2],\"s\":\"~i5\",\"~~k\":[\"~\"]}"));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("~map", List.of(1L, 2L));
        expected.put("s", "~i5");
        expected.put("~~k", List.of("~"));
        assertEquals(expected, read);
        TypedJsonDeserializer<Object> typed = new TypedJsonDeserializer<>();
        typed.configure(Map.of(), false);
        assertThrows(SerializationException.class, () -> typed.deserialize("t", new RecordHeaders(), utf8("{\"s\":\"~i5x\"}")));
    }

    @Test
    void plainRecordsReadAreCounted() {
        Metrics metrics = new Metrics();
        TypedJsonDeserializer<Note> d = reader(Note.class, Map.of("typedjson.other.writers", "json"));
        d.withPluginMetrics(new PluginMetricsImpl(metrics, Map.of()));
        byte[] typed = TypedJsonSerializer.forClass(Note.class).serialize("notes", NOTE);
        d.deserialize("notes", new RecordHeaders(), utf8(JACKSON));
        d.deserialize("notes", marked("plain"), utf8(JACKSON));
        d.deserialize("notes", marked("typed"), typed);
        Map<String, Double> values = values(metrics);
        assertEquals(2, values.get("records-read-plain-total"));
        assertEquals(0, values.get("records-read-framed-total"));
        assertEquals(3, values.get("records-read-total"));
    }

    static Map<String, Double> values(Metrics metrics) {
        Map<String, Double> values = new HashMap<>();
        metrics.metrics().forEach((name, metric) -> values.put(name.name(), ((Number) metric.metricValue()).doubleValue()));
        return values;
    }

    // ------------------------------------------------------------------ producers switched first

    @Test
    void byDefaultTheSerializerWritesNoHeaderAndTheSameBytes() {
        Headers h = new RecordHeaders();
        byte[] bytes = writer(Note.class, Map.of()).serialize("notes", h, NOTE);
        assertEquals(0, h.toArray().length);
        Headers marked = new RecordHeaders();
        assertArrayEquals(bytes, writer(Note.class, Map.of("typedjson.format.header", "typed")).serialize("notes", marked, NOTE));
        assertArrayEquals(utf8("typed"), marked.lastHeader("typedjson-format").value());
    }

    @Test
    void aWriterThatDoesNotMarkDropsAPlainMarkCopiedFromTheRecordRead() {
        // Kafka Streams copies a record's headers to what it writes: a 'plain' mark would say typed bytes are plain
        for (Map<String, ?> props : List.of(Map.<String, Object>of(), Map.of("typedjson.other.writers", "json"))) {
            Headers h = marked("plain").add("other", utf8("kept"));
            byte[] bytes = writer(Note.class, props).serialize("notes", h, NOTE);
            assertNull(h.lastHeader("typedjson-format"), props.toString());
            assertArrayEquals(utf8("kept"), h.lastHeader("other").value());
            assertEquals(NOTE, reader(Note.class, Map.of("typedjson.other.writers", "json")).deserialize("notes",
                    marked("typed"), bytes));
            Headers typed = marked("typed");
            writer(Note.class, props).serialize("notes", typed, NOTE);
            assertArrayEquals(utf8("typed"), typed.lastHeader("typedjson-format").value(), "a true mark stays");
        }
        // a key's serializer leaves the value's mark alone
        TypedJsonSerializer<String> key = TypedJsonSerializer.forClass(String.class);
        key.configure(Map.of(), true);
        Headers h = marked("plain");
        key.serialize("notes", h, "k");
        assertArrayEquals(utf8("plain"), h.lastHeader("typedjson-format").value());
    }

    @Test
    void plainWritesWhatJacksonReadsAndMarksIt() {
        Headers h = new RecordHeaders().add("typedjson-format", utf8("typed")); // copied from a record read
        byte[] bytes = writer(Note.class, Map.of("typedjson.format.header", "plain")).serialize("notes", h, NOTE);
        assertEquals(JACKSON.replace("1.50", "1.50").replace("9007199254740993", "9007199254740993"),
                new String(bytes, StandardCharsets.UTF_8));
        assertEquals(1, h.toArray().length);
        assertArrayEquals(utf8("plain"), h.lastHeader("typedjson-format").value());
        assertEquals(NOTE, reader(Note.class, Map.of("typedjson.other.writers", "json")).deserialize("notes", h, bytes));
    }

    @Test
    void plainRefusesWhatOnlyATagCarries() {
        TypedJsonSerializer<Note> s = writer(Note.class, Map.of("typedjson.format.header", "plain"));
        for (Object extra : List.of(new BigDecimal("1.5"), Set.of("a"), Map.of(1, 2), Double.NaN, Instant.EPOCH)) {
            Note n = new Note(1, "n", List.of(), Map.of(), BigDecimal.ONE, Instant.EPOCH, 0, extra);
            SerializationException e = assertThrows(SerializationException.class, () -> s.serialize("notes", new RecordHeaders(), n));
            assertTrue(e.getMessage().contains("needs a tag") && e.getMessage().contains("$.extra")
                    && e.getMessage().contains("typedjson.format.header=plain"), e.getMessage());
        }
        // typed JSON carries them
        Note n = new Note(1, "n", List.of(), Map.of(), BigDecimal.ONE, Instant.EPOCH, 0, new BigDecimal("1.5"));
        assertEquals(n, reader(Note.class, Map.of()).deserialize("notes", writer(Note.class, Map.of()).serialize("notes", n)));
    }

    // ------------------------------------------------------------------ Confluent's framing

    static byte[] framed(int schemaId, String json) {
        byte[] j = utf8(json);
        return ByteBuffer.allocate(5 + j.length).put((byte) 0).putInt(schemaId).put(j).array();
    }

    @Test
    void aFramedValueIsReadWithTheClassAndItsSchemaIdKept() {
        Metrics metrics = new Metrics();
        TypedJsonDeserializer<Note> d = reader(Note.class, Map.of("typedjson.confluent.framing", "strip"));
        d.withPluginMetrics(new PluginMetricsImpl(metrics, Map.of()));
        Headers h = new RecordHeaders();
        assertEquals(NOTE, d.deserialize("notes", h, framed(100042, JACKSON)));
        assertArrayEquals(utf8("100042"), h.lastHeader("typedjson-confluent-schema-id").value());
        assertEquals(1, values(metrics).get("records-read-framed-total"));
        // typedjson's own records beside them are read as before
        assertEquals(NOTE, d.deserialize("notes", new RecordHeaders(), TypedJsonSerializer.forClass(Note.class).serialize("n", NOTE)));
        assertTrue(assertThrows(SerializationException.class, () -> d.deserialize("notes", new RecordHeaders(), new byte[] {0, 0, 1}))
                .getMessage().contains("too short for the framing"));
    }

    @Test
    void withoutThePropertyAFramedValueIsRefusedNamingIt() {
        for (Map<String, ?> props : List.of(Map.<String, Object>of(), Map.of("typedjson.other.writers", "json"))) {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> reader(Note.class, props).deserialize("notes", new RecordHeaders(), framed(7, JACKSON)));
            assertTrue(e.getMessage().contains("Confluent's JSON Schema framing (magic byte 0, schema id 7): set "
                    + "typedjson.confluent.framing=strip"), e.getMessage());
            assertTrue(e.getMessage().contains(" at $ (byte offset 0)"), e.getMessage());
        }
    }

    @Test
    void aNullValueStaysNull() {
        assertNull(reader(Note.class, Map.of("typedjson.other.writers", "json", "typedjson.confluent.framing", "strip"))
                .deserialize("notes", new RecordHeaders(), (byte[]) null));
    }
}

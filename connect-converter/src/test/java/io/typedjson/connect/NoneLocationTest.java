package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Location none holds the rules of inline and header wherever SPEC.md section 11 does not say otherwise. */
class NoneLocationTest {

    private static final String TOPIC = "t";
    private static final TypedJsonConverter NONE = TypedJsonConverterTest.converter("none", false);
    private static final TypedJsonConverter HEADER = TypedJsonConverterTest.converter("header", false);
    private static final TypedJsonConverter INLINE = TypedJsonConverterTest.converter("inline", false);

    /** Refused as header mode refuses it (the same document shape: the value at $), with inline's message. */
    private static void refusedAsInHeaderMode(Schema schema, Object value, String expected) {
        DataException header = assertThrows(DataException.class,
                () -> HEADER.fromConnectData(TOPIC, new RecordHeaders(), schema, value));
        DataException inline = assertThrows(DataException.class, () -> INLINE.fromConnectData(TOPIC, schema, value));
        DataException none = assertThrows(DataException.class, () -> NONE.fromConnectData(TOPIC, schema, value));
        assertEquals(header.getMessage(), none.getMessage());
        assertEquals("Cannot write typed JSON for topic 't': " + expected, none.getMessage());
        assertEquals(inline.getMessage().replace("$[\"~v\"]", "$"), none.getMessage());
    }

    @Test
    void valuesThatDoNotFitTheSchemaAreRefusedWithTheirPath() {
        List<Executable> cases = new ArrayList<>();
        cases.add(() -> refusedAsInHeaderMode(Decimal.schema(2), new BigDecimal("1.5"), "decimal 1.5 has scale 1 but the schema's scale is 2 at $"));
        cases.add(() -> refusedAsInHeaderMode(Schema.INT32_SCHEMA, null, "null for a required INT32 at $"));
        Map<String, Integer> nullValue = new LinkedHashMap<>();
        nullValue.put("a", null);
        cases.add(() -> refusedAsInHeaderMode(SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA).build(), nullValue,
                "null for a required INT32 at $.a"));
        cases.add(() -> refusedAsInHeaderMode(Schema.STRING_SCHEMA, 5, "java.lang.Integer where the schema wants a STRING at $"));
        cases.add(() -> refusedAsInHeaderMode(Timestamp.SCHEMA, 5L,
                "java.lang.Long where the schema wants a INT64 org.apache.kafka.connect.data.Timestamp at $"));
        cases.add(() -> refusedAsInHeaderMode(SchemaBuilder.array(Schema.INT32_SCHEMA).build(), Set.of(1),
                "java.util.ImmutableCollections$Set12 where the schema wants a ARRAY at $"));
        cases.add(() -> refusedAsInHeaderMode(SchemaBuilder.int32().name(Date.LOGICAL_NAME).build(), 5,
                "java.lang.Integer where the schema wants a INT32 org.apache.kafka.connect.data.Date at $"));
        cases.add(() -> refusedAsInHeaderMode(SchemaBuilder.map(Schema.STRING_SCHEMA, SchemaBuilder.array(Timestamp.SCHEMA).build()).build(),
                Map.of("a", List.of(new java.util.Date(0), 5L)),
                "java.lang.Long where the schema wants a INT64 org.apache.kafka.connect.data.Timestamp at $.a[1]"));
        // a schema inline refuses is refused too (no path: it is the schema, not a value)
        cases.add(() -> refusedAsInHeaderMode(SchemaBuilder.bytes().name(Decimal.LOGICAL_NAME).version(1).parameter(Decimal.SCALE_FIELD, "abc").build(),
                BigDecimal.ONE, "a Decimal schema needs an integer \"scale\" parameter, not abc"));
        cases.add(() -> refusedAsInHeaderMode(SchemaBuilder.bytes().name(Decimal.LOGICAL_NAME).build(), BigDecimal.ONE,
                "a Decimal schema needs an integer \"scale\" parameter, not null"));
        assertAll(cases);
    }

    @Test
    void aMapOfOtherKeysNamesThePathInItsTildeMap() {
        Schema schema = SchemaBuilder.map(Schema.BYTES_SCHEMA, Schema.INT32_SCHEMA).build();
        Map<Object, Object> nullValue = new LinkedHashMap<>();
        nullValue.put(new byte[] {1}, null);
        Map<Object, Object> twice = new LinkedHashMap<>();
        twice.put(new byte[] {1}, 1);
        twice.put(java.nio.ByteBuffer.wrap(new byte[] {1}), 2);
        for (Map<Object, Object> map : List.of(nullValue, twice)) {
            DataException header = assertThrows(DataException.class, () -> HEADER.fromConnectData(TOPIC, new RecordHeaders(), schema, map));
            DataException none = assertThrows(DataException.class, () -> NONE.fromConnectData(TOPIC, schema, map));
            assertEquals(header.getMessage().replace(" at $[", " at $[\"~map\"]["), none.getMessage());
            assertTrue(none.getMessage().contains(" at $[\"~map\"]["), none.getMessage());
        }
    }

    @Test
    void aLogicalNameOnAnotherTypeIsThatType() {
        // ValueCodec takes Connect's logical names only on their own types: an INT64 named Date holds a Long
        Schema longDate = SchemaBuilder.int64().name(Date.LOGICAL_NAME).build();
        assertEquals("5", Samples.utf8(NONE.fromConnectData(TOPIC, longDate, 5L)));
        Schema stringTimestamp = SchemaBuilder.string().name(Timestamp.LOGICAL_NAME).build();
        assertEquals("\"x\"", Samples.utf8(NONE.fromConnectData(TOPIC, stringTimestamp, "x")));
        refusedAsInHeaderMode(longDate, new java.util.Date(0),
                "java.util.Date where the schema wants a INT64 org.apache.kafka.connect.data.Date at $");
    }

    private static byte[] bytes(String document) {
        return document.getBytes(StandardCharsets.UTF_8);
    }

    /** Reads a document and writes what it read: the same bytes (SPEC.md section 11). */
    private static SchemaAndValue readsAndWritesBack(byte[] document) {
        SchemaAndValue read = NONE.toConnectData(TOPIC, document);
        assertArrayEquals(document, NONE.fromConnectData(TOPIC, read.schema(), read.value()),
                () -> Samples.utf8(document) + " read as " + read);
        return read;
    }

    @Test
    void anObjectWithAnEmptyKeyComesBackSchemaless() {
        Map<String, Object> empty = new LinkedHashMap<>(Map.of("", 1));
        assertEquals(new SchemaAndValue(null, empty), readsAndWritesBack(NONE.fromConnectData(TOPIC, null, empty)));
        // nested: nothing is derived for the record
        Map<String, Object> nested = new LinkedHashMap<>(Map.of("a", empty));
        assertEquals(new SchemaAndValue(null, nested), readsAndWritesBack(bytes("{\"a\":{\"\":\"~i1\"}}")));
    }

    @Test
    void anInstantBeyondEpochMillisComesBackSchemaless() {
        assertEquals(new SchemaAndValue(null, Instant.MIN), readsAndWritesBack(NONE.fromConnectData(TOPIC, null, Instant.MIN)));
        assertEquals(new SchemaAndValue(null, Instant.MAX), readsAndWritesBack(NONE.fromConnectData(TOPIC, null, Instant.MAX)));
        SchemaAndValue far = readsAndWritesBack(bytes("\"~t+300000000-01-01T00:00:00Z\""));
        assertNull(far.schema());
        assertEquals(Instant.parse("+300000000-01-01T00:00:00Z"), far.value());
        assertNull(readsAndWritesBack(bytes("[\"~t+300000000-01-01T00:00:00Z\"]")).schema());
        // the last millisecond a long holds is a Timestamp
        assertEquals(new SchemaAndValue(Timestamp.SCHEMA, new java.util.Date(Long.MAX_VALUE)),
                readsAndWritesBack(NONE.fromConnectData(TOPIC, Timestamp.SCHEMA, new java.util.Date(Long.MAX_VALUE))));
    }

    @Test
    void theDocumentNullIsANullValueNotATombstone() {
        byte[] document = NONE.fromConnectData(TOPIC, Schema.OPTIONAL_INT32_SCHEMA, null);
        assertEquals("null", Samples.utf8(document));
        assertEquals(new SchemaAndValue(Schema.OPTIONAL_STRING_SCHEMA, null), readsAndWritesBack(document));
        assertEquals(SchemaAndValue.NULL, NONE.toConnectData(TOPIC, null));
        assertNull(NONE.fromConnectData(TOPIC, null, null));
    }

    @Test
    void theDocumentNullOfAnEventTypeIsNamed() {
        TypedJsonConverter events = EventTypesConverterTest.converter(TypedJsonConverterConfig.SCHEMA_LOCATION, "none");
        Schema created = SchemaBuilder.string().optional().name("order.created").build();
        org.apache.kafka.common.header.Headers headers = new RecordHeaders();
        byte[] document = events.fromConnectData(TOPIC, headers, created, null);
        assertEquals("null", Samples.utf8(document));
        SchemaAndValue read = events.toConnectData(TOPIC, headers, document);
        assertEquals(new SchemaAndValue(created, null), read);
        org.apache.kafka.common.header.Headers again = new RecordHeaders();
        assertArrayEquals(document, events.fromConnectData(TOPIC, again, read.schema(), read.value()));
        assertEquals(List.of(headers.toArray()), List.of(again.toArray()));
    }

    @Test
    void aSetComesBackAnArray() {
        // SPEC.md section 11, "Derived schemas": ~set derives an ARRAY (Connect has no set), so a set is the one
        // document of location none that is not written back as it was read
        Set<Object> set = new LinkedHashSet<>(List.of(1));
        byte[] document = NONE.fromConnectData(TOPIC, null, set);
        assertEquals("{\"~set\":[\"~i1\"]}", Samples.utf8(document));
        SchemaAndValue read = NONE.toConnectData(TOPIC, document);
        assertEquals(new SchemaAndValue(SchemaBuilder.array(Schema.INT32_SCHEMA).build(), List.of(1)), read);
        assertEquals("[\"~i1\"]", Samples.utf8(NONE.fromConnectData(TOPIC, read.schema(), read.value())));
    }
    /**
     * What location none wrote before it wrote with {@link ValueCodec}'s dynamic spelling: the value turned into the
     * dynamic model, written by DynamicCodec. The bytes of a value that fits its schema must not change.
     */
    private static Object toDynamic(Schema schema, Object value) {
        if (schema == null || value == null) {
            return value instanceof ByteBuffer buffer ? ValueCodec.bytesOf(buffer) : value;
        }
        if (schema.name() != null) { // a logical name on its own type only, as ValueCodec.of
            switch (schema.name()) {
                case Date.LOGICAL_NAME:
                    if (schema.type() == Schema.Type.INT32) {
                        return LocalDate.ofEpochDay(ValueCodec.epochDay((java.util.Date) value));
                    }
                    break;
                case Time.LOGICAL_NAME:
                    if (schema.type() == Schema.Type.INT32) {
                        return LocalTime.ofNanoOfDay(ValueCodec.millisOfDay((java.util.Date) value) * 1_000_000L);
                    }
                    break;
                case Timestamp.LOGICAL_NAME:
                    if (schema.type() == Schema.Type.INT64) {
                        return Instant.ofEpochMilli(((java.util.Date) value).getTime());
                    }
                    break;
                default:
                    break;
            }
        }
        switch (schema.type()) {
            case BYTES:
                return value instanceof ByteBuffer buffer ? ValueCodec.bytesOf(buffer) : value;
            case ARRAY: {
                List<Object> list = new ArrayList<>();
                for (Object e : (List<?>) value) {
                    list.add(toDynamic(schema.valueSchema(), e));
                }
                return list;
            }
            case MAP: {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    map.put(toDynamic(schema.keySchema(), e.getKey()), toDynamic(schema.valueSchema(), e.getValue()));
                }
                return map;
            }
            case STRUCT: {
                Struct struct = (Struct) value;
                Map<String, Object> map = new LinkedHashMap<>();
                for (Field f : schema.fields()) {
                    map.put(f.name(), toDynamic(f.schema(), struct.getWithoutDefault(f.name())));
                }
                return map;
            }
            default:
                return value;
        }
    }

    @Test
    void theDynamicSpellingIsTheDynamicModelsBytes() {
        RandomConnect random = new RandomConnect(39);
        int compared = 0;
        for (int i = 0; i < 3000; i++) {
            Schema schema = random.schema(3);
            Object value = random.value(schema);
            if (value == null) {
                continue;
            }
            assertSameBytes(schema, value);
            compared++;
        }
        for (Struct all : Samples.allVariants()) {
            assertSameBytes(Samples.ALL, all);
        }
        for (Struct row : Samples.rows(50, 1)) {
            assertSameBytes(Samples.ROW, row);
        }
        // the maps of the dynamic model: an object when the keys are all strings (an empty one whatever its key
        // schema), else a ~map; byte buffers as bytes
        Map<String, Integer> byName = new LinkedHashMap<>();
        byName.put("~k", 1);
        assertSameBytes(SchemaBuilder.map(Schema.OPTIONAL_STRING_SCHEMA, Schema.INT32_SCHEMA).build(), byName);
        Map<String, Integer> withNull = new LinkedHashMap<>(byName);
        withNull.put(null, 2);
        assertSameBytes(SchemaBuilder.map(Schema.OPTIONAL_STRING_SCHEMA, Schema.INT32_SCHEMA).build(), withNull);
        assertSameBytes(SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.INT32_SCHEMA).build(), Map.of());
        assertSameBytes(SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.BYTES_SCHEMA).build(), Map.of(1, java.nio.ByteBuffer.wrap(new byte[] {1, 2})));
        assertSameBytes(Schema.BYTES_SCHEMA, java.nio.ByteBuffer.wrap(new byte[] {3}));
        assertTrue(compared > 2000, "compared " + compared);
    }

    private static void assertSameBytes(Schema schema, Object value) {
        byte[] before = io.typedjson.format.TypedJsonFormat.defaults().write(io.typedjson.format.DynamicCodec.INSTANCE, toDynamic(schema, value));
        assertEquals(Samples.utf8(before), Samples.utf8(NONE.fromConnectData(TOPIC, schema, value)), () -> SchemaNotation.brief(schema));
    }
}

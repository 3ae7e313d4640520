package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TypedJsonConverterTest {

    private static final String TOPIC = "t";

    static TypedJsonConverter converter(String location, boolean isKey) {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of(TypedJsonConverterConfig.SCHEMA_LOCATION, location), isKey);
        return c;
    }

    /** Writes with one converter and reads with a fresh one, so nothing but the bytes and headers carries over. */
    static SchemaAndValue roundTrip(String location, Schema schema, Object value) {
        Headers headers = new RecordHeaders();
        byte[] bytes = converter(location, false).fromConnectData(TOPIC, headers, schema, value);
        return converter(location, false).toConnectData(TOPIC, headers, bytes);
    }

    static void assertExact(String location, Schema schema, Object value) {
        SchemaAndValue back = roundTrip(location, schema, value);
        assertEquals(schema, back.schema(), location);
        assertDeepEquals(value, back.value());
    }

    static void assertDeepEquals(Object expected, Object actual) {
        assertTrue(Arrays.deepEquals(new Object[] {expected}, new Object[] {actual}),
                () -> "expected " + expected + " but got " + actual);
        if (expected instanceof BigDecimal) {
            assertEquals(((BigDecimal) expected).scale(), ((BigDecimal) actual).scale());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header"})
    void everyTypeRoundTripsExactly(String location) {
        for (Struct variant : Samples.allVariants()) {
            variant.validate();
            assertExact(location, Samples.ALL, variant);
        }
        Struct all = Samples.all();
        Struct back = (Struct) roundTrip(location, Samples.ALL, all).value();
        assertNull(back.getWithoutDefault("opt_with_default"), "a null stays null even with a default");
        assertEquals(new BigDecimal("1E+3"), back.get("dec_neg"));
        assertEquals(-3, ((BigDecimal) back.get("dec_neg")).scale());
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header"})
    void primitivesAndSpecialFloats(String location) {
        for (Object f : new Object[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f, Float.MIN_VALUE, Float.MAX_VALUE}) {
            assertExact(location, Schema.FLOAT32_SCHEMA, f);
        }
        for (Object d : new Object[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.1 + 0.2, Double.MIN_VALUE}) {
            assertExact(location, Schema.FLOAT64_SCHEMA, d);
        }
        assertExact(location, Schema.INT8_SCHEMA, (byte) 127);
        assertExact(location, Schema.INT16_SCHEMA, (short) -32768);
        assertExact(location, Schema.INT32_SCHEMA, 5);
        assertExact(location, Schema.INT64_SCHEMA, Long.MIN_VALUE);
        assertExact(location, Schema.BOOLEAN_SCHEMA, false);
        assertExact(location, Schema.STRING_SCHEMA, "~~");
        assertExact(location, Schema.STRING_SCHEMA, "~t");
        assertExact(location, Schema.BYTES_SCHEMA, new byte[] {1, 2, 3, 4});
        assertExact(location, Decimal.schema(0), new BigDecimal("12345678901234567890123456789"));
        assertExact(location, Decimal.schema(-2), new BigDecimal("1.23E+4"));
        assertExact(location, Date.SCHEMA, new java.util.Date(-719_528L * 86_400_000L)); // year 0
        assertExact(location, Time.SCHEMA, new java.util.Date(0));
        assertExact(location, Timestamp.SCHEMA, new java.util.Date(-62_000_000_000_000L));
        assertExact(location, SchemaBuilder.array(Schema.OPTIONAL_FLOAT64_SCHEMA).build(), Arrays.asList(1.0, null, Double.NaN));
        assertExact(location, Schema.OPTIONAL_INT32_SCHEMA, null);
        assertExact(location, SchemaBuilder.int32().optional().defaultValue(3).build(), null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header"})
    void byteBuffersComeBackAsByteArrays(String location) {
        SchemaAndValue back = roundTrip(location, Schema.BYTES_SCHEMA, ByteBuffer.wrap(new byte[] {9, 8, 7}, 1, 2));
        assertArrayEquals(new byte[] {8, 7}, (byte[]) back.value());
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header"})
    void schemalessValuesKeepTheirNarrowTypes(String location) {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("int", 1);
        map.put("long", 1L);
        map.put("short", (short) 2);
        map.put("float", 1.5f);
        map.put("nan", Double.NaN);
        map.put("decimal", new BigDecimal("1.10"));
        map.put("~key", "~value");
        map.put("list", Arrays.asList((byte) 1, null, "x", List.of()));
        map.put("nested", Map.of(1, "non-string key"));
        for (Object v : new Object[] {map, 5, (short) 5, "~i5", List.of(1L, 2), true, -0.0, new LinkedHashSet<>(List.of(1, 2))}) {
            SchemaAndValue back = roundTrip(location, null, v);
            assertNull(back.schema());
            assertEquals(v, back.value());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header", "none"})
    void tombstones(String location) {
        TypedJsonConverter c = converter(location, false);
        assertNull(c.fromConnectData(TOPIC, new RecordHeaders(), null, null));
        assertNull(c.fromConnectData(TOPIC, null, null));
        assertSame(SchemaAndValue.NULL, c.toConnectData(TOPIC, new RecordHeaders(), null));
        assertSame(SchemaAndValue.NULL, c.toConnectData(TOPIC, null));
    }

    @Test
    void inlineDocumentShape() {
        TypedJsonConverter c = converter("inline", false);
        Struct row = Samples.rows(1, 1).get(0);
        String doc = Samples.utf8(c.fromConnectData(TOPIC, Samples.ROW, row));
        assertTrue(doc.startsWith("{\"~s\":\"{id:i32,customer_id:i64,qty:i16,price:dec(2),created:ts,ship_date:date?,"
                + "note?,active:bool,score:f32,payload:bytes?}\",\"~v\":[100000,"), doc);
        // the three-argument call has no headers, so header mode writes inline too
        assertEquals(doc, Samples.utf8(converter("header", false).fromConnectData(TOPIC, Samples.ROW, row)));
    }

    @Test
    void headerModeWritesPlainTypedJsonAndTheSchemaInAHeader() {
        Headers headers = new RecordHeaders();
        byte[] bytes = converter("header", false).fromConnectData(TOPIC, headers, Samples.ORDER, Samples.orders(1, 1).get(0));
        String value = Samples.utf8(bytes);
        assertTrue(value.startsWith("{\"id\":1000000,\"name\":"), value);
        assertEquals("{id:i64,name,status,amount:f64,tags:[str],ts}",
                Samples.utf8(headers.lastHeader("typedjson.schema").value()));
        // writing again replaces the header instead of adding a second one
        converter("header", false).fromConnectData(TOPIC, headers, Samples.ORDER, Samples.orders(1, 1).get(0));
        assertEquals(1, headers.toArray().length);
        // keys use their own header
        Headers keyHeaders = new RecordHeaders();
        TypedJsonConverter keys = converter("header", true);
        keys.fromConnectData(TOPIC, keyHeaders, Schema.INT64_SCHEMA, 5L);
        assertNotNull(keyHeaders.lastHeader("typedjson.key.schema"));
        assertEquals(new SchemaAndValue(Schema.INT64_SCHEMA, 5L), keys.toConnectData(TOPIC, keyHeaders, "5".getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * A schema header copied from another record (by an SMT, or a source that copies headers) would be read before
     * the record's own schema: every location removes both schema headers and adds back only what it writes.
     */
    @Test
    void staleSchemaHeadersAreRemovedWhateverTheLocation() {
        for (String location : List.of("inline", "none", "header")) {
            for (Schema schema : java.util.Arrays.asList(Schema.INT32_SCHEMA, null)) {
                Headers headers = new RecordHeaders();
                headers.add("typedjson.schema", "str".getBytes(StandardCharsets.UTF_8));
                headers.add("typedjson.schema.ref", new byte[16]);
                headers.add("other", new byte[] {1});
                headers.add("typedjson.schema", "i64".getBytes(StandardCharsets.UTF_8)); // each copy removed, not the last
                TypedJsonConverter c = converter(location, false);
                byte[] bytes = c.fromConnectData(TOPIC, headers, schema, 5);
                // the stale ones are gone; someone else's header stays; location header adds back exactly one schema
                // header, the record's own notation (SPEC.md 11: INT32 is i32)
                boolean schemaHeader = location.equals("header") && schema != null;
                List<String> expected = schemaHeader ? List.of("other=01", "typedjson.schema=i32") : List.of("other=01");
                assertEquals(expected, headerList(headers), location + " " + schema);
                assertEquals(5, ((Number) c.toConnectData(TOPIC, headers, bytes).value()).intValue(), location + " " + schema);
            }
        }
    }

    /** Each header as {@code key=value}, in order: the value as UTF-8 text for the schema headers, else in hex. */
    private static List<String> headerList(Headers headers) {
        List<String> out = new java.util.ArrayList<>();
        for (org.apache.kafka.common.header.Header h : headers) {
            out.add(h.key() + "=" + (h.key().startsWith("typedjson.schema") ? Samples.utf8(h.value()) : java.util.HexFormat.of().formatHex(h.value())));
        }
        return out;
    }

    /** A sink whose worker keeps Connect's default header converter sees the schema header as a string. */
    @Test
    void connectsDefaultHeaderConverterReadsTheSchemaHeaderAsText() {
        org.apache.kafka.connect.storage.SimpleHeaderConverter simple = new org.apache.kafka.connect.storage.SimpleHeaderConverter();
        simple.configure(Map.of());
        for (Struct record : List.of(Samples.rows(1, 5).get(0), Samples.orders(1, 5).get(0), Samples.all())) {
            Headers headers = new RecordHeaders();
            converter("header", false).fromConnectData(TOPIC, headers, record.schema(), record);
            byte[] text = headers.lastHeader("typedjson.schema").value();
            assertEquals(new SchemaAndValue(Schema.STRING_SCHEMA, new String(text, StandardCharsets.UTF_8)),
                    simple.toConnectHeader(TOPIC, "typedjson.schema", text));
        }
    }

    @Test
    void aReaderUnderstandsEveryLocation() {
        Struct row = Samples.rows(1, 2).get(0);
        Headers headers = new RecordHeaders();
        byte[] header = converter("header", false).fromConnectData(TOPIC, headers, Samples.ROW, row);
        byte[] inline = converter("inline", false).fromConnectData(TOPIC, Samples.ROW, row);
        for (String location : new String[] {"inline", "header", "none"}) {
            assertEquals(row, converter(location, false).toConnectData(TOPIC, headers, header).value());
            assertEquals(row, converter(location, false).toConnectData(TOPIC, new RecordHeaders(), inline).value());
        }
    }

    @Test
    void noneDerivesTheSchemaFromLexemesAndTags() {
        Struct row = Samples.rows(1, 3).get(0).put("ship_date", new java.util.Date(86_400_000L * 20_000)).put("note", "n")
                .put("payload", new byte[] {1});
        byte[] bytes = converter("none", false).fromConnectData(TOPIC, Samples.ROW, row);
        String doc = Samples.utf8(bytes);
        assertTrue(doc.startsWith("{\"id\":\"~i100000\",\"customer_id\":"), doc);
        SchemaAndValue back = converter("none", false).toConnectData(TOPIC, bytes);
        // the same types, but required, since a value alone cannot say that null was allowed
        Schema derived = SchemaBuilder.struct()
                .field("id", Schema.INT32_SCHEMA).field("customer_id", Schema.INT64_SCHEMA).field("qty", Schema.INT16_SCHEMA)
                .field("price", Decimal.schema(2)).field("created", Timestamp.SCHEMA).field("ship_date", Date.SCHEMA)
                .field("note", Schema.STRING_SCHEMA).field("active", Schema.BOOLEAN_SCHEMA).field("score", Schema.FLOAT32_SCHEMA)
                .field("payload", Schema.BYTES_SCHEMA).build();
        assertEquals(derived, back.schema());
        Struct value = (Struct) back.value();
        for (String f : List.of("id", "customer_id", "qty", "price", "created", "ship_date", "note", "active", "score")) {
            assertEquals(row.get(f), value.get(f), f);
        }
        assertArrayEquals(row.getBytes("payload"), value.getBytes("payload"));
        // the orders shape comes back exactly
        Struct order = Samples.orders(1, 3).get(0);
        assertEquals(new SchemaAndValue(Samples.ORDER, order),
                converter("none", false).toConnectData(TOPIC, converter("none", false).fromConnectData(TOPIC, Samples.ORDER, order)));
        // a null field becomes an optional string; mixed arrays leave the value schemaless
        assertEquals(Schema.OPTIONAL_STRING_SCHEMA, converter("none", false).toConnectData(TOPIC, "{\"a\":null}".getBytes(StandardCharsets.UTF_8)).schema().field("a").schema());
        SchemaAndValue mixed = converter("none", false).toConnectData(TOPIC, "[1,\"x\"]".getBytes(StandardCharsets.UTF_8));
        assertNull(mixed.schema());
        assertEquals(List.of(1L, "x"), mixed.value());
        SchemaAndValue farDate = converter("none", false).toConnectData(TOPIC, "\"~D+999999999-01-01\"".getBytes(StandardCharsets.UTF_8));
        assertNull(farDate.schema());
        assertEquals(java.time.LocalDate.MAX.withDayOfYear(1), farDate.value());
        assertEquals(new SchemaAndValue(Time.SCHEMA, new java.util.Date(60_000)),
                converter("none", false).toConnectData(TOPIC, "\"~T00:01\"".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void badBytesNameTopicPathAndOffset() {
        TypedJsonConverter c = converter("inline", false);
        DataException e = assertThrows(DataException.class, () -> c.toConnectData("orders",
                "{\"~s\":\"{a:i32,b:[i16]}\",\"~v\":[1,[2,70000]]}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("'orders'") && e.getMessage().contains("out of range for int16 at $[\"~v\"][1][1] (byte offset 35)"), e.getMessage());
        e = assertThrows(DataException.class, () -> c.toConnectData("orders", "{\"a\":[1,}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("$.a") && e.getMessage().contains("byte offset 8"), e.getMessage());
        e = assertThrows(DataException.class, () -> c.toConnectData("orders", "{\"~s\":\"{a:i33}\",\"~v\":[1]}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("unknown type 'i33'") && e.getMessage().contains("$[\"~s\"]"), e.getMessage());
        e = assertThrows(DataException.class, () -> c.toConnectData("orders", "{\"~x\":1}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("unknown tag"), e.getMessage());
        e = assertThrows(DataException.class, () -> c.toConnectData("orders", new byte[] {'"', (byte) 0xff, '"'}));
        assertTrue(e.getMessage().contains("byte offset"), e.getMessage());
        Headers headers = new RecordHeaders().add("typedjson.schema", "{a:i8}".getBytes(StandardCharsets.UTF_8));
        e = assertThrows(DataException.class, () -> c.toConnectData("orders", headers, "{\"a\":128}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("out of range for int8 at $.a (byte offset 5)"), e.getMessage());
    }

    @Test
    void aNumberOfAnotherClassThanTheSchemasIsRefusedNeverNarrowed() {
        // Connect's classes per type (ConnectSchema's SCHEMA_TYPE_CLASSES), as JsonConverter holds them to
        for (String location : List.of("inline", "header")) {
            TypedJsonConverter c = converter(location, false);
            Object[][] wrong = {
                {Schema.INT32_SCHEMA, 5_000_000_000L}, {Schema.INT32_SCHEMA, 1.9}, {Schema.INT32_SCHEMA, (short) 5},
                {Schema.INT8_SCHEMA, 300}, {Schema.INT16_SCHEMA, 7}, {Schema.INT8_SCHEMA, (short) 1},
            };
            for (Object[] w : wrong) {
                DataException e = assertThrows(DataException.class, () -> c.fromConnectData("rows", (Schema) w[0], w[1]),
                        location + " " + w[0] + " " + w[1]);
                assertTrue(e.getMessage().contains("'rows'") && e.getMessage().contains(" at $"), e.getMessage());
            }
            Schema ints = SchemaBuilder.array(Schema.INT32_SCHEMA).build();
            DataException e = assertThrows(DataException.class, () -> c.fromConnectData("rows", ints, List.of(1, 2L)));
            assertEquals("Cannot write typed JSON for topic 'rows': java.lang.Long where an int32 belongs (a number of"
                + " another class is not narrowed) at $[1]", e.getMessage());
            Schema map = SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT16_SCHEMA).build();
            assertThrows(DataException.class, () -> c.fromConnectData("rows", map, Map.of("a", 1)));
        }
    }

    @Test
    void valuesThatDoNotFitTheSchemaNameThePath() {
        TypedJsonConverter c = converter("inline", false);
        Struct bad = new Struct(Samples.ROW);
        DataException e = assertThrows(DataException.class, () -> c.fromConnectData("rows", Samples.ROW, bad));
        assertTrue(e.getMessage().contains("'rows'") && e.getMessage().contains("null for a required INT32 at $.id"), e.getMessage());
        e = assertThrows(DataException.class, () -> c.fromConnectData("rows", Decimal.schema(2), new BigDecimal("1.5")));
        assertTrue(e.getMessage().contains("scale"), e.getMessage());
        e = assertThrows(DataException.class, () -> c.fromConnectData("rows", SchemaBuilder.array(Schema.INT32_SCHEMA).build(), List.of(1, "x")));
        assertTrue(e.getMessage().contains("at $[1]"), e.getMessage());
        e = assertThrows(DataException.class, () -> converter("none", false).fromConnectData("rows", Date.SCHEMA, "2026-01-01"));
        assertTrue(e.getMessage().contains("'rows'"), e.getMessage());
        Schema noScale = SchemaBuilder.bytes().name(Decimal.LOGICAL_NAME).build();
        e = assertThrows(DataException.class, () -> c.fromConnectData("rows", noScale, BigDecimal.ONE));
        assertTrue(e.getMessage().contains("'rows'") && e.getMessage().contains("integer \"scale\" parameter"), e.getMessage());
        // a field whose name starts with '~' is named by the key as the document spells it, in every location
        Schema tilde = SchemaBuilder.struct().field("~t", Schema.INT32_SCHEMA).field("a", Schema.INT32_SCHEMA).build();
        for (String location : List.of("inline", "header", "none")) {
            e = assertThrows(DataException.class, () -> converter(location, false).fromConnectData("rows",
                    new org.apache.kafka.common.header.internals.RecordHeaders(), tilde, new Struct(tilde).put("a", 1)));
            assertEquals("Cannot write typed JSON for topic 'rows': null for a required INT32 at $[\"~~t\"]", e.getMessage(),
                    location);
        }
    }

    @Test
    void headerConverterRoundTrip() {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of("converter.type", "header"));
        Struct all = Samples.all();
        assertEquals(new SchemaAndValue(Samples.ALL, all),
                c.toConnectHeader(TOPIC, "h", c.fromConnectHeader(TOPIC, "h", Samples.ALL, all)));
        assertEquals(new SchemaAndValue(null, 5), c.toConnectHeader(TOPIC, "h", c.fromConnectHeader(TOPIC, "h", null, 5)));
        assertEquals(new SchemaAndValue(Schema.OPTIONAL_STRING_SCHEMA, null),
                c.toConnectHeader(TOPIC, "h", c.fromConnectHeader(TOPIC, "h", Schema.OPTIONAL_STRING_SCHEMA, null)));
        assertNull(c.fromConnectHeader(TOPIC, "h", null, null));
        assertSame(SchemaAndValue.NULL, c.toConnectHeader(TOPIC, "h", null));
        // the schema header of header mode reads as its text
        assertEquals(new SchemaAndValue(Schema.STRING_SCHEMA, "{a:i8}"),
                c.toConnectHeader(TOPIC, "typedjson.schema", "{a:i8}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void headerConverterWritesBackTheHeadersItReadsAsTextOrBytes() {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of("converter.type", "header"));
        // what a sink reads from a record written by typedjson (header mode, location reference, CloudEvents, the
        // serializer's format mark) a source writes back byte for byte
        byte[] fingerprint = new byte[16];
        fingerprint[3] = 10;
        Map<String, byte[]> headers = new LinkedHashMap<>();
        headers.put("typedjson.schema", "{a:i8}".getBytes(StandardCharsets.UTF_8));
        headers.put("typedjson.key.schema", "i64".getBytes(StandardCharsets.UTF_8));
        headers.put("typedjson.schema.ref", fingerprint);
        headers.put("typedjson.key.schema.ref", fingerprint);
        headers.put("ce_type", "order.created".getBytes(StandardCharsets.UTF_8));
        headers.put("content-type", "application/json".getBytes(StandardCharsets.UTF_8));
        headers.put("typedjson-format", "typed".getBytes(StandardCharsets.UTF_8));
        headers.forEach((key, bytes) -> {
            SchemaAndValue read = c.toConnectHeader(TOPIC, key, bytes);
            assertArrayEquals(bytes, c.fromConnectHeader(TOPIC, key, read.schema(), read.value()), key);
        });
        assertEquals(new SchemaAndValue(Schema.STRING_SCHEMA, "plain"),
                c.toConnectHeader(TOPIC, "typedjson-format", "plain".getBytes(StandardCharsets.UTF_8)));
        assertArrayEquals(fingerprint, c.fromConnectHeader(TOPIC, "typedjson.schema.ref", Schema.BYTES_SCHEMA, ByteBuffer.wrap(fingerprint)));
        assertNull(c.fromConnectHeader(TOPIC, "ce_type", Schema.OPTIONAL_STRING_SCHEMA, null));
        // a value such a header cannot hold as it is read back is refused, not written as a document read back as text
        assertEquals("Cannot write header 'ce_id' of topic 't': its value is plain UTF-8 text, a String, not INT32",
                assertThrows(DataException.class, () -> c.fromConnectHeader(TOPIC, "ce_id", Schema.INT32_SCHEMA, 5)).getMessage());
        assertEquals("Cannot write header 'typedjson.schema' of topic 't': its value is plain UTF-8 text, a String, not java.lang.Integer",
                assertThrows(DataException.class, () -> c.fromConnectHeader(TOPIC, "typedjson.schema", null, 5)).getMessage());
        assertEquals("Cannot write header 'typedjson.schema.ref' of topic 't': its value is a schema fingerprint, bytes, not STRING",
                assertThrows(DataException.class, () -> c.fromConnectHeader(TOPIC, "typedjson.schema.ref", Schema.STRING_SCHEMA, "x")).getMessage());
    }

    @Test
    void steadyStreamsReuseTheCompiledSchema() {
        TypedJsonConverter c = converter("inline", false);
        List<Struct> rows = Samples.rows(3, 4);
        byte[] first = c.fromConnectData(TOPIC, Samples.ROW, rows.get(0));
        Schema read = c.toConnectData(TOPIC, first).schema();
        for (Struct row : rows) {
            SchemaAndValue back = c.toConnectData(TOPIC, c.fromConnectData(TOPIC, Samples.ROW, row));
            assertSame(read, back.schema());
            assertEquals(row, back.value());
        }
    }

    private static String configurationReference() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "configuration.md"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void oneInstanceSharedByThreads() throws Exception {
        for (String location : List.of("inline", "header", "none")) {
            TypedJsonConverter c = converter(location, false);
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                List<java.util.concurrent.Future<?>> futures = new java.util.ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    int seed = t;
                    futures.add(pool.submit(() -> {
                        List<Struct> rows = Samples.rows(300, seed);
                        List<Struct> orders = Samples.orders(300, seed);
                        for (int i = 0; i < rows.size(); i++) {
                            Struct[] records = {rows.get(i), orders.get(i), Samples.all()};
                            for (Struct r : records) {
                                Headers headers = new RecordHeaders();
                                SchemaAndValue back = c.toConnectData(TOPIC, headers, c.fromConnectData(TOPIC, headers, r.schema(), r));
                                if (!location.equals("none")) {
                                    assertEquals(r.schema(), back.schema());
                                    assertEquals(r, back.value());
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (java.util.concurrent.Future<?> f : futures) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void configDefDocumentsEveryKey() {
        ConfigDef def = new TypedJsonConverter().config();
        for (ConfigDef.ConfigKey key : def.configKeys().values()) {
            assertTrue(key.documentation != null && !key.documentation.isBlank(), key.name);
            assertTrue(key.hasDefault(), key.name);
            assertNotNull(key.validator, key.name);
        }
        assertThrows(ConfigException.class, () -> converter("sideways", false));
        assertTrue(TypedJsonConverterConfig.markdownTable().contains("`typedjson.schema.location`"));
        assertTrue(configurationReference().contains(TypedJsonConverterConfig.markdownTable()),
                "docs/configuration.md's converter configuration table is out of date; regenerate it with TypedJsonConverterConfig.main");
        assertNotNull(new TypedJsonConverter().version());
    }

    @Test
    void configDefIsACopyAndConverterTypeIsKafkasKey() {
        ConfigDef handedOut = new TypedJsonConverter().config();
        handedOut.define("typedjson.made.up", ConfigDef.Type.STRING, "", ConfigDef.Importance.LOW, "changed by a caller");
        assertTrue(!new TypedJsonConverter().config().names().contains("typedjson.made.up"));
        assertTrue(!TypedJsonConverterConfig.configDef().names().contains("typedjson.made.up"));

        org.apache.kafka.connect.storage.ConverterConfig byDefault = new TypedJsonConverterConfig(Map.of());
        assertEquals(org.apache.kafka.connect.storage.ConverterType.VALUE, byDefault.type());
        assertEquals(org.apache.kafka.connect.storage.ConverterType.HEADER,
                new TypedJsonConverterConfig(Map.of("converter.type", "header")).type());
        assertThrows(ConfigException.class, () -> new TypedJsonConverterConfig(Map.of("converter.type", "sideways")));
    }

    /** A struct's key starting with one '~' (schema in a header: the struct is an object) is a format key out of place. */
    @Test
    void aFormatKeyWhereAStructFieldBelongsIsNamedSo() {
        Schema schema = SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA).field("~b", Schema.OPTIONAL_INT32_SCHEMA).build();
        Headers headers = new RecordHeaders();
        TypedJsonConverter c = converter("header", false);
        assertEquals("{\"a\":1,\"~~b\":2}", new String(c.fromConnectData(TOPIC, headers, schema,
                new Struct(schema).put("a", 1).put("~b", 2)), StandardCharsets.UTF_8));
        assertEquals("Cannot read typed JSON from topic 't': format key \"~x\" where a field of a struct belongs"
                + " (a key starting with '~' is written with the '~' doubled) at $ (byte offset 1)",
                assertThrows(DataException.class, () -> c.toConnectData(TOPIC, headers,
                        "{\"~x\":1}".getBytes(StandardCharsets.UTF_8))).getMessage());
        assertEquals("Cannot read typed JSON from topic 't': format key \"~b\" where a field of a struct belongs"
                + " (a key starting with '~' is written with the '~' doubled) at $ (byte offset 7)",
                assertThrows(DataException.class, () -> c.toConnectData(TOPIC, headers,
                        "{\"a\":1,\"~b\":2}".getBytes(StandardCharsets.UTF_8))).getMessage());
        assertEquals("Cannot read typed JSON from topic 't': format key \"~\" where a field of a struct belongs"
                + " (a key starting with '~' is written with the '~' doubled) at $ (byte offset 7)",
                assertThrows(DataException.class, () -> c.toConnectData(TOPIC, headers,
                        "{\"a\":1,\"~\":2}".getBytes(StandardCharsets.UTF_8))).getMessage());
    }
}

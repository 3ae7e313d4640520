package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigException;
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
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code typedjson.schema.content}: what Kafka's JsonConverter writes with {@code schemas.enable=false} (4.4.0, on
 * the test class path) read back with the same schema, given as JsonConverter's schema JSON and as typedjson's
 * notation, equal to what went in; what is not exact refused with path and offset.
 */
class PlainJsonReadTest {

    private static final String TOPIC = "plain";

    /** JsonConverter as a KIP-1054 source writes: plain JSON, decimals as {@code decimalFormat} says. */
    static JsonConverter jsonWriter(String decimalFormat) {
        JsonConverter c = new JsonConverter();
        c.configure(Map.of("schemas.enable", "false", "decimal.format", decimalFormat), false);
        return c;
    }

    /** The schema JSON JsonConverter's {@code schema.content} takes for {@code schema}. */
    static String schemaJson(Schema schema, String decimalFormat) {
        return jsonWriter(decimalFormat).asJsonSchema(schema).toString();
    }

    static TypedJsonConverter reader(String schemaContent, String decimalFormat) {
        TypedJsonConverter c = new TypedJsonConverter();
        Map<String, Object> config = new HashMap<>();
        config.put(TypedJsonConverterConfig.SCHEMA_CONTENT, schemaContent);
        config.put(TypedJsonConverterConfig.DECIMAL_FORMAT, decimalFormat);
        c.configure(config, false);
        return c;
    }

    // ------------------------------------------------------------------ written by JsonConverter, read back equal

    @ParameterizedTest
    @ValueSource(strings = {"NUMERIC", "BASE64"})
    void randomSchemasAndValuesReadBackEqual(String decimalFormat) {
        RandomConnect random = new RandomConnect(24_2026L + decimalFormat.length());
        JsonConverter writer = jsonWriter(decimalFormat);
        int compared = 0;
        int skipped = 0;
        for (int i = 0; i < 600; i++) {
            Schema schema = random.schema(3);
            TypedJsonConverter fromJson = reader(schemaJson(schema, decimalFormat), decimalFormat);
            TypedJsonConverter fromNotation = reader(ConnectJsonSchemas.notation(schema), decimalFormat);
            for (int v = 0; v < 5; v++) {
                Object value = random.value(schema);
                Object expected = asJsonConverterKeepsIt(schema, value);
                if (expected == LOST) {
                    skipped++; // a STRING-keyed map with a null key and a key "null": JsonConverter keeps one
                    continue;
                }
                byte[] plain = writer.fromConnectData(TOPIC, schema, value);
                for (TypedJsonConverter reader : List.of(fromJson, fromNotation)) {
                    SchemaAndValue read = reader.toConnectData(TOPIC, plain);
                    assertEquals(ConnectJsonSchemas.notation(schema), ConnectJsonSchemas.notation(read.schema()));
                    assertEquals(SameValue.of(expected), SameValue.of(read.value()),
                            () -> "schema " + ConnectJsonSchemas.notation(schema) + ", JSON " + new String(plain, StandardCharsets.UTF_8));
                    compared++;
                }
            }
        }
        assertTrue(compared > 5_000 && skipped < compared / 20, compared + " compared, " + skipped + " skipped");
    }

    @ParameterizedTest
    @ValueSource(strings = {"NUMERIC", "BASE64"})
    void everyTypeAndTheBenchDataSetsReadBackEqual(String decimalFormat) {
        JsonConverter writer = jsonWriter(decimalFormat);
        Map<Schema, List<Struct>> sets = new LinkedHashMap<>();
        sets.put(Samples.ALL, Samples.allVariants());
        sets.put(Samples.ROW, Samples.rows(2_000, 7));
        sets.put(Samples.ORDER, Samples.orders(2_000, 8));
        for (Map.Entry<Schema, List<Struct>> set : sets.entrySet()) {
            Schema schema = set.getKey();
            for (TypedJsonConverter reader : List.of(reader(schemaJson(schema, decimalFormat), decimalFormat),
                    reader(ConnectJsonSchemas.notation(schema), decimalFormat))) {
                for (Struct value : set.getValue()) {
                    byte[] plain = writer.fromConnectData(TOPIC, schema, value);
                    SchemaAndValue read = reader.toConnectData(TOPIC, plain);
                    ((Struct) read.value()).validate();
                    Object expected = asJsonConverterKeepsIt(schema, value);
                    assertEquals(SameValue.of(expected), SameValue.of(read.value()), () -> new String(plain, StandardCharsets.UTF_8));
                }
            }
        }
    }

    /** Where JsonConverter itself reads its plain JSON exactly (KIP-1054's sink), it reads what we read. */
    @Test
    void jsonConverterWithSchemaContentReadsTheSameRows() {
        JsonConverter writer = jsonWriter("NUMERIC");
        JsonConverter kip1054 = new JsonConverter();
        // schema.content applies only with schemas.enable=true (its default): JsonConverter 4.4.0 ignores it otherwise
        kip1054.configure(Map.of("schema.content", schemaJson(Samples.ROW, "NUMERIC"), "decimal.format", "NUMERIC"), false);
        TypedJsonConverter ours = reader(schemaJson(Samples.ROW, "NUMERIC"), "NUMERIC");
        for (Struct row : Samples.rows(500, 3)) {
            byte[] plain = writer.fromConnectData(TOPIC, Samples.ROW, row);
            assertEquals(kip1054.toConnectData(TOPIC, plain), ours.toConnectData(TOPIC, plain));
            assertEquals(row, ours.toConnectData(TOPIC, plain).value());
        }
        JsonConverter ignoresIt = new JsonConverter();
        ignoresIt.configure(Map.of("schema.content", schemaJson(Samples.ROW, "NUMERIC"), "schemas.enable", "false"), false);
        assertNull(ignoresIt.toConnectData(TOPIC, writer.fromConnectData(TOPIC, Samples.ROW, Samples.rows(1, 3).get(0))).schema());
    }

    private static final String MUTATIONS = "{}[]\",:0123456789.eE-+ntfu~\\\u00ff\u0080";

    /** Hostile plain JSON: whatever the bytes, a value of the schema or a DataException, nothing else. */
    @Test
    void mutatedDocumentsGiveAValueOrADataException() {
        RandomConnect random = new RandomConnect(4_2026L);
        java.util.Random mutate = new java.util.Random(11);
        JsonConverter writer = jsonWriter("NUMERIC");
        int refused = 0;
        int read = 0;
        for (int i = 0; i < 300; i++) {
            Schema schema = random.schema(3);
            TypedJsonConverter reader = reader(schemaJson(schema, "NUMERIC"), "NUMERIC");
            byte[] plain = writer.fromConnectData(TOPIC, schema, random.value(schema));
            for (int m = 0; m < 20; m++) {
                byte[] b = plain.clone();
                for (int k = 1 + mutate.nextInt(3); k > 0 && b.length > 0; k--) {
                    b[mutate.nextInt(b.length)] = (byte) MUTATIONS.charAt(mutate.nextInt(MUTATIONS.length()));
                }
                try {
                    SchemaAndValue v = reader.toConnectData(TOPIC, b);
                    if (v.value() instanceof Struct s) {
                        s.validate();
                    }
                    read++;
                } catch (DataException e) {
                    refused++;
                }
            }
        }
        assertTrue(refused > 1_000 && read > 100, read + " read, " + refused + " refused");
    }

    private static final Object LOST = new Object();

    /**
     * {@code value} as JsonConverter's writer keeps it (replace.null.with.default=true, its default): a null where the
     * schema has a default is written as the default, a null key of a map with STRING keys as "null"; {@link #LOST}
     * where two keys become one.
     */
    private static Object asJsonConverterKeepsIt(Schema schema, Object value) {
        if (value == null) {
            return schema.defaultValue();
        }
        switch (schema.type()) {
            case ARRAY: {
                List<Object> out = new ArrayList<>();
                for (Object e : (List<?>) value) {
                    Object k = asJsonConverterKeepsIt(schema.valueSchema(), e);
                    if (k == LOST) {
                        return LOST;
                    }
                    out.add(k);
                }
                return out;
            }
            case MAP: {
                Map<Object, Object> out = new LinkedHashMap<>();
                Set<Object> keys = new HashSet<>();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    Object k = asJsonConverterKeepsIt(schema.keySchema(), e.getKey());
                    Object v = asJsonConverterKeepsIt(schema.valueSchema(), e.getValue());
                    if (k == null && schema.keySchema().type() == Schema.Type.STRING) {
                        k = "null"; // an object key: JsonConverter writes the null key as the text "null"
                    }
                    if (k == LOST || v == LOST || !keys.add(SameValue.of(k))) {
                        return LOST;
                    }
                    out.put(k, v);
                }
                return out;
            }
            case STRUCT: {
                Struct in = (Struct) value;
                Struct out = new Struct(schema);
                for (Field f : schema.fields()) {
                    Object k = asJsonConverterKeepsIt(f.schema(), in.getWithoutDefault(f.name()));
                    if (k == LOST) {
                        return LOST;
                    }
                    if (k != null) {
                        out.put(f, k);
                    }
                }
                return out;
            }
            default:
                return value;
        }
    }

    // ------------------------------------------------------------------ plain JSON: strings as they are

    @Test
    void tildeStringsAndKeysAreJustStrings() {
        Schema schema = SchemaBuilder.struct()
                .field("~t", Schema.STRING_SCHEMA)
                .field("m", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.STRING_SCHEMA).build())
                .field("l", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
                .build();
        Struct value = new Struct(schema).put("~t", "~i12")
                .put("m", Map.of("~~", "~d2026-01-01", "~s", "~"))
                .put("l", List.of("~b", "~~x", "~zNaN"));
        byte[] plain = jsonWriter("BASE64").fromConnectData(TOPIC, schema, value);
        assertEquals(value, reader(ConnectJsonSchemas.notation(schema), "BASE64").toConnectData(TOPIC, plain).value());
        assertEquals(value, reader(schemaJson(schema, "BASE64"), "BASE64").toConnectData(TOPIC, plain).value());
    }

    @Test
    void aTopLevelStringStartingWithTildeIsThatString() {
        TypedJsonConverter c = reader("str", "BASE64");
        assertEquals(new SchemaAndValue(Schema.STRING_SCHEMA, "~i5"), c.toConnectData(TOPIC, bytes("\"~i5\"")));
        assertEquals("~~", c.toConnectData(TOPIC, bytes("\"~~\"")).value());
    }

    @Test
    void nonFiniteFloatsAndNegativeZeroAreKept() {
        Schema schema = SchemaBuilder.struct().field("f", Schema.FLOAT32_SCHEMA).field("d", Schema.FLOAT64_SCHEMA)
                .field("l", SchemaBuilder.array(Schema.FLOAT64_SCHEMA).build()).build();
        Struct value = new Struct(schema).put("f", Float.NaN).put("d", -0.0)
                .put("l", List.of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE));
        byte[] plain = jsonWriter("BASE64").fromConnectData(TOPIC, schema, value);
        assertEquals(value, reader(ConnectJsonSchemas.notation(schema), "BASE64").toConnectData(TOPIC, plain).value());
    }

    // ------------------------------------------------------------------ decimals

    @Test
    void numericDecimalsAreGivenTheSchemasScaleWhenExact() {
        TypedJsonConverter c = reader("dec(2)", "NUMERIC");
        assertEquals(new BigDecimal("1.50"), c.toConnectData(TOPIC, bytes("1.5")).value());
        assertEquals(new BigDecimal("1.50"), c.toConnectData(TOPIC, bytes("1.500")).value());
        assertEquals(new BigDecimal("100.00"), c.toConnectData(TOPIC, bytes("1E+2")).value());
        assertEquals(new BigDecimal("0.00"), c.toConnectData(TOPIC, bytes("0E-7")).value());
        assertEquals(new BigDecimal("-7.00"), c.toConnectData(TOPIC, bytes("-7")).value());
        assertEquals(new BigDecimal("1.2E-7"), reader("dec(8)", "NUMERIC").toConnectData(TOPIC, bytes("1.2E-7")).value());
        assertEquals(new BigDecimal("1E+3"), reader("dec(-3)", "NUMERIC").toConnectData(TOPIC, bytes("1000")).value());
    }

    @Test
    void aNumericDecimalTheScaleCannotHoldIsRefused() {
        DataException e = assertThrows(DataException.class,
                () -> reader("{price:dec(2)}", "NUMERIC").toConnectData(TOPIC, bytes("{\"price\":1.234}")));
        assertContains(e, "decimal 1.234 needs scale 3 but the schema's scale is 2");
        assertContains(e, "$.price");
        assertContains(e, "offset 9");
        // a huge exponent is refused before it is multiplied out
        e = assertThrows(DataException.class, () -> reader("dec(2)", "NUMERIC").toConnectData(TOPIC, bytes("1E+999999999")));
        assertContains(e, "digits at the schema's scale 2");
        // nor a tiny one: 1E-500000000 has one digit to drop 499999998 of (setScale would build 10^499999998)
        e = assertThrows(DataException.class, () -> reader("dec(2)", "NUMERIC").toConnectData(TOPIC, bytes("1E-500000000")));
        assertContains(e, "needs scale 500000000 but the schema's scale is 2");
        e = assertThrows(DataException.class, () -> reader("dec(2)", "NUMERIC").toConnectData(TOPIC, bytes("-120E-4")));
        assertContains(e, "needs scale 3 but the schema's scale is 2");
        assertEquals(new BigDecimal("0.12"), reader("dec(2)", "NUMERIC").toConnectData(TOPIC, bytes("1200E-4")).value());
    }

    @Test
    void theOtherDecimalSpellingIsRefusedNamingTheSetting() {
        DataException e = assertThrows(DataException.class, () -> reader("dec(2)", "BASE64").toConnectData(TOPIC, bytes("1.50")));
        assertContains(e, TypedJsonConverterConfig.DECIMAL_FORMAT + "=NUMERIC");
        e = assertThrows(DataException.class, () -> reader("dec(2)", "NUMERIC").toConnectData(TOPIC, bytes("\"AJY=\"")));
        assertContains(e, TypedJsonConverterConfig.DECIMAL_FORMAT + "=BASE64");
        assertEquals(new BigDecimal("1.50"), reader("dec(2)", "BASE64").toConnectData(TOPIC, bytes("\"AJY=\"")).value());
        e = assertThrows(DataException.class, () -> reader("dec(2)", "BASE64").toConnectData(TOPIC, bytes("\"\"")));
        assertContains(e, "empty bytes for a decimal");
    }

    // ------------------------------------------------------------------ structs, maps and nulls as JsonConverter reads them

    @Test
    void structsTakeAnyOrderSkipUnknownKeysAndReadAbsentOptionalsAsNull() {
        Schema schema = SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA).field("b", Schema.OPTIONAL_STRING_SCHEMA)
                .field("c", SchemaBuilder.int64().defaultValue(7L).build())
                .field("d", SchemaBuilder.string().optional().defaultValue("x").build()).build();
        TypedJsonConverter c = reader(ConnectJsonSchemas.notation(schema), "BASE64");
        Struct read = (Struct) c.toConnectData(TOPIC, bytes("{\"new\":{\"x\":[1,2]},\"d\":null,\"a\":1}")).value();
        assertEquals(1, read.get("a"));
        assertNull(read.get("b"));
        assertEquals(7L, read.get("c")); // required with a default: the default, as JsonConverter
        assertNull(read.getWithoutDefault("d")); // optional: the null the JSON says (JsonConverter would give "x")
        DataException e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"b\":\"x\"}")));
        assertContains(e, "missing required field \"a\"");
        e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"a\":1,\"a\":2}")));
        assertContains(e, "duplicate field \"a\"");
        e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"a\":1,\"z\":1,\"z\":2}")));
        assertContains(e, "duplicate key \"z\"");
    }

    @Test
    void aMapOfStringKeysFindsADuplicateOnceItHasReadItsValue() {
        TypedJsonConverter c = reader("<str,i8>", "BASE64");
        DataException e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"a\":1,\"a\":2}")));
        assertEquals("Cannot read plain JSON with the schema of typedjson.schema.content from topic 'plain': duplicate key"
                + " \"a\" at $.a (byte offset 11)", e.getMessage());
        // the value is read first, as every map reads it (SPEC.md 8): its refusal comes before the duplicate
        e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"a\":1,\"a\":[}")));
        assertContains(e, "where an int8 belongs at $.a (byte offset 11)");
        e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"a\":1,\"a\":300}")));
        assertContains(e, "at $.a (byte offset 11)");
        assertTrue(!e.getMessage().contains("duplicate"), e.getMessage());
    }

    @Test
    void mapsWithOtherKeysAreArraysOfPairs() {
        Schema schema = SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.OPTIONAL_STRING_SCHEMA).build();
        TypedJsonConverter c = reader("<i32,str?>", "BASE64");
        Map<Object, Object> expected = new LinkedHashMap<>();
        expected.put(1, "a");
        expected.put(-2, null);
        assertEquals(new SchemaAndValue(schema, expected), c.toConnectData(TOPIC, bytes("[[1,\"a\"],[-2,null]]")));
        assertContains(assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("[[1,\"a\"],[1,\"b\"]]"))), "duplicate key");
        assertContains(assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("[[1]]"))), "a key alone");
        assertContains(assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("[[1,\"a\",2]]"))), "$[0][2]");
        assertContains(assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes("{\"1\":\"a\"}"))), "[key, value] pairs");
    }

    // ------------------------------------------------------------------ not exact: refused with path and offset

    @Test
    void inexactNumbersAreRefusedWithPathAndOffset() {
        TypedJsonConverter c = reader("{i:i32,b:i8,f:f64,t:time,ts:ts,d:date,ok:bool}", "BASE64");
        String ok = "{\"i\":1,\"b\":2,\"f\":1.5,\"t\":0,\"ts\":0,\"d\":0,\"ok\":true}";
        assertEquals(1, ((Struct) c.toConnectData(TOPIC, bytes(ok)).value()).get("i"));
        assertRefused(c, "{\"i\":1.5}", "$.i", "offset 5", "fraction or exponent where an int32 belongs",
                "Cannot read plain JSON with the schema of typedjson.schema.content from topic 'plain'");
        assertRefused(c, "{\"i\":1,\"b\":128}", "$.b", "offset 11", "out of range for int8");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":NaN}", "offset 17");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":1e400}", "$.f", "out of range for float64");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":\"1.5\"}", "$.f", "where a number belongs");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":1,\"t\":86400000}", "$.t", "not within a day");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":1,\"t\":0,\"ts\":9223372036854775808}", "$.ts", "out of range for int64");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":1,\"t\":0,\"ts\":0,\"d\":\"2026-01-01\"}", "$.d", "where an int32 belongs");
        assertRefused(c, "{\"i\":1,\"b\":2,\"f\":1,\"t\":0,\"ts\":0,\"d\":0,\"ok\":\"true\"}", "$.ok", "where a boolean belongs");
        assertRefused(reader("bytes", "BASE64"), "\"AQ\"", "not padded standard base64");
        assertRefused(reader("[str]", "BASE64"), "[\"a\",1]", "$[1]", "where a string belongs");
        assertRefused(reader("[str]", "BASE64"), "{}", "an object where an array belongs");
        assertRefused(reader("i32", "BASE64"), "null", "null for a required INT32");
    }

    private static void assertRefused(TypedJsonConverter c, String json, String... parts) {
        DataException e = assertThrows(DataException.class, () -> c.toConnectData(TOPIC, bytes(json)), json);
        for (String part : parts) {
            assertContains(e, part);
        }
    }

    // ------------------------------------------------------------------ a schema that travels still wins

    @Test
    void aSchemaHeaderOrAnInlineDocumentIsReadWithItsOwnSchema() {
        TypedJsonConverter plain = reader("{a:i32}", "BASE64");
        TypedJsonConverter header = HardeningTest.converter("header");
        RecordHeaders headers = new RecordHeaders();
        byte[] withHeader = header.fromConnectData(TOPIC, headers, Samples.ROW, Samples.rows(1, 1).get(0));
        assertEquals(Samples.rows(1, 1).get(0), plain.toConnectData(TOPIC, headers, withHeader).value());
        byte[] inline = HardeningTest.converter("inline").fromConnectData(TOPIC, Samples.ORDER, Samples.orders(1, 1).get(0));
        assertEquals(Samples.orders(1, 1).get(0), plain.toConnectData(TOPIC, inline).value());
        // a map with string keys may itself start with "~s": then the configured schema reads it
        TypedJsonConverter map = reader("<str,str>", "BASE64");
        assertEquals(Map.of("~s", "x", "~v", "y"), map.toConnectData(TOPIC, bytes("{\"~s\":\"x\",\"~v\":\"y\"}")).value());
    }

    @Test
    void writingIsUnaffected() {
        TypedJsonConverter plain = reader("{a:i32}", "BASE64");
        Struct row = Samples.rows(1, 1).get(0);
        assertEquals(new String(HardeningTest.converter("inline").fromConnectData(TOPIC, Samples.ROW, row), StandardCharsets.UTF_8),
                new String(plain.fromConnectData(TOPIC, Samples.ROW, row), StandardCharsets.UTF_8));
    }

    // ------------------------------------------------------------------ the setting

    @Test
    void bothFormsOfTheSettingGiveTheSameSchema() {
        for (Schema schema : List.of(Samples.ALL, Samples.ROW, Samples.ORDER, Decimal.schema(-2), Date.SCHEMA, Time.SCHEMA,
                Timestamp.SCHEMA, SchemaBuilder.map(Samples.INNER, SchemaBuilder.array(Schema.BYTES_SCHEMA).build()).optional().build())) {
            for (String format : List.of("NUMERIC", "BASE64")) {
                Schema fromJson = config(schemaJson(schema, format), format).schemaContent();
                Schema fromNotation = config(ConnectJsonSchemas.notation(schema), format).schemaContent();
                assertEquals(ConnectJsonSchemas.notation(schema), ConnectJsonSchemas.notation(fromJson));
                assertEquals(ConnectJsonSchemas.notation(schema), ConnectJsonSchemas.notation(fromNotation));
            }
        }
        assertTrue(SchemaContent.isJsonConverterJson(" {\n \"type\":\"int8\"}"));
        assertTrue(!SchemaContent.isJsonConverterJson("{a:i8}") && !SchemaContent.isJsonConverterJson("{}"));
        assertNull(config("", "BASE64").schemaContent());
    }

    @Test
    void aBadSettingIsAConfigExceptionNamingTheKey() {
        assertBadSetting("{\"type\":\"int32\"", "not valid JSON");
        assertBadSetting("{\"type\":\"integer\"}", "$.type is \"integer\"");
        assertBadSetting("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\"}]}", "$.fields[0] has no \"field\"");
        assertBadSetting("{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\",\"field\":\"a\",\"optinal\":true}]}",
                "$.fields[0] has the key \"optinal\"");
        assertBadSetting("{\"type\":\"array\"}", "$ of type array has no \"items\"");
        assertBadSetting("{\"type\":\"int8\",\"optional\":\"yes\"}", "$.optional is the string \"yes\"");
        assertBadSetting("{\"type\":\"int8\",\"default\":300}", "$.default 300 is not a value of its schema");
        assertBadSetting("{\"type\":\"int8\",\"type\":\"int16\"}", "duplicate key");
        assertBadSetting("{\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\"}", "integer \"scale\"");
        assertBadSetting("{a:int}", "not a schema notation");
        assertBadSetting("[".repeat(600) + "i8" + "]".repeat(600), "not a schema notation");
        assertBadSetting("{\"type\":\"array\",\"items\":".repeat(600) + "{\"type\":\"int8\"}" + "}".repeat(600), "not valid JSON");
        assertThrows(ConfigException.class, () -> config("i8", "DECIMAL"));
    }

    private static void assertBadSetting(String text, String part) {
        ConfigException e = assertThrows(ConfigException.class, () -> reader(text, "BASE64"), text);
        assertContains(e, TypedJsonConverterConfig.SCHEMA_CONTENT);
        assertContains(e, part);
    }

    private static TypedJsonConverterConfig config(String schemaContent, String decimalFormat) {
        return new TypedJsonConverterConfig(Map.of(TypedJsonConverterConfig.SCHEMA_CONTENT, schemaContent,
                TypedJsonConverterConfig.DECIMAL_FORMAT, decimalFormat));
    }

    private static void assertContains(Exception e, String part) {
        assertTrue(e.getMessage().contains(part), () -> "\"" + part + "\" not in: " + e.getMessage());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}

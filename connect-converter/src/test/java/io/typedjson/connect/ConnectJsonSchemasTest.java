package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.typedjson.connect.TypedJsonConverterConfig.Location;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON Schemas of Connect documents against what {@link TypedJsonConverter} writes, in all three locations. */
class ConnectJsonSchemasTest {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final ObjectMapper JSON = new ObjectMapper();

    static final Schema EVERY = SchemaBuilder.struct().name("com.acme.Every")
            .field("i8", Schema.INT8_SCHEMA).field("i16", Schema.INT16_SCHEMA).field("i32", Schema.INT32_SCHEMA)
            .field("i64", Schema.INT64_SCHEMA).field("f32", Schema.FLOAT32_SCHEMA).field("f64", Schema.FLOAT64_SCHEMA)
            .field("flag", Schema.BOOLEAN_SCHEMA).field("s", Schema.STRING_SCHEMA).field("raw", Schema.BYTES_SCHEMA)
            .field("dec", Decimal.schema(2)).field("dec_neg", Decimal.builder(-3).optional().build())
            .field("date", Date.SCHEMA).field("time", Time.SCHEMA).field("ts", Timestamp.SCHEMA)
            .field("opt_s", Schema.OPTIONAL_STRING_SCHEMA).field("dflt", SchemaBuilder.int32().defaultValue(7).build())
            .field("list", SchemaBuilder.array(Schema.OPTIONAL_INT16_SCHEMA).build())
            .field("by_name", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.FLOAT32_SCHEMA).build())
            .field("by_int", SchemaBuilder.map(Schema.INT64_SCHEMA, Schema.STRING_SCHEMA).build())
            .field("by_date", SchemaBuilder.map(Date.SCHEMA, Schema.BOOLEAN_SCHEMA).optional().build())
            .field("i64_f64", SchemaBuilder.map(Schema.INT64_SCHEMA, Schema.FLOAT64_SCHEMA).build())
            .field("inner", Samples.INNER).field("~t", Schema.OPTIONAL_BOOLEAN_SCHEMA)
            .build();

    static List<Schema> schemas() {
        List<Schema> all = new ArrayList<>(List.of(Samples.ALL, Samples.ROW, Samples.ORDER, EVERY, Samples.INNER));
        for (Field f : EVERY.fields()) {
            all.add(f.schema()); // every type at the top level too
        }
        all.add(SchemaBuilder.array(EVERY).optional().build());
        all.add(SchemaBuilder.map(Samples.INNER, SchemaBuilder.array(Schema.FLOAT64_SCHEMA).build()).build());
        return all;
    }

    static TypedJsonConverter converter(Location location) {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of(TypedJsonConverterConfig.SCHEMA_LOCATION, location.name().toLowerCase(java.util.Locale.ROOT)), false);
        return c;
    }

    static String write(TypedJsonConverter c, Schema schema, Object value) {
        Headers headers = new RecordHeaders();
        return new String(c.fromConnectData("t", headers, schema, value), StandardCharsets.UTF_8);
    }

    private static final Map<String, com.networknt.schema.Schema> COMPILED = new java.util.HashMap<>();

    static List<Error> errors(String schema, String document) {
        return COMPILED.computeIfAbsent(schema, t -> REGISTRY.getSchema(t, InputFormat.JSON)).validate(document, InputFormat.JSON);
    }

    // ---- random values of any Connect schema

    static Object value(Schema s, Random r) {
        if ((s.isOptional() || s.defaultValue() != null) && r.nextInt(4) == 0) {
            return null;
        }
        if (Decimal.LOGICAL_NAME.equals(s.name())) {
            int scale = Integer.parseInt(s.parameters().get(Decimal.SCALE_FIELD));
            return new BigDecimal(BigInteger.valueOf(r.nextLong() >> r.nextInt(64)), scale);
        }
        if (Date.LOGICAL_NAME.equals(s.name())) {
            return new java.util.Date(86_400_000L * (r.nextInt(2_000_000) - 1_000_000));
        }
        if (Time.LOGICAL_NAME.equals(s.name())) {
            int ms = r.nextInt(86_400_000);
            ms -= r.nextBoolean() ? ms % 1000 : 0;
            ms -= r.nextBoolean() ? ms % 60_000 : 0;
            return new java.util.Date(ms);
        }
        if (Timestamp.LOGICAL_NAME.equals(s.name())) {
            return new java.util.Date(r.nextLong() % 300_000_000_000_000L / (r.nextBoolean() ? 1 : 1000));
        }
        switch (s.type()) {
            case INT8: return (byte) r.nextInt();
            case INT16: return (short) (r.nextBoolean() ? Short.MIN_VALUE : r.nextInt());
            case INT32: return r.nextBoolean() ? Integer.MAX_VALUE : r.nextInt();
            case INT64: return r.nextBoolean() ? Long.MIN_VALUE : r.nextLong();
            case FLOAT32: {
                float[] edges = {Float.NaN, Float.NEGATIVE_INFINITY, -0f, Float.MAX_VALUE, Float.MIN_VALUE};
                return r.nextBoolean() ? edges[r.nextInt(edges.length)] : Float.intBitsToFloat(r.nextInt());
            }
            case FLOAT64: {
                double[] edges = {Double.NaN, Double.POSITIVE_INFINITY, -0.0, Double.MAX_VALUE, Double.MIN_VALUE, 1e7, 1e-3};
                double d = Double.longBitsToDouble(r.nextLong());
                return r.nextBoolean() ? edges[r.nextInt(edges.length)] : Double.isNaN(d) ? 0.5 : d;
            }
            case BOOLEAN: return r.nextBoolean();
            case STRING: return new String[] {"", "~", "~~", "~t", "a~b", "x", "é😀"}[r.nextInt(7)];
            case BYTES: {
                byte[] b = new byte[r.nextInt(6)];
                r.nextBytes(b);
                return b;
            }
            case ARRAY: {
                List<Object> list = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    list.add(value(s.valueSchema(), r));
                }
                return list;
            }
            case MAP: {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    map.put(value(s.keySchema(), r), value(s.valueSchema(), r));
                }
                return map;
            }
            case STRUCT: {
                Struct struct = new Struct(s);
                for (Field f : s.fields()) {
                    Object v = value(f.schema(), r);
                    if (v != null) {
                        struct.put(f, v); // a required field with a default stays unset (Struct.put refuses the null)
                    }
                }
                return struct;
            }
            default: throw new AssertionError(s.type());
        }
    }

    @Test
    void everyDocumentTheConverterWritesValidatesInEveryLocation() {
        Random r = new Random(2026_12_01L);
        int documents = 0;
        for (Location location : Location.values()) {
            // reference writes through a schema topic (SchemaReferenceIT); its value is the inline document's "~v"
            boolean reference = location == Location.REFERENCE;
            TypedJsonConverter converter = converter(reference ? Location.INLINE : location);
            for (Schema schema : schemas()) {
                String jsonSchema = ConnectJsonSchemas.forSchema(schema, location);
                List<Object> values = new ArrayList<>();
                if (schema == Samples.ALL) {
                    values.addAll(Samples.allVariants());
                }
                for (int i = 0; i < 40; i++) {
                    values.add(value(schema, r));
                }
                for (Object v : values) {
                    String doc = write(converter, schema, v);
                    if (reference) {
                        doc = doc.substring(doc.indexOf(",\"~v\":") + 6, doc.length() - 1);
                    }
                    assertEquals(List.of(), errors(jsonSchema, doc), location + " " + schema + ": " + doc + "\n" + jsonSchema);
                    documents++;
                }
            }
        }
        assertTrue(documents > 2000, "documents " + documents);
    }

    @Test
    void theInlineSchemaNamesTheNotationAndHoldsStructsByPosition() {
        String text = ConnectJsonSchemas.forSchema(Samples.ORDER, Location.INLINE);
        JsonNode root = JSON.readTree(text);
        assertEquals("{id:i64,name,status,amount:f64,tags:[str],ts}", root.get("properties").get("~s").get("const").asString());
        JsonNode value = root.get("properties").get("~v");
        assertEquals(6, value.get("prefixItems").size());
        assertFalse(value.get("items").asBoolean());
        JsonNode header = JSON.readTree(ConnectJsonSchemas.forSchema(Samples.ORDER, Location.HEADER));
        assertEquals(List.of("id", "name", "status", "amount", "tags", "ts"), new ArrayList<>(header.get("properties").propertyNames()));
    }

    static String with(String document, java.util.function.Consumer<JsonNode> change) {
        JsonNode node = JSON.readTree(document);
        change.accept(node);
        return JSON.writeValueAsString(node);
    }

    @Test
    void wrongDocumentsAreRefused() {
        String inline = ConnectJsonSchemas.forSchema(EVERY, Location.INLINE);
        String header = ConnectJsonSchemas.forSchema(EVERY, Location.HEADER);
        String none = ConnectJsonSchemas.forSchema(EVERY, Location.NONE);
        Random r = new Random(9);
        Struct struct = (Struct) value(EVERY, r);
        String inlineDoc = write(converter(Location.INLINE), EVERY, struct);
        String headerDoc = write(converter(Location.HEADER), EVERY, struct);
        String noneDoc = write(converter(Location.NONE), EVERY, struct);
        assertEquals(List.of(), errors(inline, inlineDoc));
        assertEquals(List.of(), errors(header, headerDoc));
        assertEquals(List.of(), errors(none, noneDoc));

        Map<String, String> fieldIndex = new LinkedHashMap<>();
        String[][] wrong = {
            {"i8", "128"}, {"i16", "-32769"}, {"i32", "2147483648"}, {"i64", "1.5"}, {"i32", "1.5"},
            {"f32", "1e39"}, {"f64", "\"nan\""}, {"flag", "\"true\""}, {"s", "\"~t\""}, {"s", "\"~\""}, {"raw", "\"/x==\""},
            {"raw", "\"AQI\""}, {"dec", "\"1.10\""}, {"date", "\"2024-6-30\""}, {"time", "\"10:15:00\""},
            {"time", "\"10:15:30.123456\""}, {"ts", "\"2024-01-01T00:00:00.000Z\""}, {"ts", "\"2024-01-01T00:00:00.000001Z\""},
            {"ts", "1704067200000"}, {"i8", "null"}, {"list", "[1.5]"}, {"by_name", "{\"~k\":1.5}"}, {"by_int", "{\"1\":\"a\"}"},
            {"by_int", "[1.5,\"a\"]"}, {"inner", "{\"a\":1}"}, {"inner", "[1]"}, {"inner", "[1,\"b\",2]"},
        };
        int refused = 0;
        List<String> names = new ArrayList<>();
        for (Field f : EVERY.fields()) {
            names.add(f.name());
        }
        for (String[] w : wrong) {
            int index = names.indexOf(w[0]);
            String bad = with(inlineDoc, n -> ((ArrayNode) n.get("~v")).set(index, JSON.readTree(w[1])));
            assertFalse(errors(inline, bad).isEmpty(), "inline " + w[0] + "=" + w[1]);
            refused++;
            if (!w[0].equals("inner") || !w[1].startsWith("[")) {
                String badHeader = with(headerDoc, n -> ((ObjectNode) n).set(w[0], JSON.readTree(w[1])));
                assertFalse(errors(header, badHeader).isEmpty(), "header " + w[0] + "=" + w[1]);
                refused++;
            }
        }
        // the envelope: another notation, a missing or extra key, a struct one field short or long
        assertFalse(errors(inline, with(inlineDoc, n -> ((ObjectNode) n).put("~s", "{i8:i8}"))).isEmpty());
        assertFalse(errors(inline, with(inlineDoc, n -> ((ObjectNode) n).remove("~s"))).isEmpty());
        assertFalse(errors(inline, with(inlineDoc, n -> ((ObjectNode) n).put("x", 1))).isEmpty());
        assertFalse(errors(inline, with(inlineDoc, n -> ((ArrayNode) n.get("~v")).remove(names.size() - 1))).isEmpty());
        assertFalse(errors(inline, with(inlineDoc, n -> ((ArrayNode) n.get("~v")).add(1))).isEmpty());
        assertFalse(errors(header, with(headerDoc, n -> ((ObjectNode) n).remove("s"))).isEmpty(), "a missing field");
        assertFalse(errors(header, with(headerDoc, n -> ((ObjectNode) n).put("extra", 1))).isEmpty(), "an extra field");
        assertFalse(errors(header, with(headerDoc, n -> ((ObjectNode) n).put("~t", true))).isEmpty(), "~t is written ~~t");
        refused += 8;
        // location none: the tags say the types
        String[][] wrongNone = {{"i8", "-5"}, {"i8", "\"~i5\""}, {"i16", "\"~s40000\""}, {"i32", "5"}, {"f32", "1.5"},
                {"dec", "1.10"}, {"dec", "\"~d1e+3\""}, {"date", "\"2024-06-30\""}, {"ts", "\"~t2024-01-01T00:00:00.000Z\""},
                {"raw", "\"AQID\""}, {"s", "\"~x\""}};
        for (String[] w : wrongNone) {
            String bad = with(noneDoc, n -> ((ObjectNode) n).set(w[0], JSON.readTree(w[1])));
            assertFalse(errors(none, bad).isEmpty(), "none " + w[0] + "=" + w[1]);
            refused++;
        }
        assertEquals(2 * wrong.length - 2 + 8 + wrongNone.length, refused);
    }
}

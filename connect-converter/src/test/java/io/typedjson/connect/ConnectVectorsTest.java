package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The vectors of SPEC.md section 11 ({@code vectors/connect.json}), through the converter's public interface:
 * schema and value to the document (and schema header) byte for byte, the document back to the schema and value;
 * accepted second spellings read; invalid documents refused with the error named.
 */
class ConnectVectorsTest {

    private static final JsonNode VECTORS = load();

    private static JsonNode load() {
        try (InputStream in = ConnectVectorsTest.class.getResourceAsStream("/vectors/connect.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Stream<JsonNode> cases(String kind) {
        return StreamSupport.stream(VECTORS.get(kind).spliterator(), false);
    }

    @Test
    void coverage() {
        assertTrue(VECTORS.get("valid").size() >= 30, "at least 30 valid cases");
        for (String location : new String[] {"inline", "header", "none"}) {
            assertTrue(cases("valid").anyMatch(c -> c.get("location").asText().equals(location)), location);
            assertTrue(cases("invalid").anyMatch(c -> c.get("location").asText().equals(location)) || location.equals("none"), location);
        }
    }

    @TestFactory
    Stream<DynamicTest> valid() {
        return cases("valid").map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> {
            String location = c.get("location").asText();
            Schema schema = schema(c.get("schema"));
            Object value = connectValue(schema, c.get("value"));
            // schema and value -> document (and header), byte for byte
            Headers headers = new RecordHeaders();
            byte[] written = HardeningTest.converter(location).fromConnectData("t", headers, schema, value);
            Header header = headers.lastHeader("typedjson.schema");
            if (c.get("document").isNull()) {
                assertNull(written);
            } else {
                assertEquals(c.get("document").asText(), new String(written, StandardCharsets.UTF_8));
            }
            if (c.has("header")) {
                assertArrayEquals(c.get("header").asText().getBytes(StandardCharsets.UTF_8), header == null ? null : header.value());
            } else {
                assertNull(header);
            }
            // document (and header) -> schema and value, by a fresh converter
            SchemaAndValue read = HardeningTest.converter(location).toConnectData("t", headersOf(c), bytes(c.get("document")));
            assertEquals(schema, read.schema());
            assertEquals(SameValue.of(value), SameValue.of(read.value()));
            if (value instanceof BigDecimal) {
                assertEquals(((BigDecimal) value).scale(), ((BigDecimal) read.value()).scale());
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> accepted() {
        return cases("accepted").map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> {
            Schema schema = schema(c.get("schema"));
            SchemaAndValue read = HardeningTest.converter(c.get("location").asText()).toConnectData("t", headersOf(c), bytes(c.get("document")));
            assertEquals(schema, read.schema());
            assertEquals(SameValue.of(connectValue(schema, c.get("value"))), SameValue.of(read.value()));
        }));
    }

    @TestFactory
    Stream<DynamicTest> invalid() {
        return cases("invalid").map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> {
            DataException e = assertThrows(DataException.class, () -> HardeningTest.converter(c.get("location").asText())
                    .toConnectData("t", headersOf(c), bytes(c.get("document"))));
            assertTrue(e.getMessage().contains(c.get("error").asText()), e.getMessage());
            if (c.has("path")) {
                assertTrue(e.getMessage().contains(" at " + c.get("path").asText()), e.getMessage());
            }
        }));
    }

    private static byte[] bytes(JsonNode document) {
        return document.isNull() ? null : document.asText().getBytes(StandardCharsets.UTF_8);
    }

    private static Headers headersOf(JsonNode c) {
        Headers h = new RecordHeaders();
        if (c.has("header")) {
            h.add("typedjson.schema", c.get("header").asText().getBytes(StandardCharsets.UTF_8));
        }
        return h;
    }

    private static Schema schema(JsonNode notation) {
        return notation.isNull() ? null : new SchemaCache(TypedJsonFormat.defaults(), 1).forText(notation.asText()).schema;
    }

    // ------------------------------------------------------------------ the explicit notation of values

    /** The Connect value an explicit value denotes for a schema; a null schema takes the dynamic model. */
    static Object connectValue(Schema schema, JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        String type = v.get(0).asText();
        JsonNode p = v.get(1);
        if (schema == null) {
            return dynamicValue(v);
        }
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Timestamp.LOGICAL_NAME:
                expect("instant", type);
                return new java.util.Date(Instant.parse(p.asText()).toEpochMilli());
            case Date.LOGICAL_NAME:
                expect("date", type);
                return new java.util.Date(LocalDate.parse(p.asText()).toEpochDay() * 86_400_000L);
            case Time.LOGICAL_NAME:
                expect("time", type);
                return new java.util.Date(LocalTime.parse(p.asText()).toNanoOfDay() / 1_000_000L);
            case Decimal.LOGICAL_NAME:
                if (schema.type() == Schema.Type.BYTES) {
                    expect("decimal", type);
                    return new BigDecimal(p.asText());
                }
                break;
            default:
                break;
        }
        switch (schema.type()) {
            case ARRAY: {
                expect("list", type);
                List<Object> list = new ArrayList<>();
                p.forEach(e -> list.add(connectValue(schema.valueSchema(), e)));
                return list;
            }
            case MAP: {
                expect("map", type);
                Map<Object, Object> map = new LinkedHashMap<>();
                p.forEach(e -> map.put(connectValue(schema.keySchema(), e.get(0)), connectValue(schema.valueSchema(), e.get(1))));
                return map;
            }
            case STRUCT: {
                expect("struct", type);
                Struct struct = new Struct(schema);
                List<Field> fields = schema.fields();
                assertEquals(fields.size(), p.size(), "one value per field");
                for (int i = 0; i < fields.size(); i++) {
                    Object fv = connectValue(fields.get(i).schema(), p.get(i));
                    if (fv != null) {
                        struct.put(fields.get(i), fv);
                    }
                }
                return struct;
            }
            default: {
                Object scalar = dynamicValue(v);
                expect(schema.type().getName(), connectTypeOf(scalar));
                return scalar;
            }
        }
    }

    private static String connectTypeOf(Object scalar) {
        Schema.Type t = org.apache.kafka.connect.data.ConnectSchema.schemaType(scalar.getClass());
        return t == null ? scalar.getClass().getName() : t.getName();
    }

    private static void expect(String expected, String type) {
        assertEquals(expected, type, "the explicit value's type for its schema");
    }

    /** Appendix A's explicit notation, plus {@code struct} (schema-given values only). */
    static Object dynamicValue(JsonNode v) {
        if (v.isNull()) {
            return null;
        }
        String type = v.get(0).asText();
        JsonNode p = v.get(1);
        switch (type) {
            case "bool": return p.asBoolean();
            case "int8": return Byte.parseByte(p.asText());
            case "int16": return Short.parseShort(p.asText());
            case "int32": return Integer.parseInt(p.asText());
            case "int64": return Long.parseLong(p.asText());
            case "float32": return Float.parseFloat(p.asText());
            case "float64": return Double.parseDouble(p.asText());
            case "decimal": return new BigDecimal(p.asText());
            case "string": return p.asText();
            case "bytes": return Base64.getDecoder().decode(p.asText());
            case "instant": return Instant.parse(p.asText());
            case "date": return LocalDate.parse(p.asText());
            case "time": return LocalTime.parse(p.asText());
            case "list": {
                List<Object> list = new ArrayList<>();
                p.forEach(e -> list.add(dynamicValue(e)));
                return list;
            }
            case "set": {
                LinkedHashSet<Object> set = new LinkedHashSet<>();
                p.forEach(e -> set.add(dynamicValue(e)));
                return set;
            }
            case "map": {
                Map<Object, Object> map = new LinkedHashMap<>();
                p.forEach(e -> map.put(dynamicValue(e.get(0)), dynamicValue(e.get(1))));
                return map;
            }
            default:
                throw new AssertionError("unknown explicit type " + type);
        }
    }
}

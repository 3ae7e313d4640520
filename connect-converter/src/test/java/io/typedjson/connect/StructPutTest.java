package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.connect.data.ConnectSchema;
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

/**
 * The converter reads and writes Structs through Connect's public API only: the Structs it reads are those
 * {@link Struct#put} builds, a null where a field has a default stays null, and a refusal names the field.
 */
class StructPutTest {

    private static final Schema ITEM = SchemaBuilder.struct().name("Item")
            .field("sku", Schema.STRING_SCHEMA)
            .field("price", Decimal.schema(2))
            .field("qty", SchemaBuilder.int16().defaultValue((short) 1).build())
            .build();
    private static final Schema ORDER = SchemaBuilder.struct().name("Order")
            .field("id", Schema.INT64_SCHEMA)
            .field("day", Date.SCHEMA)
            .field("at", Time.SCHEMA)
            .field("ts", Timestamp.SCHEMA)
            .field("note", Schema.OPTIONAL_STRING_SCHEMA)
            .field("items", SchemaBuilder.array(ITEM).build())
            .field("attrs", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.OPTIONAL_FLOAT64_SCHEMA).build())
            .field("byItem", SchemaBuilder.map(ITEM, SchemaBuilder.array(Schema.BOOLEAN_SCHEMA).build()).build())
            .field("ship", SchemaBuilder.struct().optional().field("city", Schema.STRING_SCHEMA).build())
            .build();

    /** No deep reflection into another library's classes (Struct's value array was once written that way). */
    @Test
    void theConverterDoesNotReachIntoPrivateState() throws IOException {
        List<Path> sources;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            sources = files.filter(f -> f.toString().endsWith(".java")).toList();
        }
        assertTrue(sources.size() > 10, "sources not found from " + Path.of("").toAbsolutePath());
        for (Path f : sources) {
            String text = Files.readString(f);
            for (String reach : List.of("privateLookupIn", "setAccessible", "VarHandle", "getDeclaredField", "sun.misc.Unsafe")) {
                assertFalse(text.contains(reach), f + " uses " + reach);
            }
        }
    }

    /** A Struct the reader built is equal to (and of the same class as) the one built through put alone. */
    @Test
    void structsReadAreThoseOfPut() {
        Schema flat = SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA).field("b", Schema.OPTIONAL_STRING_SCHEMA)
                .field("c", SchemaBuilder.string().defaultValue("d").build()).build();
        Struct put = new Struct(flat).put("a", 5).put("b", "x");
        for (String location : List.of("inline", "header")) {
            TypedJsonConverter converter = TypedJsonConverterTest.converter(location, false);
            org.apache.kafka.common.header.Headers headers = new org.apache.kafka.common.header.internals.RecordHeaders();
            byte[] bytes = converter.fromConnectData("t", headers, flat, put);
            Object read = converter.toConnectData("t", headers, bytes).value();
            assertEquals(Struct.class, read.getClass(), location);
            assertEquals(put, read, location);
            assertNull(((Struct) read).getWithoutDefault("c"), location);
        }
    }

    /** A null where the field has a default is written as null, not as the default get() would give. */
    @Test
    void aNullWithADefaultIsWrittenAsNull() {
        Struct item = new Struct(ITEM).put("sku", "a-1").put("price", new BigDecimal("9.50"));
        byte[] bytes = TypedJsonConverterTest.converter("header", false)
                .fromConnectData("t", new org.apache.kafka.common.header.internals.RecordHeaders(), ITEM, item);
        assertEquals("{\"sku\":\"a-1\",\"price\":9.50,\"qty\":null}", new String(bytes, StandardCharsets.UTF_8));
    }

    @Test
    void structsReadPassConnectValidation() {
        Struct item = new Struct(ITEM).put("sku", "a-1").put("price", new BigDecimal("9.50"));
        Struct order = new Struct(ORDER).put("id", 7L)
                .put("day", new java.util.Date(86_400_000L * 20_000))
                .put("at", new java.util.Date(3_600_123L))
                .put("ts", new java.util.Date(1_764_000_000_123L))
                .put("items", List.of(item, new Struct(ITEM).put("sku", "b").put("price", new BigDecimal("0.01")).put("qty", (short) 3)))
                .put("attrs", Map.of("w", 1.5))
                .put("byItem", Map.of(item, List.of(true, false)))
                .put("ship", new Struct(ORDER.field("ship").schema()).put("city", "Oslo"));
        for (String location : List.of("inline", "header")) {
            TypedJsonConverter converter = TypedJsonConverterTest.converter(location, false);
            org.apache.kafka.common.header.Headers headers = new org.apache.kafka.common.header.internals.RecordHeaders();
            byte[] bytes = converter.fromConnectData("t", headers, ORDER, order);
            for (int i = 0; i < 2; i++) { // the second read takes the reader's path for a schema it has seen
                SchemaAndValue back = converter.toConnectData("t", headers, bytes);
                assertEquals(order, back.value(), location);
                Struct read = (Struct) back.value();
                read.validate();
                ConnectSchema.validateValue(back.schema(), read);
                assertEquals(null, read.getWithoutDefault("note"));
                assertEquals((short) 1, ((Struct) read.getArray("items").get(0)).get("qty")); // the default, unset
                assertEquals(null, ((Struct) read.getArray("items").get(0)).getWithoutDefault("qty"));
            }
        }
    }

    /**
     * A schema with Connect's Decimal name on a string: Connect wants a BigDecimal there, so put() still judges it,
     * and both readers report its refusal with the value's JSON path and byte offset (a composite's at its first token).
     */
    @Test
    void aLogicalNameOnAnotherTypeIsStillRefusedByConnect() {
        Schema named = SchemaBuilder.string().name(Decimal.LOGICAL_NAME).build();
        Schema odd = SchemaBuilder.struct().field("f", named).build();
        String refusal = "Invalid Java object for schema \"" + Decimal.LOGICAL_NAME
                + "\" with type STRING: class java.lang.String for field: \"f\"";
        String notation = SchemaNotation.write(odd, null, 1000);
        String inline = "{\"~s\":\"" + notation + "\",\"~v\":[\"x\"]}";
        assertEquals("Cannot read typed JSON from topic 't': " + refusal + " at $[\"~v\"][0] (byte offset "
                + (inline.indexOf("[\"x") + 1) + ")", inlineRefusal(inline)); // put with the real Field
        assertEquals("Cannot read typed JSON from topic 't': " + refusal + " at $.f (byte offset 5)",
                headerRefusal(notation, "{\"f\":\"x\"}"));
        assertEquals("Cannot read plain JSON with the schema of typedjson.schema.content from topic 't': " + refusal
                + " at $.f (byte offset 5)", plainRefusal(notation, "{\"f\":\"x\"}"));

        // a list put whole: refused at its '['
        Schema list = SchemaBuilder.struct().field("n", Schema.INT32_SCHEMA).field("f", SchemaBuilder.array(named).build()).build();
        String listNotation = SchemaNotation.write(list, null, 1000);
        refusal = refusal.replace("for field", "for element of array field");
        String listInline = "{\"~s\":\"" + listNotation + "\",\"~v\":[1,[\"x\"]]}";
        assertEquals("Cannot read typed JSON from topic 't': " + refusal + " at $[\"~v\"][1] (byte offset "
                + listInline.indexOf("[\"x") + ")", inlineRefusal(listInline));
        assertEquals("Cannot read typed JSON from topic 't': " + refusal + " at $.f (byte offset 11)",
                headerRefusal(listNotation, "{\"n\":1,\"f\":[\"x\"]}"));
        assertEquals("Cannot read plain JSON with the schema of typedjson.schema.content from topic 't': " + refusal
                + " at $.f (byte offset 11)", plainRefusal(listNotation, "{\"n\":1,\"f\":[\"x\"]}"));
    }

    private static String inlineRefusal(String doc) {
        return assertThrows(DataException.class, () -> TypedJsonConverterTest.converter("inline", false)
                .toConnectData("t", doc.getBytes(StandardCharsets.UTF_8))).getMessage();
    }

    private static String headerRefusal(String notation, String doc) {
        org.apache.kafka.common.header.Headers headers = new org.apache.kafka.common.header.internals.RecordHeaders();
        headers.add(TypedJsonConverterConfig.VALUE_SCHEMA_HEADER, notation.getBytes(StandardCharsets.UTF_8));
        return assertThrows(DataException.class, () -> TypedJsonConverterTest.converter("header", false)
                .toConnectData("t", headers, doc.getBytes(StandardCharsets.UTF_8))).getMessage();
    }

    private static String plainRefusal(String notation, String doc) {
        return assertThrows(DataException.class, () -> PlainJsonReadTest.reader(notation, "BASE64")
                .toConnectData("t", doc.getBytes(StandardCharsets.UTF_8))).getMessage();
    }
}

package io.typedjson.connect.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.connect.Samples;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.connect.TypedJsonConverterConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;

/**
 * What docs/connect.md says about moving a topic from Kafka's JsonConverter to TypedJsonConverter, and what
 * README says about plain JSON written by other producers: each statement there is one assertion here.
 */
class MigrationFromJsonConverterTest {

    private static final String TOPIC = "orders";

    private static TypedJsonConverter typedJson(String location) {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of(TypedJsonConverterConfig.SCHEMA_LOCATION, location), false);
        return c;
    }

    private static JsonConverter jsonConverter(boolean schemas) {
        JsonConverter c = new JsonConverter();
        c.configure(Map.of("schemas.enable", String.valueOf(schemas), "converter.type", "value"));
        return c;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void schemalessJsonConverterRecordsReadWithNoneComeBackAsStructsOfDerivedTypes() {
        for (Struct order : Samples.orders(200, 17)) {
            byte[] old = jsonConverter(false).fromConnectData(TOPIC, Samples.ORDER, order);
            // plain JSON holds only int64, float64, string, boolean, array and struct, which is all the orders shape has
            assertEquals(new SchemaAndValue(Samples.ORDER, order), typedJson("none").toConnectData(TOPIC, old));
        }
        // a JDBC row does not survive schemaless JSON, whoever reads it: the INT32 comes back INT64, and the
        // Decimal (base64 text in JsonConverter's output) a STRING
        Struct row = Samples.rows(1, 5).get(0);
        SchemaAndValue back = typedJson("none").toConnectData(TOPIC, jsonConverter(false).fromConnectData(TOPIC, Samples.ROW, row));
        assertEquals(Schema.INT64_SCHEMA, back.schema().field("id").schema());
        assertEquals(Schema.STRING_SCHEMA, back.schema().field("price").schema());
    }

    @Test
    void withTheSameSchemaContentPlainRecordsComeBackExactlyAndTildeStringsAsStrings() {
        // KIP-1054's source: plain JSON, decimals as numbers; the sink takes the string its JsonConverter had
        JsonConverter source = new JsonConverter();
        source.configure(Map.of("schemas.enable", "false", "decimal.format", "NUMERIC"), false);
        JsonConverter schemaJson = new JsonConverter();
        schemaJson.configure(Map.of("decimal.format", "NUMERIC"), false);
        TypedJsonConverter sink = new TypedJsonConverter();
        sink.configure(Map.of(TypedJsonConverterConfig.SCHEMA_CONTENT, schemaJson.asJsonSchema(Samples.ROW).toString(),
                TypedJsonConverterConfig.DECIMAL_FORMAT, "NUMERIC"), false);
        for (Struct row : Samples.rows(200, 29)) {
            assertEquals(new SchemaAndValue(Samples.ROW, row), sink.toConnectData(TOPIC, source.fromConnectData(TOPIC, Samples.ROW, row)));
        }
        // the same schema in typedjson's notation; strings starting with ~ are strings there
        TypedJsonConverter notation = new TypedJsonConverter();
        notation.configure(Map.of(TypedJsonConverterConfig.SCHEMA_CONTENT, "{note}"), false);
        assertEquals("~i5", ((Struct) notation.toConnectData(TOPIC, utf8("{\"note\":\"~i5\"}")).value()).get("note"));
        assertEquals("~hello", ((Struct) notation.toConnectData(TOPIC, utf8("{\"note\":\"~hello\"}")).value()).get("note"));
        // and a record a typedjson source writes later (inline here) is read with its own schema
        Struct order = Samples.orders(1, 3).get(0);
        assertEquals(new SchemaAndValue(Samples.ORDER, order),
                sink.toConnectData(TOPIC, typedJson("inline").fromConnectData(TOPIC, Samples.ORDER, order)));
    }

    @Test
    void theGuidesSchemaContentSettingsWork() throws java.io.IOException {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "connect.md"));
        int at = doc.indexOf("value.converter=io.typedjson.connect.TypedJsonConverter\n  value.converter.typedjson.schema.content=");
        assertTrue(at >= 0, "docs/connect.md shows the typedjson.schema.content settings");
        java.util.Properties settings = new java.util.Properties();
        settings.load(new java.io.StringReader(doc.substring(at, doc.indexOf("```", at)).replace("\n  ", "\n")));
        Map<String, Object> config = new java.util.HashMap<>();
        settings.stringPropertyNames().stream().filter(k -> k.startsWith("value.converter."))
                .forEach(k -> config.put(k.substring("value.converter.".length()), settings.getProperty(k)));
        TypedJsonConverter sink = new TypedJsonConverter();
        sink.configure(config, false);
        Struct read = (Struct) sink.toConnectData(TOPIC, utf8("{\"id\":7,\"name\":\"~x\",\"added later\":true}")).value();
        assertEquals(7L, read.get("id"));
        assertEquals("~x", read.get("name"));
    }

    @Test
    void schemalessJsonConverterRecordsReadWithInlineOrHeaderComeBackSchemaless() {
        Struct order = Samples.orders(1, 3).get(0);
        byte[] old = jsonConverter(false).fromConnectData(TOPIC, Samples.ORDER, order);
        for (String location : List.of("inline", "header")) {
            SchemaAndValue back = typedJson(location).toConnectData(TOPIC, new RecordHeaders(), old);
            assertNull(back.schema(), location);
            Map<?, ?> map = assertInstanceOf(Map.class, back.value(), location);
            assertEquals(order.getInt64("id"), map.get("id"));
            assertEquals(order.getFloat64("amount"), map.get("amount"));
            assertEquals(order.getString("ts"), map.get("ts"));
            assertEquals(order.getArray("tags"), map.get("tags"));
        }
    }

    @Test
    void jsonConverterEnvelopesAreNotUnwrapped() {
        Struct order = Samples.orders(1, 3).get(0);
        byte[] envelope = jsonConverter(true).fromConnectData(TOPIC, Samples.ORDER, order);
        for (String location : List.of("inline", "header")) {
            SchemaAndValue back = typedJson(location).toConnectData(TOPIC, new RecordHeaders(), envelope);
            assertNull(back.schema(), location);
            Map<?, ?> map = assertInstanceOf(Map.class, back.value(), location);
            assertEquals(List.of("schema", "payload"), List.copyOf(map.keySet()), "the envelope itself, as a map");
        }
    }

    @Test
    void headerModeValuesAreReadBySchemalessJsonConverterAsItsOwnOutput() {
        // the other direction: sources already on typedjson (header mode), sinks still on schemaless JsonConverter
        TypedJsonConverter header = typedJson("header");
        for (Struct order : Samples.orders(200, 23)) {
            byte[] typed = header.fromConnectData(TOPIC, new RecordHeaders(), Samples.ORDER, order);
            byte[] plain = jsonConverter(false).fromConnectData(TOPIC, Samples.ORDER, order);
            assertEquals(jsonConverter(false).toConnectData(TOPIC, plain), jsonConverter(false).toConnectData(TOPIC, typed));
        }
        // an inline document is not: JsonConverter sees the wrapper
        byte[] inline = typedJson("inline").fromConnectData(TOPIC, Samples.ORDER, Samples.orders(1, 3).get(0));
        Map<?, ?> wrapper = assertInstanceOf(Map.class, jsonConverter(false).toConnectData(TOPIC, inline).value());
        assertEquals(List.of("~s", "~v"), List.copyOf(wrapper.keySet()));
    }

    @Test
    void stringsOfOtherProducersThatStartWithTheTildeAreReadAsTagsOrRefused() {
        TypedJsonConverter converter = typedJson("inline");
        // a tag typedjson knows: the string is taken for the value it spells
        assertEquals(Map.of("note", 5), converter.toConnectData(TOPIC, utf8("{\"note\":\"~i5\"}")).value());
        // a tag it does not know: refused, naming the path
        DataException unknown = assertThrows(DataException.class, () -> converter.toConnectData(TOPIC, utf8("{\"note\":\"~hello\"}")));
        assertTrue(unknown.getMessage().contains("unknown tag") && unknown.getMessage().contains("$.note"), unknown.getMessage());
        // the escaped spelling, which typedjson writes, is the string with one tilde
        assertEquals(Map.of("note", "~hello"), converter.toConnectData(TOPIC, utf8("{\"note\":\"~~hello\"}")).value());

        // the same holds for the Kafka deserializer (the dynamic model)
        TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();
        assertEquals(Map.of("note", 5), deserializer.deserialize(TOPIC, utf8("{\"note\":\"~i5\"}")));
        SerializationException refused = assertThrows(SerializationException.class,
                () -> deserializer.deserialize(TOPIC, utf8("{\"note\":\"~hello\"}")));
        assertTrue(refused.getMessage().contains("unknown tag") && refused.getMessage().contains("$.note"), refused.getMessage());
    }
}

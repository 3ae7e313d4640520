package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** typedjson.header.text.names: the header converter reads other producers' text headers as STRING and writes them back. */
class HeaderTextNamesTest {

    private static final String TOPIC = "t";
    private static final List<String> DEFAULTS = List.of("traceparent", "tracestate", "baggage", "__TypeId__", "__KeyTypeId__",
            "__ContentTypeId__", "__Key_TypeId__", "__Key_KeyTypeId__", "__Key_ContentTypeId__");

    private static TypedJsonConverter headerConverter(String... keyValues) {
        Map<String, Object> config = new HashMap<>();
        config.put(TypedJsonConverterConfig.CONVERTER_TYPE, "header");
        for (int i = 0; i < keyValues.length; i += 2) {
            config.put(keyValues[i], keyValues[i + 1]);
        }
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(config);
        return c;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void readsAsTextAndWritesBack(TypedJsonConverter c, String key, String text) {
        byte[] bytes = utf8(text);
        SchemaAndValue read = c.toConnectHeader(TOPIC, key, bytes);
        assertEquals(new SchemaAndValue(Schema.STRING_SCHEMA, text), read, key);
        assertArrayEquals(bytes, c.fromConnectHeader(TOPIC, key, read.schema(), read.value()), key);
    }

    @Test
    void theDefaultNamesAreTextBothWays() {
        TypedJsonConverter c = headerConverter();
        assertEquals(DEFAULTS, List.of(TypedJsonConverterConfig.HEADER_TEXT_NAMES_DEFAULT.split(",")));
        readsAsTextAndWritesBack(c, "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        readsAsTextAndWritesBack(c, "tracestate", "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
        readsAsTextAndWritesBack(c, "baggage", "userId=alice,serverNode=DF%2028,isProduction=false");
        readsAsTextAndWritesBack(c, "__TypeId__", "com.acme.Order");
        for (String key : DEFAULTS) {
            // text that is not JSON, JSON-looking text, non-ASCII (two, three and four UTF-8 bytes), empty
            for (String text : List.of("com.acme.Order", "123", "{\"a\":1}", "caf\u00e9 \u6771\u4eac \ud83d\ude00", "")) {
                readsAsTextAndWritesBack(c, key, text);
            }
            assertNull(c.fromConnectHeader(TOPIC, key, Schema.OPTIONAL_STRING_SCHEMA, null));
        }
        // names are exact: another case or another name is still a typed JSON document
        assertEquals(new SchemaAndValue(null, 5L), c.toConnectHeader(TOPIC, "TraceParent", utf8("5")));
        assertEquals("{\"~s\":\"str\",\"~v\":\"x\"}", new String(c.fromConnectHeader(TOPIC, "x-trace", Schema.STRING_SCHEMA, "x"),
                StandardCharsets.UTF_8));
    }

    @Test
    void aNamedHeaderHoldsTextOnly() {
        TypedJsonConverter c = headerConverter();
        assertEquals("Cannot write header 'traceparent' of topic 't': its value is plain UTF-8 text, a String, not INT32",
                assertThrows(DataException.class, () -> c.fromConnectHeader(TOPIC, "traceparent", Schema.INT32_SCHEMA, 5)).getMessage());
    }

    /** A lone surrogate has no UTF-8 spelling: String.getBytes would write '?' in its place and read back another text. */
    @Test
    void textWithALoneSurrogateIsRefusedWhenWritten() {
        TypedJsonConverter c = headerConverter();
        for (String key : List.of("traceparent", "ce_type", "content-type", "typedjson.schema")) {
            assertEquals("Cannot write header '" + key + "' of topic 't': its text holds a lone surrogate U+D800 at index 1,"
                    + " which is not Unicode text and has no UTF-8 spelling",
                    assertThrows(DataException.class, () -> c.fromConnectHeader(TOPIC, key, Schema.STRING_SCHEMA, "a\ud800"))
                            .getMessage(), key);
        }
        // a pair is text, written as its four UTF-8 bytes
        readsAsTextAndWritesBack(c, "ce_type", "a\ud83d\ude00");
    }

    @Test
    void textThatIsNotUtf8IsRefused() {
        TypedJsonConverter c = headerConverter();
        byte[] latin1 = "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("Cannot read header '__TypeId__' of a record from topic 't': it is read as text and is not UTF-8 (byte E9 at index 3)",
                assertThrows(DataException.class, () -> c.toConnectHeader(TOPIC, "__TypeId__", latin1)).getMessage());
        // as the ce_* headers, whose bytes would not be written back as they were read either
        assertEquals("Cannot read header 'ce_type' of a record from topic 't': it is read as text and is not UTF-8 (byte E9 at index 3)",
                assertThrows(DataException.class, () -> c.toConnectHeader(TOPIC, "ce_type", latin1)).getMessage());
        // a sequence cut short at the end
        byte[] cut = {'a', (byte) 0xE6, (byte) 0x9D};
        assertEquals("Cannot read header 'baggage' of a record from topic 't': it is read as text and is not UTF-8 (byte E6 at index 1)",
                assertThrows(DataException.class, () -> c.toConnectHeader(TOPIC, "baggage", cut)).getMessage());
    }

    @Test
    void aConfiguredListReplacesTheDefault() {
        TypedJsonConverter c = headerConverter(TypedJsonConverterConfig.HEADER_TEXT_NAMES, " x-request-id , db1 ");
        readsAsTextAndWritesBack(c, "x-request-id", "5f0c-\u00e9");
        readsAsTextAndWritesBack(c, "db1", "db1");
        readsAsTextAndWritesBack(c, "ce_id", "1"); // CloudEvents' headers stay text whatever the list
        DataException e = assertThrows(DataException.class, () -> c.toConnectHeader(TOPIC, "traceparent", utf8("00-4bf9-01")));
        assertTrue(e.getMessage().contains("typedjson.header.text.names"), e.getMessage());

        TypedJsonConverter none = headerConverter(TypedJsonConverterConfig.HEADER_TEXT_NAMES, "");
        assertThrows(DataException.class, () -> none.toConnectHeader(TOPIC, "__TypeId__", utf8("com.acme.Order")));
        readsAsTextAndWritesBack(none, "content-type", "application/json");
    }

    @Test
    void plainTextInAnotherHeaderIsRefusedNamingTheProperty() {
        TypedJsonConverter c = headerConverter();
        DataException e = assertThrows(DataException.class, () -> c.toConnectHeader(TOPIC, "x-foo", utf8("db1")));
        assertEquals("Cannot read header 'x-foo' of a record from topic 't': it is not a typed JSON document (Unrecognized "
                + "token 'db1': was expecting a JSON value (a string, a number, an array, an object, true, false or null) at $ "
                + "(byte offset 0)); a header of plain text is read as a STRING when named in "
                + "typedjson.header.text.names", e.getMessage());
        assertInstanceOf(TypedJsonException.class, e.getCause());
        // an inline document that is refused is still reported as one
        DataException inline = assertThrows(DataException.class,
                () -> c.toConnectHeader(TOPIC, "x-foo", utf8("{\"~s\":\"i8\",\"~v\":300}")));
        assertTrue(inline.getMessage().startsWith("Cannot read typed JSON from header 'x-foo' of a record from topic 't': "),
                inline.getMessage());
        assertTrue(!inline.getMessage().contains("typedjson.header.text.names"), inline.getMessage());
    }

    @Test
    void configurationRefusals() {
        for (String[] bad : List.of(
                new String[] {"a,,b", "has an empty header name"},
                new String[] {"a,", "has an empty header name"},
                new String[] {"traceparent,typedjson.schema.ref", "names typedjson.schema.ref, a header the converter writes for itself"},
                new String[] {"typedjson.key.schema.ref", "names typedjson.key.schema.ref"},
                new String[] {"typedjson.schema", "names typedjson.schema,"},
                new String[] {"typedjson.key.schema", "names typedjson.key.schema,"})) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> headerConverter(TypedJsonConverterConfig.HEADER_TEXT_NAMES, bad[0]), bad[0]);
            assertTrue(e.getMessage().contains(TypedJsonConverterConfig.HEADER_TEXT_NAMES) && e.getMessage().contains(bad[1]),
                    e.getMessage());
        }
        ConfigException own = assertThrows(ConfigException.class, () -> headerConverter(TypedJsonConverterConfig.SCHEMA_HEADER,
                "x-schema", TypedJsonConverterConfig.HEADER_TEXT_NAMES, "traceparent,x-schema"));
        assertTrue(own.getMessage().contains(TypedJsonConverterConfig.HEADER_TEXT_NAMES)
                && own.getMessage().contains("names x-schema, the header typedjson.schema.header has the converter write"), own.getMessage());
    }
}

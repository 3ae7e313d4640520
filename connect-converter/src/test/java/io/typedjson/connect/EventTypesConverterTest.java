package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Several event types on one topic through the Connect converter (SPEC.md section 12): the Connect schema's name is
 * the event type's name; three types round-trip exactly in every type location and schema location that carries a
 * schema; writing refuses a name that is not listed; reading refuses a name that is not listed (a class name, a
 * package), gives an unnamed schema the record's name, and reads the CloudEvents headers as text.
 */
public class EventTypesConverterTest {

    static final Schema LINE = SchemaBuilder.struct().field("sku", Schema.STRING_SCHEMA).field("qty", Schema.INT32_SCHEMA).build();
    static final Schema CREATED = SchemaBuilder.struct().name("order.created")
            .field("orderId", Schema.INT64_SCHEMA).field("customer", Schema.OPTIONAL_STRING_SCHEMA)
            .field("total", Decimal.schema(2)).field("at", Timestamp.SCHEMA).field("lines", SchemaBuilder.array(LINE).build())
            .build();
    static final Schema SHIPPED = SchemaBuilder.struct().name("order.shipped").version(2)
            .field("orderId", Schema.INT64_SCHEMA).field("carrier", Schema.STRING_SCHEMA)
            .field("parcels", SchemaBuilder.array(Schema.STRING_SCHEMA).optional().build()).build();
    static final Schema CANCELLED = SchemaBuilder.struct().name("order.cancelled").doc("the customer cancelled")
            .field("orderId", Schema.INT64_SCHEMA).field("reason", Schema.OPTIONAL_STRING_SCHEMA)
            .field("refund", Schema.FLOAT64_SCHEMA).field("restock", Schema.BOOLEAN_SCHEMA).build();

    static final String NAMES = "order.created,order.shipped,order.cancelled";

    public static List<SchemaAndValue> events() {
        return List.of(
                new SchemaAndValue(CREATED, new Struct(CREATED).put("orderId", 1001L).put("customer", "Ada")
                        .put("total", new BigDecimal("59.80")).put("at", new java.util.Date(1_764_480_945_123L))
                        .put("lines", List.of(new Struct(LINE).put("sku", "~b").put("qty", 2)))),
                new SchemaAndValue(SHIPPED, new Struct(SHIPPED).put("orderId", 1001L).put("carrier", "la-poste")
                        .put("parcels", List.of("p1", "p2"))),
                new SchemaAndValue(CANCELLED, new Struct(CANCELLED).put("orderId", 9007199254740993L).put("reason", null)
                        .put("refund", -0.0).put("restock", true)));
    }

    static TypedJsonConverter converter(String... kv) {
        Map<String, Object> config = new HashMap<>();
        config.put(TypedJsonConverterConfig.VALUE_TYPES, NAMES);
        for (int i = 0; i < kv.length; i += 2) {
            config.put(kv[i], kv[i + 1]);
        }
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(config, false);
        return c;
    }

    private static String text(Header h) {
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource({"inline,header", "inline,document", "inline,both", "header,header", "header,document", "header,both"})
    void threeTypesRoundTripExactly(String schemaLocation, String typeLocation) {
        TypedJsonConverter c = converter(TypedJsonConverterConfig.SCHEMA_LOCATION, schemaLocation,
                TypedJsonConverterConfig.TYPE_LOCATION, typeLocation);
        for (SchemaAndValue e : events()) {
            Headers h = new RecordHeaders();
            byte[] bytes = c.fromConnectData("orders", h, e.schema(), e.value());
            String doc = new String(bytes, StandardCharsets.UTF_8);
            assertEquals(typeLocation.equals("document") ? null : e.schema().name(), text(h.lastHeader("ce_type")));
            assertEquals(!typeLocation.equals("header"), doc.startsWith("{\"~type\":\"" + e.schema().name() + "\",\"~v\":"), doc);
            SchemaAndValue read = c.toConnectData("orders", h, bytes);
            assertEquals(e.schema(), read.schema());
            assertEquals(e.value(), read.value());
        }
    }

    @Test
    void headerLocationsMakeACloudEventWithThePlainDocument() {
        TypedJsonConverter c = converter(TypedJsonConverterConfig.SCHEMA_LOCATION, "header",
                TypedJsonConverterConfig.CLOUDEVENTS_SOURCE, "/connect/orders-source");
        SchemaAndValue e = events().get(1);
        Headers h = new RecordHeaders();
        byte[] bytes = c.fromConnectData("orders", h, e.schema(), e.value());
        assertEquals("{\"orderId\":1001,\"carrier\":\"la-poste\",\"parcels\":[\"p1\",\"p2\"]}", new String(bytes, StandardCharsets.UTF_8));
        assertEquals("order.shipped", text(h.lastHeader("ce_type")));
        assertEquals("1.0", text(h.lastHeader("ce_specversion")));
        assertEquals("/connect/orders-source", text(h.lastHeader("ce_source")));
        assertEquals("application/json", text(h.lastHeader("content-type")));
        assertEquals(36, text(h.lastHeader("ce_id")).length());
        assertEquals("{orderId:i64,carrier,parcels:[str]?}@order.shipped#2", text(h.lastHeader("typedjson.schema")));
    }

    @Test
    void withoutHeadersTheEnvelopeIsWritten() {
        TypedJsonConverter c = converter();
        SchemaAndValue e = events().get(2);
        byte[] bytes = c.fromConnectData("orders", e.schema(), e.value());
        assertTrue(new String(bytes, StandardCharsets.UTF_8).startsWith("{\"~type\":\"order.cancelled\",\"~v\":{\"~s\":"));
        SchemaAndValue read = c.toConnectData("orders", bytes);
        assertEquals(e, read);
    }

    @Test
    void writingRefusesANameThatIsNotListed() {
        TypedJsonConverter c = converter();
        Schema refunded = SchemaBuilder.struct().name("order.refunded").field("orderId", Schema.INT64_SCHEMA).build();
        Schema unnamed = SchemaBuilder.struct().field("orderId", Schema.INT64_SCHEMA).build();
        Schema className = SchemaBuilder.struct().name("com.acme.OrderCreated").field("orderId", Schema.INT64_SCHEMA).build();
        for (Schema s : List.of(refunded, unnamed, className)) {
            Headers h = new RecordHeaders();
            DataException e = assertThrows(DataException.class,
                    () -> c.fromConnectData("orders", h, s, new Struct(s).put("orderId", 1L)));
            assertTrue(e.getMessage().startsWith("Cannot write typed JSON for topic 'orders': ")
                    && e.getMessage().contains("is not one of the topic's event types (order.created, order.shipped, "
                    + "order.cancelled: typedjson.value.types)"), e.getMessage());
            assertEquals(0, h.toArray().length, "nothing written");
        }
        assertThrows(DataException.class, () -> c.fromConnectData("orders", new RecordHeaders(), null, Map.of("a", 1L)));
        // a tombstone is no event
        assertNull(c.fromConnectData("orders", new RecordHeaders(), null, null));
    }

    @Test
    void readingRefusesANameThatIsNotListed() {
        TypedJsonConverter c = converter();
        SchemaAndValue e = events().get(1);
        byte[] bytes = converter().fromConnectData("orders", new RecordHeaders(), e.schema(), e.value());
        for (String name : List.of("order.refunded", "com.acme.OrderShipped", "java.lang.ProcessBuilder", "com.acme",
                "com.acme.*", "ORDER.SHIPPED")) {
            Headers h = new RecordHeaders().add("ce_type", name.getBytes(StandardCharsets.UTF_8));
            DataException x = assertThrows(DataException.class, () -> c.toConnectData("orders", h, bytes));
            assertEquals("Cannot read typed JSON from topic 'orders': unknown event type \"" + name + "\" in header ce_type "
                    + "(the topic's types are order.created, order.shipped, order.cancelled)", x.getMessage());
        }
        DataException missing = assertThrows(DataException.class, () -> c.toConnectData("orders", new RecordHeaders(), bytes));
        assertTrue(missing.getMessage().contains("no event type"), missing.getMessage());
        byte[] envelope = ("{\"~type\":\"com.acme.OrderShipped\",\"~v\":" + new String(bytes, StandardCharsets.UTF_8) + "}")
                .getBytes(StandardCharsets.UTF_8);
        DataException inEnvelope = assertThrows(DataException.class, () -> c.toConnectData("orders", new RecordHeaders(), envelope));
        assertTrue(inEnvelope.getMessage().contains("unknown event type \"com.acme.OrderShipped\" in the document's \"~type\" "
                + "(the topic's types are order.created, order.shipped, order.cancelled) at $[\"~type\"] (byte offset 9)"),
                inEnvelope.getMessage());
    }

    /** The plugin metrics count a name the list does not hold as its own kind of refusal, apart from a bad value. */
    @Test
    void refusedNamesAreCountedAsUnknownTypeNames() {
        org.apache.kafka.common.metrics.Metrics metrics = new org.apache.kafka.common.metrics.Metrics();
        TypedJsonConverter c = converter();
        c.withPluginMetrics(new org.apache.kafka.common.metrics.internals.PluginMetricsImpl(metrics, Map.of()));
        SchemaAndValue e = events().get(1);
        byte[] bytes = c.fromConnectData("orders", new RecordHeaders(), e.schema(), e.value());
        Schema refunded = SchemaBuilder.struct().name("order.refunded").field("orderId", Schema.INT64_SCHEMA).build();
        assertThrows(DataException.class, () -> c.fromConnectData("orders", new RecordHeaders(), refunded,
                new Struct(refunded).put("orderId", 1L)));
        Headers unlisted = new RecordHeaders().add("ce_type", "com.acme.OrderShipped".getBytes(StandardCharsets.UTF_8));
        assertThrows(DataException.class, () -> c.toConnectData("orders", unlisted, bytes));
        byte[] envelope = ("{\"~type\":\"order.refunded\",\"~v\":" + new String(bytes, StandardCharsets.UTF_8) + "}")
                .getBytes(StandardCharsets.UTF_8);
        assertThrows(DataException.class, () -> c.toConnectData("orders", new RecordHeaders(), envelope));
        byte[] bad = "{\"~type\":\"order.shipped\",\"~v\":{\"~s\":\"{orderId:i64}\",\"~v\":[1.5]}}".getBytes(StandardCharsets.UTF_8);
        assertThrows(DataException.class, () -> c.toConnectData("orders", new RecordHeaders(), bad));
        Map<String, Double> v = new HashMap<>();
        metrics.metrics().forEach((name, metric) -> {
            if (name.group().equals("plugins") && metric.metricValue() instanceof Number n) {
                v.put(name.name(), n.doubleValue());
            }
        });
        assertEquals(1, v.get("records-written-total"));
        assertEquals(1, v.get("write-refused-unknown-type-name-total"));
        assertEquals(0, v.get("write-refused-type-total"));
        assertEquals(2, v.get("read-refused-unknown-type-name-total"));
        assertEquals(1, v.get("read-refused-type-total"));
        assertEquals(0, v.get("records-read-total"));
    }

    /** Each case of the type header named as what it is, as the serde names it: absent, null, empty, twice, not UTF-8. */
    @Test
    void eachCaseOfTheTypeHeaderIsNamedAsWhatItIs() {
        TypedJsonConverter c = converter();
        byte[] doc = "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8);
        String types = " (the topic's types are order.created, order.shipped, order.cancelled)";
        java.util.function.Function<Headers, String> refusal =
                h -> assertThrows(DataException.class, () -> c.toConnectData("orders", h, doc)).getMessage();
        assertEquals("Cannot read typed JSON from topic 'orders': no event type: the record has no header ce_type and its"
                + " value is no event envelope {\"~type\":\"<name>\",\"~v\":<document>}" + types, refusal.apply(new RecordHeaders()));
        assertEquals("Cannot read typed JSON from topic 'orders': no event type: the record's header ce_type has a null"
                + " value and its value is no event envelope"
                + " {\"~type\":\"<name>\",\"~v\":<document>}" + types, refusal.apply(new RecordHeaders().add("ce_type", null)));
        assertEquals("Cannot read typed JSON from topic 'orders': unknown event type \"\" in header ce_type" + types,
                refusal.apply(new RecordHeaders().add("ce_type", new byte[0])));
        assertEquals("Cannot read typed JSON from topic 'orders': the record has more than one header ce_type (an event"
                + " has one type)", refusal.apply(new RecordHeaders().add("ce_type", null).add("ce_type", new byte[0])));
        assertEquals("Cannot read typed JSON from topic 'orders': the record's header ce_type is not UTF-8 (byte E9 at"
                + " index 11): it names no listed event type" + types, refusal.apply(new RecordHeaders()
                        .add("ce_type", "order.shipp\u00e9d".getBytes(StandardCharsets.ISO_8859_1))));
    }

    @Test
    void namesThatDisagreeAreRefused() {
        TypedJsonConverter both = converter(TypedJsonConverterConfig.TYPE_LOCATION, "both");
        SchemaAndValue e = events().get(0);
        Headers h = new RecordHeaders();
        byte[] bytes = both.fromConnectData("orders", h, e.schema(), e.value());
        Headers other = new RecordHeaders().add("ce_type", "order.shipped".getBytes(StandardCharsets.UTF_8));
        DataException x = assertThrows(DataException.class, () -> both.toConnectData("orders", other, bytes));
        assertTrue(x.getMessage().contains("event types disagree: header ce_type says \"order.shipped\" and the document says "
                + "\"order.created\""), x.getMessage());
        Headers two = new RecordHeaders().add("ce_type", "order.created".getBytes(StandardCharsets.UTF_8))
                .add("ce_type", "order.created".getBytes(StandardCharsets.UTF_8));
        x = assertThrows(DataException.class, () -> both.toConnectData("orders", two, bytes));
        assertEquals("Cannot read typed JSON from topic 'orders': the record has more than one header ce_type (an event"
                + " has one type)", x.getMessage());
        // a reader of location document looks at the envelope only
        assertEquals(e, converter(TypedJsonConverterConfig.TYPE_LOCATION, "document").toConnectData("orders", other, bytes));
        // the record's name and its schema's name disagree
        Headers h2 = new RecordHeaders();
        byte[] shipped = new TypedJsonConverter().fromConnectData("orders", h2, CREATED, e.value()); // no event types: inline
        Headers says = new RecordHeaders().add("ce_type", "order.shipped".getBytes(StandardCharsets.UTF_8));
        x = assertThrows(DataException.class, () -> converter().toConnectData("orders", says, shipped));
        assertTrue(x.getMessage().contains("event types disagree: the record says \"order.shipped\" and its schema is named "
                + "\"order.created\""), x.getMessage());
    }

    @Test
    void anUnnamedSchemaGetsTheRecordsName() {
        Schema unnamed = SchemaBuilder.struct().field("orderId", Schema.INT64_SCHEMA).field("carrier", Schema.STRING_SCHEMA)
                .version(3).doc("d").build();
        Struct value = new Struct(unnamed).put("orderId", 7L).put("carrier", "UPS");
        byte[] bytes = new TypedJsonConverter().fromConnectData("orders", unnamed, value); // inline, no event types
        Headers h = new RecordHeaders().add("ce_type", "order.shipped".getBytes(StandardCharsets.UTF_8));
        SchemaAndValue read = converter().toConnectData("orders", h, bytes);
        assertEquals("order.shipped", read.schema().name());
        assertEquals(Integer.valueOf(3), read.schema().version());
        assertEquals("d", read.schema().doc());
        assertEquals(unnamed.fields().size(), read.schema().fields().size());
        assertEquals(7L, ((Struct) read.value()).get("orderId"));
        assertEquals(read.schema(), ((Struct) read.value()).schema());
        assertEquals(read.schema(), converter().toConnectData("orders", h, bytes).schema(), "the named schema is cached");
        // location none: the derived schema is named too
        TypedJsonConverter none = converter(TypedJsonConverterConfig.SCHEMA_LOCATION, "none");
        Headers h2 = new RecordHeaders();
        byte[] doc = none.fromConnectData("orders", h2, SHIPPED, events().get(1).value());
        assertEquals("order.shipped", none.toConnectData("orders", h2, doc).schema().name());
    }

    /**
     * The schemas named per event type are bounded by {@code typedjson.schema.cache.size}; past the bound the cache
     * starts again, and a schema named since is kept: each schema read twice in a row gets the one instance named the
     * first time (clearing the map from inside its own computeIfAbsent lost the entry being added when its bin was
     * not empty).
     */
    @Test
    void theNamedSchemasAreBoundedAndKept() {
        int bound = 4;
        ConnectEventTypes events = ConnectEventTypes.of(new TypedJsonConverterConfig(Map.of(
                TypedJsonConverterConfig.VALUE_TYPES, NAMES, TypedJsonConverterConfig.SCHEMA_CACHE_SIZE, bound,
                "converter.type", "value")));
        for (int i = 0; i < 300; i++) {
            Schema unnamed = SchemaBuilder.struct().field("f" + i, Schema.INT64_SCHEMA).build();
            SchemaAndValue read = new SchemaAndValue(unnamed, new Struct(unnamed).put("f" + i, (long) i));
            Schema first = events.named("order.created", read).schema();
            assertEquals("order.created", first.name());
            assertTrue(events.namedCount() <= bound, events.namedCount() + " schemas named, bound " + bound);
            assertSame(first, events.named("order.created", read).schema(), "schema " + i + " is kept once named");
        }
    }

    @Test
    void aSchemalessRecordStaysSchemaless() {
        // what the Java serializer writes for a class: the plain document, the name in ce_type
        byte[] doc = "{\"orderId\":1001,\"carrier\":\"la-poste\"}".getBytes(StandardCharsets.UTF_8);
        Headers h = new RecordHeaders().add("ce_type", "order.shipped".getBytes(StandardCharsets.UTF_8));
        SchemaAndValue read = converter().toConnectData("orders", h, doc);
        assertNull(read.schema());
        assertEquals(Map.of("orderId", 1001L, "carrier", "la-poste"), read.value());
    }

    @Test
    void cloudEventsHeadersAreText() {
        TypedJsonConverter headers = new TypedJsonConverter();
        headers.configure(Map.of(TypedJsonConverterConfig.CONVERTER_TYPE, "header"));
        for (String key : List.of("ce_type", "ce_id", "ce_source", "ce_specversion", "content-type")) {
            SchemaAndValue read = headers.toConnectHeader("orders", key, "order.created".getBytes(StandardCharsets.UTF_8));
            assertEquals(new SchemaAndValue(Schema.STRING_SCHEMA, "order.created"), read);
            assertArrayEquals("order.created".getBytes(StandardCharsets.UTF_8),
                    headers.fromConnectHeader("orders", key, Schema.STRING_SCHEMA, "order.created"));
        }
        // other headers are still typed JSON documents
        assertEquals("{\"~s\":\"str\",\"~v\":\"x\"}", new String(headers.fromConnectHeader("orders", "other", Schema.STRING_SCHEMA, "x"),
                StandardCharsets.UTF_8));
    }

    @Test
    void configurationRefusals() {
        for (Object[] bad : List.of(
                new Object[] {TypedJsonConverterConfig.VALUE_TYPES, "order created", "is not an event type name"},
                new Object[] {TypedJsonConverterConfig.VALUE_TYPES, "order.created=com.acme.OrderCreated", "names only"},
                new Object[] {TypedJsonConverterConfig.VALUE_TYPES, "a,a", "given twice"},
                new Object[] {TypedJsonConverterConfig.TYPE_LOCATION, "headers", ""},
                new Object[] {TypedJsonConverterConfig.TYPE_HEADER, "ce type", "printable ASCII"})) {
            Map<String, Object> config = new HashMap<>(Map.of(TypedJsonConverterConfig.VALUE_TYPES, NAMES));
            config.put((String) bad[0], bad[1]);
            ConfigException e = assertThrows(ConfigException.class, () -> new TypedJsonConverter().configure(config, false));
            assertTrue(e.getMessage().contains((String) bad[0]) && e.getMessage().contains((String) bad[2]), e.getMessage());
        }
        ConfigException key = assertThrows(ConfigException.class, () -> new TypedJsonConverter().configure(
                Map.of(TypedJsonConverterConfig.VALUE_TYPES, NAMES), true));
        assertTrue(key.getMessage().contains("value converter only"), key.getMessage());
        ConfigException source = assertThrows(ConfigException.class, () -> converter(TypedJsonConverterConfig.CLOUDEVENTS_SOURCE, "/s",
                TypedJsonConverterConfig.TYPE_LOCATION, "document"));
        assertTrue(source.getMessage().contains("use header or both"), source.getMessage());
    }

    @Test
    void aValueErrorInsideAnEnvelopeSaysWhereTheEnvelopesValueStarts() {
        byte[] bad = "{\"~type\":\"order.shipped\",\"~v\":{\"~s\":\"{orderId:i64}\",\"~v\":[1.5]}}".getBytes(StandardCharsets.UTF_8);
        DataException e = assertThrows(DataException.class, () -> converter().toConnectData("orders", new RecordHeaders(), bad));
        assertTrue(e.getMessage().contains("(in the event envelope's \"~v\", which starts at byte offset 30)"), e.getMessage());
        assertTrue(e.getMessage().contains("int64"), e.getMessage());
    }

    /** docs/event-types.md's Connect block configures the converter as it is (keys under value.converter., the prefix removed). */
    @Test
    void theDocumentedConnectConfigurationIsValid() throws Exception {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("```properties\n(.*?)```", java.util.regex.Pattern.DOTALL)
                .matcher(java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "event-types.md")));
        int found = 0;
        while (m.find()) {
            java.util.Properties props = new java.util.Properties();
            props.load(new java.io.StringReader(m.group(1)));
            if (!props.containsKey("value.converter")) {
                continue;
            }
            assertEquals(TypedJsonConverter.class.getName(), props.getProperty("value.converter"));
            Map<String, Object> config = new HashMap<>();
            props.stringPropertyNames().stream().filter(k -> k.startsWith("value.converter."))
                    .forEach(k -> config.put(k.substring("value.converter.".length()), props.getProperty(k)));
            TypedJsonConverter c = new TypedJsonConverter();
            c.configure(config, false);
            assertTrue(TypedJsonConverterConfig.configDef().names().containsAll(config.keySet()), config.keySet().toString());
            SchemaAndValue e = events().get(0);
            Headers h = new RecordHeaders();
            assertEquals(e, c.toConnectData("orders", h, c.fromConnectData("orders", h, e.schema(), e.value())));
            found++;
        }
        assertEquals(1, found);
    }
}

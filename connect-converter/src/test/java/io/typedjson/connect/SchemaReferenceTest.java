package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.typedjson.format.ConnectEnvelope;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Schema location reference without a broker: the fingerprints of the vectors (computed by gen_connect.py with
 * Python's hashlib), and everything a converter decides before it talks to the schema topic. The round trips
 * through a real schema topic are {@code SchemaReferenceIT}.
 */
class SchemaReferenceTest {

    /** Nothing listens there: a converter that tried to connect would fail or wait, not pass. */
    private static final String NO_BROKER = "127.0.0.1:1";

    static Stream<JsonNode> referenceVectors() throws Exception {
        try (InputStream in = SchemaReferenceTest.class.getResourceAsStream("/vectors/connect.json")) {
            return StreamSupport.stream(new ObjectMapper().readTree(in).get("reference").spliterator(), false);
        }
    }

    @TestFactory
    Stream<DynamicTest> fingerprintOfEveryVectorIsTheFirst16BytesOfSha256OfTheNotation() throws Exception {
        return referenceVectors().map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> {
            String notation = c.get("schema").asText();
            assertEquals(c.get("fingerprint").asText(), ConnectEnvelope.hex(ConnectEnvelope.fingerprint(notation)));
            assertEquals(16, ConnectEnvelope.fingerprint(notation).length);
            // the notation of the vector is the writer's: the schema it denotes writes it back
            Schema schema = new SchemaCache(io.typedjson.format.TypedJsonFormat.defaults(), 1).forText(notation).schema;
            assertEquals(notation, ConnectJsonSchemas.notation(schema));
        }));
    }

    @Test
    void aRunOfRecordsOfOneSchemaSharesOneReferenceHeaderAndEachSchemaGetsItsOwn() {
        TypedJsonConverter.RefHeaders refs = new TypedJsonConverter.RefHeaders("my.ref");
        byte[] a = ConnectEnvelope.fingerprint("i32");
        byte[] b = ConnectEnvelope.fingerprint("str");
        Header first = refs.of(a);
        assertEquals("my.ref", first.key());
        assertArrayEquals(a, first.value());
        assertNotSame(a, first.value(), "the header's own copy, not the schema's fingerprint");
        assertSame(first, refs.of(a), "the same header for the next record of the schema");
        assertArrayEquals(b, refs.of(b).value(), "another schema: its own fingerprint");
        assertArrayEquals(a, refs.of(a).value(), "and back");
        assertArrayEquals(b, refs.of(b).value(), "and again");
        assertEquals("my.ref", refs.of(b).key());
    }

    @Test
    void aReferenceHeaderWrittenIntoByTheCallerChangesNeitherTheNextRecordNorTheSchemasFingerprint() {
        TypedJsonConverter.RefHeaders refs = new TypedJsonConverter.RefHeaders("my.ref");
        byte[] a = ConnectEnvelope.fingerprint("i32");
        byte[] original = a.clone();
        Header written = refs.of(a);
        written.value()[0] ^= 1; // an SMT or interceptor writes into the value of a record already converted
        assertArrayEquals(original, a, "the writer's fingerprint of the schema");
        Header next = refs.of(a);
        assertArrayEquals(original, next.value(), "the next record of the schema");
        assertNotSame(written, next);
        assertSame(next, refs.of(a), "shared again from then on");
    }

    @Test
    void knownFingerprints() {
        // printf i32 | sha256sum: 579a6e6b342a11b9c01fffd40edb24ad3ba63ce5...
        assertEquals("579a6e6b342a11b9c01fffd40edb24ad", ConnectEnvelope.hex(ConnectEnvelope.fingerprint("i32")));
        assertEquals("3117e7e8681b3b12c0645ca520df0c33",
                ConnectEnvelope.hex(ConnectEnvelope.fingerprint("{id:i64,name,status,amount:f64,tags:[str],ts}")));
    }

    @Test
    void locationReferenceWithoutBootstrapServersIsRefusedWhenConfigured() {
        ConfigException e = assertThrows(ConfigException.class, () -> HardeningTest.converter("reference"));
        assertTrue(e.getMessage().contains("value.converter.bootstrap.servers") && e.getMessage().contains("_typedjson-schemas"),
                e.getMessage());
    }

    @Test
    void theClientsTakeTheConvertersOwnKafkaKeysOverriddenPerClient() {
        Map<String, Object> props = new java.util.HashMap<>();
        props.put("bootstrap.servers", "a:9092");
        props.put("security.protocol", "SSL");
        props.put("acks", "1"); // a producer key: not given to the consumer or the admin client
        props.put("typedjson.schema.cache.size", "5"); // the converter's own: given to none
        props.put("typedjson.schema.topic.consumer.bootstrap.servers", "b:9092");
        props.put("typedjson.schema.topic.admin.security.protocol", "SASL_SSL");
        SchemaTopicSettings settings = new SchemaTopicSettings(new TypedJsonConverterConfig(props), props);
        assertEquals(Map.of("bootstrap.servers", "a:9092", "security.protocol", "SSL", "acks", "1"), settings.producer);
        assertEquals(Map.of("bootstrap.servers", "b:9092", "security.protocol", "SSL"), settings.consumer);
        assertEquals(Map.of("bootstrap.servers", "a:9092", "security.protocol", "SASL_SSL"), settings.admin);
        assertEquals("_typedjson-schemas", settings.topic);
        assertEquals(-1, settings.replicationFactor);
        assertEquals(10_000L, settings.waitMillis);
    }

    @Test
    void replicationFactorZeroAndAWaitOverADayAreRefused() {
        ConfigException e = assertThrows(ConfigException.class, () -> HardeningTest.converter("reference",
                Map.of("bootstrap.servers", NO_BROKER, TypedJsonConverterConfig.SCHEMA_TOPIC_REPLICATION_FACTOR, "0")));
        assertTrue(e.getMessage().contains("-1 (the broker's default) or from 1 to 32767"), e.getMessage());
        // a replication factor is a short in Kafka's API: 40000 would be cast to a negative one
        e = assertThrows(ConfigException.class, () -> HardeningTest.converter("reference",
                Map.of("bootstrap.servers", NO_BROKER, TypedJsonConverterConfig.SCHEMA_TOPIC_REPLICATION_FACTOR, "40000")));
        assertTrue(e.getMessage().contains("from 1 to 32767"), e.getMessage());
        ConfigException wait = assertThrows(ConfigException.class, () -> HardeningTest.converter("reference",
                Map.of("bootstrap.servers", NO_BROKER, TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS, "86400001")));
        assertTrue(wait.getMessage().contains(TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS), wait.getMessage());
    }

    @Test
    void withoutHeadersAReferenceConverterWritesInline() {
        TypedJsonConverter c = HardeningTest.converter("reference", Map.of("bootstrap.servers", NO_BROKER));
        assertEquals("{\"~s\":\"i32\",\"~v\":5}",
                new String(c.fromConnectData("t", Schema.INT32_SCHEMA, 5), StandardCharsets.UTF_8));
        assertEquals("{\"~s\":\"i32\",\"~v\":5}",
                new String(c.fromConnectData("t", null, Schema.INT32_SCHEMA, 5), StandardCharsets.UTF_8));
    }

    @Test
    void aTombstoneAndASchemalessValueCarryNoReference() {
        TypedJsonConverter c = HardeningTest.converter("reference", Map.of("bootstrap.servers", NO_BROKER));
        Headers headers = new RecordHeaders();
        headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, new byte[16]);
        assertNull(c.fromConnectData("t", headers, null, null));
        assertEquals("{\"a\":\"~i1\"}", new String(c.fromConnectData("t", headers, null, Map.of("a", 1)), StandardCharsets.UTF_8));
        assertNull(headers.lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER), "a stale reference is removed");
    }

    @Test
    void aReferenceHeaderOfAnotherLengthIsRefusedBeforeAnyLookup() {
        for (int length : new int[] {0, 15, 17, 32}) {
            Headers headers = new RecordHeaders();
            headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, new byte[length]);
            DataException e = assertThrows(DataException.class,
                    () -> HardeningTest.converter("inline").toConnectData("orders", headers, "5".getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("header 'typedjson.schema.ref'") && e.getMessage().contains("'orders'")
                    && e.getMessage().contains("it has " + length + " bytes") && e.getMessage().contains("16 bytes"), e.getMessage());
        }
    }

    @Test
    void aReaderWithoutBootstrapServersSaysWhatToSet() {
        byte[] fingerprint = ConnectEnvelope.fingerprint("{id:i64,name}");
        Headers headers = new RecordHeaders();
        headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, fingerprint);
        DataException e = assertThrows(DataException.class, () -> HardeningTest.converter("header")
                .toConnectData("orders", headers, "[1,\"x\"]".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains(ConnectEnvelope.hex(fingerprint)) && e.getMessage().contains("'_typedjson-schemas'")
                && e.getMessage().contains("no bootstrap.servers") && e.getMessage().contains("'orders'"), e.getMessage());
    }

    @Test
    void aKeyConverterReadsTheKeyReferenceHeaderAndNotTheValueOne() {
        TypedJsonConverter key = new TypedJsonConverter();
        key.configure(Map.of(TypedJsonConverterConfig.SCHEMA_TOPIC, "my-schemas"), true);
        Headers headers = new RecordHeaders();
        headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, new byte[16]); // the value's: not looked at
        assertEquals(new SchemaAndValue(null, 5L), key.toConnectData("t", headers, "5".getBytes(StandardCharsets.UTF_8)));
        headers.add(ConnectEnvelope.KEY_SCHEMA_REF_HEADER, new byte[3]);
        DataException e = assertThrows(DataException.class, () -> key.toConnectData("t", headers, "5".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("'typedjson.key.schema.ref'"), e.getMessage());
    }

    @Test
    void theReferenceHeaderReadsBackAsItsBytesThroughTheHeaderConverter() {
        byte[] fingerprint = ConnectEnvelope.fingerprint("i32");
        SchemaAndValue h = HardeningTest.converter("inline").toConnectHeader("t", ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, fingerprint);
        assertEquals(Schema.BYTES_SCHEMA, h.schema());
        assertArrayEquals(fingerprint, (byte[]) h.value());
    }

    /**
     * The JSON Schema of location reference is the inline document's {@code ~v} (structs positional, no envelope),
     * for every schema of ConnectJsonSchemasTest; SchemaReferenceIT validates the reference writer's own bytes by it.
     */
    @Test
    void theJsonSchemaOfReferenceIsTheInlineValue() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<Schema> schemas = new java.util.ArrayList<>(ConnectJsonSchemasTest.schemas());
        schemas.add(SchemaBuilder.struct().build()); // {}: an empty array, which a draft 2020-12 validator compiles
        for (Schema s : schemas) {
            // compiled by the validator, which throws for a schema draft 2020-12 refuses (an empty prefixItems was one)
            ConnectJsonSchemasTest.errors(ConnectJsonSchemas.forSchema(s, TypedJsonConverterConfig.Location.REFERENCE), "null");
            JsonNode reference = json.readTree(ConnectJsonSchemas.forSchema(s, TypedJsonConverterConfig.Location.REFERENCE));
            JsonNode inline = json.readTree(ConnectJsonSchemas.forSchema(s, TypedJsonConverterConfig.Location.INLINE));
            com.fasterxml.jackson.databind.node.ObjectNode value = ((com.fasterxml.jackson.databind.node.ObjectNode) reference).deepCopy();
            value.remove(List.of("$schema", "title"));
            com.fasterxml.jackson.databind.node.ObjectNode v = ((com.fasterxml.jackson.databind.node.ObjectNode) inline.get("properties").get("~v")).deepCopy();
            v.remove("title");
            assertEquals(v, value, s.toString());
        }
    }
}

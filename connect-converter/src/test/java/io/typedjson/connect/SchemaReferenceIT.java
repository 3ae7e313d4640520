package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.TypedJsonFormat;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Schema location reference through a real schema topic on an in-process KRaft broker: every reference vector
 * written (value bytes and header exactly) and read back by another converter, the topic created compacted and
 * holding each schema once, and the refusals: a fingerprint that never comes, a notation whose fingerprint is not
 * its key, a notation beyond the limits.
 */
@ExtendWith(io.typedjson.examples.SharedBroker.class)
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SchemaReferenceIT {

    static KafkaClusterTestKit cluster;

    @BeforeAll
    static void start(KafkaClusterTestKit shared) throws Exception {
        cluster = shared; // the run's one broker (SharedBroker), closed when the run ends
    }

    static TypedJsonConverter converter(String location, String schemaTopic, boolean isKey, Map<String, Object> more) {
        return converter(cluster, location, schemaTopic, isKey, more);
    }

    /** A converter of schema location {@code location} whose schema topic is on {@code cluster}'s broker. */
    static TypedJsonConverter converter(KafkaClusterTestKit cluster, String location, String schemaTopic, boolean isKey,
            Map<String, Object> more) {
        Map<String, Object> props = new HashMap<>(more);
        props.put(TypedJsonConverterConfig.SCHEMA_LOCATION, location);
        props.put(TypedJsonConverterConfig.SCHEMA_TOPIC, schemaTopic);
        props.put("bootstrap.servers", cluster.bootstrapServers());
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(props, isKey);
        return c;
    }

    @Test
    void everyVectorIsWrittenAsItsValueAndFingerprintAndReadBackByAnotherConverter() throws Exception {
        List<JsonNode> vectors = SchemaReferenceTest.referenceVectors().toList();
        Set<String> notations = new HashSet<>();
        try (TypedJsonConverter writer = converter("reference", "schemas-vectors", false, Map.of());
             TypedJsonConverter reader = converter("inline", "schemas-vectors", false, Map.of())) { // any location reads references
            for (JsonNode c : vectors) {
                String where = c.get("name").asText();
                Schema schema = new SchemaCache(TypedJsonFormat.defaults(), 1).forText(c.get("schema").asText()).schema;
                Object value = ConnectVectorsTest.connectValue(schema, c.get("value"));
                Headers headers = new RecordHeaders();
                byte[] written = writer.fromConnectData("t", headers, schema, value);
                assertEquals(c.get("document").asText(), new String(written, StandardCharsets.UTF_8), where);
                Header ref = headers.lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER);
                assertEquals(c.get("fingerprint").asText(), ConnectEnvelope.hex(ref.value()), where);
                assertEquals(1, headers.toArray().length, where + ": the reference is the only header");
                assertEquals(List.of(), ConnectJsonSchemasTest.errors(ConnectJsonSchemas.forSchema(schema,
                        TypedJsonConverterConfig.Location.REFERENCE), new String(written, StandardCharsets.UTF_8)),
                        where + ": the writer's bytes against the JSON Schema of location reference");
                SchemaAndValue read = reader.toConnectData("t", headers, written);
                assertEquals(schema, read.schema(), where);
                assertEquals(SameValue.of(value), SameValue.of(read.value()), where);
                if (value instanceof BigDecimal) {
                    assertEquals(((BigDecimal) value).scale(), ((BigDecimal) read.value()).scale(), where);
                }
                notations.add(c.get("schema").asText());
            }
        }
        // created compacted, one partition, and each schema written once (one converter, one cache of fingerprints)
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            TopicDescription d = admin.describeTopics(List.of("schemas-vectors")).allTopicNames().get(30, TimeUnit.SECONDS)
                    .get("schemas-vectors");
            assertEquals(1, d.partitions().size());
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, "schemas-vectors");
            Config config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
            assertEquals("compact", config.get("cleanup.policy").value());
        }
        List<ConsumerRecord<byte[], byte[]>> records = readAll("schemas-vectors");
        assertEquals(notations.size(), records.size());
        for (ConsumerRecord<byte[], byte[]> r : records) {
            assertArrayEquals(ConnectEnvelope.fingerprint(r.value()), r.key());
            assertTrue(notations.contains(new String(r.value(), StandardCharsets.UTF_8)));
        }
    }

    /**
     * The JSON Schema of location reference (ConnectJsonSchemas) against the reference writer's own bytes, through a
     * schema topic: every schema of ConnectJsonSchemasTest (every Connect type, nested, at the top level too), with
     * random values and Samples' variants of every type, validates; the inline document of the same value, which
     * the reference value is not, does not.
     */
    @Test
    void theReferenceWritersBytesValidateAgainstTheJsonSchemaOfReference() {
        java.util.Random r = new java.util.Random(2026_12_05L);
        int documents = 0;
        TypedJsonConverter inline = ConnectJsonSchemasTest.converter(TypedJsonConverterConfig.Location.INLINE);
        try (TypedJsonConverter writer = converter("reference", "schemas-json-schema", false, Map.of())) {
            for (Schema schema : ConnectJsonSchemasTest.schemas()) {
                String jsonSchema = ConnectJsonSchemas.forSchema(schema, TypedJsonConverterConfig.Location.REFERENCE);
                List<Object> values = new java.util.ArrayList<>(schema == Samples.ALL ? Samples.allVariants() : List.of());
                for (int i = 0; i < 20; i++) {
                    values.add(ConnectJsonSchemasTest.value(schema, r));
                }
                for (Object v : values) {
                    Headers headers = new RecordHeaders();
                    String doc = new String(writer.fromConnectData("t", headers, schema, v), StandardCharsets.UTF_8);
                    assertEquals(16, headers.lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER).value().length, doc);
                    assertEquals(List.of(), ConnectJsonSchemasTest.errors(jsonSchema, doc), schema + ": " + doc + "\n" + jsonSchema);
                    String envelope = ConnectJsonSchemasTest.write(inline, schema, v);
                    assertTrue(!ConnectJsonSchemasTest.errors(jsonSchema, envelope).isEmpty(), "the inline document validates: " + envelope);
                    documents++;
                }
            }
        }
        assertTrue(documents > 500, "documents " + documents);
    }

    @Test
    void aKeyConverterWritesTheKeyHeaderAndASecondWriterOfTheSameSchemaAddsTheSameRecord() throws Exception {
        try (TypedJsonConverter key = converter("reference", "schemas-keys", true, Map.of());
             TypedJsonConverter again = converter("reference", "schemas-keys", true, Map.of());
             TypedJsonConverter reader = converter("header", "schemas-keys", true, Map.of())) {
            Headers headers = new RecordHeaders();
            Struct order = Samples.orders(1, 7).get(0);
            byte[] bytes = key.fromConnectData("t", headers, Samples.ORDER, order);
            assertArrayEquals(ConnectEnvelope.fingerprint("{id:i64,name,status,amount:f64,tags:[str],ts}"),
                    headers.lastHeader(ConnectEnvelope.KEY_SCHEMA_REF_HEADER).value());
            assertEquals(null, headers.lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER));
            again.fromConnectData("t", new RecordHeaders(), Samples.ORDER, order);
            assertEquals(new SchemaAndValue(Samples.ORDER, order), reader.toConnectData("t", headers, bytes));
        }
        List<ConsumerRecord<byte[], byte[]>> records = readAll("schemas-keys");
        assertEquals(2, records.size(), "two writers, the same record twice: compaction keeps one");
        assertArrayEquals(records.get(0).key(), records.get(1).key());
        assertArrayEquals(records.get(0).value(), records.get(1).value());
    }

    /**
     * A run of records of one schema does the reference's work once, both ways: every record gets the one header
     * object, whose value is the schema's one fingerprint array (the converter makes and encodes nothing per record
     * for it), the schema is written once, and a reader given each record's own copy of the fingerprint, as a
     * consumer gives it, reads the topic once and takes every later record's schema from memory (whether from the
     * last fingerprint or from a map is not visible here).
     */
    @Test
    void aRunOfRecordsOfOneSchemaSharesOneHeaderObjectAndIsLookedUpOnce() throws Exception {
        List<Struct> orders = Samples.orders(50, 11);
        try (TypedJsonConverter writer = converter("reference", "schemas-runs", false, Map.of());
             TypedJsonConverter reader = converter("inline", "schemas-runs", false, Map.of())) {
            Metrics writes = SchemaTopicFaultsIT.metricsOf(writer);
            Metrics reads = SchemaTopicFaultsIT.metricsOf(reader);
            Header first = null;
            for (Struct order : orders) {
                Headers headers = new RecordHeaders();
                byte[] bytes = writer.fromConnectData("t", headers, Samples.ORDER, order);
                Header ref = headers.lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER);
                first = first == null ? ref : first;
                assertSame(first, ref, "one header object for the run");
                Headers consumed = new RecordHeaders();
                consumed.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, ref.value().clone());
                assertEquals(new SchemaAndValue(Samples.ORDER, order), reader.toConnectData("t", consumed, bytes));
            }
            assertEquals(1, SchemaTopicFaultsIT.value(writes, "schemas-written-total"));
            assertEquals(1, SchemaTopicFaultsIT.value(reads, "schema-topic-lookups-total"), "one lookup for the run");
            assertEquals(orders.size() - 1, SchemaTopicFaultsIT.value(reads, "schema-cache-hits-total"),
                    "every later record's schema from memory");
        }
    }

    @Test
    void twoSchemasAlternatingReadBackEachWithItsOwnAndAHeaderWrittenIntoByTheCallerChangesNoLaterRecord() throws Exception {
        List<Struct> orders = Samples.orders(10, 12);
        try (TypedJsonConverter writer = converter("reference", "schemas-alternating", false, Map.of());
             TypedJsonConverter reader = converter("inline", "schemas-alternating", false, Map.of())) {
            Metrics writes = SchemaTopicFaultsIT.metricsOf(writer);
            Metrics reads = SchemaTopicFaultsIT.metricsOf(reader);
            for (int i = 0; i < orders.size(); i++) {
                for (SchemaAndValue record : List.of(new SchemaAndValue(Samples.ORDER, orders.get(i)),
                        new SchemaAndValue(Schema.INT64_SCHEMA, (long) i))) {
                    Headers headers = new RecordHeaders();
                    byte[] bytes = writer.fromConnectData("t", headers, record.schema(), record.value());
                    byte[] ref = headers.lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER).value();
                    assertArrayEquals(ConnectEnvelope.fingerprint(ConnectJsonSchemas.notation(record.schema())), ref);
                    Headers consumed = new RecordHeaders();
                    consumed.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, ref.clone());
                    assertEquals(record, reader.toConnectData("t", consumed, bytes));
                    ref[0] ^= 1; // the caller writes into the header of a record already sent
                }
            }
            assertEquals(2, SchemaTopicFaultsIT.value(writes, "schemas-written-total"));
            assertEquals(2, SchemaTopicFaultsIT.value(reads, "schema-topic-lookups-total"), "one lookup per schema");
            assertEquals(2 * orders.size() - 2, SchemaTopicFaultsIT.value(reads, "schema-cache-hits-total"),
                    "every later record's schema from memory");
        }
    }

    @Test
    void aFingerprintThatNeverComesIsADataExceptionNamingItAndTheTopicAfterTheWait() throws Exception {
        createTopic("schemas-empty");
        byte[] fingerprint = ConnectEnvelope.fingerprint("{nobody:i32}");
        try (TypedJsonConverter reader = converter("inline", "schemas-empty", false,
                Map.of(TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS, 700))) {
            Headers headers = new RecordHeaders();
            headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, fingerprint);
            long t0 = System.nanoTime();
            DataException e = assertThrows(DataException.class, () -> reader.toConnectData("orders", headers, "[1]".getBytes(StandardCharsets.UTF_8)));
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(waited >= 700, "waited " + waited + " ms");
            assertTrue(e.getMessage().contains(ConnectEnvelope.hex(fingerprint)) && e.getMessage().contains("'schemas-empty'")
                    && e.getMessage().contains("700 ms") && e.getMessage().contains("'orders'")
                    && !e.getMessage().contains("not found"), e.getMessage());
        }
        try (TypedJsonConverter reader = converter("inline", "schemas-nowhere", false,
                Map.of(TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS, 300))) {
            Headers headers = new RecordHeaders();
            headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, fingerprint);
            DataException e = assertThrows(DataException.class, () -> reader.toConnectData("orders", headers, "[1]".getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("'schemas-nowhere'") && e.getMessage().contains("the topic was not found"),
                    e.getMessage());
        }
    }

    @Test
    void aSchemaTopicThatDeletesOldRecordsIsRefused() throws Exception {
        createTopic("schemas-deleted"); // cleanup.policy=delete, the broker's default
        try (TypedJsonConverter writer = converter("reference", "schemas-deleted", false, Map.of())) {
            DataException e = assertThrows(DataException.class,
                    () -> writer.fromConnectData("t", new RecordHeaders(), Schema.INT32_SCHEMA, 1));
            assertTrue(e.getMessage().contains("'schemas-deleted' has cleanup.policy=delete")
                    && e.getMessage().contains("cleanup.policy=compact"), e.getMessage());
        }
        assertEquals(0, readAll("schemas-deleted").size(), "nothing written to it");
    }

    @Test
    void aSchemaTopicThatAlsoDeletesIsRefused() throws Exception {
        // compact,delete still deletes a schema after retention.ms: Connect asks its config topic for compact alone
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new org.apache.kafka.clients.admin.NewTopic("schemas-compact-delete", 1, (short) 1)
                    .configs(Map.of("cleanup.policy", "compact,delete")))).all().get(30, TimeUnit.SECONDS);
        }
        try (TypedJsonConverter writer = converter("reference", "schemas-compact-delete", false, Map.of())) {
            DataException e = assertThrows(DataException.class,
                    () -> writer.fromConnectData("t", new RecordHeaders(), Schema.INT32_SCHEMA, 1));
            assertTrue(e.getMessage().contains("'schemas-compact-delete' has cleanup.policy=compact,delete"), e.getMessage());
        }
        assertEquals(0, readAll("schemas-compact-delete").size(), "nothing written to it");
    }

    @Test
    void aSchemaWrittenWhileAReaderWaitsIsFound() throws Exception {
        try (TypedJsonConverter writer = converter("reference", "schemas-late", false, Map.of());
             TypedJsonConverter reader = converter("inline", "schemas-late", false, Map.of())) {
            Headers first = new RecordHeaders();
            byte[] one = writer.fromConnectData("t", first, Schema.INT32_SCHEMA, 1);
            assertEquals(new SchemaAndValue(Schema.INT32_SCHEMA, 1), reader.toConnectData("t", first, one));
            // a schema the reader has not seen: it reads on from where it is
            Headers second = new RecordHeaders();
            byte[] two = writer.fromConnectData("t", second, Samples.ORDER, Samples.orders(2, 7).get(1));
            assertEquals(new SchemaAndValue(Samples.ORDER, Samples.orders(2, 7).get(1)), reader.toConnectData("t", second, two));
        }
    }

    @Test
    void aNotationWhoseFingerprintIsNotItsKeyIsRefusedAndTheRightOneAfterItIsTaken() throws Exception {
        createTopic("schemas-forged");
        String notation = "{id:i64,amount:dec(2)}";
        byte[] fingerprint = ConnectEnvelope.fingerprint(notation);
        // someone writes another schema under that fingerprint: records of it would be read as strings
        produce("schemas-forged", fingerprint, "{id:i64,amount}".getBytes(StandardCharsets.UTF_8));
        Headers headers = new RecordHeaders();
        headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, fingerprint);
        byte[] value = "[1,12.50]".getBytes(StandardCharsets.UTF_8);
        // no missing backoff: the right notation, written next, is looked for by the next record (SchemaTopicFaultsIT
        // shows the backoff)
        try (TypedJsonConverter reader = converter("inline", "schemas-forged", false,
                Map.of(TypedJsonConverterConfig.SCHEMA_TOPIC_WAIT_MS, 500,
                        TypedJsonConverterConfig.SCHEMA_TOPIC_MISSING_BACKOFF_MS, 0))) {
            DataException e = assertThrows(DataException.class, () -> reader.toConnectData("t", headers, value));
            assertTrue(e.getMessage().contains(ConnectEnvelope.hex(fingerprint))
                    && e.getMessage().contains("whose own fingerprint differs"), e.getMessage());
            produce("schemas-forged", fingerprint, notation.getBytes(StandardCharsets.UTF_8));
            SchemaAndValue read = reader.toConnectData("t", headers, value);
            assertEquals(new BigDecimal("12.50"), ((Struct) read.value()).get("amount"));
        }
    }

    @Test
    void aNotationBeyondTheLimitsIsRefusedNamingTheProperty() throws Exception {
        createTopic("schemas-deep");
        String deep = "[".repeat(40) + "i32" + "]".repeat(40);
        byte[] fingerprint = ConnectEnvelope.fingerprint(deep);
        produce("schemas-deep", fingerprint, deep.getBytes(StandardCharsets.UTF_8));
        Headers headers = new RecordHeaders();
        headers.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, fingerprint);
        try (TypedJsonConverter reader = converter("inline", "schemas-deep", false, Map.of("typedjson.max.depth", 10))) {
            DataException e = assertThrows(DataException.class,
                    () -> reader.toConnectData("t", headers, "[]".getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().contains("typedjson.max.depth") && e.getMessage().contains(ConnectEnvelope.hex(fingerprint)),
                    e.getMessage());
        }
    }

    @Test
    void theConsoleFormatterResolvesAReferenceWithItsOwnConsumerAndRefusesAForgedOne() throws Exception {
        Headers headers = new RecordHeaders();
        byte[] value;
        try (TypedJsonConverter writer = converter("reference", "schemas-console", false, Map.of())) {
            value = writer.fromConnectData("orders", headers, Samples.ORDER, Samples.orders(1, 7).get(0));
        }
        Map<String, String> props = Map.of("print.schema", "true", "bootstrap.servers", cluster.bootstrapServers(),
                "typedjson.schema.topic", "schemas-console", "typedjson.schema.topic.wait.ms", "500");
        assertEquals("schema: {id:i64,name,status,amount:f64,tags:[str],ts}\t" + new String(value, StandardCharsets.UTF_8) + "\n",
                format(props, headers, value));
        byte[] forged = ConnectEnvelope.fingerprint("{id:i64,amount:dec(2)}");
        produce("schemas-console", forged, "{id:i64,amount}".getBytes(StandardCharsets.UTF_8));
        Headers other = new RecordHeaders();
        other.add(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, forged);
        String line = format(props, other, "[1,12.50]".getBytes(StandardCharsets.UTF_8));
        assertTrue(line.startsWith("schema: ERROR: no schema of fingerprint " + ConnectEnvelope.hex(forged)
                + " in schema topic 'schemas-console' after waiting 500 ms; the topic holds a notation under that "
                + "fingerprint whose own fingerprint differs"), line);
    }

    private static String format(Map<String, String> props, Headers headers, byte[] value) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (io.typedjson.serde.TypedJsonMessageFormatter f = new io.typedjson.serde.TypedJsonMessageFormatter();
             java.io.PrintStream out = new java.io.PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            f.configure(props);
            f.writeTo(new ConsumerRecord<>("orders", 0, 0L, ConsumerRecord.NO_TIMESTAMP,
                    org.apache.kafka.common.record.TimestampType.NO_TIMESTAMP_TYPE, -1, value.length, null, value,
                    headers, java.util.Optional.empty()), out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void createTopic(String name) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new org.apache.kafka.clients.admin.NewTopic(name, 1, (short) 1)))
                    .all().get(30, TimeUnit.SECONDS);
        }
    }

    private static void produce(String topic, byte[] key, byte[] value) throws Exception {
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Map.of("bootstrap.servers", cluster.bootstrapServers()),
                new ByteArraySerializer(), new ByteArraySerializer())) {
            p.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        }
    }

    static List<ConsumerRecord<byte[], byte[]>> readAll(String topic) {
        return TestBroker.readAll(cluster, topic);
    }
}

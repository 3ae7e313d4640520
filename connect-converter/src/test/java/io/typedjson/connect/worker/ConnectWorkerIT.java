package io.typedjson.connect.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.connect.Samples;
import io.typedjson.connect.TestBroker;
import io.typedjson.connect.TypedJsonConverter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.connect.cli.ConnectStandalone;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.Herder;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorInfo;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.util.FutureCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache Kafka's own Connect runtime (standalone, in-process) against a real KRaft broker (in-process): a source
 * connector of the tests emits records of every type through TypedJsonConverter (keys, values and headers), a
 * sink connector reads them back through it, and every record must arrive equal to what was emitted, in each
 * schema location. A record that is not typed JSON goes to the dead letter queue with Connect's error headers.
 */
@ExtendWith(io.typedjson.examples.SharedBroker.class)
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConnectWorkerIT {

    private static final String CONVERTER = TypedJsonConverter.class.getName();
    private static final Duration CLOSE = Duration.ofSeconds(5);

    @TempDir
    static Path dir;

    static KafkaClusterTestKit cluster;
    static Connect<?> connect;

    @BeforeAll
    static void start(KafkaClusterTestKit shared) throws Exception {
        // a failing start of Connect calls Exit.exit, which must not end the test JVM
        Exit.setExitProcedure((status, message) -> {
            throw new IllegalStateException("Connect tried to exit with status " + status + ": " + message);
        });
        long t0 = System.nanoTime();
        cluster = shared; // the run's one broker (SharedBroker), closed when the run ends
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("inline", 1, (short) 1), new NewTopic("header", 1, (short) 1),
                    new NewTopic("none", 1, (short) 1), new NewTopic("dlq", 1, (short) 1), new NewTopic("events", 1, (short) 1),
                    new NewTopic("events-dlq", 1, (short) 1), new NewTopic("traced", 1, (short) 1),
                    new NewTopic("traced-dlq", 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }

        long t1 = System.nanoTime();
        Map<String, String> worker = new HashMap<>();
        worker.put("bootstrap.servers", cluster.bootstrapServers());
        worker.put("key.converter", CONVERTER);
        worker.put("value.converter", CONVERTER);
        worker.put("header.converter", CONVERTER);
        worker.put("offset.storage.file.filename", dir.resolve("offsets").toString());
        worker.put("offset.flush.interval.ms", "1000");
        worker.put("listeners", "http://127.0.0.1:0");
        // finds the converter and the test connectors through their META-INF/services entries on the classpath
        worker.put("plugin.discovery", "service_load");
        connect = new ConnectStandalone().startConnect(worker);
        System.out.printf("KRaft broker ready in %d ms, Connect worker started in %d ms%n",
                TimeUnit.NANOSECONDS.toMillis(t1 - t0), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1));
    }

    @AfterAll
    static void stop() throws Exception {
        long t0 = System.nanoTime();
        if (connect != null) {
            connect.stop();
            connect.awaitStop();
        }
        Exit.resetExitProcedure();
        System.out.printf("Connect worker stopped in %d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
    }

    static void createConnector(String name, Map<String, String> config) throws Exception {
        config.put("name", name);
        FutureCallback<Herder.Created<ConnectorInfo>> created = new FutureCallback<>();
        connect.herder().putConnectorConfig(name, config, false, created);
        created.get(60, TimeUnit.SECONDS);
    }

    @Test
    void everyRecordArrivesEqualInEveryLocationAndBadOnesGoToTheDeadLetterQueue() throws Exception {
        long start = System.nanoTime();
        // a record that is not a valid document, produced before the good ones by a plain producer
        byte[] bad = "{\"~s\":\"{a:i32}\",\"~v\":[\"x\"]}".getBytes(StandardCharsets.UTF_8);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()), new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>("inline", null, bad)).get(30, TimeUnit.SECONDS);
            producer.close(CLOSE);
        }

        for (String location : List.of("inline", "header", "none")) {
            Map<String, String> source = new HashMap<>();
            source.put("connector.class", EveryTypeSource.class.getName());
            source.put("tasks.max", "1");
            source.put("topic", location);
            source.put("value.converter", CONVERTER);
            source.put("value.converter.typedjson.schema.location", location);
            source.put("key.converter", CONVERTER);
            source.put("key.converter.typedjson.schema.location", location);
            createConnector("source-" + location, source);

            Map<String, String> sink = CollectingSink.config(location, "dlq");
            sink.put("value.converter", CONVERTER);
            sink.put("value.converter.typedjson.schema.location", location);
            createConnector("sink-" + location, sink);
        }

        List<WorkerRecords.Expected> expected = WorkerRecords.expected();
        for (String location : List.of("inline", "header")) {
            Queue<SinkRecord> received = CollectingSink.received(location);
            TestBroker.await(expected.size() + " records on " + location, () -> received.size() >= expected.size());
            List<SinkRecord> got = new ArrayList<>(received);
            assertEquals(expected.size(), got.size(), location);
            for (int i = 0; i < expected.size(); i++) {
                WorkerRecords.Expected e = expected.get(i);
                SinkRecord r = got.get(i);
                String where = location + " record " + i;
                assertEquals(e.keySchema(), r.keySchema(), where);
                assertEquals(e.key(), r.key(), where);
                assertEquals(e.valueSchema(), r.valueSchema(), where);
                assertEquals(e.value(), r.value(), where);
                for (Header h : e.headers()) {
                    Header back = r.headers().lastWithName(h.key());
                    assertNotNull(back, where + " header " + h.key());
                    assertEquals(h.schema(), back.schema(), where + " header " + h.key());
                    assertEquals(h.value(), back.value(), where + " header " + h.key());
                }
            }
        }

        // none: every record arrives, the tombstone too
        Queue<SinkRecord> none = CollectingSink.received("none");
        TestBroker.await(expected.size() + " records on none", () -> none.size() >= expected.size());
        List<SinkRecord> noneGot = new ArrayList<>(none);
        assertEquals(expected.size(), noneGot.size());
        assertNull(noneGot.get(noneGot.size() - 1).value(), "the tombstone");
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i).valueSchema() == Samples.ROW) {
                // a row comes back with derived schemas: the same types and values, optionality aside
                Struct want = (Struct) expected.get(i).value();
                Struct got = (Struct) noneGot.get(i).value();
                for (Field f : Samples.ROW.fields()) {
                    Object w = want.get(f);
                    Object g = got.get(f.name());
                    assertTrue(w instanceof byte[] ? Arrays.equals((byte[]) w, (byte[]) g) : Objects.equals(w, g), "none " + f.name());
                    if (w != null) {
                        assertEquals(f.schema().type(), got.schema().field(f.name()).schema().type());
                        assertEquals(f.schema().name(), got.schema().field(f.name()).schema().name());
                    }
                }
            }
        }

        // the bad record went to the dead letter queue with Connect's error context headers
        List<ConsumerRecord<byte[], byte[]>> dlq = TestBroker.pollUntilAny(cluster, "dlq", "dlq-reader");
        assertEquals(1, dlq.size(), "one record in the dead letter queue");
        ConsumerRecord<byte[], byte[]> r = dlq.get(0);
        assertArrayEquals(bad, r.value());
        assertEquals("inline", header(r, "__connect.errors.topic"));
        assertEquals("org.apache.kafka.connect.errors.DataException", header(r, "__connect.errors.exception.class.name"));
        String message = header(r, "__connect.errors.exception.message");
        assertTrue(message.contains("'inline'") && message.contains("$[\"~v\"][0]") && message.contains("byte offset 22"), message);
        // the converters' metrics in the worker's registry (KIP-877), read from JMX as an operator would: the sink's
        // value converter read every value but the tombstone and refused the bad record (a type refusal); its
        // schemas came from its caches, each compiled once (the bad record's too)
        Map<String, Double> sinkValue = converterMetrics("sink-inline", "value");
        long values = expected.stream().filter(e -> e.value() != null).count();
        long withSchema = expected.stream().filter(e -> e.valueSchema() != null).count();
        assertEquals(values, sinkValue.get("records-read-total"), sinkValue.toString());
        assertEquals(1, sinkValue.get("read-refused-type-total"), sinkValue.toString());
        assertEquals(0, sinkValue.get("read-refused-syntax-total"), sinkValue.toString());
        assertEquals(withSchema + 1, sinkValue.get("schema-cache-hits-total") + sinkValue.get("schema-cache-misses-total"),
                sinkValue.toString());
        // compiled: the bad record's schema, Samples.ALL and the rows' schema; the schemaless value has none
        assertEquals(3, sinkValue.get("schema-cache-misses-total"), sinkValue.toString());
        assertTrue(sinkValue.get("bytes-read-total") > 0 && sinkValue.get("read-time-ns-avg") > 0, sinkValue.toString());
        Map<String, Double> sourceValue = converterMetrics("source-inline", "value");
        assertEquals(values, sourceValue.get("records-written-total"), sourceValue.toString());
        assertEquals(0, sourceValue.get("write-refused-type-total"), sourceValue.toString());
        long headers = expected.stream().mapToLong(e -> e.headers().size()).sum();
        assertEquals(headers, converterMetrics("sink-inline", "header").get("records-read-total"));
        assertEquals(headers, converterMetrics("source-inline", "header").get("records-written-total"));
        System.out.printf("worker round trip of %d records x 3 locations and the DLQ checked in %d ms%n",
                expected.size(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /**
     * Several event types on one topic (SPEC.md section 12) through a worker: a source of three types written as
     * CloudEvents (the name in ce_type, the schema in its header, the value the plain document), a sink that gets each
     * schema named by its type, exactly, and a record naming a class that goes to the dead letter queue.
     */
    @Test
    void threeEventTypesArriveExactlyNamedByTheirTypeAndAnUnlistedOneGoesToTheDeadLetterQueue() throws Exception {
        long start = System.nanoTime();
        byte[] unlisted = "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()), new ByteArraySerializer(), new ByteArraySerializer())) {
            ProducerRecord<byte[], byte[]> record = new ProducerRecord<>("events", null, unlisted);
            record.headers().add("ce_type", "com.acme.OrderCreated".getBytes(StandardCharsets.UTF_8));
            producer.send(record).get(30, TimeUnit.SECONDS);
            producer.close(CLOSE);
        }
        Map<String, String> converter = Map.of("value.converter", CONVERTER,
                "value.converter.typedjson.value.types", "order.created,order.shipped,order.cancelled",
                "value.converter.typedjson.schema.location", "header",
                "value.converter.typedjson.cloudevents.source", "/connect/events-source");
        Map<String, String> source = new HashMap<>(converter);
        source.put("connector.class", EventsSource.class.getName());
        source.put("tasks.max", "1");
        source.put("topic", "events");
        createConnector("source-events", source);
        Map<String, String> sink = CollectingSink.config("events", "events-dlq");
        sink.putAll(converter);
        createConnector("sink-events", sink);

        List<org.apache.kafka.connect.data.SchemaAndValue> sent = io.typedjson.connect.EventTypesConverterTest.events();
        Queue<SinkRecord> received = CollectingSink.received("events");
        TestBroker.await(sent.size() + " events", () -> received.size() >= sent.size());
        List<SinkRecord> got = new ArrayList<>(received);
        assertEquals(sent.size(), got.size());
        for (int i = 0; i < sent.size(); i++) {
            assertEquals(sent.get(i).schema(), got.get(i).valueSchema(), "event " + i);
            assertEquals(sent.get(i).value(), got.get(i).value(), "event " + i);
            Header type = got.get(i).headers().lastWithName("ce_type");
            assertEquals(sent.get(i).schema().name(), type.value(), "the header converter reads ce_type as text");
            assertEquals("/connect/events-source", got.get(i).headers().lastWithName("ce_source").value());
        }
        List<ConsumerRecord<byte[], byte[]>> dlq = TestBroker.pollUntilAny(cluster, "events-dlq", "events-dlq-reader");
        assertEquals(1, dlq.size(), "one record in the dead letter queue");
        assertArrayEquals(unlisted, dlq.get(0).value());
        assertEquals("com.acme.OrderCreated", header(dlq.get(0), "ce_type"));
        String message = header(dlq.get(0), "__connect.errors.exception.message");
        assertTrue(message.contains("unknown event type \"com.acme.OrderCreated\" in header ce_type"), message);
        System.out.printf("worker round trip of %d event types and the DLQ checked in %d ms%n", sent.size(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /**
     * A sink task whose records wait on a schema not in the schema topic yet (location reference, written where the
     * sink does not read, then copied as a replicator would) is restarted by the worker while it waits: the old task
     * stops within the converter's wait (below the worker's task.shutdown.graceful.timeout.ms), closes its schema
     * reader, and delivers nothing; the new one resolves the schema once it comes and delivers every record once, in
     * order; one schema reader is left open, the new task's.
     */
    /**
     * The worker's header converter on a topic other producers write: a traced record (W3C trace context) of a
     * Spring producer arrives with its text headers as strings; a header of plain text the converter was not told
     * about sends its record to the dead letter queue with a message naming typedjson.header.text.names.
     */
    @Test
    void otherProducersTextHeadersArriveAsStringsAndAnUnnamedOneGoesToTheDeadLetterQueue() throws Exception {
        TypedJsonConverter values = new TypedJsonConverter();
        values.configure(Map.of(), false);
        byte[] value = values.fromConnectData("traced", org.apache.kafka.connect.data.Schema.INT32_SCHEMA, 7);
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()), new ByteArraySerializer(), new ByteArraySerializer())) {
            ProducerRecord<byte[], byte[]> traced = new ProducerRecord<>("traced", null, value);
            traced.headers().add("traceparent", traceparent.getBytes(StandardCharsets.UTF_8))
                    .add("baggage", "user=Zo\u00eb".getBytes(StandardCharsets.UTF_8))
                    .add("__TypeId__", "com.acme.Order".getBytes(StandardCharsets.UTF_8));
            producer.send(traced).get(30, TimeUnit.SECONDS);
            ProducerRecord<byte[], byte[]> unnamed = new ProducerRecord<>("traced", null, value);
            unnamed.headers().add("x-foo", "db1".getBytes(StandardCharsets.UTF_8));
            producer.send(unnamed).get(30, TimeUnit.SECONDS);
            producer.close(CLOSE);
        }
        Map<String, String> sink = CollectingSink.config("traced", "traced-dlq");
        createConnector("sink-traced", sink);

        Queue<SinkRecord> received = CollectingSink.received("traced");
        TestBroker.await("the traced record", () -> !received.isEmpty());
        SinkRecord got = received.peek();
        assertEquals(7, got.value());
        assertEquals(traceparent, got.headers().lastWithName("traceparent").value());
        assertEquals("user=Zo\u00eb", got.headers().lastWithName("baggage").value());
        assertEquals("com.acme.Order", got.headers().lastWithName("__TypeId__").value());
        List<ConsumerRecord<byte[], byte[]>> dlq = TestBroker.pollUntilAny(cluster, "traced-dlq", "traced-dlq-reader");
        assertEquals(1, dlq.size(), "one record in the dead letter queue");
        assertEquals("db1", header(dlq.get(0), "x-foo"));
        String message = header(dlq.get(0), "__connect.errors.exception.message");
        assertTrue(message.contains("Cannot read header 'x-foo' of a record from topic 'traced': it is not a typed JSON "
                + "document") && message.contains("named in typedjson.header.text.names"), message);
        assertEquals(1, received.size(), "only the traced record reaches the sink");
    }

    @Test
    void aTaskRestartedWhileItsRecordsWaitOnASchemaStopsCleanlyAndTheNewOneDeliversEveryRecordOnce() throws Exception {
        String topic = "waiting";
        String schemas = "waiting-schemas";
        String elsewhere = "elsewhere-schemas";
        int n = 30;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1), new NewTopic(schemas, 1, (short) 1)
                    .configs(Map.of("cleanup.policy", "compact")))).all().get(60, TimeUnit.SECONDS);
        }
        org.apache.kafka.connect.data.Schema schema = org.apache.kafka.connect.data.SchemaBuilder.struct().name("Waiting")
                .field("id", org.apache.kafka.connect.data.Schema.INT64_SCHEMA).build();
        try (TypedJsonConverter writer = new TypedJsonConverter();
             KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                     cluster.bootstrapServers()), new ByteArraySerializer(), new ByteArraySerializer())) {
            writer.configure(Map.of("typedjson.schema.location", "reference", "typedjson.schema.topic", elsewhere,
                    "bootstrap.servers", cluster.bootstrapServers()), false);
            for (long i = 0; i < n; i++) {
                org.apache.kafka.common.header.internals.RecordHeaders headers = new org.apache.kafka.common.header.internals.RecordHeaders();
                byte[] value = writer.fromConnectData(topic, headers, schema, new Struct(schema).put("id", i));
                producer.send(new ProducerRecord<byte[], byte[]>(topic, null, (byte[]) null, value, headers)).get(30, TimeUnit.SECONDS);
            }
        }
        Map<String, String> sink = CollectingSink.config(topic, null);
        sink.put("value.converter", CONVERTER);
        sink.put("value.converter.typedjson.schema.topic", schemas);
        sink.put("value.converter.typedjson.schema.topic.wait.ms", "3000");
        sink.put("value.converter.bootstrap.servers", cluster.bootstrapServers());
        createConnector("waiting-sink", sink);
        TestBroker.await("the task's converter looking in the schema topic", () -> schemaReaders() == 1);
        Thread.sleep(500);
        assertEquals(0, CollectingSink.received(topic).size());

        FutureCallback<Void> restarted = new FutureCallback<>();
        connect.herder().restartTask(new org.apache.kafka.connect.util.ConnectorTaskId("waiting-sink", 0), restarted);
        restarted.get(60, TimeUnit.SECONDS);
        // the schema comes (copied from where it was written), and the new task finds it
        List<ConsumerRecord<byte[], byte[]>> copied = TestBroker.readAll(cluster, elsewhere);
        assertEquals(1, copied.size());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers()), new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(schemas, copied.get(0).key(), copied.get(0).value())).get(30, TimeUnit.SECONDS);
        }
        Queue<SinkRecord> received = CollectingSink.received(topic);
        TestBroker.await(n + " records", () -> received.size() >= n);
        Thread.sleep(1000); // a late duplicate would come now
        List<Long> ids = received.stream().map(r -> ((Struct) r.value()).getInt64("id")).toList();
        List<Long> expected = java.util.stream.LongStream.range(0, n).boxed().toList();
        assertEquals(expected, ids, "every record once, in order");
        assertEquals(1, schemaReaders(), "the old task's schema reader was closed");
        Map<String, Double> m = converterMetrics("waiting-sink", "value");
        assertEquals(n, m.get("records-read-total"), m.toString());
        assertTrue(m.get("schema-topic-lookups-total") >= 1, m.toString());
    }

    /** The schema topic readers open now (their consumers' app-info beans). */
    static long schemaReaders() {
        try {
            return java.lang.management.ManagementFactory.getPlatformMBeanServer().queryNames(
                    new javax.management.ObjectName("kafka.consumer:type=app-info,*"), null).stream()
                    .filter(o -> String.valueOf(o.getKeyProperty("id")).startsWith("typedjson-schema-reader-")).count();
        } catch (javax.management.MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The metrics of a task's converter in JMX: Connect's registry ({@code kafka.connect}), group {@code plugins}, tagged
     * with the connector, the task and {@code converter=key|value|header}.
     */
    static Map<String, Double> converterMetrics(String connector, String converter) throws Exception {
        javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
        javax.management.ObjectName name = new javax.management.ObjectName("kafka.connect:type=plugins,connector="
                + connector + ",task=0,converter=" + converter);
        if (!server.isRegistered(name)) {
            throw new AssertionError(name + " is not in JMX; plugin beans: "
                    + server.queryNames(new javax.management.ObjectName("kafka.connect:type=plugins,*"), null));
        }
        Map<String, Double> out = new java.util.TreeMap<>();
        for (javax.management.MBeanAttributeInfo a : server.getMBeanInfo(name).getAttributes()) {
            out.put(a.getName(), ((Number) server.getAttribute(name, a.getName())).doubleValue());
        }
        return out;
    }

    private static String header(ConsumerRecord<byte[], byte[]> r, String key) {
        org.apache.kafka.common.header.Header h = r.headers().lastHeader(key);
        assertNotNull(h, key);
        return new String(h.value(), StandardCharsets.UTF_8);
    }
}

package io.typedjson.connect.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.connect.Samples;
import io.typedjson.connect.TypedJsonConverter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache Kafka's own Connect runtime (standalone, in-process) against a real KRaft broker (in-process): a source
 * connector of the tests emits records of every type through TypedJsonConverter (keys, values and headers), a
 * sink connector reads them back through it, and every record must arrive equal to what was emitted, in each
 * schema location. A record that is not typed JSON goes to the dead letter queue with Connect's error headers.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConnectWorkerIT {

    private static final String CONVERTER = TypedJsonConverter.class.getName();
    private static final Duration CLOSE = Duration.ofSeconds(5);

    @TempDir
    static Path dir;

    static KafkaClusterTestKit cluster;
    static Connect<?> connect;

    @BeforeAll
    static void start() throws Exception {
        // a failing start of Connect calls Exit.exit, which must not end the test JVM
        Exit.setExitProcedure((status, message) -> {
            throw new IllegalStateException("Connect tried to exit with status " + status + ": " + message);
        });
        long t0 = System.nanoTime();
        cluster = io.typedjson.examples.OneBroker.start();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("inline", 1, (short) 1), new NewTopic("header", 1, (short) 1),
                    new NewTopic("none", 1, (short) 1), new NewTopic("dlq", 1, (short) 1), new NewTopic("events", 1, (short) 1),
                    new NewTopic("events-dlq", 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
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
        long t1 = System.nanoTime();
        if (cluster != null) {
            cluster.close();
        }
        Exit.resetExitProcedure();
        System.out.printf("Connect worker stopped in %d ms, KRaft cluster closed in %d ms%n",
                TimeUnit.NANOSECONDS.toMillis(t1 - t0), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1));
    }

    static void createConnector(String name, Map<String, String> config) throws Exception {
        config.put("name", name);
        FutureCallback<Herder.Created<ConnectorInfo>> created = new FutureCallback<>();
        connect.herder().putConnectorConfig(name, config, false, created);
        created.get(60, TimeUnit.SECONDS);
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
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

            Map<String, String> sink = new HashMap<>();
            sink.put("connector.class", CollectingSink.class.getName());
            sink.put("tasks.max", "1");
            sink.put("topics", location);
            sink.put("errors.tolerance", "all");
            sink.put("errors.deadletterqueue.topic.name", "dlq");
            sink.put("errors.deadletterqueue.topic.replication.factor", "1");
            sink.put("errors.deadletterqueue.context.headers.enable", "true");
            sink.put("value.converter", CONVERTER);
            sink.put("value.converter.typedjson.schema.location", location);
            createConnector("sink-" + location, sink);
        }

        List<WorkerRecords.Expected> expected = WorkerRecords.expected();
        for (String location : List.of("inline", "header")) {
            Queue<SinkRecord> received = CollectingSink.received(location);
            await(expected.size() + " records on " + location, () -> received.size() >= expected.size());
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
        await(expected.size() + " records on none", () -> none.size() >= expected.size());
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
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "dlq-reader",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of("dlq"));
            List<ConsumerRecord<byte[], byte[]>> dlq = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (dlq.isEmpty() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(dlq::add);
            }
            assertEquals(1, dlq.size(), "one record in the dead letter queue");
            ConsumerRecord<byte[], byte[]> r = dlq.get(0);
            assertArrayEquals(bad, r.value());
            assertEquals("inline", header(r, "__connect.errors.topic"));
            assertEquals("org.apache.kafka.connect.errors.DataException", header(r, "__connect.errors.exception.class.name"));
            String message = header(r, "__connect.errors.exception.message");
            assertTrue(message.contains("'inline'") && message.contains("$[\"~v\"][0]") && message.contains("byte offset 22"), message);
            consumer.close(CLOSE);
        }
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
        Map<String, String> sink = new HashMap<>(converter);
        sink.put("connector.class", CollectingSink.class.getName());
        sink.put("tasks.max", "1");
        sink.put("topics", "events");
        sink.put("errors.tolerance", "all");
        sink.put("errors.deadletterqueue.topic.name", "events-dlq");
        sink.put("errors.deadletterqueue.topic.replication.factor", "1");
        sink.put("errors.deadletterqueue.context.headers.enable", "true");
        createConnector("sink-events", sink);

        List<org.apache.kafka.connect.data.SchemaAndValue> sent = io.typedjson.connect.EventTypesConverterTest.events();
        Queue<SinkRecord> received = CollectingSink.received("events");
        await(sent.size() + " events", () -> received.size() >= sent.size());
        List<SinkRecord> got = new ArrayList<>(received);
        assertEquals(sent.size(), got.size());
        for (int i = 0; i < sent.size(); i++) {
            assertEquals(sent.get(i).schema(), got.get(i).valueSchema(), "event " + i);
            assertEquals(sent.get(i).value(), got.get(i).value(), "event " + i);
            Header type = got.get(i).headers().lastWithName("ce_type");
            assertEquals(sent.get(i).schema().name(), type.value(), "the header converter reads ce_type as text");
            assertEquals("/connect/events-source", got.get(i).headers().lastWithName("ce_source").value());
        }
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "events-dlq-reader",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of("events-dlq"));
            List<ConsumerRecord<byte[], byte[]>> dlq = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (dlq.isEmpty() && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(dlq::add);
            }
            assertEquals(1, dlq.size(), "one record in the dead letter queue");
            assertArrayEquals(unlisted, dlq.get(0).value());
            assertEquals("com.acme.OrderCreated", header(dlq.get(0), "ce_type"));
            String message = header(dlq.get(0), "__connect.errors.exception.message");
            assertTrue(message.contains("unknown event type \"com.acme.OrderCreated\" in header ce_type"), message);
            consumer.close(CLOSE);
        }
        System.out.printf("worker round trip of %d event types and the DLQ checked in %d ms%n", sent.size(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    private static String header(ConsumerRecord<byte[], byte[]> r, String key) {
        org.apache.kafka.common.header.Header h = r.headers().lastHeader(key);
        assertNotNull(h, key);
        return new String(h.value(), StandardCharsets.UTF_8);
    }
}

package io.typedjson.serde.events;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.EventTypes;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerde;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.UnknownEvent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * Several event types on one topic in Kafka Streams (SPEC.md section 12): the event types serde as the default
 * value serde, {@code split()} by type into a topic per type, a state store of the latest event per order (with
 * {@code dsl.store.format=headers}, or a store serde of location document when stores drop headers), and the policies
 * pass (a dead-letter branch, in order) and skip.
 */
class EventTypesStreamsTest {

    private static Properties props(String policy) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "typedjson-events");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "dummy:9092");
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, TypedJsonSerde.class.getName());
        p.put(TypedJsonConfig.VALUE_TYPES, OrderEvent.class.getName());
        p.put(TypedJsonConfig.UNKNOWN_TYPES, policy);
        p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
        // stores that keep each value's headers (Kafka 4.4+): a type name in a header stays with its value
        p.put("dsl.store.format", "headers");
        return p;
    }

    /** The store of the latest event per order, with the default value serde. */
    private static Materialized<String, Object, KeyValueStore<Bytes, byte[]>> defaultStore() {
        return Materialized.as("latest-event");
    }

    /** The topology of docs/event-types.md: a topic per type, the latest event per order, the rest to a dead-letter topic. */
    static void topology(StreamsBuilder builder, Materialized<String, Object, KeyValueStore<Bytes, byte[]>> store) {
        // docs/event-types.md topology: begin
        KStream<String, Object> events = builder.stream("orders");
        events.split(Named.as("by-type-"))
                .branch((id, e) -> e instanceof OrderCreated, Branched.withConsumer(s -> s.mapValues(OrderCreated.class::cast)
                        .to("orders-created", Produced.with(Serdes.String(), TypedJsonSerde.forClass(OrderCreated.class)))))
                .branch((id, e) -> e instanceof OrderShipped, Branched.withConsumer(s -> s.mapValues(OrderShipped.class::cast)
                        .to("orders-shipped", Produced.with(Serdes.String(), TypedJsonSerde.forClass(OrderShipped.class)))))
                .branch((id, e) -> e instanceof OrderCancelled, Branched.withConsumer(s -> s.mapValues(OrderCancelled.class::cast)
                        .to("orders-cancelled", Produced.with(Serdes.String(), TypedJsonSerde.forClass(OrderCancelled.class)))))
                .branch((id, e) -> e instanceof UnknownEvent, Branched.withConsumer(s -> s.to("orders-dlq")))
                .noDefaultBranch(); // a skipped record (null) matches no branch: it goes nowhere
        events.filter((id, e) -> e instanceof OrderEvent)
                .groupByKey()
                .reduce((previous, latest) -> latest, store)
                .toStream()
                .to("orders-latest");
        // docs/event-types.md topology: end
    }

    @Test
    void branchByTypeRoundTripsExactly() {
        roundTrip(props("fail"), defaultStore());
    }

    /**
     * Stores of dsl.store.format=default do not keep headers, and Streams hands a stored value the headers of the record
     * being processed: the store gets a serde of location document, which reads the envelope's name only.
     */
    @Test
    void withStoresThatDropHeadersTheStoreHoldsEnvelopes() {
        Properties p = props("fail");
        p.remove("dsl.store.format");
        // docs/event-types.md store: begin
        TypedJsonSerde<Object> envelopes = TypedJsonSerde.forEventTypes(EventTypes.of(OrderEvent.class));
        envelopes.configure(Map.of(TypedJsonConfig.TYPE_LOCATION, "document"), false);
        Materialized<String, Object, KeyValueStore<Bytes, byte[]>> store = Materialized.<String, Object, KeyValueStore<Bytes, byte[]>>as("latest-event")
                .withValueSerde(envelopes);
        // docs/event-types.md store: end
        roundTrip(p, store);
    }

    /** The same stores with a serde that reads headers: another record's header disagrees with the envelope, loudly. */
    @Test
    void withStoresThatDropHeadersAHeaderReadingSerdeFailsLoudlyNeverMisreads() {
        Properties p = props("fail");
        p.remove("dsl.store.format");
        p.put(TypedJsonConfig.TYPE_LOCATION, "both");
        String refusal = headerDisagreement(p);
        assertEquals(DISAGREEMENT, refusal);
    }

    /** The refusal of a stored value read with another record's headers, in every store that drops headers. */
    private static final String DISAGREEMENT = "Cannot read typed JSON from topic 'typedjson-events-latest-event-changelog': event types disagree: "
            + "header ce_type says \"order.shipped\" and the document says \"order.created\" at $[\"~type\"] (byte offset 9) "
            + "(in a Kafka Streams state store that drops headers, of dsl.store.format=default or in memory, a value meets "
            + "the headers of another record: give stores a serde of typedjson.type.location=document, or set "
            + "dsl.store.format=headers with RocksDB stores)";

    /** The message of the refusal when an order's second event meets the first's stored value: it must be refused. */
    private static String headerDisagreement(Properties p) {
        StreamsBuilder builder = new StreamsBuilder();
        topology(builder, defaultStore());
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), p)) {
            TestInputTopic<String, Object> in = driver.createInputTopic("orders", new StringSerializer(),
                    TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class)));
            in.pipeInput("1001", EventTypesSerdeTest.CREATED);
            StreamsException e = assertThrows(StreamsException.class, () -> in.pipeInput("1001", EventTypesSerdeTest.SHIPPED));
            Throwable cause = e;
            while (cause.getCause() != null && !(cause instanceof SerializationException)) {
                cause = cause.getCause();
            }
            return cause.getMessage();
        }
    }

    /**
     * In-memory stores drop the headers even with dsl.store.format=headers (Kafka 4.4 keeps them in its RocksDB stores
     * only): a serde that reads headers meets another record's there, and fails loudly as with the default format.
     */
    @Test
    void inMemoryStoresDropHeadersEvenInTheHeadersFormat() {
        Properties p = props("fail");
        p.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, BuiltInDslStoreSuppliers.InMemoryDslStoreSuppliers.class);
        p.put(TypedJsonConfig.TYPE_LOCATION, "both");
        assertEquals("headers", p.get("dsl.store.format"));
        String refusal = headerDisagreement(p);
        assertEquals(DISAGREEMENT, refusal);
    }

    private static void roundTrip(Properties props, Materialized<String, Object, KeyValueStore<Bytes, byte[]>> store) {
        StreamsBuilder builder = new StreamsBuilder();
        topology(builder, store);
        List<OrderEvent> sent = List.of(EventTypesSerdeTest.CREATED, EventTypesSerdeTest.SHIPPED, EventTypesSerdeTest.CANCELLED,
                new OrderCreated(7, "Eve", java.math.BigDecimal.TEN, java.time.Instant.EPOCH, List.of(), 0));
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props)) {
            TypedJsonSerializer<Object> events = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class));
            TestInputTopic<String, Object> in = driver.createInputTopic("orders", new StringSerializer(), events);
            sent.forEach(e -> in.pipeInput(Long.toString(e.orderId()), e));

            assertEquals(List.of(EventTypesSerdeTest.CREATED, sent.get(3)), driver.createOutputTopic("orders-created",
                    new StringDeserializer(), TypedJsonDeserializer.forClass(OrderCreated.class)).readValuesToList());
            assertEquals(List.of(EventTypesSerdeTest.SHIPPED), driver.createOutputTopic("orders-shipped",
                    new StringDeserializer(), TypedJsonDeserializer.forClass(OrderShipped.class)).readValuesToList());
            assertEquals(List.of(EventTypesSerdeTest.CANCELLED), driver.createOutputTopic("orders-cancelled",
                    new StringDeserializer(), TypedJsonDeserializer.forClass(OrderCancelled.class)).readValuesToList());

            // the state store holds envelopes (it has no headers); what it forwards reads back exactly, headers and all
            TestOutputTopic<String, Object> latest = driver.createOutputTopic("orders-latest", new StringDeserializer(),
                    TypedJsonDeserializer.forEventTypes(EventTypes.of(OrderEvent.class)));
            assertEquals(List.of(KeyValue.pair("1001", EventTypesSerdeTest.CREATED), KeyValue.pair("1001", EventTypesSerdeTest.SHIPPED),
                    KeyValue.pair("9007199254740993", EventTypesSerdeTest.CANCELLED), KeyValue.pair("7", sent.get(3))),
                    latest.readKeyValuesToList());
            assertEquals(EventTypesSerdeTest.SHIPPED, driver.getKeyValueStore("latest-event").get("1001"));
        }
    }

    @Test
    void passSendsUnknownTypesToTheDeadLetterTopicInOrder() {
        StreamsBuilder builder = new StreamsBuilder();
        topology(builder, defaultStore());
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props("pass"))) {
            TestInputTopic<String, byte[]> raw = driver.createInputTopic("orders", new StringSerializer(), new ByteArraySerializer());
            TypedJsonSerializer<Object> events = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class));
            for (int i = 0; i < 6; i++) {
                Headers h = new RecordHeaders();
                byte[] value;
                if (i % 2 == 0) {
                    value = events.serialize("orders", h, EventTypesSerdeTest.SHIPPED);
                } else {
                    value = ("{\"refund\":" + i + "}").getBytes(StandardCharsets.UTF_8);
                    h.add("ce_type", (i == 3 ? "io.typedjson.serde.events.OrderShipped" : "order.refunded").getBytes(StandardCharsets.UTF_8));
                }
                raw.pipeInput(new TestRecord<>("k" + i, value, h));
            }
            TestOutputTopic<String, byte[]> dlq = driver.createOutputTopic("orders-dlq", new StringDeserializer(), new ByteArrayDeserializer());
            List<TestRecord<String, byte[]>> dead = dlq.readRecordsToList();
            assertEquals(List.of("k1", "k3", "k5"), dead.stream().map(TestRecord::key).toList());
            for (TestRecord<String, byte[]> r : dead) {
                int i = Integer.parseInt(r.key().substring(1));
                assertArrayEquals(("{\"refund\":" + i + "}").getBytes(StandardCharsets.UTF_8), r.value(), "bytes unchanged");
                assertEquals(i == 3 ? "io.typedjson.serde.events.OrderShipped" : "order.refunded",
                        new String(r.headers().lastHeader("ce_type").value(), StandardCharsets.UTF_8), "header unchanged");
            }
            assertEquals(3, driver.createOutputTopic("orders-shipped", new StringDeserializer(),
                    TypedJsonDeserializer.forClass(OrderShipped.class)).readValuesToList().size());
            // read with pass again, the dead letters are the same unknown events
            TypedJsonDeserializer<Object> reader = new TypedJsonDeserializer<>();
            reader.configure(Map.of(TypedJsonConfig.VALUE_TYPES, OrderEvent.class.getName(), TypedJsonConfig.UNKNOWN_TYPES, "pass"), false);
            assertEquals("order.refunded", assertInstanceOf(UnknownEvent.class,
                    reader.deserialize("orders-dlq", dead.get(0).headers(), dead.get(0).value())).type());
        }
    }

    @Test
    void skipDropsUnknownTypesFromEveryBranch() {
        StreamsBuilder builder = new StreamsBuilder();
        topology(builder, defaultStore());
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props("skip"))) {
            TestInputTopic<String, byte[]> raw = driver.createInputTopic("orders", new StringSerializer(), new ByteArraySerializer());
            Headers h = new RecordHeaders();
            byte[] shipped = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class)).serialize("orders", h, EventTypesSerdeTest.SHIPPED);
            raw.pipeInput(new TestRecord<>("1001", "{}".getBytes(StandardCharsets.UTF_8),
                    new RecordHeaders().add("ce_type", "order.refunded".getBytes(StandardCharsets.UTF_8))));
            raw.pipeInput(new TestRecord<>("1001", shipped, h));
            assertEquals(List.of(EventTypesSerdeTest.SHIPPED), driver.createOutputTopic("orders-shipped", new StringDeserializer(),
                    TypedJsonDeserializer.forClass(OrderShipped.class)).readValuesToList());
            assertEquals(0, driver.createOutputTopic("orders-dlq", new StringDeserializer(), new ByteArrayDeserializer()).getQueueSize());
            assertEquals(1, driver.createOutputTopic("orders-latest", new StringDeserializer(), new ByteArrayDeserializer()).getQueueSize());
        }
    }
}

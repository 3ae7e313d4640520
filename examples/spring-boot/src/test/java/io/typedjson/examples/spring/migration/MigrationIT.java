package io.typedjson.examples.spring.migration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.cluster.LocalKafka;
import io.typedjson.examples.spring.migration.Shipment.Address;
import io.typedjson.examples.spring.migration.Shipment.Status;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.springframework.kafka.support.serializer.JacksonJsonDeserializer;
import org.springframework.kafka.support.serializer.JacksonJsonSerializer;

/**
 * docs/migrating.md, step by step, against a real KRaft broker: Spring Kafka's own JSON serializers and deserializers
 * (Jackson 3's JacksonJsonSerializer, the deprecated Jackson 2 JsonSerializer) and typedjson's on one topic. At each
 * step every producer present writes the edge values, and every consumer present reads each record back equal to what
 * was sent. Each step also runs once without its property, and shows the record refused (naming the property) or
 * read wrong.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@SuppressWarnings({"deprecation", "removal"}) // Spring's Jackson 2 JsonSerializer: still in use where a team migrates
class MigrationIT {

    static final String TOPIC = "shipments";
    static final String CONFLUENT_TOPIC = "shipments-confluent";
    static final String EVENTS_TOPIC = "shipment-events";
    private static LocalKafka kafka;

    static final List<Shipment> SENT = List.of(
            new Shipment(9007199254740993L, (short) -2, 7, new BigDecimal("1.50"), Instant.parse("2026-12-01T10:15:30.123456789Z"),
                    LocalDate.parse("2024-02-29"), Double.NaN, 0.1f, true, "~5 minutes late", List.of("~s3", "a~b"),
                    linked("~k", 1, "k", 2), Optional.empty(), Status.NEW, new Address("~1 Main St", "Oslo"), null),
            new Shipment(-9007199254740993L, Short.MAX_VALUE, Integer.MIN_VALUE, new BigDecimal("-123.4500"), Instant.EPOCH,
                    LocalDate.parse("1970-01-01"), -0.0, -3.4028235E38f, false, "~~x", List.of(), Map.of(),
                    Optional.of("~t"), Status.SENT, new Address("", "~"), 42L),
            new Shipment(Long.MAX_VALUE, (short) 0, 0, new BigDecimal("1E+3"), Instant.parse("2026-12-01T10:15:30.100Z"),
                    LocalDate.parse("2026-12-01"), Double.POSITIVE_INFINITY, 1.4E-45f, true, "", List.of("~"),
                    linked("~~", 0, "", -1), Optional.of("plain"), Status.NEW, null, Long.MIN_VALUE),
            new Shipment(1, (short) 1, 1, new BigDecimal("0.000001234"), Instant.parse("2026-12-01T10:15:30Z"),
                    LocalDate.parse("2026-12-01"), Double.NEGATIVE_INFINITY, 1.0f, false, "plain", List.of("x"),
                    linked("a", 1, "b", 2), Optional.empty(), Status.SENT, new Address("a", "b"), 0L));

    static Map<String, Integer> linked(String k1, int v1, String k2, int v2) {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    @BeforeAll
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void startBroker() throws Exception {
        kafka = LocalKafka.start();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1), new NewTopic(CONFLUENT_TOPIC, 1, (short) 1),
                    new NewTopic(EVENTS_TOPIC, 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    // ------------------------------------------------------------------ the mappers, as Spring Boot configures them

    /** Jackson 3 as Spring Boot 4 configures it: ISO-8601 dates (Jackson 3's default), unknown properties ignored. */
    static tools.jackson.databind.json.JsonMapper jackson3() {
        return tools.jackson.databind.json.JsonMapper.builder()
                .disable(tools.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    }

    /** Jackson 2 as Spring Boot 3 configures it: java.time and Optional modules, ISO-8601 dates and durations. */
    static com.fasterxml.jackson.databind.ObjectMapper jackson2() {
        return com.fasterxml.jackson.databind.json.JsonMapper.builder()
                .addModule(new com.fasterxml.jackson.datatype.jdk8.Jdk8Module())
                .addModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
                .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(com.fasterxml.jackson.databind.MapperFeature.DEFAULT_VIEW_INCLUSION)
                .build();
    }

    // ------------------------------------------------------------------ producers and consumers

    static Serializer<Shipment> springSerializer() {
        return new JacksonJsonSerializer<>(jackson3());
    }

    static Serializer<Shipment> spring2Serializer() {
        return new org.springframework.kafka.support.serializer.JsonSerializer<>(jackson2());
    }

    static Deserializer<Object> springDeserializer() {
        JacksonJsonDeserializer<Shipment> d = new JacksonJsonDeserializer<>(Shipment.class, jackson3());
        d.addTrustedPackages(Shipment.class.getPackageName());
        return anyValue(d);
    }

    static Deserializer<Object> spring2Deserializer() {
        org.springframework.kafka.support.serializer.JsonDeserializer<Shipment> d =
                new org.springframework.kafka.support.serializer.JsonDeserializer<>(Shipment.class, jackson2());
        d.addTrustedPackages(Shipment.class.getPackageName());
        return anyValue(d);
    }

    @SuppressWarnings("unchecked")
    static Deserializer<Object> anyValue(Deserializer<?> d) {
        return (Deserializer<Object>) d;
    }

    /** typedjson's serializer as Kafka makes it: the class and the step's properties. */
    static Map<String, Object> typedjson(Object... kv) {
        Map<String, Object> p = new HashMap<>(Map.of("typedjson.value.type", Shipment.class.getName()));
        for (int i = 0; i < kv.length; i += 2) {
            p.put((String) kv[i], kv[i + 1]);
        }
        return p;
    }

    static Producer<String, Shipment> producer(Serializer<Shipment> values) {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                new StringSerializer(), values);
    }

    static Producer<String, Shipment> typedjsonProducer(Map<String, Object> props) {
        Map<String, Object> p = new HashMap<>(props);
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, TypedJsonSerializer.class.getName());
        return new KafkaProducer<>(p);
    }

    static Consumer<String, Object> consumer(Deserializer<Object> values) {
        return new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                new StringDeserializer(), values);
    }

    static Consumer<String, Object> typedjsonConsumer(Map<String, Object> props) {
        Map<String, Object> p = new HashMap<>(props);
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, TypedJsonDeserializer.class.getName());
        return new KafkaConsumer<>(p);
    }

    /** A record a consumer refused: the message of its deserializer's exception. */
    record Refused(String message) {}

    /** Every producer writes every value of SENT; the offsets [from, to) of what they wrote. */
    @SafeVarargs
    static long[] produce(String topic, Supplier<Producer<String, Shipment>>... producers) throws Exception {
        long from = end(topic);
        for (Supplier<Producer<String, Shipment>> make : producers) {
            try (Producer<String, Shipment> p = make.get()) {
                for (Shipment s : SENT) {
                    p.send(new ProducerRecord<>(topic, Long.toString(s.id()), s)).get(30, TimeUnit.SECONDS);
                }
            }
        }
        return new long[] {from, end(topic)};
    }

    static long end(String topic) {
        try (Consumer<byte[], byte[]> c = raw()) {
            TopicPartition tp = new TopicPartition(topic, 0);
            return c.endOffsets(List.of(tp)).get(tp);
        }
    }

    static Consumer<byte[], byte[]> raw() {
        return new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** What a consumer reads from [range[0], range[1]): each value, or a {@link Refused} for a record it refused. */
    static List<Object> read(String topic, Consumer<String, Object> c, long[] range) {
        try (c) {
            TopicPartition tp = new TopicPartition(topic, 0);
            c.assign(List.of(tp));
            c.seek(tp, range[0]);
            List<Object> out = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (c.position(tp) < range[1] && System.nanoTime() < deadline) {
                try {
                    for (ConsumerRecord<String, Object> r : c.poll(Duration.ofMillis(200))) {
                        if (r.offset() < range[1]) {
                            out.add(r.value());
                        }
                    }
                } catch (RecordDeserializationException e) {
                    out.add(new Refused(String.valueOf(e.getCause() == null ? e.getMessage() : e.getCause().getMessage())));
                    c.seek(tp, e.offset() + 1);
                }
            }
            return out;
        }
    }

    /** What each producer wrote, in order: SENT once per producer. */
    static List<Object> sent(int producers) {
        List<Object> all = new ArrayList<>();
        for (int i = 0; i < producers; i++) {
            all.addAll(SENT);
        }
        return all;
    }

    static void assertReadEqual(String who, int producers, List<Object> read) {
        assertEquals(sent(producers), read, who + " read back what was sent");
    }

    static long metric(Consumer<?, ?> c, String name) {
        return c.metrics().entrySet().stream().filter(e -> e.getKey().name().equals(name))
                .mapToLong(e -> ((Number) e.getValue().metricValue()).longValue()).sum();
    }

    // ------------------------------------------------------------------ the guide's steps, in order

    static final Map<String, Object> CONSUMER_STEP1 = typedjson("typedjson.other.writers", "json");

    /** Step 1, consumers first: Spring's producers only; typedjson's consumers read their plain JSON exactly. */
    @Test
    @Order(1)
    void step1ConsumersSwitchFirst() throws Exception {
        long[] range = produce(TOPIC, () -> producer(springSerializer()), () -> producer(spring2Serializer()));
        assertReadEqual("Spring's JacksonJsonDeserializer", 2, read(TOPIC, consumer(springDeserializer()), range));
        assertReadEqual("Spring's Jackson 2 JsonDeserializer", 2, read(TOPIC, consumer(spring2Deserializer()), range));
        assertReadEqual("typedjson, typedjson.other.writers=json", 2, read(TOPIC, typedjsonConsumer(CONSUMER_STEP1), range));

        // without the property: the records with a leading '~' are refused, naming the property
        List<Object> without = read(TOPIC, typedjsonConsumer(typedjson()), range);
        assertEquals(8, without.size());
        assertTrue(without.get(0) instanceof Refused r && r.message().contains("$.note")
                && r.message().contains("set typedjson.other.writers=json"), String.valueOf(without.get(0)));
        assertEquals(SENT.get(3), without.get(3), "a record without '~' is read either way");
    }

    static final Map<String, Object> PRODUCER_STEP2 = typedjson("typedjson.format.header", "plain");

    /** Step 2, producers switch while Spring's consumers remain: typedjson writes plain JSON, marked plain. */
    @Test
    @Order(2)
    void step2ProducersWritePlainJsonForSpringConsumers() throws Exception {
        long[] range = produce(TOPIC, () -> producer(springSerializer()), () -> typedjsonProducer(PRODUCER_STEP2));
        assertReadEqual("Spring's JacksonJsonDeserializer", 2, read(TOPIC, consumer(springDeserializer()), range));
        assertReadEqual("Spring's Jackson 2 JsonDeserializer", 2, read(TOPIC, consumer(spring2Deserializer()), range));
        assertReadEqual("typedjson, typedjson.other.writers=json", 2, read(TOPIC, typedjsonConsumer(CONSUMER_STEP1), range));
        try (Consumer<byte[], byte[]> c = raw()) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            c.assign(List.of(tp));
            c.seek(tp, range[1] - 1);
            ConsumerRecord<byte[], byte[]> last = c.poll(Duration.ofSeconds(10)).iterator().next();
            assertArrayEquals("plain".getBytes(StandardCharsets.US_ASCII), last.headers().lastHeader("typedjson-format").value());
        }

        // without the property: typedjson's escape reaches Spring's consumers, which read "~~5 minutes late"
        long[] without = produce(TOPIC, () -> typedjsonProducer(typedjson()));
        List<Object> read = read(TOPIC, consumer(springDeserializer()), without);
        assertEquals("~~5 minutes late", ((Shipment) read.get(0)).note());
        assertNotEquals(SENT, read);
    }

    static final Map<String, Object> PRODUCER_STEP3 = typedjson("typedjson.format.header", "typed");

    /**
     * Step 3, Spring's consumers are gone: typedjson's producers write typed JSON, marked typed, beside Spring producers
     * not yet switched; the plain records read are counted.
     */
    @Test
    @Order(3)
    void step3ProducersWriteMarkedTypedJson() throws Exception {
        long[] range = produce(TOPIC, () -> producer(springSerializer()), () -> typedjsonProducer(PRODUCER_STEP3));
        try (Consumer<String, Object> c = typedjsonConsumer(CONSUMER_STEP1)) {
            List<Object> read = readKeepingOpen(c, range);
            assertReadEqual("typedjson, typedjson.other.writers=json", 2, read);
            assertEquals(SENT.size(), metric(c, "records-read-plain-total"), "Spring's records, counted as plain");
        }

        // without the property: unmarked typed JSON is taken for another writer's plain JSON, and read wrong
        long[] without = produce(TOPIC, () -> typedjsonProducer(typedjson()));
        List<Object> read = read(TOPIC, typedjsonConsumer(CONSUMER_STEP1), without);
        assertEquals("~~5 minutes late", ((Shipment) read.get(0)).note());
        assertNotEquals(SENT, read);
    }

    /** Step 4, the other writers are gone: no plain record counted; consumers return to the defaults. */
    @Test
    @Order(4)
    void step4OldProducersGoneConsumersReturnToDefaults() throws Exception {
        long[] range = produce(TOPIC, () -> typedjsonProducer(PRODUCER_STEP3));
        try (Consumer<String, Object> c = typedjsonConsumer(CONSUMER_STEP1)) {
            assertReadEqual("typedjson, typedjson.other.writers=json", 1, readKeepingOpen(c, range));
            assertEquals(0, metric(c, "records-read-plain-total"), "no other writer's record left");
        }
        assertReadEqual("typedjson, defaults", 1, read(TOPIC, typedjsonConsumer(typedjson()), range));
    }

    /** Step 5, the end: producers drop the mark; the records are typedjson's defaults, byte for byte, no header. */
    @Test
    @Order(5)
    void step5TheDefaults() throws Exception {
        long[] range = produce(TOPIC, () -> typedjsonProducer(typedjson()));
        assertReadEqual("typedjson, defaults", 1, read(TOPIC, typedjsonConsumer(typedjson()), range));
        try (Consumer<byte[], byte[]> c = raw()) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            c.assign(List.of(tp));
            c.seek(tp, range[0]);
            ConsumerRecord<byte[], byte[]> first = c.poll(Duration.ofSeconds(10)).iterator().next();
            assertEquals(0, first.headers().toArray().length);
            assertArrayEquals(TypedJsonSerializer.forClass(Shipment.class).serialize(TOPIC, SENT.get(0)), first.value());
        }
    }

    // ------------------------------------------------------------------ from Confluent's JSON Schema serde

    /** Confluent's framing as its JSON Schema serializer writes it: magic byte 0, schema id, then Jackson's JSON. */
    static byte[] framed(int schemaId, Shipment s) {
        byte[] json = new JacksonJsonSerializer<Shipment>(jackson3()).noTypeInfo().serialize(CONFLUENT_TOPIC, s);
        return ByteBuffer.allocate(5 + json.length).put((byte) 0).putInt(schemaId).put(json).array();
    }

    @Test
    @Order(6)
    void fromConfluentConsumersStripTheFraming() throws Exception {
        long from = end(CONFLUENT_TOPIC);
        try (Producer<String, byte[]> p = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers()), new StringSerializer(), new ByteArraySerializer())) {
            for (Shipment s : SENT) {
                p.send(new ProducerRecord<>(CONFLUENT_TOPIC, framed(100042, s))).get(30, TimeUnit.SECONDS);
            }
        }
        long[] range = {from, end(CONFLUENT_TOPIC)};
        Map<String, Object> props = typedjson("typedjson.confluent.framing", "strip", "typedjson.other.writers", "json");
        try (Consumer<String, Object> c = typedjsonConsumer(props)) {
            TopicPartition tp = new TopicPartition(CONFLUENT_TOPIC, 0);
            c.assign(List.of(tp));
            c.seek(tp, range[0]);
            List<Object> read = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (read.size() < SENT.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, Object> r : c.poll(Duration.ofMillis(200))) {
                    read.add(r.value());
                    Header id = r.headers().lastHeader("typedjson-confluent-schema-id");
                    assertEquals("100042", new String(id.value(), StandardCharsets.US_ASCII));
                }
            }
            assertEquals(SENT, read);
            assertEquals(SENT.size(), metric(c, "records-read-framed-total"));
        }
        // without the property: refused, naming the framing and the property
        List<Object> without = read(CONFLUENT_TOPIC, typedjsonConsumer(typedjson("typedjson.other.writers", "json")), range);
        assertTrue(without.get(0) instanceof Refused r && r.message().contains("schema id 100042")
                && r.message().contains("set typedjson.confluent.framing=strip"), String.valueOf(without.get(0)));
    }

    // ------------------------------------------------------------------ Spring's type headers

    static final String TYPES = "shipment.sent=" + Shipment.class.getName();

    @Test
    @Order(7)
    void springTypeIdsBothWays() throws Exception {
        Map<String, Object> springTypes = Map.of("spring.json.type.mapping", "shipment:" + Shipment.class.getName(),
                "spring.json.trusted.packages", Shipment.class.getPackageName());
        Map<String, Object> events = new HashMap<>(Map.of("typedjson.value.types", TYPES, "typedjson.type.id.header",
                "__TypeId__", "typedjson.type.ids", "shipment=shipment.sent", "typedjson.other.writers", "json",
                "typedjson.format.header", "plain"));
        long[] range = produce(EVENTS_TOPIC, () -> {
            JacksonJsonSerializer<Shipment> s = new JacksonJsonSerializer<>(jackson3());
            s.configure(springTypes, false);
            return producer(s);
        }, () -> {
            Map<String, Object> p = new HashMap<>(events);
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, TypedJsonSerializer.class.getName());
            return new KafkaProducer<>(p);
        });
        // Spring's consumer takes the class from __TypeId__ through its own mapping, for both producers' records
        JacksonJsonDeserializer<Object> spring = new JacksonJsonDeserializer<>(jackson3());
        spring.configure(springTypes, false);
        assertReadEqual("Spring's JacksonJsonDeserializer by __TypeId__", 2, read(EVENTS_TOPIC, consumer(spring), range));
        // typedjson's consumer takes the name from __TypeId__ (Spring's records) or ce_type (typedjson's)
        Map<String, Object> reader = new HashMap<>(events);
        reader.remove("typedjson.format.header");
        reader.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        reader.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        reader.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, TypedJsonDeserializer.class.getName());
        assertReadEqual("typedjson by __TypeId__ and ce_type", 2, read(EVENTS_TOPIC, new KafkaConsumer<>(reader), range));

        // without typedjson.type.id.header: Spring's records have no name typedjson reads, and are refused
        reader.remove("typedjson.type.id.header");
        List<Object> without = read(EVENTS_TOPIC, new KafkaConsumer<>(reader), range);
        assertTrue(without.get(0) instanceof Refused r && r.message().contains("no event type"), String.valueOf(without.get(0)));
        assertEquals(SENT.get(0), without.get(SENT.size()), "typedjson's own records carry ce_type");
    }

    /** Reads [range) with a consumer the caller keeps open (to read its metrics after). */
    static List<Object> readKeepingOpen(Consumer<String, Object> c, long[] range) {
        TopicPartition tp = new TopicPartition(TOPIC, 0);
        c.assign(List.of(tp));
        c.seek(tp, range[0]);
        List<Object> out = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (c.position(tp) < range[1] && System.nanoTime() < deadline) {
            for (ConsumerRecord<String, Object> r : c.poll(Duration.ofMillis(200))) {
                if (r.offset() < range[1]) {
                    out.add(r.value());
                }
            }
        }
        return out;
    }
}

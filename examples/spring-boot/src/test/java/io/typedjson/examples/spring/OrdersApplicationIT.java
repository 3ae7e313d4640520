package io.typedjson.examples.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.cluster.LocalKafka;
import io.typedjson.examples.spring.events.OrderEvent;
import io.typedjson.examples.spring.events.OrderEventListener;
import io.typedjson.examples.spring.events.OrderEventPublisher;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.UnknownEvent;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * The example application, configured by its own application.yml, against a real KRaft broker (LocalKafka): good
 * orders reach the listener exactly and in order; a bad record between them lands on the dead letter topic with its
 * original bytes and the typedjson error (reason, path, byte offset) in headers, and the listener goes on.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OrdersApplicationIT {

    private static LocalKafka kafka;

    @BeforeAll
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void startBroker() throws Exception {
        kafka = LocalKafka.start();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("orders", 1, (short) 1), new NewTopic("orders-dlt", 1, (short) 1),
                    new NewTopic("order-events", 1, (short) 1), new NewTopic("order-events-dlt", 1, (short) 1)))
                    .all().get(60, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void goodOrdersArriveExactlyABadRecordGoesToTheDeadLetterTopicAndTheListenerGoesOn() throws Exception {
        // only the broker's address is given from outside, as KAFKA_BOOTSTRAP_SERVERS would be
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(OrdersApplication.class)
                .run("--spring.kafka.bootstrap-servers=" + kafka.bootstrapServers())) {
            OrderPublisher publisher = app.getBean(OrderPublisher.class);
            OrderListener listener = app.getBean(OrderListener.class);

            Order first = new Order(9007199254740993L, "Ada", new BigDecimal("12.50"),
                    Instant.parse("2026-12-01T10:15:30.123456789Z"), List.of("book", "~pen"));
            Order third = new Order(3, "Grace", new BigDecimal("0.001"), Instant.EPOCH, List.of());
            publisher.publish(first).get(30, TimeUnit.SECONDS);
            // a record from some other producer: an id that is a string, where Order has a long
            byte[] bad = "{\"id\":\"2\",\"customer\":\"Eve\",\"amount\":1.00,\"placed\":\"2026-12-01T00:00:00Z\",\"items\":[]}"
                    .getBytes(StandardCharsets.UTF_8);
            long badOffset = sendRaw("2", bad);
            publisher.publish(third).get(30, TimeUnit.SECONDS);

            // the listener gets both good orders, equal to what was sent (BigDecimal scale, nanos, 64-bit id, "~pen")
            List<Order> received = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received.size() < 2 && System.nanoTime() < deadline) {
                Order o = listener.received().poll(1, TimeUnit.SECONDS);
                if (o != null) {
                    received.add(o);
                }
            }
            assertEquals(List.of(first, third), received);

            ConsumerRecord<byte[], byte[]> dead = read("orders-dlt", 1).get(0);
            assertArrayEquals(bad, dead.value(), "the dead letter is the original bytes");
            assertArrayEquals("2".getBytes(StandardCharsets.UTF_8), dead.key());
            assertEquals("orders", text(dead, KafkaHeaders.DLT_ORIGINAL_TOPIC));
            assertEquals(badOffset, ByteBuffer.wrap(dead.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_OFFSET).value()).getLong());
            // Spring's headers name the DeserializationException (message "failed to deserialize"); its stack trace has ours
            assertEquals("org.springframework.kafka.support.serializer.DeserializationException", text(dead, KafkaHeaders.DLT_EXCEPTION_FQCN));
            String trace = text(dead, KafkaHeaders.DLT_EXCEPTION_STACKTRACE);
            assertTrue(trace.contains(SerializationException.class.getName() + ": Cannot read typed JSON from topic 'orders': ")
                    && trace.contains(" at $.id (byte offset 6)"), trace);
            // typedjson's error: where in the document, and what
            assertEquals("$.id", text(dead, TypedJsonErrorHeaders.PATH));
            assertEquals("6", text(dead, TypedJsonErrorHeaders.OFFSET));
            assertEquals('"', (char) bad[6], "byte offset 6 is where the string starts");
            assertTrue(text(dead, TypedJsonErrorHeaders.REASON).contains("int64"), text(dead, TypedJsonErrorHeaders.REASON));

            // and the listener still takes new records; one it refuses goes to the dead letter topic as typed JSON
            Order refused = new Order(4, "Mallory", new BigDecimal("-5.00"), Instant.EPOCH, List.of());
            Order fifth = new Order(5, "Linus", BigDecimal.TEN, Instant.EPOCH, List.of("x"));
            publisher.publish(refused).get(30, TimeUnit.SECONDS);
            publisher.publish(fifth).get(30, TimeUnit.SECONDS);
            assertEquals(fifth, listener.received().poll(60, TimeUnit.SECONDS));
            assertNull(listener.received().poll(500, TimeUnit.MILLISECONDS), "nothing else arrived");

            ConsumerRecord<byte[], byte[]> deadOrder = read("orders-dlt", 2).get(1);
            assertEquals(refused, TypedJsonDeserializer.forClass(Order.class).deserialize("orders-dlt", deadOrder.value()));
            assertEquals("org.springframework.kafka.listener.ListenerExecutionFailedException",
                    text(deadOrder, KafkaHeaders.DLT_EXCEPTION_FQCN));
            assertNull(deadOrder.headers().lastHeader(TypedJsonErrorHeaders.PATH), "no typedjson error: the record was read");
        }
    }

    /**
     * One topic of several event types (docs/event-types.md): each reaches the handler of its type exactly and in
     * order, each record a CloudEvents binary-mode event; a record naming a class instead of a listed name is not
     * resolved but passed, in order, to the dead letter topic as it came.
     */
    @Test
    void eachEventTypeReachesItsHandlerAndAnUnlistedNameIsForwardedAsItCame() throws Exception {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(OrdersApplication.class)
                .run("--spring.kafka.bootstrap-servers=" + kafka.bootstrapServers())) {
            OrderEventPublisher publisher = app.getBean(OrderEventPublisher.class);
            OrderEventListener listener = app.getBean(OrderEventListener.class);

            OrderEvent.Placed placed = new OrderEvent.Placed(9007199254740993L, "Ada", new BigDecimal("12.50"),
                    Instant.parse("2026-12-01T10:15:30.123456789Z"));
            OrderEvent.Paid paid = new OrderEvent.Paid(9007199254740993L, new BigDecimal("12.50"), "~card");
            OrderEvent.Shipped shipped = new OrderEvent.Shipped(9007199254740993L, LocalDate.parse("2026-12-02"), "la-poste");
            publisher.publish(placed).get(30, TimeUnit.SECONDS);
            publisher.publish(paid).get(30, TimeUnit.SECONDS);
            byte[] foreign = "{\"id\":7}".getBytes(StandardCharsets.UTF_8);
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()), new StringSerializer(), new ByteArraySerializer())) {
                ProducerRecord<String, byte[]> record = new ProducerRecord<>("order-events", "7", foreign);
                record.headers().add("ce_type", Order.class.getName().getBytes(StandardCharsets.UTF_8));
                producer.send(record).get(30, TimeUnit.SECONDS);
            }
            publisher.publish(shipped).get(30, TimeUnit.SECONDS);

            List<Object> received = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received.size() < 4 && System.nanoTime() < deadline) {
                Object e = listener.received().poll(1, TimeUnit.SECONDS);
                if (e != null) {
                    received.add(e);
                }
            }
            assertEquals(4, received.size(), String.valueOf(received));
            assertEquals(List.of(placed, paid), received.subList(0, 2));
            UnknownEvent unknown = (UnknownEvent) received.get(2);
            assertEquals(Order.class.getName(), unknown.type());
            assertEquals(shipped, received.get(3));

            ConsumerRecord<byte[], byte[]> dead = read("order-events-dlt", 1).get(0);
            assertArrayEquals(foreign, dead.value(), "forwarded as it came");
            assertEquals(Order.class.getName(), text(dead, "ce_type"));

            // each event is a CloudEvent: its type by name, the producer as source, the class's plain document as data
            List<ConsumerRecord<byte[], byte[]>> topic = read("order-events", 4);
            assertEquals("order.placed", text(topic.get(0), "ce_type"));
            assertEquals("/orders-service", text(topic.get(0), "ce_source"));
            assertEquals("1.0", text(topic.get(0), "ce_specversion"));
            assertEquals("application/json", text(topic.get(0), "content-type"));
            assertEquals(placed, TypedJsonDeserializer.forClass(OrderEvent.Placed.class).deserialize("order-events", topic.get(0).value()));
            assertEquals("order.shipped", text(topic.get(3), "ce_type"));
        }
    }

    private static long sendRaw(String key, byte[] value) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer())) {
            return producer.send(new ProducerRecord<>("orders", key, value)).get(30, TimeUnit.SECONDS).offset();
        }
    }

    /** Reads the topic from the start until {@code count} records came, and checks that no more follow. */
    private static List<ConsumerRecord<byte[], byte[]>> read(String topic, int count) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "reader-" + topic + "-" + count,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (records.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            assertEquals(count, records.size(), "dead letters");
            return records;
        }
    }

    private static String text(ConsumerRecord<?, ?> record, String header) {
        Header h = record.headers().lastHeader(header);
        assertNotNull(h, "header " + header);
        return new String(h.value(), StandardCharsets.UTF_8);
    }
}

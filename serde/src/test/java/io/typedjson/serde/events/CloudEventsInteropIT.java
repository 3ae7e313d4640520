package io.typedjson.serde.events;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cloudevents.CloudEvent;
import io.cloudevents.SpecVersion;
import io.cloudevents.core.builder.CloudEventBuilder;
import io.cloudevents.kafka.CloudEventDeserializer;
import io.cloudevents.kafka.CloudEventSerializer;
import io.typedjson.examples.OneBroker;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.UnknownEvent;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real interoperability with the CloudEvents Java SDK's Kafka binding ({@code io.cloudevents:cloudevents-kafka}),
 * through a broker (SPEC.md section 12.2): our serializer's records are CloudEvents binary-mode events the SDK's
 * deserializer reads with the right type, id, source and data; events the SDK's serializer writes are records our
 * deserializer reads by their type, refusing (or passing through) a type that is not listed.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CloudEventsInteropIT extends OneBroker {

    private static final List<OrderEvent> EVENTS = List.of(EventTypesSerdeTest.CREATED, EventTypesSerdeTest.SHIPPED,
            EventTypesSerdeTest.CANCELLED);

    private static Map<String, Object> producer(Object valueSerializer, Map<String, Object> extra) {
        Map<String, Object> p = new java.util.HashMap<>(extra);
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, valueSerializer);
        return p;
    }

    private static <V> List<ConsumerRecord<String, V>> consume(String topic, int count, Supplier<Deserializer<V>> values) {
        Map<String, Object> c = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.GROUP_ID_CONFIG, topic + "-reader");
        List<ConsumerRecord<String, V>> out = new ArrayList<>();
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(c, new StringDeserializer(), values.get())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (out.size() < count && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }

    @Test
    void theSdkReadsOurRecordsAsCloudEvents() throws Exception {
        String topic = "cloudevents-from-typedjson";
        try (KafkaProducer<String, Object> producer = new KafkaProducer<>(producer(TypedJsonSerializer.class.getName(),
                Map.of(TypedJsonConfig.VALUE_TYPES, OrderEvent.class.getName(),
                        TypedJsonConfig.CLOUDEVENTS_SOURCE, "/orders-service")))) {
            for (OrderEvent e : EVENTS) {
                producer.send(new ProducerRecord<>(topic, Long.toString(e.orderId()), e)).get();
            }
        }
        List<ConsumerRecord<String, CloudEvent>> read = consume(topic, 3, CloudEventDeserializer::new);
        assertEquals(3, read.size());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            CloudEvent event = read.get(i).value();
            OrderEvent sent = EVENTS.get(i);
            assertEquals(SpecVersion.V1, event.getSpecVersion());
            assertEquals(sent.getClass().getAnnotation(io.typedjson.annotation.TypedJsonName.class).value(), event.getType());
            assertEquals(URI.create("/orders-service"), event.getSource());
            assertEquals(event.getId(), UUID.fromString(event.getId()).toString());
            ids.add(event.getId());
            assertEquals("application/json", event.getDataContentType());
            // the event's data is the class's own plain document, which its deserializer reads back exactly
            byte[] data = event.getData().toBytes();
            @SuppressWarnings("unchecked")
            Class<Object> type = (Class<Object>) (Class<?>) sent.getClass();
            assertArrayEquals(TypedJsonSerializer.forClass(type).serialize(topic, sent), data);
            assertEquals(sent, TypedJsonDeserializer.forClass(type).deserialize(topic, data));
        }
        assertEquals(3, ids.stream().distinct().count(), "an id per event");
    }

    @Test
    void ourDeserializerReadsTheSdksEvents() throws Exception {
        String topic = "cloudevents-from-the-sdk";
        List<CloudEvent> events = new ArrayList<>();
        for (OrderEvent e : EVENTS) {
            @SuppressWarnings("unchecked")
            Class<Object> type = (Class<Object>) (Class<?>) e.getClass();
            events.add(CloudEventBuilder.v1()
                    .withId("order-" + e.orderId() + "-" + events.size())
                    .withSource(URI.create("/the-sdk"))
                    .withType(type.getAnnotation(io.typedjson.annotation.TypedJsonName.class).value())
                    .withData("application/json", TypedJsonSerializer.forClass(type).serialize(topic, e))
                    .build());
        }
        // and one of a type the topic's readers do not list, which names a class
        byte[] unlisted = "{\"orderId\":1,\"reason\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        events.add(CloudEventBuilder.v1().withId("x-1").withSource(URI.create("/the-sdk"))
                .withType(OrderRefunded.class.getName()).withData("application/json", unlisted).build());
        try (KafkaProducer<String, CloudEvent> producer = new KafkaProducer<>(producer(CloudEventSerializer.class.getName(), Map.of()))) {
            for (CloudEvent e : events) {
                producer.send(new ProducerRecord<>(topic, e.getId(), e)).get(); // binary mode, the SDK's default
            }
        }
        List<ConsumerRecord<String, Object>> read = consume(topic, 4, () -> {
            TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
            d.configure(Map.of(TypedJsonConfig.VALUE_TYPES, OrderEvent.class.getName(), TypedJsonConfig.UNKNOWN_TYPES, "pass"), false);
            return d;
        });
        assertEquals(4, read.size());
        for (int i = 0; i < 3; i++) {
            assertEquals(EVENTS.get(i), read.get(i).value());
        }
        UnknownEvent unknown = assertInstanceOf(UnknownEvent.class, read.get(3).value());
        assertEquals(OrderRefunded.class.getName(), unknown.type());
        assertArrayEquals(unlisted, unknown.value());
        assertEquals("x-1", new String(unknown.headers().lastHeader("ce_id").value(), StandardCharsets.UTF_8));

        // under the default policy the same record is refused with its name, at its offset; nothing is loaded
        RecordDeserializationException refused = null;
        Map<String, Object> c = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.GROUP_ID_CONFIG, topic + "-strict",
                TypedJsonConfig.VALUE_TYPES, OrderEvent.class.getName(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, TypedJsonDeserializer.class.getName());
        int good = 0;
        try (KafkaConsumer<String, Object> consumer = new KafkaConsumer<>(c)) { // configured by Kafka from the properties
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (refused == null && System.nanoTime() < deadline) {
                try {
                    good += consumer.poll(Duration.ofMillis(200)).count();
                } catch (RecordDeserializationException e) {
                    refused = e;
                }
            }
        }
        assertEquals(3, good);
        assertEquals(3, refused.offset());
        assertTrue(refused.getCause().getMessage().contains("unknown event type \"" + OrderRefunded.class.getName()
                + "\" in header ce_type"), refused.getCause().getMessage());
    }
}

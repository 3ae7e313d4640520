package io.typedjson.examples;

import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * README's quick start, verbatim between each pair of markers (only the bootstrap address is a parameter here),
 * run against a real broker by {@link QuickStartIT}; {@link ReadmeExamplesTest} checks README shows every line.
 */
public final class QuickStartExample {
    private QuickStartExample() {}

    // README: begin class
    public record Order(long id, String customer, BigDecimal total, Instant at) {}
    // README: end

    static void produce(String bootstrapServers) {
        // README: begin producer
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrapServers);
        try (Producer<String, Object> producer = new KafkaProducer<>(p, new StringSerializer(), new TypedJsonSerializer<>())) {
            Map<String, Object> order = Map.of("id", 42L, "qty", (short) 3, "price", new BigDecimal("19.90"));
            producer.send(new ProducerRecord<>("orders", "42", order));
        }
        // README: end
    }

    static void consume(String bootstrapServers) {
        // README: begin consumer
        Properties c = new Properties();
        c.put("bootstrap.servers", bootstrapServers);
        c.put("group.id", "orders-reader");
        c.put("auto.offset.reset", "earliest"); // a new group reads the topic from its start
        try (Consumer<String, Object> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new TypedJsonDeserializer<>())) {
            consumer.subscribe(List.of("orders"));
            while (true) {
                for (ConsumerRecord<String, Object> r : consumer.poll(Duration.ofSeconds(1))) {
                    Map<?, ?> v = (Map<?, ?>) r.value(); // qty is a Short, price a BigDecimal with scale 2
                    System.out.println(r.key() + " " + v + " qty " + v.get("qty").getClass().getSimpleName());
                }
            }
        }
        // README: end
    }

    static void produceOrders(String bootstrapServers) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrapServers);
        // README: begin class producer
        try (Producer<String, Order> producer = new KafkaProducer<>(p, new StringSerializer(), TypedJsonSerializer.forClass(Order.class))) {
            producer.send(new ProducerRecord<>("orders-v1", "7", new Order(7, "Ada", new BigDecimal("19.90"), Instant.now())));
        }
        // README: end
    }

    static void consumeOrders(String bootstrapServers) {
        Properties c = new Properties();
        c.put("bootstrap.servers", bootstrapServers);
        c.put("group.id", "orders-v1-reader");
        c.put("auto.offset.reset", "earliest");
        // README: begin class consumer
        try (Consumer<String, Order> consumer = new KafkaConsumer<>(c, new StringDeserializer(), TypedJsonDeserializer.forClass(Order.class))) {
            consumer.subscribe(List.of("orders-v1"));
            while (true) {
                consumer.poll(Duration.ofSeconds(1)).forEach(r -> System.out.println(r.value())); // Order[id=7, customer=Ada, ...]
            }
        }
        // README: end
    }
}

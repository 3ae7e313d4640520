package io.typedjson.examples;

import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A producer and a consumer of the dynamic model, compiled by the build so it cannot rot. README's quick start is
 * {@link QuickStartExample}, which QuickStartIT runs against a real broker.
 */
public final class ProducerConsumerExample {
    private ProducerConsumerExample() {}

    public static void produce(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Producer<String, Object> producer =
                     new KafkaProducer<>(p, new StringSerializer(), new TypedJsonSerializer<>())) {
            Map<String, Object> order = new LinkedHashMap<>();
            order.put("id", 42L);
            order.put("qty", (short) 3);
            order.put("price", new BigDecimal("19.90"));
            order.put("at", Instant.now());
            producer.send(new ProducerRecord<>("orders", "42", order));
        }
    }

    public static Map<?, ?> consumeOne(String bootstrapServers) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "orders-reader");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (Consumer<String, Object> consumer =
                     new KafkaConsumer<>(c, new StringDeserializer(), new TypedJsonDeserializer<>())) {
            consumer.subscribe(List.of("orders"));
            for (int attempt = 0; attempt < 30; attempt++) {
                for (ConsumerRecord<String, Object> r : consumer.poll(Duration.ofSeconds(1))) {
                    return (Map<?, ?>) r.value(); // qty is a Short, price a BigDecimal with scale 2, at an Instant
                }
            }
            return null;
        }
    }

    /** The properties-only configuration README shows. */
    public static Properties consumerProperties(String bootstrapServers) {
        Properties c = new Properties();
        c.put("bootstrap.servers", bootstrapServers);
        c.put("group.id", "orders-reader");
        c.put("key.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
        c.put("value.deserializer", "io.typedjson.serde.TypedJsonDeserializer");
        return c;
    }
}

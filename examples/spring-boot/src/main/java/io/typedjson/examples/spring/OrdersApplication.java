package io.typedjson.examples.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.KafkaOperations;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

/**
 * A Spring Boot service that publishes and consumes {@link Order}s with typedjson. Serializer, deserializer and
 * their typedjson properties come from application.yml alone; the only Kafka code here is the error handler that
 * sends records the listener cannot take to the dead letter topic.
 */
@SpringBootApplication
public class OrdersApplication {

    public static void main(String[] args) {
        SpringApplication.run(OrdersApplication.class, args);
    }

    /**
     * Spring Boot gives this handler to the listener containers it configures. A record that cannot be read (the
     * ErrorHandlingDeserializer caught the typedjson error) is not retried: it goes to the dead letter topic at once,
     * with its original bytes as the value, Spring's {@code kafka_dlt-*} headers (original topic, partition, offset,
     * exception class and stack trace) and typedjson's error (reason, JSON path, byte offset) in {@code typedjson.error.*}
     * headers; the listener goes on with the next record.
     */
    @Bean
    DefaultErrorHandler deadLetterErrorHandler(DeadLetterProducer bytes, KafkaTemplate<Object, Object> template,
                                               @Value("${orders.dead-letter-topic}") String deadLetterTopic) {
        Map<Class<?>, KafkaOperations<?, ?>> templates = new LinkedHashMap<>();
        templates.put(byte[].class, bytes.template()); // a record that could not be read: its original bytes
        templates.put(Object.class, template); // an Order the listener failed on: typedjson, as configured
        DeadLetterPublishingRecoverer recoverer = new DeadLetterPublishingRecoverer(templates,
                (record, exception) -> new TopicPartition(deadLetterTopic, -1));
        recoverer.addHeadersFunction((record, exception) -> TypedJsonErrorHeaders.of(exception));
        return new DefaultErrorHandler(recoverer, new FixedBackOff(0L, 0L));
    }

    /** Boot's producer settings with a byte[] value serializer, for dead letters; closed with the application. */
    @Bean
    DeadLetterProducer deadLetterProducer(ProducerFactory<Object, Object> producerFactory) {
        return new DeadLetterProducer(new KafkaTemplate<>(producerFactory,
                Map.of(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class)));
    }

    /** Holds the dead letters' template, so that its own producer is closed with the context (it is no bean itself). */
    record DeadLetterProducer(KafkaTemplate<Object, Object> template) implements AutoCloseable {
        @Override
        public void close() {
            template.destroy();
        }
    }
}

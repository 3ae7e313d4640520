package io.typedjson.examples.spring;

import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/** Publishes orders through Spring Boot's KafkaTemplate, keyed by id; the typedjson serializer writes the value. */
@Component
public class OrderPublisher {
    private final KafkaTemplate<String, Order> template;
    private final String topic;

    public OrderPublisher(KafkaTemplate<String, Order> template, @Value("${orders.topic}") String topic) {
        this.template = template;
        this.topic = topic;
    }

    public CompletableFuture<SendResult<String, Order>> publish(Order order) {
        return template.send(topic, Long.toString(order.id()), order);
    }
}

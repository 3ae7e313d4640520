package io.typedjson.examples.spring.events;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.support.SendResult;
import org.springframework.stereotype.Component;

/**
 * Publishes order events, keyed by order id: Boot's producer settings with the event types of the topic instead of
 * the one class of {@code orders}. Each record is a CloudEvents binary-mode event: ce_type (the name), ce_source,
 * ce_id, ce_specversion and content-type headers, the class's plain typed JSON document as the value.
 */
@Component
public class OrderEventPublisher implements DisposableBean {
    private final KafkaTemplate<Object, Object> template;
    private final String topic;

    public OrderEventPublisher(ProducerFactory<Object, Object> producerFactory, @Value("${order-events.topic}") String topic,
                               @Value("${order-events.types}") String types, @Value("${order-events.source}") String source) {
        this.template = new KafkaTemplate<>(producerFactory, Map.of(
                "typedjson.value.type", "",
                "typedjson.value.types", types,
                "typedjson.cloudevents.source", source));
        this.topic = topic;
    }

    public CompletableFuture<SendResult<Object, Object>> publish(OrderEvent event) {
        return template.send(topic, Long.toString(event.orderId()), event);
    }

    KafkaTemplate<Object, Object> template() {
        return template;
    }

    @Override
    public void destroy() {
        template.destroy();
    }
}

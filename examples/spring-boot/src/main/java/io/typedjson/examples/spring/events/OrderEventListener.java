package io.typedjson.examples.spring.events;

import io.typedjson.serde.UnknownEvent;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.kafka.annotation.KafkaHandler;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * One topic, several event types: a handler per type, chosen by Spring from the class the typedjson deserializer gave
 * for the record's name. A name the list does not have arrives as an {@link UnknownEvent} (typedjson.unknown.types=pass)
 * and is forwarded, as it came, to the dead letter topic, in order.
 */
@Component
@KafkaListener(id = "order-events", topics = "${order-events.topic}", properties = {
        "typedjson.value.type=",
        "typedjson.value.types=${order-events.types}",
        "typedjson.unknown.types=pass"})
public class OrderEventListener {

    private final BlockingQueue<Object> received = new LinkedBlockingQueue<>();
    private final KafkaTemplate<Object, Object> events;
    private final String deadLetterTopic;

    public OrderEventListener(OrderEventPublisher publisher, @Value("${order-events.dead-letter-topic}") String deadLetterTopic) {
        this.events = publisher.template();
        this.deadLetterTopic = deadLetterTopic;
    }

    @KafkaHandler
    public void placed(OrderEvent.Placed placed) {
        received.add(placed);
    }

    @KafkaHandler
    public void paid(OrderEvent.Paid paid) {
        received.add(paid);
    }

    @KafkaHandler
    public void shipped(OrderEvent.Shipped shipped) {
        received.add(shipped);
    }

    /** Its bytes unchanged and its ce_type header, written back by the typedjson serializer of the events template. */
    @KafkaHandler
    public void unknown(UnknownEvent unknown) {
        events.send(deadLetterTopic, unknown).join();
        received.add(unknown);
    }

    /** What the handlers have received, in order (for the example's test). */
    public BlockingQueue<Object> received() {
        return received;
    }
}

package io.typedjson.examples.spring;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Consumes the orders topic: the listener receives an {@link Order}, never bytes or a map; it refuses negative amounts. */
@Component
public class OrderListener {
    private static final Logger log = LoggerFactory.getLogger(OrderListener.class);

    private final BlockingQueue<Order> received = new LinkedBlockingQueue<>();

    @KafkaListener(topics = "${orders.topic}")
    public void onOrder(Order order) {
        if (order.amount().signum() < 0) {
            // a record that was read but is refused: the error handler sends the Order to the dead letter topic too
            throw new IllegalArgumentException("order " + order.id() + " has a negative amount");
        }
        log.info("order {} from {}: {}", order.id(), order.customer(), order.amount());
        received.add(order);
    }

    /** What the listener has received, in order (for the example's test). */
    public BlockingQueue<Order> received() {
        return received;
    }
}

package io.typedjson.serde.events;

/**
 * Three event types of one topic, named by {@code @TypedJsonName} (SPEC.md section 12): the list of the tests of
 * several event types, and of the vectors {@code spec/vectors/events.json} through its manifest.
 */
public sealed interface OrderEvent permits OrderCreated, OrderShipped, OrderCancelled {
    long orderId();
}

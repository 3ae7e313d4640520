package io.typedjson.examples.spring.events;

import io.typedjson.annotation.TypedJsonName;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The events of the {@code order-events} topic, each named by {@code @TypedJsonName}: the names travel in the record
 * (the CloudEvents header {@code ce_type}), never a class name, and a reader maps them back through this closed list.
 */
public sealed interface OrderEvent permits OrderEvent.Placed, OrderEvent.Paid, OrderEvent.Shipped {
    long orderId();

    @TypedJsonName("order.placed")
    record Placed(long orderId, String customer, BigDecimal amount, Instant at) implements OrderEvent {}

    @TypedJsonName("order.paid")
    record Paid(long orderId, BigDecimal amount, String method) implements OrderEvent {}

    @TypedJsonName("order.shipped")
    record Shipped(long orderId, LocalDate on, String carrier) implements OrderEvent {}
}

package io.typedjson.serde.events;

import io.typedjson.annotation.TypedJsonName;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;

@TypedJsonName("order.cancelled")
public record OrderCancelled(long orderId, String reason, Duration after, Map<String, Integer> refunds,
                             Map<LocalDate, Double> credits, boolean restock, float score, UUID ticket, short attempts)
        implements OrderEvent {}

package io.typedjson.serde.events;

import io.typedjson.annotation.TypedJsonName;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

@TypedJsonName("order.created")
public record OrderCreated(long orderId, String customer, BigDecimal total, Instant at, List<Line> lines, int priority)
        implements OrderEvent {

    public record Line(String sku, int qty, BigDecimal price) {}
}

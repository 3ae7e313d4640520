package io.typedjson.serde.events;

import io.typedjson.annotation.TypedJsonName;

/** An event type of another topic: not in {@link OrderEvent}'s list. */
@TypedJsonName("order.refunded")
public record OrderRefunded(long orderId, String reason) {}

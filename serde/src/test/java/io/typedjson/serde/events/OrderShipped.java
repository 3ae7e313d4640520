package io.typedjson.serde.events;

import io.typedjson.annotation.TypedJsonName;
import java.time.LocalDate;
import java.util.Optional;
import java.util.Set;

@TypedJsonName("order.shipped")
public record OrderShipped(long orderId, LocalDate shippedOn, Carrier carrier, Optional<String> tracking, Set<String> parcels)
        implements OrderEvent {

    public enum Carrier { UPS, DHL, @TypedJsonName("la-poste") LA_POSTE }
}

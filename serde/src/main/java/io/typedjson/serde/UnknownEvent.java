package io.typedjson.serde;

import java.util.Arrays;
import java.util.Objects;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A record whose event type name is not in the topic's list, or that has none, read under
 * {@code typedjson.unknown.types=pass} (SPEC.md section 12.3): its name as the record gave it (null when missing), the
 * raw bytes of its value (not read as any type) and a copy of its headers, so that an application can forward it or
 * send it to a dead-letter topic in order. {@link TypedJsonSerializer} writes one back as it came: its bytes unchanged
 * and the type header it had (none when it had none).
 *
 * <pre>{@code
 * switch (record.value()) {
 *     case OrderCreated c -> ...;
 *     case OrderShipped s -> ...;
 *     case UnknownEvent u -> deadLetters.send(new ProducerRecord<>("orders-dlq", null, record.key(), u.value(), u.headers()));
 *     default -> throw new IllegalStateException();
 * }
 * }</pre>
 */
public final class UnknownEvent {

    private final String type;
    private final byte[] value;
    private final Headers headers;

    /**
     * @param type    the name the record gave, or null when it gave none
     * @param value   the value's bytes (copied)
     * @param headers the record's headers (copied; the copy is read-only)
     */
    public UnknownEvent(String type, byte[] value, Headers headers) {
        this.type = type;
        this.value = Objects.requireNonNull(value, "value").clone();
        RecordHeaders copy = new RecordHeaders();
        if (headers != null) {
            for (Header h : headers) {
                copy.add(h.key(), h.value() == null ? null : h.value().clone());
            }
        }
        copy.setReadOnly();
        this.headers = copy;
    }

    /** The event type name the record gave (not in the list), or null when it gave none. */
    public String type() {
        return type;
    }

    /** The value's bytes, as they were in the record (a copy). */
    public byte[] value() {
        return value.clone();
    }

    /** The record's headers, read-only. */
    public Headers headers() {
        return headers;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnknownEvent u && Objects.equals(u.type, type) && Arrays.equals(u.value, value)
                && u.headers.equals(headers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, Arrays.hashCode(value), headers);
    }

    /** The name and the size of the value; never its content. */
    @Override
    public String toString() {
        return "UnknownEvent[type=" + (type == null ? "none" : io.typedjson.format.EventEnvelope.quote(type)) + ", "
                + value.length + " bytes, " + headers.toArray().length + " headers]";
    }
}

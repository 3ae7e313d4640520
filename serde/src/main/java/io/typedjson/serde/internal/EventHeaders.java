package io.typedjson.serde.internal;

import io.typedjson.format.EventEnvelope;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.function.Function;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The record headers of several event types on one topic (SPEC.md section 12), for the Kafka serde and the Connect
 * converter alike: the type header read and written, the CloudEvents binary-mode attributes beside it, and the
 * validators of the settings that name them.
 */
public final class EventHeaders {
    private EventHeaders() {}

    /** {@code typedjson.type.header}: a header name, printable ASCII without spaces. */
    public static final ConfigDef.Validator HEADER_NAME = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            String s = value == null ? "" : value.toString().trim();
            if (s.isEmpty() || s.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
                throw new ConfigException(name, value, "must be a non-empty header name of printable ASCII without spaces");
            }
        }

        @Override
        public String toString() {
            return "printable ASCII without spaces";
        }
    };

    /** {@code typedjson.cloudevents.source}: empty, or a URI reference (no spaces, no control characters). */
    public static final ConfigDef.Validator SOURCE = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            String s = value == null ? "" : value.toString();
            if (s.chars().anyMatch(c -> c < 0x21 || c == 0x7f)) {
                throw new ConfigException(name, value, "must be a URI reference: no spaces or control characters");
            }
        }

        @Override
        public String toString() {
            return "empty, or a URI reference";
        }
    };

    /**
     * The name in the record's header {@code header} (UTF-8), or null when it has none; a record with the header twice
     * is refused with {@code refusal} of {@link EventEnvelope#headerTwice}'s message.
     */
    public static String typeName(Headers headers, String header, Function<String, RuntimeException> refusal) {
        String name = null;
        boolean seen = false;
        for (Header h : headers.headers(header)) {
            if (seen) {
                throw refusal.apply(EventEnvelope.headerTwice(header));
            }
            seen = true;
            name = h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
        }
        return name;
    }

    /**
     * Writes the name into header {@code header} (replacing one copied from a record read) and, when {@code source}
     * is not null, the other attributes of a CloudEvents binary-mode event: {@code ce_specversion}, {@code ce_id} and
     * {@code ce_source} (an id or source the application set is kept), {@code content-type}.
     */
    public static void write(Headers headers, String header, byte[] name, byte[] source) {
        headers.remove(header);
        headers.add(header, name);
        if (source == null) {
            return;
        }
        headers.remove(EventEnvelope.SPEC_VERSION_HEADER);
        headers.add(EventEnvelope.SPEC_VERSION_HEADER, EventEnvelope.SPEC_VERSION.getBytes(StandardCharsets.US_ASCII));
        if (headers.lastHeader(EventEnvelope.ID_HEADER) == null) {
            headers.add(EventEnvelope.ID_HEADER, UUID.randomUUID().toString().getBytes(StandardCharsets.US_ASCII));
        }
        if (headers.lastHeader(EventEnvelope.SOURCE_HEADER) == null) {
            headers.add(EventEnvelope.SOURCE_HEADER, source);
        }
        headers.remove(EventEnvelope.CONTENT_TYPE_HEADER);
        headers.add(EventEnvelope.CONTENT_TYPE_HEADER, EventEnvelope.CONTENT_TYPE.getBytes(StandardCharsets.US_ASCII));
    }
}

package io.typedjson.serde.internal;

import io.typedjson.format.EventEnvelope;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
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
     * The name in the record's header {@code header} (UTF-8), or null when it has none or one with a null value; a
     * record with the header twice is refused with {@code refusal} of {@link EventEnvelope#headerTwice}'s message.
     * Bytes that are not UTF-8 are decoded with U+FFFD, a name that is in no list (SPEC.md 12.2): the policy decides,
     * and {@link #unknownName} says what the header holds.
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
     * {@link EventEnvelope#unknownName} for a name read from the record's header {@code header} ({@code where} names
     * it), or, when the header's bytes are not UTF-8, a message that says so rather than quoting replacement
     * characters; {@code header} null: the name is the envelope's.
     */
    public static String unknownName(Headers headers, String header, String name, String listed) {
        Header h = header == null || headers == null ? null : headers.lastHeader(header);
        if (h != null && h.value() != null) {
            ByteBuffer in = ByteBuffer.wrap(h.value());
            CoderResult r = StandardCharsets.UTF_8.newDecoder().decode(in, CharBuffer.allocate(h.value().length), true);
            if (r.isError()) {
                return String.format("the record's header %s is not UTF-8 (byte %02X at index %d): it names no listed event"
                        + " type (the topic's types are %s)", header, h.value()[in.position()] & 0xFF, in.position(), listed);
            }
        }
        return EventEnvelope.unknownName(name, header == null ? EventEnvelope.IN_DOCUMENT : EventEnvelope.inHeader(header),
                listed);
    }

    /**
     * {@link EventEnvelope#missingName}, or, when the record's last header {@code header} has a null value (a header
     * without a name rather than no header), a message that says so; {@code headers} null: none were looked at.
     */
    public static String missingName(Headers headers, String header, String listed) {
        Header h = headers == null ? null : headers.lastHeader(header);
        if (h == null || h.value() != null) {
            return EventEnvelope.missingName(header, listed);
        }
        return "no event type: the record's header " + header + " has a null value and its value is no event envelope"
                + " {\"~type\":\"<name>\",\"~v\":<document>} (the topic's types are " + listed + ")";
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

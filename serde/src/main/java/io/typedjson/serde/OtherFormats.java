package io.typedjson.serde;

import io.typedjson.serde.internal.FormatMark;
import io.typedjson.serde.internal.FormatMark.Mark;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;

/**
 * A topic shared with writers and readers of plain JSON during a migration (SPEC.md section 13): the
 * {@value #HEADER} header that marks typedjson's records, what a reader takes an unmarked record for, and Confluent's
 * framing. Made by {@link SerdeSupport#configure} only when one of its properties is set: with the defaults nothing
 * here runs, and no header is read or written.
 */
final class OtherFormats {

    /** The header that marks a record's format: {@value #TYPED} or {@value #PLAIN} (ASCII). */
    static final String HEADER = FormatMark.HEADER;
    static final String TYPED = FormatMark.TYPED;
    static final String PLAIN = FormatMark.PLAIN;
    /** The header a reader adds with the schema id of a value in Confluent's framing (decimal ASCII). */
    static final String SCHEMA_ID_HEADER = "typedjson-confluent-schema-id";
    /** Confluent's framing: magic byte 0, then the schema id (big-endian int32), then the JSON. */
    static final int FRAMING_LENGTH = 5;


    /** {@code typedjson.other.writers=json}: an unmarked record is plain JSON, and the header is read. */
    final boolean otherWriters;
    /** {@code typedjson.confluent.framing=strip}. */
    final boolean stripFraming;
    /** {@code typedjson.format.header}: what the serializer writes. */
    final Mark mark;
    /**
     * {@code application.id + "-"} in a Kafka Streams application (Streams hands its configuration to the serdes it
     * makes), else null: the prefix of its state stores' changelog topics, see {@link #stateStore}.
     */
    private final String streamsPrefix;

    private OtherFormats(boolean otherWriters, boolean stripFraming, Mark mark, String streamsPrefix) {
        this.otherWriters = otherWriters;
        this.stripFraming = stripFraming;
        this.mark = mark;
        this.streamsPrefix = streamsPrefix;
    }

    /**
     * Whether {@code topic} is a Streams state store's changelog ({@code <application.id>-<store>-changelog}), the topic
     * a store's serde is given. A store is no topic shared with other writers, and Streams hands its serde the headers
     * of whatever record is being processed, not of the one that wrote the value, so no mark can travel with a stored
     * value: a store keeps typed JSON, unmarked, read as typed JSON whatever the headers say.
     */
    boolean stateStore(String topic) {
        return streamsPrefix != null && topic != null && topic.startsWith(streamsPrefix) && topic.endsWith("-changelog");
    }

    static void define(ConfigDef def) {
        def.define(TypedJsonConfig.OTHER_WRITERS, Type.STRING, "none", ValidString.in("none", "json"), Importance.MEDIUM,
                        "Deserializer: whether the topic has writers of plain JSON besides typedjson (Jackson, Spring "
                                + "Kafka's JSON serializers) during a migration (docs/migrating.md, SPEC.md section 13). "
                                + "none: every record is typed JSON; no header is looked at. json: a record without the "
                                + "header " + HEADER + " (or with " + HEADER + ": plain) is read as plain JSON with the "
                                + "class: a string or key starting with '~' is that text, every other value as the class "
                                + "says; one marked " + HEADER + ": typed is typed JSON. The plain records read are "
                                + "counted in records-read-plain-total.")
                .define(TypedJsonConfig.FORMAT_HEADER, Type.STRING, "none", ValidString.in("none", "typed", "plain"),
                        Importance.MEDIUM,
                        "Serializer: the header " + HEADER + " that marks typedjson's records on a topic shared with "
                                + "other writers (docs/migrating.md). none: no header, typed JSON. typed: typed JSON "
                                + "marked '" + TYPED + "', for consumers of " + TypedJsonConfig.OTHER_WRITERS + "=json. "
                                + "plain: plain JSON marked '" + PLAIN + "', which Jackson and Spring's deserializers "
                                + "read back equal for the class (no '~' escape); a value that only a tag can carry "
                                + "(a Set, a decimal or a date in an Object field) is refused. Without a Headers object "
                                + "(serialize(topic, value)) the record is written as unmarked plain JSON.")
                .define(TypedJsonConfig.CONFLUENT_FRAMING, Type.STRING, "refuse", ValidString.in("refuse", "strip"),
                        Importance.MEDIUM,
                        "Deserializer: values framed as Confluent's JSON Schema serializer writes them (magic byte 0, "
                                + "a 4-byte schema id, then the JSON). refuse: refused with a message naming this "
                                + "property. strip: the framing is removed without a registry, the JSON read as plain "
                                + "JSON with the class, the schema id put in the header " + SCHEMA_ID_HEADER
                                + " (decimal) and the record counted in records-read-framed-total.");
    }

    /** The configuration's migration settings, or null when all are their defaults (the hot path then pays nothing). */
    static OtherFormats configure(TypedJsonConfig config, boolean isKey) {
        boolean strip = config.getString(TypedJsonConfig.CONFLUENT_FRAMING).equals("strip");
        if (isKey) {
            // the header typedjson-format describes the record's value: a key is typed JSON (Kafka hands a producer's
            // and a consumer's properties to the key's serde too), its Confluent framing removed where set
            return strip ? new OtherFormats(false, true, Mark.NONE, null) : null;
        }
        boolean other = config.getString(TypedJsonConfig.OTHER_WRITERS).equals("json");
        Mark mark = Mark.valueOf(config.getString(TypedJsonConfig.FORMAT_HEADER).toUpperCase(Locale.ROOT));
        if (mark == Mark.PLAIN && !config.getString(TypedJsonConfig.TYPE_LOCATION).equals("header")
                && !config.getList(TypedJsonConfig.VALUE_TYPES).isEmpty()) {
            throw new ConfigException(TypedJsonConfig.FORMAT_HEADER, "plain", "an event envelope is typed JSON, which "
                    + "plain readers cannot read: use " + TypedJsonConfig.TYPE_LOCATION + "=header");
        }
        Object applicationId = config.originals().get("application.id");
        return !other && !strip && mark == Mark.NONE ? null
                : new OtherFormats(other, strip, mark, applicationId == null ? null : applicationId + "-");
    }

    // ------------------------------------------------------------------ reading

    /**
     * Whether a record (not framed) is read as plain JSON: with {@code typedjson.other.writers=json}, unless its header
     * says {@value #TYPED}. A header given twice or with another value is refused.
     */
    boolean readsPlain(String topic, Headers headers) {
        if (!otherWriters || stateStore(topic)) {
            return false;
        }
        return FormatMark.of(headers, reason -> new SerializationException("Cannot read typed JSON from topic '" + topic
                + "': " + reason)) != Mark.TYPED;
    }

    /** Whether {@code data[offset, offset + length)} starts with Confluent's magic byte (no JSON text starts with 0). */
    static boolean framed(byte[] data, int offset, int length) {
        return length > 0 && data[offset] == 0;
    }

    /** The schema id of a framed value; refuses one too short to hold it. */
    static int schemaId(String topic, byte[] data, int offset, int length) {
        if (length < FRAMING_LENGTH) {
            throw new SerializationException("Cannot read typed JSON from topic '" + topic + "': a value of " + length
                    + " bytes starting with Confluent's magic byte 0 is too short for the framing (magic byte, 4-byte "
                    + "schema id)");
        }
        return (data[offset + 1] & 0xFF) << 24 | (data[offset + 2] & 0xFF) << 16 | (data[offset + 3] & 0xFF) << 8
                | data[offset + 4] & 0xFF;
    }

    /** Keeps a framed value's schema id in the record's headers. */
    static void keepSchemaId(Headers headers, int id) {
        if (headers != null) {
            headers.remove(SCHEMA_ID_HEADER);
            headers.add(SCHEMA_ID_HEADER, Integer.toString(id).getBytes(StandardCharsets.US_ASCII));
        }
    }

    /**
     * On a refusal only (the cold path): what to set when the refused value looks like another writer's, or null. A value
     * in Confluent's framing read without {@code typedjson.confluent.framing=strip} (the reader has refused its first
     * byte); a refusal of a tag or escape (a '~') by a reader without {@code typedjson.other.writers=json}.
     */
    static String hint(OtherFormats other, String reason, byte[] data, int offset, int length) {
        if ((other == null || !other.stripFraming) && framed(data, offset, length) && length >= FRAMING_LENGTH) {
            return "the value starts with Confluent's JSON Schema framing (magic byte 0, schema id "
                    + schemaId("", data, offset, length) + "): set " + TypedJsonConfig.CONFLUENT_FRAMING
                    + "=strip to read it, docs/migrating.md";
        }
        if ((other == null || !other.otherWriters) && reason != null && (reason.contains("'~'") || reason.contains("tag"))) {
            return "a writer of plain JSON (Jackson, Spring Kafka's JSON serializers) writes a leading '~' as it is: if "
                    + "the topic has such writers, set " + TypedJsonConfig.OTHER_WRITERS + "=json, docs/migrating.md";
        }
        return null;
    }

    // ------------------------------------------------------------------ writing

    /** Whether the serializer writes plain JSON: marked plain, or marked at all without headers to carry the mark. */
    boolean writesPlain(String topic, Headers headers) {
        return !stateStore(topic) && (mark == Mark.PLAIN || mark == Mark.TYPED && headers == null);
    }

    /** Marks a record written with {@code headers} (a header copied from a record read is replaced); a store's, never. */
    void mark(String topic, Headers headers) {
        if (headers != null && !stateStore(topic)) {
            if (mark != Mark.NONE) {
                FormatMark.write(headers, mark);
            } else if (otherWriters) { // (a value's serde: a key's never reads other writers)
                FormatMark.dropUntrue(headers);
            }
        }
    }

    /** Marks a forwarded record as {@code from} was marked: the same header value, or none. */
    void markAs(Headers headers, Headers from) {
        if (mark != Mark.NONE && headers != null) {
            org.apache.kafka.common.header.Header h = from == null ? null : from.lastHeader(FormatMark.HEADER);
            headers.remove(FormatMark.HEADER);
            if (h != null) {
                headers.add(FormatMark.HEADER, h.value());
            }
        }
    }
}

package io.typedjson.serde.internal;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Why a record was refused: the kinds of the refusal metrics ({@link RecordMetrics}). */
public enum Refusal {
    /** The bytes are not JSON in UTF-8 (RFC 8259, SPEC.md section 1): the bare JSON grammar refuses them too. */
    SYNTAX("syntax", "the bytes are not JSON in UTF-8."),
    /** Valid JSON that is not a document of the expected type, or a value that cannot be written exactly. */
    TYPE("type", "valid JSON that is not a document of the expected type (a wrong token, a number out of range, an "
            + "unknown tag, a duplicate key), or on write a value that cannot be carried exactly."),
    /** Beyond a limit of {@link Limits} (the error names its typedjson.max.* property). */
    LIMIT("limit", "beyond a typedjson.max.* limit (depth, number length, string length, document bytes)."),
    /** A schema reference (location reference) that did not resolve: unknown, known missing, or unreachable topic. */
    UNKNOWN_SCHEMA("unknown-schema", "the schema reference did not resolve from the schema topic."),
    /** An event type name the configuration does not map to a class (event types). */
    UNKNOWN_TYPE_NAME("unknown-type-name", "the document names an event type the configuration does not know.");

    /** The refusals a writer can make: a serializer, a converter's fromConnectData. */
    public static final Set<Refusal> WRITES = Collections.unmodifiableSet(EnumSet.of(TYPE, LIMIT, UNKNOWN_TYPE_NAME));
    /** The refusals a deserializer can make. */
    public static final Set<Refusal> READS = Collections.unmodifiableSet(EnumSet.of(SYNTAX, TYPE, LIMIT, UNKNOWN_TYPE_NAME));
    /** The refusals a converter's reader can make: a deserializer's and an unresolved schema reference. */
    public static final Set<Refusal> CONVERTER_READS = Collections.unmodifiableSet(EnumSet.allOf(Refusal.class));

    /** The metric's part of the name: {@code read-refused-<metric>-total}. */
    public final String metric;
    final String description;

    Refusal(String metric, String description) {
        this.metric = metric;
        this.description = description;
    }

    private static final List<String> LIMIT_MARKS = List.of(Limits.DEPTH_PROPERTY, Limits.NUMBER_LENGTH_PROPERTY,
            Limits.STRING_LENGTH_PROPERTY, Limits.DOCUMENT_BYTES_PROPERTY).stream()
            .flatMap(p -> java.util.stream.Stream.of("(" + p + ")", "(raise " + p)).toList();

    /** Whether the message names a limit's property, as every limit refusal does ("... (typedjson.max.depth)"). */
    public static boolean namesLimit(String message) {
        if (message == null) {
            return false;
        }
        for (String mark : LIMIT_MARKS) {
            if (message.contains(mark)) {
                return true;
            }
        }
        return false;
    }

    /** A refused write: beyond a limit, else the value's type. */
    public static Refusal ofWrite(Throwable e) {
        return namesLimit(reason(e)) ? LIMIT : TYPE;
    }

    /**
     * A refused read of {@code document[offset, offset + length)}: a limit when the error names one, syntax when the
     * bare JSON grammar (with the same limits) refuses the bytes too, else type. The document is walked again only on
     * this cold path.
     */
    public static Refusal ofRead(Throwable e, TypedJsonFormat format, byte[] document, int offset, int length) {
        if (namesLimit(reason(e))) {
            return LIMIT;
        }
        try {
            format.read(JSON_ONLY, document, offset, length);
            return TYPE;
        } catch (TypedJsonException walk) {
            return namesLimit(walk.reason()) ? LIMIT : SYNTAX;
        } catch (RuntimeException walk) {
            return SYNTAX;
        }
    }

    private static String reason(Throwable e) {
        return e instanceof TypedJsonException t ? t.reason() : e.getMessage();
    }

    /** Reads any JSON value and nothing of typed JSON: the reader checks the grammar, UTF-8 and the limits. */
    private static final Codec<Object> JSON_ONLY = new Codec<>() {
        @Override
        public void write(io.typedjson.format.JsonWriter out, Object value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object read(JsonReader in) {
            int depth = 0;
            JsonToken t = in.currentToken();
            while (true) {
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    depth++;
                } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    depth--;
                }
                if (depth == 0) {
                    return null;
                }
                t = in.nextToken();
                if (t == null) { // the reader refuses an unclosed container itself; this only guards the loop
                    throw in.error("Unexpected end-of-input");
                }
            }
        }
    };
}

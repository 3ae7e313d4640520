package io.typedjson.format;

import java.nio.charset.StandardCharsets;

/**
 * Where the name of an event type travels with a record (SPEC.md section 12): the record header ({@code ce_type},
 * a CloudEvents binary-mode attribute, unless configured otherwise) and the envelope
 * {@code {"~type":"<name>","~v":<document>}}; the grammar of names. Defined once here for the Kafka serde, the Connect
 * converter, the Flink format and the console formatter.
 */
public final class EventEnvelope {

    /** First key of an envelope: the event type's name, as a JSON string. */
    public static final String TYPE_KEY = "~type";
    /** Second and last key of an envelope: the document of the type. */
    public static final String VALUE_KEY = "~v";
    /** The record header of the name unless configured otherwise: CloudEvents' {@code type} attribute in Kafka's binding. */
    public static final String DEFAULT_TYPE_HEADER = "ce_type";
    /** CloudEvents' {@code specversion} attribute; its value is {@value #SPEC_VERSION}. */
    public static final String SPEC_VERSION_HEADER = "ce_specversion";
    public static final String SPEC_VERSION = "1.0";
    /** CloudEvents' {@code id} attribute. */
    public static final String ID_HEADER = "ce_id";
    /** CloudEvents' {@code source} attribute. */
    public static final String SOURCE_HEADER = "ce_source";
    /** CloudEvents' {@code datacontenttype} in Kafka's binding; its value is {@value #CONTENT_TYPE}. */
    public static final String CONTENT_TYPE_HEADER = "content-type";
    public static final String CONTENT_TYPE = "application/json";
    /** Longest name, in characters. */
    public static final int MAX_NAME_LENGTH = 255;
    /** Characters of a name shown in an error message; the rest is counted, not shown. */
    private static final int SHOWN = 100;

    private EventEnvelope() {
    }

    /**
     * Whether {@code name} is a name of SPEC.md section 12.1: 1 to 255 characters, each an ASCII letter or digit or one
     * of {@code . _ - : /}, the first a letter or a digit.
     */
    public static boolean isName(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_NAME_LENGTH || !letterOrDigit(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!letterOrDigit(c) && c != '.' && c != '_' && c != '-' && c != ':' && c != '/') {
                return false;
            }
        }
        return true;
    }

    private static boolean letterOrDigit(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    /** A reader per thread for {@link #isEnvelope}, which looks at two tokens only. */
    private static final ThreadLocal<JsonReader> PEEK = ThreadLocal.withInitial(() -> new JsonReader(Limits.DEFAULT));

    /**
     * Whether a document is an envelope: an object whose first key is {@code ~type} after JSON unescaping (a user
     * key {@code ~type} is written {@code ~~type}, so no other document starts so). Reads the first key and no
     * further; a document that does not start as JSON is not an envelope, and reading it says what is wrong.
     */
    public static boolean isEnvelope(byte[] document, int offset, int length) {
        JsonReader in = PEEK.get();
        in.reset(document, offset, length);
        try {
            return in.nextToken() == JsonToken.START_OBJECT && in.nextToken() == JsonToken.FIELD_NAME
                    && TYPE_KEY.equals(in.currentName());
        } catch (TypedJsonException e) {
            return false;
        } finally {
            in.release();
        }
    }

    /** The envelope's bytes around a document already written: {@code {"~type":"<name>","~v":<document>}}. */
    public static byte[] wrap(String name, byte[] document) {
        byte[] head = ("{\"" + TYPE_KEY + "\":\"" + name + "\",\"" + VALUE_KEY + "\":").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + document.length + 1];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(document, 0, out, head.length, document.length);
        out[out.length - 1] = '}';
        return out;
    }

    /**
     * Writes {@code value} by {@code codec} in an envelope named {@code name}; an error writing it names its path under
     * {@code ~v}.
     */
    public static <T> void write(JsonWriter out, String name, Codec<T> codec, T value) {
        out.writeStartObject();
        out.writeFieldName(TYPE_KEY);
        out.writeString(name);
        out.writeFieldName(VALUE_KEY);
        try {
            codec.write(out, value);
        } catch (TypedJsonException e) {
            throw e.inField(VALUE_KEY);
        }
        out.writeEndObject();
    }

    /**
     * Reads an envelope's name, the opening brace the reader's current token: the key {@code ~type} and the name, a
     * string (refused otherwise, with the path and offset); leaves the reader on the name. Null when the object's first
     * key is not {@code ~type}: the object is no envelope, its name is missing ({@link #isEnvelope} tells the same from
     * the bytes). The one reading of an envelope's start: the Kafka serde, the Connect converter, the Flink format and
     * the console formatter read it here, and refuse alike.
     */
    public static String readName(JsonReader in) {
        if (in.nextToken() != JsonToken.FIELD_NAME || !TYPE_KEY.equals(in.currentName())) {
            return null;
        }
        if (in.nextToken() != JsonToken.VALUE_STRING) {
            throw in.error(describe(in) + " where the name of an event type belongs");
        }
        return in.getText();
    }

    /** After the name ({@link #readName}): the key {@code ~v}, refused otherwise; leaves the reader on the document's first token. */
    public static void readValueKey(JsonReader in) {
        if (in.nextToken() != JsonToken.FIELD_NAME || !VALUE_KEY.equals(in.currentName())) {
            throw in.error(describe(in) + " where the key \"~v\" of an event envelope belongs");
        }
        in.nextToken();
    }

    /** After the envelope's document: its closing brace, and nothing else. */
    public static void readEnd(JsonReader in) {
        if (in.nextToken() != JsonToken.END_OBJECT) {
            throw in.error(describe(in) + " after the document of an event envelope (it has only the keys \"~type\" and \"~v\")");
        }
    }

    // ------------------------------------------------------------------ the messages every reader gives

    /** Where a name was found, for {@link #unknownName}: the envelope's. */
    public static final String IN_DOCUMENT = "in the document's \"~type\"";

    /** Where a name was found, for {@link #unknownName}: the record header {@code header}. */
    public static String inHeader(String header) {
        return "in header " + header;
    }

    /** A name not in the list ({@code listed}, the names joined by ", "), found {@code where}. */
    public static String unknownName(String name, String where, String listed) {
        return "unknown event type " + quote(name) + " " + where + " (the topic's types are " + listed + ")";
    }

    /** A record without a name: no header {@code header} (null: none is read) and no envelope. */
    public static String missingName(String header, String listed) {
        return "no event type: the record " + (header == null ? "" : "has no header " + header + " and its value ")
                + "is no event envelope {\"~type\":\"<name>\",\"~v\":<document>} (the topic's types are " + listed + ")";
    }

    /** The header's name and the envelope's differ. */
    public static String disagreeing(String header, String fromHeader, String fromDocument) {
        return "event types disagree: header " + header + " says " + quote(fromHeader) + " and the document says "
                + quote(fromDocument);
    }

    /** A record with the type header more than once. */
    public static String headerTwice(String header) {
        return "the record has more than one header " + header + " (an event has one type)";
    }

    private static String describe(JsonReader in) {
        return io.typedjson.format.internal.ReadErrors.describe(in);
    }

    /**
     * A name from a record, for a message: quoted as a JSON string (control characters escaped), at most 100
     * characters of it, so that a hostile header can neither flood a log nor forge a line of it.
     */
    public static String quote(String name) {
        if (name == null) {
            return "(none)";
        }
        String shown = name.length() > SHOWN ? name.substring(0, SHOWN) : name;
        StringBuilder sb = new StringBuilder(shown.length() + 16).append('"');
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029 || Character.isSurrogate(c)) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
        if (name.length() > SHOWN) {
            sb.append("...(").append(name.length() - SHOWN).append(" more characters)");
        }
        return sb.toString();
    }
}

package io.typedjson.format;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * Where a Kafka Connect schema travels with a typed JSON record (SPEC.md, section 11, "Schema locations"): the two
 * format keys of an inline document, {@code {"~s":"<schema notation>","~v":<value>}}, the record headers of
 * header mode and of reference mode, and the fingerprint a reference carries. Defined once here for the writer and
 * reader (the Connect converter) and for the tools that only look (the console formatter).
 */
public final class ConnectEnvelope {

    /** First key of an inline document: the schema notation, as a JSON string. */
    public static final String SCHEMA_KEY = "~s";
    /** Second and last key of an inline document: the value, spelled as the schema says. */
    public static final String VALUE_KEY = "~v";
    /** Record header carrying a value's schema notation (UTF-8) in header mode. */
    public static final String VALUE_SCHEMA_HEADER = "typedjson.schema";
    /** Record header carrying a key's schema notation (UTF-8) in header mode. */
    public static final String KEY_SCHEMA_HEADER = "typedjson.key.schema";
    /** Record header carrying the fingerprint of a value's schema (16 raw bytes) in reference mode. */
    public static final String VALUE_SCHEMA_REF_HEADER = "typedjson.schema.ref";
    /** Record header carrying the fingerprint of a key's schema (16 raw bytes) in reference mode. */
    public static final String KEY_SCHEMA_REF_HEADER = "typedjson.key.schema.ref";
    /** The compacted topic holding the notations that references point to, unless configured otherwise. */
    public static final String DEFAULT_SCHEMA_TOPIC = "_typedjson-schemas";
    /** Bytes of a fingerprint: 128 bits. */
    public static final int FINGERPRINT_LENGTH = 16;

    /**
     * The notation of an inline document (its first key {@code ~s} holding a string), or null for any other
     * document; the rest of the document is read as JSON and not looked at.
     */
    public static final Codec<String> INLINE_NOTATION = new Codec<>() {
        @Override
        public void write(JsonWriter out, String value) {
            throw new UnsupportedOperationException("reads only");
        }

        @Override
        public String read(JsonReader in) {
            String notation = in.currentToken() == JsonToken.START_OBJECT && in.nextToken() == JsonToken.FIELD_NAME
                    && SCHEMA_KEY.equals(in.currentName()) && in.nextToken() == JsonToken.VALUE_STRING
                    ? in.getText() : null;
            while (in.nextToken() != null) {
                // the rest of the document, checked as JSON
            }
            return notation;
        }
    };

    private ConnectEnvelope() {
    }

    /** A reader per thread for {@link #isInline}, which looks at two tokens only. */
    private static final ThreadLocal<JsonReader> PEEK = ThreadLocal.withInitial(() -> new JsonReader(Limits.DEFAULT));

    /**
     * Whether a document is an inline one: an object whose first key is {@code ~s} after JSON unescaping (the
     * writer escapes a user key {@code ~s} as {@code ~~s}, so only an inline document starts so). Reads the first
     * key and no further; a document that does not start as JSON is not inline, and reading it says what is wrong.
     */
    public static boolean isInline(byte[] document) {
        JsonReader in = PEEK.get();
        in.reset(document, 0, document.length);
        try {
            return in.nextToken() == JsonToken.START_OBJECT && in.nextToken() == JsonToken.FIELD_NAME
                    && SCHEMA_KEY.equals(in.currentName());
        } catch (TypedJsonException e) {
            return false;
        } finally {
            in.release();
        }
    }

    /**
     * The fingerprint of a schema: the first 16 bytes of SHA-256 over the UTF-8 bytes of its notation (the text
     * the inline location puts in {@code ~s}). SHA-256 is in every JDK, Node and Python without a dependency;
     * 128 bits keep a record's header small while finding another notation of the same fingerprint stays 2^128
     * work.
     */
    public static byte[] fingerprint(byte[] notationUtf8) {
        try {
            return Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(notationUtf8), FINGERPRINT_LENGTH);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** {@link #fingerprint(byte[])} of the notation's UTF-8 bytes. */
    public static byte[] fingerprint(String notation) {
        return fingerprint(notation.getBytes(StandardCharsets.UTF_8));
    }

    /** Bytes as lowercase hexadecimal, two digits a byte: how a fingerprint is shown in errors and logs. */
    public static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            sb.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return sb.toString();
    }
}

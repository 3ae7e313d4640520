package io.typedjson.format;

import io.typedjson.format.internal.Lexemes;

/**
 * An object key encoded once: the quoted, escaped UTF-8 bytes a {@link JsonWriter} copies, and a
 * {@link JsonReader} compares the next key with, byte for byte, without decoding or hashing it.
 * The key's text is escaped like any string of the format ({@code ~t} is spelled {@code "~~t"}).
 */
public final class JsonKey {
    private final String name;
    /** The text as a document has it after JSON unescaping: the name with a leading '~' doubled. */
    final String spelled;
    /** {@code "spelled"} in UTF-8 with JSON's escapes, the quotes included. */
    final byte[] quoted;
    /** Whether {@link #quoted} holds an escape, or a byte beyond ASCII. */
    final boolean escaped, ascii;
    /** {@code "spelled":} packed into little-endian longs, which {@link JsonWriter#writeFieldName(JsonKey)} stores. */
    final long[] nameWords;
    /** The name when typed JSON spells it otherwise (a leading '~', doubled there), which plain JSON writes as it is; else null. */
    final String plainName;

    private JsonKey(String name, String spelled) {
        this.name = name;
        this.spelled = spelled;
        this.plainName = spelled.equals(name) ? null : name;
        this.quoted = JsonWriter.quotedUtf8(spelled);
        this.nameWords = JsonWriter.nameWords(quoted);
        boolean e = false, a = true;
        for (byte b : quoted) {
            e |= b == '\\';
            a &= b >= 0;
        }
        this.escaped = e;
        this.ascii = a;
    }

    /** The key whose text is {@code name} (not yet escaped); refuses a name that is not Unicode text. */
    public static JsonKey of(String name) {
        return new JsonKey(name, Lexemes.escapeKey(name));
    }

    /**
     * The key as {@code out}'s document has it, which is what a path names (SPEC.md section 8): its escaped text
     * ({@code ~~t}), or in plain JSON its name as it is.
     */
    public String spelledBy(JsonWriter out) {
        return plainName != null && out.plainJson() ? plainName : spelled;
    }

    /** The key's text, as given to {@link #of}. */
    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}

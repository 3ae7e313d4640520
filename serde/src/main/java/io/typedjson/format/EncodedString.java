package io.typedjson.format;

import java.util.Arrays;

/**
 * A JSON string encoded once (quoted, escaped, UTF-8), for text a codec writes with every document, such as the
 * Connect converter's schema notation. The text is written as it is: no prefix escape of the format is added.
 */
public final class EncodedString {
    final byte[] quoted;

    private EncodedString(byte[] quoted) {
        this.quoted = quoted;
    }

    public static EncodedString of(String text) {
        return new EncodedString(JsonWriter.quotedUtf8(text));
    }

    /** The JSON string's bytes, quotes included (a copy). */
    public byte[] quotedUtf8() {
        return Arrays.copyOf(quoted, quoted.length);
    }
}

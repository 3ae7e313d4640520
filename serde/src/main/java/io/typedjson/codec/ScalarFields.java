package io.typedjson.codec;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;

/**
 * The typed spelling of the fields a class codec reads and writes without a codec of their own: the primitives and
 * String (SPEC.md sections 5 and 10), with the format core's checks and errors. <b>For codecs</b>: the codecs
 * generated at compile time and at run time, and the reflective one, call these, so every kind spells and refuses a
 * field alike. Every read is of the reader's current token; a number out of the field's range is refused, never
 * truncated. (Booleans, ints and longs are written with {@link JsonWriter}'s own methods.)
 */
public final class ScalarFields {
    private ScalarFields() {}

    public static boolean readBoolean(JsonReader in) {
        return Lexemes.readBoolean(in);
    }

    public static byte readByte(JsonReader in) {
        return Lexemes.readByte(in);
    }

    public static short readShort(JsonReader in) {
        return Lexemes.readShort(in);
    }

    public static int readInt(JsonReader in) {
        return Lexemes.readInt(in);
    }

    public static long readLong(JsonReader in) {
        return Lexemes.readLong(in);
    }

    /** A float32: its number, or "NaN", "Infinity", "-Infinity". */
    public static float readFloat(JsonReader in) {
        return Lexemes.readFloat(in);
    }

    /** A float64: its number, or "NaN", "Infinity", "-Infinity". */
    public static double readDouble(JsonReader in) {
        return Lexemes.readDouble(in);
    }

    /** A string of exactly one UTF-16 unit. */
    public static char readChar(JsonReader in) {
        return Lexemes.readChar(in);
    }

    /** A string, or null for JSON null; a string starting with '~' is spelled with the '~' doubled. */
    public static String readString(JsonReader in) {
        return in.currentToken() == JsonToken.VALUE_NULL ? null : Lexemes.readString(in);
    }

    /** Shortest round-trip digits; NaN and the infinities as their names in a string. */
    public static void writeFloat(JsonWriter out, float f) {
        Lexemes.writeFloat(out, f);
    }

    /** Shortest round-trip digits; NaN and the infinities as their names in a string. */
    public static void writeDouble(JsonWriter out, double d) {
        Lexemes.writeDouble(out, d);
    }

    public static void writeChar(JsonWriter out, char c) {
        Lexemes.writeChar(out, c);
    }

    /** A string (a leading '~' doubled), or null; a string that is not Unicode text is refused. */
    public static void writeString(JsonWriter out, String s) {
        if (s == null) {
            out.writeNull();
        } else {
            Lexemes.writeString(out, s);
        }
    }
}

package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;

/** {@code char} (class codecs only): a string of one UTF-16 unit. */
final class CharType extends ScalarType {
    CharType() { super(Character.class, Tags.NONE, false, true, "char", "a char", JsonSchemaFragments.CHAR); }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeChar(out, (Character) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readChar(in); }

    @Override
    public Object parseKey(String s) {
        if (s.length() != 1) {
            throw new IllegalArgumentException(s);
        }
        return s.charAt(0);
    }
}

package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;

/** {@code String}: a JSON string, one starting with {@code ~} written with it doubled (SPEC.md section 4). */
final class StringType extends ScalarType {
    StringType() { super(String.class, Tags.NONE, true, true, "string", "a string"); } // as a key: any escaped string

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeString(out, (String) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readString(in); }
    @Override public Object parseKey(String s) { return s; }
    @Override public void writeDynamic(JsonWriter out, Object v) { write(out, v); }
}

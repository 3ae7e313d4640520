package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.util.Map;

/** {@code long}: a plain integer lexeme, in the dynamic model too (a plain integer there is a Long). */
final class Int64Type extends ScalarType {
    Int64Type() { super(Long.class, Tags.NONE, true, false, "int64", "an int64", JsonSchemaFragments.INT64); }

    @Override public void write(JsonWriter out, Object v) { out.writeNumber((Long) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readLong(in); }
    @Override public Object parseKey(String s) { return Long.parseLong(s); }
    @Override public void writeDynamic(JsonWriter out, Object v) { write(out, v); }

    // its bounds are not stated, since validators compare numbers as doubles (where 2^63 - 1 is 2^63) or through
    // long (networknt, which throws for a double beyond it); its text (a map key) is checked exactly
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.type("integer"); }
}

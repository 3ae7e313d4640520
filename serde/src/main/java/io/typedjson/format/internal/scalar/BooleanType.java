package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.util.Map;

/** {@code boolean}: JSON's {@code true} and {@code false}. */
final class BooleanType extends ScalarType {
    BooleanType() { super(Boolean.class, Tags.NONE, true, false, "boolean", "a boolean", JsonSchemaFragments.BOOLEAN); }

    @Override public void write(JsonWriter out, Object v) { out.writeBoolean((Boolean) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readBoolean(in); }

    @Override
    public Object parseKey(String s) {
        if (s.equals("true") || s.equals("false")) {
            return s.equals("true");
        }
        throw new IllegalArgumentException(s);
    }

    @Override public void writeDynamic(JsonWriter out, Object v) { write(out, v); }
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.type("boolean"); }
}

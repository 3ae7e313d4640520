package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.util.Map;

/**
 * {@code double}: the shortest digits that read back (SPEC.md 5.1); in the dynamic model a plain lexeme with '.' or
 * 'E' when finite, {@code ~z} and the name of NaN and the infinities.
 */
final class Float64Type extends ScalarType {
    Float64Type() {
        super(Double.class, Tags.FLOAT64, true, false, "float64", "a float64", JsonSchemaFragments.FLOAT_OR_NON_FINITE,
                JsonSchemaFragments.NON_FINITE);
    }

    @Override
    public void writeDynamic(JsonWriter out, Object v) {
        double d = (Double) v;
        if (Double.isFinite(d)) {
            out.writeNumber(d);
        } else {
            writeTagged(out, Lexemes.nonFiniteText(d));
        }
    }

    @Override public Object parseTagged(JsonReader in, String payload) { return Lexemes.parseNonFinite(in, payload); }
    @Override public void write(JsonWriter out, Object v) { Lexemes.writeDouble(out, (Double) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readDouble(in); }
    @Override public String text(Object v) { return Lexemes.floatingText((Double) v); }
    @Override public Object parseKey(String s) { return Lexemes.parseNonFiniteOrNumber(s); }
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.floating(null); }
}

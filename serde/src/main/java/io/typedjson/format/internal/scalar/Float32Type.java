package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ShortestDecimal;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.internal.Tags;
import java.util.Map;

/** {@code float}: the shortest digits that read back (SPEC.md 5.1); tagged {@code ~f} in the dynamic model. */
final class Float32Type extends ScalarType {
    Float32Type() {
        super(Float.class, Tags.FLOAT32, true, false, "float32", "a float32", JsonSchemaFragments.FLOAT_OR_NON_FINITE);
    }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeFloat(out, (Float) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readFloat(in); }
    @Override
    public Object parseKey(String s) {
        double d = Lexemes.parseNonFiniteOrNumber(s);
        return Double.isFinite(d) ? Float.parseFloat(s) : (float) d;
    }

    @Override public String text(Object v) { return Lexemes.floatingText((Float) v); }

    @Override
    public void writeDynamic(JsonWriter out, Object v) {
        float f = (Float) v;
        writeTagged(out, Float.isFinite(f) ? ShortestDecimal.chars(f, 2) : null, v); // the digits without a String
    }
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.floating(Float.MAX_VALUE); }

    /** The writer's spelling only: the shortest digits that read back to the float, or NaN/±Infinity. */
    @Override
    public Object parseTagged(JsonReader in, String payload) {
        if (Lexemes.isNonFiniteName(payload)) {
            return (float) Lexemes.parseNonFinite(in, payload);
        }
        Lexemes.checkNumberLength(in, payload);
        // only JSON number syntax: Float.parseFloat would also take "0x1p3", "1f" or " 1"
        if (!Lexemes.isJsonNumber(payload)) {
            throw ReadErrors.error(in, "malformed ~f payload " + ReadErrors.quote(payload));
        }
        float f = Lexemes.parseFloat(payload);
        if (Float.isInfinite(f)) {
            throw ReadErrors.error(in, "number " + payload + " is out of range for float32");
        }
        String canonical = Lexemes.floatText(f);
        if (!canonical.equals(payload)) {
            throw nonCanonical(in, payload, canonical);
        }
        return f;
    }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return length <= maxNumberLength ? Lexemes.canonicalFloatOrNull(c, offset, length) : null;
    }
}

package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.math.BigDecimal;
import java.util.Map;

/** {@code BigDecimal}: {@code BigDecimal.toString()}, the scale kept (SPEC.md 5.3); tagged {@code ~d}. */
final class DecimalType extends ScalarType {
    DecimalType() {
        super(BigDecimal.class, Tags.DECIMAL, true, false, "decimal", "a decimal", JsonSchemaFragments.DECIMAL);
    }

    @Override public String text(Object v) { return Lexemes.decimalText((BigDecimal) v); }
    @Override public void write(JsonWriter out, Object v) { Lexemes.writeDecimal(out, (BigDecimal) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readDecimal(in); }
    @Override public Object parseKey(String s) { return Lexemes.newDecimal(s); }
    @Override public Object parseTagged(JsonReader in, String payload) { return Lexemes.parseCanonicalDecimal(in, payload); }
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.type("number"); }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return length <= maxNumberLength ? Lexemes.canonicalSmallDecimalOrNull(c, offset, length) : null;
    }
}

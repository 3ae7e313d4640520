package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.LocalDate;
import java.util.Map;

/** {@code LocalDate}: {@code LocalDate.toString()} (SPEC.md 5.4); tagged {@code ~D}. */
final class LocalDateType extends ScalarType {
    LocalDateType() { super(LocalDate.class, Tags.LOCAL_DATE, true, true, "date", "a local date"); }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeLocalDate(out, (LocalDate) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readLocalDate(in); }
    @Override public String text(Object v) { return ((LocalDate) v).toString(); }
    @Override public Object parseKey(String s) { return IsoTimes.parseLocalDate(s); }

    @Override
    public void writeDynamic(JsonWriter out, Object v) {
        char[] c = IsoTimes.chars((LocalDate) v, 2); // null outside years 0000 to 9999
        if (c != null) {
            writeTagged(out, c);
        } else {
            writeTagged(out, text(v));
        }
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        LocalDate fast = IsoTimes.canonicalLocalDateOrNull(payload);
        return fast != null ? fast : Lexemes.parseCanonical(in, tag(), payload, LocalDate::parse, LocalDate::toString);
    }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return IsoTimes.canonicalLocalDateOrNull(c, offset, length);
    }

    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.string(JsonSchemaFragments.LOCAL_DATE); }
    @Override public String textPattern() { return JsonSchemaFragments.LOCAL_DATE; }
    @Override public String tagPayloadPattern() { return JsonSchemaFragments.LOCAL_DATE; }
}

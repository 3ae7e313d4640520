package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.LocalDate;

/** {@code LocalDate}: {@code LocalDate.toString()} (SPEC.md 5.4); tagged {@code ~D}. */
final class LocalDateType extends ScalarType {
    LocalDateType() {
        super(LocalDate.class, Tags.LOCAL_DATE, true, true, "date", "a local date", JsonSchemaFragments.LOCAL_DATE);
    }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return IsoTimes.canonicalLocalDateOrNull(c, offset, length);
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return parseCanonical(in, payload, IsoTimes.canonicalLocalDateOrNull(payload), LocalDate::parse);
    }

    @Override
    public void writeDynamic(JsonWriter out, Object v) {
        LocalDate d = (LocalDate) v;
        if (!out.writeDate(tagPrefix(out), d.getYear(), d.getMonthValue(), d.getDayOfMonth())) {
            writeTagged(out, text(v)); // years before 0000 or after 9999
        }
    }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeLocalDate(out, (LocalDate) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readLocalDate(in); }
    @Override public Object parseKey(String s) { return IsoTimes.parseLocalDate(s); }
}

package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.OffsetDateTime;

/** {@code OffsetDateTime}: {@code OffsetDateTime.toString()} (SPEC.md 5.4); tagged {@code ~O}. */
final class OffsetDateTimeType extends ScalarType {
    OffsetDateTimeType() {
        super(OffsetDateTime.class, Tags.OFFSET_DATE_TIME, true, true, "offsetdatetime", "an offset date-time",
                JsonSchemaFragments.OFFSET_DATE_TIME);
    }

    @Override public Object read(JsonReader in) { return Lexemes.readOffsetDateTime(in); }
    @Override public Object parseKey(String s) { return OffsetDateTime.parse(s); }
    @Override public Object parseTagged(JsonReader in, String payload) { return parseCanonical(in, payload, null, OffsetDateTime::parse); }
}

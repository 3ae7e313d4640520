package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.LocalDateTime;

/** {@code LocalDateTime}: {@code LocalDateTime.toString()} (SPEC.md 5.4); tagged {@code ~L}. */
final class LocalDateTimeType extends ScalarType {
    LocalDateTimeType() {
        super(LocalDateTime.class, Tags.LOCAL_DATE_TIME, true, true, "datetime", "a local date-time",
                JsonSchemaFragments.LOCAL_DATE_TIME);
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return parseCanonical(in, payload, IsoTimes.canonicalLocalDateTimeOrNull(payload), LocalDateTime::parse);
    }

    @Override public Object read(JsonReader in) { return Lexemes.readLocalDateTime(in); }
    @Override public Object parseKey(String s) { return IsoTimes.parseLocalDateTime(s); }
}

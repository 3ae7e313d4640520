package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.LocalTime;

/** {@code LocalTime}: {@code LocalTime.toString()} (SPEC.md 5.4); tagged {@code ~T}. */
final class LocalTimeType extends ScalarType {
    LocalTimeType() {
        super(LocalTime.class, Tags.LOCAL_TIME, true, true, "time", "a local time", JsonSchemaFragments.LOCAL_TIME);
    }

    @Override public Object read(JsonReader in) { return Lexemes.readLocalTime(in); }
    @Override public Object parseKey(String s) { return IsoTimes.parseLocalTime(s); }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return parseCanonical(in, payload, IsoTimes.canonicalLocalTimeOrNull(payload), LocalTime::parse);
    }
}

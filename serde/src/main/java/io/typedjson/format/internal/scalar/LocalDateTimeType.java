package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.LocalDateTime;
import java.util.Map;

/** {@code LocalDateTime}: {@code LocalDateTime.toString()} (SPEC.md 5.4); tagged {@code ~L}. */
final class LocalDateTimeType extends ScalarType {
    LocalDateTimeType() { super(LocalDateTime.class, Tags.LOCAL_DATE_TIME, true, true, "datetime", "a local date-time"); }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeText(out, v); }
    @Override public Object read(JsonReader in) { return Lexemes.readLocalDateTime(in); }
    @Override public String text(Object v) { return ((LocalDateTime) v).toString(); }
    @Override public Object parseKey(String s) { return IsoTimes.parseLocalDateTime(s); }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        LocalDateTime fast = IsoTimes.canonicalLocalDateTimeOrNull(payload);
        return fast != null ? fast
                : Lexemes.parseCanonical(in, tag(), payload, LocalDateTime::parse, LocalDateTime::toString);
    }

    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.string(JsonSchemaFragments.LOCAL_DATE_TIME); }
    @Override public String textPattern() { return JsonSchemaFragments.LOCAL_DATE_TIME; }
    @Override public String tagPayloadPattern() { return JsonSchemaFragments.LOCAL_DATE_TIME; }
}

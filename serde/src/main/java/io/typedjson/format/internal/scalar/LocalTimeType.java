package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.LocalTime;
import java.util.Map;

/** {@code LocalTime}: {@code LocalTime.toString()} (SPEC.md 5.4); tagged {@code ~T}. */
final class LocalTimeType extends ScalarType {
    LocalTimeType() { super(LocalTime.class, Tags.LOCAL_TIME, true, true, "time", "a local time"); }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeText(out, v); }
    @Override public Object read(JsonReader in) { return Lexemes.readLocalTime(in); }
    @Override public String text(Object v) { return ((LocalTime) v).toString(); }
    @Override public Object parseKey(String s) { return IsoTimes.parseLocalTime(s); }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        LocalTime fast = IsoTimes.canonicalLocalTimeOrNull(payload);
        return fast != null ? fast : Lexemes.parseCanonical(in, tag(), payload, LocalTime::parse, LocalTime::toString);
    }

    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.string(JsonSchemaFragments.LOCAL_TIME); }
    @Override public String textPattern() { return JsonSchemaFragments.LOCAL_TIME; }
    @Override public String tagPayloadPattern() { return JsonSchemaFragments.LOCAL_TIME; }
}

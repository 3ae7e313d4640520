package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.OffsetDateTime;
import java.util.Map;

/** {@code OffsetDateTime}: {@code OffsetDateTime.toString()} (SPEC.md 5.4); tagged {@code ~O}. */
final class OffsetDateTimeType extends ScalarType {
    OffsetDateTimeType() { super(OffsetDateTime.class, Tags.OFFSET_DATE_TIME, true, true, "offsetdatetime", "an offset date-time"); }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeText(out, v); }
    @Override public Object read(JsonReader in) { return Lexemes.readOffsetDateTime(in); }
    @Override public String text(Object v) { return ((OffsetDateTime) v).toString(); }
    @Override public Object parseKey(String s) { return OffsetDateTime.parse(s); }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return Lexemes.parseCanonical(in, tag(), payload, OffsetDateTime::parse, OffsetDateTime::toString);
    }

    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.string(JsonSchemaFragments.OFFSET_DATE_TIME); }
    @Override public String textPattern() { return JsonSchemaFragments.OFFSET_DATE_TIME; }
    @Override public String tagPayloadPattern() { return JsonSchemaFragments.OFFSET_DATE_TIME; }
}

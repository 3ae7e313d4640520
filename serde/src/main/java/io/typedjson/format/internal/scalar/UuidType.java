package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.util.UUID;
import java.util.Map;

/** {@code UUID}: the 36-character lower-case form; tagged {@code ~u}. */
final class UuidType extends ScalarType {
    UuidType() { super(UUID.class, Tags.UUID, true, true, "uuid", "a UUID"); }

    @Override public void write(JsonWriter out, Object v) { Lexemes.writeText(out, v); }
    @Override public Object read(JsonReader in) { return Lexemes.readUuid(in); }
    @Override public String text(Object v) { return ((UUID) v).toString(); }
    @Override public Object parseKey(String s) { return UUID.fromString(s); }
    @Override public Object parseTagged(JsonReader in, String payload) { return Lexemes.parseCanonicalUuid(in, payload); }

    @Override
    public Map<String, Object> jsonSchema() {
        Map<String, Object> m = JsonSchemaFragments.string(JsonSchemaFragments.UUID_TEXT);
        m.put("format", "uuid");
        return m;
    }

    @Override public String textPattern() { return JsonSchemaFragments.UUID_TEXT; }
    @Override public String tagPayloadPattern() { return JsonSchemaFragments.UUID_TEXT; }
}

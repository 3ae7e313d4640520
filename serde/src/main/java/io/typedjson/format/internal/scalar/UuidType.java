package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.util.Map;
import java.util.UUID;

/** {@code UUID}: the 36-character lower-case form; tagged {@code ~u}. */
final class UuidType extends ScalarType {
    UuidType() { super(UUID.class, Tags.UUID, true, true, "uuid", "a UUID", JsonSchemaFragments.UUID_TEXT); }

    @Override
    public Map<String, Object> jsonSchema() {
        Map<String, Object> m = super.jsonSchema();
        m.put("format", "uuid");
        return m;
    }

    @Override public Object read(JsonReader in) { return Lexemes.readUuid(in); }
    @Override public Object parseKey(String s) { return UUID.fromString(s); }
    @Override public Object parseTagged(JsonReader in, String payload) { return Lexemes.parseCanonicalUuid(in, payload); }
}

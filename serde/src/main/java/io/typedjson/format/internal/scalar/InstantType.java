package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.time.Instant;

/** {@code Instant}: ISO-8601 in UTC, 0, 3, 6 or 9 fraction digits (SPEC.md 5.4); tagged {@code ~t}. */
final class InstantType extends ScalarType {
    InstantType() {
        super(Instant.class, Tags.INSTANT, true, true, "instant", "an instant", JsonSchemaFragments.INSTANT);
    }

    @Override public Object read(JsonReader in) { return Lexemes.readInstant(in); }
    @Override public Object parseKey(String s) { return IsoTimes.parseInstant(s); }
    @Override public void write(JsonWriter out, Object v) { Lexemes.writeInstant(out, (Instant) v); }
    @Override public String text(Object v) { return IsoTimes.text((Instant) v); }

    @Override
    public void writeDynamic(JsonWriter out, Object v) {
        Instant i = (Instant) v;
        if (!out.writeInstant(tagPrefix(out), i.getEpochSecond(), i.getNano())) {
            writeTagged(out, text(v)); // years before 0000 or after 9999
        }
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return parseCanonical(in, payload, IsoTimes.canonicalInstantOrNull(payload), IsoTimes::parseAnyInstant);
    }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return IsoTimes.canonicalInstantOrNull(c, offset, length);
    }
}

package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.typedjson.fuzz.Show;
import io.typedjson.testing.Check;
import org.junit.jupiter.api.Test;

/** The two contracts of SPEC.md over random values of the whole dynamic model ({@link ModelGenerators}). */
class RoundTripProperties {

    /** Value round trip: read(write(v)) is v, with the same classes, bits, scales and order. */
    @Test
    void valueRoundTrip() {
        Check.forAll(3_000, ModelGenerators.values(), ModelGenerators::describe, value -> {
            Object back = TypedJson.read(TypedJson.write(value));
            assertNull(ModelEquality.firstDifference(value, back));
        });
    }

    /** Document round trip: every document the writer produces is written again byte for byte after reading. */
    @Test
    void documentRoundTrip() {
        Check.forAll(3_000, ModelGenerators.values(), ModelGenerators::describe, value -> {
            byte[] document = TypedJson.write(value);
            byte[] again = TypedJson.write(TypedJson.read(document));
            assertArrayEquals(document, again, () -> "written again: " + Show.bytes(again));
        });
    }
}

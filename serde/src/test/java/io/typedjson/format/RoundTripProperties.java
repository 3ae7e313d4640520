package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The two contracts of SPEC.md over random values of the whole dynamic model. */
class RoundTripProperties {

    @Provide
    Arbitrary<Object> values() {
        return ModelArbitraries.values();
    }

    /** Value round trip: read(write(v)) is v, with the same classes, bits, scales and order. */
    @Property(tries = 1000)
    void valueRoundTrip(@ForAll("values") Object value) {
        Object back = TypedJson.read(TypedJson.write(value));
        assertNull(ModelEquality.firstDifference(value, back));
    }

    /** Document round trip: every document the writer produces is written again byte for byte after reading. */
    @Property(tries = 1000)
    void documentRoundTrip(@ForAll("values") Object value) {
        byte[] document = TypedJson.write(value);
        assertArrayEquals(document, TypedJson.write(TypedJson.read(document)));
    }
}

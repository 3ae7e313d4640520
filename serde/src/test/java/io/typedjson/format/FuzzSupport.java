package io.typedjson.format;

import net.jqwik.api.Arbitrary;

/** Gives tests in other packages the generators of the dynamic model. */
public final class FuzzSupport {
    private FuzzSupport() {}

    public static Arbitrary<Object> values() {
        return ModelArbitraries.values();
    }
}

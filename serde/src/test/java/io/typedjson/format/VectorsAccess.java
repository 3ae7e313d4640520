package io.typedjson.format;

import java.io.IOException;
import java.util.List;

/** The vector files for tests in other packages (the serde runs them through the Kafka deserializer too). */
public final class VectorsAccess {
    private VectorsAccess() {}

    public static List<Object> load(String name) throws IOException {
        return VectorsTest.load(name);
    }

    /** The Java value of a vector's explicit notation (SPEC.md appendix A). */
    public static Object value(Object notation) {
        return VectorsTest.explicit(notation);
    }

    /** Null when the two values are equal as the value round trip means it (types, bits, scales, orders), else where not. */
    public static String difference(Object expected, Object actual) {
        return ModelEquality.firstDifference(expected, actual);
    }
}

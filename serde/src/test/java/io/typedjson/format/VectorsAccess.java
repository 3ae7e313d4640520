package io.typedjson.format;

import java.io.IOException;
import java.util.List;

/** The vector files for tests in other packages (the serde runs them through the Kafka deserializer too). */
public final class VectorsAccess {
    private VectorsAccess() {}

    public static List<Object> load(String name) throws IOException {
        return VectorsTest.load(name);
    }
}

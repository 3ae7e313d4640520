package io.typedjson.flink;

import io.typedjson.api.ApiSignatures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * typedjson-flink-format's API is flink-format/api.txt: it changes only on purpose. The jar has no module-info
 * (Flink's jars have no module names), so every package of it counts.
 */
class PublishedApiTest {

    @Test
    void theApiIsTheCommittedOne() {
        Path module = Path.of(System.getProperty("basedir", "."));
        ApiSignatures.assertMatchesFile("typedjson-flink-format", module.resolve("target/classes"),
                module.resolve("api.txt"));
    }
}

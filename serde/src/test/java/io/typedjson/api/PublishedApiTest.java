package io.typedjson.api;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** typedjson-serde's exported API is serde/api.txt: it changes only on purpose (release/update-api). */
class PublishedApiTest {

    @Test
    void theExportedApiIsTheCommittedOne() {
        Path module = Path.of(System.getProperty("basedir", "."));
        ApiSignatures.assertMatchesFile("typedjson-serde", module.resolve("target/classes"), module.resolve("api.txt"));
    }
}

package io.typedjson.connect;

import io.typedjson.api.ApiSignatures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** typedjson-connect-converter's exported API is connect-converter/api.txt: it changes only on purpose. */
class PublishedApiTest {

    @Test
    void theExportedApiIsTheCommittedOne() {
        Path module = Path.of(System.getProperty("basedir", "."));
        ApiSignatures.assertMatchesFile("typedjson-connect-converter", module.resolve("target/classes"),
                module.resolve("api.txt"));
    }
}

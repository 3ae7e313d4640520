package io.typedjson.processor;

import io.typedjson.api.ApiSignatures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * typedjson-processor's API is processor/api.txt: it changes only on purpose. The jar has no module-info (it runs on
 * the compiler's processor path), so its one package counts: the processor class the compiler finds.
 */
class PublishedApiTest {

    @Test
    void theApiIsTheCommittedOne() {
        Path module = Path.of(System.getProperty("basedir", "."));
        ApiSignatures.assertMatchesFile("typedjson-processor", module.resolve("target/classes"), module.resolve("api.txt"));
    }
}

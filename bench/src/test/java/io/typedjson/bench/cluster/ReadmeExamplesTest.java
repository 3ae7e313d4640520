package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** README's poison-pill loop is the code PoisonPillTest runs, line for line. */
class ReadmeExamplesTest {

    @Test
    void readmeShowsTheSkipLoopVerbatim() throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/typedjson/bench/cluster/SkipBadRecordsExample.java"));
        String loop = source.substring(source.indexOf("// README: begin\n") + "// README: begin\n".length(),
                source.indexOf("    // README: end"));
        String readme = Files.readString(Path.of("..", "README.md"));
        for (String line : loop.split("\n")) {
            String code = line.length() >= 4 ? line.substring(4) : line.strip(); // README drops the class indentation
            assertTrue(readme.contains(code), "README lacks the line: " + code);
        }
    }
}

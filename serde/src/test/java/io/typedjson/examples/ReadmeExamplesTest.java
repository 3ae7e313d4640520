package io.typedjson.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The code README and docs/error-handling.md show is the code the tests run: each block between
 * {@code // README: begin} and {@code // README: end} in the example sources appears in the document whole, in
 * one piece, with its common indentation removed (and the tests' broker address as a reader would write it).
 */
class ReadmeExamplesTest {

    private static final Pattern BLOCK = Pattern.compile("// README: begin[^\\n]*\\n(.*?)\\n[ \\t]*// README: end", Pattern.DOTALL);

    /** The blocks of {@code source}, each without the indentation its lines share. */
    static List<String> blocks(Path source) throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(source));
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            List<String> lines = m.group(1).lines().toList();
            int indent = lines.stream().filter(l -> !l.isBlank())
                    .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
            StringBuilder block = new StringBuilder();
            for (String line : lines) {
                block.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
            }
            blocks.add(block.toString().replace("bootstrapServers)", "\"localhost:9092\")"));
        }
        return blocks;
    }

    private static void assertShownWhole(Path source, int expectedBlocks, Path doc) throws IOException {
        List<String> blocks = blocks(source);
        assertEquals(expectedBlocks, blocks.size(), "README blocks in " + source);
        String text = Files.readString(doc);
        for (String block : blocks) {
            assertTrue(text.contains(block), doc + " does not show, in one piece:\n" + block);
        }
    }

    @Test
    void errorHandlingGuideShowsTheSkipLoopPoisonPillTestRuns() throws IOException {
        assertShownWhole(Path.of("src/test/java/io/typedjson/examples/SkipBadRecordsExample.java"), 1,
                Path.of("..", "docs", "error-handling.md"));
    }

    @Test
    void readmeShowsTheQuickStartQuickStartTestRuns() throws IOException {
        assertShownWhole(Path.of("src/test/java/io/typedjson/examples/QuickStartExample.java"), 5,
                Path.of("..", "README.md"));
    }
}

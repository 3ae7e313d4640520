package io.typedjson.bench.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.CodecKind;
import io.typedjson.codec.Codecs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/generated-codecs.md shows what the processor writes as it writes it (the orders record's read, from the codec
 * generated for this module), and the Maven set-up the examples use; the data sets' records travel on their compiled
 * codecs.
 */
class GeneratedCodecsDocTest {
    private static final Path DOC = Path.of("..", "docs", "generated-codecs.md");
    private static final Pattern BLOCK = Pattern.compile("```(\\w+)\n(.*?)```", Pattern.DOTALL);

    private static List<String> blocks(Path page, String language) throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(page));
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).equals(language)) {
                blocks.add(m.group(2));
            }
        }
        return blocks;
    }

    @Test
    void theRecordsOfTheDataSetsTravelOnCodecsWrittenAtCompileTime() {
        for (Class<?> c : List.of(Order.class, Row.class, Change.class, Board.class, Shapes.Tuple.class,
                Shapes.Status.class, Shapes.Figure.class)) {
            assertEquals(CodecKind.COMPILED, Codecs.kindOf(Codecs.of(c)), c.getName());
        }
    }

    @Test
    void theReadShownIsTheProcessorsOwn() throws IOException {
        String generated = Files.readString(Path.of("target", "generated-sources", "annotations", "io", "typedjson",
                "bench", "data", "OrderTypedJsonCodec.java"));
        String shown = blocks(DOC, "java").stream().filter(b -> b.contains("public Order read(JsonReader in)"))
                .findFirst().orElseThrow();
        // every line shown, in order, but the comment that stands for the cases left out
        int at = 0;
        for (String line : shown.split("\n")) {
            if (line.isBlank() || line.trim().startsWith("//")) {
                continue;
            }
            int found = generated.indexOf("    " + line + "\n", at);
            assertTrue(found >= 0, () -> "docs/generated-codecs.md shows a line the processor does not write (in this"
                    + " order): " + line);
            at = found + line.length();
        }
    }

    /** The version this build makes (the root pom's), never one written here: the docs follow it (release/set-version). */
    private static String projectVersion() throws IOException {
        Matcher m = Pattern.compile("<artifactId>typedjson-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(Path.of("..", "pom.xml")));
        assertTrue(m.find(), "the version in pom.xml");
        return m.group(1);
    }

    @Test
    void theMavenSetUpShownIsTheExamples() throws IOException {
        List<String> shown = new ArrayList<>(blocks(DOC, "xml"));
        shown.addAll(blocks(Path.of("..", "README.md"), "xml").stream().filter(b -> b.contains("typedjson-processor")).toList());
        assertEquals(2, shown.size());
        for (String example : List.of("spring-boot", "kafka-streams")) {
            String pom = Files.readString(Path.of("..", "examples", example, "pom.xml")).replace("${project.version}", projectVersion());
            for (String block : shown) {
                String paths = block.substring(block.indexOf("<annotationProcessorPaths>"),
                        block.indexOf("</annotationProcessorPaths>"));
                assertFalse(paths.isEmpty());
                assertTrue(pom.replaceAll("\\s+", " ").contains(paths.replaceAll("\\s+", " ")),
                        () -> example + "'s pom.xml does not set up the processor as the docs show it:\n" + paths);
            }
        }
    }
}

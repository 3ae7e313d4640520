package io.typedjson.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** docs/spring-boot.md shows the example's application.yml whole, and only code the example compiles. */
class SpringBootDocTest {

    private static final Path DOC = Path.of("..", "..", "docs", "spring-boot.md");
    private static final Pattern BLOCK = Pattern.compile("```(yaml|java)\n(.*?)```", Pattern.DOTALL);

    private static List<String[]> blocks() throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(DOC));
        List<String[]> blocks = new ArrayList<>();
        while (m.find()) {
            blocks.add(new String[] {m.group(1), m.group(2)});
        }
        return blocks;
    }

    @Test
    void theDocShowsApplicationYmlAsItIs() throws IOException {
        String yml = Files.readString(Path.of("src/main/resources/application.yml"));
        List<String> yamlBlocks = blocks().stream().filter(b -> b[0].equals("yaml")).map(b -> b[1]).collect(Collectors.toList());
        assertEquals(List.of(yml), yamlBlocks);
    }

    @Test
    void everyJavaBlockIsInTheExamplesSources() throws IOException {
        String sources;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            sources = files.filter(f -> f.toString().endsWith(".java")).map(f -> {
                try {
                    return Files.readString(f);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).collect(Collectors.joining("\n"));
        }
        List<String> javaBlocks = blocks().stream().filter(b -> b[0].equals("java")).map(b -> b[1]).collect(Collectors.toList());
        assertFalse(javaBlocks.isEmpty());
        for (String block : javaBlocks) {
            assertTrue(sources.contains(block), "docs/spring-boot.md shows code the example does not have:\n" + block);
        }
    }
}

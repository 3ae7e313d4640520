package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.TypedJsonCompatibility;
import io.typedjson.codec.TypedJsonCompatibility.Direction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/schema-evolution.md shows OrderEvolutionExampleTest's code as it is, and the message the check gives. */
class SchemaEvolutionDocTest {

    private static List<String> blocks(String language) throws IOException {
        Matcher m = Pattern.compile("```" + language + "\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(Path.of("..", "docs", "schema-evolution.md")));
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    @Test
    void theJavaBlockIsTheExampleTest() throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/typedjson/serde/OrderEvolutionExampleTest.java"));
        String example = source.substring(source.indexOf("    // docs: begin\n") + "    // docs: begin\n".length(),
                source.indexOf("    // docs: end"));
        assertEquals(List.of(example), blocks("java"));
    }

    @Test
    void theMessageShownIsTheOneTheCheckGives() throws IOException {
        AssertionError e = assertThrows(AssertionError.class, () -> TypedJsonCompatibility.assertCompatible(
                OrderEvolutionExampleTest.OrderV1.class, OrderEvolutionExampleTest.Order.class, Direction.BOTH,
                new TypedJsonConfig(Map.of(TypedJsonConfig.MISSING_PRIMITIVES, "fail")).codecOptions()));
        List<String> text = blocks("text");
        assertEquals(1, text.size());
        assertEquals(text.get(0), e.getMessage() + "\n");
        assertTrue(text.get(0).contains("$.priority"));
    }
}

package io.typedjson.examples.streams;

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
import org.junit.jupiter.api.Test;

/** docs/kafka-streams.md shows the example's streams.properties whole, and only code the example compiles. */
class KafkaStreamsDocTest {

    private static final Pattern BLOCK = Pattern.compile("```(properties|java)\n(.*?)```", Pattern.DOTALL);

    private static List<String> blocks(String language) throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(Path.of("..", "..", "docs", "kafka-streams.md")));
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).equals(language)) {
                blocks.add(m.group(2));
            }
        }
        return blocks;
    }

    @Test
    void theDocShowsStreamsPropertiesAsItIs() throws IOException {
        assertEquals(List.of(Files.readString(Path.of("src/main/resources/streams.properties"))), blocks("properties"));
    }

    @Test
    void everyJavaBlockIsInTheExamplesSources() throws IOException {
        String source = Files.readString(Path.of("src/main/java/io/typedjson/examples/streams/PaidOrders.java"));
        List<String> java = blocks("java");
        assertFalse(java.isEmpty());
        for (String block : java) {
            assertTrue(source.contains(block), "docs/kafka-streams.md shows code the example does not have:\n" + block);
        }
    }
}

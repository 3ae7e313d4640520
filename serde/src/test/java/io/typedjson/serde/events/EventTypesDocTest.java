package io.typedjson.serde.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.serde.TypedJsonConfig;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/event-types.md shows the Kafka Streams code {@link EventTypesStreamsTest} runs, as it is, and properties the
 * serde's configuration accepts (every typedjson key known, every value valid).
 */
class EventTypesDocTest {

    private static final Path DOC = Path.of("..", "docs", "event-types.md");
    private static final Pattern BLOCK = Pattern.compile("```(properties|java)\n(.*?)```", Pattern.DOTALL);

    private static List<String> blocks(String language) throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(DOC));
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).equals(language)) {
                blocks.add(m.group(2));
            }
        }
        return blocks;
    }

    /** The lines between {@code // docs/event-types.md NAME: begin} and {@code end} of the test, without the method's indentation. */
    private static String marked(String name) throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/typedjson/serde/events/EventTypesStreamsTest.java"));
        String begin = "// docs/event-types.md " + name + ": begin\n";
        int start = source.indexOf('\n', source.indexOf(begin)) + 1;
        return source.substring(start, source.indexOf("        // docs/event-types.md " + name + ": end", start))
                .replaceAll("(?m)^ {8}", "");
    }

    @Test
    void theStreamsCodeIsTheTestsCode() throws IOException {
        List<String> java = blocks("java");
        assertTrue(java.contains(marked("topology")), "docs/event-types.md does not show EventTypesStreamsTest's topology");
        assertTrue(java.contains(marked("store")), "docs/event-types.md does not show EventTypesStreamsTest's store serde");
    }

    @Test
    void thePropertiesAreValidForTheSerde() throws IOException {
        List<String> blocks = blocks("properties");
        assertTrue(blocks.size() >= 2, "the producer/consumer block and the Streams block");
        int checked = 0;
        for (String block : blocks) {
            Properties props = new Properties();
            props.load(new StringReader(block));
            if (props.stringPropertyNames().stream().anyMatch(k -> k.startsWith("value.converter."))) {
                continue; // the Connect block: connect-converter's EventTypesConverterTest checks it
            }
            Map<String, Object> typedjson = new HashMap<>();
            for (String k : props.stringPropertyNames()) {
                if (k.startsWith("typedjson.")) {
                    assertTrue(TypedJsonConfig.configDef().names().contains(k), "unknown key " + k);
                    typedjson.put(k, props.getProperty(k));
                }
            }
            TypedJsonConfig.configDef().parse(typedjson); // types and validators: the names' grammar, the locations
            checked++;
        }
        assertEquals(2, checked);
    }
}

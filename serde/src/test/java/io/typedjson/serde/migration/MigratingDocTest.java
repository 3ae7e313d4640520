package io.typedjson.serde.migration;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.serde.TypedJsonConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/migrating.md names only properties the serde has, and every migration property is in it. */
class MigratingDocTest {

    @Test
    void theGuideNamesTheSerdesOwnProperties() throws Exception {
        String guide = Files.readString(Path.of("..", "docs", "migrating.md"));
        Set<String> keys = TypedJsonConfig.configDef().names();
        Set<String> unknown = new TreeSet<>();
        Matcher m = Pattern.compile("(?<!io\\.)typedjson(\\.[a-z]+)+").matcher(guide);
        while (m.find()) {
            String name = m.group();
            if (!keys.contains(name) && !name.startsWith("typedjson.schema.") && !name.startsWith("typedjson.decimal.")) {
                unknown.add(name); // (the converter's keys are checked by its own tests)
            }
        }
        assertTrue(unknown.isEmpty(), "docs/migrating.md names properties the serde does not have: " + unknown);
        // every typedjson line of a properties block is a key and a value the serde's configuration takes
        Matcher block = Pattern.compile("```properties\n(.*?)```", Pattern.DOTALL).matcher(guide);
        int lines = 0;
        while (block.find()) {
            for (String line : block.group(1).split("\n")) {
                if (line.startsWith("typedjson.")) {
                    int eq = line.indexOf('=');
                    TypedJsonConfig.configDef().parse(java.util.Map.of(line.substring(0, eq), line.substring(eq + 1)));
                    lines++;
                }
            }
        }
        assertTrue(lines >= 8, lines + " typedjson lines in the properties blocks");
        for (String key : new String[] {TypedJsonConfig.OTHER_WRITERS, TypedJsonConfig.FORMAT_HEADER,
                TypedJsonConfig.CONFLUENT_FRAMING, TypedJsonConfig.TYPE_ID_HEADER, TypedJsonConfig.TYPE_IDS}) {
            assertTrue(guide.contains("`" + key), key + " is not in docs/migrating.md");
        }
    }
}

package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The module descriptor exports the API packages and nothing else, and keeps jackson-core to itself. */
class ModuleDescriptorTest {

    @Test
    void exportsExactlyTheApiPackages() throws IOException {
        ModuleDescriptor module;
        try (InputStream in = Files.newInputStream(Path.of("target", "classes", "module-info.class"))) {
            module = ModuleDescriptor.read(in);
        }
        assertEquals("io.typedjson.serde", module.name());
        Set<String> exported = module.exports().stream()
                .filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source).collect(Collectors.toSet());
        assertEquals(Set.of("io.typedjson.annotation", "io.typedjson.codec", "io.typedjson.format", "io.typedjson.jsonschema",
                "io.typedjson.serde"),
                exported);
        // the format's rules, and the reader of the schema topic of schema references, are shared with the Connect
        // converter only
        Set<String> qualified = module.exports().stream().filter(ModuleDescriptor.Exports::isQualified)
                .map(e -> e.source() + " to " + e.targets()).collect(Collectors.toSet());
        assertEquals(Set.of("io.typedjson.format.internal to [io.typedjson.connect]",
                "io.typedjson.serde.internal to [io.typedjson.connect]",
                "io.typedjson.format.internal.scalar to [io.typedjson.connect]"), qualified);
        // a Codec reads and writes through typedjson's own JsonReader and JsonWriter: jackson-core (its number
        // routines) is used inside, not passed on to users
        assertTrue(module.requires().stream().anyMatch(r -> r.name().equals("com.fasterxml.jackson.core")
                && !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)), module.requires().toString());
    }
}

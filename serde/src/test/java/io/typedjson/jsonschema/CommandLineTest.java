package io.typedjson.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** The two command lines (docs/json-schema.md, docs/event-types.md): what they cannot do is one line and a status. */
class CommandLineTest {

    /** The status, what went to standard output, what went to standard error. */
    private static List<Object> run(BiFunction<PrintStream, PrintStream, Integer> command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = command.apply(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return List.of(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static List<Object> manifests(String... args) {
        return run((out, err) -> EventManifests.run(args, out, err));
    }

    private static List<Object> schemas(String... args) {
        return run((out, err) -> JsonSchemas.run(args, out, err));
    }

    @Test
    void eventManifestsSaysWhatItCannotList() {
        assertEquals(List.of(1, "", "EventManifests: class com.acme.Nope not found on the class path\n"), manifests("com.acme.Nope"));
        assertEquals(List.of(1, "", "EventManifests: java.lang.String has no event type name: annotate it with"
                + " @TypedJsonName(\"...\") or list it as name=class (a name is never derived from the class's)\n"),
                manifests("java.lang.String"));
        String usage = "usage: EventManifests (name=class | class)...\n";
        assertEquals(List.of(2, "", usage), manifests());
        assertEquals(List.of(2, "", usage), manifests("--help"));
        List<Object> listed = manifests("order.noted=java.lang.String");
        assertEquals(0, listed.get(0));
        assertTrue(((String) listed.get(1)).startsWith("{\"types\":[{\"name\":\"order.noted\""), (String) listed.get(1));
    }

    @Test
    void jsonSchemasSaysWhatItCannotDescribe() {
        assertEquals(List.of(1, "", "JsonSchemas: class com.acme.Nope not found on the class path\n"), schemas("com.acme.Nope"));
        assertEquals(List.of(1, "", "JsonSchemas: no typed JSON codec for java.lang.Thread\n"), schemas("java.lang.Thread"));
        assertEquals(List.of(2, "", "usage: JsonSchemas [class]...   (no class: the schema of the dynamic model)\n"),
                schemas("--help"));
        assertEquals(List.of(0, JsonSchemas.dynamic() + "\n", ""), schemas());
        assertEquals(List.of(0, JsonSchemas.forClass(String.class) + "\n" + JsonSchemas.forClass(Long.class) + "\n", ""),
                schemas("java.lang.String", "java.lang.Long"));
    }
}

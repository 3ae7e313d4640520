package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.typedjson.codec.CodecKind;
import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.kafka.common.config.ConfigDef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor run by javac on sources made here: it refuses what the reflective codec refuses, with its message,
 * and what a codec in the class's package cannot reach; and its codecs work where reflection cannot, a package-private
 * record in a named module that opens nothing, found through the module's {@code provides} directive, which the
 * processor insists on.
 */
class ProcessorTest {

    @TempDir
    Path dir;

    @Test
    void refusesWhatTheReflectiveCodecRefusesWithItsMessage() throws Exception {
        Map<String, String> classes = Map.of(
                "FinalField", "public class FinalField { public final int x = 1; public int getX() { return x; } }",
                "NoConstructor", "public class NoConstructor { int x; public NoConstructor(int x) { this.x = x; } }",
                "TwoNames", "public class TwoNames { @io.typedjson.annotation.TypedJsonName(\"a\") int x;"
                        + " @io.typedjson.annotation.TypedJsonName(\"a\") int y; }");
        for (Map.Entry<String, String> c : classes.entrySet()) {
            String source = "package p;\n@io.typedjson.annotation.TypedJson\n" + c.getValue() + "\n";
            Compiled compiled = compile(Map.of("p/" + c.getKey() + ".java", source), false);
            assertEquals(1, compiled.errors.size(), () -> c.getKey() + ": " + compiled.errors);
            // the same class, compiled without the processor, refused by the reflective codec at run time
            Compiled plain = compile(Map.of("p/" + c.getKey() + ".java", source.replace("@io.typedjson.annotation.TypedJson\n", "")), false);
            assertEquals(List.of(), plain.errors);
            try (URLClassLoader loader = new URLClassLoader(new URL[] {plain.classes.toUri().toURL()}, getClass().getClassLoader())) {
                Class<?> type = loader.loadClass("p." + c.getKey());
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                        () -> Codecs.of(type, CodecOptions.DEFAULT.withKind(CodecKind.REFLECTIVE)));
                assertEquals(refused.getMessage(), compiled.errors.get(0), c.getKey());
            }
        }
    }

    @Test
    void refusesWhatACodecInThePackageCannotReach() throws Exception {
        assertRefused("public class Outer { @io.typedjson.annotation.TypedJson private record Hidden(int x) {} }",
                "p.Outer$Hidden is private or local: a codec written at compile time cannot name it");
        assertRefused("@io.typedjson.annotation.TypedJson public class Secret { private int x; }",
                "Secret.x has no public getter and setter and is not visible from p: a codec written at compile time cannot reach it");
        assertRefused("@io.typedjson.annotation.TypedJson public class Lonely { private Lonely() {} }",
                "p.Lonely's no-argument constructor is private");
        assertRefused("@io.typedjson.annotation.TypedJson public interface Open {}",
                "@TypedJson is for records, classes with a no-argument constructor, enums and sealed types");
    }

    private void assertRefused(String type, String message) throws IOException {
        String name = type.replaceAll("(?s).*?(class|interface|record) (\\w+).*", "$2");
        Compiled compiled = compile(Map.of("p/" + name + ".java", "package p;\n" + type + "\n"), false);
        assertEquals(1, compiled.errors.size(), compiled.errors::toString);
        assertTrue(compiled.errors.get(0).startsWith(message), compiled.errors.get(0));
    }

    @Test
    void aPackagePrivateRecordInAModuleThatOpensNothingTravelsOnItsCompiledCodec() throws Exception {
        String record = "package p;\nimport io.typedjson.annotation.TypedJson;\n"
                + "@TypedJson\nrecord Secret(long id, String name, java.util.List<Kind> kinds) {}\n";
        String kind = "package p;\nenum Kind { A, B }\n";
        String api = "package p;\nimport io.typedjson.codec.Codecs;\nimport io.typedjson.format.Codec;\n"
                + "import io.typedjson.format.TypedJsonFormat;\n"
                + "public final class Api {\n"
                + "    public static String roundTrip() {\n"
                + "        Codec<Secret> codec = Codecs.of(Secret.class);\n"
                + "        byte[] d = TypedJsonFormat.defaults().write(codec, new Secret(7, \"~a\", java.util.List.of(Kind.B)));\n"
                + "        Secret back = TypedJsonFormat.defaults().read(codec, d);\n"
                + "        return Codecs.kindOf(codec) + \" \" + new String(d, java.nio.charset.StandardCharsets.UTF_8) + \" \" + back;\n"
                + "    }\n"
                + "}\n";
        String module = "module m {\n    requires io.typedjson.serde;\n    exports p;\n"
                + "    provides io.typedjson.codec.CompiledCodecs with p.TypedJsonCodecs;\n}\n";
        Compiled compiled = compile(Map.of("p/Secret.java", record, "p/Kind.java", kind, "p/Api.java", api,
                "module-info.java", module), true);
        assertEquals(List.of(), compiled.errors);

        ModuleFinder finder = ModuleFinder.of(compiled.classes, location(Codecs.class), location(JsonParser.class),
                location(ConfigDef.class), location(org.slf4j.Logger.class), location(org.slf4j.simple.SimpleLogger.class));
        Configuration resolved = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), Set.of("m"));
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(resolved, ClassLoader.getPlatformClassLoader());
        Class<?> apiClass = layer.findLoader("m").loadClass("p.Api");
        assertEquals("m", apiClass.getModule().getName());
        Method roundTrip = apiClass.getMethod("roundTrip");
        assertEquals("COMPILED {\"id\":7,\"name\":\"~~a\",\"kinds\":[\"B\"]} Secret[id=7, name=~a, kinds=[B]]",
                roundTrip.invoke(null));
    }

    @Test
    void aModuleThatOpensNothingHandsTypedjsonALookupForCodecsMadeAtRunTime() throws Exception {
        String record = "package p;\nrecord Plain(long id, String name) {}\n";
        String api = "package p;\nimport io.typedjson.codec.Codecs;\nimport io.typedjson.format.Codec;\n"
                + "import io.typedjson.format.TypedJsonFormat;\n"
                + "public final class Api {\n"
                + "    public static String roundTrip(boolean allow) {\n"
                + "        if (allow) {\n"
                + "            Codecs.allowAccess(java.lang.invoke.MethodHandles.lookup());\n"
                + "        }\n"
                + "        try {\n"
                + "            Codec<Plain> codec = Codecs.of(Plain.class);\n"
                + "            byte[] d = TypedJsonFormat.defaults().write(codec, new Plain(7, \"x\"));\n"
                + "            return Codecs.kindOf(codec) + \" \" + TypedJsonFormat.defaults().read(codec, d);\n"
                + "        } catch (IllegalArgumentException e) {\n"
                + "            return e.getMessage();\n"
                + "        }\n"
                + "    }\n"
                + "}\n";
        String module = "module m {\n    requires io.typedjson.serde;\n    exports p;\n}\n";
        Compiled compiled = compile(Map.of("p/Plain.java", record, "p/Api.java", api, "module-info.java", module), true);
        assertEquals(List.of(), compiled.errors);
        ModuleFinder finder = ModuleFinder.of(compiled.classes, location(Codecs.class), location(JsonParser.class),
                location(ConfigDef.class), location(org.slf4j.Logger.class), location(org.slf4j.simple.SimpleLogger.class));
        Configuration resolved = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), Set.of("m"));
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(resolved, ClassLoader.getPlatformClassLoader());
        Method roundTrip = layer.findLoader("m").loadClass("p.Api").getMethod("roundTrip", boolean.class);
        String refused = (String) roundTrip.invoke(null, false);
        assertTrue(refused.startsWith("p.Plain is not accessible to typedjson (") && refused.endsWith("open its package to"
                + " typedjson's module, or hand typedjson a lookup of that module once: Codecs.allowAccess(MethodHandles.lookup())"),
                refused);
        assertEquals("GENERATED Plain[id=7, name=x]", roundTrip.invoke(null, true));
    }

    @Test
    void aNamedModuleMustProvideItsRegistries() throws Exception {
        String record = "package p;\n@io.typedjson.annotation.TypedJson\npublic record Rec(int x) {}\n";
        String module = "module m {\n    requires io.typedjson.serde;\n    exports p;\n}\n";
        Compiled compiled = compile(Map.of("p/Rec.java", record, "module-info.java", module), true);
        assertEquals(List.of("module m must declare its typed JSON codecs, or Codecs cannot find them: provides"
                + " io.typedjson.codec.CompiledCodecs with p.TypedJsonCodecs;"), compiled.errors);
    }

    // ------------------------------------------------------------------ compiling

    private record Compiled(Path classes, List<String> errors) {}

    /** Compiles the sources (path to text) with the processor, on the module path or the class path. */
    private Compiled compile(Map<String, String> sources, boolean modular) throws IOException {
        Path src = Files.createTempDirectory(dir, "src");
        Path out = Files.createTempDirectory(dir, "classes");
        List<Path> files = new ArrayList<>();
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path f = src.resolve(s.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, s.getValue());
            files.add(f);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String path;
        try {
            path = String.join(java.io.File.pathSeparator, location(Codecs.class).toString(),
                    location(JsonParser.class).toString(), location(ConfigDef.class).toString());
            String processor = location(TypedJsonProcessor.class).toString();
            List<String> options = new ArrayList<>(List.of("-d", out.toString(), "-processorpath", processor,
                    "--release", "17"));
            options.addAll(modular ? List.of("--module-path", path) : List.of("-classpath", path));
            try (StandardJavaFileManager files0 = javac.getStandardFileManager(diagnostics, null, null)) {
                javac.getTask(null, files0, diagnostics, options, null, files0.getJavaFileObjectsFromPaths(files)).call();
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<String> errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(null)).collect(Collectors.toList());
        return new Compiled(out, errors);
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}

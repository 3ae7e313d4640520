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

    /**
     * A class the marked record only reaches, which a codec written in its package cannot reach (a private field
     * without a setter) but the run-time codecs carry: a note, no codec written for it, and the marked record's
     * compiled codec gets the class's codec made at run time. Marked itself, the same class fails the compilation.
     */
    @Test
    void aReachedClassACompiledCodecCannotReachTravelsOnARunTimeCodec() throws Exception {
        String money = "public static class Money { private long cents; public Money() {} public Money(long c) { cents = c; }"
                + " public long getCents() { return cents; } public String toString() { return \"Money \" + cents; } }";
        String source = "package p;\npublic final class Reach {\n    " + money + "\n"
                + "    @io.typedjson.annotation.TypedJson public record Order(long id, Money total) {}\n}\n";
        Compiled compiled = compile(Map.of("p/Reach.java", source), false);
        assertEquals(List.of(), compiled.errors);
        assertEquals(List.of("typedjson: p.Reach$Money (reached from a @TypedJson type) gets its codec at run time:"
                + " Money.cents has no public getter and setter and is not visible from p: a codec written at compile"
                + " time cannot reach it (add them, make it visible, or leave the class to the codecs made at run time)"),
                compiled.notes);
        assertTrue(Files.exists(compiled.classes.resolve("p/Reach_OrderTypedJsonCodec.class")));
        assertTrue(Files.notExists(compiled.classes.resolve("p/Reach_MoneyTypedJsonCodec.class")));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {compiled.classes.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> order = loader.loadClass("p.Reach$Order");
            Class<?> moneyClass = loader.loadClass("p.Reach$Money");
            Object value = order.getConstructors()[0].newInstance(7L, moneyClass.getConstructor(long.class).newInstance(250L));
            for (CodecOptions options : List.of(CodecOptions.DEFAULT, CodecOptions.DEFAULT.withKind(CodecKind.REFLECTIVE))) {
                io.typedjson.format.Codec<Object> codec = Codecs.of((java.lang.reflect.Type) order, options);
                byte[] d = io.typedjson.format.TypedJsonFormat.defaults().write(codec, value);
                assertEquals("{\"id\":7,\"total\":{\"cents\":250}}", new String(d, java.nio.charset.StandardCharsets.UTF_8));
                assertEquals("Order[id=7, total=Money 250]", io.typedjson.format.TypedJsonFormat.defaults().read(codec, d).toString());
            }
            assertEquals(CodecKind.COMPILED, Codecs.kindOf(Codecs.of(order)));
            assertEquals(CodecKind.GENERATED, Codecs.kindOf(Codecs.of(moneyClass)));
            // typedjson.codec.kind=compiled: no codec was written for the reached class, and the refusal names it
            IllegalArgumentException forced = assertThrows(IllegalArgumentException.class,
                    () -> Codecs.of(order, CodecOptions.DEFAULT.withKind(CodecKind.COMPILED)));
            assertTrue(forced.getMessage().startsWith("Order.total: no codec generated at compile time for p.Reach$Money"),
                    forced.getMessage());
        }
        Compiled marked = compile(Map.of("p/Reach.java", source.replace("public static class Money",
                "@io.typedjson.annotation.TypedJson public static class Money")), false);
        assertEquals(List.of("Money.cents has no public getter and setter and is not visible from p: a codec written at"
                + " compile time cannot reach it (add them, make it visible, or leave the class to the codecs made at run"
                + " time)"), marked.errors);
    }

    /**
     * Names a codec's source must not trip over, beside those of ReviewFindingsTest: classes of the package named as
     * java.lang's classes the source names, components and fields named as the source's own variables; each codec then
     * carries its record or class.
     */
    @Test
    void generatedSourceCompilesAndWorksWhateverThePackageAndTheFieldsAreCalled() throws Exception {
        Map<String, String> sources = new java.util.TreeMap<>();
        for (String shadow : List.of("Object", "String", "Throwable", "RuntimeException", "Override", "Class", "Integer")) {
            sources.put("p/" + shadow + ".java", "package p;\npublic class " + shadow + " {}\n");
        }
        sources.put("p/Names.java", "package p;\n@io.typedjson.annotation.TypedJson\npublic record Names(int in, int out,"
                + " java.lang.String value, int fields, int field, int types, int context, int e, int i, int seen,"
                + " int skipped, int target, java.util.List<java.lang.String> codec0, java.lang.Integer v0, int java,"
                + " java.util.Optional<java.lang.String> io) {}\n");
        sources.put("p/Bean.java", "package p;\n@io.typedjson.annotation.TypedJson\npublic class Bean {\n"
                + "    public int java; public java.util.List<java.lang.Integer> io; public java.lang.String ScalarFields;"
                + " public int fields; public int value; public int target;\n}\n");
        sources.put("p/Variant.java", "package p;\n@io.typedjson.annotation.TypedJson\npublic sealed interface Variant"
                + " permits Variant.A, Variant.B {\n    record A(int types) implements Variant {}\n"
                + "    record B(java.lang.String context) implements Variant {}\n}\n");
        Compiled compiled = compile(sources, false);
        assertEquals(List.of(), compiled.errors);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {compiled.classes.toUri().toURL()}, getClass().getClassLoader())) {
            Map<String, String> documents = Map.of(
                    "p.Names", "{\"in\":1,\"out\":2,\"value\":\"v\",\"fields\":3,\"field\":4,\"types\":5,\"context\":6,"
                            + "\"e\":7,\"i\":8,\"seen\":9,\"skipped\":10,\"target\":11,\"codec0\":[\"c\"],\"v0\":12,"
                            + "\"java\":13,\"io\":null}",
                    "p.Bean", "{\"java\":1,\"io\":[2],\"ScalarFields\":\"s\",\"fields\":3,\"value\":4,\"target\":5}",
                    "p.Variant", "{\"B\":{\"context\":\"c\"}}");
            for (Map.Entry<String, String> d : documents.entrySet()) {
                Class<?> type = loader.loadClass(d.getKey());
                io.typedjson.format.Codec<Object> codec = Codecs.of((java.lang.reflect.Type) type);
                assertEquals(CodecKind.COMPILED, Codecs.kindOf(codec), d.getKey());
                byte[] bytes = d.getValue().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                Object value = io.typedjson.format.TypedJsonFormat.defaults().read(codec, bytes);
                assertEquals(d.getValue(), new String(io.typedjson.format.TypedJsonFormat.defaults().write(codec, value),
                        java.nio.charset.StandardCharsets.UTF_8), d.getKey());
            }
        }
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

    private record Compiled(Path classes, List<String> errors, List<String> notes) {}

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
        return new Compiled(out, messages(diagnostics, Diagnostic.Kind.ERROR), messages(diagnostics, Diagnostic.Kind.NOTE));
    }

    private static List<String> messages(DiagnosticCollector<JavaFileObject> diagnostics, Diagnostic.Kind kind) {
        return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == kind).map(d -> d.getMessage(null))
                .collect(Collectors.toList());
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}

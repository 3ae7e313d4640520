package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonParser;
import io.typedjson.codec.CodecKind;
import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.processor.fixtures.Shapes.Box;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

/** Review of issue 30 (branch review1): each test fails on c2a1bbb with the defect it names. */
class ReviewFindingsTest {

    @TempDir
    Path dir;

    /** A generic record's component bound to Optional: a missing key is Optional.empty() in every kind. */
    @Test
    void aMissingKeyOfATypeVariableBoundToOptionalIsEmptyInEveryKind() {
        var type = new TypeRef<Box<Optional<String>>>() {}.type();
        byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
        for (CodecKind kind : Kinds.ALL) {
            Codec<Box<Optional<String>>> codec = Codecs.of(type, CodecOptions.DEFAULT.withKind(kind));
            assertEquals(new Box<>(Optional.empty()), TypedJsonFormat.defaults().read(codec, empty), kind.name());
        }
    }

    /** Two components with one key: the writer would write a document every reader refuses (a duplicate key). */
    @Test
    void aRecordWithTwoComponentsOfOneKeyIsRefusedLikeAClass() throws Exception {
        String source = "package p;\npublic record Dup(@io.typedjson.annotation.TypedJsonName(\"b\") int a, int b) {}\n";
        Compiled plain = compile(Map.of("p/Dup.java", source));
        assertEquals(List.of(), plain.errors);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {plain.classes.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> type = loader.loadClass("p.Dup");
            for (CodecKind kind : List.of(CodecKind.GENERATED, CodecKind.REFLECTIVE)) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Codecs.of(type, CodecOptions.DEFAULT.withKind(kind)), kind.name());
                assertEquals("p.Dup has two fields named b", e.getMessage());
            }
        }
        Compiled annotated = compile(Map.of("p/Dup.java", source.replace("public record", "@io.typedjson.annotation.TypedJson public record")));
        assertEquals(List.of("p.Dup has two fields named b"), annotated.errors);
    }

    /** Legal Java names the generated source must not trip over (locals that hide its fields, types, packages). */
    @Test
    void generatedSourceCompilesWhateverTheComponentsAreCalled() throws IOException {
        Map<String, String> records = Map.of(
                "CodecClash", "public record CodecClash(java.util.List<String> a, java.util.List<String> aCodec) {}",
                "JavaName", "public record JavaName(int java, java.util.Optional<String> note) {}",
                "TypeNames", "public record TypeNames(String ScalarFields, String ClassFields) {}",
                "Class", "public record Class(String name, int size) {}",
                // type parameters named as classes the codec names (review 2): they would hide them in its source
                "StringParam", "public record StringParam<String>(String v, java.util.List<String> all) {}",
                "ReaderParam", "public record ReaderParam<JsonReader, Override extends Comparable<Override>>(JsonReader v, Override w) {}");
        for (Map.Entry<String, String> r : records.entrySet()) {
            Compiled compiled = compile(Map.of("p/" + r.getKey() + ".java",
                    "package p;\n@io.typedjson.annotation.TypedJson\n" + r.getValue() + "\n"));
            assertEquals(List.of(), compiled.errors, r.getKey());
        }
    }

    /** A class the marked record reaches, which the run-time codecs carry, does not fail the compilation. */
    @Test
    void aReachedClassACompiledCodecCannotReachIsLeftToTheRunTimeCodecs() throws IOException {
        String source = "package p;\npublic final class Reach {\n"
                + "    public static class Money { private long cents; public Money() {} public long getCents() { return cents; } }\n"
                + "    @io.typedjson.annotation.TypedJson public record Order(long id, Money total) {}\n}\n";
        assertEquals(List.of(), compile(Map.of("p/Reach.java", source)).errors);
    }

    // ------------------------------------------------------------------ compiling (as ProcessorTest)

    private record Compiled(Path classes, List<String> errors) {}

    private Compiled compile(Map<String, String> sources) throws IOException {
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
        try {
            String path = String.join(java.io.File.pathSeparator, location(Codecs.class).toString(),
                    location(JsonParser.class).toString(), location(ConfigDef.class).toString());
            List<String> options = List.of("-d", out.toString(), "-processorpath", location(TypedJsonProcessor.class).toString(),
                    "--release", "17", "-classpath", path);
            try (StandardJavaFileManager files0 = javac.getStandardFileManager(diagnostics, null, null)) {
                javac.getTask(null, files0, diagnostics, options, null, files0.getJavaFileObjectsFromPaths(files)).call();
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return new Compiled(out, diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(null)).collect(Collectors.toList()));
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}

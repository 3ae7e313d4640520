package io.typedjson.layers;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The layers of the serde module, from the bottom: the format core (the reader and writer with their errors and
 * limits, the {@code Codec} interface they serve, and {@code io.typedjson.format.internal..}: the scalar types, the
 * containers, lexemes, tags, equality), the format's API on it ({@code DynamicCodec}, {@code TypedJsonFormat}), the
 * codecs per Java type, JSON Schema of them, and the Kafka serde on top. A class may use its own layer and those
 * below it; an import upwards fails this test, naming the class and the line.
 */
class LayeringTest {

    /**
     * The classes of {@code io.typedjson.format} that are the core: what every layer reads and writes through. They
     * are in the API package because users' own codecs use them; the core's rules use them too.
     */
    private static final Set<String> CORE_OF_THE_API_PACKAGE = Set.of("JsonReader", "JsonWriter", "JsonToken", "JsonKey", "JsonKeys",
            "EncodedString", "Codec", "TypedJsonException", "Limits");

    static final DescribedPredicate<JavaClass> CORE = DescribedPredicate.describe("the format core",
            c -> c.getPackageName().startsWith("io.typedjson.format.internal")
                    || (c.getPackageName().equals("io.typedjson.format")
                            && CORE_OF_THE_API_PACKAGE.contains(topLevel(c).getSimpleName())));

    private static JavaClass topLevel(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.typedjson");

    @Test
    void eachLayerUsesOnlyItselfAndTheLayersBelow() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Core").definedBy(CORE)
                .layer("Format").definedBy(resideInAPackage("io.typedjson.format").and(not(CORE)))
                .layer("Annotations").definedBy("io.typedjson.annotation..")
                .layer("Codecs").definedBy("io.typedjson.codec..")
                .layer("JsonSchema").definedBy("io.typedjson.jsonschema..")
                .layer("Serde").definedBy("io.typedjson.serde..")
                .whereLayer("Serde").mayNotBeAccessedByAnyLayer()
                .whereLayer("JsonSchema").mayOnlyBeAccessedByLayers("Serde")
                .whereLayer("Codecs").mayOnlyBeAccessedByLayers("JsonSchema", "Serde")
                .whereLayer("Annotations").mayOnlyBeAccessedByLayers("Codecs", "JsonSchema", "Serde")
                .whereLayer("Format").mayOnlyBeAccessedByLayers("Codecs", "JsonSchema", "Serde")
                .because("the format core is the bottom layer and imports nothing above it (issue 23)")
                .check(CLASSES);
    }
}

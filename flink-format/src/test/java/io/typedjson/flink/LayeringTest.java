package io.typedjson.flink;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Flink format sits on the serde module's API (the packages its module exports) and on the format core's rules
 * ({@code io.typedjson.format.internal}: lexemes, key spellings, reader errors), like the Connect converter, whose
 * named module the compiler holds to the same. Flink runs on the class path, where nothing but this test stops a
 * reach into anything else.
 */
class LayeringTest {

    private static final Set<String> ALLOWED = Set.of("io.typedjson.annotation", "io.typedjson.codec", "io.typedjson.format",
            "io.typedjson.jsonschema", "io.typedjson.serde", "io.typedjson.format.internal");

    @Test
    void flinkUsesTheExportedApiAndTheFormatCoreOnly() {
        DescribedPredicate<JavaClass> elsewhereInTypedjson = DescribedPredicate.describe(
                "are typedjson classes outside " + ALLOWED + " and io.typedjson.flink..",
                c -> c.getPackageName().startsWith("io.typedjson.") && !c.getPackageName().startsWith("io.typedjson.flink")
                        && !ALLOWED.contains(c.getPackageName()));
        noClasses().that().resideInAPackage("io.typedjson.flink..")
                .should().dependOnClassesThat(elsewhereInTypedjson)
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.typedjson"));
    }
}

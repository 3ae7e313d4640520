package io.typedjson.processor;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.typedjson.codec.CodecOptions;
import io.typedjson.processor.fixtures.Wide;
import java.util.List;

/**
 * Coverage-guided fuzzing (Jazzer) of the three kinds of codecs side by side: for every input, the codec written at
 * compile time, the one generated at run time and the reflective one read {@link Wide} (a field of nearly every kind)
 * to the same value, or refuse it with the same message, path and byte offset; under the default options and with
 * unknown keys and missing primitives refused. The committed inputs (serde's class fuzz corpus and what fuzzing here
 * found) replay in every build; {@code JAZZER_FUZZ=1} fuzzes (CONTRIBUTING.md, "Fuzzing").
 */
class ThreeKindsFuzzTest {
    private static final List<Kinds> KINDS = List.of(new Kinds(Wide.class, CodecOptions.DEFAULT),
            new Kinds(Wide.class, new CodecOptions(true, true)));

    @FuzzTest(maxDuration = "5m")
    void sameOutcome(byte[] document) {
        for (Kinds kinds : KINDS) {
            ThreeKindsTest.same(kinds.read(document), () -> "reading " + ThreeKindsTest.show(document) + " with " + kinds.options);
        }
    }
}

package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Hostile input through the Kafka deserializer: whatever the bytes, it returns a value or throws
 * {@link SerializationException} with a path and an offset; never another exception, never a hang.
 * A value it does return is a document's value, so writing it back must read back the same.
 *
 * <p>CI runs the tries below; for a longer local run: {@code mvn -q -pl serde test -Dtest=FuzzProperties -Djqwik.tries.default=1000000}
 * (jqwik takes the property's own tries unless they are removed) or raise the tries in the annotation.
 */
class FuzzProperties {

    private final TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();
    private final TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();

    @Provide
    Arbitrary<byte[]> mutatedDocuments() {
        // a fixed pool of valid documents keeps generation cheap; the mutations are where the variety is
        List<byte[]> pool = io.typedjson.format.FuzzSupport.values().sampleStream().limit(500)
                .map(v -> serializer.serialize("t", v)).filter(d -> d != null && d.length > 0).collect(Collectors.toList());
        Arbitrary<byte[]> valid = Arbitraries.of(pool);
        return Combinators.combine(valid, Arbitraries.integers().between(0, Integer.MAX_VALUE),
                Arbitraries.integers().between(0, 255), Arbitraries.integers().between(0, 3)).as((doc, at, b, kind) -> {
                    int i = at % doc.length;
                    switch (kind) {
                        case 0: { byte[] m = doc.clone(); m[i] = (byte) (int) b; return m; }            // replace a byte
                        case 1: return Arrays.copyOf(doc, i);                                        // truncate
                        case 2: {                                                                    // insert a byte
                            byte[] m = new byte[doc.length + 1];
                            System.arraycopy(doc, 0, m, 0, i);
                            m[i] = (byte) (int) b;
                            System.arraycopy(doc, i, m, i + 1, doc.length - i);
                            return m;
                        }
                        default: {                                                                   // delete a byte
                            byte[] m = new byte[doc.length - 1];
                            System.arraycopy(doc, 0, m, 0, i);
                            System.arraycopy(doc, i + 1, m, i, doc.length - i - 1);
                            return m;
                        }
                    }
                });
    }

    @Property(tries = 10_000)
    void mutationsAreReadOrRefusedCleanly(@ForAll("mutatedDocuments") byte[] document) {
        readOrRefuse(document);
    }

    @Property(tries = 3_000)
    void randomBytesAreReadOrRefusedCleanly(@ForAll byte[] document) {
        readOrRefuse(document);
    }

    @Property(tries = 3_000)
    void randomJsonishTextIsReadOrRefusedCleanly(
            @ForAll("jsonish") String text) {
        readOrRefuse(text.getBytes(StandardCharsets.UTF_8));
    }

    @Provide
    Arbitrary<String> jsonish() {
        return Arbitraries.strings().withChars("[]{}\":,~tizsyfdbnDTLOu0123456789.eE-+ \\nulltruefalse").ofMaxLength(40);
    }

    private void readOrRefuse(byte[] document) {
        Object value;
        try {
            value = deserializer.deserialize("fuzz", document);
        } catch (SerializationException e) {
            assertTrue(e.getCause() instanceof TypedJsonException, () -> "cause: " + e.getCause());
            TypedJsonException cause = (TypedJsonException) e.getCause();
            assertTrue(e.getMessage().contains("topic 'fuzz'") && e.getMessage().contains(" at $"), e.getMessage());
            assertTrue(cause.byteOffset() <= document.length, e.getMessage());
            return;
        }
        // accepted: it is a document of the model, whose value survives another round trip
        byte[] again = serializer.serialize("fuzz", value);
        assertArrayEquals(again, serializer.serialize("fuzz", deserializer.deserialize("fuzz", again)));
        // one spelling per value (SPEC.md 1.1): an accepted document without JSON's own freedom (whitespace,
        // escapes, other lexemes of a plain number) is the writer's document of its value, byte for byte
        boolean canonicalJson = withoutJsonFreedom(document);
        net.jqwik.api.statistics.Statistics.label("accepted, checked for one spelling").collect(canonicalJson);
        if (canonicalJson) {
            assertArrayEquals(document, again, () -> "accepted a second spelling: " + new String(document, StandardCharsets.UTF_8)
                    + " (the writer's: " + new String(again, StandardCharsets.UTF_8) + ")");
        }
    }

    /**
     * Whether {@code document} is spelled as a writer spells JSON: no whitespace, escapes only where JSON requires
     * them, and plain numbers in the writer's lexemes. Checked by copying its tokens through the format's own
     * generator and comparing the bytes.
     */
    private static boolean withoutJsonFreedom(byte[] document) {
        // jackson-core's generator escapes as SPEC.md section 1 says (with whole UTF-8 sequences for characters
        // beyond the BMP): an independent writer to compare with
        com.fasterxml.jackson.core.JsonFactory factory = com.fasterxml.jackson.core.JsonFactory.builder()
                .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();
        java.io.ByteArrayOutputStream copy = new java.io.ByteArrayOutputStream();
        try (com.fasterxml.jackson.core.JsonParser p = factory.createParser(document);
             com.fasterxml.jackson.core.JsonGenerator g = factory.createGenerator(copy)) {
            for (com.fasterxml.jackson.core.JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_INT) {
                    String lexeme = p.getText();
                    if (lexeme.equals("-0")) {
                        return false;
                    }
                    g.writeNumber(lexeme);
                } else if (t == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_FLOAT) {
                    String lexeme = p.getText();
                    double d = Double.parseDouble(lexeme);
                    if (!Double.isFinite(d) || !io.typedjson.format.internal.Lexemes.doubleText(d).equals(lexeme)) {
                        return false;
                    }
                    g.writeNumber(lexeme);
                } else {
                    g.copyCurrentEvent(p);
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
        return Arrays.equals(document, copy.toByteArray());
    }
}

package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.ModelGenerators;
import io.typedjson.format.TypedJsonException;
import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * Hostile input through the Kafka deserializer: whatever the bytes, it returns a value or throws
 * {@link SerializationException} with a path and an offset; never another exception, never a hang.
 * A value it does return is a document's value, so writing it back must read back the same.
 *
 * <p>CI runs the tries below; for a longer run: {@code -Dtest=FuzzProperties -Dtypedjson.tries=1000000} ({@link Check}).
 */
class FuzzProperties {

    private final TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();
    private final TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();

    /** Documents of random values of the model (a pool of 500 per run, the model's edge cases first), mutated. */
    Gen<byte[]> mutatedDocuments() {
        // a fixed pool of valid documents keeps generation cheap; the mutations are where the variety is
        Gen<byte[]> valid = Gens.pooled(ModelGenerators.values().map(v -> serializer.serialize("t", v))
                .filter(d -> d != null && d.length > 0), 500);
        return Gens.combine(valid, Gens.ints(0, Integer.MAX_VALUE), Gens.ints(0, 255), Gens.ints(0, 3), (doc, at, b, kind) -> {
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

    @Test
    void mutationsAreReadOrRefusedCleanly() {
        int[] spellingsChecked = {0};
        Check.forAll(10_000, mutatedDocuments(), document -> {
            if (readOrRefuse(document)) {
                spellingsChecked[0]++;
            }
        });
        // about 7% are accepted without JSON's freedom; were none, the one-spelling check would never run
        assertTrue(spellingsChecked[0] >= Check.tries(10_000) / 100, "one spelling checked on " + spellingsChecked[0] + " mutations");
    }

    @Test
    void randomBytesAreReadOrRefusedCleanly() {
        Check.forAll(3_000, Gens.byteArrays(0, 255), this::readOrRefuse);
    }

    @Test
    void randomJsonishTextIsReadOrRefusedCleanly() {
        Check.forAll(3_000, jsonish(), text -> readOrRefuse(text.getBytes(StandardCharsets.UTF_8)));
    }

    static Gen<String> jsonish() {
        return Gens.strings(Gens.codePointsOf("[]{}\":,~tizsyfdbnDTLOu0123456789.eE-+ \\nulltruefalse"), 0, 40);
    }

    /** Whether the document was accepted and, spelled without JSON's freedom, checked to be the writer's. */
    private boolean readOrRefuse(byte[] document) {
        Object value;
        try {
            value = deserializer.deserialize("fuzz", document);
        } catch (SerializationException e) {
            assertTrue(e.getCause() instanceof TypedJsonException, () -> "cause: " + e.getCause());
            TypedJsonException cause = (TypedJsonException) e.getCause();
            assertTrue(e.getMessage().contains("topic 'fuzz'") && e.getMessage().contains(" at $"), e.getMessage());
            assertTrue(cause.byteOffset() <= document.length, e.getMessage());
            return false;
        }
        // accepted: it is a document of the model, whose value survives another round trip
        byte[] again = serializer.serialize("fuzz", value);
        assertArrayEquals(again, serializer.serialize("fuzz", deserializer.deserialize("fuzz", again)));
        // one spelling per value (SPEC.md 1.1): an accepted document without JSON's own freedom (whitespace,
        // escapes, other lexemes of a plain number) is the writer's document of its value, byte for byte
        boolean canonicalJson = withoutJsonFreedom(document);
        if (canonicalJson) {
            assertArrayEquals(document, again, () -> "accepted a second spelling: " + new String(document, StandardCharsets.UTF_8)
                    + " (the writer's: " + new String(again, StandardCharsets.UTF_8) + ")");
        }
        return canonicalJson;
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

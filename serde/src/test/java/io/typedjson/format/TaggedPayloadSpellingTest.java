package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Tagged scalars of the common shapes are read straight from the parser's buffer; whatever path reads a payload,
 * only the writer's spelling is accepted: a document that reads writes back byte for byte (SPEC.md 2, 7).
 */
class TaggedPayloadSpellingTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Reads {@code "~<tag><payload>"}; when it is accepted, the value writes back to the same document. */
    private static boolean acceptedOnlyAsWritten(char tag, String payload) {
        byte[] document = utf8("\"~" + tag + payload + "\"");
        Object value;
        try {
            value = TypedJson.read(document);
        } catch (TypedJsonException refused) {
            return false;
        }
        assertArrayEquals(document, TypedJson.write(value), () -> new String(document, StandardCharsets.UTF_8)
                + " was read as " + value + " but that value is written otherwise");
        return true;
    }

    @Test
    void numberLikePayloadsAreAcceptedOnlyInTheWritersSpelling() {
        String alphabet = "0123456789.-+eE";
        SplittableRandom random = new SplittableRandom(20261201);
        int accepted = 0;
        for (int i = 0; i < 60_000; i++) {
            StringBuilder payload = new StringBuilder();
            for (int n = 1 + random.nextInt(7); n > 0; n--) {
                payload.append(alphabet.charAt(random.nextInt(random.nextInt(4) == 0 ? alphabet.length() : 12)));
            }
            for (char tag : new char[] {'i', 's', 'y', 'n', 'd', 'f'}) {
                accepted += acceptedOnlyAsWritten(tag, payload.toString()) ? 1 : 0;
            }
        }
        // the generator must reach both sides: canonical payloads and refused ones
        assertEquals(true, accepted > 10_000 && accepted < 300_000, "accepted " + accepted);
    }

    @Test
    void secondSpellingsOfTheCommonShapesAreRefused() {
        for (String doc : new String[] {"\"~d01.5\"", "\"~d.5\"", "\"~d1.\"", "\"~d-0.00\"", "\"~d-0\"", "\"~d0.0000001\"",
                "\"~d+1.5\"", "\"~i01\"", "\"~i-0\"", "\"~i+1\"", "\"~i2147483648\"", "\"~s32768\"", "\"~y128\"",
                "\"~f1.50\"", "\"~f01.5\"", "\"~f1.0E0\"", "\"~f.5\"", "\"~t2026-01-01T00:00:00.000Z\"",
                "\"~t2026-01-01T00:00:00.100000Z\"", "\"~D2026-1-01\"", "\"~bAAB=\"", "\"~b/x==\""}) {
            assertThrows(TypedJsonException.class, () -> TypedJson.read(utf8(doc)), doc);
        }
    }

    @Test
    void theCommonShapesReadToTheirValues() {
        assertEquals(new BigDecimal("12.34"), TypedJson.read(utf8("\"~d12.34\"")));
        assertEquals(new BigDecimal("0.000001"), TypedJson.read(utf8("\"~d0.000001\"")));
        assertEquals(new BigDecimal("-0.10"), TypedJson.read(utf8("\"~d-0.10\"")));
        assertEquals(-2147483648, TypedJson.read(utf8("\"~i-2147483648\"")));
        assertEquals((short) -32768, TypedJson.read(utf8("\"~s-32768\"")));
        assertEquals((byte) 127, TypedJson.read(utf8("\"~y127\"")));
        assertEquals(1.5f, TypedJson.read(utf8("\"~f1.5\"")));
        assertEquals(Instant.parse("2026-01-01T10:15:30.120Z"), TypedJson.read(utf8("\"~t2026-01-01T10:15:30.120Z\"")));
        assertEquals(LocalDate.of(2026, 2, 28), TypedJson.read(utf8("\"~D2026-02-28\"")));
        assertArrayEquals(new byte[] {0, 0, 1}, (byte[]) TypedJson.read(utf8("\"~bAAAB\"")));
    }

    @Test
    void theNumberLimitHoldsForTaggedPayloadsToo() {
        TypedJsonFormat strict = new TypedJsonFormat(new Limits(10, 3, 100, 1_000));
        TypedJsonException e = assertThrows(TypedJsonException.class,
                () -> strict.read(DynamicCodec.INSTANCE, utf8("\"~d12.34\"")));
        assertEquals(true, e.getMessage().contains("typedjson.max.number.length"), e.getMessage());
        assertEquals(123, strict.read(DynamicCodec.INSTANCE, utf8("\"~i123\"")));
    }
}

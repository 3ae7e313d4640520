package io.typedjson.format.internal.scalar;

import io.typedjson.format.Documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonException;
import io.typedjson.format.internal.KeySpelling;
import io.typedjson.format.internal.Tags;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The registry of scalar types: its lookups, and each type's spellings against each other. */
class ScalarTypesTest {


    /** One value per row, chosen so that its text is not the obvious one where the row has a rule of its own. */
    private static final Map<ScalarType, Object> SAMPLES = new LinkedHashMap<>();

    static {
        SAMPLES.put(ScalarTypes.STRING, "~tilde");
        SAMPLES.put(ScalarTypes.BOOLEAN, false);
        SAMPLES.put(ScalarTypes.CHAR, 'x');
        SAMPLES.put(ScalarTypes.INT8, (byte) -128);
        SAMPLES.put(ScalarTypes.INT16, (short) 32767);
        SAMPLES.put(ScalarTypes.INT32, -7);
        SAMPLES.put(ScalarTypes.INT64, Long.MIN_VALUE);
        SAMPLES.put(ScalarTypes.BIG_INTEGER, BigInteger.valueOf(Long.MAX_VALUE));
        SAMPLES.put(ScalarTypes.FLOAT32, 0.1f);
        SAMPLES.put(ScalarTypes.FLOAT64, Double.NEGATIVE_INFINITY);
        SAMPLES.put(ScalarTypes.DECIMAL, new BigDecimal("1.50E+3"));
        SAMPLES.put(ScalarTypes.BYTES, new byte[] {0, -1, 2});
        SAMPLES.put(ScalarTypes.BYTE_BUFFER, ByteBuffer.wrap(new byte[] {9, 0, -1, 2}, 1, 3));
        SAMPLES.put(ScalarTypes.INSTANT, Instant.parse("2024-02-29T23:59:59.120Z"));
        SAMPLES.put(ScalarTypes.LOCAL_DATE, LocalDate.of(-1, 1, 1));
        SAMPLES.put(ScalarTypes.LOCAL_TIME, LocalTime.of(5, 0));
        SAMPLES.put(ScalarTypes.LOCAL_DATE_TIME, LocalDateTime.of(2024, 1, 1, 0, 0, 1, 1000));
        SAMPLES.put(ScalarTypes.OFFSET_DATE_TIME, OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(-5)));
        SAMPLES.put(ScalarTypes.UUID, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
        SAMPLES.put(ScalarTypes.DURATION, java.time.Duration.ofSeconds(-3723, 500_000_000)); // PT-1H-2M-2.5S
    }

    @Test
    void everyRowHasASample() {
        assertEquals(new HashSet<>(ScalarTypes.all()), SAMPLES.keySet());
    }

    @Test
    void aDeclaredTypeFindsItsRowAndItsPrimitiveToo() {
        for (ScalarType s : ScalarTypes.all()) {
            assertSame(s, ScalarTypes.of(s.type()));
        }
        assertSame(ScalarTypes.INT32, ScalarTypes.of(int.class));
        assertSame(ScalarTypes.CHAR, ScalarTypes.of(char.class));
        assertSame(ScalarTypes.BOOLEAN, ScalarTypes.of(boolean.class));
        assertNull(ScalarTypes.of(Object.class));
        assertNull(ScalarTypes.of(Number.class));
        assertNull(ScalarTypes.of(void.class));
        // a declared subclass is not the scalar type: its codec would read back a plain BigDecimal
        assertNull(ScalarTypes.of(BigDecimalSubclass.class));
    }

    @Test
    void aValueFindsItsRowThroughItsClassSubclassesIncluded() {
        for (Map.Entry<ScalarType, Object> e : SAMPLES.entrySet()) {
            assertSame(e.getKey(), ScalarTypes.ofValueClass(e.getValue().getClass()));
        }
        assertSame(ScalarTypes.DECIMAL, ScalarTypes.ofValueClass(BigDecimalSubclass.class));
        assertSame(ScalarTypes.BYTE_BUFFER, ScalarTypes.ofValueClass(ByteBuffer.allocateDirect(1).getClass()));
        assertNull(ScalarTypes.ofValueClass(StringBuilder.class));
    }

    @Test
    void tagsAreDistinctAndLeadBackToTheirRow() {
        Set<Character> tags = new HashSet<>();
        for (ScalarType s : ScalarTypes.all()) {
            if (s.tag() != Tags.NONE) {
                assertTrue(tags.add(s.tag()), "tag " + s.tag() + " twice");
                assertTrue(s.dynamic(), s + " is tagged but not in the dynamic model");
                assertSame(s, ScalarTypes.ofTag(s.tag()));
            }
        }
        assertNull(ScalarTypes.ofTag('~'));
        assertNull(ScalarTypes.ofTag('\u20ac'));
    }

    @Test
    void theTypedSpellingReadsBackAndIsTheTextWhereTheTextIsAJsonString() throws IOException {
        for (Map.Entry<ScalarType, Object> e : SAMPLES.entrySet()) {
            ScalarType s = e.getKey();
            String json = write(g -> s.write(g, e.getValue()));
            Object back = Documents.read(json, s::read);
            assertSameValue(e.getValue(), back);
            String text = s.text(e.getValue());
            if (s.jsonString()) {
                // the text before the string's escaping (a string starting with ~ has it doubled)
                assertEquals(write(g -> g.writeString(s == ScalarTypes.STRING ? "~" + text : text)), json, s.toString());
            } else {
                assertEquals(text.equals("-Infinity") ? "\"-Infinity\"" : text, json, s.toString());
            }
        }
    }

    @Test
    void aMapKeyTextParsesBackToTheSameValue() throws IOException {
        for (Map.Entry<ScalarType, Object> e : SAMPLES.entrySet()) {
            ScalarType s = e.getKey();
            if (!s.hasKeySpelling()) {
                assertThrows(IllegalStateException.class, () -> s.parseKey("AA=="));
                continue;
            }
            String text = s.text(e.getValue());
            assertSameValue(e.getValue(), s.parseKey(text));
            assertNotNull(KeySpelling.of(s.type()));
        }
        KeySpelling<?> int8 = KeySpelling.of(byte.class);
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> Documents.read("{}", p -> int8.parse(p, "+1")));
        assertTrue(e.getMessage().contains("key \"+1\" is not the canonical spelling of an int8 (\"1\")"), e.getMessage());
    }

    @Test
    void theDynamicModelTagsWhatPlainJsonCannotSayAndReadsItBack() throws IOException {
        for (Map.Entry<ScalarType, Object> e : SAMPLES.entrySet()) {
            ScalarType s = e.getKey();
            if (!s.dynamic()) {
                assertThrows(IllegalStateException.class, () -> write(g -> s.writeDynamic(g, e.getValue())));
                continue;
            }
            String json = write(g -> s.writeDynamic(g, e.getValue()));
            if (s.tag() == Tags.NONE || (s == ScalarTypes.FLOAT64 && Double.isFinite((Double) e.getValue()))) {
                assertTrue(!json.startsWith("\"~") || s == ScalarTypes.STRING, json);
                continue;
            }
            String payload = s.text(e.getValue());
            assertEquals(write(g -> g.writeString("~" + s.tag() + payload)), json);
            assertSameValue(e.getValue(), Documents.read("{}", p -> s.parseTagged(p, payload)));
        }
        // beyond int64 a BigInteger is a plain lexeme, and a finite double is never tagged
        BigInteger big = BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE);
        assertEquals("9223372036854775808", write(g -> ScalarTypes.BIG_INTEGER.writeDynamic(g, big)));
        assertEquals("\"~n-9223372036854775808\"",
                write(g -> ScalarTypes.BIG_INTEGER.writeDynamic(g, BigInteger.valueOf(Long.MIN_VALUE))));
        assertEquals("1.0", write(g -> ScalarTypes.FLOAT64.writeDynamic(g, 1.0)));
        // bytes of every length modulo 3, padded as RFC 4648 says
        for (int n = 0; n <= 7; n++) {
            byte[] b = new byte[n];
            for (int i = 0; i < n; i++) {
                b[i] = (byte) (i * 97 - 3);
            }
            assertEquals("\"~b" + java.util.Base64.getEncoder().encodeToString(b) + "\"",
                    write(g -> ScalarTypes.BYTES.writeDynamic(g, b)));
        }
        // an Instant outside the years 0000 to 9999 takes the long way, with the same spelling as Instant.toString()
        Instant far = Instant.parse("+10000-01-01T00:00:00Z");
        assertEquals("\"~t+10000-01-01T00:00:00Z\"", write(g -> ScalarTypes.INSTANT.writeDynamic(g, far)));
    }

    private static String write(java.util.function.Consumer<io.typedjson.format.JsonWriter> w) {
        return Documents.write(w);
    }

    private static void assertSameValue(Object expected, Object actual) {
        if (expected instanceof byte[] b) {
            assertTrue(actual instanceof byte[] a && Arrays.equals(b, a), "bytes");
        } else {
            assertEquals(expected, actual);
            assertEquals(expected.getClass(), actual.getClass());
        }
    }

    private static final class BigDecimalSubclass extends BigDecimal {
        BigDecimalSubclass() {
            super(1);
        }
    }
}

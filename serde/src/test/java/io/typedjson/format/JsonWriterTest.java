package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * typedjson's own writer against jackson-core's generator as an oracle (which escapes as SPEC.md section 1 says
 * when it writes characters beyond the BMP as one UTF-8 sequence): the same bytes for strings, keys, numbers and
 * structure.
 */
class JsonWriterTest {
    private static final JsonFactory JACKSON = JsonFactory.builder()
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build();

    private interface Jackson {
        void write(JsonGenerator g) throws Exception;
    }

    private static byte[] jackson(Jackson w) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JACKSON.createGenerator(out)) {
            w.write(g);
        }
        return out.toByteArray();
    }

    private static byte[] ours(java.util.function.Consumer<JsonWriter> w) {
        JsonWriter writer = new JsonWriter(500);
        writer.reset();
        w.accept(writer);
        return writer.toByteArray();
    }

    /** A random string of every kind of character: ASCII, controls, two- and three-byte ones, pairs. */
    private static String randomString(Random random) {
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(20);
        for (int i = 0; i < n; i++) {
            switch (random.nextInt(6)) {
                case 0 -> sb.append((char) random.nextInt(0x20));
                case 1 -> sb.append((char) (0x80 + random.nextInt(0x780)));
                case 2 -> sb.append((char) (0x800 + random.nextInt(0xD000)));
                case 3 -> sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
                case 4 -> sb.append("\"\\/~\u007f\u2028");
                default -> sb.append((char) (0x20 + random.nextInt(0x60)));
            }
        }
        return sb.toString();
    }

    @Test
    void stringsAndKeysAreTheBytesJacksonCoreWrites() throws Exception {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            String s = randomString(random), k = randomString(random);
            byte[] expected = jackson(g -> {
                g.writeStartObject();
                g.writeFieldName(k);
                g.writeString(s);
                g.writeFieldName("n");
                g.writeString(s.toCharArray(), 0, s.length());
                g.writeEndObject();
            });
            byte[] actual = ours(w -> {
                w.writeStartObject();
                w.writeFieldName(k);
                w.writeString(s);
                w.writeFieldName(JsonKey.of("n"));
                w.writeString(s.toCharArray(), 0, s.length());
                w.writeEndObject();
            });
            assertEquals(new String(expected, java.nio.charset.StandardCharsets.UTF_8),
                    new String(actual, java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(Arrays.toString(expected), Arrays.toString(actual));
        }
    }

    @Test
    void numbersStructureAndBase64() throws Exception {
        long[] longs = {0, 1, -1, 9, 10, 99, 100, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE,
            999_999_999_999_999_999L, 1_000_000_000_000_000_000L, -1_000_000_000_000_000_000L};
        Random random = new Random(3);
        for (int i = 0; i < 2_000; i++) {
            long v = i < longs.length ? longs[i] : random.nextLong() >> random.nextInt(64);
            byte[] bytes = new byte[random.nextInt(10)];
            random.nextBytes(bytes);
            assertEquals(new String(jackson(g -> {
                g.writeStartArray();
                g.writeNumber(v);
                g.writeNumber((int) v);
                g.writeStartObject();
                g.writeEndObject();
                g.writeStartArray();
                g.writeEndArray();
                g.writeNull();
                g.writeBoolean(v > 0);
                g.writeNumber(BigInteger.valueOf(v).shiftLeft(70));
                g.writeString(Base64.getEncoder().encodeToString(bytes));
                g.writeEndArray();
            })), new String(ours(w -> {
                w.writeStartArray();
                w.writeNumber(v);
                w.writeNumber((int) v);
                w.writeStartObject();
                w.writeEndObject();
                w.writeStartArray();
                w.writeEndArray();
                w.writeNull();
                w.writeBoolean(v > 0);
                w.writeNumber(BigInteger.valueOf(v).shiftLeft(70));
                w.writeBinary(bytes, 0, bytes.length);
                w.writeEndArray();
            })));
        }
    }

    /** A decimal is written as BigDecimal's text, every shape of it: a plain integer, a point, an exponent. */
    @Test
    void decimalsAreTheirText() {
        for (String text : new String[] {"0", "0.00", "0E-10", "0E+3", "1", "-1", "123.45", "-0.000001", "1E-7", "-1.5E-7",
            "1.2345E+10", "12345678901234567890.123456789", "9.999999999999999999999E+999", "1E-2147483647"}) {
            java.math.BigDecimal d = new java.math.BigDecimal(text);
            assertEquals("[" + d + "," + d.negate() + "]", new String(ours(w -> {
                w.writeStartArray();
                w.writeNumber(d);
                w.writeNumber(d.negate());
                w.writeEndArray();
            }), java.nio.charset.StandardCharsets.US_ASCII));
        }
        // the digits of its text held to the limit as a lexeme's are, the exponent's counted too
        Limits five = new Limits(10, 5, 100, 1000, 100);
        for (String text : new String[] {"123.456", "-0.00001", "1.2345E+9"}) {
            java.math.BigDecimal d = new java.math.BigDecimal(text);
            TypedJsonException e = assertThrows(TypedJsonException.class, () -> new JsonWriter(five).writeNumber(d));
            assertEquals(assertThrows(TypedJsonException.class, () -> new JsonWriter(five).writeNumber(text)).getMessage(),
                    e.getMessage());
            assertEquals("number of 6 digits exceeds the limit of 5 (typedjson.max.number.length) at $", e.getMessage());
        }
        new JsonWriter(five).writeNumber(new java.math.BigDecimal("1.234E+9"));
    }

    /** Integers of every length, at the edges where one more digit starts. */
    @Test
    void integersOfEveryLength() {
        for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10 * 10; p *= 10) {
            for (long v : new long[] {p - 1, p, p + 1, -p, -p + 1, -p - 1, 2 * p - 1, 9 * p}) {
                assertEquals(Long.toString(v), new String(ours(w -> w.writeNumber(v)), java.nio.charset.StandardCharsets.US_ASCII));
            }
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
        }
        for (long v : new long[] {Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, 0}) {
            assertEquals(Long.toString(v), new String(ours(w -> w.writeNumber(v)), java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    @Test
    void doublesAndFloatsAreTheShortestDigitsJacksonCoreWrites() {
        Random random = new Random(11);
        for (int i = 0; i < 400_000; i++) {
            double d = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> Math.round(random.nextDouble() * 1e6) / 100.0; // amounts, the writer's fast path
                case 2 -> (random.nextInt(20_000_000) - 10_000_000) / Math.pow(10, random.nextInt(5));
                default -> random.nextDouble() * Math.pow(10, random.nextInt(20) - 6);
            };
            if (!Double.isFinite(d)) {
                continue;
            }
            assertEquals(com.fasterxml.jackson.core.io.NumberOutput.toString(d, true),
                    new String(ours(w -> w.writeNumber(d)), java.nio.charset.StandardCharsets.US_ASCII), () -> "bits " + Double.doubleToRawLongBits(d));
            float f = (float) d;
            if (Float.isFinite(f)) {
                assertEquals(com.fasterxml.jackson.core.io.NumberOutput.toString(f, true),
                        new String(ours(w -> w.writeNumber(f)), java.nio.charset.StandardCharsets.US_ASCII));
            }
        }
        for (double edge : new double[] {1e-3, -1e-3, 9999999.999, 1e7, 0.0, -0.0, 0.1, 100.0, 1234567.125, 0.0015,
            0.005, -0.05, 0.105, 1.005, 10.5, 99.99, 0.25, 7.0, 1234.5}) {
            assertEquals(com.fasterxml.jackson.core.io.NumberOutput.toString(edge, true),
                    new String(ours(w -> w.writeNumber(edge)), java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    /**
     * Decimals of at most three places, the writer's fast path, and their neighbouring doubles (which it must leave to
     * Schubfach): 0.001 to 1000 every thousandth, and every seventh below 10^7, against jackson-core.
     */
    @Test
    void thousandthsAndTheirNeighboursAreTheShortestDigits() {
        for (long m = 1; m <= 1_000_000; m++) {
            assertShortest(m / 1000.0 * (m % 2 == 0 ? 1 : -1));
            if (m % 3 == 0) {
                assertShortest(Math.nextUp(m / 1000.0));
                assertShortest(Math.nextDown(m / 1000.0));
            }
        }
        for (long m = 9_999_000_000L; m < 10_000_000_000L; m += 7) {
            assertShortest(m / 1000.0);
            assertShortest(Math.nextDown(m / 1000.0));
        }
    }

    private static void assertShortest(double d) {
        String expected = com.fasterxml.jackson.core.io.NumberOutput.toString(d, true);
        String actual = new String(ours(w -> w.writeNumber(d)), java.nio.charset.StandardCharsets.US_ASCII);
        if (!expected.equals(actual)) {
            assertEquals(expected, actual, "bits " + Double.doubleToRawLongBits(d));
        }
    }

    /** Keys encoded once are stored eight bytes at a time: every length across the word boundaries, after a comma or not. */
    @Test
    void encodedKeysAreTheBytesOfTheirText() {
        Random random = new Random(13);
        for (int i = 0; i < 5_000; i++) {
            StringBuilder name = new StringBuilder();
            for (int n = i % 40; name.length() < n; ) {
                name.append(randomString(random));
            }
            String k = name.toString();
            JsonKey key = JsonKey.of(k);
            String spelled = io.typedjson.format.internal.Lexemes.escapeKey(k);
            byte[] expected = ours(w -> {
                w.writeStartObject();
                w.writeFieldName(spelled);
                w.writeNumber(1);
                w.writeFieldName(spelled + "x");
                w.writeStartArray();
                w.writeEndArray();
                w.writeFieldName(spelled);
                w.writeNull();
                w.writeEndObject();
            });
            JsonKey keyX = JsonKey.of(k + "x");
            byte[] actual = ours(w -> {
                w.writeStartObject();
                w.writeFieldName(key);
                w.writeNumber(1);
                w.writeFieldName(keyX);
                w.writeStartArray();
                w.writeEndArray();
                w.writeFieldName(key);
                w.writeNull();
                w.writeEndObject();
            });
            assertEquals(Arrays.toString(expected), Arrays.toString(actual), k);
        }
    }

    /**
     * The writer keeps the encodings of String keys it wrote by identity: the same objects again, other objects of
     * the same hash ("Aa" and "BB") or text, and keys too long to keep all come out as their own text.
     */
    @Test
    void keysWrittenAgainAreTheirOwnBytes() throws Exception {
        String[] keys = {"Aa", "BB", new String("Aa"), "id", "~x", "é", "a\"b", "x".repeat(31), "y".repeat(40), ""};
        Random random = new Random(17);
        JsonWriter w = new JsonWriter(500);
        for (int round = 0; round < 200; round++) {
            String[] order = keys.clone();
            java.util.Collections.shuffle(java.util.Arrays.asList(order), random);
            w.reset();
            w.writeStartObject();
            for (String k : order) {
                w.writeFieldName(k);
                w.writeNumber(k.length());
            }
            w.writeEndObject();
            byte[] expected = jackson(g -> {
                g.writeStartObject();
                for (String k : order) {
                    g.writeFieldName(k);
                    g.writeNumber(k.length());
                }
                g.writeEndObject();
            });
            assertEquals(new String(expected, java.nio.charset.StandardCharsets.UTF_8),
                    new String(w.toByteArray(), java.nio.charset.StandardCharsets.UTF_8));
        }
        TypedJsonException lone = assertThrows(TypedJsonException.class, () -> ours(x -> {
            x.writeStartObject();
            x.writeFieldName("ab\uDC00");
        }));
        assertEquals("key holds a lone surrogate U+DC00 at index 2, which is not Unicode text and has no UTF-8 spelling at $",
                lone.getMessage());
    }

    @Test
    void nestingBeyondTheLimitAndLoneSurrogatesAreRefused() {
        JsonWriter w = new JsonWriter(3);
        w.reset();
        w.writeStartArray();
        w.writeStartArray();
        w.writeStartArray();
        TypedJsonException deep = assertThrows(TypedJsonException.class, w::writeStartArray);
        assertEquals("nesting depth 4 exceeds the limit of 3 (typedjson.max.depth) at $", deep.getMessage());
        TypedJsonException lone = assertThrows(TypedJsonException.class, () -> ours(x -> x.writeString("a\uD800b")));
        assertEquals("string holds a lone surrogate U+D800 at index 1, which is not Unicode text and has no UTF-8 spelling at $",
                lone.getMessage());
    }

    /**
     * The word-at-a-time check of strings (eight bytes of low bytes, each char's high bits) against the oracle: every
     * char from U+0000 to U+01FF, and surrogates, in every place of ASCII strings of every length up to 25. Among them
     * the chars whose low byte alone is ASCII that needs no escape (U+0141 is 'A' + 0x100), the quote's and
     * backslash's neighbours (a borrow off by one) and Latin-1 above 0x7F. One writer for all, so stale bytes of
     * earlier strings lie past the end of each.
     */
    @Test
    void everyCharInEveryPlaceOfShortAndLongStrings() throws Exception {
        JsonWriter w = new JsonWriter(500);
        StringBuilder lone = new StringBuilder();
        for (int n = 0; n <= 25; n++) {
            for (int p = 0; p < Math.max(n, 1); p++) {
                for (int c = 0; c <= 0x200; c++) {
                    char ch = c == 0x200 ? '\uD83D' : (char) c;
                    char[] chars = "abcdefghijklmnopqrstuvwxyz".substring(0, n).toCharArray();
                    if (n > 0) {
                        chars[p] = ch;
                    }
                    String s = new String(chars);
                    w.reset();
                    w.writeStartArray();
                    try {
                        w.writeString(s);
                    } catch (TypedJsonException e) {
                        lone.append(n).append(',');
                        continue;
                    }
                    w.writeEndArray();
                    byte[] expected = jackson(g -> {
                        g.writeStartArray();
                        g.writeString(s);
                        g.writeEndArray();
                    });
                    assertEquals(Arrays.toString(expected), Arrays.toString(w.toByteArray()), "U+"
                            + Integer.toHexString(ch) + " at " + p + " of " + n);
                }
            }
        }
        assertEquals(325, lone.toString().split(",").length); // the lone surrogate of each place of each length
    }
}

package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The double and float printer against JDK 19+'s {@code Double.toString} and {@code Float.toString} (SPEC.md 5.1).
 *
 * <p>The edge list (zeros, extremes, subnormals, powers of ten and their neighbours, powers of two, and values whose
 * JDK 17 toString is not the shortest) is checked against the strings JDK 25 gave ({@code shortest-decimals.txt}, see
 * {@link ShortestDecimalCases}). Random bit patterns (a seeded slice of 500,000 each here) are checked against
 * {@code toString} itself when the tests run on JDK 19 or later, and before that (JDK 17) against jackson-core's
 * Schubfach writer, digits and exponent (not only the length: of two shortest strings the nearer is the one). The
 * full run, 10^7 of each on JDK 25:
 *
 * <pre>
 * mvn -B -pl serde -am test-compile -DskipTests
 * mvn -B -pl serde surefire:test -Dtest=ShortestDecimalTest -Dtypedjson.shortest.samples=10000000 \
 *     -Djvm=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
 * </pre>
 */
class ShortestDecimalTest {
    private static final boolean SCHUBFACH_JDK = Runtime.version().feature() >= 19;
    private static final int SAMPLES = Integer.getInteger("typedjson.shortest.samples", 500_000);

    private static String ours(double d) {
        byte[] b = new byte[ShortestDecimal.MAX_DOUBLE_LENGTH + 3];
        int end = ShortestDecimal.write(d, b, 3);
        return new String(b, 3, end - 3, StandardCharsets.US_ASCII);
    }

    private static String ours(float f) {
        byte[] b = new byte[ShortestDecimal.MAX_FLOAT_LENGTH + 3];
        int end = ShortestDecimal.write(f, b, 3);
        return new String(b, 3, end - 3, StandardCharsets.US_ASCII);
    }

    /**
     * The shortest string that reads back, and of those the nearest: JDK 19+'s {@code toString}, and before 19
     * jackson-core's Schubfach writer (a port of it, which gave the same strings as JDK 25 on a million samples).
     */
    private static String reference(double d) {
        return SCHUBFACH_JDK ? Double.toString(d) : NumberOutput.toString(d, true);
    }

    private static String reference(float f) {
        return SCHUBFACH_JDK ? Float.toString(f) : NumberOutput.toString(f, true);
    }

    @Test
    void edgeCasesAreTheStringsOfJdk19AndLater() throws Exception {
        int doubles = 0;
        int floats = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                getClass().getResourceAsStream("shortest-decimals.txt")), StandardCharsets.US_ASCII))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(" ");
                String expected = f[2];
                if (f[0].equals("d")) {
                    double d = Double.longBitsToDouble(Long.parseUnsignedLong(f[1], 16));
                    assertEquals(expected, ours(d), line);
                    if (SCHUBFACH_JDK) {
                        assertEquals(expected, Double.toString(d), line);
                    }
                    doubles++;
                } else {
                    float x = Float.intBitsToFloat(Integer.parseUnsignedInt(f[1], 16));
                    assertEquals(expected, ours(x), line);
                    if (SCHUBFACH_JDK) {
                        assertEquals(expected, Float.toString(x), line);
                    }
                    floats++;
                }
            }
        }
        assertTrue(doubles > 4_000 && floats > 700, doubles + " doubles, " + floats + " floats");
    }

    @Test
    void theSpecsExamples() {
        assertEquals("4.9E-324", ours(Double.MIN_VALUE));
        assertEquals("9.9E-324", ours(2 * Double.MIN_VALUE));
        assertEquals("1.5E-323", ours(3 * Double.MIN_VALUE));
        assertEquals("2.0E23", ours(2e23)); // JDK 17: 1.9999999999999998E23
        assertEquals("1.0E23", ours(1e23));
        assertEquals("9999999.999999998", ours(9999999.999999998));
        assertEquals("1.0E7", ours(1e7));
        assertEquals("9.999999999999998E-4", ours(Math.nextDown(1e-3)));
        assertEquals("0.001", ours(1e-3));
        assertEquals("100.0", ours(100.0));
        assertEquals("-0.0", ours(-0.0));
        assertEquals("1.7976931348623157E308", ours(Double.MAX_VALUE));
        assertEquals("1.4E-45", ours(Float.MIN_VALUE));
        assertEquals("1.1754944E-38", ours(Float.MIN_NORMAL));
        assertEquals("3.4028235E38", ours(Float.MAX_VALUE));
        assertEquals("0.1", ours(0.1f));
    }

    @Test
    void randomDoubles() {
        SplittableRandom random = new SplittableRandom(19);
        for (int i = 0; i < SAMPLES; i++) {
            double d = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(d)) {
                continue;
            }
            String s = ours(d);
            if (!s.equals(reference(d))) {
                assertEquals(reference(d), s, () -> "bits " + Long.toHexString(Double.doubleToRawLongBits(d)));
            }
        }
    }

    @Test
    void randomFloats() {
        SplittableRandom random = new SplittableRandom(23);
        for (int i = 0; i < SAMPLES; i++) {
            float f = Float.intBitsToFloat(random.nextInt());
            if (!Float.isFinite(f)) {
                continue;
            }
            String s = ours(f);
            if (!s.equals(reference(f))) {
                assertEquals(reference(f), s, () -> "bits " + Integer.toHexString(Float.floatToRawIntBits(f)));
            }
        }
    }

    @Test
    void writesAtAnyOffsetAndNoFurtherThanItSays() {
        byte[] b = new byte[64];
        java.util.Arrays.fill(b, (byte) '#');
        int end = ShortestDecimal.write(-1.2345678901234568E-300, b, 7);
        assertEquals("#######-1.2345678901234568E-300###", new String(b, 0, end + 3, StandardCharsets.US_ASCII));
        assertTrue(end - 7 <= ShortestDecimal.MAX_DOUBLE_LENGTH);
        end = ShortestDecimal.write(-1.1754942E-38f, b, 0);
        assertEquals("-1.1754942E-38", new String(b, 0, end, StandardCharsets.US_ASCII));
        assertTrue(end <= ShortestDecimal.MAX_FLOAT_LENGTH);
    }

    /** The eight digits of every int below 10^8 in one word, as division by ten spells them. */
    @Test
    void eightDigitsOfEveryIntBelowTenToTheEight() {
        for (int x = 0; x < 100_000_000; x++) {
            long w = ShortestDecimal.eight(x);
            int y = x;
            for (int k = 7; k >= 0; k--) {
                if ((int) (w >>> (8 * k) & 0xFF) != '0' + y % 10) {
                    assertEquals(String.format("%08d", x), new String(java.nio.ByteBuffer.allocate(8)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(w).array(), StandardCharsets.ISO_8859_1));
                }
                y /= 10;
            }
        }
    }

    /** Every m / 1000 with an integer of at most four digits, after stale bytes and a sign, as plain decimals spell it. */
    @Test
    void everyThousandthBelowTenThousand() {
        byte[] out = new byte[24];
        StringBuilder expected = new StringBuilder();
        for (int m = 1; m < 10_000_000; m++) {
            expected.setLength(0);
            expected.append('-').append(m / 1000).append('.').append(Integer.toString(m % 1000 + 1000), 1, 4);
            while (expected.charAt(expected.length() - 1) == '0' && expected.charAt(expected.length() - 2) != '.') {
                expected.setLength(expected.length() - 1);
            }
            java.util.Arrays.fill(out, (byte) '9');
            out[4] = '-';
            int end = ShortestDecimal.thousandths(m, out, 5);
            if (end - 4 != expected.length() || !new String(out, 4, end - 4, StandardCharsets.ISO_8859_1).contentEquals(expected)) {
                assertEquals(expected.toString(), new String(out, 4, Math.max(0, end - 4), StandardCharsets.ISO_8859_1));
            }
        }
    }

    /**
     * Every long below 10^7, the 10^6 below and the 10 from each power of ten from 10^8 to 10^18 and below 2^63 (where the
     * digits split into eight-digit words), written at the very end of a buffer of stale bytes that leaves room for
     * eight bytes or their number only, as {@code Long.toString} spells them, the byte before them untouched.
     */
    @Test
    void digitsOfEverySmallLongAndOfTheLongsBelowEachWordBoundary() {
        byte[] out = new byte[28];
        for (long v = 0; v < 10_000_000; v++) {
            checkDigits(v, out);
        }
        for (long p = 100_000_000; p > 0; p = p <= Long.MAX_VALUE / 10 ? p * 10 : -1) {
            for (long v = p - 1_000_000; v < p + 10; v++) {
                checkDigits(v, out);
            }
        }
        for (long v = Long.MAX_VALUE - 1_000_000; v > 0; v++) {
            checkDigits(v, out);
        }
    }

    private static void checkDigits(long v, byte[] out) {
        java.util.Arrays.fill(out, (byte) 'x');
        int room = Math.max(8, Long.toString(v).length());
        int end = ShortestDecimal.writeDigits(v, out, out.length - room); // at the end: room for no byte more
        String s = new String(out, out.length - room, end - (out.length - room), StandardCharsets.ISO_8859_1);
        if (!s.equals(Long.toString(v))) {
            assertEquals(Long.toString(v), s);
        }
        if (out[out.length - room - 1] != 'x') {
            assertEquals('x', (char) out[out.length - room - 1], "a byte before the digits of " + v);
        }
    }

    /** Every length of long, at the start of a buffer of exactly its digits and 8 more, with stale bytes after. */
    @Test
    void digitsOfEveryLengthAndTheirNeighbours() {
        byte[] out = new byte[40];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 200_000; i++) {
            long v = i == 0 ? Long.MAX_VALUE : i == 1 ? 0 : random.nextLong() >>> 1 + random.nextInt(63);
            java.util.Arrays.fill(out, (byte) 'x');
            out[0] = '[';
            int end = ShortestDecimal.writeDigits(v, out, 1);
            out[end] = ']';
            assertEquals("[" + v + "]", new String(out, 0, end + 1, StandardCharsets.ISO_8859_1));
        }
    }

    /**
     * Every float of chosen binades (1 to 2, 8 to 16 and 64 to 128 of the rows data's scores, 0.001 to 0.002 where
     * plain notation ends, 2^23 to 2^24 whose integers skip the integer fast path, the largest, the smallest normal,
     * every subnormal) and every float whose shortest form has 1 to 9 digits at every exponent: written at an offset
     * into stale bytes within {@link ShortestDecimal#MAX_FLOAT_LENGTH} of room, spelled as the reference spells it,
     * and read back as itself.
     */
    @Test
    void everyFloatOfChosenBinadesAndEveryDigitCount() {
        for (int biased : new int[] {127, 130, 133, 117, 150, 254, 1, 0}) {
            for (int m = 0; m < 1 << 23; m++) {
                checkFloat(Float.intBitsToFloat(biased << 23 | m));
            }
        }
        for (float f : new float[] {-0.0f, 0.0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
                Float.MIN_NORMAL, -Float.MIN_NORMAL, 1e-3f, 9.999999e-4f, 1e7f, 9999999f, 8388608f, 16777216f}) {
            checkFloat(f);
        }
        for (int e = -46; e <= 39; e++) { // d, dd, ..., ddddddddd times 10^e, and the floats next to them
            for (int n = 1; n <= 9; n++) {
                float f = Float.parseFloat("123456789".substring(0, n) + "E" + e);
                checkFloat(f);
                checkFloat(Math.nextUp(f));
                checkFloat(Math.nextDown(f));
                checkFloat(-f);
            }
            checkFloat(Float.parseFloat("1E" + e));
        }
    }

    private static final byte[] STALE = new byte[ShortestDecimal.MAX_FLOAT_LENGTH + 8];

    private static void checkFloat(float f) {
        if (!Float.isFinite(f)) {
            return;
        }
        java.util.Arrays.fill(STALE, (byte) '#');
        int end = ShortestDecimal.write(f, STALE, 8) - 8;
        String s = new String(STALE, 8, end, StandardCharsets.ISO_8859_1);
        if (end > ShortestDecimal.MAX_FLOAT_LENGTH || !s.equals(reference(f)) || Float.parseFloat(s) != f
                || (f == 0 && Float.floatToRawIntBits(Float.parseFloat(s)) != Float.floatToRawIntBits(f))) {
            assertEquals(reference(f), s, () -> "bits " + Integer.toHexString(Float.floatToRawIntBits(f)));
            assertEquals(f, Float.parseFloat(s));
            assertTrue(end <= ShortestDecimal.MAX_FLOAT_LENGTH, s);
        }
    }
}

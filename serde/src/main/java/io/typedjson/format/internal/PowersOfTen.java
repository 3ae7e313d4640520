package io.typedjson.format.internal;

import java.math.BigInteger;

/**
 * The powers of ten 10^e for e from {@link #MIN} to {@link #MAX} as 128-bit binary mantissas, truncated: the top 128
 * bits of 10^e's binary expansion, so that {@code 2^127 <= m < 2^128} and {@code 10^e = m * 2^(e2 - 127)} to within
 * one unit of the last bit, with {@code e2 = floor(e * log2(10))}. Both directions of decimal conversion work on
 * them: the shortest-digits printer ({@link ShortestDecimal}) and the fast path of parsing ({@link DecimalParsing}).
 *
 * <p>Computed once from their definition with BigInteger (a few milliseconds at class initialisation) rather than
 * kept as a table of constants: what a reader checks is the definition.
 */
final class PowersOfTen {
    private PowersOfTen() {}

    /** The range: printing needs 10^-292 to 10^324, parsing up to 19 digits 10^-342 to 10^308. */
    static final int MIN = -342, MAX = 324;

    /** The high and the low 64 bits of the mantissa of 10^e, at index 2 * (e - MIN) and the next. */
    private static final long[] MANTISSAS = new long[2 * (MAX - MIN + 1)];

    static {
        // 5^n has the mantissa of 10^n = 5^n * 2^n. Upwards: 5^n exactly, its top 128 bits kept. Downwards: q_n =
        // floor(2^W / 5^n), exact at every step as floor(floor(x) / 5) = floor(x / 5); W leaves q_n at least 128
        // bits for the smallest power, so its top 128 bits are the truncated mantissa of 5^-n.
        BigInteger five = BigInteger.valueOf(5);
        BigInteger up = BigInteger.ONE;
        BigInteger down = BigInteger.ONE.shiftLeft(1024);
        for (int n = 0; n <= Math.max(MAX, -MIN); n++) {
            if (n <= MAX) {
                store(n, up);
            }
            if (n > 0 && -n >= MIN) {
                store(-n, down);
            }
            up = up.multiply(five);
            down = down.divide(five);
        }
    }

    /** Stores the top 128 bits of {@code m} as the mantissa of 10^e. */
    private static void store(int e, BigInteger m) {
        int length = m.bitLength();
        m = length > 128 ? m.shiftRight(length - 128) : m.shiftLeft(128 - length);
        MANTISSAS[2 * (e - MIN)] = m.shiftRight(64).longValue();
        MANTISSAS[2 * (e - MIN) + 1] = m.longValue();
    }

    /** The high 64 bits of the mantissa of 10^e. */
    static long high(int e) {
        return MANTISSAS[2 * (e - MIN)];
    }

    /** The low 64 bits of the mantissa of 10^e. */
    static long low(int e) {
        return MANTISSAS[2 * (e - MIN) + 1];
    }

    /** floor(e * log2(10)) for |e| <= 400 (the tests check these three against exact arithmetic in their ranges). */
    static int floorLog2Pow10(int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    /** floor(e * log10(2)) for |e| <= 1,200. */
    static int floorLog10Pow2(int e) {
        return (int) (e * 661_971_961_083L >> 41);
    }

    /** floor(log10(3/4 * 2^e)) for |e| <= 1,200. */
    static int floorLog10ThreeQuartersPow2(int e) {
        return (int) (e * 661_971_961_083L - 274_743_187_321L >> 41);
    }
}

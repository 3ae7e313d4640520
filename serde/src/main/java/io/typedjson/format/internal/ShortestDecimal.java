package io.typedjson.format.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The shortest decimal that reads back as a given double or float, written as ASCII straight into a byte array: the
 * digits and the layout of {@code Double.toString} and {@code Float.toString} of JDK 19 and later (SPEC.md 5.1), on
 * any JDK and without a String on the way (JDK 17's {@code toString} is not always the shortest).
 *
 * <p>The digits are computed with Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles", 2020; the
 * algorithm JDK 19 adopted, whose reference implementation is MIT licensed): the decimals that read back as
 * {@code v = c * 2^q} are those in its rounding interval; scaled by a power of ten {@code 10^-k} chosen so that the
 * scaled value has 16 or 17 digits (float: 8 or 9), the interval's bounds and {@code v} are computed to within a
 * rounding to odd from 126 bits of {@code 10^-k} ({@link PowersOfTen}), enough to decide exactly which integers of
 * that and the next coarser decimal scale lie inside. Of those, one with a digit fewer is taken when there is one;
 * else the one closest to {@code v} (ties to an even digit). Values whose shortest decimal has one digit come out with
 * two (the SPEC's {@code n = max(m, 2)}): a tiny subnormal's scaled value is multiplied by ten before the search.
 */
public final class ShortestDecimal {
    private ShortestDecimal() {}

    /** Room to leave for {@link #write(double, byte[], int)}: {@code -1.2345678901234567E-308}. */
    public static final int MAX_DOUBLE_LENGTH = 24;
    /** Room to leave for {@link #write(float, byte[], int)}: {@code -1.2345678E-38}. */
    public static final int MAX_FLOAT_LENGTH = 15;

    private static final int DOUBLE_Q_MIN = -1074;
    private static final long DOUBLE_C_MIN = 1L << 52;
    /** Subnormal significands below this have fewer than two digits when scaled: 3 * 2^-1074 is 1.48E-323. */
    private static final long DOUBLE_C_TINY = 3;
    private static final int FLOAT_Q_MIN = -149;
    private static final long FLOAT_C_MIN = 1L << 23;
    /** The same for float: 8 * 2^-149 is 1.12E-44. */
    private static final long FLOAT_C_TINY = 8;
    private static final long MASK_63 = (1L << 63) - 1;
    private static final long MASK_32 = (1L << 32) - 1;

    /**
     * Writes the finite double {@code v} at {@code out[at]} (at least {@link #MAX_DOUBLE_LENGTH} bytes of room) and
     * returns the index after its last byte.
     */
    public static int write(double v, byte[] out, int at) {
        long bits = Double.doubleToRawLongBits(v);
        if (bits < 0) {
            out[at++] = '-';
        }
        long fraction = bits & (DOUBLE_C_MIN - 1);
        int biased = (int) (bits >>> 52) & 0x7FF;
        if (biased == 0x7FF) {
            throw new IllegalArgumentException(v + " is not finite");
        }
        if (biased != 0) {
            int q = biased - 1075;
            long c = DOUBLE_C_MIN | fraction;
            if (q < 0 && q > -53 && (c & ((1L << -q) - 1)) == 0) {
                return layout(c >> -q, 0, out, at); // an integer below 2^53: its digits are the shortest
            }
            return shortestDouble(q, c, 0, out, at);
        }
        if (fraction == 0) {
            return zero(out, at);
        }
        return fraction < DOUBLE_C_TINY ? shortestDouble(DOUBLE_Q_MIN, 10 * fraction, -1, out, at)
                : shortestDouble(DOUBLE_Q_MIN, fraction, 0, out, at);
    }

    /**
     * Writes the finite float {@code v} at {@code out[at]} (at least {@link #MAX_FLOAT_LENGTH} bytes of room) and
     * returns the index after its last byte.
     */
    public static int write(float v, byte[] out, int at) {
        int bits = Float.floatToRawIntBits(v);
        if (bits < 0) {
            out[at++] = '-';
        }
        long fraction = bits & (FLOAT_C_MIN - 1);
        int biased = (bits >>> 23) & 0xFF;
        if (biased == 0xFF) {
            throw new IllegalArgumentException(v + " is not finite");
        }
        if (biased != 0) {
            int q = biased - 150;
            long c = FLOAT_C_MIN | fraction;
            if (q < 0 && q > -24 && (c & ((1L << -q) - 1)) == 0) {
                return layout(c >> -q, 0, out, at);
            }
            return shortestFloat(q, c, 0, out, at);
        }
        if (fraction == 0) {
            return zero(out, at);
        }
        return fraction < FLOAT_C_TINY ? shortestFloat(FLOAT_Q_MIN, 10 * fraction, -1, out, at)
                : shortestFloat(FLOAT_Q_MIN, fraction, 0, out, at);
    }

    /** The float's digits as {@link #write(float, byte[], int)} writes them, after {@code lead} free chars. */
    public static char[] chars(float v, int lead) {
        byte[] b = new byte[MAX_FLOAT_LENGTH];
        int n = write(v, b, 0);
        char[] c = new char[lead + n];
        for (int i = 0; i < n; i++) {
            c[lead + i] = (char) b[i];
        }
        return c;
    }

    private static int zero(byte[] out, int at) {
        out[at] = '0';
        out[at + 1] = '.';
        out[at + 2] = '0';
        return at + 3;
    }

    /**
     * The decimal for {@code c * 2^q}, laid out; {@code dk} is -1 where {@code c} was multiplied by ten (a tiny
     * subnormal), else 0.
     */
    private static int shortestDouble(int q, long c, int dk, byte[] out, int at) {
        // the rounding interval, times 4 * 2^-q: [cbl, cbr] around cb, open when c is odd (ties go to the even c)
        int open = (int) c & 1;
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (c != DOUBLE_C_MIN || q == DOUBLE_Q_MIN) {
            cbl = cb - 2;
            k = PowersOfTen.floorLog10Pow2(q);
        } else {
            cbl = cb - 1; // the double below is half as far away: the interval is asymmetric
            k = PowersOfTen.floorLog10ThreeQuartersPow2(q);
        }
        int h = q + PowersOfTen.floorLog2Pow10(-k) + 2;
        // g = floor(10^-k * 2^(125 - floorLog2Pow10(-k))) + 1 in 126 bits, as g1 * 2^63 + g0
        long hi = PowersOfTen.high(-k);
        long lo = PowersOfTen.low(-k);
        long g0 = (lo >>> 2 | hi << 62) + 1;
        long g1 = (hi >>> 2) + (g0 == 0 ? 1 : 0); // (the +1 carries only from a low word of all ones)
        g1 = g1 << 1 | g0 >>> 63;
        g0 &= MASK_63;
        // 4 * v * 10^-k and its bounds, rounded to odd
        long vb = roundToOdd(g1, g0, cb << h);
        long vbl = roundToOdd(g1, g0, cbl << h);
        long vbr = roundToOdd(g1, g0, cbr << h);
        return layout(significand(vb, vbl, vbr, open), k + dk, out, at);
    }

    /**
     * The significand of the shortest decimal (times {@code 10^k}) in the rounding interval: {@code vb} is 4 v and
     * {@code vbl}, {@code vbr} its bounds, rounded to odd; {@code open} 1 when the bounds are out of the interval.
     */
    private static long significand(long vb, long vbl, long vbr, int open) {
        long s = vb >> 2;
        if (s >= 100) {
            // a decimal with one digit fewer: the multiples of ten around s
            long sp10 = 10 * (s / 10);
            long tp10 = sp10 + 10;
            boolean upIn = vbl + open <= sp10 << 2;
            boolean wpIn = (tp10 << 2) + open <= vbr;
            if (upIn != wpIn) {
                return upIn ? sp10 : tp10;
            }
        }
        long t = s + 1;
        boolean uIn = vbl + open <= s << 2;
        boolean wIn = (t << 2) + open <= vbr;
        if (uIn != wIn) {
            return uIn ? s : t;
        }
        // both (the interval holds both) or, at this scale, neither: the closer to v, ties to even
        long cmp = vb - (s + t << 1);
        return cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : t;
    }

    /** floor(g * cp / 2^127), its last bit set when the quotient is not exact (rounding to odd). */
    private static long roundToOdd(long g1, long g0, long cp) {
        long x1 = Math.multiplyHigh(g0, cp);
        long y0 = g1 * cp;
        long y1 = Math.multiplyHigh(g1, cp);
        long z = (y0 >>> 1) + x1;
        long vbp = y1 + (z >>> 63);
        return vbp | ((z & MASK_63) + MASK_63) >>> 63;
    }

    /** As {@link #shortestDouble}, with the 64 high bits of {@code 10^-k} (rounded up), which a float needs. */
    private static int shortestFloat(int q, long c, int dk, byte[] out, int at) {
        int open = (int) c & 1;
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (c != FLOAT_C_MIN || q == FLOAT_Q_MIN) {
            cbl = cb - 2;
            k = PowersOfTen.floorLog10Pow2(q);
        } else {
            cbl = cb - 1;
            k = PowersOfTen.floorLog10ThreeQuartersPow2(q);
        }
        int h = q + PowersOfTen.floorLog2Pow10(-k) + 33;
        // the top 63 bits of the 126-bit g of shortestDouble, plus one
        long hi = PowersOfTen.high(-k);
        long g0 = (PowersOfTen.low(-k) >>> 2 | hi << 62) + 1;
        long g = (((hi >>> 2) + (g0 == 0 ? 1 : 0)) << 1 | g0 >>> 63) + 1;
        long vb = roundToOdd(g, cb << h);
        long vbl = roundToOdd(g, cbl << h);
        long vbr = roundToOdd(g, cbr << h);
        return layoutFloat(significand(vb, vbl, vbr, open), k + dk, out, at);
    }

    /**
     * {@link #layout} for a float's {@code f * 10^e}, {@code f} at most 10^9: its digits from one {@link #eight} word,
     * their count and trailing zeros from the word's zero bytes, and placed as words (no loop, no division but one).
     * Writes at most {@link #MAX_FLOAT_LENGTH} bytes from {@code at} (the sign included).
     */
    private static int layoutFloat(long f0, int e0, byte[] out, int at) {
        long f = f0;
        int e = e0;
        long w; // the first eight digits, the first in the lowest byte
        int n;
        byte ninth = 0;
        if (f >= 100_000_000) {
            long q = f / 10;
            if (q * 10 == f) {
                f = q;
                e++;
                if (f == 100_000_000) { // (from 10^9)
                    f = 10_000_000;
                    e++;
                }
            }
        }
        if (f >= 100_000_000) { // nine digits, the last not zero
            int top = (int) (f / 100_000_000);
            long low = eight((int) (f - 100_000_000L * top));
            w = '0' + top | low << 8;
            ninth = (byte) (low >>> 56);
            n = 9;
        } else {
            w = eight((int) f);
            long raw = w - 0x3030_3030_3030_3030L;
            int leading = Long.numberOfTrailingZeros(raw) >>> 3;
            int trailing = Long.numberOfLeadingZeros(raw) >>> 3;
            n = 8 - leading - trailing;
            e += trailing;
            w = (w >>> 8 * leading) & (-1L >>> 8 * (8 - n));
        }
        int exponent = e + n - 1; // of the first digit
        if (exponent >= 0 && exponent < 7) {
            int k = exponent + 1; // the integer's digits
            if (n <= k) {
                return layout(f0, e0, out, at); // an integer float of 2^23 to 10^7 (rare)
            }
            // the integer's digits, the point, the others (shifted in two steps: k may be 7)
            LONGS.set(out, at, w & (1L << 8 * k) - 1 | (long) '.' << 8 * k | (w >>> 8 * k << 8) << 8 * k);
            out[at + 8] = (byte) (w >>> 56);
            out[at + 9] = ninth;
            return at + n + 1;
        }
        if (exponent < 0 && exponent >= -3) {
            LONGS.set(out, at, 0x3030_3030_2E30L); // "0.000"
            int d = at + 1 - exponent;
            LONGS.set(out, d, w);
            out[d + 8] = ninth;
            return d + n;
        }
        LONGS.set(out, at, w & 0xFF | (long) '.' << 8 | (n == 1 ? '0' : w >>> 8) << 16);
        out[at + 8] = (byte) (w >>> 56);
        out[at + 9] = ninth;
        return exponentAt(out, at + Math.max(n, 2) + 1, exponent);
    }

    /** floor(g * cp / 2^95), rounded to odd. */
    private static long roundToOdd(long g, long cp) {
        long x1 = Math.multiplyHigh(g, cp);
        long vbp = x1 >>> 31;
        return vbp | ((x1 & MASK_32) + MASK_32) >>> 32;
    }

    private static final long[] POWERS = new long[19];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * 10;
        }
    }

    /**
     * {@code f * 10^e} (f positive, below 10^18) as SPEC.md 5.1 lays it out: plain for 10^-3 <= value < 10^7, else
     * one digit, the point and the others, 'E' and the exponent; at least one digit after the point.
     */
    private static int layout(long f, int e, byte[] out, int at) {
        while (f % 10 == 0) {
            f /= 10;
            e++;
        }
        int n = PowersOfTen.floorLog10Pow2(64 - Long.numberOfLeadingZeros(f));
        if (f >= POWERS[n]) {
            n++;
        }
        int exponent = e + n - 1; // of the first digit
        if (exponent >= 0 && exponent < 7) {
            int integerDigits = exponent + 1;
            if (n <= integerDigits) {
                digits(f, out, at, n);
                at += n;
                for (int i = n; i < integerDigits; i++) {
                    out[at++] = '0';
                }
                out[at] = '.';
                out[at + 1] = '0';
                return at + 2;
            }
            digits(f, out, at + 1, n);
            for (int i = 0; i < integerDigits; i++) { // (a loop: System.arraycopy costs more for a few bytes)
                out[at + i] = out[at + i + 1];
            }
            out[at + integerDigits] = '.';
            return at + n + 1;
        }
        if (exponent < 0 && exponent >= -3) {
            out[at++] = '0';
            out[at++] = '.';
            for (int i = -1; i > exponent; i--) {
                out[at++] = '0';
            }
            digits(f, out, at, n);
            return at + n;
        }
        digits(f, out, at + 1, n);
        out[at] = out[at + 1];
        out[at + 1] = '.';
        at += n + 1;
        if (n == 1) {
            out[at++] = '0';
        }
        return exponentAt(out, at, exponent);
    }

    /** {@code E}, the exponent's sign when negative and its digits, at {@code out[at]}; the index after them. */
    private static int exponentAt(byte[] out, int at, int exponent) {
        out[at++] = 'E';
        if (exponent < 0) {
            out[at++] = '-';
            exponent = -exponent;
        }
        if (exponent >= 100) {
            out[at++] = (byte) ('0' + exponent / 100);
            exponent %= 100;
            out[at] = DIGIT_PAIRS[2 * exponent];
            out[at + 1] = DIGIT_PAIRS[2 * exponent + 1];
            return at + 2;
        }
        if (exponent >= 10) {
            out[at] = DIGIT_PAIRS[2 * exponent];
            out[at + 1] = DIGIT_PAIRS[2 * exponent + 1];
            return at + 2;
        }
        out[at] = (byte) ('0' + exponent);
        return at + 1;
    }

    /** "00" to "99". */
    private static final byte[] DIGIT_PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** The decimal digits of {@code v >= 0} at {@code out[at]} (room for 8 bytes or their number, when more); returns the end. */
    public static int writeDigits(long v, byte[] out, int at) {
        int n = PowersOfTen.floorLog10Pow2(64 - Long.numberOfLeadingZeros(v | 1));
        if (v >= POWERS[n]) {
            n++;
        }
        n = Math.max(n, 1);
        digits(v, out, at, n);
        return at + n;
    }

    /**
     * {@code m / 1000} for {@code 0 < m < 10^7} in plain notation (the integer's digits, the point, one to three
     * decimals without trailing zeros) as one word at {@code out[at]} (room for eight bytes); returns the end. The
     * integer's digits counted from the leading zero digits of {@code m}'s eight, the decimals from the trailing ones.
     */
    public static int thousandths(long m, byte[] out, int at) {
        long w = eight((int) m);
        long raw = w - 0x3030_3030_3030_3030L;
        int zeros = Math.min(Long.numberOfTrailingZeros(raw) >>> 3, 4); // leading zero digits of the integer (one stays)
        int k = 5 - zeros; // the integer's digits
        w >>>= 8 * zeros;
        long integer = (1L << 8 * k) - 1;
        LONGS.set(out, at, w & integer | (long) '.' << 8 * k | (w >>> 8 * k) << 8 * k + 8);
        int decimals = Math.max(1, (71 - Long.numberOfLeadingZeros(raw >>> 40)) >>> 3);
        return at + k + 1 + decimals;
    }

    /**
     * The {@code n} decimal digits of {@code f} at {@code out[at, at + n)}, stored eight bytes at a time: the leading
     * group of one to eight digits first (as a word whose bytes past it are zeros: room for eight bytes at
     * {@code out[at]} is needed, and what follows overwrites them), then whole groups of eight. No loop: the exit of a
     * loop whose trip count varies from number to number is a mispredicted branch.
     */
    private static void digits(long f, byte[] out, int at, int n) {
        if (f < 100_000_000) {
            LONGS.set(out, at, eight((int) f) >>> (8 * (8 - n)));
            return;
        }
        long q = f / 100_000_000;
        int r = (int) (f - 100_000_000 * q);
        if (q < 100_000_000) {
            int k = n - 8;
            LONGS.set(out, at, eight((int) q) >>> (8 * (8 - k)));
            LONGS.set(out, at + k, eight(r));
            return;
        }
        long q2 = q / 100_000_000;
        int r2 = (int) (q - 100_000_000 * q2);
        int k = n - 16;
        LONGS.set(out, at, eight((int) q2) >>> (8 * (8 - k)));
        LONGS.set(out, at + k, eight(r2));
        LONGS.set(out, at + k + 8, eight(r));
    }

    /** Little-endian longs over a byte array: a word's first byte is its lowest. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * The eight decimal digits of {@code x} (0 to 99,999,999, with leading zeros) as ASCII in a little-endian word, the
     * first digit in the lowest byte: split into lanes of four digits, of two, of one, each lane's quotient by a
     * multiplication and a shift (exact below 10,000 for /100 and below 100 for /10; checked for every x).
     */
    static long eight(int x) {
        long hi = x / 10_000, lo = x - 10_000 * hi;
        long merged = hi | lo << 32;
        long top = ((merged * 10486) >>> 20) & 0x0000_007F_0000_007FL;
        long bot = merged - 100 * top;
        long hundreds = bot << 16 | top;
        long tens = ((hundreds * 103) >>> 10) & 0x000F_000F_000F_000FL;
        tens |= (hundreds - 10 * tens) << 8;
        return tens + 0x3030_3030_3030_3030L;
    }
}

package io.typedjson.format.internal;

/**
 * The exact fast paths from a decimal {@code significand * 10^exp10} (at most 19 digits) to the nearest double or
 * float, rounded once and to even as {@link Double#parseDouble} rounds. Where neither path can decide (more digits,
 * a subnormal or overflowing result, a value within a hair of halfway between two doubles) they answer NaN, and the
 * caller takes the general routine (jackson-core's FastDoubleParser, or the JDK's).
 *
 * <ul>
 * <li>Clinger's: a significand below 2^53 (float: 2^24) and a power of ten up to 10^22 (float: 10^10) are both exact
 *     in the type, so one multiplication or division rounds correctly. Amounts such as {@code 858.67} take it.</li>
 * <li>Eisel and Lemire's (Daniel Lemire, "Number Parsing at a Gigabyte per Second", 2021, after Michael Eisel; the
 *     form with the checks of Nigel Tao's write-up): the normalised significand times the truncated 128-bit mantissa
 *     of 10^exp10 ({@link PowersOfTen}); when the bits below the result's last one could still change it (all ones
 *     where a carry from the truncated part could arrive, or exactly halfway) it gives up. The shortest digits of
 *     a double (up to 17, any exponent) take it.</li>
 * </ul>
 */
public final class DecimalParsing {
    private DecimalParsing() {}

    private static final double[] DOUBLE_POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
        1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    private static final float[] FLOAT_POWERS = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

    /**
     * The double nearest to {@code significand / 10^fractionDigits}, for a significand below 2^53 and at most 22
     * fraction digits: {@link #toDouble}'s first path, both exact, so one division rounds correctly.
     */
    public static double divide(long significand, int fractionDigits) {
        return significand / DOUBLE_POWERS[fractionDigits];
    }

    /**
     * The double nearest to {@code significand * 10^exp10}, where {@code significand} is read as an unsigned number
     * of at most 19 decimal digits; NaN when the fast paths cannot tell (then take the general routine).
     */
    public static double toDouble(boolean negative, long significand, int exp10) {
        if (significand == 0) {
            return negative ? -0.0 : 0.0;
        }
        if (significand > 0 && significand < 1L << 53 && exp10 >= -22 && exp10 <= 22) {
            double m = significand;
            double d = exp10 < 0 ? m / DOUBLE_POWERS[-exp10] : m * DOUBLE_POWERS[exp10];
            return negative ? -d : d;
        }
        if (exp10 < PowersOfTen.MIN || exp10 > 308) {
            return Double.NaN; // zero or infinity, or close to: the general routine decides
        }
        int clz = Long.numberOfLeadingZeros(significand);
        long m = significand << clz;
        long biasedExponent = PowersOfTen.floorLog2Pow10(exp10) + 64 + 1023 - clz;
        long powerHigh = PowersOfTen.high(exp10);
        long xHi = unsignedMultiplyHigh(m, powerHigh);
        long xLo = m * powerHigh;
        // the bits below the 54 kept could carry into them from the part of the product left out: widen once
        if ((xHi & 0x1FF) == 0x1FF && Long.compareUnsigned(xLo + m, m) < 0) {
            long powerLow = PowersOfTen.low(exp10);
            long yHi = unsignedMultiplyHigh(m, powerLow);
            long yLo = m * powerLow;
            long mergedLo = xLo + yHi;
            long mergedHi = Long.compareUnsigned(mergedLo, xLo) < 0 ? xHi + 1 : xHi;
            if ((mergedHi & 0x1FF) == 0x1FF && mergedLo == -1 && Long.compareUnsigned(yLo + m, m) < 0) {
                return Double.NaN;
            }
            xHi = mergedHi;
            xLo = mergedLo;
        }
        long top = xHi >>> 63;
        long mantissa = xHi >>> (top + 9); // 54 bits: the 53 of the double and one to round with
        biasedExponent -= 1 ^ top;
        if (xLo == 0 && (xHi & 0x1FF) == 0 && (mantissa & 3) == 1) {
            return Double.NaN; // exactly halfway, as far as these bits tell: round to even needs all of them
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >>> 53 != 0) {
            mantissa >>>= 1;
            biasedExponent++;
        }
        if (biasedExponent <= 0 || biasedExponent >= 0x7FF) {
            return Double.NaN; // subnormal or infinite
        }
        long bits = biasedExponent << 52 | mantissa & ((1L << 52) - 1);
        return Double.longBitsToDouble(negative ? bits | Long.MIN_VALUE : bits);
    }

    /** The float nearest to {@code significand * 10^exp10}, rounded once; NaN when the fast paths cannot tell. */
    public static float toFloat(boolean negative, long significand, int exp10) {
        if (significand == 0) {
            return negative ? -0.0f : 0.0f;
        }
        if (significand > 0 && significand < 1L << 24 && exp10 >= -10 && exp10 <= 10) {
            float m = significand;
            float f = exp10 < 0 ? m / FLOAT_POWERS[-exp10] : m * FLOAT_POWERS[exp10];
            return negative ? -f : f;
        }
        if (exp10 < PowersOfTen.MIN || exp10 > 39) {
            return Float.NaN;
        }
        int clz = Long.numberOfLeadingZeros(significand);
        long m = significand << clz;
        long biasedExponent = PowersOfTen.floorLog2Pow10(exp10) + 64 + 127 - clz;
        long powerHigh = PowersOfTen.high(exp10);
        long xHi = unsignedMultiplyHigh(m, powerHigh);
        long xLo = m * powerHigh;
        long below = (1L << 38) - 1; // the bits under the 25 kept (and one more)
        if ((xHi & below) == below && Long.compareUnsigned(xLo + m, m) < 0) {
            long powerLow = PowersOfTen.low(exp10);
            long yHi = unsignedMultiplyHigh(m, powerLow);
            long yLo = m * powerLow;
            long mergedLo = xLo + yHi;
            long mergedHi = Long.compareUnsigned(mergedLo, xLo) < 0 ? xHi + 1 : xHi;
            if ((mergedHi & below) == below && mergedLo == -1 && Long.compareUnsigned(yLo + m, m) < 0) {
                return Float.NaN;
            }
            xHi = mergedHi;
            xLo = mergedLo;
        }
        long top = xHi >>> 63;
        long mantissa = xHi >>> (top + 38); // 25 bits: the 24 of the float and one to round with
        biasedExponent -= 1 ^ top;
        if (xLo == 0 && (xHi & below) == 0 && (mantissa & 3) == 1) {
            return Float.NaN;
        }
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >>> 24 != 0) {
            mantissa >>>= 1;
            biasedExponent++;
        }
        if (biasedExponent <= 0 || biasedExponent >= 0xFF) {
            return Float.NaN;
        }
        int bits = (int) (biasedExponent << 23 | mantissa & ((1L << 23) - 1));
        return Float.intBitsToFloat(negative ? bits | Integer.MIN_VALUE : bits);
    }

    /** The high 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh is Java 18). */
    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + (a >> 63 & b) + (b >> 63 & a);
    }
}

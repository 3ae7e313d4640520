package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The exact fast paths of parsing against the JDK's correctly rounded {@code parseDouble}/{@code parseFloat}: where
 * a fast path answers, it is the same bits; where it cannot tell, it answers NaN (the caller's general routine).
 */
class DecimalParsingTest {
    private static final int SAMPLES = Integer.getInteger("typedjson.parsing.samples", 100_000);

    /** Checks significand * 10^exponent both ways; returns how many of the two fast paths answered. */
    private static int check(boolean negative, long significand, int exponent) {
        BigDecimal v = new BigDecimal(new BigInteger(Long.toUnsignedString(significand)), -exponent);
        String text = (negative ? "-" : "") + v.toString();
        int answered = 0;
        double d = DecimalParsing.toDouble(negative, significand, exponent);
        if (!Double.isNaN(d)) {
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)), Double.doubleToRawLongBits(d), text);
            answered++;
        }
        float f = DecimalParsing.toFloat(negative, significand, exponent);
        if (!Float.isNaN(f)) {
            assertEquals(Float.floatToRawIntBits(Float.parseFloat(text)), Float.floatToRawIntBits(f), text);
            answered++;
        }
        return answered;
    }

    @Test
    void theShortestDigitsOfRandomDoublesAndFloats() {
        SplittableRandom random = new SplittableRandom(5);
        int answered = 0;
        int tried = 0;
        for (int i = 0; i < SAMPLES; i++) {
            double d = Double.longBitsToDouble(random.nextLong());
            if (Double.isFinite(d)) {
                BigDecimal v = new BigDecimal(Double.toString(d));
                answered += check(d < 0 || (d == 0 && 1 / d < 0), v.unscaledValue().abs().longValueExact(), -v.scale());
                tried++;
            }
            float f = Float.intBitsToFloat(random.nextInt());
            if (Float.isFinite(f)) {
                BigDecimal v = new BigDecimal(Float.toString(f));
                check(f < 0, v.unscaledValue().abs().longValueExact(), -v.scale());
            }
        }
        // all but subnormal and overflowing doubles, and the rare near-halfway products, take a fast path
        assertTrue(answered > tried, answered + " of " + 2 * tried);
    }

    @Test
    void randomSignificandsOfUpTo19DigitsAndRandomExponents() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < SAMPLES; i++) {
            int digits = 1 + random.nextInt(19);
            long m = 0;
            for (int k = 0; k < digits; k++) {
                m = m * 10 + random.nextInt(10);
            }
            check(random.nextBoolean(), m, random.nextInt(-360, 330));
            check(false, m % 100_000_000, random.nextInt(-60, 45)); // floats' range
        }
    }

    @Test
    void halfwayAndOtherHardCases() {
        // 2^53 + 1 and 2^24 + 1 are halfway between two doubles (floats): ties go to the even one
        for (long m = (1L << 53) - 10; m < (1L << 53) + 1000; m++) {
            check(false, m, 0);
        }
        for (long m = (1L << 24) - 10; m < (1L << 24) + 1000; m++) {
            check(false, m, 0);
        }
        check(false, -1L, 0); // 18446744073709551615, the largest unsigned significand
        check(false, Long.parseUnsignedLong("9999999999999999999"), 290); // the largest of 19 digits
        check(true, 0, 0);
        check(false, 0, 400);
        check(false, 17976931348623157L, 292); // Double.MAX_VALUE
        check(false, 17976931348623159L, 292); // beyond: infinity (the general routine's answer)
        check(false, 49, -325); // the smallest subnormal
        check(false, 22250738585072014L, -324); // Double.MIN_NORMAL
        check(false, 34028235, 31); // Float.MAX_VALUE
        check(false, 7, -46);
        for (int e = -342; e <= 308; e++) {
            check(false, 1, e);
            check(false, 5, e);
            check(false, 9_007_199_254_740_993L, e);
        }
    }

    @Test
    void theCommonShapesTakeAFastPath() {
        assertEquals(858.67, DecimalParsing.toDouble(false, 85867, -2));
        assertEquals(-0.0, DecimalParsing.toDouble(true, 0, 5));
        assertEquals(1.7976931348623157E308, DecimalParsing.toDouble(false, 17976931348623157L, 292));
        assertEquals(27.638166f, DecimalParsing.toFloat(false, 27638166, -6));
        assertEquals(1.0E-300, DecimalParsing.toDouble(false, 1, -300));
        assertTrue(Double.isNaN(DecimalParsing.toDouble(false, 49, -325)), "a subnormal is the general routine's");
    }
}

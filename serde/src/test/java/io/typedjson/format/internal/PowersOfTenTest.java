package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The table and the three floor-logarithm formulas of {@link PowersOfTen} against exact integer arithmetic. */
class PowersOfTenTest {
    private static int digits(BigInteger n) {
        return n.toString().length();
    }

    @Test
    void floorLogarithms() {
        for (int e = -400; e <= 400; e++) { // the range used: PowersOfTen.MIN to MAX and -k
            BigInteger p = BigInteger.TEN.pow(Math.abs(e));
            // floor(log2(10^e)): the bit length less one, or minus the bit length for a negative e (10^-e is no power of two)
            int log2 = e >= 0 ? p.bitLength() - 1 : -p.bitLength();
            assertEquals(log2, PowersOfTen.floorLog2Pow10(e), "floorLog2Pow10(" + e + ")");
        }
        for (int q = -1200; q <= 1200; q++) { // the exponents of doubles (-1074 to 971) and floats
            BigInteger p = BigInteger.TWO.pow(Math.abs(q));
            int log10 = q >= 0 ? digits(p) - 1 : -digits(p); // 2^q is no power of ten for q != 0
            assertEquals(log10, PowersOfTen.floorLog10Pow2(q), "floorLog10Pow2(" + q + ")");
            // 3/4 * 2^q = 3 * 2^(q-2), or 3 * 5^m / 10^m with m = 2 - q
            int m = 2 - q;
            int threeQuarters = m <= 0 ? digits(BigInteger.valueOf(3).shiftLeft(-m)) - 1
                    : digits(BigInteger.valueOf(3).multiply(BigInteger.valueOf(5).pow(m))) - 1 - m;
            assertEquals(threeQuarters, PowersOfTen.floorLog10ThreeQuartersPow2(q), "floorLog10ThreeQuartersPow2(" + q + ")");
        }
    }

    @Test
    void theTableIsTheTruncatedMantissaOfEachPower() {
        for (int e = PowersOfTen.MIN; e <= PowersOfTen.MAX; e++) {
            BigInteger m;
            if (e >= 0) {
                BigInteger p = BigInteger.TEN.pow(e);
                int length = p.bitLength();
                m = length > 128 ? p.shiftRight(length - 128) : p.shiftLeft(128 - length);
            } else {
                BigInteger p = BigInteger.TEN.pow(-e);
                m = BigInteger.ONE.shiftLeft(127 + p.bitLength()).divide(p);
            }
            assertEquals(128, m.bitLength(), "10^" + e);
            assertEquals(m.shiftRight(64).longValue(), PowersOfTen.high(e), "high 10^" + e);
            assertEquals(m.longValue(), PowersOfTen.low(e), "low 10^" + e);
        }
    }
}

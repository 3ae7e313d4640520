package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.format.TypedJson;
import io.typedjson.format.TypedJsonException;
import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tag payload is read exactly when it is the writer's spelling of the value it denotes (SPEC.md section 7):
 * random number lexemes, judged against Java's own toString of the parsed value.
 */
class CanonicalPayloadProperties {

    /** Number lexemes near the canonical forms: signs, leading and trailing zeros, exponents of every kind. */
    static Gen<String> lexemes() {
        Gen<String> sign = Gens.elements("", "", "-");
        Gen<String> integer = Gens.oneOf(Gens.elements("0", "1", "10", "123", "00", "01"), Gens.numeric(1, 12));
        Gen<String> fraction = Gens.oneOf(Gens.constant(""), Gens.elements(".0", ".00", ".5", ".50", ".000001", ".0000001", ".1"),
                Gens.numeric(1, 10).map(f -> "." + f));
        Gen<String> exponent = Gens.oneOf(Gens.constant(""), Gens.constant(""),
                Gens.combine(Gens.elements("E", "e"), Gens.elements("", "+", "-"), Gens.ints(0, 40), (e, s, n) -> e + s + n));
        return Gens.combine(sign, integer, fraction, exponent, (s, i, f, e) -> s + i + f + e);
    }

    private static boolean accepted(String document) {
        try {
            TypedJson.read(document.getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (TypedJsonException e) {
            return false;
        }
    }

    @Test
    void aDecimalPayloadIsReadExactlyWhenItIsBigDecimalToString() {
        Check.forAll(3_000, lexemes(), lexeme -> {
            boolean canonical;
            try {
                canonical = Lexemes.isJsonNumber(lexeme) && new BigDecimal(lexeme).toString().equals(lexeme);
            } catch (NumberFormatException e) {
                canonical = false;
            }
            assertEquals(canonical, accepted("\"~d" + lexeme + "\""), lexeme);
        });
    }

    @Test
    void aFloatPayloadIsReadExactlyWhenItIsTheShortestSpelling() {
        Check.forAll(3_000, lexemes(), lexeme -> {
            boolean canonical = Lexemes.isJsonNumber(lexeme) && Float.isFinite(Float.parseFloat(lexeme))
                    && Lexemes.floatText(Float.parseFloat(lexeme)).equals(lexeme);
            assertEquals(canonical, accepted("\"~f" + lexeme + "\""), lexeme);
        });
    }

    @Test
    void anIntegerPayloadIsReadExactlyWhenItIsTheIntegerLexeme() {
        Check.forAll(3_000, lexemes(), lexeme -> {
            boolean canonical;
            try {
                canonical = Integer.toString(Integer.parseInt(lexeme)).equals(lexeme);
            } catch (NumberFormatException e) {
                canonical = false;
            }
            assertEquals(canonical, accepted("\"~i" + lexeme + "\""), lexeme);
        });
    }

    @Test
    void everyFloatIsReadFromItsOwnSpelling() {
        Check.forAll(3_000, Gens.floats(), f -> {
            String text = Float.isFinite(f) ? Lexemes.floatText(f) : Lexemes.nonFiniteText(f);
            assertEquals(Float.floatToIntBits(f), Float.floatToIntBits((Float) TypedJson.read(("\"~f" + text + "\"").getBytes(StandardCharsets.UTF_8))));
        });
    }

    /** A float: any bit pattern, or one as the benchmarks' rows hold (a random double below 100 narrowed). */
    private static Gen<Float> finiteFloats() {
        Gen<Float> rows = r -> (float) (r.nextDouble() * 100);
        return Gens.oneOf(Gens.floats(), rows).map(f -> Float.isFinite(f) ? f : 1.5f);
    }

    /** The writer's spelling of a float and its near misses: more or fewer digits, a neighbour, the other layout. */
    private static List<String> spellings(float f, int digits) {
        String canonical = Lexemes.floatText(f);
        BigDecimal d = new BigDecimal(canonical);
        List<BigDecimal> values = List.of(d, d.setScale(d.scale() + 1), d.add(d.ulp()), d.subtract(d.ulp()),
                d.round(new MathContext(digits)), new BigDecimal(f).round(new MathContext(digits)));
        List<String> spellings = new ArrayList<>(List.of(canonical, canonical.replace('E', 'e'),
                canonical.replace("E", "E+"), canonical.replace("E", "E0"), "0" + canonical, canonical + "0"));
        for (BigDecimal v : values) {
            String plain = v.toPlainString();
            spellings.add(plain.indexOf('.') < 0 ? plain + ".0" : plain);
            String unscaled = v.unscaledValue().abs().toString();
            spellings.add((v.signum() < 0 ? "-" : "") + unscaled.charAt(0) + "."
                    + (unscaled.length() > 1 ? unscaled.substring(1) : "0") + "E" + (v.precision() - v.scale() - 1));
        }
        return spellings;
    }

    /**
     * canonicalFloatOrNull decides most payloads without printing the float: what it reads is what the printing check
     * reads, and only canonical payloads; a document is read exactly when its payload is the writer's spelling.
     */
    @Test
    void theFloatCheckWithoutPrintingKeepsThePrintingChecksVerdicts() {
        Check.forAll(5_000, finiteFloats(), Gens.ints(1, 10), (f, digits) -> {
            for (String s : spellings(f, digits)) {
                char[] c = s.toCharArray();
                Float checked = Lexemes.canonicalFloatOrNull(c, 0, c.length);
                Float printed = c.length <= ShortestDecimal.MAX_FLOAT_LENGTH
                        ? Lexemes.printedCanonicalFloatOrNull(c, 0, c.length) : null;
                boolean canonical = Lexemes.isJsonNumber(s) && Float.isFinite(Float.parseFloat(s))
                        && Lexemes.floatText(Float.parseFloat(s)).equals(s);
                if (printed != null) {
                    assertEquals(printed, checked, s);
                }
                if (checked != null) { // (printing may leave to the String path what the fast paths cannot read)
                    assertEquals(canonical ? Float.parseFloat(s) : null, checked, s);
                }
                assertEquals(canonical, accepted("\"~f" + s + "\""), s);
            }
        });
    }
}

package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.format.TypedJson;
import io.typedjson.format.TypedJsonException;
import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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
}

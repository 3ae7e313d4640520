package io.typedjson.format.internal;

import io.typedjson.format.TypedJson;
import io.typedjson.format.TypedJsonException;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A tag payload is read exactly when it is the writer's spelling of the value it denotes (SPEC.md section 7):
 * random number lexemes, judged against Java's own toString of the parsed value.
 */
class CanonicalPayloadProperties {

    /** Number lexemes near the canonical forms: signs, leading and trailing zeros, exponents of every kind. */
    @Provide
    Arbitrary<String> lexemes() {
        Arbitrary<String> sign = Arbitraries.of("", "", "-");
        Arbitrary<String> integer = Arbitraries.oneOf(Arbitraries.of("0", "1", "10", "123", "00", "01"),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(12));
        Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.of(".0", ".00", ".5", ".50", ".000001",
                ".0000001", ".1"), Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(10).map(f -> "." + f));
        Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.just(""),
                Combinators.combine(Arbitraries.of("E", "e"), Arbitraries.of("", "+", "-"), Arbitraries.integers().between(0, 40))
                        .as((e, s, n) -> e + s + n));
        return Combinators.combine(sign, integer, fraction, exponent).as((s, i, f, e) -> s + i + f + e);
    }

    private static boolean accepted(String document) {
        try {
            TypedJson.read(document.getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (TypedJsonException e) {
            return false;
        }
    }

    @Property(tries = 3000)
    void aDecimalPayloadIsReadExactlyWhenItIsBigDecimalToString(@ForAll("lexemes") String lexeme) {
        boolean canonical;
        try {
            canonical = Lexemes.isJsonNumber(lexeme) && new BigDecimal(lexeme).toString().equals(lexeme);
        } catch (NumberFormatException e) {
            canonical = false;
        }
        assertEquals(canonical, accepted("\"~d" + lexeme + "\""), lexeme);
    }

    @Property(tries = 3000)
    void aFloatPayloadIsReadExactlyWhenItIsTheShortestSpelling(@ForAll("lexemes") String lexeme) {
        boolean canonical = Lexemes.isJsonNumber(lexeme) && Float.isFinite(Float.parseFloat(lexeme))
                && Lexemes.floatText(Float.parseFloat(lexeme)).equals(lexeme);
        assertEquals(canonical, accepted("\"~f" + lexeme + "\""), lexeme);
    }

    @Property(tries = 3000)
    void anIntegerPayloadIsReadExactlyWhenItIsTheIntegerLexeme(@ForAll("lexemes") String lexeme) {
        boolean canonical;
        try {
            canonical = Integer.toString(Integer.parseInt(lexeme)).equals(lexeme);
        } catch (NumberFormatException e) {
            canonical = false;
        }
        assertEquals(canonical, accepted("\"~i" + lexeme + "\""), lexeme);
    }

    @Property(tries = 2000)
    void everyFloatIsReadFromItsOwnSpelling(@ForAll float f) {
        String text = Float.isFinite(f) ? Lexemes.floatText(f) : Lexemes.nonFiniteText(f);
        assertEquals(Float.floatToIntBits(f), Float.floatToIntBits((Float) TypedJson.read(("\"~f" + text + "\"").getBytes(StandardCharsets.UTF_8))));
    }
}

package io.typedjson.format;

import io.typedjson.format.internal.Lexemes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Random values of the whole dynamic model, nested, with the edge cases weighted in. */
final class ModelArbitraries {
    private ModelArbitraries() {}

    static Arbitrary<Object> values() {
        return Arbitraries.recursive(ModelArbitraries::scalars, ModelArbitraries::composites, 0, 4);
    }

    private static Arbitrary<Object> composites(Arbitrary<Object> elements) {
        return Arbitraries.frequencyOf(Tuple.of(2, elements), Tuple.of(2, lists(elements)), Tuple.of(2, maps(elements)),
                Tuple.of(1, keyedMaps(elements)), Tuple.of(1, sets(elements)));
    }

    static Arbitrary<Object> scalars() {
        return Arbitraries.oneOf(List.of(
                Arbitraries.just(null),
                Arbitraries.of(true, false).map(b -> b),
                Arbitraries.bytes().map(b -> b),
                Arbitraries.shorts().map(s -> s),
                Arbitraries.integers().map(i -> i),
                Arbitraries.longs().map(l -> l),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)).map(b -> b),
                Arbitraries.floats().withSpecialValue(Float.NaN).withSpecialValue(Float.NEGATIVE_INFINITY)
                        .withSpecialValue(-0.0f).withSpecialValue(Float.MIN_VALUE).map(f -> f),
                doubles().map(d -> d),
                decimals().map(d -> d),
                strings().map(s -> s),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(b -> b),
                Arbitraries.longs().between(-62_000_000_000L, 250_000_000_000L)
                        .flatMap(s -> Arbitraries.integers().between(0, 999_999_999).map(n -> Instant.ofEpochSecond(s, n))),
                Arbitraries.integers().between(-200_000, 3_000_000).map(d -> LocalDate.ofEpochDay(d)),
                Arbitraries.longs().between(0, 86_400L * 1_000_000_000L - 1).map(LocalTime::ofNanoOfDay),
                Arbitraries.longs().between(-1_000_000_000L, 10_000_000_000L)
                        .map(s -> LocalDateTime.ofEpochSecond(s, (int) Math.floorMod(s * 7919, 1_000_000_000L), ZoneOffset.UTC)),
                Arbitraries.integers().between(-18 * 3600, 18 * 3600).map(o -> OffsetDateTime.of(
                        LocalDateTime.of(2024, 2, 29, 13, 45, 1, o & 0xFFFF), ZoneOffset.ofTotalSeconds(o / 60 * 60))),
                Arbitraries.longs().tuple2().map(t -> new UUID(t.get1(), t.get2()))));
    }

    static Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().withSpecialValue(Double.NaN).withSpecialValue(Double.POSITIVE_INFINITY)
                        .withSpecialValue(-0.0).withSpecialValue(Double.MIN_VALUE).withSpecialValue(Double.MAX_VALUE)
                        .withSpecialValue(2.0E23),
                Arbitraries.longs().map(Double::longBitsToDouble)); // every bit pattern, subnormals and NaN payloads included
    }

    static Arbitrary<BigDecimal> decimals() {
        return Combinators.combine(Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40)),
                Arbitraries.integers().between(-30, 30)).as(BigDecimal::new);
    }

    /** Unicode text: strings with a lone surrogate are not values of the model (the writer refuses them). */
    static Arbitrary<String> strings() {
        return Arbitraries.<String>oneOf(
                Arbitraries.strings().all().ofMaxLength(20),
                Arbitraries.strings().withChars("~$@\"\\ azAZ09\u0000\u2028\uD83D\uDE00").ofMaxLength(8),
                Arbitraries.of("~", "~~", "~t", "~i1", "~zNaN", "~set", "~map", "$type", "@class", "NaN", "1", ""))
                .filter(s -> Lexemes.loneSurrogate(s) < 0);
    }

    private static Arbitrary<Object> lists(Arbitrary<Object> values) {
        return values.list().ofMaxSize(5).map(l -> l);
    }

    private static Arbitrary<Object> sets(Arbitrary<Object> values) {
        return values.filter(v -> !(v instanceof byte[]) && !(v instanceof Double && ((Double) v).isNaN())
                        && !(v instanceof Float && ((Float) v).isNaN()))
                .list().ofMaxSize(4).map(l -> (Object) new LinkedHashSet<>(l));
    }

    private static Arbitrary<Object> maps(Arbitrary<Object> values) {
        return Combinators.combine(strings().list().ofMaxSize(5), values.list().ofSize(5)).as((keys, vals) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                m.put(keys.get(i), vals.get(i));
            }
            return m;
        });
    }

    private static Arbitrary<Object> keyedMaps(Arbitrary<Object> values) {
        return Combinators.combine(scalars().filter(k -> !(k instanceof byte[]) && !(k instanceof Double && ((Double) k).isNaN())
                        && !(k instanceof Float && ((Float) k).isNaN())).list().ofMaxSize(4), values.list().ofSize(4))
                .as((keys, vals) -> {
                    Map<Object, Object> m = new LinkedHashMap<>();
                    for (int i = 0; i < keys.size(); i++) {
                        m.put(keys.get(i), vals.get(i));
                    }
                    return m;
                });
    }
}

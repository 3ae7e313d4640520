package io.typedjson.format;

import static io.typedjson.testing.Gens.weighted;

import io.typedjson.format.internal.Lexemes;
import io.typedjson.fuzz.Show;
import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random values of the whole dynamic model: every scalar type with its edge cases, lists, maps with string keys and
 * with scalar keys, sets, nested four levels deep, and spines nested up to the depth limit.
 */
@SuppressWarnings("exports") // public for the serde package's fuzz properties; the generators are test code
public final class ModelGenerators {
    private ModelGenerators() {}

    /** The depth limit of a document ({@link Limits#DEFAULT}): a list or a string-keyed map is one level, a set or a keyed map two. */
    static final int MAX_DEPTH = Limits.DEFAULT.maxDepth();

    public static Gen<Object> values() {
        return Gens.frequency(weighted(40, Gens.recursive(scalars(), ModelGenerators::composites, 4)), weighted(1, deep()));
    }

    private static Gen<Object> composites(Gen<Object> elements) {
        return Gens.frequency(weighted(2, elements), weighted(2, lists(elements)), weighted(2, maps(elements)),
                weighted(1, keyedMaps(elements)), weighted(1, sets(elements)));
    }

    /** A value and the document written from it (or the writer's refusal), for failure messages. */
    public static String describe(Object value) {
        String document;
        try {
            document = Show.bytes(TypedJson.write(value));
        } catch (RuntimeException e) {
            document = "(not written: " + e.getMessage() + ")";
        }
        return Check.describe(value) + "\ndocument: " + document;
    }

    public static Gen<Object> scalars() {
        return Gens.oneOf(
                Gens.constant(null),
                Gens.booleans(),
                Gens.bytes(),
                Gens.shorts(),
                Gens.ints(),
                Gens.longs(),
                Gens.bigIntegers(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                Gens.floats(),
                doubles(),
                decimals(),
                strings(),
                Gens.byteArrays(0, 40),
                Gens.combine(Gens.longs(-62_000_000_000L, 250_000_000_000L), Gens.ints(0, 999_999_999), Instant::ofEpochSecond),
                Gens.ints(-200_000, 3_000_000).map(LocalDate::ofEpochDay),
                Gens.longs(0, 86_400L * 1_000_000_000L - 1).map(LocalTime::ofNanoOfDay),
                Gens.combine(Gens.longs(-1_000_000_000L, 10_000_000_000L), Gens.ints(0, 999_999_999),
                        (s, n) -> LocalDateTime.ofEpochSecond(s, n, ZoneOffset.UTC)),
                Gens.combine(Gens.longs(-1_000_000_000L, 10_000_000_000L), Gens.ints(0, 999_999_999), Gens.ints(-18 * 60, 18 * 60),
                        (s, n, minutes) -> OffsetDateTime.of(LocalDateTime.ofEpochSecond(s, n, ZoneOffset.UTC),
                                ZoneOffset.ofTotalSeconds(minutes * 60))),
                Gens.combine(Gens.longs(), Gens.longs(), UUID::new),
                Gens.combine(Gens.longs(), Gens.ints(0, 999_999_999), Duration::ofSeconds));
    }

    public static Gen<Double> doubles() {
        return Gens.doubles();
    }

    public static Gen<BigDecimal> decimals() {
        return Gens.bigDecimals(BigInteger.TEN.pow(40), -30, 30);
    }

    /** Unicode text: strings with a lone surrogate are not values of the model (the writer refuses them). */
    public static Gen<String> strings() {
        return Gens.oneOf(
                        Gens.strings(Gens.anyCodePoints(), 0, 20),
                        Gens.strings(Gens.codePointsOf("~$@\"\\ azAZ09\u0000\u2028\uD83D\uDE00"), 0, 8),
                        Gens.elements("~", "~~", "~t", "~i1", "~zNaN", "~set", "~map", "$type", "@class", "NaN", "1", ""))
                .filter(s -> Lexemes.loneSurrogate(s) < 0);
    }

    private static boolean settable(Object v) {
        return !(v instanceof byte[]) && !(v instanceof Double && ((Double) v).isNaN()) && !(v instanceof Float && ((Float) v).isNaN());
    }

    private static Gen<Object> lists(Gen<Object> values) {
        return values.list(5).map(l -> l);
    }

    private static Gen<Object> sets(Gen<Object> values) {
        return values.filter(ModelGenerators::settable).set(4).map(s -> s);
    }

    private static Gen<Object> maps(Gen<Object> values) {
        return Gens.maps(strings(), values, 5).map(m -> m);
    }

    private static Gen<Object> keyedMaps(Gen<Object> values) {
        return Gens.maps(scalars().filter(ModelGenerators::settable), values, 4).map(m -> m);
    }

    /**
     * Spines nested to a random depth up to the limit, with scalars beside them; edges: lists, maps, sets and keyed
     * maps nested exactly to the limit, and a mixed spine of exactly the limit.
     */
    static Gen<Object> deep() {
        Gen<Object> scalars = scalars().filter(ModelGenerators::settable);
        Gen<Integer> depths = Gens.ints(5, MAX_DEPTH).withEdges(MAX_DEPTH, MAX_DEPTH - 1);
        return new Gen<>() {
            @Override
            public Object next(SplittableRandom random) {
                return spine(random, depths.next(random), -1, scalars);
            }

            @Override
            public List<Object> edges(SplittableRandom random) {
                List<Object> out = new ArrayList<>();
                for (int kind = 0; kind < 4; kind++) {
                    out.add(spine(random, MAX_DEPTH, kind, scalars));
                }
                out.add(spine(random, MAX_DEPTH, -1, scalars));
                return out;
            }
        };
    }

    /** A value whose document is {@code depth} levels deep: containers of one {@code kind} (0 to 3), or mixed (-1). */
    private static Object spine(SplittableRandom random, int depth, int kind, Gen<Object> scalars) {
        Object v = scalars.next(random);
        for (int budget = depth; budget > 0; ) {
            int k = kind >= 0 ? kind : random.nextInt(budget >= 2 ? 4 : 2);
            List<Object> siblings = new ArrayList<>();
            for (int i = random.nextInt(3); i > 0; i--) {
                siblings.add(scalars.next(random));
            }
            switch (k) {
                case 0: {
                    List<Object> l = new ArrayList<>(siblings);
                    l.add(random.nextInt(l.size() + 1), v);
                    v = l;
                    budget -= 1;
                    break;
                }
                case 1: {
                    Map<String, Object> m = new LinkedHashMap<>();
                    for (Object s : siblings) {
                        m.put(String.valueOf(m.size()), s);
                    }
                    m.put("~deeper", v);
                    v = m;
                    budget -= 1;
                    break;
                }
                case 2: {
                    LinkedHashSet<Object> s = new LinkedHashSet<>(siblings);
                    s.add(v);
                    v = s;
                    budget -= 2;
                    break;
                }
                default: {
                    Map<Object, Object> m = new LinkedHashMap<>();
                    for (Object s : siblings) {
                        m.put(s, s);
                    }
                    m.put((long) budget, v); // a number key: the map is written as "~map" pairs
                    v = m;
                    budget -= 2;
                    break;
                }
            }
            if (kind >= 2 && budget == 1) {
                break; // an odd depth of two-level containers: one level short of the limit
            }
        }
        return v;
    }
}

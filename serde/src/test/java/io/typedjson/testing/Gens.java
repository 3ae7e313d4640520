package io.typedjson.testing;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * The generators the property tests are built from: numbers with their bounds, zero, signed zeros, NaN, infinities
 * and subnormals as edge cases and magnitudes biased towards small; text with empty strings, controls, surrogate
 * pairs and (on request) lone surrogates; collections with sizes biased towards small, empty first; choice,
 * combination and recursion. One draw, one value: everything follows from the seed.
 */
public final class Gens {
    private Gens() {}

    /** Up to this many edge cases of an element generator become one-element collections. */
    private static final int MAX_ELEMENT_EDGES = 16;

    // ------------------------------------------------------------------ choice

    public static <T> Gen<T> constant(T value) {
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                return value;
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                return java.util.Collections.singletonList(value);
            }
        };
    }

    /** One of the values, uniformly; hand-picked values (64 or fewer) are all edge cases, a larger pool has none. */
    @SafeVarargs
    public static <T> Gen<T> elements(T... values) {
        List<T> list = new ArrayList<>(values.length);
        for (T v : values) {
            list.add(v);
        }
        return elements(list);
    }

    public static <T> Gen<T> elements(List<? extends T> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values to choose from");
        }
        List<T> copy = new ArrayList<>(values);
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                return copy.get(random.nextInt(copy.size()));
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                return copy.size() <= 64 ? copy : List.of();
            }
        };
    }

    /** One of the generators, uniformly; the edges of all of them. */
    @SafeVarargs
    public static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Weighted<T>> weighted = new ArrayList<>();
        for (Gen<? extends T> g : gens) {
            weighted.add(weighted(1, g));
        }
        return frequency(weighted);
    }

    /** A generator with its weight in {@link #frequency}. */
    public record Weighted<T>(int weight, Gen<? extends T> gen) {}

    public static <T> Weighted<T> weighted(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }

    @SafeVarargs
    public static <T> Gen<T> frequency(Weighted<T>... choices) {
        List<Weighted<T>> list = new ArrayList<>(choices.length);
        for (Weighted<T> c : choices) {
            list.add(c);
        }
        return frequency(list);
    }

    /** One of the generators, in proportion to its weight; the edges of all of them. */
    public static <T> Gen<T> frequency(List<Weighted<T>> choices) {
        int total = choices.stream().mapToInt(Weighted::weight).sum();
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                int pick = random.nextInt(total);
                for (Weighted<T> w : choices) {
                    pick -= w.weight();
                    if (pick < 0) {
                        return w.gen().next(random);
                    }
                }
                throw new AssertionError();
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                List<T> out = new ArrayList<>();
                for (Weighted<T> w : choices) {
                    out.addAll(w.gen().edges(random));
                }
                return out;
            }
        };
    }

    // ------------------------------------------------------------------ integers

    public static Gen<Boolean> booleans() {
        return elements(false, true);
    }

    public static Gen<Byte> bytes() {
        return longs(Byte.MIN_VALUE, Byte.MAX_VALUE).map(Long::byteValue);
    }

    public static Gen<Short> shorts() {
        return longs(Short.MIN_VALUE, Short.MAX_VALUE).map(Long::shortValue);
    }

    public static Gen<Integer> ints() {
        return ints(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    public static Gen<Integer> ints(int min, int max) {
        return longs(min, max).map(Long::intValue);
    }

    public static Gen<Long> longs() {
        return longs(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /**
     * Longs in {@code [min, max]}: half uniform over the range, half of a random bit length around zero (or around
     * the bound nearer to zero when zero is out of range), so that small values and every power of two are common.
     * Edges: 0, 1 and -1 where in range, the bounds and their neighbours.
     */
    public static Gen<Long> longs(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException(min + " > " + max);
        }
        // small magnitudes around zero, or around the bound nearer to zero when zero is out of range
        long anchor = min > 0 ? min : max < 0 ? max : 0;
        return new Gen<>() {
            @Override
            public Long next(SplittableRandom random) {
                if (random.nextBoolean()) {
                    return uniform(random, min, max);
                }
                long magnitude = (random.nextLong() >>> 1) >>> random.nextInt(64); // 63 to 0 random bits
                boolean up = min > 0 || (max >= 0 && random.nextBoolean());
                long v = up ? anchor + magnitude : anchor - magnitude;
                boolean overflowed = up ? v < anchor : v > anchor;
                return overflowed || v < min || v > max ? uniform(random, min, max) : v;
            }

            @Override
            public List<Long> edges(SplittableRandom random) {
                LinkedHashSet<Long> out = new LinkedHashSet<>();
                for (long e : new long[] {0, 1, -1, min, max, min + 1, max - 1}) {
                    if (min <= e && e <= max) {
                        out.add(e);
                    }
                }
                return new ArrayList<>(out);
            }
        };
    }

    private static long uniform(SplittableRandom random, long min, long max) {
        if (max == Long.MAX_VALUE) {
            if (min == Long.MIN_VALUE) {
                return random.nextLong();
            }
            long v;
            do {
                v = random.nextLong();
            } while (v < min);
            return v;
        }
        return random.nextLong(min, max + 1);
    }

    /** Integers in {@code [min, max]}, of a random bit length; edges: the bounds, 0, 1, -1 where in range. */
    public static Gen<BigInteger> bigIntegers(BigInteger min, BigInteger max) {
        BigInteger span = max.subtract(min).add(BigInteger.ONE);
        int bits = Math.max(min.bitLength(), max.bitLength());
        return new Gen<>() {
            @Override
            public BigInteger next(SplittableRandom random) {
                int length = random.nextInt(bits + 1);
                byte[] b = new byte[length / 8 + 1];
                random.nextBytes(b);
                BigInteger v = new BigInteger(1, b).shiftRight(b.length * 8 - length);
                v = random.nextBoolean() ? v : v.negate();
                return v.compareTo(min) < 0 || v.compareTo(max) > 0 ? min.add(v.mod(span)) : v;
            }

            @Override
            public List<BigInteger> edges(SplittableRandom random) {
                List<BigInteger> out = new ArrayList<>();
                for (BigInteger e : List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), min, max)) {
                    if (e.compareTo(min) >= 0 && e.compareTo(max) <= 0 && !out.contains(e)) {
                        out.add(e);
                    }
                }
                return out;
            }
        };
    }

    /** Decimals of an unscaled value within ±{@code maxUnscaled} and a scale in {@code [minScale, maxScale]}. */
    public static Gen<BigDecimal> bigDecimals(BigInteger maxUnscaled, int minScale, int maxScale) {
        return combine(bigIntegers(maxUnscaled.negate(), maxUnscaled), ints(minScale, maxScale), BigDecimal::new);
    }

    // ------------------------------------------------------------------ floating point

    private static final double[] DOUBLE_EDGES = {0.0, -0.0, 1.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Math.nextDown(Double.MIN_NORMAL), Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 0.1, 2.0E23, 1.0E23, 1.0E-3, 1.0E7, 0x1p53, 0x1p53 + 2,
        Double.longBitsToDouble(0x7ff8000000000001L), Double.longBitsToDouble(0xfff0000000000001L)};

    /**
     * Every double: a random bit pattern (subnormals and NaN payloads included), a short decimal at any exponent, a
     * random magnitude or a small integer; edges: ±0.0, ±1, NaN, ±infinity, the smallest subnormal, the largest
     * subnormal and smallest normal, ±the largest finite, NaNs with a payload, and values whose shortest spelling is
     * known to be hard or to change form (2E23, 1E23, 0.1, 1E-3, 1E7, 2^53).
     */
    public static Gen<Double> doubles() {
        Gen<Double> random = r -> {
            switch (r.nextInt(4)) {
                case 0: return Double.longBitsToDouble(r.nextLong());
                case 1: return Double.parseDouble((r.nextBoolean() ? "-" : "") + r.nextLong(1, 100_000_000_000_000_000L) + "E" + r.nextInt(-345, 310));
                case 2: return Math.scalb(r.nextDouble(), r.nextInt(-1074, 1024)) * (r.nextBoolean() ? 1 : -1);
                default: return (double) r.nextInt(-1000, 1001);
            }
        };
        Double[] edges = Arrays.stream(DOUBLE_EDGES).boxed().toArray(Double[]::new);
        return random.withEdges(edges);
    }

    private static final float[] FLOAT_EDGES = {0.0f, -0.0f, 1.0f, -1.0f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Math.nextDown(Float.MIN_NORMAL), Float.MIN_NORMAL,
        Float.MAX_VALUE, -Float.MAX_VALUE, 0.1f, 1.0E-3f, 1.0E7f, 0x1p24f, Float.intBitsToFloat(0x7fc00001)};

    /** Every float, as {@link #doubles()}: bit patterns, short decimals, magnitudes, small integers; and its edges. */
    public static Gen<Float> floats() {
        Gen<Float> random = r -> {
            switch (r.nextInt(4)) {
                case 0: return Float.intBitsToFloat(r.nextInt());
                case 1: return Float.parseFloat((r.nextBoolean() ? "-" : "") + r.nextLong(1, 1_000_000_000L) + "E" + r.nextInt(-50, 40));
                case 2: return Math.scalb((float) r.nextDouble(), r.nextInt(-149, 128)) * (r.nextBoolean() ? 1 : -1);
                default: return (float) r.nextInt(-1000, 1001);
            }
        };
        Float[] edges = new Float[FLOAT_EDGES.length];
        for (int i = 0; i < edges.length; i++) {
            edges[i] = FLOAT_EDGES[i];
        }
        return random.withEdges(edges);
    }

    // ------------------------------------------------------------------ text

    /** Code points in {@code [min, max]} (biased towards {@code min} as {@link #longs(long, long)}); edges: both bounds. */
    public static Gen<Integer> codePoints(int min, int max) {
        return ints(min, max);
    }

    /** One of the characters of {@code chars} (surrogate pairs count as one). */
    public static Gen<Integer> codePointsOf(String chars) {
        return elements(chars.codePoints().boxed().toList());
    }

    /**
     * Any code point, lone surrogates included (filter them where they are not values): printable ASCII, controls,
     * anything in the BMP, beyond it (surrogate pairs in a String); edges: NUL, quote, backslash, {@code ~}, a
     * control, U+2028, U+FEFF, U+FFFF, a lone high and low surrogate, U+1F600 and U+10FFFF.
     */
    public static Gen<Integer> anyCodePoints() {
        return Gens.<Integer>frequency(weighted(4, codePoints(0x20, 0x7e)), weighted(1, codePoints(0, 0x1f)),
                        weighted(3, codePoints(0, 0xffff)), weighted(1, codePoints(0x80, 0x7ff)),
                        weighted(1, codePoints(0x10000, Character.MAX_CODE_POINT)))
                .withEdges(0, (int) '"', (int) '\\', (int) '~', 0x1f, 0x7f, 0x2028, 0xfeff, 0xffff, 0xd800, 0xdfff, 0x1f600,
                        Character.MAX_CODE_POINT);
    }

    /**
     * Strings of {@code minLength} to {@code maxLength} code points (lengths biased towards short); edges: the
     * shortest string, and one of each code point edge.
     */
    public static Gen<String> strings(Gen<Integer> codePoints, int minLength, int maxLength) {
        return lists(codePoints, minLength, maxLength).map(cps -> {
            StringBuilder sb = new StringBuilder();
            for (int cp : cps) {
                sb.appendCodePoint(cp);
            }
            return sb.toString();
        });
    }

    public static Gen<String> alpha(int minLength, int maxLength) {
        return strings(codePointsOf("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), minLength, maxLength);
    }

    public static Gen<String> numeric(int minLength, int maxLength) {
        return strings(codePointsOf("0123456789"), minLength, maxLength);
    }

    /** Byte arrays of {@code minLength} to {@code maxLength} bytes; edges: the shortest, and one of each byte edge. */
    public static Gen<byte[]> byteArrays(int minLength, int maxLength) {
        return lists(bytes(), minLength, maxLength).map(l -> {
            byte[] b = new byte[l.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = l.get(i);
            }
            return b;
        });
    }

    // ------------------------------------------------------------------ collections

    /**
     * A size in {@code [min, max]} biased towards small: {@code min} one time in eight, {@code max} one in sixteen,
     * otherwise quadratically weighted towards {@code min}.
     */
    public static int size(SplittableRandom random, int min, int max) {
        if (min == max) {
            return min;
        }
        int pick = random.nextInt(16);
        if (pick < 2) {
            return min;
        }
        if (pick == 2) {
            return max;
        }
        double u = random.nextDouble();
        return min + (int) ((max - min + 1) * u * u);
    }

    /**
     * Lists of {@code minSize} to {@code maxSize} elements; edges: the shortest list, then one-element lists of the
     * element's edge cases (the first 16).
     */
    public static <T> Gen<List<T>> lists(Gen<T> elements, int minSize, int maxSize) {
        if (minSize < 0 || minSize > maxSize) {
            throw new IllegalArgumentException(minSize + ", " + maxSize);
        }
        return new Gen<>() {
            @Override
            public List<T> next(SplittableRandom random) {
                int n = size(random, minSize, maxSize);
                List<T> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    out.add(elements.next(random));
                }
                return out;
            }

            @Override
            public List<List<T>> edges(SplittableRandom random) {
                List<T> elementEdges = elements.edges(random);
                List<List<T>> out = new ArrayList<>();
                List<T> shortest = new ArrayList<>();
                for (int i = 0; i < minSize; i++) {
                    shortest.add(elementEdges.isEmpty() ? elements.next(random) : elementEdges.get(i % elementEdges.size()));
                }
                out.add(shortest);
                if (minSize <= 1 && maxSize >= 1) {
                    for (T e : elementEdges.subList(0, Math.min(MAX_ELEMENT_EDGES, elementEdges.size()))) {
                        List<T> one = new ArrayList<>(1);
                        one.add(e);
                        if (minSize == 0 || !one.equals(shortest)) {
                            out.add(one);
                        }
                    }
                }
                return out;
            }
        };
    }

    /** Maps in insertion order of at most {@code maxSize} entries (fewer when keys repeat). */
    public static <K, V> Gen<Map<K, V>> maps(Gen<K> keys, Gen<V> values, int maxSize) {
        return lists(combine(keys, values, java.util.AbstractMap.SimpleImmutableEntry::new), 0, maxSize).map(entries -> {
            Map<K, V> m = new LinkedHashMap<>();
            for (Map.Entry<K, V> e : entries) {
                m.put(e.getKey(), e.getValue());
            }
            return m;
        });
    }

    // ------------------------------------------------------------------ combination

    /**
     * One value of each generator. Edges: as many as the component with the most, each component cycling through
     * its own (a component without edges gives random values), so every component's every edge is tried.
     */
    public static Gen<Object[]> tuple(Gen<?>... components) {
        Gen<?>[] gens = components.clone();
        return new Gen<>() {
            @Override
            public Object[] next(SplittableRandom random) {
                Object[] out = new Object[gens.length];
                for (int i = 0; i < gens.length; i++) {
                    out[i] = gens[i].next(random);
                }
                return out;
            }

            @Override
            public List<Object[]> edges(SplittableRandom random) {
                List<List<?>> each = new ArrayList<>();
                int n = 0;
                for (Gen<?> g : gens) {
                    List<?> e = g.edges(random);
                    each.add(e);
                    n = Math.max(n, e.size());
                }
                List<Object[]> out = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    Object[] t = new Object[gens.length];
                    for (int i = 0; i < gens.length; i++) {
                        List<?> e = each.get(i);
                        t[i] = e.isEmpty() ? gens[i].next(random) : e.get(k % e.size());
                    }
                    out.add(t);
                }
                return out;
            }
        };
    }

    /** Two values, for properties of two arguments ({@link Check#forAll(int, Gen, Gen, java.util.function.BiConsumer)}). */
    public record Pair<A, B>(A first, B second) {}

    @SuppressWarnings("unchecked")
    public static <A, B, R> Gen<R> combine(Gen<A> a, Gen<B> b, BiFunction<? super A, ? super B, ? extends R> f) {
        return tuple(a, b).map(t -> f.apply((A) t[0], (B) t[1]));
    }

    @FunctionalInterface
    public interface Fn3<A, B, C, R> {
        R apply(A a, B b, C c);
    }

    @SuppressWarnings("unchecked")
    public static <A, B, C, R> Gen<R> combine(Gen<A> a, Gen<B> b, Gen<C> c, Fn3<? super A, ? super B, ? super C, ? extends R> f) {
        return tuple(a, b, c).map(t -> f.apply((A) t[0], (B) t[1], (C) t[2]));
    }

    @FunctionalInterface
    public interface Fn4<A, B, C, D, R> {
        R apply(A a, B b, C c, D d);
    }

    @SuppressWarnings("unchecked")
    public static <A, B, C, D, R> Gen<R> combine(Gen<A> a, Gen<B> b, Gen<C> c, Gen<D> d,
                                                 Fn4<? super A, ? super B, ? super C, ? super D, ? extends R> f) {
        return tuple(a, b, c, d).map(t -> f.apply((A) t[0], (B) t[1], (C) t[2], (D) t[3]));
    }

    /** Records built through their canonical constructor from one generator per component, in order. */
    public static <R extends Record> Gen<R> records(Class<R> type, Gen<?>... components) {
        RecordComponent[] rc = type.getRecordComponents();
        if (rc.length != components.length) {
            throw new IllegalArgumentException(type.getSimpleName() + " has " + rc.length + " components, not " + components.length);
        }
        Constructor<R> constructor;
        try {
            constructor = type.getDeclaredConstructor(Arrays.stream(rc).map(RecordComponent::getType).toArray(Class<?>[]::new));
            constructor.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(e);
        }
        return tuple(components).map(args -> {
            try {
                return constructor.newInstance(args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot build a " + type.getSimpleName() + " of " + Arrays.toString(args), e);
            }
        });
    }

    // ------------------------------------------------------------------ recursion and pools

    /**
     * Values nested up to {@code maxDepth} levels: each value picks a depth in {@code [0, maxDepth]} and is
     * {@code deeper} applied that many times to {@code base}. Edges: those of the base and of one level above it.
     */
    public static <T> Gen<T> recursive(Gen<T> base, UnaryOperator<Gen<T>> deeper, int maxDepth) {
        List<Gen<T>> levels = new ArrayList<>();
        levels.add(base);
        for (int d = 1; d <= maxDepth; d++) {
            levels.add(deeper.apply(levels.get(d - 1)));
        }
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                return levels.get(random.nextInt(levels.size())).next(random);
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                return levels.get(Math.min(1, maxDepth)).edges(random);
            }
        };
    }

    /**
     * A fixed pool of {@code size} values of {@code source}, drawn once from the first random source this
     * generator sees (so, from the seed), then picked from uniformly: for generators whose values are costly to make
     * and cheap to vary (documents to mutate). Edges: those of the source.
     */
    public static <T> Gen<T> pooled(Gen<T> source, int size) {
        return new Gen<>() {
            private List<T> pool;

            @Override
            public T next(SplittableRandom random) {
                if (pool == null) {
                    SplittableRandom poolRandom = random.split();
                    List<T> values = new ArrayList<>(size);
                    for (int i = 0; i < size; i++) {
                        values.add(source.next(poolRandom));
                    }
                    pool = values;
                }
                return pool.get(random.nextInt(pool.size()));
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                return source.edges(random);
            }
        };
    }
}

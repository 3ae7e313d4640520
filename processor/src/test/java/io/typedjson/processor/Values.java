package io.typedjson.processor;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Random values of a Java type, from a seeded {@link SplittableRandom}: records, classes with a no-argument
 * constructor (their fields set directly), enums, sealed types, containers, every scalar of SPEC.md section 10 with
 * its edges (NaN, -0.0, the extremes of each range, strings with '~', escapes, characters beyond the BMP and now and
 * then a lone surrogate, which every kind must refuse alike), nulls in reference positions, and dynamic values for
 * {@code Object}.
 */
final class Values {
    private final SplittableRandom random;

    Values(SplittableRandom random) {
        this.random = random;
    }

    Object of(Type type) {
        return of(type, new HashMap<>(), 0);
    }

    private Object of(Type type, Map<TypeVariable<?>, Type> bindings, int depth) {
        if (type instanceof TypeVariable<?> v) {
            return of(bindings.getOrDefault(v, Object.class), Map.of(), depth);
        }
        if (type instanceof WildcardType w) {
            return of(w.getUpperBounds()[0], bindings, depth);
        }
        Class<?> raw = raw(type);
        Type[] args = type instanceof ParameterizedType p ? p.getActualTypeArguments() : new Type[0];
        if (!raw.isPrimitive() && raw != Optional.class && random.nextInt(12) == 0) {
            return null;
        }
        if (raw == boolean.class || raw == Boolean.class) return random.nextBoolean();
        if (raw == byte.class || raw == Byte.class) return (byte) pick(Byte.MIN_VALUE, Byte.MAX_VALUE, 0, -1, random.nextInt());
        if (raw == short.class || raw == Short.class) return (short) pick(Short.MIN_VALUE, Short.MAX_VALUE, 0, -1, random.nextInt());
        if (raw == int.class || raw == Integer.class) return (int) pick(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 1, random.nextInt(1000));
        if (raw == long.class || raw == Long.class) return pick(Long.MIN_VALUE, Long.MAX_VALUE, 0, 1L << 53, random.nextLong());
        if (raw == float.class || raw == Float.class) return aFloat();
        if (raw == double.class || raw == Double.class) return aDouble();
        if (raw == char.class || raw == Character.class) return random.nextInt(10) == 0 ? '~' : aString(1).charAt(0);
        if (raw == String.class) return aString(random.nextInt(12));
        if (raw == BigDecimal.class) return BigDecimal.valueOf(random.nextLong(), random.nextInt(-20, 20));
        if (raw == BigInteger.class) return new BigInteger(random.nextInt(1, 200), new java.util.Random(random.nextLong()))
                .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1));
        if (raw == ByteBuffer.class) return ByteBuffer.wrap(bytes());
        if (raw == byte[].class) return bytes();
        if (raw == Instant.class) return Instant.ofEpochSecond(random.nextLong(-62135596800L, 253402300799L), random.nextInt(4) == 0 ? 0 : random.nextInt(1_000_000) * 1000);
        if (raw == LocalDate.class) return LocalDate.ofEpochDay(random.nextLong(-700000, 2900000));
        if (raw == LocalTime.class) return LocalTime.ofNanoOfDay(random.nextLong(86_400_000_000_000L) / 1000 * 1000);
        if (raw == LocalDateTime.class) return LocalDateTime.of(LocalDate.ofEpochDay(random.nextLong(-700000, 2900000)), LocalTime.ofSecondOfDay(random.nextInt(86400)));
        if (raw == OffsetDateTime.class) return OffsetDateTime.of(LocalDateTime.of(2024, 1 + random.nextInt(12), 1 + random.nextInt(28), random.nextInt(24), random.nextInt(60)), ZoneOffset.ofHours(random.nextInt(-12, 15)));
        if (raw == UUID.class) return new UUID(random.nextLong(), random.nextLong());
        if (raw == Object.class) return dynamic(depth);
        if (raw == Optional.class) return random.nextInt(3) == 0 ? Optional.empty() : Optional.ofNullable(nonNull(args[0], bindings, depth));
        if (raw.isEnum()) return raw.getEnumConstants()[random.nextInt(raw.getEnumConstants().length)];
        if (List.class.isAssignableFrom(raw) || Set.class.isAssignableFrom(raw)) {
            java.util.Collection<Object> c = List.class.isAssignableFrom(raw) ? new ArrayList<>() : new LinkedHashSet<>();
            int n = depth > 3 ? 0 : random.nextInt(4);
            for (int k = 0; k < n; k++) {
                c.add(List.class.isAssignableFrom(raw) ? nonNull(args[0], bindings, depth + 1) : of(args[0], bindings, depth + 1));
            }
            // List.copyOf: one of the immutable lists the JDK makes (List12, ListN), as producers' records hold
            return List.class.isAssignableFrom(raw) ? List.copyOf(c) : c;
        }
        if (Map.class.isAssignableFrom(raw)) {
            Map<Object, Object> m = new LinkedHashMap<>();
            int n = depth > 3 ? 0 : random.nextInt(4);
            for (int k = 0; k < n; k++) {
                m.put(nonNull(args[0], bindings, depth + 1), of(args[1], bindings, depth + 1));
            }
            return m;
        }
        if (raw.isSealed()) {
            Class<?>[] variants = raw.getPermittedSubclasses();
            return nonNull(variants[random.nextInt(variants.length)], bindings, depth);
        }
        Map<TypeVariable<?>, Type> inner = new HashMap<>();
        TypeVariable<?>[] vars = raw.getTypeParameters();
        for (int k = 0; k < vars.length; k++) {
            inner.put(vars[k], k < args.length ? resolve(args[k], bindings) : Object.class);
        }
        try {
            if (raw.isRecord()) {
                RecordComponent[] cs = raw.getRecordComponents();
                Object[] values = new Object[cs.length];
                Class<?>[] types = new Class<?>[cs.length];
                for (int k = 0; k < cs.length; k++) {
                    values[k] = depth > 4 && !cs[k].getType().isPrimitive() ? null : of(cs[k].getGenericType(), inner, depth + 1);
                    types[k] = cs[k].getType();
                }
                Constructor<?> c = raw.getDeclaredConstructor(types);
                c.setAccessible(true);
                return c.newInstance(values);
            }
            Constructor<?> c = raw.getDeclaredConstructor();
            c.setAccessible(true);
            Object o = c.newInstance();
            for (Class<?> k = raw; k != Object.class; k = k.getSuperclass()) {
                Map<TypeVariable<?>, Type> own = k == raw ? inner : superBindings(raw, k, inner);
                for (Field f : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers())) {
                        f.setAccessible(true);
                        f.set(o, of(f.getGenericType(), own, depth + 1));
                    }
                }
            }
            return o;
        } catch (java.lang.reflect.InvocationTargetException e) {
            return null; // a constructor that refuses the random values: leave the field empty
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private Object nonNull(Type type, Map<TypeVariable<?>, Type> bindings, int depth) {
        Object v;
        do {
            v = of(type, bindings, depth);
        } while (v == null);
        return v;
    }

    private Map<TypeVariable<?>, Type> superBindings(Class<?> raw, Class<?> ancestor, Map<TypeVariable<?>, Type> own) {
        Map<TypeVariable<?>, Type> b = new HashMap<>(own);
        for (Class<?> c = raw; c != ancestor; c = c.getSuperclass()) {
            if (c.getGenericSuperclass() instanceof ParameterizedType p) {
                TypeVariable<?>[] vars = c.getSuperclass().getTypeParameters();
                for (int k = 0; k < vars.length; k++) {
                    b.put(vars[k], resolve(p.getActualTypeArguments()[k], b));
                }
            }
        }
        return b;
    }

    private static Type resolve(Type t, Map<TypeVariable<?>, Type> bindings) {
        return t instanceof TypeVariable<?> v ? bindings.getOrDefault(v, Object.class) : t;
    }

    private static Class<?> raw(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        return Object.class;
    }

    private long pick(long min, long max, long a, long b, long any) {
        switch (random.nextInt(6)) {
            case 0: return min;
            case 1: return max;
            case 2: return a;
            case 3: return b;
            default: return any;
        }
    }

    private float aFloat() {
        float[] edges = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0f, 0f, Float.MIN_VALUE, Float.MAX_VALUE, 0.1f, 1e10f};
        return random.nextInt(3) == 0 ? edges[random.nextInt(edges.length)] : Float.intBitsToFloat(random.nextInt());
    }

    private double aDouble() {
        double[] edges = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 1e22, 123.45};
        int r = random.nextInt(4);
        return r == 0 ? edges[random.nextInt(edges.length)] : r == 1 ? random.nextInt(100000) / 100.0
                : Double.longBitsToDouble(random.nextLong());
    }

    private static final String[] PIECES = {"a", "Z", "~", "~~", " ", "\"", "\\", "/", "\n", "\t", "\u0000", "\u001f",
        "\u007f", "é", "ü", "€", "\u2028", "\uD83D\uDE00", "key", "0", "-"};

    private String aString(int pieces) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < pieces; k++) {
            sb.append(PIECES[random.nextInt(PIECES.length)]);
        }
        if (random.nextInt(40) == 0) {
            sb.insert(random.nextInt(sb.length() + 1), random.nextBoolean() ? '\uD800' : '\uDC00'); // not Unicode text
        }
        return sb.toString();
    }

    private byte[] bytes() {
        byte[] b = new byte[random.nextInt(6)];
        random.nextBytes(b);
        return b;
    }

    private Object dynamic(int depth) {
        switch (random.nextInt(depth > 3 ? 6 : 8)) {
            case 0: return random.nextLong();
            case 1: return aDouble();
            case 2: return aString(random.nextInt(4));
            case 3: return random.nextInt();
            case 4: return BigDecimal.valueOf(random.nextLong(), 3);
            case 5: return random.nextBoolean();
            case 6: return new ArrayList<>(List.of(dynamic(depth + 1), dynamic(depth + 1)));
            default: {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put(aString(2), dynamic(depth + 1));
                return m;
            }
        }
    }
}

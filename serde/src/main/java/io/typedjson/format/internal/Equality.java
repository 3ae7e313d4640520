package io.typedjson.format.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When two set elements or two map keys are the same value (SPEC.md section 7, "Equality"): Java's
 * {@code equals} everywhere (doubles and floats by their bits with one NaN, decimals with their scale,
 * offset date-times by their fields, lists in order, sets and maps whatever their order, an Integer never equal
 * to a Long), except that byte arrays, which Java compares by identity, are compared by content, also inside lists,
 * sets and maps.
 *
 * <p>Sets and maps are checked with Java's own hashing, which is this rule for every value but one that holds a
 * byte array; only then are content keys built, so a set of strings pays nothing more.
 */
public final class Equality {
    private Equality() {}

    /** Whether {@code v} is or holds a byte array, the one case where Java's equality is not the format's. */
    public static boolean holdsBytes(Object v) {
        if (v instanceof byte[]) {
            return true;
        }
        if (v instanceof Collection) {
            for (Object e : (Collection<?>) v) {
                if (holdsBytes(e)) {
                    return true;
                }
            }
        } else if (v instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (holdsBytes(e.getKey()) || holdsBytes(e.getValue())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A value whose {@code equals} and {@code hashCode} are the format's equality: byte arrays become content keys. */
    public static Object key(Object v) {
        if (v instanceof byte[]) {
            return new Bytes((byte[]) v);
        }
        if (!holdsBytes(v)) {
            return v;
        }
        if (v instanceof List) {
            List<Object> list = new ArrayList<>();
            for (Object e : (List<?>) v) {
                list.add(key(e));
            }
            return list;
        }
        if (v instanceof Set) {
            Set<Object> set = new HashSet<>();
            for (Object e : (Set<?>) v) {
                set.add(key(e));
            }
            return set;
        }
        if (v instanceof Map) {
            Map<Object, Object> map = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                map.put(key(e.getKey()), key(e.getValue()));
            }
            return map;
        }
        return v; // another collection: compared as Java compares it
    }

    /**
     * Tracks the elements of one set or the keys of one map while they are read, so that a second equal one is
     * refused. Java's hashing (the collection's own) does the work until a value holding a byte array turns up.
     */
    public static final class Seen {
        private final Collection<?> existing;
        private Set<Object> contentKeys;

        /** {@code existing} is the live set being filled, or the key set of the map being filled. */
        public Seen(Collection<?> existing) {
            this.existing = existing;
        }

        /** Whether {@code v} differs from every value seen so far; call it before adding {@code v}. */
        public boolean isNew(Object v) {
            if (contentKeys == null) {
                if (!holdsBytes(v)) {
                    return !existing.contains(v);
                }
                contentKeys = new HashSet<>();
                for (Object e : existing) {
                    contentKeys.add(key(e));
                }
            }
            return contentKeys.add(key(v));
        }
    }

    /**
     * The index of the first element of {@code values} (a set's elements or a map's keys, in iteration order) equal
     * to an earlier one, or -1. A writer calls it after writing the values, so a cyclic structure has already been
     * refused by the depth limit. Sets and maps of the JDK hold no two Java-equal values, so for them only byte
     * arrays need a look.
     */
    public static int firstDuplicate(Collection<?> values) {
        boolean javaDistinct = isJdkDistinct(values);
        if (javaDistinct) {
            boolean bytes = false;
            for (Object v : values) {
                if (holdsBytes(v)) {
                    bytes = true;
                    break;
                }
            }
            if (!bytes) {
                return -1;
            }
        }
        Set<Object> keys = new HashSet<>();
        int i = 0;
        for (Object v : values) {
            if (!keys.add(key(v))) {
                return i;
            }
            i++;
        }
        return -1;
    }

    private static final Class<?> KEY_SET = new java.util.HashMap<>().keySet().getClass();
    private static final Class<?> LINKED_KEY_SET = new java.util.LinkedHashMap<>().keySet().getClass();

    /** Whether {@code values} is a JDK set (or key set) that holds no two values Java calls equal. */
    public static boolean isJdkDistinct(Collection<?> values) {
        Class<?> c = values.getClass();
        if (c == java.util.HashSet.class || c == java.util.LinkedHashSet.class || c == LINKED_KEY_SET || c == KEY_SET) {
            return true; // exact classes first: instanceof SortedSet below scans the class's interfaces
        }
        if (values instanceof java.util.SortedSet) {
            return false; // a comparator may hold two values that equals() calls equal
        }
        String name = c.getName();
        // Set.of(...) and the key sets of HashMap, LinkedHashMap and Map.of(...)
        return name.startsWith("java.util.ImmutableCollections$") || name.equals("java.util.HashMap$KeySet")
                || name.equals("java.util.LinkedHashMap$LinkedKeySet");
    }

    /** A byte array compared by content. */
    private static final class Bytes {
        private final byte[] bytes;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes && Arrays.equals(bytes, ((Bytes) o).bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }
    }
}

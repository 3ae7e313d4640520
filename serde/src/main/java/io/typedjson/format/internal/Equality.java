package io.typedjson.format.internal;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.Function;

/**
 * When two set elements or two map keys are the same value (SPEC.md section 7.1, "Equality"): Java's
 * {@code equals} everywhere (doubles and floats by their bits with one NaN, decimals with their scale,
 * offset date-times by their fields, lists in order, sets and maps whatever their order, an Integer never equal
 * to a Long), except that byte arrays, which Java compares by identity, are compared by content (a ByteBuffer
 * by its remaining bytes, so the two spellings of bytes are one value), also inside lists, sets and maps.
 * {@link #withParts} extends the rule to the composite values of another library (Connect's Struct), compared
 * part by part.
 *
 * <p>Sets and maps are checked with Java's own hashing, which is this rule for every value but one that holds
 * bytes or parts; only then are content keys built, so a set of strings pays nothing more.
 */
public final class Equality {

    /** The rule for the values of the dynamic model and of Java classes. */
    public static final Equality FORMAT = new Equality(null);

    /** The parts of a composite value of another library, in order, or null for any other value. */
    private final Function<Object, List<?>> parts;

    private Equality(Function<Object, List<?>> parts) {
        this.parts = parts;
    }

    /**
     * The same rule, where {@code parts} gives the parts of a composite value this package does not know (a
     * Connect Struct: its field values), or null for any other value. Such values are compared part by part.
     */
    public static Equality withParts(Function<Object, List<?>> parts) {
        return new Equality(parts);
    }

    /** Whether Java's {@code equals} of {@code v} may not be the format's: it is or holds bytes, or has parts. */
    public boolean needsKey(Object v) {
        if (v instanceof byte[] || v instanceof ByteBuffer) {
            return true;
        }
        if (v instanceof Collection<?> c) {
            for (Object e : c) {
                if (needsKey(e)) {
                    return true;
                }
            }
        } else if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (needsKey(e.getKey()) || needsKey(e.getValue())) {
                    return true;
                }
            }
        } else if (parts != null && v != null) {
            return parts.apply(v) != null;
        }
        return false;
    }

    /** A value whose {@code equals} and {@code hashCode} are the format's equality of {@code v}. */
    public Object key(Object v) {
        if (v instanceof byte[] b) {
            return new Bytes(b);
        }
        if (v instanceof ByteBuffer b) {
            byte[] copy = new byte[b.remaining()];
            b.duplicate().get(copy);
            return new Bytes(copy);
        }
        if (!needsKey(v)) {
            return v;
        }
        if (v instanceof List<?> list) {
            List<Object> keys = new ArrayList<>();
            for (Object e : list) {
                keys.add(key(e));
            }
            return keys;
        }
        if (v instanceof Set<?> set) {
            Set<Object> keys = new HashSet<>();
            for (Object e : set) {
                keys.add(key(e));
            }
            return keys;
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> keys = new HashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                keys.put(key(e.getKey()), key(e.getValue()));
            }
            return keys;
        }
        List<?> composite = parts != null && v != null ? parts.apply(v) : null;
        if (composite != null) {
            return key(composite);
        }
        return v; // another collection: compared as Java compares it
    }

    /**
     * The most values of one set (or keys of one map) that may share a hash code when their class is not
     * {@link Comparable}; distinct values share a 32-bit hash code this often only in a document made to.
     */
    public static final int MAX_SAME_HASH = 64;

    /** Tracks the elements of one set or the keys of one map while they are read, so that a second equal one is refused. */
    public Seen seen(Collection<?> existing) {
        return new Seen(existing);
    }

    /**
     * The elements or keys read so far. Java's hashing (the collection's own) does the work until a value that
     * needs a content key turns up.
     */
    public final class Seen {
        private final Collection<?> existing;
        private Set<Object> contentKeys;
        /** How many values of each hash code were seen, for values whose class orders no hash bucket. */
        private Map<Integer, int[]> sameHash;

        /** {@code existing} is the live set being filled, or the key set of the map being filled. */
        private Seen(Collection<?> existing) {
            this.existing = existing;
        }

        /**
         * Whether more than {@link #MAX_SAME_HASH} of the values seen share {@code v}'s hash code, counting only values
         * that are not {@link Comparable} (lists, maps, sets, byte arrays): Java's hash tables look such values up one
         * by one within a bucket, so a document of many values of one hash code (easy to build for lists) would cost
         * time quadratic in its size. Call it before {@link #isNew}.
         */
        public boolean floods(Object v) {
            if (v == null || v instanceof Comparable) {
                return false;
            }
            if (sameHash == null) {
                sameHash = new HashMap<>();
            }
            int[] count = sameHash.computeIfAbsent(key(v).hashCode(), h -> new int[1]);
            return ++count[0] > MAX_SAME_HASH;
        }

        /** Whether {@code v} differs from every value seen so far; call it before adding {@code v}. */
        public boolean isNew(Object v) {
            if (contentKeys == null) {
                if (!needsKey(v)) {
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
     * refused by the depth limit. Sets and maps of the JDK hold no two Java-equal values, so for them only values
     * that need a content key need a look.
     */
    public int firstDuplicate(Collection<?> values) {
        if (isJdkDistinct(values)) {
            boolean needed = false;
            for (Object v : values) {
                if (needsKey(v)) {
                    needed = true;
                    break;
                }
            }
            if (!needed) {
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

    /**
     * The index of the first element of {@code values} (in iteration order) at which a reader's {@link Seen#floods}
     * refuses them, or -1: what a writer checks, so that it never writes what its reader refuses.
     */
    public int firstFlooding(Collection<?> values) {
        Seen seen = null;
        int i = 0;
        for (Object v : values) {
            if (v != null && !(v instanceof Comparable)) {
                if (seen == null) {
                    seen = new Seen(values);
                }
                if (seen.floods(v)) {
                    return i;
                }
            }
            i++;
        }
        return -1;
    }

    private static final Class<?> KEY_SET = new HashMap<>().keySet().getClass();
    private static final Class<?> LINKED_KEY_SET = new LinkedHashMap<>().keySet().getClass();

    /** Whether {@code values} is a JDK set (or key set) that holds no two values Java calls equal. */
    public static boolean isJdkDistinct(Collection<?> values) {
        Class<?> c = values.getClass();
        if (c == HashSet.class || c == LinkedHashSet.class || c == LINKED_KEY_SET || c == KEY_SET) {
            return true; // exact classes first: instanceof SortedSet below scans the class's interfaces
        }
        if (values instanceof SortedSet) {
            return false; // a comparator may hold two values that equals() calls equal
        }
        // Set.of(...) and the key sets of Map.of(...)
        return c.getName().startsWith("java.util.ImmutableCollections$");
    }

    /** A byte array compared by content. */
    private record Bytes(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes other && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return Arrays.toString(bytes);
        }
    }
}

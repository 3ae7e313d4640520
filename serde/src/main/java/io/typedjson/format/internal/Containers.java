package io.typedjson.format.internal;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;

import io.typedjson.format.JsonToken;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.function.Supplier;

/**
 * The format's containers, written once (SPEC.md sections 5, 6 and 7.1): arrays (lists, sets, other collections,
 * object arrays), string-keyed objects and pair maps {@code [k1,v1,k2,v2,...]}, with their duplicate checks, key
 * escaping and error wording. Each is built from the codecs of its parts and a factory for what it reads into. The
 * class codecs use them as they are; the dynamic model (whose {@code ~set} and {@code ~map} wrap them in a tagged
 * object) and the Connect converter call {@code writeValue} and {@code readValue} under their own rules for null.
 *
 * <p>Speed: HotSpot inlines the codec an element call site has seen when it has seen at most two classes, and all
 * users of this code share its call sites. So where the element codec may be the dynamic model, which recurses
 * through these loops, lists and objects call it directly and leave the profiled call to the class and Connect
 * codecs. In a JVM that runs all three (the benchmark) a site then sees one element class from each of those two,
 * which HotSpot still inlines; it saw one when each had its own loop.
 */
public final class Containers {
    private Containers() {}

    /** The key spelling of String keys: the string itself, escaped. */
    @SuppressWarnings("unchecked")
    public static final KeySpelling<Object> STRING_KEYS = (KeySpelling<Object>) KeySpelling.of(String.class);

    /*
     * The factories of what every user reads into, shared so that the call that makes a list, set or map sees one
     * class where the class codecs, the dynamic model and Connect would each bring their own lambda.
     */
    public static final Supplier<List<Object>> ARRAY_LIST = ArrayList::new;
    public static final Supplier<Set<Object>> LINKED_HASH_SET = LinkedHashSet::new;
    public static final Supplier<Map<Object, Object>> LINKED_HASH_MAP = LinkedHashMap::new;

    private static final String DUPLICATE_ELEMENT = "duplicate element in a set: the same value as an earlier one"
            + " (SPEC.md 7.1: byte arrays by content, numbers by type and bits or scale)";
    private static final String FLOODING = "more than " + Equality.MAX_SAME_HASH + " elements of a set or keys of a map"
            + " with one hash code: a document made to flood Java's hash tables is refused";
    private static final String DUPLICATE_PAIR_KEY = "duplicate key in a map: the same value as an earlier key"
            + " (SPEC.md 7.1: byte arrays by content, numbers by type and bits or scale)";

    /** A container codec: Java null is JSON null both ways, {@code writeValue} and {@code readValue} carry the rest. */
    public interface Container<T> extends Codec<T> {
        @Override
        default void write(JsonWriter out, T value) {
            if (value == null) {
                out.writeNull();
            } else {
                writeValue(out, value);
            }
        }

        @Override
        default T read(JsonReader in) {
            return in.currentToken() == JsonToken.VALUE_NULL ? null : readValue(in);
        }

        /** Writes {@code value}, which is not null. */
        void writeValue(JsonWriter out, T value);

        /** Reads the container whose first token is the current one; any other token is refused. */
        T readValue(JsonReader in);
    }

    /**
     * Refuses a sorted set or map whose comparator orders it otherwise than the natural order that what {@code factory}
     * makes (a TreeSet, a TreeMap) is read into: its document would not come back in its order (SPEC.md section 2).
     */
    static void refuseOtherOrder(Comparator<?> comparator, Supplier<?> factory) {
        if (comparator != null && comparator != Comparator.naturalOrder()) {
            Object made = factory.get();
            if (made instanceof SortedSet || made instanceof SortedMap) {
                throw new TypedJsonException("a sorted " + (made instanceof SortedSet ? "set" : "map") + " with a comparator ("
                        + comparator.getClass().getName() + "): its order would not come back, as it is read in natural"
                        + " order (use a List, or a LinkedHashSet or LinkedHashMap type to keep an order)");
            }
        }
    }

    /** One element read by {@code element}; the dynamic model called directly (see the class comment). */
    static Object readElement(Codec<Object> element, JsonReader in) {
        return element instanceof DynamicModel dynamic ? dynamic.read(in) : element.read(in);
    }

    /**
     * The elements of an array, each read by {@code element}, into an ArrayList of exactly their number: most lists of
     * a record's field or of the dynamic model are short, where ArrayList's first growth makes room for ten. Up to
     * four are held in locals until the array ends; a longer list grows from eight and is trimmed. An empty one gets no
     * array until its first add (then room for ten, as any new ArrayList: a class's list may be added to).
     */
    static ArrayList<Object> readList(JsonReader in, Codec<Object> element) {
        Object e0 = null, e1 = null, e2 = null, e3 = null;
        int n = 0;
        while (in.nextToken() != JsonToken.END_ARRAY) {
            Object e = readElement(element, in);
            switch (n++) {
                case 0: e0 = e; break;
                case 1: e1 = e; break;
                case 2: e2 = e; break;
                case 3: e3 = e; break;
                default: return readLongList(in, element, e0, e1, e2, e3, e);
            }
        }
        ArrayList<Object> list = n == 0 ? new ArrayList<>() : new ArrayList<>(n);
        if (n > 0) {
            list.add(e0);
            if (n > 1) {
                list.add(e1);
                if (n > 2) {
                    list.add(e2);
                    if (n > 3) {
                        list.add(e3);
                    }
                }
            }
        }
        return list;
    }

    /** An array of five elements or more, the first five read. */
    private static ArrayList<Object> readLongList(JsonReader in, Codec<Object> element, Object e0, Object e1, Object e2,
                                                  Object e3, Object e4) {
        ArrayList<Object> list = new ArrayList<>(8);
        list.add(e0);
        list.add(e1);
        list.add(e2);
        list.add(e3);
        list.add(e4);
        while (in.nextToken() != JsonToken.END_ARRAY) {
            list.add(readElement(element, in));
        }
        list.trimToSize(); // (copies only when slots are left over: one pass, cheap beside reading the elements)
        return list;
    }

    /**
     * A collection as a JSON array, read into what {@code factory} makes. A set ({@code isSet}) refuses two elements
     * that are the same value under the format's equality, on write and on read.
     */
    public record CollectionCodec<C extends Collection<Object>>(Codec<Object> element, Supplier<C> factory, boolean isSet)
            implements Container<C> {

        /** List.of / List.copyOf results with 1-2 and with 0 or 3+ elements. */
        private static final Class<?> LIST12 = List.of(1).getClass(), LIST_N = List.of(1, 2, 3).getClass();

        /**
         * Exact classes first: {@code instanceof RandomAccess && instanceof List} on a mix of List.of results makes
         * HotSpot scan their interfaces on every call (JDK-8180450), about a quarter of writing orders.
         */
        private static boolean isRandomAccessList(Object value) {
            Class<?> c = value.getClass();
            return c == ArrayList.class || c == LIST12 || c == LIST_N || value instanceof RandomAccess && value instanceof List;
        }

        @Override
        public void writeValue(JsonWriter out, C value) {
            if (factory != LINKED_HASH_SET && factory != ARRAY_LIST) {
                refuseOtherOrder(value instanceof SortedSet<?> sorted ? sorted.comparator() : null, factory);
            }
            writeArray(out, value);
            throwIfAny(duplicateIn(value));
        }

        /** The array of the elements, an element's error named by its index; a set's duplicates are left to duplicateIn. */
        public void writeArray(JsonWriter out, Collection<?> value) {
            out.writeStartArray();
            int i = 0;
            try {
                if (value.getClass() == ArrayList.class) {
                    // its own loop, on the class: where lists of other classes are written too (List.of), the calls
                    // of a List loop turn megamorphic and the casts to List and Collection take turns in ArrayList's
                    // one-entry cache of interfaces (JDK-8180450), a third of writing orders with both
                    ArrayList<?> list = (ArrayList<?>) value;
                    for (int n = list.size(); i < n; i++) {
                        writeElement(out, list.get(i));
                    }
                } else if (isRandomAccessList(value)) {
                    List<?> list = (List<?>) value;
                    for (int n = list.size(); i < n; i++) {
                        writeElement(out, list.get(i));
                    }
                } else {
                    for (Object e : value) {
                        writeElement(out, e);
                        i++;
                    }
                }
            } catch (TypedJsonException e) {
                throw TypedJsonException.of(e).inElement(i);
            }
            out.writeEndArray();
        }

        private void writeElement(JsonWriter out, Object e) {
            if (element instanceof DynamicModel dynamic) { // see the class comment
                dynamic.write(out, e);
            } else {
                element.write(out, e);
            }
        }

        private Object readElement(JsonReader in) {
            return Containers.readElement(element, in);
        }

        /**
         * For a set that holds two elements that are the same value, the error naming the second by its index; else
         * null. Called after writing them, so a cyclic structure has already been refused by the depth limit.
         */
        public TypedJsonException duplicateIn(Collection<?> value) {
            if (!isSet) {
                return null;
            }
            return refusedSetOrKeys(Equality.FORMAT.firstDuplicate(value), Equality.FORMAT.firstFlooding(value),
                    DUPLICATE_ELEMENT, 1);
        }

        @Override
        public C readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_ARRAY, "an array");
            if (factory == ARRAY_LIST) {
                @SuppressWarnings("unchecked") C list = (C) readList(in, element);
                return list;
            }
            C c = factory.get();
            if (!isSet) {
                while (in.nextToken() != JsonToken.END_ARRAY) {
                    c.add(readElement(in));
                }
                return c;
            }
            Equality.Seen seen = Equality.FORMAT.seen(c);
            while (in.nextToken() != JsonToken.END_ARRAY) {
                long start = ReadErrors.compositeStart(in);
                Object e = readElement(in);
                if (seen.floods(e)) {
                    throw duplicate(in, FLOODING, start);
                }
                if (!seen.isNew(e)) {
                    throw duplicate(in, DUPLICATE_ELEMENT, start);
                }
                c.add(e);
            }
            return c;
        }
    }

    /** An array of objects ({@code component[]}) as a JSON array. */
    public record ObjectArrayCodec(Codec<Object> element, Class<?> component) implements Container<Object[]> {
        @Override
        public void writeValue(JsonWriter out, Object[] value) {
            out.writeStartArray();
            int i = 0;
            try {
                for (; i < value.length; i++) {
                    element.write(out, value[i]);
                }
            } catch (TypedJsonException e) {
                throw TypedJsonException.of(e).inElement(i);
            }
            out.writeEndArray();
        }

        @Override
        public Object[] readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_ARRAY, "an array");
            List<Object> list = new ArrayList<>();
            while (in.nextToken() != JsonToken.END_ARRAY) {
                list.add(element.read(in));
            }
            return list.toArray((Object[]) Array.newInstance(component, list.size()));
        }
    }

    /**
     * A map whose keys have a {@link KeySpelling}: a JSON object, each key the escaped text of its spelling. A key is
     * refused when it is null, and when two keys have one spelling: on read, and on write from a map that does not
     * compare keys with {@code equals()}, such as an IdentityHashMap.
     */
    public record ObjectMapCodec<M extends Map<Object, Object>>(KeySpelling<Object> keys, Codec<Object> values,
                                                               Supplier<M> factory) implements Container<M> {
        @Override
        public void writeValue(JsonWriter out, M map) {
            if (factory != LINKED_HASH_MAP) {
                refuseOtherOrder(map instanceof SortedMap<?, ?> sorted ? sorted.comparator() : null, factory);
            }
            writeObject(out, map, false);
        }

        /**
         * The object of the entries. With {@code onlyStrings} (the dynamic model's maps), false at the first key that
         * is not a String, the object left unfinished: the caller cuts the writer back and writes the map otherwise.
         */
        boolean writeObject(JsonWriter out, Map<?, ?> map, boolean onlyStrings) {
            out.writeStartObject();
            Set<String> texts = Equality.isJdkDistinct(map.keySet()) ? null : new HashSet<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object key = e.getKey();
                if (onlyStrings && !(key instanceof String)) {
                    return false;
                }
                String spelled = spell(out, key, texts);
                out.writeFieldName(spelled);
                try {
                    if (values instanceof DynamicModel dynamic) { // see the class comment
                        dynamic.write(out, e.getValue());
                    } else {
                        values.write(out, e.getValue());
                    }
                } catch (TypedJsonException ex) {
                    throw TypedJsonException.of(ex).inField(spelled); // the path names the key as the document has it
                }
            }
            out.writeEndObject();
            return true;
        }

        private String spell(JsonWriter out, Object key, Set<String> texts) {
            if (key == null) {
                throw new TypedJsonException("null map key (a map key must have a spelling as an object key)");
            }
            String text = keys == STRING_KEYS ? (String) key : keys.text(key);
            // a key without the prefix is written as it is, and the writer refuses a lone surrogate in it as
            // escapeKey would; a map that may hold two keys of one spelling checks first, in escapeKey's order
            String spelled = texts == null && (text.isEmpty() || text.charAt(0) != Tags.PREFIX) ? text
                    : Lexemes.escapeKey(out, text);
            if (texts != null && !texts.add(text)) {
                throw new TypedJsonException("duplicate key " + ReadErrors.quote(text) + ": the map holds two keys of this spelling"
                        + " (a map that does not compare keys with equals(), such as an IdentityHashMap)").inField(spelled);
            }
            return spelled;
        }

        @Override
        public M readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_OBJECT, "an object");
            M map = factory.get();
            return in.nextToken() == JsonToken.END_OBJECT ? map : readEntries(in, map);
        }

        /** Reads the entries of an object, from its first key (the current token) to its end, into {@code map}. */
        public M readEntries(JsonReader in, M map) {
            do {
                String raw = in.currentName();
                String text = Lexemes.unescapeKey(in, raw);
                Object key = keys == STRING_KEYS ? text : keys.parse(in, text);
                in.nextToken();
                long valueStart = in.tokenOffset(); // a duplicate is reported at its value's first byte (SPEC.md 8)
                Object value = values instanceof DynamicModel dynamic ? dynamic.read(in) : values.read(in);
                int before = map.size();
                map.put(key, value);
                if (map.size() == before) {
                    throw duplicateKey(in, raw, valueStart);
                }
            } while (in.nextToken() != JsonToken.END_OBJECT);
            return map;
        }
    }

    /** The error for an object's key {@code raw} that an earlier key already spelled, at its value's first byte. */
    public static TypedJsonException duplicateKey(JsonReader in, String raw, long valueStart) {
        return ReadErrors.error(in, "duplicate key " + ReadErrors.quote(raw), valueStart);
    }

    /**
     * Any other map: keys and values alternate in one JSON array, {@code [k1,v1,k2,v2,...]}. Two keys that are the
     * same value under {@code equality} are refused on write and on read, and so is an array of odd length.
     */
    public record PairMapCodec<M extends Map<Object, Object>>(Codec<Object> keys, Codec<Object> values,
                                                             Supplier<M> factory, Equality equality) implements Container<M> {

        /** Keys compared with the format's equality of the model's values. */
        public PairMapCodec(Codec<Object> keys, Codec<Object> values, Supplier<M> factory) {
            this(keys, values, factory, Equality.FORMAT);
        }

        @Override
        public void writeValue(JsonWriter out, M map) {
            if (factory != LINKED_HASH_MAP) {
                refuseOtherOrder(map instanceof SortedMap<?, ?> sorted ? sorted.comparator() : null, factory);
            }
            writeArray(out, map);
            throwIfAny(duplicateIn(map));
        }

        /** The array of keys and values, an error named by the index of its key or value; duplicates are left to duplicateIn. */
        public void writeArray(JsonWriter out, Map<?, ?> map) {
            out.writeStartArray();
            int i = 0;
            try {
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    keys.write(out, e.getKey());
                    i++;
                    values.write(out, e.getValue());
                    i++;
                }
            } catch (TypedJsonException ex) {
                throw TypedJsonException.of(ex).inElement(i);
            }
            out.writeEndArray();
        }

        /** For a map that holds two keys that are the same value, the error naming the second by its index; else null. */
        public TypedJsonException duplicateIn(Map<?, ?> map) {
            return refusedSetOrKeys(equality.firstDuplicate(map.keySet()), equality.firstFlooding(map.keySet()),
                    DUPLICATE_PAIR_KEY, 2);
        }

        @Override
        public M readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_ARRAY, "an array of alternating keys and values");
            M map = factory.get();
            Equality.Seen seen = equality.seen(map.keySet());
            while (in.nextToken() != JsonToken.END_ARRAY) {
                long start = ReadErrors.compositeStart(in);
                Object key = keys.read(in);
                if (seen.floods(key)) {
                    throw duplicate(in, FLOODING, start);
                }
                if (!seen.isNew(key)) {
                    throw duplicate(in, DUPLICATE_PAIR_KEY, start);
                }
                if (in.nextToken() == JsonToken.END_ARRAY) {
                    throw ReadErrors.error(in, "the array of a map must alternate keys and values, but its last key has no value");
                }
                map.put(key, values.read(in));
            }
            return map;
        }
    }

    /**
     * The error a reader gives the first of a set's elements (or a map's keys) it refuses, a duplicate or one of too
     * many of one hash code (which it checks first), by its index times {@code stride} (a pair map's keys are every
     * other element); null for none.
     */
    private static TypedJsonException refusedSetOrKeys(int duplicate, int flooding, String duplicateReason, int stride) {
        if (flooding >= 0 && (duplicate < 0 || flooding <= duplicate)) {
            return new TypedJsonException(FLOODING).inElement(stride * flooding);
        }
        return duplicate < 0 ? null : new TypedJsonException(duplicateReason).inElement(stride * duplicate);
    }

    private static void throwIfAny(TypedJsonException error) {
        if (error != null) {
            throw error;
        }
    }

    /** A duplicate at the current path, at the start of the value when it is a composite one. */
    private static TypedJsonException duplicate(JsonReader in, String reason, long start) {
        return start >= 0 ? ReadErrors.error(in, reason, start) : ReadErrors.error(in, reason);
    }
}

package io.typedjson.format.internal;

import io.typedjson.format.JsonReader;
import io.typedjson.format.TypedJsonException;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The rules for the keys of an object read into fields (a class's, a Flink row's) or into a map of string keys: a key
 * of no field is skipped with its value when unknown keys are allowed, yet still checked (Unicode text, not a second
 * time, its value held to SPEC.md section 1); a key met twice is refused at the value that follows it, with the key's
 * own path (SPEC.md 8).
 */
public final class ObjectKeys {
    private ObjectKeys() {}

    /**
     * Skips the unknown key the reader is on and its value. {@code skipped} holds the unknown keys skipped so far in
     * this object (null before the first: most objects have none, so nothing is made for them); returns it, made
     * on the first, for the next call.
     */
    public static Set<String> skipUnknown(JsonReader in, Set<String> skipped) {
        String name = in.currentName();
        Lexemes.checkUnicode(in, name);
        Set<String> names = skipped != null ? skipped : new FewNames();
        if (!names.add(name)) {
            throw duplicate(in);
        }
        in.nextToken();
        in.skipValue();
        return names;
    }

    /**
     * The key the reader is on, checked to be Unicode text, with the reader moved on to its value; a key that
     * {@code seen} already holds is refused at that value.
     */
    public static String nextUnique(JsonReader in, Map<?, ?> seen) {
        String name = Lexemes.checkUnicode(in, in.currentName());
        if (seen.containsKey(name)) {
            throw duplicate(in);
        }
        in.nextToken();
        return name;
    }

    /**
     * The unknown keys of one object: a few, compared in an array (a HashSet's table and entries cost more than the
     * comparisons); from the ninth on, a HashSet.
     */
    private static final class FewNames extends AbstractSet<String> {
        private final String[] few = new String[8];
        private int size;
        private Set<String> many;

        @Override
        public boolean add(String name) {
            if (many != null) {
                return many.add(name);
            }
            for (int i = 0; i < size; i++) {
                if (few[i].equals(name)) {
                    return false;
                }
            }
            if (size < few.length) {
                few[size++] = name;
                return true;
            }
            many = new HashSet<>(Arrays.asList(few));
            return many.add(name);
        }

        @Override
        public Iterator<String> iterator() {
            return many != null ? many.iterator() : Arrays.asList(few).subList(0, size).iterator();
        }

        @Override
        public int size() {
            return many != null ? many.size() : size;
        }
    }

    /** On the second of two equal keys (the reader on it): the error at the value that follows it, the key's own path. */
    public static TypedJsonException duplicate(JsonReader in) {
        String name = in.currentName();
        in.nextToken();
        return ReadErrors.error(in, "duplicate key " + ReadErrors.quote(name));
    }
}

package io.typedjson.format.internal;

import io.typedjson.format.JsonReader;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * How a scalar map key is spelled as an object key when the map's key type is known (SPEC.md, "Map keys"):
 * the text of the key's typed spelling ({@code {"1":"a"}} for an Integer key, {@code {"1.5":..}} for a
 * Double, {@code {"2024-01-01":..}} for a LocalDate), escaped like a string. Only the canonical text is
 * accepted back ({@code "01"} and {@code "+1"} are refused), so a document reads and writes back identically.
 *
 * @param <K> the key type
 */
public interface KeySpelling<K> {

    /** The key's text, before escaping. */
    String text(K key);

    /** Parses unescaped key text; {@code in} is positioned on the key, for errors. */
    K parse(JsonReader in, String text);

    /** The spelling for a scalar key type (primitive classes as their boxes), or null when the type has none. */
    static KeySpelling<?> of(Class<?> type) {
        ScalarType scalar = ScalarTypes.of(type);
        return scalar == null ? null : Scalar.SPELLINGS.get(scalar);
    }

    /** A scalar type's key spelling: its type's {@link ScalarType#text} and {@link ScalarType#parseKey}. */
    final class Scalar implements KeySpelling<Object> {
        static final Map<ScalarType, KeySpelling<?>> SPELLINGS = new IdentityHashMap<>();

        static {
            for (ScalarType scalar : ScalarTypes.all()) {
                if (scalar.hasKeySpelling()) {
                    SPELLINGS.put(scalar, new Scalar(scalar));
                }
            }
        }

        private final ScalarType scalar;

        private Scalar(ScalarType scalar) {
            this.scalar = scalar;
        }

        @Override
        public String text(Object key) {
            return scalar.text(key);
        }

        @Override
        public Object parse(JsonReader in, String s) {
            Object key;
            try {
                key = scalar.parseKey(s);
            } catch (RuntimeException e) {
                throw ReadErrors.error(in, "key " + ReadErrors.quote(s) + " is not " + scalar.description());
            }
            String canonical = scalar.text(key);
            if (!canonical.equals(s)) {
                throw ReadErrors.error(in, "key " + ReadErrors.quote(s) + " is not the canonical spelling of " + scalar.description()
                        + " (" + ReadErrors.quote(canonical) + ")");
            }
            return key;
        }
    }
}

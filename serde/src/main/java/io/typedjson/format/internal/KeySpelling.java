package io.typedjson.format.internal;

import com.fasterxml.jackson.core.JsonParser;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

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
    K parse(JsonParser in, String text);

    /** The spelling for a scalar key type (primitive classes as their boxes), or null when the type has none. */
    static KeySpelling<?> of(Class<?> type) {
        return Scalars.SPELLINGS.get(type);
    }

    /** Spellings of the scalar types that have one. */
    final class Scalars<K> implements KeySpelling<K> {
        static final Map<Class<?>, KeySpelling<?>> SPELLINGS = new HashMap<>();

        static {
            add("a string", String.class, s -> s, s -> s);
            add("an int64", Long.class, s -> Long.parseLong(s), String::valueOf, long.class);
            add("an int32", Integer.class, s -> Integer.parseInt(s), String::valueOf, int.class);
            add("an int16", Short.class, s -> Short.parseShort(s), String::valueOf, short.class);
            add("an int8", Byte.class, s -> Byte.parseByte(s), String::valueOf, byte.class);
            add("an integer", BigInteger.class, BigInteger::new, String::valueOf);
            add("a decimal", BigDecimal.class, BigDecimal::new, Lexemes::decimalText);
            add("a float64", Double.class, Scalars::parseDouble,
                    d -> Double.isFinite(d) ? Lexemes.doubleText(d) : Lexemes.nonFiniteText(d), double.class);
            add("a float32", Float.class, Scalars::parseFloat,
                    f -> Float.isFinite(f) ? Lexemes.floatText(f) : Lexemes.nonFiniteText(f), float.class);
            add("a boolean", Boolean.class, Scalars::parseBoolean, String::valueOf, boolean.class);
            add("a char", Character.class, Scalars::parseChar, String::valueOf, char.class);
            add("a UUID", UUID.class, UUID::fromString, String::valueOf);
            add("an instant", Instant.class, IsoTimes::parseInstant, IsoTimes::text);
            add("a local date", LocalDate.class, IsoTimes::parseLocalDate, String::valueOf);
            add("a local time", LocalTime.class, IsoTimes::parseLocalTime, String::valueOf);
            add("a local date-time", LocalDateTime.class, IsoTimes::parseLocalDateTime, String::valueOf);
            add("an offset date-time", OffsetDateTime.class, OffsetDateTime::parse, String::valueOf);
        }

        private final String what;
        private final Function<String, K> parse;
        private final Function<K, String> text;

        private Scalars(String what, Function<String, K> parse, Function<K, String> text) {
            this.what = what;
            this.parse = parse;
            this.text = text;
        }

        private static <K> void add(String what, Class<K> type, Function<String, K> parse, Function<K, String> text,
                                    Class<?>... primitive) {
            Scalars<K> spelling = new Scalars<>(what, parse, text);
            SPELLINGS.put(type, spelling);
            for (Class<?> p : primitive) {
                SPELLINGS.put(p, spelling);
            }
        }

        @Override
        public String text(K key) {
            return text.apply(key);
        }

        @Override
        public K parse(JsonParser in, String s) {
            K key;
            try {
                key = parse.apply(s);
            } catch (RuntimeException e) {
                throw Readers.error(in, "key " + Readers.quote(s) + " is not " + what);
            }
            if (!text.apply(key).equals(s)) {
                throw Readers.error(in, "key " + Readers.quote(s) + " is not the canonical spelling of " + what
                        + " (" + Readers.quote(text.apply(key)) + ")");
            }
            return key;
        }

        private static double parseDouble(String s) {
            switch (s) {
                case Lexemes.NAN: return Double.NaN;
                case Lexemes.INFINITY: return Double.POSITIVE_INFINITY;
                case Lexemes.NEGATIVE_INFINITY: return Double.NEGATIVE_INFINITY;
                default: return Double.parseDouble(s);
            }
        }

        private static float parseFloat(String s) {
            double d = parseDouble(s);
            return Double.isFinite(d) ? Float.parseFloat(s) : (float) d;
        }

        private static boolean parseBoolean(String s) {
            if (s.equals("true") || s.equals("false")) {
                return s.equals("true");
            }
            throw new IllegalArgumentException(s);
        }

        private static char parseChar(String s) {
            if (s.length() != 1) {
                throw new IllegalArgumentException(s);
            }
            return s.charAt(0);
        }
    }
}

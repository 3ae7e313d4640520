package io.typedjson.format.internal.scalar;

import io.typedjson.format.internal.Tags;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The format's spellings as JSON Schema: the building blocks the scalar types' own fragments are made of
 * ({@link ScalarType#jsonSchema()}, {@link ScalarType#textPattern()}, {@link ScalarType#tagPayloadPattern()}), the
 * lookups by class and tag over the registry, and the dynamic model's schema. Used by the JSON Schema generators
 * ({@code io.typedjson.jsonschema.JsonSchemas} and the Connect converter's {@code ConnectJsonSchemas}).
 *
 * <p>Patterns are ECMA-262 regular expressions, as JSON Schema asks, using only what Java's regular expressions
 * read the same way (groups, classes, counted repetition, lookahead). A pattern without {@code ^...$} is a part
 * to be embedded.
 */
public final class JsonSchemaFragments {
    private JsonSchemaFragments() {}

    /** A string in a typed position: any text, but one starting with {@code ~} has it doubled (SPEC section 4). */
    public static final String ESCAPED = "^(?!~(?!~))";
    /** A {@code char}: one character, {@code ~} written {@code ~~}. */
    public static final String CHAR = "(?:[^~]|~~)";

    public static final String BOOLEAN = "(?:true|false)";
    public static final String INT8 = integerRange(Byte.MIN_VALUE, Byte.MAX_VALUE);
    public static final String INT16 = integerRange(Short.MIN_VALUE, Short.MAX_VALUE);
    public static final String INT32 = integerRange(Integer.MIN_VALUE, Integer.MAX_VALUE);
    public static final String INT64 = integerRange(Long.MIN_VALUE, Long.MAX_VALUE);
    public static final String INTEGER = "(?:0|-?[1-9][0-9]*)";
    public static final String NON_FINITE = "(?:NaN|Infinity|-Infinity)";
    /**
     * The layout of section 5.1: plain for {@code 10^-3 <= |x| < 10^7}, else one digit, point, digits, {@code E} and an
     * exponent outside -3..6; no trailing zero but the one of {@code d.0}. Whether the digits are the shortest
     * that read back cannot be said by a pattern.
     */
    public static final String FLOAT = "(?:-?(?:0\\.0|[1-9][0-9]{0,6}\\.(?:[0-9]*[1-9]|0)|0\\.0{0,2}[1-9](?:[0-9]*[1-9])?"
            + "|[1-9]\\.(?:[0-9]*[1-9]|0)E(?:[7-9]|[1-9][0-9]+|-(?:[4-9]|[1-9][0-9]+))))";
    public static final String FLOAT_OR_NON_FINITE = "(?:" + FLOAT + "|" + NON_FINITE + ")";
    private static final String DECIMAL_EXPONENT = "E(?:\\+[1-9][0-9]*|-(?:[7-9]|[1-9][0-9]+))";
    /** {@code BigDecimal.toString()} (section 5.3): plain when the scale is >= 0 and the adjusted exponent >= -6. */
    public static final String DECIMAL = "(?:0(?:\\.0{1,6})?|-?(?:[1-9][0-9]*(?:\\.[0-9]+)?|0\\.0{0,5}[1-9][0-9]*)"
            + "|-?[1-9](?:\\.[0-9]+)?" + DECIMAL_EXPONENT + "|0" + DECIMAL_EXPONENT + ")";
    /** Canonical base64: padded, the unused bits of the last digit zero (RFC 4648 section 3.5). */
    public static final String BASE64 = "(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?";
    public static final String UUID_TEXT = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    // dates and times (section 5.4): four-digit years 0000-9999, else a sign; months have their days (a
    // 29 February of a common year is not caught)
    static String date(int maxDigits) {
        return "(?:[0-9]{4}|\\+[1-9][0-9]{4," + (maxDigits - 1) + "}|-(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3,"
                + (maxDigits - 1) + "}))"
                + "-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|[12][0-9]))";
    }

    public static final String LOCAL_DATE = date(9);
    static final String HOUR_MINUTE = "(?:[01][0-9]|2[0-3]):[0-5][0-9]";
    /** 3, 6 or 9 digits: the fewest that show the nanoseconds. */
    static final String NANOS = "\\.(?:[0-9]{6}(?!000)[0-9]{3}|[0-9]{3}(?!000)[0-9]{3}|(?!000)[0-9]{3})";
    static final String MILLIS = "\\.(?!000)[0-9]{3}";

    /** {@code hh:mm}, then {@code :ss} when seconds or fraction are not zero, then the fraction. */
    static String localTime(String fraction) {
        return "(?:" + HOUR_MINUTE + "(?::(?:(?!00)[0-5][0-9](?:" + fraction + ")?|[0-5][0-9]" + fraction + "))?)";
    }

    public static final String LOCAL_TIME = localTime(NANOS);
    public static final String INSTANT = "(?:" + date(10) + "T" + HOUR_MINUTE + ":[0-5][0-9](?:" + NANOS + ")?Z)";
    public static final String LOCAL_DATE_TIME = "(?:" + LOCAL_DATE + "T" + LOCAL_TIME + ")";
    /** {@code Z} for zero, else {@code ±hh:mm}, with {@code :ss} when the offset has seconds; at most 18:00. */
    public static final String OFFSET_DATE_TIME = "(?:" + LOCAL_DATE_TIME
            + "(?:Z|[+-](?!00:00$)(?:(?:0[0-9]|1[0-7]):[0-5][0-9](?::(?!00)[0-5][0-9])?|18:00)))";
    /** Connect's Time: a LocalTime of whole milliseconds (SPEC section 11). */
    public static final String CONNECT_TIME = localTime(MILLIS);
    /** Connect's Timestamp: an instant of whole milliseconds, UTC. */
    public static final String CONNECT_TIMESTAMP = "(?:" + date(10) + "T" + HOUR_MINUTE + ":[0-5][0-9](?:" + MILLIS + ")?Z)";

    /** The schema of a scalar type in a typed position (a fresh copy), or null when it is not a scalar. */
    public static Map<String, Object> typed(Class<?> type) {
        ScalarType scalar = ScalarTypes.of(type);
        return scalar == null ? null : scalar.jsonSchema();
    }

    /** The anchored pattern of a scalar type's canonical text as an object key (SPEC section 10, map keys). */
    public static String keyPattern(Class<?> type) {
        ScalarType scalar = ScalarTypes.of(type);
        if (scalar == null) {
            return null;
        }
        return scalar.textPattern() == null ? ESCAPED : "^" + scalar.textPattern() + "$";
    }

    // ---- schema fragments

    public static Map<String, Object> type(String type) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        return m;
    }

    /** A string; {@code pattern} null means any string in its escaped spelling. */
    public static Map<String, Object> string(String pattern) {
        Map<String, Object> m = type("string");
        m.put("pattern", pattern == null ? ESCAPED : "^" + pattern + "$");
        return m;
    }

    /** A tagged scalar of the dynamic model: {@code ~}, the tag, and its payload in the canonical spelling (SPEC section 7). */
    public static Map<String, Object> tagged(char tag) {
        ScalarType scalar = ScalarTypes.ofTag(tag);
        if (scalar == null) {
            throw new IllegalArgumentException("no tag " + tag);
        }
        return string("~" + tag + scalar.tagPayloadPattern());
    }

    /** An integer within int8, int16 or int32 bounds. */
    public static Map<String, Object> integer(long min, long max) {
        Map<String, Object> m = type("integer");
        // -128.0 rather than -128: the same bound, exact as a double; networknt's validator compares an
        // integral bound under "type":"integer" through long, and throws for a double beyond the long range
        // met in another branch of an anyOf (an alternating map's key and value)
        m.put("minimum", BigDecimal.valueOf(min).setScale(1));
        m.put("maximum", BigDecimal.valueOf(max).setScale(1));
        return m;
    }

    /** A float64 or float32: a number, or NaN and the infinities as strings. */
    public static Map<String, Object> floating(Float max) {
        Map<String, Object> number = type("number");
        if (max != null) {
            // the largest float32 as the writer spells it (3.4028235E38, a little above its exact value)
            number.put("minimum", new BigDecimal(Float.toString(-max)));
            number.put("maximum", new BigDecimal(Float.toString(max)));
        }
        Map<String, Object> nonFinite = new LinkedHashMap<>();
        nonFinite.put("enum", List.of("NaN", "Infinity", "-Infinity"));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("anyOf", List.of(number, nonFinite));
        return m;
    }

    public static Map<String, Object> bytes() {
        Map<String, Object> m = string(BASE64);
        m.put("contentEncoding", "base64");
        return m;
    }

    public static Map<String, Object> ref(String pointer) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("$ref", pointer);
        return m;
    }

    /** {@code schema} or null: {@code "type"} gains {@code "null"}, an {@code enum} gains null, else an anyOf with null. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> nullable(Map<String, Object> schema) {
        Object type = schema.get("type");
        if (type instanceof String && !schema.containsKey("anyOf") && !schema.containsKey("oneOf")
                && !schema.containsKey("$ref") && !schema.containsKey("enum") && !schema.containsKey("const")) {
            Map<String, Object> m = copy(schema);
            m.put("type", type.equals("null") ? "null" : List.of(type, "null"));
            return m;
        }
        if (schema.size() == 1 && schema.get("enum") instanceof List) {
            List<Object> values = new ArrayList<>((List<Object>) schema.get("enum"));
            if (!values.contains(null)) {
                values.add(null);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("enum", values);
            return m;
        }
        if (schema.size() == 1 && schema.get("anyOf") instanceof List) {
            List<Object> branches = new ArrayList<>((List<Object>) schema.get("anyOf"));
            branches.add(type("null"));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("anyOf", branches);
            return m;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("anyOf", List.of(schema, type("null")));
        return m;
    }

    static Map<String, Object> copy(Map<String, Object> m) {
        return new LinkedHashMap<>(m);
    }

    // ---- the dynamic model (SPEC section 6)

    /** The name of the dynamic model's schema in {@code $defs}. */
    public static final String DYNAMIC = "dynamic";

    /**
     * The pattern of a string in a dynamic position that reads as a value of one of {@code allowed} (all tags and
     * plain strings when null): a plain string (not starting with {@code ~}, or escaped {@code ~~}), or a tagged
     * scalar with a payload in its canonical spelling.
     */
    public static String dynamicString(java.util.function.Predicate<Class<?>> allowed) {
        StringBuilder tags = new StringBuilder();
        for (ScalarType scalar : ScalarTypes.all()) { // in the registry's order
            if (scalar.tagPayloadPattern() != null && allowed.test(scalar.type())) {
                tags.append(tags.length() == 0 ? "" : "|").append(scalar.tag()).append(scalar.tagPayloadPattern());
            }
        }
        List<String> branches = new ArrayList<>();
        if (allowed.test(String.class)) {
            branches.add("(?!~)");
            branches.add("~~");
        }
        if (tags.length() > 0) {
            branches.add("~(?:" + tags + ")$");
        }
        return branches.isEmpty() ? null : "^(?:" + String.join("|", branches) + ")";
    }

    /**
     * The dynamic model's values that are instances of {@code declared} (an open type such as {@code Number};
     * {@code Object} for all of it), as the branches of an anyOf; containers hold the whole model
     * ({@code #/$defs/dynamic}). Null is always allowed.
     */
    public static Map<String, Object> dynamic(Class<?> declared, String dynamicRef) {
        java.util.function.Predicate<Class<?>> allowed = declared::isAssignableFrom;
        List<Object> branches = new ArrayList<>();
        List<Object> plain = new ArrayList<>();
        plain.add("null");
        if (allowed.test(Boolean.class)) {
            plain.add("boolean");
        }
        // a plain integer is a Long (or a BigInteger beyond int64), a plain number with a fraction a Double
        if (allowed.test(Long.class) || allowed.test(Double.class) || allowed.test(BigInteger.class)) {
            plain.add(allowed.test(Double.class) ? "number" : "integer");
        }
        Map<String, Object> scalars = new LinkedHashMap<>();
        scalars.put("type", plain.size() == 1 ? plain.get(0) : plain);
        branches.add(scalars);
        String strings = dynamicString(allowed);
        if (strings != null) {
            Map<String, Object> s = type("string");
            s.put("pattern", strings);
            branches.add(s);
        }
        Map<String, Object> any = ref(dynamicRef);
        if (allowed.test(ArrayList.class)) {
            Map<String, Object> list = type("array");
            list.put("items", any);
            branches.add(list);
        }
        if (allowed.test(LinkedHashMap.class)) {
            Map<String, Object> object = type("object");
            object.put("propertyNames", Map.of("pattern", ESCAPED));
            object.put("additionalProperties", any);
            branches.add(object);
        }
        if (allowed.test(java.util.LinkedHashSet.class)) {
            Map<String, Object> items = type("array");
            items.put("items", any);
            branches.add(tagged(Tags.SET, items));
        }
        if (allowed.test(LinkedHashMap.class)) {
            // keys and values alternate; at least one key is not a string (not checked here)
            Map<String, Object> items = type("array");
            items.put("minItems", 2);
            items.put("items", any);
            branches.add(tagged(Tags.MAP, items));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("anyOf", branches);
        return m;
    }

    private static Map<String, Object> tagged(String key, Map<String, Object> value) {
        Map<String, Object> m = type("object");
        m.put("properties", Map.of(key, value));
        m.put("required", List.of(key));
        m.put("additionalProperties", false);
        return m;
    }

    // ---- integer ranges as patterns (for map keys and tag payloads, where the number is text)

    /** A pattern (unanchored) of the integer lexemes from {@code min} to {@code max}: no leading zeros, no {@code -0}. */
    public static String integerRange(long min, long max) {
        List<String> branches = new ArrayList<>();
        if (min < 0) {
            branches.add("-" + upTo(BigInteger.valueOf(min).negate().toString(), false));
        }
        if (max >= 0) {
            branches.add(upTo(Long.toString(max), true));
        }
        return "(?:" + String.join("|", branches) + ")";
    }

    /** The lexemes of 1 (or 0 when {@code zero}) to {@code max}, a decimal without leading zeros. */
    private static String upTo(String max, boolean zero) {
        int k = max.length();
        List<String> branches = new ArrayList<>();
        if (zero) {
            branches.add("0");
        }
        if (k >= 2) {
            branches.add("[1-9][0-9]{0," + (k - 2) + "}"); // fewer digits than max
        } else if (max.charAt(0) >= '1') {
            branches.add("[1-" + max.charAt(0) + "]");
            return "(?:" + String.join("|", branches) + ")";
        }
        // as many digits as max: equal on a prefix, then a smaller digit, then anything
        for (int i = 0; i < k; i++) {
            int d = max.charAt(i) - '0';
            int low = i == 0 ? 1 : 0;
            if (d - 1 >= low) {
                String digit = d - 1 == low ? String.valueOf(low) : "[" + low + "-" + (d - 1) + "]";
                int rest = k - i - 1;
                branches.add(max.substring(0, i) + digit + (rest == 0 ? "" : "[0-9]{" + rest + "}"));
            }
        }
        branches.add(max);
        return "(?:" + String.join("|", branches) + ")";
    }
}

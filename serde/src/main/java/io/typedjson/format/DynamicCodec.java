package io.typedjson.format;

import io.typedjson.format.internal.Tags;
import io.typedjson.format.internal.Readers;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ScalarType;
import io.typedjson.format.internal.Equality;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dynamic model: values whose type no class or schema gives, so the document alone must say it
 * (SPEC.md, "The dynamic model"). Plain JSON carries null, Boolean, Long, Double, String, List and
 * Map&lt;String,?&gt;; every other type of the model is a tagged string or a tagged object.
 *
 * <p>Reading gives ArrayList, LinkedHashMap (document order) and LinkedHashSet.
 */
public final class DynamicCodec implements Codec<Object> {

    public static final DynamicCodec INSTANCE = new DynamicCodec();

    private DynamicCodec() {}

    // ------------------------------------------------------------------ writing

    /**
     * Classes are tested before interfaces: {@code instanceof} a class is one compare, while {@code instanceof Map}
     * on an Integer or an Instant scans its interfaces (HotSpot's secondary supers, JDK-8180450) and cost about 40 %
     * of writing rows. The JDK's usual maps and lists are recognised by their exact class first for the same reason.
     */
    @Override
    public void write(JsonGenerator out, Object v) throws IOException {
        if (v == null) {
            out.writeNull();
            return;
        }
        Class<?> c = v.getClass();
        ScalarType scalar;
        // the plain JSON types (ScalarType.writeDynamic spelled out for speed) and the JDK's usual containers by
        // exact class first; the other scalars through their row
        if (c == String.class) {
            Lexemes.writeString(out, (String) v);
        } else if (c == Long.class) {
            out.writeNumber((Long) v);
        } else if (c == Double.class) {
            double d = (Double) v;
            if (Double.isFinite(d)) {
                out.writeNumber(Lexemes.doubleText(d));
            } else {
                ScalarType.FLOAT64.writeDynamic(out, v); // tagged
            }
        } else if (c == Boolean.class) {
            out.writeBoolean((Boolean) v);
        } else if (c == LinkedHashMap.class || c == HashMap.class) {
            writeMap(out, (Map<?, ?>) v);
        } else if (c == ArrayList.class) {
            writeList(out, (List<?>) v);
        } else if ((scalar = ScalarType.ofValueClass(c)) != null && scalar.dynamic()) {
            scalar.writeDynamic(out, v);
        } else if (v instanceof Map) {
            writeMap(out, (Map<?, ?>) v);
        } else if (v instanceof List) {
            writeList(out, (List<?>) v);
        } else if (v instanceof Set) {
            out.writeStartObject();
            out.writeFieldName(Tags.SET);
            out.writeStartArray();
            writeElements(out, (Set<?>) v);
            int duplicate = Equality.firstDuplicate((Set<?>) v);
            if (duplicate >= 0) {
                throw new TypedJsonException("duplicate element in a set: equal to an earlier one under the format's"
                        + " equality (byte arrays by content)").inElement(duplicate).inField(Tags.SET);
            }
            out.writeEndArray();
            out.writeEndObject();
        } else {
            throw new TypedJsonException("cannot carry " + v.getClass().getName() + " exactly in the dynamic model"
                    + " (supported: null, Boolean, Byte, Short, Integer, Long, BigInteger, Float, Double, BigDecimal,"
                    + " String, byte[], List, Set, Map, Instant, LocalDate, LocalTime, LocalDateTime, OffsetDateTime, UUID)");
        }
    }

    private void writeList(JsonGenerator out, List<?> list) throws IOException {
        out.writeStartArray();
        writeElements(out, list);
        out.writeEndArray();
    }

    private void writeElements(JsonGenerator out, Collection<?> values) throws IOException {
        int i = 0;
        for (Object e : values) {
            try {
                write(out, e);
            } catch (TypedJsonException | JsonProcessingException ex) {
                throw TypedJsonException.of(ex).inElement(i);
            }
            i++;
        }
    }

    private void writeMap(JsonGenerator out, Map<?, ?> map) throws IOException {
        for (Object key : map.keySet()) {
            if (!(key instanceof String)) {
                writeKeyedMap(out, map);
                return;
            }
        }
        if (!Equality.isJdkDistinct(map.keySet())) {
            int duplicate = Equality.firstDuplicate(map.keySet());
            if (duplicate >= 0) { // a map that does not use equals(), e.g. an IdentityHashMap
                throw new TypedJsonException("duplicate key " + Readers.quote((String) map.keySet().toArray()[duplicate])
                        + " in a map");
            }
        }
        out.writeStartObject();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String key = Lexemes.escapeKey((String) e.getKey());
            out.writeFieldName(key);
            try {
                write(out, e.getValue());
            } catch (TypedJsonException | JsonProcessingException ex) {
                throw TypedJsonException.of(ex).inField(key); // the path names the key as the document has it
            }
        }
        out.writeEndObject();
    }

    /** A map with a key that is not a string: keys and values alternate in one array. */
    private void writeKeyedMap(JsonGenerator out, Map<?, ?> map) throws IOException {
        out.writeStartObject();
        out.writeFieldName(Tags.MAP);
        out.writeStartArray();
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            try {
                write(out, e.getKey());
            } catch (TypedJsonException | JsonProcessingException ex) {
                throw TypedJsonException.of(ex).inElement(i);
            }
            try {
                write(out, e.getValue());
            } catch (TypedJsonException | JsonProcessingException ex) {
                throw TypedJsonException.of(ex).inElement(i + 1);
            }
            i += 2;
        }
        int duplicate = Equality.firstDuplicate(map.keySet());
        if (duplicate >= 0) {
            throw new TypedJsonException("duplicate key in a map: equal to an earlier one under the format's"
                    + " equality (byte arrays by content)").inElement(2 * duplicate).inField(Tags.MAP);
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    // ------------------------------------------------------------------ reading

    @Override
    public Object read(JsonParser in) throws IOException {
        JsonToken t = in.currentToken();
        if (t == null) {
            throw Readers.error(in, "unexpected end of document");
        }
        switch (t) {
            case VALUE_STRING: return readStringOrTagged(in);
            case VALUE_NUMBER_INT:
                return in.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? in.getBigIntegerValue() : in.getLongValue();
            case VALUE_NUMBER_FLOAT: return Lexemes.readDouble(in);
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            case START_ARRAY: return readElements(in, new ArrayList<>());
            case START_OBJECT: return readObject(in);
            default: throw Readers.error(in, "unexpected " + Readers.describe(in));
        }
    }

    private Object readStringOrTagged(JsonParser in) throws IOException {
        String s = Lexemes.checkUnicode(in, in.getText());
        if (s.isEmpty() || s.charAt(0) != Tags.PREFIX) {
            return s;
        }
        if (s.length() < 2) {
            throw Readers.error(in, "lone tag prefix \"~\" (a string \"~\" is written \"~~\")");
        }
        char tag = s.charAt(1);
        if (tag == Tags.PREFIX) {
            return s.substring(1);
        }
        ScalarType scalar = ScalarType.ofTag(tag);
        if (scalar == null) {
            throw Readers.error(in, "unknown tag " + Readers.quote(s.substring(0, 2)) + " in " + Readers.quote(s)
                    + " (a string starting with '~' is written with the '~' doubled)");
        }
        return scalar.parseTagged(in, s.substring(2));
    }

    private <C extends Collection<Object>> C readElements(JsonParser in, C into) throws IOException {
        while (in.nextToken() != JsonToken.END_ARRAY) {
            into.add(read(in));
        }
        return into;
    }

    private Object readObject(JsonParser in) throws IOException {
        Map<String, Object> map = new LinkedHashMap<>();
        JsonToken t = in.nextToken();
        if (t == JsonToken.END_OBJECT) {
            return map;
        }
        String first = in.currentName();
        if (first.length() > 1 && first.charAt(0) == Tags.PREFIX && first.charAt(1) != Tags.PREFIX) {
            return readTaggedObject(in, first);
        }
        do {
            String raw = in.currentName();
            String key = Lexemes.unescapeKey(in, raw);
            in.nextToken();
            Object value = read(in);
            int before = map.size();
            map.put(key, value);
            if (map.size() == before) {
                throw Readers.error(in, "duplicate key " + Readers.quote(raw));
            }
        } while (in.nextToken() != JsonToken.END_OBJECT);
        return map;
    }

    private Object readTaggedObject(JsonParser in, String tag) throws IOException {
        long keyOffset = Readers.offset(in);
        Object value;
        if (tag.equals(Tags.SET)) {
            expectArray(in, tag);
            Set<Object> set = new LinkedHashSet<>();
            Equality.Seen seen = new Equality.Seen(set);
            while (in.nextToken() != JsonToken.END_ARRAY) {
                long start = Readers.compositeStart(in);
                Object element = read(in);
                if (!seen.isNew(element)) {
                    String reason = "duplicate element in a set: equal to an earlier one"
                            + " (the format's equality: byte arrays by content, numbers by type and bits or scale)";
                    throw start >= 0 ? Readers.error(in, reason, start) : Readers.error(in, reason);
                }
                set.add(element);
            }
            value = set;
        } else if (tag.equals(Tags.MAP)) {
            expectArray(in, tag);
            Map<Object, Object> map = new LinkedHashMap<>();
            Equality.Seen seen = new Equality.Seen(map.keySet());
            boolean allStrings = true;
            while (in.nextToken() != JsonToken.END_ARRAY) {
                long keyStart = Readers.compositeStart(in);
                Object key = read(in);
                if (!seen.isNew(key)) {
                    String reason = "duplicate key in a ~map: equal to an earlier one"
                            + " (the format's equality: byte arrays by content, numbers by type and bits or scale)";
                    throw keyStart >= 0 ? Readers.error(in, reason, keyStart) : Readers.error(in, reason);
                }
                allStrings &= key instanceof String;
                if (in.nextToken() == JsonToken.END_ARRAY) {
                    throw Readers.error(in, "a ~map array must alternate keys and values, but its last key has no value");
                }
                map.put(key, read(in));
            }
            if (allStrings) {
                throw Readers.error(in, "non-canonical ~map: a map whose keys are all strings"
                        + (map.isEmpty() ? " (here: none)" : "") + " is written as a plain object").outside(keyOffset);
            }
            value = map;
        } else {
            throw Readers.error(in, "unknown tag " + Readers.quote(tag)
                    + " (a key starting with '~' is written with the '~' doubled)");
        }
        if (in.nextToken() != JsonToken.END_OBJECT) {
            throw Readers.error(in, "a tagged object " + Readers.quote(tag) + " must have exactly one key");
        }
        return value;
    }

    private static void expectArray(JsonParser in, String tag) throws IOException {
        if (in.nextToken() != JsonToken.START_ARRAY) {
            throw Readers.error(in, Readers.describe(in) + " where the array of " + Readers.quote(tag) + " belongs");
        }
    }
}

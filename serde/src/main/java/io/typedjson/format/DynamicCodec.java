package io.typedjson.format;

import io.typedjson.format.internal.Tags;
import io.typedjson.format.internal.Readers;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Containers;
import io.typedjson.format.internal.Containers.CollectionCodec;
import io.typedjson.format.internal.Containers.ObjectMapCodec;
import io.typedjson.format.internal.Containers.PairMapCodec;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The dynamic model: values whose type no class or schema gives, so the document alone must say it
 * (SPEC.md, "The dynamic model"). Plain JSON carries null, Boolean, Long, Double, String, List and
 * Map&lt;String,?&gt;; every other type of the model is a tagged string or a tagged object.
 *
 * <p>Reading gives ArrayList, LinkedHashMap (document order) and LinkedHashSet.
 */
public final class DynamicCodec implements Codec<Object> {

    public static final DynamicCodec INSTANCE = new DynamicCodec();

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

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
        if (c == String.class) {
            Lexemes.writeString(out, (String) v);
        } else if (c == Long.class) {
            out.writeNumber((Long) v);
        } else if (c == Double.class) {
            double d = (Double) v;
            if (Double.isFinite(d)) {
                out.writeNumber(Lexemes.doubleText(d));
            } else {
                writeTagged(out, Tags.FLOAT64, Lexemes.nonFiniteText(d));
            }
        } else if (c == Boolean.class) {
            out.writeBoolean((Boolean) v);
        } else if (c == LinkedHashMap.class || c == HashMap.class) {
            writeMap(out, (Map<?, ?>) v);
        } else if (c == ArrayList.class) {
            writeList(out, (List<?>) v);
        } else if (c == Integer.class) {
            writeTagged(out, Tags.INT32, v.toString());
        } else if (c == Short.class) {
            writeTagged(out, Tags.INT16, v.toString());
        } else if (c == Byte.class) {
            writeTagged(out, Tags.INT8, v.toString());
        } else if (c == Float.class) {
            float f = (Float) v;
            writeTagged(out, Tags.FLOAT32, Float.isFinite(f) ? Lexemes.floatText(f) : Lexemes.nonFiniteText(f));
        } else if (v instanceof BigDecimal) {
            writeTagged(out, Tags.DECIMAL, Lexemes.decimalText((BigDecimal) v));
        } else if (v instanceof BigInteger) {
            writeBigInteger(out, (BigInteger) v);
        } else if (c == byte[].class) {
            writeTagged(out, Tags.BYTES, Base64.getEncoder().encodeToString((byte[]) v));
        } else if (c == Instant.class) {
            writeTagged(out, Tags.INSTANT, IsoTimes.chars((Instant) v, 2), v);
        } else if (c == LocalDate.class) {
            writeTagged(out, Tags.LOCAL_DATE, IsoTimes.chars((LocalDate) v, 2), v);
        } else if (c == LocalTime.class || c == LocalDateTime.class || c == OffsetDateTime.class
                || c == UUID.class) {
            writeTagged(out, timeTag(c), v.toString());
        } else if (v instanceof Map<?, ?> map) {
            writeMap(out, map);
        } else if (v instanceof List<?> list) {
            writeList(out, list);
        } else if (v instanceof Set<?> set) {
            writeTaggedArray(out, Tags.SET, set);
        } else {
            throw new TypedJsonException("cannot carry " + v.getClass().getName() + " exactly in the dynamic model"
                    + " (supported: null, Boolean, Byte, Short, Integer, Long, BigInteger, Float, Double, BigDecimal,"
                    + " String, byte[], List, Set, Map, Instant, LocalDate, LocalTime, LocalDateTime, OffsetDateTime, UUID)");
        }
    }

    // The containers of the model, each holding values of the model again (their loops call this codec directly,
    // see Containers).
    private static final CollectionCodec<List<Object>> LIST = new CollectionCodec<>(INSTANCE, Containers.ARRAY_LIST, false);
    private static final CollectionCodec<Set<Object>> SET = new CollectionCodec<>(INSTANCE, Containers.LINKED_HASH_SET, true);
    private static final ObjectMapCodec<Map<Object, Object>> OBJECT =
            new ObjectMapCodec<>(Containers.STRING_KEYS, INSTANCE, Containers.LINKED_HASH_MAP);
    private static final PairMapCodec<Map<Object, Object>> PAIRS = new PairMapCodec<>(INSTANCE, INSTANCE, Containers.LINKED_HASH_MAP);

    @SuppressWarnings("unchecked")
    private static void writeList(JsonGenerator out, List<?> list) throws IOException {
        LIST.writeValue(out, (List<Object>) list);
    }

    private static char timeTag(Class<?> c) {
        if (c == LocalTime.class) return Tags.LOCAL_TIME;
        if (c == LocalDateTime.class) return Tags.LOCAL_DATE_TIME;
        if (c == OffsetDateTime.class) return Tags.OFFSET_DATE_TIME;
        return Tags.UUID;
    }

    /** A time's tagged string from its characters after two free slots, or from toString() when they are null. */
    private static void writeTagged(JsonGenerator out, char tag, char[] twoFreeThenPayload, Object time) throws IOException {
        if (twoFreeThenPayload == null) {
            writeTagged(out, tag, time instanceof Instant ? IsoTimes.text((Instant) time) : time.toString());
            return;
        }
        twoFreeThenPayload[0] = Tags.PREFIX;
        twoFreeThenPayload[1] = tag;
        out.writeString(twoFreeThenPayload, 0, twoFreeThenPayload.length);
    }

    private static void writeTagged(JsonGenerator out, char tag, String payload) throws IOException {
        out.writeString(new StringBuilder(payload.length() + 2).append(Tags.PREFIX).append(tag).append(payload).toString());
    }

    private static void writeBigInteger(JsonGenerator out, BigInteger b) throws IOException {
        // only a BigInteger that an int64 could also hold needs the tag; larger ones are plain lexemes
        if (b.compareTo(LONG_MIN) >= 0 && b.compareTo(LONG_MAX) <= 0) {
            writeTagged(out, Tags.BIG_INTEGER, b.toString());
        } else {
            out.writeNumber(b);
        }
    }

    /** A map whose keys are all strings is a plain object; any other is a {@code ~map} of alternating keys and values. */
    @SuppressWarnings("unchecked")
    private static void writeMap(JsonGenerator out, Map<?, ?> map) throws IOException {
        for (Object key : map.keySet()) {
            if (!(key instanceof String)) {
                writeTaggedArray(out, Tags.MAP, map);
                return;
            }
        }
        OBJECT.writeValue(out, (Map<Object, Object>) map);
    }

    /**
     * {@code {"~set":[...]}} or {@code {"~map":[k1,v1,k2,v2,...]}}. Paths go through the format key (SPEC.md 8):
     * {@code $["~map"][3]} is the second entry's value, {@code $["~set"][1]} the second element.
     */
    private static void writeTaggedArray(JsonGenerator out, String tag, Object value) throws IOException {
        out.writeStartObject();
        out.writeFieldName(tag);
        TypedJsonException duplicate;
        try {
            if (value instanceof Set<?> set) {
                SET.writeArray(out, set);
                duplicate = SET.duplicateIn(set);
            } else {
                Map<?, ?> map = (Map<?, ?>) value;
                PAIRS.writeArray(out, map);
                duplicate = PAIRS.duplicateIn(map);
            }
        } catch (TypedJsonException e) {
            throw e.inField(tag);
        }
        if (duplicate != null) {
            throw duplicate.inField(tag);
        }
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
            case START_ARRAY: return LIST.readValue(in);
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
        String payload = s.substring(2);
        switch (tag) {
            case Tags.PREFIX: return s.substring(1);
            case Tags.INT32: return (int) parseInteger(in, tag, payload, Integer.MIN_VALUE, Integer.MAX_VALUE, "int32");
            case Tags.INT16: return (short) parseInteger(in, tag, payload, Short.MIN_VALUE, Short.MAX_VALUE, "int16");
            case Tags.INT8: return (byte) parseInteger(in, tag, payload, Byte.MIN_VALUE, Byte.MAX_VALUE, "int8");
            case Tags.BIG_INTEGER:
                return BigInteger.valueOf(parseInteger(in, tag, payload, Long.MIN_VALUE, Long.MAX_VALUE, "tagged BigInteger"));
            case Tags.FLOAT32: return parseFloat(in, payload);
            case Tags.FLOAT64: return Lexemes.parseNonFinite(in, payload);
            case Tags.DECIMAL: return Lexemes.parseCanonicalDecimal(in, payload);
            case Tags.BYTES: return Lexemes.parseBase64(in, payload);
            case Tags.INSTANT: {
                Instant fast = IsoTimes.canonicalInstantOrNull(payload);
                return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, IsoTimes::parseAnyInstant, IsoTimes::text);
            }
            case Tags.LOCAL_DATE: {
                LocalDate fast = IsoTimes.canonicalLocalDateOrNull(payload);
                return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, LocalDate::parse, LocalDate::toString);
            }
            case Tags.LOCAL_TIME: {
                LocalTime fast = IsoTimes.canonicalLocalTimeOrNull(payload);
                return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, LocalTime::parse, LocalTime::toString);
            }
            case Tags.LOCAL_DATE_TIME: {
                LocalDateTime fast = IsoTimes.canonicalLocalDateTimeOrNull(payload);
                return fast != null ? fast
                        : Lexemes.parseCanonical(in, tag, payload, LocalDateTime::parse, LocalDateTime::toString);
            }
            case Tags.OFFSET_DATE_TIME:
                return Lexemes.parseCanonical(in, tag, payload, OffsetDateTime::parse, OffsetDateTime::toString);
            case Tags.UUID: return Lexemes.parseCanonicalUuid(in, payload);
            default:
                throw Readers.error(in, "unknown tag " + Readers.quote(s.substring(0, 2)) + " in " + Readers.quote(s)
                        + " (a string starting with '~' is written with the '~' doubled)");
        }
    }

    /** Integer payloads are integer lexemes as the writer spells them: no '+', no leading zeros, no "-0". */
    private static long parseInteger(JsonParser in, char tag, String payload, long min, long max, String type) {
        Lexemes.checkNumberLength(in, payload);
        if (!isIntegerLexeme(payload)) {
            // a number in another spelling ("+1", "01", "-0", "1.0", "1E2") is a second spelling; anything else is malformed
            boolean number = Lexemes.isJsonNumber(payload.startsWith("+") ? payload.substring(1) : payload)
                    || (payload.length() > 1 && payload.charAt(payload.charAt(0) == '-' ? 1 : 0) == '0'
                            && Lexemes.isJsonNumber(payload.replaceFirst("^(-?)0+(?=\\d)", "$1")));
            throw Readers.error(in, (number ? "non-canonical ~" : "malformed ~") + tag + " payload " + Readers.quote(payload)
                    + " (an integer lexeme: optional '-', digits without leading zeros, never \"-0\")");
        }
        try {
            long v = Long.parseLong(payload);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // beyond int64: out of range below
        }
        throw Readers.error(in, "number " + payload + " is out of range for " + type);
    }

    private static boolean isIntegerLexeme(String p) {
        int start = !p.isEmpty() && p.charAt(0) == '-' ? 1 : 0;
        if (p.length() == start || (p.charAt(start) == '0' && (p.length() > start + 1 || start == 1))) {
            return false;
        }
        for (int i = start; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** A float32 payload is the writer's spelling: the shortest digits that read back to the float, or NaN/±Infinity. */
    private static Float parseFloat(JsonParser in, String payload) {
        if (payload.equals(Lexemes.NAN) || payload.equals(Lexemes.INFINITY) || payload.equals(Lexemes.NEGATIVE_INFINITY)) {
            return (float) Lexemes.parseNonFinite(in, payload);
        }
        Lexemes.checkNumberLength(in, payload);
        // only JSON number syntax: Float.parseFloat would also take "0x1p3", "1f" or " 1"
        if (!Lexemes.isJsonNumber(payload)) {
            throw Readers.error(in, "malformed ~f payload " + Readers.quote(payload));
        }
        float f = Lexemes.parseFloat(payload);
        if (Float.isInfinite(f)) {
            throw Readers.error(in, "number " + payload + " is out of range for float32");
        }
        String canonical = Lexemes.floatText(f);
        if (!canonical.equals(payload)) {
            throw Lexemes.nonCanonical(in, Tags.FLOAT32, payload, canonical);
        }
        return f;
    }

    private Object readObject(JsonParser in) throws IOException {
        if (in.nextToken() == JsonToken.END_OBJECT) {
            return new LinkedHashMap<>();
        }
        String first = in.currentName();
        if (first.length() > 1 && first.charAt(0) == Tags.PREFIX && first.charAt(1) != Tags.PREFIX) {
            return readTaggedObject(in, first);
        }
        return OBJECT.readEntries(in, new LinkedHashMap<>());
    }

    private Object readTaggedObject(JsonParser in, String tag) throws IOException {
        long keyOffset = Readers.offset(in);
        Object value;
        if (tag.equals(Tags.SET)) {
            expectArray(in, tag);
            value = SET.readValue(in);
        } else if (tag.equals(Tags.MAP)) {
            expectArray(in, tag);
            Map<Object, Object> map = PAIRS.readValue(in);
            if (allStrings(map.keySet())) {
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

    private static boolean allStrings(Set<Object> keys) {
        for (Object key : keys) {
            if (!(key instanceof String)) {
                return false;
            }
        }
        return true;
    }

    private static void expectArray(JsonParser in, String tag) throws IOException {
        if (in.nextToken() != JsonToken.START_ARRAY) {
            Readers.expect(in, JsonToken.START_ARRAY, "the array of " + Readers.quote(tag));
        }
    }
}

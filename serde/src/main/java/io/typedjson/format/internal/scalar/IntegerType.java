package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.internal.Tags;
import java.util.Map;

/**
 * {@code byte}, {@code short} and {@code int}: an integer lexeme within the type's range; tagged {@code ~y},
 * {@code ~s} and {@code ~i} in the dynamic model. One class for the three: they differ only in their bounds.
 */
final class IntegerType extends ScalarType {
    static final IntegerType INT8 = new IntegerType(Byte.class, Tags.INT8, "int8", Byte.MIN_VALUE, Byte.MAX_VALUE);
    static final IntegerType INT16 = new IntegerType(Short.class, Tags.INT16, "int16", Short.MIN_VALUE, Short.MAX_VALUE);
    static final IntegerType INT32 = new IntegerType(Integer.class, Tags.INT32, "int32", Integer.MIN_VALUE, Integer.MAX_VALUE);

    private final long min;
    private final long max;
    /** The digits of the longest lexeme in range: a longer payload is not a canonical one. */
    private final int maxDigits;

    private IntegerType(Class<?> type, char tag, String name, long min, long max) {
        super(type, tag, true, false, name, "an " + name, JsonSchemaFragments.integerRange(min, max));
        this.min = min;
        this.max = max;
        this.maxDigits = Long.toString(max).length();
    }

    private Object box(long v) {
        return max == Integer.MAX_VALUE ? (Object) (int) v : max == Short.MAX_VALUE ? (Object) (short) v : (Object) (byte) v;
    }

    @Override
    public void write(JsonWriter out, Object v) {
        // the exact box: a Long or a Double given for an int32 (a Connect value of another class, a list's element
        // by heap pollution) is refused, never narrowed
        if (v.getClass() != type()) {
            throw new TypedJsonException(v.getClass().getName() + " where " + description()
                    + " belongs (a number of another class is not narrowed)");
        }
        out.writeNumber(((Number) v).intValue());
    }

    @Override
    public Object read(JsonReader in) {
        return max == Integer.MAX_VALUE ? (Object) Lexemes.readInt(in)
                : max == Short.MAX_VALUE ? (Object) Lexemes.readShort(in) : (Object) Lexemes.readByte(in);
    }


    @Override
    public Object parseKey(String s) {
        long v = Long.parseLong(s);
        if (v < min || v > max) {
            throw new NumberFormatException(s);
        }
        return box(v);
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return box(parseInteger(in, tag(), payload, min, max, name()));
    }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        long v = length <= maxNumberLength ? Lexemes.canonicalInteger(c, offset, offset + length, maxDigits) : Long.MIN_VALUE;
        return v >= min && v <= max ? box(v) : null;
    }

    @Override
    public Map<String, Object> jsonSchema() {
        return JsonSchemaFragments.integer(min, max);
    }

    /** Integer payloads are integer lexemes as the writer spells them: no '+', no leading zeros, no "-0". */
    static long parseInteger(JsonReader in, char tag, String payload, long min, long max, String type) {
        Lexemes.checkNumberLength(in, payload);
        if (!Lexemes.isIntegerLexeme(payload)) {
            // a number in another spelling ("+1", "01", "-0", "1.0", "1E2") is a second spelling; anything else is malformed
            boolean number = Lexemes.isJsonNumber(payload.startsWith("+") ? payload.substring(1) : payload)
                    || (payload.length() > 1 && payload.charAt(payload.charAt(0) == '-' ? 1 : 0) == '0'
                            && Lexemes.isJsonNumber(payload.replaceFirst("^(-?)0+(?=\\d)", "$1")));
            throw ReadErrors.error(in, (number ? "non-canonical ~" : "malformed ~") + tag + " payload " + ReadErrors.quote(payload)
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
        throw ReadErrors.error(in, "number " + payload + " is out of range for " + type);
    }
}

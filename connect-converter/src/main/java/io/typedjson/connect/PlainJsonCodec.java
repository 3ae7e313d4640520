package io.typedjson.connect;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Containers;
import io.typedjson.format.internal.Equality;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ObjectKeys;
import io.typedjson.format.internal.ReadErrors;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Reads plain JSON as Kafka's {@code JsonConverter} writes it with {@code schemas.enable=false}, with a schema
 * the reader is given (KIP-1054's {@code schema.content}; SPEC.md section 11, "plain JSON with a configured
 * schema"): no tags and no {@code ~} escapes, so a string that starts with {@code ~} is that string. Compiled once
 * per schema; immutable and thread-safe. Reads only: the converter never writes plain JSON.
 *
 * <p>Exact where the JSON is, refused where it is not, with the JSON path and byte offset: {@code 1.5} for an
 * INT32, {@code 128} for an INT8, a number beyond FLOAT64, a string where a boolean belongs (JsonConverter's own
 * reader truncates, wraps or reads false there).
 */
final class PlainJsonCodec implements Codec<Object> {

    /** How a Decimal is spelled: JsonConverter's {@code decimal.format}. */
    enum DecimalFormat { BASE64, NUMERIC }

    private static final long MILLIS_PER_DAY = 86_400_000L;

    final Schema schema;
    private final Reader root;
    /**
     * Whether an inline document (first key {@code ~s}) is read as one, with its own schema: unless a document of
     * this schema may itself start with the key {@code ~s} (a map with string keys, a struct with a field "~s").
     */
    private final boolean yieldsToInline;

    PlainJsonCodec(Schema schema, DecimalFormat decimals) {
        this.schema = schema;
        this.root = reader(schema, decimals);
        this.yieldsToInline = !(schema.type() == Schema.Type.MAP && schema.keySchema().type() == Schema.Type.STRING
                || schema.type() == Schema.Type.STRUCT && schema.field(TypedJsonConverter.SCHEMA_KEY) != null);
    }

    /** Whether {@code document} is an inline document that this configured schema leaves to its own schema. */
    boolean yieldsTo(byte[] document) {
        return yieldsToInline && TypedJsonConverter.isInline(document);
    }

    @Override
    public void write(JsonWriter out, Object value) {
        throw new UnsupportedOperationException("plain JSON is read only: the converter writes its own schema locations");
    }

    @Override
    public Object read(JsonReader in) {
        return root.read(in);
    }

    private static Reader reader(Schema s, DecimalFormat decimals) {
        String name = s.name();
        if (Decimal.LOGICAL_NAME.equals(name) && s.type() == Schema.Type.BYTES) {
            return decimals == DecimalFormat.NUMERIC ? new NumericDecimal(s) : new Base64Decimal(s);
        }
        if (Date.LOGICAL_NAME.equals(name) && s.type() == Schema.Type.INT32) {
            return new Logical(s) {
                @Override Object readValue(JsonReader in) {
                    return Date.toLogical(schema, Lexemes.readInt(in));
                }
            };
        }
        if (Time.LOGICAL_NAME.equals(name) && s.type() == Schema.Type.INT32) {
            return new Logical(s) {
                @Override Object readValue(JsonReader in) {
                    int millis = Lexemes.readInt(in);
                    if (millis < 0 || millis >= MILLIS_PER_DAY) {
                        throw ReadErrors.error(in, "time of " + millis + " ms is not within a day (0 to 86399999)");
                    }
                    return Time.toLogical(schema, millis);
                }
            };
        }
        if (Timestamp.LOGICAL_NAME.equals(name) && s.type() == Schema.Type.INT64) {
            return new Logical(s) {
                @Override Object readValue(JsonReader in) {
                    return Timestamp.toLogical(schema, Lexemes.readLong(in));
                }
            };
        }
        switch (s.type()) {
            case INT8: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readByte(in); } };
            case INT16: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readShort(in); } };
            case INT32: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readInt(in); } };
            case INT64: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readLong(in); } };
            // Jackson (JsonConverter's writer) spells NaN and the infinities as the strings "NaN", "Infinity",
            // "-Infinity", as typed JSON does; JsonConverter's own reader turns them into 0.0
            case FLOAT32: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readFloat(in); } };
            case FLOAT64: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readDouble(in); } };
            case BOOLEAN: return new Scalar(s) { @Override Object readValue(JsonReader in) { return Lexemes.readBoolean(in); } };
            case STRING: return new Scalar(s) { @Override Object readValue(JsonReader in) { return string(in, "a string"); } };
            case BYTES: return new Scalar(s) { @Override Object readValue(JsonReader in) { return base64(in, "base64 bytes"); } };
            case ARRAY: return new ArrayReader(s, decimals);
            case MAP:
                // JsonConverter: an object whenever the key schema is a STRING, else an array of [key, value] pairs
                return s.keySchema().type() == Schema.Type.STRING ? new ObjectMapReader(s, decimals) : new PairMapReader(s, decimals);
            case STRUCT: return new StructReader(s, decimals);
            default: throw new IllegalArgumentException("unsupported schema type " + s.type());
        }
    }

    static String string(JsonReader in, String what) {
        ReadErrors.expect(in, JsonToken.VALUE_STRING, what);
        return Lexemes.checkUnicode(in, in.getText()); // as it is: no ~ escape to undo
    }

    /** Standard base64 with padding, as Jackson writes it; any other spelling of the same bytes is refused. */
    static byte[] base64(JsonReader in, String what) {
        ReadErrors.expect(in, JsonToken.VALUE_STRING, what);
        byte[] b = Lexemes.canonicalBase64OrNull(in.getTextCharacters(), in.getTextOffset(), in.getTextLength());
        if (b == null) {
            throw ReadErrors.error(in, "string " + ReadErrors.abbreviate(in, 40) + " is not padded standard base64 (RFC 4648 section 4)");
        }
        return b;
    }

    /** Reads one value of one schema; null as JsonConverter reads it, the rest by {@link #readValue}. */
    abstract static class Reader {
        final Schema schema;
        private final Object defaultValue;

        Reader(Schema schema) {
            this.schema = schema;
            this.defaultValue = schema.defaultValue();
        }

        final Object read(JsonReader in) {
            if (in.currentToken() == JsonToken.VALUE_NULL) {
                return ifNull(in);
            }
            return readValue(in);
        }

        /**
         * null where the schema allows it; a required schema with a default gives the default (as JsonConverter
         * does: such a schema holds no null); else refused.
         */
        final Object ifNull(JsonReader in) {
            if (schema.isOptional()) {
                return null;
            }
            if (defaultValue != null) {
                return defaultValue;
            }
            throw ReadErrors.error(in, "null for a required " + ValueCodec.describe(schema));
        }

        /** Whether Connect's validation accepts all this reads, so put needs no field name ({@link StructReader#fills}). */
        boolean readsValid() {
            String name = schema.name();
            return name == null || !(name.equals(Decimal.LOGICAL_NAME) || name.equals(Date.LOGICAL_NAME)
                    || name.equals(Time.LOGICAL_NAME) || name.equals(Timestamp.LOGICAL_NAME));
        }

        abstract Object readValue(JsonReader in);
    }

    abstract static class Scalar extends Reader {
        Scalar(Schema s) { super(s); }
    }

    /** Date, Time, Timestamp and Decimal on their own types: values of the logical classes. */
    abstract static class Logical extends Reader {
        Logical(Schema s) { super(s); }
        @Override boolean readsValid() { return true; }
    }

    /** A Decimal of the schema's scale. */
    abstract static class DecimalReader extends Logical {
        final int scale;
        DecimalReader(Schema s) {
            super(s);
            this.scale = ValueCodec.DecimalCodec.scaleOf(s);
        }
    }

    /**
     * decimal.format=NUMERIC: a JSON number, taken at its exact value and given the schema's scale. JsonConverter
     * writes {@code BigDecimal.toString()} of the value it is handed, whose scale is not checked against the
     * schema's; so a lexeme with fewer fraction digits (or more, all zeros) is the same number and is rescaled, and
     * one the schema's scale cannot hold exactly ({@code 1.234} for a scale of 2) is refused.
     */
    static final class NumericDecimal extends DecimalReader {
        NumericDecimal(Schema s) { super(s); }
        @Override Object readValue(JsonReader in) {
            JsonToken t = in.currentToken();
            if (t == JsonToken.VALUE_STRING) {
                throw ReadErrors.error(in, ReadErrors.describe(in) + " where a decimal number belongs (decimal.format NUMERIC;"
                        + " set " + TypedJsonConverterConfig.DECIMAL_FORMAT + "=BASE64 for base64 decimals)");
            }
            BigDecimal d = Lexemes.readDecimal(in);
            if (d.scale() == scale) {
                return d;
            }
            if (d.signum() != 0 && (long) d.scale() - scale >= d.precision()) {
                // fewer digits at the schema's scale: dropping k fraction digits needs k trailing zeros, and a
                // non-zero value has fewer than its precision (1E-500000000 must not make setScale build 10^500000000)
                throw ReadErrors.error(in, "decimal " + ReadErrors.abbreviate(in, 40) + " needs scale "
                        + d.stripTrailingZeros().scale() + " but the schema's scale is " + scale);
            }
            // digits the rescaled value would have: bounded before setScale multiplies by a power of ten
            long digits = (long) d.precision() + scale - d.scale();
            if (d.signum() != 0 && digits > in.limits().maxNumberLength()) {
                throw ReadErrors.error(in, "decimal " + ReadErrors.abbreviate(in, 40) + " has more than "
                        + in.limits().maxNumberLength() + " digits at the schema's scale " + scale);
            }
            try {
                return d.signum() == 0 ? BigDecimal.valueOf(0, scale) : d.setScale(scale, RoundingMode.UNNECESSARY);
            } catch (ArithmeticException e) {
                throw ReadErrors.error(in, "decimal " + ReadErrors.abbreviate(in, 40) + " needs scale " + d.stripTrailingZeros().scale()
                        + " but the schema's scale is " + scale);
            }
        }
    }

    /** decimal.format=BASE64 (JsonConverter's default): base64 of the unscaled value's two's-complement bytes. */
    static final class Base64Decimal extends DecimalReader {
        Base64Decimal(Schema s) { super(s); }
        @Override Object readValue(JsonReader in) {
            if (in.currentToken() == JsonToken.VALUE_NUMBER_INT || in.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
                throw ReadErrors.error(in, ReadErrors.describe(in) + " where a base64 decimal belongs (decimal.format BASE64;"
                        + " set " + TypedJsonConverterConfig.DECIMAL_FORMAT + "=NUMERIC for decimals as numbers)");
            }
            byte[] b = base64(in, "a base64 decimal");
            if (b.length == 0) {
                throw ReadErrors.error(in, "empty bytes for a decimal (its unscaled value needs at least one byte)");
            }
            return new BigDecimal(new BigInteger(b), scale);
        }
    }

    /** A container whose items have one schema: an array's elements, the values of a map with string keys. */
    abstract static class ItemsReader extends Reader {
        final Reader items;
        ItemsReader(Schema s, DecimalFormat decimals) {
            super(s);
            this.items = reader(s.valueSchema(), decimals);
        }
        @Override boolean readsValid() { return super.readsValid() && items.readsValid(); }
    }

    static final class ArrayReader extends ItemsReader {
        ArrayReader(Schema s, DecimalFormat decimals) { super(s, decimals); }
        @Override Object readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_ARRAY, "an array");
            List<Object> list = new ArrayList<>();
            while (in.nextToken() != JsonToken.END_ARRAY) {
                list.add(items.read(in));
            }
            return list;
        }
    }

    /** A map with STRING keys: a JSON object, each key the string as it is. */
    static final class ObjectMapReader extends ItemsReader {
        ObjectMapReader(Schema s, DecimalFormat decimals) { super(s, decimals); }
        @Override Object readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_OBJECT, "an object (a map with string keys)");
            Map<Object, Object> map = new LinkedHashMap<>();
            while (in.nextToken() != JsonToken.END_OBJECT) {
                String raw = in.currentName();
                String name = Lexemes.checkUnicode(in, raw);
                in.nextToken();
                // a map finds a duplicate once it has read its value, which is named first (SPEC.md 8)
                long valueStart = in.tokenOffset();
                Object value = items.read(in);
                if (map.containsKey(name)) {
                    throw Containers.duplicateKey(in, raw, valueStart);
                }
                map.put(name, value);
            }
            return map;
        }
    }

    /** A map with keys of another type: an array of {@code [key, value]} pairs, as JsonConverter writes it. */
    static final class PairMapReader extends Reader {
        private final Reader key;
        private final Reader value;
        PairMapReader(Schema s, DecimalFormat decimals) {
            super(s);
            this.key = reader(s.keySchema(), decimals);
            this.value = reader(s.valueSchema(), decimals);
        }
        @Override boolean readsValid() { return super.readsValid() && key.readsValid() && value.readsValid(); }
        @Override Object readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_ARRAY, "an array of [key, value] pairs (a map whose keys are not strings)");
            Map<Object, Object> map = new LinkedHashMap<>();
            Equality.Seen seen = SameValue.EQUALITY.seen(map.keySet());
            while (in.nextToken() != JsonToken.END_ARRAY) {
                ReadErrors.expect(in, JsonToken.START_ARRAY, "a [key, value] pair");
                long pairStart = in.tokenOffset();
                if (in.nextToken() == JsonToken.END_ARRAY) {
                    throw ReadErrors.error(in, "a map entry of no key and value: [key, value] expected", pairStart);
                }
                Object k = key.read(in);
                if (in.nextToken() == JsonToken.END_ARRAY) {
                    throw ReadErrors.error(in, "a map entry of a key alone: [key, value] expected", pairStart);
                }
                Object v = value.read(in);
                if (in.nextToken() != JsonToken.END_ARRAY) {
                    throw ReadErrors.error(in, ReadErrors.describe(in) + " after a map entry's key and value: [key, value] expected");
                }
                if (seen.floods(k)) {
                    throw ReadErrors.error(in, "more than " + Equality.MAX_SAME_HASH + " keys of a map with one hash code:"
                            + " a document made to flood Java's hash tables is refused", pairStart);
                }
                if (!seen.isNew(k)) {
                    throw ReadErrors.error(in, "duplicate key in a map: the same value as an earlier key", pairStart);
                }
                map.put(k, v);
            }
            return map;
        }
    }

    /**
     * A JSON object by field name, in any order. As JsonConverter: a key the schema does not name is skipped (a
     * producer may add a field before the sink's schema has it); an absent field reads as a null. Unlike it, a
     * duplicate key is refused (which one is meant?), and a null stays null where the field is optional, rather
     * than becoming the default.
     */
    static final class StructReader extends Reader {
        private final Field[] fields;
        private final Reader[] readers;
        /** Per field: the Field its values are put with, as {@link ValueCodec.StructCodec}'s fills. */
        private final Field[] fills;
        private final Map<String, Integer> index = new HashMap<>();
        StructReader(Schema s, DecimalFormat decimals) {
            super(s);
            this.fields = s.fields().toArray(new Field[0]);
            this.readers = new Reader[fields.length];
            this.fills = new Field[fields.length];
            for (int i = 0; i < fields.length; i++) {
                readers[i] = reader(fields[i].schema(), decimals);
                fills[i] = readers[i].readsValid() ? new Field(null, fields[i].index(), fields[i].schema()) : fields[i];
                index.put(fields[i].name(), i);
            }
        }
        @Override boolean readsValid() {
            for (Reader r : readers) {
                if (!r.readsValid()) {
                    return false;
                }
            }
            return super.readsValid();
        }
        @Override Object readValue(JsonReader in) {
            ReadErrors.expect(in, JsonToken.START_OBJECT, "an object (a struct)");
            long start = in.tokenOffset();
            Struct struct = new Struct(schema);
            boolean[] seen = new boolean[fields.length];
            java.util.Set<String> skipped = null;
            int next = 0;
            while (in.nextToken() != JsonToken.END_OBJECT) {
                String key = Lexemes.checkUnicode(in, in.currentName());
                int i = next < fields.length && fields[next].name().equals(key) ? next : index.getOrDefault(key, -1);
                in.nextToken();
                if (i < 0) {
                    if (skipped == null) {
                        skipped = new java.util.HashSet<>();
                    }
                    if (!skipped.add(key)) {
                        throw ReadErrors.error(in, "duplicate key " + ReadErrors.quote(key));
                    }
                    in.skipValue();
                    continue;
                }
                if (seen[i]) {
                    throw ReadErrors.error(in, "duplicate field " + ReadErrors.quote(key));
                }
                seen[i] = true;
                next = i + 1;
                long valueStart = ReadErrors.compositeStart(in);
                Object v = readers[i].read(in);
                if (v != null) {
                    try {
                        struct.put(fills[i], v);
                    } catch (DataException e) { // a logical name on another type
                        throw ValueCodec.StructCodec.refused(in, valueStart, e);
                    }
                }
            }
            for (int i = 0; i < fields.length; i++) {
                if (!seen[i]) {
                    Schema fs = fields[i].schema();
                    if (!fs.isOptional() && fs.defaultValue() == null) {
                        throw ReadErrors.error(in, "missing required field " + ReadErrors.quote(fields[i].name()), start);
                    }
                    if (!fs.isOptional()) {
                        struct.put(fields[i], fs.defaultValue()); // as a null: a required field holds its default
                    }
                }
            }
            return struct;
        }
    }
}

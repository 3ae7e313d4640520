package io.typedjson.connect;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonKey;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.Containers;
import io.typedjson.format.internal.Containers.CollectionCodec;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.internal.Tags;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import io.typedjson.format.TypedJsonException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.HashMap;
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
 * Writes and reads Connect values of one schema in the typed spelling the schema gives (no tags), compiled
 * once per schema. Structs are positional arrays in inline documents (the schema names the fields once) and
 * objects elsewhere. Location none writes with the same checks in the dynamic model's spelling
 * ({@link Spelling#DYNAMIC}). Immutable and thread-safe.
 */
abstract class ValueCodec implements Codec<Object> {

    private static final long MILLIS_PER_DAY = 86_400_000L;

    final Schema schema;
    private final boolean nullable;
    /** Written in the dynamic model's spelling ({@link Spelling#DYNAMIC}): where a codec's bytes differ, it looks. */
    final boolean dynamic;

    ValueCodec(Schema schema) {
        this(schema, false);
    }

    ValueCodec(Schema schema, boolean dynamic) {
        this.schema = schema;
        this.dynamic = dynamic;
        // a required field with a default may hold null in a Struct: Struct.get() then gives the default
        this.nullable = schema.isOptional() || schema.defaultValue() != null;
    }

    /** Connect's logical types: the schema type each is defined on, and its codec there. */
    private static final Map<String, Map.Entry<Schema.Type, java.util.function.BiFunction<Schema, Boolean, ValueCodec>>> LOGICAL = Map.of(
            Decimal.LOGICAL_NAME, Map.entry(Schema.Type.BYTES, DecimalCodec::new),
            Date.LOGICAL_NAME, Map.entry(Schema.Type.INT32, DateCodec::new),
            Time.LOGICAL_NAME, Map.entry(Schema.Type.INT32, TimeCodec::new),
            Timestamp.LOGICAL_NAME, Map.entry(Schema.Type.INT64, TimestampCodec::new));

    /**
     * How values are spelled: typed with structs as arrays or as objects, or (write only) as the dynamic model writes
     * them. {@link #POSITIONAL_TOKENS} and {@link #OBJECT_TOKENS} are {@link #POSITIONAL} and {@link #OBJECT} read
     * token by token only, without the one-pass read of structs: what the tests hold that read to.
     */
    enum Spelling { POSITIONAL, OBJECT, DYNAMIC, POSITIONAL_TOKENS, OBJECT_TOKENS }

    static ValueCodec of(Schema schema, boolean positional) {
        return of(schema, positional ? Spelling.POSITIONAL : Spelling.OBJECT);
    }

    /**
     * With {@link Spelling#DYNAMIC} the bytes are those of the dynamic model for the value location none sends
     * (tags for the narrow types, Date, Time and Timestamp as LocalDate, LocalTime and Instant, structs as objects, a
     * map as an object when its keys are all strings, else a {@code ~map}), after the checks the typed spelling makes.
     */
    static ValueCodec of(Schema schema, Spelling spelling) {
        boolean dynamic = spelling == Spelling.DYNAMIC;
        var logical = schema.name() == null ? null : LOGICAL.get(schema.name());
        if (logical != null && schema.type() == logical.getKey()) {
            return logical.getValue().apply(schema, dynamic);
        }
        ScalarType scalar = DerivedSchemas.scalarOf(schema.type());
        if (scalar != null) {
            return dynamic ? new DynamicScalarCodec(schema, scalar) : new ScalarCodec(schema, scalar);
        }
        switch (schema.type()) {
            case ARRAY: return new ArrayCodec(schema, spelling);
            case MAP:
                return isPlainString(schema.keySchema())
                        ? new ConnectObjectMapCodec(schema, spelling) : new ConnectPairMapCodec(schema, spelling);
            case STRUCT:
                return spelling == Spelling.POSITIONAL || spelling == Spelling.POSITIONAL_TOKENS
                        ? new PositionalStructCodec(schema, spelling) : new ObjectStructCodec(schema, spelling);
            default:
                throw new IllegalArgumentException("unsupported schema type " + schema.type());
        }
    }

    /** A map key that can always be a JSON object key: a required string without a logical name. */
    private static boolean isPlainString(Schema key) {
        return key.type() == Schema.Type.STRING && !key.isOptional() && key.name() == null;
    }

    @Override
    public final void write(JsonWriter out, Object value) {
        if (value == null) {
            if (!nullable) {
                throw new TypedJsonException("null for a required " + describe(schema));
            }
            out.writeNull();
            return;
        }
        try {
            writeValue(out, value);
        } catch (ClassCastException e) {
            throw new TypedJsonException(value.getClass().getName() + " where the schema wants a " + describe(schema));
        }
    }

    @Override
    public final Object read(JsonReader in) {
        if (in.currentToken() == JsonToken.VALUE_NULL) {
            if (!nullable) {
                throw ReadErrors.error(in, "null for a required " + describe(schema));
            }
            return null;
        }
        return readValue(in);
    }

    abstract void writeValue(JsonWriter out, Object value);

    /**
     * Whether every value this codec reads is one Connect's {@code ConnectSchema.validateValue} accepts for the
     * schema, so that no refusal of {@link Struct#put(Field, Object)} needs the field's name (see
     * {@link StructCodec#fills}). True by construction, except for a schema that carries one of Connect's logical
     * names on another type: Connect wants the logical class for the name whatever the type, and its check refuses
     * the value, as it should.
     */
    boolean readsValid() {
        return schema.name() == null || !LOGICAL.containsKey(schema.name());
    }

    abstract Object readValue(JsonReader in);

    static String describe(Schema s) {
        return s.name() != null ? s.type() + " " + s.name() : s.type().toString();
    }

    // ------------------------------------------------------------------ scalars

    /** INT8 to FLOAT64, BOOLEAN, STRING and BYTES: the scalar type's typed spelling (a BYTES value may be a ByteBuffer). */
    static final class ScalarCodec extends ValueCodec {
        private final ScalarType scalar;
        ScalarCodec(Schema s, ScalarType scalar) {
            super(s);
            this.scalar = scalar;
        }
        @Override final void writeValue(JsonWriter out, Object v) { scalar.write(out, v); }
        @Override final Object readValue(JsonReader in) { return scalar.read(in); }
    }

    /** The same checks as {@link ScalarCodec}, the value written as the dynamic model writes it (tagged when narrow). */
    static final class DynamicScalarCodec extends ValueCodec {
        private final ScalarType scalar;
        DynamicScalarCodec(Schema s, ScalarType scalar) {
            super(s);
            this.scalar = scalar;
        }
        @Override void writeValue(JsonWriter out, Object v) {
            if (v instanceof ByteBuffer b && scalar == ScalarTypes.BYTES) {
                v = bytesOf(b);
            } else if (v.getClass() != scalar.type()) {
                throw new ClassCastException(); // the typed spelling's cast, and its message
            }
            scalar.writeDynamic(out, v);
        }
        @Override Object readValue(JsonReader in) { throw new UnsupportedOperationException("the dynamic spelling is only written"); }
    }

    /**
     * The day of a Connect Date: midnight UTC, within INT32 days. Date.fromLogical checks midnight with a Calendar,
     * which costs more than the rest of a row, and casts the day to int without a check.
     */
    static long epochDay(java.util.Date date) {
        long millis = date.getTime();
        long day = Math.floorDiv(millis, MILLIS_PER_DAY);
        if (Math.floorMod(millis, MILLIS_PER_DAY) != 0 || day != (int) day) {
            throw new TypedJsonException("a Date must be midnight UTC within INT32 days, but " + Instant.ofEpochMilli(millis) + " is not");
        }
        return day;
    }

    /** The milliseconds of a Connect Time: within 1970-01-01 UTC. */
    static long millisOfDay(java.util.Date time) {
        long millis = time.getTime();
        if (millis < 0 || millis >= MILLIS_PER_DAY) {
            throw new TypedJsonException("a Time must be within 1970-01-01 UTC, but " + Instant.ofEpochMilli(millis) + " is not");
        }
        return millis;
    }

    static byte[] bytesOf(ByteBuffer b) {
        return Lexemes.remaining(b);
    }

    /** The number lexeme of BigDecimal.toString(): the scale rides on the lexeme and must match the schema's. */
    static final class DecimalCodec extends ValueCodec {
        private final int scale;
        DecimalCodec(Schema s, boolean dynamic) {
            super(s, dynamic);
            this.scale = scaleOf(s);
        }

        /** The scale parameter of a Decimal schema. */
        static int scaleOf(Schema s) {
            String text = s.parameters() == null ? null : s.parameters().get(Decimal.SCALE_FIELD);
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new DataException("a Decimal schema needs an integer \"scale\" parameter, not " + text);
            }
        }
        @Override boolean readsValid() { return true; }
        @Override void writeValue(JsonWriter out, Object v) {
            BigDecimal d = (BigDecimal) v;
            if (d.scale() != scale) {
                throw new TypedJsonException("decimal " + d + " has scale " + d.scale() + " but the schema's scale is " + scale);
            }
            if (dynamic) {
                ScalarTypes.DECIMAL.writeDynamic(out, d);
            } else {
                Lexemes.writeDecimal(out, d);
            }
        }
        @Override Object readValue(JsonReader in) {
            BigDecimal d = Lexemes.readDecimal(in);
            if (d.scale() != scale) {
                throw ReadErrors.error(in, "decimal " + in.getText() + " has scale " + d.scale() + " but the schema's scale is " + scale);
            }
            return d;
        }
    }

    /** ISO date ("2026-11-30"); Connect's Date is a java.util.Date at midnight UTC. */
    static final class DateCodec extends ValueCodec {
        DateCodec(Schema s, boolean dynamic) { super(s, dynamic); }
        @Override boolean readsValid() { return true; }
        @Override void writeValue(JsonWriter out, Object v) {
            long day = epochDay((java.util.Date) v);
            if (dynamic) {
                ScalarTypes.LOCAL_DATE.writeDynamic(out, LocalDate.ofEpochDay(day));
            } else {
                writeDay(out, day);
            }
        }
        @Override Object readValue(JsonReader in) {
            long day = Lexemes.readEpochDay(in);
            if (day != (int) day) {
                throw ReadErrors.error(in, "date " + in.getText() + " is out of range");
            }
            return Date.toLogical(schema, (int) day);
        }
    }

    /**
     * {@code LocalDate.ofEpochDay(day).toString()} as a JSON string: years 0000 to 9999 written straight into the
     * writer's buffer, others by toString() itself.
     */
    static void writeDay(JsonWriter out, long day) {
        int date = IsoTimes.civil(day);
        if (date < 0 || !out.writeDate("", date >>> 9, date >>> 5 & 0xF, date & 0x1F)) {
            out.writeString(LocalDate.ofEpochDay(day).toString());
        }
    }

    /**
     * {@code IsoTimes.text(Instant.ofEpochMilli(millis))} as a JSON string ({@code 2026-11-30T05:35:45Z}, or with
     * {@code .123} when there are milliseconds): years 0000 to 9999 written straight into the writer's buffer, without
     * an Instant and a String per value; other years by IsoTimes itself.
     */
    static void writeTimestamp(JsonWriter out, long millis) {
        long second = Math.floorDiv(millis, 1000L);
        int nanos = (int) Math.floorMod(millis, 1000L) * 1_000_000;
        if (!out.writeInstant("", second, nanos)) {
            out.writeString(IsoTimes.text(Instant.ofEpochMilli(millis)));
        }
    }

    /** ISO local time ("05:35:45.123"); Connect's Time is milliseconds since midnight as a java.util.Date. */
    static final class TimeCodec extends ValueCodec {
        TimeCodec(Schema s, boolean dynamic) { super(s, dynamic); }
        @Override boolean readsValid() { return true; }
        @Override void writeValue(JsonWriter out, Object v) {
            LocalTime t = LocalTime.ofNanoOfDay(millisOfDay((java.util.Date) v) * 1_000_000L);
            if (dynamic) {
                ScalarTypes.LOCAL_TIME.writeDynamic(out, t);
            } else {
                out.writeString(t.toString());
            }
        }
        @Override Object readValue(JsonReader in) {
            LocalTime t = Lexemes.readLocalTime(in);
            if (t.getNano() % 1_000_000 != 0) {
                throw ReadErrors.error(in, "time " + in.getText() + " is finer than the millisecond Connect's Time holds");
            }
            return Time.toLogical(schema, (int) (t.toNanoOfDay() / 1_000_000L));
        }
    }

    /** ISO instant ("2026-11-30T05:35:45.123Z"); Connect's Timestamp is epoch milliseconds as a java.util.Date. */
    static final class TimestampCodec extends ValueCodec {
        TimestampCodec(Schema s, boolean dynamic) { super(s, dynamic); }
        @Override boolean readsValid() { return true; }
        @Override void writeValue(JsonWriter out, Object v) {
            long millis = ((java.util.Date) v).getTime();
            if (dynamic) {
                ScalarTypes.INSTANT.writeDynamic(out, Instant.ofEpochMilli(millis));
            } else {
                writeTimestamp(out, millis);
            }
        }
        @Override Object readValue(JsonReader in) {
            if (in.currentToken() == JsonToken.VALUE_STRING) { // the common shape without an Instant on the way
                long millis = IsoTimes.fastEpochMilli(in.getTextCharacters(), in.getTextOffset(), in.getTextLength());
                if (millis != Long.MIN_VALUE) {
                    return new java.util.Date(millis);
                }
            }
            Instant t = Lexemes.readInstant(in);
            if (t.getNano() % 1_000_000 != 0) {
                throw ReadErrors.error(in, "timestamp " + in.getText() + " is finer than the millisecond Connect's Timestamp holds");
            }
            try {
                return new java.util.Date(t.toEpochMilli());
            } catch (ArithmeticException e) {
                throw ReadErrors.error(in, "timestamp " + in.getText() + " is out of range");
            }
        }
    }

    // ------------------------------------------------------------------ composites

    /** A list as a JSON array (Containers.CollectionCodec). */
    static final class ArrayCodec extends ValueCodec {
        private final ValueCodec element;
        private final CollectionCodec<List<Object>> array;
        ArrayCodec(Schema s, Spelling spelling) {
            super(s);
            this.element = of(s.valueSchema(), spelling);
            this.array = new CollectionCodec<>(element, Containers.ARRAY_LIST, false);
        }
        @Override boolean readsValid() { return super.readsValid() && element.readsValid(); }
        @SuppressWarnings("unchecked")
        @Override void writeValue(JsonWriter out, Object v) { array.writeValue(out, (List<Object>) v); }
        @Override Object readValue(JsonReader in) { return array.readValue(in); }
    }

    /** A map with required plain string keys: a JSON object, keys escaped like strings (Containers.ObjectMapCodec). */
    static final class ConnectObjectMapCodec extends ValueCodec {
        private final ValueCodec value;
        private final Containers.ObjectMapCodec<Map<Object, Object>> object;
        ConnectObjectMapCodec(Schema s, Spelling spelling) {
            super(s);
            this.value = of(s.valueSchema(), spelling);
            this.object = new Containers.ObjectMapCodec<>(Containers.STRING_KEYS, value, Containers.LINKED_HASH_MAP);
        }
        @Override boolean readsValid() { return super.readsValid() && value.readsValid(); }
        @SuppressWarnings("unchecked")
        @Override void writeValue(JsonWriter out, Object v) { object.writeValue(out, (Map<Object, Object>) v); }
        @Override Object readValue(JsonReader in) { return object.readValue(in); }
    }

    /**
     * Any other map: keys and values alternate in one array, {@code [k1,v1,k2,v2,...]}, keys compared with the
     * format's equality extended to Structs (Containers.PairMapCodec, {@link SameValue}). In the dynamic spelling
     * the array is a {@code ~map}'s, or the map an object when its keys are all strings (DynamicModel's choice).
     */
    static final class ConnectPairMapCodec extends ValueCodec {
        private final ValueCodec key;
        private final ValueCodec value;
        private final Containers.PairMapCodec<Map<Object, Object>> pairs;
        /** In the dynamic spelling with STRING keys, the object of a map whose keys are all strings; else null. */
        private final Containers.ObjectMapCodec<Map<Object, Object>> object;
        ConnectPairMapCodec(Schema s, Spelling spelling) {
            super(s, spelling == Spelling.DYNAMIC);
            this.key = of(s.keySchema(), spelling);
            this.value = of(s.valueSchema(), spelling);
            this.pairs = new Containers.PairMapCodec<>(key, value, Containers.LINKED_HASH_MAP, SameValue.EQUALITY);
            this.object = dynamic && s.keySchema().type() == Schema.Type.STRING
                    ? new Containers.ObjectMapCodec<>(Containers.STRING_KEYS, value, Containers.LINKED_HASH_MAP) : null;
        }
        @Override boolean readsValid() { return super.readsValid() && key.readsValid() && value.readsValid(); }
        @SuppressWarnings("unchecked")
        @Override void writeValue(JsonWriter out, Object v) {
            Map<Object, Object> map = (Map<Object, Object>) v;
            if (!dynamic) {
                pairs.writeValue(out, map);
                return;
            }
            if (map.isEmpty()) { // {} as DynamicModel writes any empty map
                out.writeStartObject();
                out.writeEndObject();
                return;
            }
            if (object != null && allStrings(map)) {
                object.writeValue(out, map);
                return;
            }
            out.writeStartObject();
            out.writeFieldName(Tags.MAP);
            try {
                pairs.writeValue(out, map);
            } catch (TypedJsonException e) {
                throw e.inField(Tags.MAP);
            }
            out.writeEndObject();
        }
        private static boolean allStrings(Map<?, ?> map) {
            for (Object k : map.keySet()) {
                if (!(k instanceof String)) {
                    return false;
                }
            }
            return true;
        }
        @Override Object readValue(JsonReader in) { return pairs.readValue(in); }
    }

    /** Writes a Struct's fields in schema order without the default substituted for a null. */
    abstract static class StructCodec extends ValueCodec {
        final Field[] fields;
        /**
         * Per field: the Field its values are {@link Struct#put put} with. For a codec that {@link #readsValid reads
         * valid} values, the field's index and schema without its name: put validates the value all the same, but
         * skips building the message String {@code "field: \"name\""} on every call, which only a refusal uses, and
         * such a value is never refused (with the field itself, reading rows took 1.15 times the time, the CDC envelope
         * 1.10). Else the field itself, so that the refusal names it.
         */
        private final Field[] fills;
        final ValueCodec[] codecs;
        private static final byte OTHER = 0, INT8 = 1, INT16 = 2, INT32 = 3, INT64 = 4, FLOAT32 = 5, FLOAT64 = 6,
                BOOLEAN = 7, STRING = 8, STRINGS = 9, TIMESTAMP = 10, DATE = 11, TIME = 12, BYTES = 13, DECIMAL = 14;
        /** Per field: its one-pass read ({@link #readOnePass}), or OTHER (handed to its codec). */
        private final byte[] reads;
        /** Per field: whether its schema has a default, which {@link Struct#get(Field)} would put in for a null. */
        private final boolean[] hasDefault;
        StructCodec(Schema s, Spelling spelling) {
            super(s);
            this.fields = s.fields().toArray(new Field[0]);
            this.codecs = new ValueCodec[fields.length];
            this.fills = new Field[fields.length];
            this.hasDefault = new boolean[fields.length];
            this.reads = new byte[fields.length];
            for (int i = 0; i < fields.length; i++) {
                codecs[i] = of(fields[i].schema(), spelling);
                fills[i] = codecs[i].readsValid() ? new Field(null, fields[i].index(), fields[i].schema()) : fields[i];
                hasDefault[i] = fields[i].schema().defaultValue() != null;
                reads[i] = kind(codecs[i]);
            }
        }
        @Override boolean readsValid() {
            for (ValueCodec c : codecs) {
                if (!c.readsValid()) {
                    return false;
                }
            }
            return super.readsValid();
        }

        Struct struct(Object v) {
            Struct struct = (Struct) v;
            if (struct.schema() != schema && !struct.schema().equals(schema)) {
                throw new TypedJsonException("Struct of another schema (" + SchemaNotation.brief(struct.schema())
                        + ") where the schema wants " + SchemaNotation.brief(schema));
            }
            return struct;
        }

        /** The fields in schema order: an array of the values, or with {@code keys} an object. */
        final void writeFields(JsonWriter out, Object v, String[] keys) {
            Struct struct = struct(v);
            if (keys == null) {
                out.writeStartArray();
            } else {
                out.writeStartObject();
            }
            for (int i = 0; i < fields.length; i++) {
                if (keys != null) {
                    out.writeFieldName(keys[i]);
                }
                writeField(out, struct, i);
            }
            if (keys == null) {
                out.writeEndArray();
            } else {
                out.writeEndObject();
            }
        }

        /** Field {@code i} as it is set, a null as null. */
        void writeField(JsonWriter out, Struct struct, int i) {
            try {
                // get(Field) reads by the field's index (the same in an equal schema); by name (a map lookup) only
                // to see a null where the field has a default, which get would give instead
                codecs[i].write(out, hasDefault[i] ? struct.getWithoutDefault(fields[i].name()) : struct.get(fields[i]));
            } catch (TypedJsonException e) {
                String name = fields[i].name(); // the key as the document has it: ~t spelled ~~t (SPEC.md 8)
                throw e.inField(name.startsWith("~") ? Tags.PREFIX + name : name);
            }
        }

        /**
         * The struct read in one pass from its first token ({@code one}: {@link JsonReader#onePassArray}'s or
         * {@link JsonReader#onePassOpen}'s): numbers, decimals, booleans, strings, lists of strings, timestamps, dates,
         * times, bytes and nulls parsed where they start, other fields handed to their codecs, given {@code keys} the fields' keys in order (null: elements of
         * the positional array). Null when it gave up or a codec refused: the reader is then back on the first token.
         */
        final Struct readOnePass(JsonReader in, int one, JsonKey[] keys) {
            Struct struct = new Struct(schema);
            boolean read;
            try {
                for (int i = 0; i < fields.length; i++) {
                    put(struct, i, readOne(in, i, keys == null ? null : keys[i]));
                }
                read = in.onePassClose(one);
            } catch (RuntimeException e) {
                in.onePassRefused(one);
                read = false;
            }
            return read ? struct : null;
        }

        /**
         * Field {@code i}'s value in the one-pass read, after its key in an object (null: element {@code i} of the
         * positional array): null for a null, or anything once the read has given up (the struct is then dropped).
         */
        private Object readOne(JsonReader in, int i, JsonKey key) {
            boolean first = i == 0;
            ValueCodec codec = codecs[i];
            if (codec.nullable && in.oneIsNull(key, first)) {
                return null;
            }
            switch (reads[i]) {
                case INT8: {
                    int v = in.oneInt(key, first);
                    if (v != (byte) v) {
                        in.oneGiveUp();
                    }
                    return (byte) v;
                }
                case INT16: {
                    int v = in.oneInt(key, first);
                    if (v != (short) v) {
                        in.oneGiveUp();
                    }
                    return (short) v;
                }
                case INT32: return in.oneInt(key, first);
                case INT64: return in.oneLong(key, first);
                case FLOAT32: return in.oneFloat(key, first);
                case FLOAT64: return in.oneDouble(key, first);
                case BOOLEAN: return in.oneBoolean(key, first);
                case STRING: {
                    String s = in.oneString(key, first);
                    if (s == null) {
                        in.oneGiveUp(); // a null where the schema wants a string, or given up already
                    }
                    return s;
                }
                case STRINGS: {
                    List<String> l = in.oneStrings(key, first);
                    if (l == null) {
                        in.oneGiveUp();
                    }
                    return l;
                }
                case OTHER: return handOver(in, i, key, first, codec);
                default: return readText(in, reads[i], key, first, codec);
            }
        }

        /** Field {@code i}'s value read by its codec, the reader on its first token; null when given up. */
        private static Object handOver(JsonReader in, int i, JsonKey key, boolean first, ValueCodec codec) {
            if (!(key == null ? in.oneElement(i) : in.oneValue(key, first))) {
                return null;
            }
            Object v = codec.read(in);
            in.oneResume();
            return v;
        }

        /**
         * A TIMESTAMP, DATE, TIME, BYTES or DECIMAL field's value parsed from the reader's bytes by the fast paths
         * the token read tries first (so what it takes, it takes as that read does); null when given up. Here and
         * {@link #handOver} outside {@link #readOne}, which stays under the JIT's inlining size (325 bytes).
         */
        private static Object readText(JsonReader in, byte read, JsonKey key, boolean first, ValueCodec codec) {
            if (read == BYTES) {
                return in.oneBase64(key, first);
            }
            if (read == DECIMAL) {
                return in.oneBigDecimal(key, first, ((DecimalCodec) codec).scale);
            }
            Schema schema = codec.schema;
            long v = in.oneTime(key, first, read == TIMESTAMP ? 't' : read == DATE ? 'D' : 'T');
            if (v == Long.MIN_VALUE) {
                return null;
            }
            if (read == TIMESTAMP) {
                return new java.util.Date(v);
            }
            if (read == DATE) {
                return Date.toLogical(schema, (int) v); // (a day of the years 0000 to 9999 is an int)
            }
            if (v % 1_000_000 != 0) { // finer than Connect's millisecond: the token read refuses it
                in.oneGiveUp();
                return null;
            }
            return Time.toLogical(schema, (int) (v / 1_000_000));
        }

        /** The one-pass read of a codec's values: a scalar's, a list of strings', a logical time's; OTHER for the rest. */
        private static byte kind(ValueCodec c) {
            if (!c.readsValid()) {
                return OTHER; // set through put, which refuses it
            }
            if (c instanceof TimestampCodec) {
                return TIMESTAMP;
            }
            if (c instanceof DateCodec) {
                return DATE;
            }
            if (c instanceof TimeCodec) {
                return TIME;
            }
            if (c instanceof DecimalCodec) {
                return DECIMAL;
            }
            if (c instanceof ArrayCodec a) {
                return a.element instanceof ScalarCodec e && e.scalar == ScalarTypes.STRING ? STRINGS : OTHER;
            }
            if (!(c instanceof ScalarCodec s)) {
                return OTHER;
            }
            ScalarType t = s.scalar;
            return t == ScalarTypes.INT8 ? INT8 : t == ScalarTypes.INT16 ? INT16 : t == ScalarTypes.INT32 ? INT32
                    : t == ScalarTypes.INT64 ? INT64 : t == ScalarTypes.FLOAT32 ? FLOAT32
                    : t == ScalarTypes.FLOAT64 ? FLOAT64 : t == ScalarTypes.BOOLEAN ? BOOLEAN
                    : t == ScalarTypes.STRING ? STRING : t == ScalarTypes.BYTES ? BYTES : OTHER;
        }

        /** Sets the value {@code codecs[i]} read for field {@code i} ({@link #fills}). */
        void put(Struct struct, int i, Object value) {
            if (value == null) {
                return; // a null stays unset: put() refuses null for a required field with a default
            }
            struct.put(fills[i], value);
        }

        /**
         * Reads field {@code i}'s value with its codec, the reader on its first token, and sets it: put's refusal
         * (a logical name on another type) with the value's JSON path and byte offset, as {@link PlainJsonCodec}'s.
         */
        final void readField(JsonReader in, Struct struct, int i) {
            long start = ReadErrors.compositeStart(in);
            Object value = codecs[i].read(in);
            try {
                put(struct, i, value);
            } catch (DataException e) {
                throw refused(in, start, e);
            }
        }

        /**
         * Connect's refusal of a value read, at the value's first token: {@code start} for a composite, else (-1) the
         * current token, which is the value.
         */
        static TypedJsonException refused(JsonReader in, long start, DataException e) {
            return start < 0 ? ReadErrors.error(in, e.getMessage(), e) : ReadErrors.error(in, e.getMessage(), start);
        }
    }

    /**
     * {@code [v1,v2,...]} in schema field order. Read first in one pass ({@link JsonReader#onePassArray},
     * {@link StructCodec#readOnePass}); when that gives up or a codec refuses, the array is read again token by token,
     * so every refusal is that read's.
     */
    static final class PositionalStructCodec extends StructCodec {
        /** False: read token by token only ({@link Spelling#POSITIONAL_TOKENS}). */
        private final boolean onePass;

        PositionalStructCodec(Schema s, Spelling spelling) {
            super(s, spelling);
            this.onePass = spelling == Spelling.POSITIONAL;
        }

        @Override void writeValue(JsonWriter out, Object v) { writeFields(out, v, null); }

        @Override Object readValue(JsonReader in) {
            int one = onePass ? in.onePassArray() : 0;
            if (one != 0) {
                Struct struct = readOnePass(in, one, null);
                if (struct != null) {
                    return struct;
                }
            }
            ReadErrors.expect(in, JsonToken.START_ARRAY, "the array of a struct's field values");
            Struct struct = new Struct(schema);
            for (int i = 0; i < fields.length; i++) {
                if (in.nextToken() == JsonToken.END_ARRAY) {
                    throw ReadErrors.error(in, "a struct of " + fields.length + " fields has only " + i + " values");
                }
                readField(in, struct, i);
            }
            if (in.nextToken() != JsonToken.END_ARRAY) {
                throw ReadErrors.error(in, "a struct of " + fields.length + " fields has more values");
            }
            return struct;
        }
    }

    /** {@code {"name":v,...}} in schema field order; a reader takes any order, absent fields as null. */
    static final class ObjectStructCodec extends StructCodec {
        private final String[] keys;
        private final Map<String, Integer> index = new HashMap<>();
        /**
         * The keys for the one-pass read of the writer's spelling ({@link StructCodec#readOnePass}); null: read token by
         * token only ({@link Spelling#OBJECT_TOKENS}, or a key starting with '~', which plain JSON spells otherwise).
         */
        private final JsonKey[] oneKeys;
        ObjectStructCodec(Schema s, Spelling spelling) {
            super(s, spelling);
            this.keys = new String[fields.length];
            JsonKey[] one = spelling == Spelling.OBJECT ? new JsonKey[fields.length] : null;
            for (int i = 0; i < fields.length; i++) {
                keys[i] = Lexemes.escapeKey(fields[i].name());
                index.put(keys[i], i);
                if (one != null) {
                    one[i] = JsonKey.of(fields[i].name());
                    one = fields[i].name().startsWith("~") ? null : one;
                }
            }
            this.oneKeys = one;
        }
        @Override void writeValue(JsonWriter out, Object v) { writeFields(out, v, keys); }
        @Override Object readValue(JsonReader in) {
            int one = oneKeys != null ? in.onePassOpen() : 0;
            if (one != 0) {
                Struct struct = readOnePass(in, one, oneKeys);
                if (struct != null) {
                    return struct;
                }
            }
            ReadErrors.expect(in, JsonToken.START_OBJECT, "an object");
            Struct struct = new Struct(schema);
            boolean[] seen = new boolean[fields.length];
            int next = 0;
            while (in.nextToken() != JsonToken.END_OBJECT) {
                String key = in.currentName();
                int i = next < keys.length && keys[next].equals(key) ? next : index.getOrDefault(key, -1);
                if (i < 0) {
                    if (!in.plainJson() && key.startsWith("~") && !key.startsWith("~~")) {
                        throw ReadErrors.error(in, "format key " + ReadErrors.quote(key) + " where a field of a struct"
                                + " belongs (a key starting with '~' is written with the '~' doubled)");
                    }
                    throw ReadErrors.error(in, "unknown field " + key + " for a struct of fields " + index.keySet());
                }
                if (seen[i]) {
                    in.nextToken(); // the error at the value that follows the key, with the key's path (SPEC.md 8)
                    throw ReadErrors.error(in, "duplicate field " + key);
                }
                seen[i] = true;
                next = i + 1;
                in.nextToken();
                readField(in, struct, i);
            }
            for (int i = 0; i < fields.length; i++) {
                if (!seen[i] && !fields[i].schema().isOptional() && fields[i].schema().defaultValue() == null) {
                    throw ReadErrors.error(in, "missing required field " + fields[i].name());
                }
            }
            return struct;
        }
    }
}

package io.typedjson.flink;

import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.JsonKey;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.internal.KeySpelling;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ObjectKeys;
import io.typedjson.format.internal.ReadErrors;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;

/**
 * typedjson {@link Codec}s over Flink's internal data structures ({@link RowData}, {@link ArrayData}, {@link MapData},
 * {@code StringData}, {@code DecimalData}, {@code TimestampData}, ...), one per {@link LogicalType}, built once per
 * table into a tree. A ROW is spelled as a Java record with those fields is (SPEC.md section 10: an object with one
 * key per field, in order, every field every time, no tags: typed positions), an ARRAY as a list, a MAP as a
 * {@code Map<K, V>} (an object whose keys are the text of the key's typed spelling), a MULTISET as a
 * {@code Map<T, Integer>} of counts; scalars take the spelling of their Java type ({@link FlinkScalar}) from
 * typedjson's own codecs ({@code Codecs.of(Short.class)}, ...).
 *
 * <p>This class is the only one that makes token-level calls (typedjson's {@link JsonReader} and
 * {@link JsonWriter}). Besides typedjson's public API it uses rules of the format core that are not exported to
 * it (it runs on the class path): {@link ReadErrors#describe} and {@link ReadErrors#quote} (the words of a message),
 * {@link Lexemes#escapeKey}/{@link Lexemes#unescapeKey} (the {@code ~} escape of object keys) and
 * {@link KeySpelling} (the text of a map key).
 */
final class RowDataCodecs {
    private RowDataCodecs() {}

    /** What a reader does with keys that are missing or unknown. */
    record ReadOptions(boolean failOnMissingField, boolean failOnUnknownField) implements java.io.Serializable {}

    /**
     * The codec of a table's physical row. Throws {@link IllegalArgumentException} naming the column (and the path
     * inside it) for a type typedjson cannot carry; the factory turns it into Flink's ValidationException.
     */
    @SuppressWarnings("unchecked")
    static Codec<RowData> forRow(RowType row, ReadOptions options) {
        return (Codec<RowData>) (Codec<?>) new RowCodec(row, options, "");
    }

    private static Codec<Object> of(LogicalType type, ReadOptions options, String where) {
        switch (type.getTypeRoot()) {
            case ROW: return new RowCodec((RowType) type, options, where);
            case ARRAY: return new ArrayCodec((ArrayType) type, options, where);
            case MAP: {
                MapType map = (MapType) type;
                return new MapCodec(map, map.getKeyType(), map.getValueType(), options, where);
            }
            case MULTISET: {
                MultisetType set = (MultisetType) type;
                return new MapCodec(set, set.getElementType(), new IntType(false), options, where);
            }
            default: {
                FlinkScalar scalar;
                try {
                    scalar = FlinkScalar.of(type);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
                }
                if (scalar == null) {
                    throw new IllegalArgumentException(where + ": typedjson cannot carry " + type.asSummaryString()
                            + " (see docs/flink.md for the types it maps)");
                }
                return new ScalarCodec(type, scalar);
            }
        }
    }

    /** Refuses JSON null where the type is NOT NULL. */
    private static void checkNullable(JsonReader in, LogicalType type) {
        if (!type.isNullable()) {
            throw ReadErrors.error(in, "null where " + type.asSummaryString() + " belongs");
        }
    }

    /**
     * Whether the reader is on {@code start}, the first token of a value of {@code type}: false on a null that
     * {@code type} allows; anything else is refused.
     */
    private static boolean opens(JsonReader in, LogicalType type, JsonToken start) {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            checkNullable(in, type);
            return false;
        }
        if (t != start) {
            String what = start == JsonToken.START_OBJECT ? "an object" : "an array";
            throw ReadErrors.error(in, ReadErrors.describe(in) + " where " + what + " (" + type.asSummaryString() + ") belongs");
        }
        return true;
    }

    /** A scalar: typedjson's codec of the Java type, and the conversion to and from Flink's internal value. */
    private static final class ScalarCodec implements Codec<Object> {
        private final LogicalType type;
        private final FlinkScalar scalar;
        private final Codec<Object> java;

        @SuppressWarnings("unchecked")
        ScalarCodec(LogicalType type, FlinkScalar scalar) {
            this.type = type;
            this.scalar = scalar;
            this.java = (Codec<Object>) Codecs.of(scalar.javaType);
        }

        @Override
        public void write(JsonWriter out, Object value) {
            java.write(out, value == null ? null : scalar.toJava(value));
        }

        @Override
        public Object read(JsonReader in) {
            Object value = java.read(in);
            if (value == null) {
                checkNullable(in, type);
                return null;
            }
            try {
                return scalar.toInternal(value);
            } catch (FlinkScalar.CannotCarry e) {
                throw ReadErrors.error(in, e.getMessage());
            }
        }
    }

    /** ROW: an object with a key per field, in order, as a Java record is written. */
    private static final class RowCodec implements Codec<Object> {
        private final RowType type;
        private final ReadOptions options;
        private final String[] names;
        private final JsonKey[] keys;
        private final Codec<Object>[] fields;
        private final RowData.FieldGetter[] getters;

        @SuppressWarnings("unchecked")
        RowCodec(RowType type, ReadOptions options, String where) {
            this.type = type;
            this.options = options;
            List<RowType.RowField> fs = type.getFields();
            names = new String[fs.size()];
            keys = new JsonKey[fs.size()];
            fields = (Codec<Object>[]) new Codec<?>[fs.size()];
            getters = new RowData.FieldGetter[fs.size()];
            for (int i = 0; i < fs.size(); i++) {
                RowType.RowField f = fs.get(i);
                names[i] = f.getName();
                String column = where.isEmpty() ? "column `" + f.getName() + "`" : where + ".`" + f.getName() + "`";
                try {
                    keys[i] = JsonKey.of(f.getName());
                } catch (TypedJsonException e) {
                    throw new IllegalArgumentException(column + ": " + e.reason(), e);
                }
                fields[i] = of(f.getType(), options, column);
                getters[i] = RowData.createFieldGetter(f.getType(), i);
            }
        }

        @Override
        public void write(JsonWriter out, Object value) {
            if (value == null) {
                out.writeNull();
                return;
            }
            RowData row = (RowData) value;
            out.writeStartObject();
            for (int i = 0; i < fields.length; i++) {
                out.writeFieldName(keys[i]);
                try {
                    fields[i].write(out, getters[i].getFieldOrNull(row));
                } catch (TypedJsonException e) {
                    throw e.inField(names[i]);
                }
            }
            out.writeEndObject();
        }

        @Override
        public Object read(JsonReader in) {
            if (!opens(in, type, JsonToken.START_OBJECT)) {
                return null;
            }
            GenericRowData row = new GenericRowData(fields.length);
            boolean[] seen = new boolean[fields.length];
            java.util.Set<String> unknown = null; // the unknown keys skipped, made for the first
            int expected = 0;
            for (int i = nextKey(in, 0); i != END; i = nextKey(in, expected)) {
                if (i == UNKNOWN) {
                    unknown = ObjectKeys.skipUnknown(in, unknown);
                    continue;
                }
                expected = i + 1;
                if (seen[i]) {
                    throw ObjectKeys.duplicate(in);
                }
                seen[i] = true;
                in.nextToken();
                row.setField(i, fields[i].read(in));
            }
            for (int i = 0; i < fields.length; i++) {
                if (!seen[i]) {
                    LogicalType field = type.getTypeAt(i);
                    if (options.failOnMissingField() || !field.isNullable()) {
                        throw ReadErrors.error(in, "missing field " + ReadErrors.quote(names[i]) + " (" + field.asSummaryString()
                                + ")" + (field.isNullable() ? " (typedjson.fail-on-missing-field=true)" : ""));
                    }
                }
            }
            return row;
        }

        private static final int END = -1, UNKNOWN = -2;

        /** The index of the next key's field, {@link #UNKNOWN} on a key of no field (unless refused), {@link #END} at the end. */
        private int nextKey(JsonReader in, int expected) {
            JsonToken t;
            if (expected < keys.length) {
                if (in.nextFieldName(keys[expected])) {
                    return expected; // the fast path: the fields in declaration order
                }
                t = in.currentToken();
            } else {
                t = in.nextToken();
            }
            if (t == JsonToken.FIELD_NAME) {
                String name = Lexemes.unescapeKey(in, in.currentName());
                for (int i = 0; i < names.length; i++) {
                    if (names[i].equals(name)) {
                        return i;
                    }
                }
                if (options.failOnUnknownField()) {
                    throw ReadErrors.error(in, "unknown field " + ReadErrors.quote(in.currentName()) + " of "
                            + type.asSummaryString() + " (typedjson.fail-on-unknown-field=true)");
                }
                return UNKNOWN;
            }
            return END;
        }
    }

    /** ARRAY: a JSON array. */
    private static final class ArrayCodec implements Codec<Object> {
        private final ArrayType type;
        private final Codec<Object> elements;
        private final ArrayData.ElementGetter getter;

        ArrayCodec(ArrayType type, ReadOptions options, String where) {
            this.type = type;
            this.elements = of(type.getElementType(), options, where + "[]");
            this.getter = ArrayData.createElementGetter(type.getElementType());
        }

        @Override
        public void write(JsonWriter out, Object value) {
            if (value == null) {
                out.writeNull();
                return;
            }
            ArrayData array = (ArrayData) value;
            out.writeStartArray();
            for (int i = 0; i < array.size(); i++) {
                try {
                    elements.write(out, getter.getElementOrNull(array, i));
                } catch (TypedJsonException e) {
                    throw e.inElement(i);
                }
            }
            out.writeEndArray();
        }

        @Override
        public Object read(JsonReader in) {
            if (!opens(in, type, JsonToken.START_ARRAY)) {
                return null;
            }
            List<Object> values = new ArrayList<>();
            while (in.nextToken() != JsonToken.END_ARRAY) {
                values.add(elements.read(in));
            }
            return new GenericArrayData(values.toArray());
        }
    }

    /**
     * MAP&lt;K, V&gt; as Java's {@code Map<K, V>} with a scalar key type: an object whose keys are the text of the key's
     * typed spelling ({@code {"1":"a"}} for INT keys); MULTISET&lt;T&gt; as {@code Map<T, Integer>} of counts.
     */
    private static final class MapCodec implements Codec<Object> {
        private final LogicalType type;
        private final FlinkScalar keys;
        private final KeySpelling<Object> spelling;
        private final Codec<Object> values;
        private final ArrayData.ElementGetter keyGetter;
        private final ArrayData.ElementGetter valueGetter;

        @SuppressWarnings("unchecked")
        MapCodec(LogicalType type, LogicalType keyType, LogicalType valueType, ReadOptions options, String where) {
            this.type = type;
            FlinkScalar scalar;
            try {
                scalar = FlinkScalar.of(keyType);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + " keys: " + e.getMessage(), e);
            }
            KeySpelling<?> text = scalar == null ? null : KeySpelling.of(scalar.javaType);
            if (text == null) {
                throw new IllegalArgumentException(where + ": typedjson carries " + type.getTypeRoot()
                        + " keys of scalar types other than BINARY, VARBINARY and BYTES, not " + keyType.asSummaryString());
            }
            this.keys = scalar;
            this.spelling = (KeySpelling<Object>) text;
            this.values = of(valueType, options, where + "{}");
            this.keyGetter = ArrayData.createElementGetter(keyType);
            this.valueGetter = ArrayData.createElementGetter(valueType);
        }

        @Override
        public void write(JsonWriter out, Object value) {
            if (value == null) {
                out.writeNull();
                return;
            }
            MapData map = (MapData) value;
            ArrayData ks = map.keyArray();
            ArrayData vs = map.valueArray();
            out.writeStartObject();
            for (int i = 0; i < map.size(); i++) {
                Object key = keyGetter.getElementOrNull(ks, i);
                if (key == null) {
                    throw new TypedJsonException("a null map key cannot be carried").inElement(i);
                }
                String text = spelling.text(keys.toJava(key));
                try {
                    out.writeFieldName(Lexemes.escapeKey(text));
                    values.write(out, valueGetter.getElementOrNull(vs, i));
                } catch (TypedJsonException e) {
                    throw e.inField(text);
                }
            }
            out.writeEndObject();
        }

        @Override
        public Object read(JsonReader in) {
            if (!opens(in, type, JsonToken.START_OBJECT)) {
                return null;
            }
            Map<Object, Object> map = new LinkedHashMap<>();
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                Object key;
                try {
                    key = keys.toInternal(spelling.parse(in, Lexemes.unescapeKey(in, in.currentName())));
                } catch (FlinkScalar.CannotCarry e) {
                    throw ReadErrors.error(in, e.getMessage());
                }
                in.nextToken();
                if (map.containsKey(key)) {
                    throw ReadErrors.error(in, "duplicate key " + ReadErrors.quote(in.currentName()));
                }
                map.put(key, values.read(in));
            }
            return new GenericMapData(map);
        }
    }
}

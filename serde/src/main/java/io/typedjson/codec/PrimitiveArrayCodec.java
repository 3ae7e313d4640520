package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.TypedJsonException;
import java.util.Arrays;

/** Arrays of int, long, short, double, float, boolean and char: a JSON array of the elements' typed spellings (byte[] is base64). */
final class PrimitiveArrayCodec extends NullableCodec<Object> {
    private final Class<?> component;
    /** {@code component}'s array class (Class.arrayType makes an array to find it: once, here). */
    private final Class<?> arrayType;

    PrimitiveArrayCodec(Class<?> component) {
        if (component != int.class && component != long.class && component != short.class && component != double.class
                && component != float.class && component != boolean.class && component != char.class) {
            throw new IllegalArgumentException("not a primitive array component: " + component);
        }
        this.component = component;
        this.arrayType = component.arrayType();
    }

    // for CodecSchemas (the JSON Schema of a codec)
    Class<?> component() { return component; }

    @Override
    void writeValue(JsonWriter out, Object value) {
        if (value.getClass() != arrayType) { // another array, through raw types: not what reads back
            throw new TypedJsonException(ReadErrors.aType(value.getClass()) + " where " + ReadErrors.aType(arrayType) + " belongs");
        }
        out.writeStartArray();
        if (value instanceof int[] a) {
            for (int v : a) out.writeNumber(v);
        } else if (value instanceof long[] a) {
            for (long v : a) out.writeNumber(v);
        } else if (value instanceof short[] a) {
            for (short v : a) out.writeNumber(v);
        } else if (value instanceof double[] a) {
            for (double v : a) Lexemes.writeDouble(out, v);
        } else if (value instanceof float[] a) {
            for (float v : a) Lexemes.writeFloat(out, v);
        } else if (value instanceof boolean[] a) {
            for (boolean v : a) out.writeBoolean(v);
        } else {
            for (char v : (char[]) value) Lexemes.writeChar(out, v);
        }
        out.writeEndArray();
    }

    @Override
    Object readValue(JsonReader in) {
        ReadErrors.expect(in, JsonToken.START_ARRAY, "an array");
        // integral elements, booleans and chars collect as longs, float and double as doubles (both exact)
        long[] longs = component == double.class || component == float.class ? null : new long[8];
        double[] doubles = longs == null ? new double[8] : null;
        int n = 0;
        while (in.nextToken() != JsonToken.END_ARRAY) {
            if (longs != null && n == longs.length) {
                longs = Arrays.copyOf(longs, n * 2);
            } else if (doubles != null && n == doubles.length) {
                doubles = Arrays.copyOf(doubles, n * 2);
            }
            if (component == int.class) longs[n] = Lexemes.readInt(in);
            else if (component == long.class) longs[n] = Lexemes.readLong(in);
            else if (component == short.class) longs[n] = Lexemes.readShort(in);
            else if (component == boolean.class) longs[n] = Lexemes.readBoolean(in) ? 1 : 0;
            else if (component == char.class) longs[n] = Lexemes.readChar(in);
            else if (component == double.class) doubles[n] = Lexemes.readDouble(in);
            else doubles[n] = Lexemes.readFloat(in);
            n++;
        }
        if (component == double.class) {
            return Arrays.copyOf(doubles, n);
        }
        if (component == long.class) {
            return Arrays.copyOf(longs, n);
        }
        // the other components: each element narrowed (exactly: the readers checked the ranges) into the array
        Object a = java.lang.reflect.Array.newInstance(component, n);
        for (int i = 0; i < n; i++) {
            if (component == int.class) ((int[]) a)[i] = (int) longs[i];
            else if (component == float.class) ((float[]) a)[i] = (float) doubles[i];
            else if (component == short.class) ((short[]) a)[i] = (short) longs[i];
            else if (component == boolean.class) ((boolean[]) a)[i] = longs[i] != 0;
            else ((char[]) a)[i] = (char) longs[i];
        }
        return a;
    }
}

package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import java.util.IdentityHashMap;
import java.util.Map;

/** Codecs of the scalar types in their typed spelling ({@link ScalarType#write}, {@link ScalarType#read}); null is JSON null. */
final class ScalarCodecs {
    private ScalarCodecs() {}

    private static final Map<ScalarType, Codec<?>> CODECS = new IdentityHashMap<>();

    static {
        for (ScalarType scalar : ScalarTypes.all()) {
            CODECS.put(scalar, new Scalar<>(scalar));
        }
    }

    /** The codec of a scalar type (a primitive class gets its box's codec), or null. */
    static Codec<?> of(Class<?> type) {
        ScalarType scalar = ScalarTypes.of(type);
        return scalar == null ? null : CODECS.get(scalar);
    }

    private static final class Scalar<T> extends NullableCodec<T> {
        private final ScalarType scalar;

        Scalar(ScalarType scalar) {
            this.scalar = scalar;
        }

        @Override
        void writeValue(JsonWriter out, T value) {
            scalar.write(out, value);
        }

        @Override
        @SuppressWarnings("unchecked")
        T readValue(JsonReader in) {
            return (T) scalar.read(in);
        }
    }
}

package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.ScalarType;
import java.util.EnumMap;
import java.util.Map;

/** Codecs of the scalar types in their typed spelling ({@link ScalarType#writer}, {@link ScalarType#reader}); null is JSON null. */
final class ScalarCodecs {
    private ScalarCodecs() {}

    private static final Map<ScalarType, Codec<?>> CODECS = new EnumMap<>(ScalarType.class);

    static {
        for (ScalarType scalar : ScalarType.values()) {
            CODECS.put(scalar, new Scalar<>(scalar));
        }
    }

    /** The codec of a scalar type (a primitive class gets its box's codec), or null. */
    static Codec<?> of(Class<?> type) {
        ScalarType scalar = ScalarType.of(type);
        return scalar == null ? null : CODECS.get(scalar);
    }

    private static final class Scalar<T> extends NullableCodec<T> {
        private final ScalarType.Writer writer;
        private final ScalarType.Reader reader;

        Scalar(ScalarType scalar) {
            this.writer = scalar.writer();
            this.reader = scalar.reader();
        }

        @Override
        void writeValue(JsonWriter out, T value) {
            writer.write(out, value);
        }

        @Override
        @SuppressWarnings("unchecked")
        T readValue(JsonReader in) {
            return (T) reader.read(in);
        }
    }
}

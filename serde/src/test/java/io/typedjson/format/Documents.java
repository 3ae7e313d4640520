package io.typedjson.format;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.function.Function;

/** For tests of code that writes to a {@link JsonWriter} or reads from a {@link JsonReader}: one document each. */
public final class Documents {
    private Documents() {}

    /** The document that {@code writing} writes, as text. */
    public static String write(Consumer<JsonWriter> writing) {
        return new String(TypedJsonFormat.defaults().write(new Codec<Object>() {
            @Override
            public void write(JsonWriter out, Object ignored) {
                writing.accept(out);
            }

            @Override
            public Object read(JsonReader in) {
                throw new UnsupportedOperationException();
            }
        }, null), StandardCharsets.UTF_8);
    }

    /** What {@code reading} returns when the reader is on the first token of {@code json}; the rest of its value is skipped. */
    public static <T> T read(String json, Function<JsonReader, T> reading) {
        return TypedJsonFormat.defaults().read(new Codec<T>() {
            @Override
            public void write(JsonWriter out, T value) {
                throw new UnsupportedOperationException();
            }

            @Override
            public T read(JsonReader in) {
                T value = reading.apply(in);
                in.skipValue();
                return value;
            }
        }, json.getBytes(StandardCharsets.UTF_8));
    }
}

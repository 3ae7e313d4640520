package io.typedjson.format.internal;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;

/**
 * A codec of a reference type whose null is JSON null both ways (SPEC.md section 5), the one place that says so:
 * {@code writeValue} and {@code readValue} carry the rest. The containers, the class codecs' scalars, enums, variants
 * and primitive arrays are such codecs; the dynamic model and Connect (whose schemas say whether null is allowed) have
 * rules of their own.
 */
public interface NullableCodec<T> extends Codec<T> {
    @Override
    default void write(JsonWriter out, T value) {
        if (value == null) {
            out.writeNull();
        } else {
            writeValue(out, value);
        }
    }

    @Override
    default T read(JsonReader in) {
        return in.currentToken() == JsonToken.VALUE_NULL ? null : readValue(in);
    }

    /** Writes {@code value}, which is not null. */
    void writeValue(JsonWriter out, T value);

    /** Reads the value whose first token is the current one and is not null; any other token is refused. */
    T readValue(JsonReader in);
}

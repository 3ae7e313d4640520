package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.Codec;

/** A codec of a reference type: Java null is JSON null both ways; subclasses handle the values. */
abstract class NullableCodec<T> implements Codec<T> {

    @Override
    public final void write(JsonWriter out, T value) {
        if (value == null) {
            out.writeNull();
        } else {
            writeValue(out, value);
        }
    }

    @Override
    public final T read(JsonReader in) {
        return in.currentToken() == JsonToken.VALUE_NULL ? null : readValue(in);
    }

    abstract void writeValue(JsonWriter out, T value);

    /** Reads a value whose first token is the current one and is not null. */
    abstract T readValue(JsonReader in);
}

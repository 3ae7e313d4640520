package io.typedjson.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.typedjson.format.Codec;
import java.io.IOException;

/** A codec of a reference type: Java null is JSON null both ways; subclasses handle the values. */
abstract class NullableCodec<T> implements Codec<T> {

    @Override
    public final void write(JsonGenerator out, T value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else {
            writeValue(out, value);
        }
    }

    @Override
    public final T read(JsonParser in) throws IOException {
        return in.currentToken() == JsonToken.VALUE_NULL ? null : readValue(in);
    }

    abstract void writeValue(JsonGenerator out, T value) throws IOException;

    /** Reads a value whose first token is the current one and is not null. */
    abstract T readValue(JsonParser in) throws IOException;
}

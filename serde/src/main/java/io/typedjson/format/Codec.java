package io.typedjson.format;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * Writes and reads values of one Java type as typed JSON, streaming.
 *
 * <p>Implementations are immutable and thread-safe; they are built once per type and cached.
 *
 * @param <T> the Java type carried
 */
public interface Codec<T> {

    /** Writes {@code value} (possibly null) as one JSON value; throws {@link TypedJsonException} for what it cannot carry exactly. */
    void write(JsonGenerator out, T value) throws IOException;

    /**
     * Reads one value whose first token is the parser's current token, and leaves the parser on the value's
     * last token. Throws {@link TypedJsonException} for anything that is not this type's spelling.
     */
    T read(JsonParser in) throws IOException;
}

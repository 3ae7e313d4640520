package io.typedjson.format;

/**
 * Writes and reads values of one Java type as typed JSON, streaming, through typedjson's own {@link JsonWriter}
 * and {@link JsonReader}.
 *
 * <p>Implementations are immutable and thread-safe; they are built once per type and cached. A custom codec
 * spells its value with the writer's calls and reads it back with the reader's; {@link JsonReader#error(String)}
 * builds an error that names the path and byte offset.
 *
 * @param <T> the Java type carried
 */
public interface Codec<T> {

    /** Writes {@code value} (possibly null) as one JSON value; throws {@link TypedJsonException} for what it cannot carry exactly. */
    void write(JsonWriter out, T value);

    /**
     * Reads one value whose first token is the reader's current token, and leaves the reader on the value's
     * last token. Throws {@link TypedJsonException} for anything that is not this type's spelling.
     */
    T read(JsonReader in);
}

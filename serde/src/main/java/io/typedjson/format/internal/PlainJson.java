package io.typedjson.format.internal;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;

/**
 * Plain JSON, for and from writers and readers that do not know typed JSON (SPEC.md section 13): a string or key
 * starting with {@code ~} is that text (the escape is neither written nor removed; {@link Lexemes} and the dynamic
 * model ask the reader or writer), and a value that only a tag can carry is refused on write, here.
 */
public final class PlainJson {

    private PlainJson() {}

    /**
     * The refusal of a value that needs a tag ({@code what}: its type) in a document written as plain JSON: a reader
     * without typed JSON would take the tagged string or object for text or a map, and read the value wrong. Callers
     * test {@link JsonWriter#plainJson()} first, so the hot path pays one field read.
     */
    public static TypedJsonException needsTag(String what) {
        return new TypedJsonException(what + " where the type does not say it (a dynamic position) needs a tag, "
                + "which a reader of plain JSON would read as text: not written as plain JSON");
    }
}

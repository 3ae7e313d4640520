package io.typedjson.codec;

/**
 * How the codec of a record, a class, an enum or a sealed type is made (docs/custom-codecs.md). All three kinds write
 * the same documents and refuse the same input with the same errors; they differ in speed and in what they need.
 * As an option ({@link CodecOptions#kind()}, the property {@code typedjson.codec.kind}) it chooses or forces a kind;
 * {@link Codecs#kindOf} tells which kind a codec is.
 */
public enum CodecKind {
    /** As an option: {@link #COMPILED} where the annotation processor wrote one, else {@link #GENERATED}, else {@link #REFLECTIVE}. */
    AUTO,
    /**
     * Written at compile time by {@code typedjson-processor} for a type marked {@link io.typedjson.annotation.TypedJson}
     * and the types it reaches: plain Java source, found through {@link java.util.ServiceLoader}; no reflection.
     */
    COMPILED,
    /**
     * Generated at run time for records and classes: a hidden class per type with a local per field and the
     * constructor, accessors and setters as constant method handles. Enums and sealed types, whose codecs do no
     * per-record reflection, are {@link #REFLECTIVE} under this option.
     */
    GENERATED,
    /** Built by reflection: method handles per field, read into an array (the fallback where code cannot be generated). */
    REFLECTIVE
}

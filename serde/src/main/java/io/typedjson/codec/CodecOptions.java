package io.typedjson.codec;

import java.util.Objects;

/**
 * How codecs of classes treat documents written by an older or newer version of the class, and how they are made.
 *
 * @param failOnUnknownFields     refuse a key the class does not have (default: skip its value)
 * @param failOnMissingPrimitives refuse a document without a key for a primitive field (default: the Java default, 0 or false)
 * @param kind                    which kind of codec records, classes, enums and sealed types get (default
 *                                {@link CodecKind#AUTO}); all kinds read and write alike
 */
public record CodecOptions(boolean failOnUnknownFields, boolean failOnMissingPrimitives, CodecKind kind) {

    public static final CodecOptions DEFAULT = new CodecOptions(false, false, CodecKind.AUTO);

    public CodecOptions {
        Objects.requireNonNull(kind, "kind");
    }

    /** The options with {@link CodecKind#AUTO}. */
    public CodecOptions(boolean failOnUnknownFields, boolean failOnMissingPrimitives) {
        this(failOnUnknownFields, failOnMissingPrimitives, CodecKind.AUTO);
    }

    /** These options with another kind. */
    public CodecOptions withKind(CodecKind kind) {
        return new CodecOptions(failOnUnknownFields, failOnMissingPrimitives, kind);
    }
}

package io.typedjson.codec;

/**
 * How codecs of classes treat documents written by an older or newer version of the class.
 *
 * @param failOnUnknownFields     refuse a key the class does not have (default: skip its value)
 * @param failOnMissingPrimitives refuse a document without a key for a primitive field (default: the Java default, 0 or false)
 */
public record CodecOptions(boolean failOnUnknownFields, boolean failOnMissingPrimitives) {

    public static final CodecOptions DEFAULT = new CodecOptions(false, false);
}

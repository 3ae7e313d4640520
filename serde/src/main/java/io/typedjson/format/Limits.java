package io.typedjson.format;

/**
 * Bounds a reader and writer enforce, so that a hostile document cannot exhaust memory or the stack.
 *
 * @param maxDepth           deepest nesting of arrays and objects, in either direction
 * @param maxNumberLength    longest number lexeme, in characters
 * @param maxStringLength    longest string, in characters
 * @param maxDocumentLength  longest document, in bytes
 */
public record Limits(int maxDepth, int maxNumberLength, int maxStringLength, long maxDocumentLength) {

    /** The Kafka properties (serde and converter) that set each limit, named in the errors that enforce them. */
    public static final String DEPTH_PROPERTY = "typedjson.max.depth";
    public static final String NUMBER_LENGTH_PROPERTY = "typedjson.max.number.length";
    public static final String STRING_LENGTH_PROPERTY = "typedjson.max.string.length";
    public static final String DOCUMENT_BYTES_PROPERTY = "typedjson.max.document.bytes";

    /** 500 levels, 1,000-character numbers, 20 M-character strings, 64 MiB documents. */
    public static final Limits DEFAULT = new Limits(500, 1_000, 20_000_000, 64L << 20);

    public Limits {
        if (maxDepth < 1 || maxNumberLength < 1 || maxStringLength < 1 || maxDocumentLength < 1) {
            throw new IllegalArgumentException("limits must be positive: " + this);
        }
    }
}

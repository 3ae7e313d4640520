package io.typedjson.format;

/**
 * Bounds a reader and writer enforce, so that a hostile document cannot exhaust memory or the stack.
 *
 * @param maxDepth           deepest nesting of arrays and objects, in either direction
 * @param maxNumberLength    longest number lexeme, in characters
 * @param maxStringLength    longest string, in characters
 * @param maxDocumentLength  longest document, in bytes
 * @param maxElements        most values in one document: every scalar, array and object at any depth, the document's
 *                           own value included (an object's member counts once, by its value), so that what a document
 *                           decodes to is bounded however small its values are
 */
public record Limits(int maxDepth, int maxNumberLength, int maxStringLength, long maxDocumentLength, int maxElements) {

    /** The Kafka properties (serde and converter) that set each limit, named in the errors that enforce them. */
    public static final String DEPTH_PROPERTY = "typedjson.max.depth";
    public static final String NUMBER_LENGTH_PROPERTY = "typedjson.max.number.length";
    public static final String STRING_LENGTH_PROPERTY = "typedjson.max.string.length";
    public static final String DOCUMENT_BYTES_PROPERTY = "typedjson.max.document.bytes";
    public static final String ELEMENTS_PROPERTY = "typedjson.max.elements";

    /**
     * 1,000,000 elements: more than a document within Kafka's default largest message (1 MiB) can hold (every element
     * takes at least two bytes), and a bound of the order of 100 MB on what a hostile one decodes to.
     */
    public static final int DEFAULT_MAX_ELEMENTS = 1_000_000;

    /** 500 levels, 1,000-character numbers, 20 M-character strings, 64 MiB documents, 1,000,000 elements. */
    public static final Limits DEFAULT = new Limits(500, 1_000, 20_000_000, 64L << 20, DEFAULT_MAX_ELEMENTS);

    public Limits {
        if (maxDepth < 1 || maxNumberLength < 1 || maxStringLength < 1 || maxDocumentLength < 1 || maxElements < 1) {
            // (the fields are not assigned yet: this.toString() would show zeros)
            throw new IllegalArgumentException("limits must be positive: maxDepth=" + maxDepth + ", maxNumberLength="
                    + maxNumberLength + ", maxStringLength=" + maxStringLength + ", maxDocumentLength=" + maxDocumentLength
                    + ", maxElements=" + maxElements);
        }
    }

    /** The limits before {@code maxElements} was one: it takes its default. */
    public Limits(int maxDepth, int maxNumberLength, int maxStringLength, long maxDocumentLength) {
        this(maxDepth, maxNumberLength, maxStringLength, maxDocumentLength, DEFAULT_MAX_ELEMENTS);
    }

    /** These limits with {@code maxElements} instead. */
    public Limits withMaxElements(int maxElements) {
        return new Limits(maxDepth, maxNumberLength, maxStringLength, maxDocumentLength, maxElements);
    }

    // the errors of the limits a reader and a writer both enforce, worded once

    TypedJsonException tooDeep(int depth) {
        return new TypedJsonException("nesting depth " + depth + " exceeds the limit of " + maxDepth
                + " (" + DEPTH_PROPERTY + ")");
    }

    TypedJsonException numberTooLong(long digits) {
        return new TypedJsonException("number of " + digits + " digits exceeds the limit of " + maxNumberLength
                + " (" + NUMBER_LENGTH_PROPERTY + ")");
    }

    TypedJsonException stringTooLong(long units, boolean key) {
        return new TypedJsonException((key ? "key of " : "string of ") + units + " UTF-16 units exceeds the limit of "
                + maxStringLength + " (" + STRING_LENGTH_PROPERTY + ")");
    }

    TypedJsonException documentTooLong(long bytes) {
        return new TypedJsonException("document of " + bytes + " bytes exceeds the limit of " + maxDocumentLength
                + " bytes (" + DOCUMENT_BYTES_PROPERTY + ")");
    }
}

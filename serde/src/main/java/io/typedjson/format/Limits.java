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

    private static final java.util.regex.Pattern CONSTRAINT =
            java.util.regex.Pattern.compile("\\((\\d+)\\) exceeds the maximum allowed \\((\\d+), from `Stream(?:Read|Write)Constraints\\.getMax(\\w+)\\(\\)`");

    /**
     * jackson-core's message for a limit exceeded ({@code StreamReadConstraints}, which a user cannot set) in the
     * words of typedjson's own limits, naming the property that raises it.
     */
    static String describe(String jacksonMessage) {
        java.util.regex.Matcher m = CONSTRAINT.matcher(jacksonMessage == null ? "" : jacksonMessage);
        if (!m.find()) {
            return jacksonMessage;
        }
        String actual = m.group(1);
        String max = m.group(2);
        switch (m.group(3)) {
            case "NestingDepth":
                return "nesting depth " + actual + " exceeds the limit of " + max + " (" + DEPTH_PROPERTY + ")";
            case "NumberLength":
                return "number of " + actual + " digits exceeds the limit of " + max + " (" + NUMBER_LENGTH_PROPERTY + ")";
            case "StringLength":
                return "string of " + actual + " UTF-16 units exceeds the limit of " + max + " (" + STRING_LENGTH_PROPERTY + ")";
            case "NameLength":
                return "key of " + actual + " UTF-16 units exceeds the limit of " + max + " (" + STRING_LENGTH_PROPERTY + ")";
            case "DocumentLength":
                return "document of " + actual + " bytes exceeds the limit of " + max + " (" + DOCUMENT_BYTES_PROPERTY + ")";
            default:
                return jacksonMessage;
        }
    }
}

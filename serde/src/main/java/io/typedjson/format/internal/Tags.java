package io.typedjson.format.internal;

/**
 * The tags of the dynamic model (SPEC.md, "Tags"). A tagged scalar is a JSON string made of the prefix,
 * one tag character and the type's typed spelling, e.g. {@code "~i42"} for an Integer; a tagged composite is
 * an object whose only key is the prefix and a tag word, e.g. {@code {"~set":[1,2]}}. A string or key
 * that starts with the prefix is escaped by doubling it ({@code "~~"}).
 */
public final class Tags {
    private Tags() {}

    public static final char PREFIX = '~';
    /** No tag: the type is plain JSON in the dynamic model, or not in it. */
    public static final char NONE = 0;

    public static final char INT32 = 'i';
    public static final char INT16 = 's';
    public static final char INT8 = 'y';
    /** A BigInteger whose value fits in an int64 (larger ones are plain integer lexemes). */
    public static final char BIG_INTEGER = 'n';
    public static final char FLOAT32 = 'f';
    /** NaN, Infinity and -Infinity as float64 (finite doubles are plain lexemes with '.' or 'E'). */
    public static final char FLOAT64 = 'z';
    public static final char DECIMAL = 'd';
    public static final char BYTES = 'b';
    public static final char INSTANT = 't';
    public static final char LOCAL_DATE = 'D';
    public static final char LOCAL_TIME = 'T';
    public static final char LOCAL_DATE_TIME = 'L';
    public static final char OFFSET_DATE_TIME = 'O';
    public static final char UUID = 'u';

    public static final String SET = "~set";
    /** A map whose keys are not all strings: {@code {"~map":[k1,v1,k2,v2,...]}}. */
    public static final String MAP = "~map";
}

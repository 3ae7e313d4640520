package io.typedjson.format.internal.scalar;

import io.typedjson.format.internal.Tags;
import java.util.List;

/**
 * The registry of the format's scalar types, in the order of SPEC.md section 5. A new scalar type is one class of
 * this package and one line here (plus its SPEC.md row, its vectors and the other languages).
 */
public final class ScalarTypes {
    private ScalarTypes() {}

    public static final ScalarType STRING = new StringType();
    public static final ScalarType BOOLEAN = new BooleanType();
    /** Class codecs only: a string of one UTF-16 unit. */
    public static final ScalarType CHAR = new CharType();
    public static final ScalarType INT8 = IntegerType.INT8;
    public static final ScalarType INT16 = IntegerType.INT16;
    public static final ScalarType INT32 = IntegerType.INT32;
    public static final ScalarType INT64 = new Int64Type();
    /** Tagged in the dynamic model only within int64; beyond it a plain integer lexeme. */
    public static final ScalarType BIG_INTEGER = new BigIntegerType();
    public static final ScalarType FLOAT32 = new Float32Type();
    /** Tagged in the dynamic model only when not finite; finite doubles are plain lexemes with '.' or 'E'. */
    public static final ScalarType FLOAT64 = new Float64Type();
    public static final ScalarType DECIMAL = new DecimalType();
    public static final ScalarType BYTES = new BytesType();
    /** Class codecs only: byte[]'s spelling of the remaining bytes, read back as a heap buffer. */
    public static final ScalarType BYTE_BUFFER = new ByteBufferType();
    public static final ScalarType INSTANT = new InstantType();
    public static final ScalarType LOCAL_DATE = new LocalDateType();
    public static final ScalarType LOCAL_TIME = new LocalTimeType();
    public static final ScalarType LOCAL_DATE_TIME = new LocalDateTimeType();
    public static final ScalarType OFFSET_DATE_TIME = new OffsetDateTimeType();
    public static final ScalarType UUID = new UuidType();
    public static final ScalarType DURATION = new DurationType();

    private static final List<ScalarType> ALL = List.of(STRING, BOOLEAN, CHAR, INT8, INT16, INT32, INT64, BIG_INTEGER,
            FLOAT32, FLOAT64, DECIMAL, BYTES, BYTE_BUFFER, INSTANT, LOCAL_DATE, LOCAL_TIME, LOCAL_DATE_TIME,
            OFFSET_DATE_TIME, UUID, DURATION);

    /** Every scalar type, in the order of SPEC.md section 5. */
    public static List<ScalarType> all() {
        return ALL;
    }

    // ------------------------------------------------------------------ lookups

    private static final ScalarType[] BY_TAG = new ScalarType[128];

    static {
        for (ScalarType s : ALL) {
            if (s.tag() != Tags.NONE) {
                if (BY_TAG[s.tag()] != null) {
                    throw new ExceptionInInitializerError("two scalar types with tag " + s.tag());
                }
                BY_TAG[s.tag()] = s;
            }
            if ((s.tagPayloadPattern() == null) != (s.tag() == Tags.NONE)) {
                throw new ExceptionInInitializerError("a tag payload pattern without a tag, or a tag without one: " + s);
            }
        }
    }

    /** The type of a value's class (subclasses of BigInteger, BigDecimal and ByteBuffer included), or null; cached per class. */
    private static final ClassValue<ScalarType> BY_CLASS = new ClassValue<>() {
        @Override
        protected ScalarType computeValue(Class<?> c) {
            for (ScalarType s : ALL) {
                if (s.primitive() == c || s.type().isAssignableFrom(c)) {
                    return s;
                }
            }
            return null;
        }
    };

    /** The type of a declared class: the class itself or its primitive; null when it is not a scalar type. */
    public static ScalarType of(Class<?> declared) {
        ScalarType s = BY_CLASS.get(declared);
        return s != null && (s.type() == declared || s.primitive() == declared) ? s : null;
    }

    /**
     * The type a value of this runtime class is an instance of, or null. The types' own classes are found in an
     * open-addressing table by identity hash, which costs about half of {@link ClassValue#get} and matters to the
     * dynamic writer (a lookup per value); others (subclasses, non-scalars) through {@link #BY_CLASS}.
     */
    public static ScalarType ofValueClass(Class<?> c) {
        int i = System.identityHashCode(c) & (EXACT_KEYS.length - 1);
        for (Class<?> k; (k = EXACT_KEYS[i]) != null; i = (i + 1) & (EXACT_KEYS.length - 1)) {
            if (k == c) {
                return EXACT_TYPES[i];
            }
        }
        return BY_CLASS.get(c);
    }

    private static final Class<?>[] EXACT_KEYS = new Class<?>[64];
    private static final ScalarType[] EXACT_TYPES = new ScalarType[EXACT_KEYS.length];

    static {
        for (ScalarType s : ALL) {
            int i = System.identityHashCode(s.type()) & (EXACT_KEYS.length - 1);
            while (EXACT_KEYS[i] != null) {
                i = (i + 1) & (EXACT_KEYS.length - 1);
            }
            EXACT_KEYS[i] = s.type();
            EXACT_TYPES[i] = s;
        }
    }

    /** The type of a tag character, or null. */
    public static ScalarType ofTag(char tag) {
        return tag < BY_TAG.length ? BY_TAG[tag] : null;
    }
}

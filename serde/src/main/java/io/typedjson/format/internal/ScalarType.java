package io.typedjson.format.internal;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import java.lang.invoke.MethodType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;

/**
 * The scalar types of the format, one row each (SPEC.md sections 5 to 7): everything that differs between them is
 * here, and the dynamic model, the class codecs, map keys, the console formatter, JSON Schema and the Connect
 * converter read it from here. Adding a scalar type is adding a row (and its cases in the switches below).
 *
 * <p>The columns: the Java class (a box stands for its primitive too); the tag of the dynamic model
 * ({@link Tags#NONE} for a type that is plain JSON there, or not in it); whether the dynamic model carries the type
 * (model); whether its typed spelling is a JSON string (string); its label (the console formatter's
 * {@code int32::7}, the vectors' explicit notation); the words a map-key error uses ({@code null}: no map-key
 * spelling); the Connect schema derived for a value (a {@code Schema.Type} name or a logical schema name;
 * {@code null}: no Connect type holds it).
 *
 * <p>The behaviour per row: {@link #write}/{@link #read} (the typed spelling, through {@link Lexemes}),
 * {@link #text} (the canonical text: a map key, a tag payload, the formatter's text), {@link #parseKey},
 * {@link #writeDynamic} and {@link #parseTagged} (the dynamic model: tagged, or plain JSON where the lexeme says
 * the type: a Long, a finite Double, a String, a Boolean, a BigInteger beyond int64).
 */
public enum ScalarType {
    //                class                 tag                    model  string label             map-key words          Connect schema
    STRING(           String.class,         Tags.NONE,             true,  true,  "string",         "a string",            "STRING"),
    BOOLEAN(          Boolean.class,        Tags.NONE,             true,  false, "boolean",        "a boolean",           "BOOLEAN"),
    /** Class codecs only: a string of one UTF-16 unit. */
    CHAR(             Character.class,      Tags.NONE,             false, true,  "char",           "a char",              null),
    INT8(             Byte.class,           Tags.INT8,             true,  false, "int8",           "an int8",             "INT8"),
    INT16(            Short.class,          Tags.INT16,            true,  false, "int16",          "an int16",            "INT16"),
    INT32(            Integer.class,        Tags.INT32,            true,  false, "int32",          "an int32",            "INT32"),
    INT64(            Long.class,           Tags.NONE,             true,  false, "int64",          "an int64",            "INT64"),
    /** Tagged in the dynamic model only within int64; beyond it a plain integer lexeme. */
    BIG_INTEGER(      BigInteger.class,     Tags.BIG_INTEGER,      true,  false, "bigint",         "an integer",          null),
    FLOAT32(          Float.class,          Tags.FLOAT32,          true,  false, "float32",        "a float32",           "FLOAT32"),
    /** Tagged in the dynamic model only when not finite; finite doubles are plain lexemes with '.' or 'E'. */
    FLOAT64(          Double.class,         Tags.FLOAT64,          true,  false, "float64",        "a float64",           "FLOAT64"),
    DECIMAL(          BigDecimal.class,     Tags.DECIMAL,          true,  false, "decimal",        "a decimal",           "org.apache.kafka.connect.data.Decimal"),
    BYTES(            byte[].class,         Tags.BYTES,            true,  true,  "bytes",          null,                  "BYTES"),
    /** Class codecs only: byte[]'s spelling of the remaining bytes, read back as a heap buffer. */
    BYTE_BUFFER(      ByteBuffer.class,     Tags.NONE,             false, true,  "bytes",          null,                  null),
    INSTANT(          Instant.class,        Tags.INSTANT,          true,  true,  "instant",        "an instant",          "org.apache.kafka.connect.data.Timestamp"),
    LOCAL_DATE(       LocalDate.class,      Tags.LOCAL_DATE,       true,  true,  "date",           "a local date",        "org.apache.kafka.connect.data.Date"),
    LOCAL_TIME(       LocalTime.class,      Tags.LOCAL_TIME,       true,  true,  "time",           "a local time",        "org.apache.kafka.connect.data.Time"),
    LOCAL_DATE_TIME(  LocalDateTime.class,  Tags.LOCAL_DATE_TIME,  true,  true,  "datetime",       "a local date-time",   null),
    OFFSET_DATE_TIME( OffsetDateTime.class, Tags.OFFSET_DATE_TIME, true,  true,  "offsetdatetime", "an offset date-time", null),
    UUID(             java.util.UUID.class, Tags.UUID,             true,  true,  "uuid",           "a UUID",              null);

    private final Class<?> type;
    /** The primitive of a box, else the class itself. */
    private final Class<?> primitive;
    private final char tag;
    private final boolean dynamic;
    private final boolean jsonString;
    private final String label;
    private final String keyWhat;
    private final String connectSchema;

    ScalarType(Class<?> type, char tag, boolean dynamic, boolean jsonString, String label, String keyWhat,
               String connectSchema) {
        this.type = type;
        this.tag = tag;
        this.dynamic = dynamic;
        this.primitive = MethodType.methodType(type).unwrap().returnType(); // int for Integer, else the class itself
        this.jsonString = jsonString;
        this.label = label;
        this.keyWhat = keyWhat;
        this.connectSchema = connectSchema;
    }

    /** The class (a box for a primitive). */
    public Class<?> type() { return type; }

    /** The tag in the dynamic model, or {@link Tags#NONE}. */
    public char tag() { return tag; }

    /** Whether the dynamic model carries the type (Character and ByteBuffer are class-codec types only). */
    public boolean dynamic() { return dynamic; }

    /** Whether the typed spelling is a JSON string (else a number or a boolean). */
    public boolean jsonString() { return jsonString; }

    /** The short name: the console formatter's label and the vectors' explicit notation. */
    public String label() { return label; }

    /** The words naming the type in a map-key error ("an int32"), or null when the type cannot be a map key. */
    public String keyWhat() { return keyWhat; }

    /** Connect's {@code Schema.Type} name or logical schema name derived for a value, or null when none holds it. */
    public String connectSchema() { return connectSchema; }

    // ------------------------------------------------------------------ lookups

    private static final ScalarType[] ROWS = values();
    private static final ScalarType[] BY_TAG = new ScalarType[128];
    private static final Map<String, ScalarType> BY_CONNECT_SCHEMA = new HashMap<>();

    static {
        for (ScalarType s : ROWS) {
            if (s.tag != Tags.NONE) {
                BY_TAG[s.tag] = s;
            }
            if (s.connectSchema != null) {
                BY_CONNECT_SCHEMA.putIfAbsent(s.connectSchema, s);
            }
        }
    }

    /** The row of a value's class (subclasses of BigInteger, BigDecimal and ByteBuffer included), or null; cached per class. */
    private static final ClassValue<ScalarType> BY_CLASS = new ClassValue<>() {
        @Override
        protected ScalarType computeValue(Class<?> c) {
            for (ScalarType s : ROWS) {
                if (s.primitive == c || s.type.isAssignableFrom(c)) {
                    return s;
                }
            }
            return null;
        }
    };

    /** The row of a declared type: the class itself or its primitive; null when it is not a scalar type. */
    public static ScalarType of(Class<?> declared) {
        ScalarType s = BY_CLASS.get(declared);
        return s != null && (s.type == declared || s.primitive == declared) ? s : null;
    }

    /**
     * The row a value of this runtime class is an instance of, or null. The rows' own classes are found in an
     * open-addressing table by identity hash, which costs about half of {@link ClassValue#get} and matters to the
     * dynamic writer (a lookup per value); others (subclasses, non-scalars) through {@link #BY_CLASS}.
     */
    public static ScalarType ofValueClass(Class<?> c) {
        int i = System.identityHashCode(c) & (EXACT_KEYS.length - 1);
        for (Class<?> k; (k = EXACT_KEYS[i]) != null; i = (i + 1) & (EXACT_KEYS.length - 1)) {
            if (k == c) {
                return EXACT_ROWS[i];
            }
        }
        return BY_CLASS.get(c);
    }

    private static final Class<?>[] EXACT_KEYS = new Class<?>[64];
    private static final ScalarType[] EXACT_ROWS = new ScalarType[EXACT_KEYS.length];

    static {
        for (ScalarType s : ROWS) {
            int i = System.identityHashCode(s.type) & (EXACT_KEYS.length - 1);
            while (EXACT_KEYS[i] != null) {
                i = (i + 1) & (EXACT_KEYS.length - 1);
            }
            EXACT_KEYS[i] = s.type;
            EXACT_ROWS[i] = s;
        }
    }

    /** The row of a tag character, or null. */
    public static ScalarType ofTag(char tag) {
        return tag < BY_TAG.length ? BY_TAG[tag] : null;
    }

    /** The row whose values Connect holds under this {@code Schema.Type} name or logical name, or null. */
    public static ScalarType ofConnectSchema(String name) {
        return BY_CONNECT_SCHEMA.get(name);
    }

    // ------------------------------------------------------------------ the typed spelling

    /** A row's typed write of a non-null value of its class. */
    @FunctionalInterface
    public interface Writer {
        void write(JsonWriter out, Object value);
    }

    /** A row's typed read of a non-null value from the current token. */
    @FunctionalInterface
    public interface Reader {
        Object read(JsonReader in);
    }

    // Each row's typed write and read is a small function of its own (chosen once below), not a case of one shared
    // switch: the class codecs and Connect call them per value, and so each keeps its own profile and inlines whole.
    private Writer writer;
    private Reader reader;

    static {
        for (ScalarType s : ROWS) {
            s.writer = typedWriter(s);
            s.reader = typedReader(s);
        }
    }

    private static Writer typedWriter(ScalarType s) {
        switch (s) {
            case STRING: return (out, v) -> Lexemes.writeString(out, (String) v);
            case BOOLEAN: return (out, v) -> out.writeBoolean((Boolean) v);
            case CHAR: return (out, v) -> Lexemes.writeChar(out, (Character) v);
            case INT8: return (out, v) -> out.writeNumber((Byte) v);
            case INT16: return (out, v) -> out.writeNumber((Short) v);
            case INT32: return (out, v) -> out.writeNumber((Integer) v);
            case INT64: return (out, v) -> out.writeNumber((Long) v);
            case BIG_INTEGER: return (out, v) -> out.writeNumber((BigInteger) v);
            case FLOAT32: return (out, v) -> Lexemes.writeFloat(out, (Float) v);
            case FLOAT64: return (out, v) -> Lexemes.writeDouble(out, (Double) v);
            case DECIMAL: return (out, v) -> Lexemes.writeDecimal(out, (BigDecimal) v);
            case BYTES: // Connect hands out a byte[] or a ByteBuffer for BYTES
            case BYTE_BUFFER:
                return (out, v) -> {
                    if (v instanceof ByteBuffer b) {
                        writeByteBuffer(out, b);
                    } else {
                        Lexemes.writeBytes(out, (byte[]) v);
                    }
                };
            case INSTANT: return (out, v) -> Lexemes.writeInstant(out, (Instant) v);
            case LOCAL_DATE: return (out, v) -> Lexemes.writeLocalDate(out, (LocalDate) v);
            default: return Lexemes::writeText; // LocalTime, LocalDateTime, OffsetDateTime, UUID: toString()
        }
    }

    private static Reader typedReader(ScalarType s) {
        switch (s) {
            case STRING: return Lexemes::readString;
            case BOOLEAN: return Lexemes::readBoolean;
            case CHAR: return Lexemes::readChar;
            case INT8: return Lexemes::readByte;
            case INT16: return Lexemes::readShort;
            case INT32: return Lexemes::readInt;
            case INT64: return Lexemes::readLong;
            case BIG_INTEGER: return Lexemes::readBigInteger;
            case FLOAT32: return Lexemes::readFloat;
            case FLOAT64: return Lexemes::readDouble;
            case DECIMAL: return Lexemes::readDecimal;
            case BYTES: return Lexemes::readBytes;
            case BYTE_BUFFER: return in -> ByteBuffer.wrap(Lexemes.readBytes(in));
            case INSTANT: return Lexemes::readInstant;
            case LOCAL_DATE: return Lexemes::readLocalDate;
            case LOCAL_TIME: return Lexemes::readLocalTime;
            case LOCAL_DATE_TIME: return Lexemes::readLocalDateTime;
            case OFFSET_DATE_TIME: return Lexemes::readOffsetDateTime;
            case UUID: return Lexemes::readUuid;
            default: throw new AssertionError(s);
        }
    }

    /** The typed write: BYTES (and BYTE_BUFFER) take a byte[] or a ByteBuffer (its remaining bytes). */
    public Writer writer() { return writer; }

    /** The typed read. */
    public Reader reader() { return reader; }

    /** Writes a non-null value in the typed spelling. */
    public void write(JsonWriter out, Object v) {
        writer.write(out, v);
    }

    /** Reads a value in the typed spelling from the current token (not null). */
    public Object read(JsonReader in) {
        return reader.read(in);
    }

    /**
     * The canonical text of a non-null value: a map key's text before escaping, a tag's payload, the formatter's
     * text. Numbers as their lexemes (NaN and the infinities by name), bytes in base64, times in ISO-8601.
     */
    public String text(Object v) {
        switch (this) {
            case STRING: return (String) v;
            case FLOAT32: {
                float f = (Float) v;
                return Float.isFinite(f) ? Lexemes.floatText(f) : Lexemes.nonFiniteText(f);
            }
            case FLOAT64: {
                double d = (Double) v;
                return Double.isFinite(d) ? Lexemes.doubleText(d) : Lexemes.nonFiniteText(d);
            }
            case DECIMAL: return Lexemes.decimalText((BigDecimal) v);
            case BYTES: return Lexemes.base64((byte[]) v);
            case BYTE_BUFFER: return Lexemes.base64(remaining((ByteBuffer) v));
            case INSTANT: return IsoTimes.text((Instant) v);
            // the rest is toString(), called on the final class so that each call is direct (and inlined where hot)
            case BOOLEAN: return ((Boolean) v).toString();
            case CHAR: return ((Character) v).toString();
            case INT8: return ((Byte) v).toString();
            case INT16: return ((Short) v).toString();
            case INT32: return ((Integer) v).toString();
            case INT64: return ((Long) v).toString();
            case BIG_INTEGER: return ((BigInteger) v).toString();
            case LOCAL_DATE: return ((LocalDate) v).toString();
            case LOCAL_TIME: return ((LocalTime) v).toString();
            case LOCAL_DATE_TIME: return ((LocalDateTime) v).toString();
            case OFFSET_DATE_TIME: return ((OffsetDateTime) v).toString();
            case UUID: return ((java.util.UUID) v).toString();
            default: throw new AssertionError(this);
        }
    }

    /** A map key's unescaped text to a value; a RuntimeException when it is not one (the caller checks it is canonical). */
    public Object parseKey(String s) {
        switch (this) {
            case STRING: return s;
            case BOOLEAN: return parseBoolean(s);
            case CHAR: return parseChar(s);
            case INT8: return Byte.parseByte(s);
            case INT16: return Short.parseShort(s);
            case INT32: return Integer.parseInt(s);
            case INT64: return Long.parseLong(s);
            case BIG_INTEGER: return new BigInteger(s);
            case FLOAT32: return parseFloat(s);
            case FLOAT64: return parseDouble(s);
            case DECIMAL: return new BigDecimal(s);
            case INSTANT: return IsoTimes.parseInstant(s);
            case LOCAL_DATE: return IsoTimes.parseLocalDate(s);
            case LOCAL_TIME: return IsoTimes.parseLocalTime(s);
            case LOCAL_DATE_TIME: return IsoTimes.parseLocalDateTime(s);
            case OFFSET_DATE_TIME: return OffsetDateTime.parse(s);
            case UUID: return java.util.UUID.fromString(s);
            default: throw new IllegalStateException(this + " has no map-key spelling");
        }
    }

    // ------------------------------------------------------------------ the dynamic model

    /** Writes a non-null value of a {@link #dynamic()} type as the dynamic model spells it: plain JSON or tagged. */
    public void writeDynamic(JsonWriter out, Object v) {
        switch (this) {
            case STRING: Lexemes.writeString(out, (String) v); return;
            case BOOLEAN: out.writeBoolean((Boolean) v); return;
            case INT64: out.writeNumber((Long) v); return;
            case FLOAT64: {
                double d = (Double) v;
                if (Double.isFinite(d)) {
                    out.writeNumber(d);
                    return;
                }
                break;
            }
            case BIG_INTEGER: {
                BigInteger b = (BigInteger) v;
                if (b.bitLength() > 63) { // beyond int64 the plain lexeme says BigInteger
                    out.writeNumber(b);
                    return;
                }
                break;
            }
            case INSTANT: {
                char[] c = IsoTimes.chars((Instant) v, 2); // null outside years 0000 to 9999: text() below
                if (c != null) {
                    writeTagged(out, c);
                    return;
                }
                break;
            }
            case LOCAL_DATE: {
                char[] c = IsoTimes.chars((LocalDate) v, 2);
                if (c != null) {
                    writeTagged(out, c);
                    return;
                }
                break;
            }
            case BYTES:
                out.writeTaggedBinary(Tags.PREFIX, tag, (byte[]) v);
                return;
            default:
                break;
        }
        writeTagged(out, text(v));
    }

    private void writeTagged(JsonWriter out, String payload) {
        if (tag == Tags.NONE) {
            throw new IllegalStateException(this + " is not in the dynamic model");
        }
        // into a char array, which the generator copies from as it would from a String, without a StringBuilder
        char[] c = new char[payload.length() + 2];
        payload.getChars(0, payload.length(), c, 2);
        writeTagged(out, c);
    }

    /** The tagged string from its payload's characters after two free slots. */
    private void writeTagged(JsonWriter out, char[] twoFreeThenPayload) {
        twoFreeThenPayload[0] = Tags.PREFIX;
        twoFreeThenPayload[1] = tag;
        out.writeString(twoFreeThenPayload, 0, twoFreeThenPayload.length);
    }

    /** A tagged string's payload to its value, refusing anything but the writer's spelling of it. */
    public Object parseTagged(JsonReader in, String payload) {
        switch (this) {
            case INT32: return (int) parseInteger(in, tag, payload, Integer.MIN_VALUE, Integer.MAX_VALUE, "int32");
            case INT16: return (short) parseInteger(in, tag, payload, Short.MIN_VALUE, Short.MAX_VALUE, "int16");
            case INT8: return (byte) parseInteger(in, tag, payload, Byte.MIN_VALUE, Byte.MAX_VALUE, "int8");
            case BIG_INTEGER:
                return BigInteger.valueOf(parseInteger(in, tag, payload, Long.MIN_VALUE, Long.MAX_VALUE,
                        "tagged BigInteger"));
            case FLOAT32: return parseTaggedFloat(in, payload);
            case FLOAT64: return Lexemes.parseNonFinite(in, payload);
            case DECIMAL: return Lexemes.parseCanonicalDecimal(in, payload);
            case BYTES: return Lexemes.parseBase64(in, payload);
            case INSTANT: {
                Instant fast = IsoTimes.canonicalInstantOrNull(payload);
                return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, IsoTimes::parseAnyInstant, IsoTimes::text);
            }
            case LOCAL_DATE: {
                LocalDate fast = IsoTimes.canonicalLocalDateOrNull(payload);
                return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, LocalDate::parse, LocalDate::toString);
            }
            case LOCAL_TIME: {
                LocalTime fast = IsoTimes.canonicalLocalTimeOrNull(payload);
                return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, LocalTime::parse, LocalTime::toString);
            }
            case LOCAL_DATE_TIME: {
                LocalDateTime fast = IsoTimes.canonicalLocalDateTimeOrNull(payload);
                return fast != null ? fast
                        : Lexemes.parseCanonical(in, tag, payload, LocalDateTime::parse, LocalDateTime::toString);
            }
            case OFFSET_DATE_TIME:
                return Lexemes.parseCanonical(in, tag, payload, OffsetDateTime::parse, OffsetDateTime::toString);
            case UUID: return Lexemes.parseCanonicalUuid(in, payload);
            default: throw new IllegalStateException(this + " has no tag");
        }
    }

    /**
     * The value of a tag payload in {@code c[offset, offset + length)} (the parser's buffer) when it is the writer's
     * spelling of one of the common shapes, read without a String; null for anything else, which
     * {@link #parseTagged} then reads or refuses with its message. {@code maxNumberLength} is the reader's number
     * limit: a longer payload takes the checked path.
     */
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        int end = offset + length;
        switch (this) {
            case INT32: {
                long v = length <= maxNumberLength ? canonicalInteger(c, offset, end, 10) : Long.MIN_VALUE;
                return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? (Object) (int) v : null;
            }
            case INT16: {
                long v = length <= maxNumberLength ? canonicalInteger(c, offset, end, 5) : Long.MIN_VALUE;
                return v >= Short.MIN_VALUE && v <= Short.MAX_VALUE ? (Object) (short) v : null;
            }
            case INT8: {
                long v = length <= maxNumberLength ? canonicalInteger(c, offset, end, 3) : Long.MIN_VALUE;
                return v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE ? (Object) (byte) v : null;
            }
            case DECIMAL:
                return length <= maxNumberLength ? Lexemes.canonicalSmallDecimalOrNull(c, offset, length) : null;
            case FLOAT32:
                return length <= maxNumberLength ? Lexemes.canonicalFloatOrNull(c, offset, length) : null;
            case BYTES: return Lexemes.canonicalBase64OrNull(c, offset, length);
            case INSTANT: return IsoTimes.canonicalInstantOrNull(c, offset, length);
            case LOCAL_DATE: return IsoTimes.canonicalLocalDateOrNull(c, offset, length);
            default: return null;
        }
    }

    /** A canonical integer lexeme of 1 to {@code maxDigits} digits in {@code c[from, to)}: its value, else Long.MIN_VALUE. */
    private static long canonicalInteger(char[] c, int from, int to, int maxDigits) {
        boolean negative = from < to && c[from] == '-';
        int i = negative ? from + 1 : from;
        int digits = to - i;
        if (digits < 1 || digits > maxDigits || (c[i] == '0' && (digits > 1 || negative))) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            char ch = c[i];
            if (ch < '0' || ch > '9') {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (ch - '0');
        }
        return negative ? -v : v;
    }

    // ------------------------------------------------------------------ helpers of the rows

    /** Integer payloads are integer lexemes as the writer spells them: no '+', no leading zeros, no "-0". */
    private static long parseInteger(JsonReader in, char tag, String payload, long min, long max, String type) {
        Lexemes.checkNumberLength(in, payload);
        if (!isIntegerLexeme(payload)) {
            // a number in another spelling ("+1", "01", "-0", "1.0", "1E2") is a second spelling; anything else is malformed
            boolean number = Lexemes.isJsonNumber(payload.startsWith("+") ? payload.substring(1) : payload)
                    || (payload.length() > 1 && payload.charAt(payload.charAt(0) == '-' ? 1 : 0) == '0'
                            && Lexemes.isJsonNumber(payload.replaceFirst("^(-?)0+(?=\\d)", "$1")));
            throw Readers.error(in, (number ? "non-canonical ~" : "malformed ~") + tag + " payload " + Readers.quote(payload)
                    + " (an integer lexeme: optional '-', digits without leading zeros, never \"-0\")");
        }
        try {
            long v = Long.parseLong(payload);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // beyond int64: out of range below
        }
        throw Readers.error(in, "number " + payload + " is out of range for " + type);
    }

    private static boolean isIntegerLexeme(String p) {
        int start = !p.isEmpty() && p.charAt(0) == '-' ? 1 : 0;
        if (p.length() == start || (p.charAt(start) == '0' && (p.length() > start + 1 || start == 1))) {
            return false;
        }
        for (int i = start; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** A float32 payload is the writer's spelling: the shortest digits that read back to the float, or NaN/±Infinity. */
    private static Float parseTaggedFloat(JsonReader in, String payload) {
        if (payload.equals(Lexemes.NAN) || payload.equals(Lexemes.INFINITY) || payload.equals(Lexemes.NEGATIVE_INFINITY)) {
            return (float) Lexemes.parseNonFinite(in, payload);
        }
        Lexemes.checkNumberLength(in, payload);
        // only JSON number syntax: Float.parseFloat would also take "0x1p3", "1f" or " 1"
        if (!Lexemes.isJsonNumber(payload)) {
            throw Readers.error(in, "malformed ~f payload " + Readers.quote(payload));
        }
        float f = Lexemes.parseFloat(payload);
        if (Float.isInfinite(f)) {
            throw Readers.error(in, "number " + payload + " is out of range for float32");
        }
        String canonical = Lexemes.floatText(f);
        if (!canonical.equals(payload)) {
            throw Lexemes.nonCanonical(in, Tags.FLOAT32, payload, canonical);
        }
        return f;
    }

    private static double parseDouble(String s) {
        switch (s) {
            case Lexemes.NAN: return Double.NaN;
            case Lexemes.INFINITY: return Double.POSITIVE_INFINITY;
            case Lexemes.NEGATIVE_INFINITY: return Double.NEGATIVE_INFINITY;
            default: return Double.parseDouble(s);
        }
    }

    private static float parseFloat(String s) {
        double d = parseDouble(s);
        return Double.isFinite(d) ? Float.parseFloat(s) : (float) d;
    }

    private static boolean parseBoolean(String s) {
        if (s.equals("true") || s.equals("false")) {
            return s.equals("true");
        }
        throw new IllegalArgumentException(s);
    }

    private static char parseChar(String s) {
        if (s.length() != 1) {
            throw new IllegalArgumentException(s);
        }
        return s.charAt(0);
    }

    /** Writes the bytes from position to limit, leaving the buffer's position and limit as they were. */
    private static void writeByteBuffer(JsonWriter out, ByteBuffer b) {
        if (b.hasArray()) {
            out.writeBinary(b.array(), b.arrayOffset() + b.position(), b.remaining());
        } else {
            Lexemes.writeBytes(out, remaining(b));
        }
    }

    /** A copy of the bytes from position to limit, leaving the buffer as it was. */
    public static byte[] remaining(ByteBuffer b) {
        byte[] copy = new byte[b.remaining()];
        b.duplicate().get(copy);
        return copy;
    }
}

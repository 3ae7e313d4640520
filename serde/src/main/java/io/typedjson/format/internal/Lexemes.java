package io.typedjson.format.internal;

import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.DateTimeException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import java.util.function.Function;

/**
 * The typed spelling of every scalar (SPEC.md, "Typed positions"): how a value is written when the reader
 * already knows its type from a class or a schema, and how it is read back. Shared by every codec, so a
 * type has exactly one spelling in the whole library. The dynamic model adds a tag in front of the same
 * spellings where the JSON token alone cannot name the type ({@link Tags}).
 *
 * <p>Every reader here checks the current token and refuses anything else with a {@link TypedJsonException};
 * numbers out of range for the declared type are refused, never truncated.
 */
public final class Lexemes {
    private Lexemes() {}

    /** Standard base64 with padding, no line feeds (RFC 4648 section 4): a byte array's text. */
    public static String base64(byte[] b) {
        return Base64.getEncoder().encodeToString(b);
    }

    public static final String NAN = "NaN";
    public static final String INFINITY = "Infinity";
    public static final String NEGATIVE_INFINITY = "-Infinity";

    // ---- strings: every string that starts with the tag prefix is escaped by doubling the prefix

    public static void writeString(JsonWriter out, String s) {
        if (!s.isEmpty() && s.charAt(0) == Tags.PREFIX && !out.plainJson()) {
            checkUnicode(s, "string"); // (the index in the error counts in s, not in the escaped text)
            out.writeString(Tags.PREFIX + s);
        } else {
            out.writeString(s); // the writer refuses a lone surrogate as checkUnicode does, in the same pass
        }
    }

    /** Escapes an object key the same way as a string; refuses a key that is not Unicode text. */
    public static String escapeKey(String key) {
        checkUnicode(key, "key");
        return !key.isEmpty() && key.charAt(0) == Tags.PREFIX ? Tags.PREFIX + key : key;
    }

    /** {@link #escapeKey(String)}, or the key as it is in plain JSON (SPEC.md section 13). */
    public static String escapeKey(JsonWriter out, String key) {
        if (out.plainJson()) {
            checkUnicode(key, "key");
            return key;
        }
        return escapeKey(key);
    }

    public static String readString(JsonReader in) {
        String plain = in.untaggedText();
        if (plain != null) {
            return plain;
        }
        expect(in, JsonToken.VALUE_STRING, "a string");
        return unescape(in, checkUnicode(in, in.getText()));
    }

    /**
     * A document is Unicode text: a Java string holding a surrogate that is not part of a pair has no UTF-8
     * spelling, so it is refused on write rather than sent as an escape some readers would mangle.
     */
    public static void checkUnicode(String s, String what) {
        int at = loneSurrogate(s);
        if (at >= 0) {
            throw new TypedJsonException(what + " holds a lone surrogate U+" + Integer.toHexString(s.charAt(at)).toUpperCase()
                    + " at index " + at + ", which is not Unicode text and has no UTF-8 spelling");
        }
    }

    /**
     * The same rule on read: a {@code \uD800} escape without its pair is refused. {@code s} is the text of the reader's
     * current string or key, which needs looking at only when it was spelled with an escape.
     */
    public static String checkUnicode(JsonReader in, String s) {
        if (!in.textEscaped()) {
            return s;
        }
        int at = loneSurrogate(s);
        if (at >= 0) {
            throw ReadErrors.error(in, "lone surrogate U+" + Integer.toHexString(s.charAt(at)).toUpperCase()
                    + " at index " + at + " of a string: not Unicode text");
        }
        return s;
    }

    /** Index of the first surrogate that is not part of a high-low pair, or -1. */
    public static int loneSurrogate(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Undoes the escape of a string read in a typed position; a lone prefix there is a misplaced tag. */
    public static String unescape(JsonReader in, String s) {
        return unescape(in, s, false);
    }

    /** Undoes the escape of an ordinary object key; a key with a single prefix is a format key out of place. */
    public static String unescapeKey(JsonReader in, String raw) {
        checkUnicode(in, raw);
        return unescape(in, raw, true);
    }

    private static String unescape(JsonReader in, String s, boolean key) {
        if (s.isEmpty() || s.charAt(0) != Tags.PREFIX || in.plainJson()) {
            return s; // (plain JSON from another writer: a leading '~' is text, SPEC.md section 13)
        }
        if (s.length() > 1 && s.charAt(1) == Tags.PREFIX) {
            return s.substring(1);
        }
        throw ReadErrors.error(in, key
                ? "format key " + ReadErrors.quote(s) + " must be the only key of its object"
                        + " (a key starting with '~' is written with the '~' doubled)"
                : "tagged value " + ReadErrors.quote(s) + " where a plain string belongs"
                        + " (a string starting with '~' is written with the '~' doubled)");
    }

    /** A char is a string of exactly one UTF-16 unit, escaped like any string. */
    public static void writeChar(JsonWriter out, char c) {
        writeString(out, String.valueOf(c));
    }

    public static char readChar(JsonReader in) {
        String s = readString(in);
        if (s.length() != 1) {
            throw ReadErrors.error(in, "string of " + s.length() + " chars where a char belongs");
        }
        return s.charAt(0);
    }

    public static boolean readBoolean(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
            return t == JsonToken.VALUE_TRUE;
        }
        throw ReadErrors.error(in, ReadErrors.describe(in) + " where a boolean belongs");
    }

    // ---- integers

    public static long readLong(JsonReader in) {
        expectInteger(in, "an int64");
        if (!in.fitsLong()) {
            throw ReadErrors.error(in, "number " + in.getText() + " is out of range for int64");
        }
        return in.longValue();
    }

    public static int readInt(JsonReader in) {
        return (int) readRanged(in, Integer.MIN_VALUE, Integer.MAX_VALUE, "int32", "an int32");
    }

    public static short readShort(JsonReader in) {
        return (short) readRanged(in, Short.MIN_VALUE, Short.MAX_VALUE, "int16", "an int16");
    }

    public static byte readByte(JsonReader in) {
        return (byte) readRanged(in, Byte.MIN_VALUE, Byte.MAX_VALUE, "int8", "an int8");
    }

    /** {@code what} is a constant rather than {@code "an " + type}: this runs for every int field read. */
    private static long readRanged(JsonReader in, long min, long max, String type, String what) {
        expectInteger(in, what);
        boolean fits = in.fitsLong();
        long v = fits ? in.longValue() : Long.MIN_VALUE;
        if (!fits || v < min || v > max) {
            throw ReadErrors.error(in, "number " + in.getText() + " is out of range for " + type);
        }
        return v;
    }

    public static BigInteger readBigInteger(JsonReader in) {
        expectInteger(in, "an integer");
        return in.bigIntegerValue();
    }

    private static void expectInteger(JsonReader in, String what) {
        JsonToken t = in.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT) {
            throw ReadErrors.error(in, t == JsonToken.VALUE_NUMBER_FLOAT
                    ? "number " + in.getText() + " has a fraction or exponent where " + what + " belongs"
                    : ReadErrors.describe(in) + " where " + what + " belongs");
        }
    }

    // ---- floating point: shortest round-trip digits, always with '.' or an exponent

    /** The shortest decimal that reads back to the same double; always has a '.' or an 'E'. */
    public static String doubleText(double d) {
        byte[] b = new byte[ShortestDecimal.MAX_DOUBLE_LENGTH];
        return new String(b, 0, ShortestDecimal.write(d, b, 0), StandardCharsets.ISO_8859_1);
    }

    /** The shortest decimal that reads back to the same float; always has a '.' or an 'E'. */
    public static String floatText(float f) {
        byte[] b = new byte[ShortestDecimal.MAX_FLOAT_LENGTH];
        return new String(b, 0, ShortestDecimal.write(f, b, 0), StandardCharsets.ISO_8859_1);
    }

    public static void writeDouble(JsonWriter out, double d) {
        if (Double.isFinite(d)) {
            out.writeNumber(d);
        } else {
            out.writeString(nonFiniteText(d));
        }
    }

    public static void writeFloat(JsonWriter out, float f) {
        if (Float.isFinite(f)) {
            out.writeNumber(f);
        } else {
            out.writeString(nonFiniteText(f));
        }
    }

    /** A float64's text: its shortest digits, or NaN and the infinities by name. */
    public static String floatingText(double d) {
        return Double.isFinite(d) ? doubleText(d) : nonFiniteText(d);
    }

    /** A float32's text: its shortest digits, or NaN and the infinities by name. */
    public static String floatingText(float f) {
        return Float.isFinite(f) ? floatText(f) : nonFiniteText(f);
    }

    public static String nonFiniteText(double d) {
        return Double.isNaN(d) ? NAN : d > 0 ? INFINITY : NEGATIVE_INFINITY;
    }

    public static double readDouble(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            // from the parser's buffer: no String per number
            return finite(in, in.doubleValue(),
                    "float64");
        }
        if (t == JsonToken.VALUE_STRING) {
            return parseNonFinite(in, in.getText());
        }
        throw ReadErrors.error(in, ReadErrors.describe(in) + " where a float64 belongs");
    }

    public static float readFloat(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            return (float) finite(in, in.floatValue(),
                    "float32");
        }
        if (t == JsonToken.VALUE_STRING) {
            return (float) parseNonFinite(in, in.getText());
        }
        throw ReadErrors.error(in, ReadErrors.describe(in) + " where a float32 belongs");
    }

    /**
     * A JSON number lexeme to the nearest double: jackson-core's FastDoubleParser, correctly rounded like
     * {@link Double#parseDouble} and several times faster on the shortest-digits lexemes the writer produces.
     */
    public static double parseDouble(String jsonNumber) {
        return NumberInput.parseDouble(jsonNumber, true);
    }

    /** A JSON number lexeme to the nearest float (rounded once, like {@link Float#parseFloat}). */
    public static float parseFloat(String jsonNumber) {
        return NumberInput.parseFloat(jsonNumber, true);
    }

    /** A decimal lexeme that overflows to infinity would be a silent change of value: refuse it. */
    private static double finite(JsonReader in, double d, String type) {
        if (Double.isInfinite(d)) {
            throw ReadErrors.error(in, "number " + ReadErrors.abbreviate(in, 40) + " is out of range for " + type);
        }
        return d;
    }

    /** NaN and the infinities by their names (the one place these names are read), else null. */
    private static Double nonFiniteOrNull(String s) {
        switch (s) {
            case NAN: return Double.NaN;
            case INFINITY: return Double.POSITIVE_INFINITY;
            case NEGATIVE_INFINITY: return Double.NEGATIVE_INFINITY;
            default: return null;
        }
    }

    /** Whether {@code s} is the name of NaN or an infinity. */
    public static boolean isNonFiniteName(String s) {
        return nonFiniteOrNull(s) != null;
    }

    public static double parseNonFinite(JsonReader in, String s) {
        Double d = nonFiniteOrNull(s);
        if (d == null) {
            throw ReadErrors.error(in, "string " + ReadErrors.quote(s) + " where a number belongs"
                    + " (only \"NaN\", \"Infinity\" and \"-Infinity\" are spelled as strings)");
        }
        return d;
    }

    /** A map key's text of a float: NaN and the infinities by name, else a number; a RuntimeException for neither. */
    public static double parseNonFiniteOrNumber(String s) {
        Double d = nonFiniteOrNull(s);
        return d != null ? d : Double.parseDouble(s);
    }

    // ---- decimals: the number lexeme of BigDecimal.toString(), so the scale rides on the lexeme

    public static void writeDecimal(JsonWriter out, BigDecimal d) {
        decimalText(d); // (refuses the one scale a reader does not take; the text is BigDecimal's, cached in it)
        out.writeNumber(d);
    }

    /**
     * {@code d.toString()}, refusing the one scale whose lexeme no reader can take back: -2^31 gives an exponent of
     * +2^31, which is beyond int32 (SPEC.md section 5).
     */
    public static String decimalText(BigDecimal d) {
        if (d.scale() == Integer.MIN_VALUE) {
            throw new TypedJsonException("decimal with scale -2147483648 cannot be carried: its exponent +2147483648"
                    + " is beyond the scales a reader takes (-2147483647 to 2147483647)");
        }
        return d.toString();
    }

    public static BigDecimal readDecimal(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT) {
            throw ReadErrors.error(in, ReadErrors.describe(in) + " where a decimal belongs");
        }
        BigDecimal small = in.smallDecimalValue();
        return small != null ? small : parseDecimal(in, in.getText());
    }

    /**
     * A number lexeme of at most 18 digits without an exponent ({@code -?digits(.digits)?}, already checked by the
     * parser) as {@code new BigDecimal(lexeme)} gives it, straight from the parser's buffer; else null.
     */
    private static BigDecimal smallPlainDecimal(char[] c, int offset, int length) {
        int end = offset + length;
        boolean negative = length > 0 && c[offset] == '-';
        int point = -1;
        int digits = 0;
        long unscaled = 0;
        for (int i = negative ? offset + 1 : offset; i < end; i++) {
            char ch = c[i];
            if (ch >= '0' && ch <= '9' && digits < 18) {
                unscaled = unscaled * 10 + (ch - '0');
                digits++;
            } else if (ch == '.' && point < 0) {
                point = i;
            } else {
                return null; // an exponent, a 19th digit
            }
        }
        if (digits == 0 || point == end - 1) {
            return null;
        }
        return BigDecimal.valueOf(negative ? -unscaled : unscaled, point < 0 ? 0 : end - point - 1);
    }

    /**
     * A ~d payload in {@code c[offset, offset + length)} that is canonical and plain with at most 18 digits, read
     * without a String; null for anything else, which {@link #parseCanonicalDecimal} then reads or refuses.
     */
    public static BigDecimal canonicalSmallDecimalOrNull(char[] c, int offset, int length) {
        int end = offset + length;
        int i = length > 0 && c[offset] == '-' ? offset + 1 : offset;
        if (i >= end || !isDigit(c[i]) || (c[i] == '0' && i + 1 < end && c[i + 1] != '.')) {
            return null; // no integer part, or a leading zero
        }
        BigDecimal d = smallPlainDecimal(c, offset, length);
        if (d == null || (i > offset && d.signum() == 0) || d.precision() - d.scale() - 1 < -6) {
            return null; // a negative zero; below 1E-6 toString() has an exponent
        }
        return d;
    }

    /**
     * A ~f payload in {@code c[offset, offset + length)} that is the writer's spelling of a finite float, read
     * without building the payload String; null for anything else, which the String path reads or refuses.
     */
    public static Float canonicalFloatOrNull(char[] c, int offset, int length) {
        if (length > ShortestDecimal.MAX_FLOAT_LENGTH || length == 0) {
            return null;
        }
        Float f = shortestFloatOrNull(c, offset, length);
        return f != null ? f : printedCanonicalFloatOrNull(c, offset, length);
    }

    /**
     * The common case of {@link #canonicalFloatOrNull} without printing the float (which was a tenth of reading rows
     * in the dynamic model): a payload laid out as the writer lays out its own digits, whose digits are provably
     * the shortest that read back, gives its float; null leaves it to the printing check, which decides the rest.
     * A decimal d is in the float's rounding interval R exactly when it reads back as the float, and R is an
     * interval. Of a normal float, R is narrower than 10^-6 of its value, so it holds at most one decimal of 6
     * digits or fewer: d is the shortest. With 7 to 9 digits, d is the writer's when it is the decimal of its length
     * closest to the float and R holds neither of the multiples of ten digits around it (then no shorter one, as R
     * would hold one of those).
     */
    private static Float shortestFloatOrNull(char[] c, int offset, int length) {
        int end = offset + length;
        int i = offset;
        boolean negative = c[i] == '-';
        if (negative) {
            i++;
        }
        int integerStart = i;
        long m = 0;
        int digits = 0; // significant: after the leading zeros
        for (; i < end && isDigit(c[i]); i++) {
            m = m * 10 + (c[i] - '0');
            digits += m == 0 ? 0 : 1;
        }
        int integerDigits = i - integerStart;
        if (integerDigits == 0 || (integerDigits > 1 && c[integerStart] == '0') || i == end || c[i] != '.') {
            return null;
        }
        int fractionStart = ++i;
        for (; i < end && isDigit(c[i]); i++) {
            m = m * 10 + (c[i] - '0');
            digits += m == 0 ? 0 : 1;
        }
        int fractionDigits = i - fractionStart;
        if (fractionDigits == 0 || (fractionDigits > 1 && c[i - 1] == '0') || m == 0) {
            return null; // a trailing zero (but "x.0"), or zero
        }
        int exponent = 0; // of the first significant digit
        if (i < end) {
            // one digit before the point, 'E', an exponent without '+' or a leading zero, beyond the plain range
            if (c[i] != 'E' || ++i == end || integerDigits != 1 || c[integerStart] == '0') {
                return null;
            }
            boolean negativeExponent = c[i] == '-';
            if (negativeExponent && ++i == end) {
                return null;
            }
            if (c[i] == '0' || end - i > 2) {
                return null;
            }
            for (; i < end; i++) {
                if (!isDigit(c[i])) {
                    return null;
                }
                exponent = exponent * 10 + (c[i] - '0');
            }
            exponent = negativeExponent ? -exponent : exponent;
            if (exponent >= -3 && exponent < 7) {
                return null;
            }
        } else if (c[integerStart] != '0') {
            exponent = integerDigits - 1;
            if (exponent >= 7) {
                return null;
            }
        } else {
            exponent = digits - fractionDigits - 1;
            if (exponent < -3) {
                return null;
            }
        }
        if (fractionDigits == 1 && c[fractionStart] == '0') { // "x.0": the zero is not a digit of the value
            m /= 10;
            digits--;
        }
        while (m % 10 == 0) {
            m /= 10;
            digits--;
        }
        int e = exponent - digits + 1; // of the last significant digit: the value is m * 10^e
        float f = DecimalParsing.toFloat(negative, m, e);
        if (!(Math.abs(f) >= Float.MIN_NORMAL) || Float.isInfinite(f)) {
            return null; // also NaN: the fast paths could not tell
        }
        if (digits > 6 && (digits > 9 || !closest(Math.abs(f), m, e)
                || readsAs(f, negative, m / 10, e + 1) || readsAs(f, negative, m / 10 + 1, e + 1))) {
            return null;
        }
        return f;
    }

    /** Whether m * 10^e reads as f, or the fast paths cannot tell. */
    private static boolean readsAs(float f, boolean negative, long m, int e) {
        float g = DecimalParsing.toFloat(negative, m, e);
        return g == f || Float.isNaN(g);
    }

    /**
     * Whether v (positive) lies strictly between the midpoints (m -+ 1/2) * 10^e, so that m * 10^e is the decimal of
     * its length closest to v. Rounding keeps order, so a midpoint's nearest double is below or above v only when
     * the midpoint is; when it is v, or the fast paths cannot tell (NaN), the answer is no.
     */
    private static boolean closest(double v, long m, int e) {
        return DecimalParsing.toDouble(false, 10 * m - 5, e - 1) < v
                && v < DecimalParsing.toDouble(false, 10 * m + 5, e - 1);
    }

    /**
     * {@link #canonicalFloatOrNull} by printing: parse loosely (what is not a number comes out as no float or as
     * another spelling), then print the float and compare.
     */
    static Float printedCanonicalFloatOrNull(char[] c, int offset, int length) {
        int end = offset + length;
        int i = offset;
        boolean negative = c[i] == '-';
        if (negative) {
            i++;
        }
        long m = 0;
        int exponent = 0;
        boolean fraction = false;
        for (; i < end; i++) {
            char ch = c[i];
            if (isDigit(ch)) {
                m = m * 10 + (ch - '0');
                exponent -= fraction ? 1 : 0;
            } else if (ch == '.' && !fraction) {
                fraction = true;
            } else {
                break;
            }
        }
        if (i < end) {
            if (c[i] != 'E' || ++i == end) {
                return null;
            }
            boolean negativeExponent = c[i] == '-';
            int e = 0;
            for (i = negativeExponent ? i + 1 : i; i < end && isDigit(c[i]); i++) {
                e = e * 10 + (c[i] - '0');
            }
            exponent += negativeExponent ? -e : e;
        }
        float f = i == end ? DecimalParsing.toFloat(negative, m, exponent) : Float.NaN;
        if (!Float.isFinite(f)) {
            return null; // not a number, or one the fast paths cannot tell: the checked path decides
        }
        byte[] canonical = new byte[ShortestDecimal.MAX_FLOAT_LENGTH];
        if (ShortestDecimal.write(f, canonical, 0) != length) {
            return null;
        }
        for (int k = 0; k < length; k++) {
            if (canonical[k] != c[offset + k]) {
                return null;
            }
        }
        return f;
    }

    /**
     * An integer lexeme as the writer spells it in {@code c[from, to)}: optional '-', 1 to {@code maxDigits} digits,
     * no leading zero, never "-0"; its value, else Long.MIN_VALUE. {@code maxDigits} at most 18.
     */
    public static long canonicalInteger(char[] c, int from, int to, int maxDigits) {
        boolean negative = from < to && c[from] == '-';
        int i = negative ? from + 1 : from;
        int digits = to - i;
        if (digits < 1 || digits > maxDigits || (c[i] == '0' && (digits > 1 || negative))) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            char ch = c[i];
            if (!isDigit(ch)) {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (ch - '0');
        }
        return negative ? -v : v;
    }

    /**
     * Whether {@code p} is an integer lexeme as the writer spells it, of any length: optional '-', digits without
     * leading zeros, never "-0" (the strict check beside the fast {@link #canonicalInteger}).
     */
    public static boolean isIntegerLexeme(String p) {
        int start = !p.isEmpty() && p.charAt(0) == '-' ? 1 : 0;
        if (p.length() == start || (p.charAt(start) == '0' && (p.length() > start + 1 || start == 1))) {
            return false;
        }
        for (int i = start; i < p.length(); i++) {
            if (!isDigit(p.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Canonical padded base64 in {@code c[offset, offset + length)} decoded without a String, else null. */
    public static byte[] canonicalBase64OrNull(char[] c, int offset, int length) {
        return canonicalBase64(c, offset, offset + length);
    }

    public static BigDecimal parseCanonicalDecimal(JsonReader in, String s) {
        checkNumberLength(in, s);
        BigDecimal d = parseDecimal(in, s);
        if (isCanonicalPlainDecimal(s)) {
            return d;
        }
        String canonical = d.toString(); // kept by BigDecimal, so writing it back costs nothing more
        if (!canonical.equals(s)) {
            throw nonCanonical(in, Tags.DECIMAL, s, canonical);
        }
        return d;
    }

    /**
     * Whether a JSON number lexeme without an exponent is BigDecimal.toString()'s spelling of its value (SPEC.md
     * section 5.3): not a negative zero, and an adjusted exponent of at least -6, i.e. at most five zeros after the
     * point before the first significant digit of a number below 1 (six for zero itself, whose scale is its length).
     */
    private static boolean isCanonicalPlainDecimal(String s) {
        int n = s.length();
        int i = s.charAt(0) == '-' ? 1 : 0;
        if (s.indexOf('E') >= 0 || s.indexOf('e') >= 0) {
            return false;
        }
        if (s.charAt(i) != '0') {
            return true; // a nonzero integer part: plain, and not zero
        }
        if (n == i + 1) {
            return i == 0; // "0", not "-0"
        }
        int zeros = 0; // after "0."
        int j = i + 2;
        while (j < n && s.charAt(j) == '0') {
            zeros++;
            j++;
        }
        if (j == n) {
            return i == 0 && zeros <= 6; // zero with a scale: "0.000000" is plain, "0.0000000" is 0E-7
        }
        return zeros <= 5; // "0.000001" is plain, "0.0000001" is 1E-7
    }

    /** The error for a tag payload that is a second spelling of a value; names the writer's spelling. */
    public static TypedJsonException nonCanonical(JsonReader in, char tag, String payload, String canonical) {
        return ReadErrors.error(in, "non-canonical ~" + tag + " payload " + ReadErrors.quote(payload)
                + " (the one spelling of this value is " + ReadErrors.quote("~" + tag + canonical) + ")");
    }

    /**
     * The number limit on a number inside a tag payload, counted as jackson-core counts a plain number: every digit,
     * the exponent's included; not the sign, the point, the 'E' or the exponent's sign.
     */
    public static void checkNumberLength(JsonReader in, String s) {
        int max = in.limits().maxNumberLength();
        if (s.length() <= max) {
            return;
        }
        int digits = 0;
        for (int i = 0; i < s.length(); i++) {
            if (isDigit(s.charAt(i))) {
                digits++;
            }
        }
        if (digits > max) {
            throw ReadErrors.error(in, "number of " + digits + " digits exceeds the limit of " + max
                    + " (" + Limits.NUMBER_LENGTH_PROPERTY + ")");
        }
    }

    public static BigDecimal parseDecimal(JsonReader in, String s) {
        if (!isJsonNumber(s)) {
            throw ReadErrors.error(in, "malformed decimal " + ReadErrors.quote(s));
        }
        try {
            return newDecimal(s);
        } catch (NumberFormatException e) {
            throw ReadErrors.error(in, "malformed decimal " + ReadErrors.quote(s));
        }
    }

    /**
     * {@code new BigDecimal(s)} within the scales a reader takes (SPEC.md 5.3): a NumberFormatException for a scale
     * beyond int32, and for -2^31 too, which Java 17's BigDecimal refuses and newer ones (21 on) accept; the writer
     * could not spell it back ({@link #decimalText}).
     */
    public static BigDecimal newDecimal(String s) {
        BigDecimal d = new BigDecimal(s);
        if (d.scale() == Integer.MIN_VALUE) {
            throw new NumberFormatException("scale -2147483648: exponent beyond int32");
        }
        return d;
    }

    /**
     * Whether {@code s} is a JSON number lexeme ({@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}); tag payloads
     * are checked with it because Java's parsers also take "+1", ".5", "0x1p3" or "1f".
     */
    public static boolean isJsonNumber(CharSequence s) {
        int n = s.length();
        int i = 0;
        if (i < n && s.charAt(i) == '-') {
            i++;
        }
        if (i < n && s.charAt(i) == '0') {
            i++;
        } else {
            int start = i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        if (i < n && s.charAt(i) == '.') {
            int start = ++i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int start = i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    // ---- bytes: standard base64 with padding

    /** A copy of the bytes from position to limit, leaving the buffer as it was. */
    public static byte[] remaining(java.nio.ByteBuffer b) {
        byte[] copy = new byte[b.remaining()];
        b.duplicate().get(copy);
        return copy;
    }

    public static void writeBytes(JsonWriter out, byte[] b) {
        out.writeBinary(b, 0, b.length);
    }

    public static byte[] readBytes(JsonReader in) {
        expect(in, JsonToken.VALUE_STRING, "base64 bytes");
        byte[] b = canonicalBase64OrNull(in.getTextCharacters(), in.getTextOffset(), in.getTextLength());
        return b != null ? b : parseBase64(in, in.getText());
    }

    private static final byte[] BASE64_DIGITS = new byte[128];

    static {
        java.util.Arrays.fill(BASE64_DIGITS, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            BASE64_DIGITS[alphabet.charAt(i)] = (byte) i;
        }
    }

    /** {@link #canonicalBase64OrNull(char[], int, int)} over the ASCII bytes {@code b[from, to)} of a document. */
    public static byte[] canonicalBase64OrNull(byte[] b, int from, int to) {
        return canonicalBase64(b, from, to);
    }

    /**
     * Canonical padded base64 (what {@link #parseBase64} accepts) decoded straight from {@code text[from, to)}, the
     * parser's buffer or the document's bytes ({@link #unit}), or null for anything else, which {@link #parseBase64}
     * then refuses with its message.
     */
    private static byte[] canonicalBase64(Object text, int from, int to) {
        int length = to - from;
        if (length % 4 != 0) {
            return null;
        }
        int pad = length == 0 ? 0 : unit(text, to - 1) != '=' ? 0 : unit(text, to - 2) != '=' ? 1 : 2;
        byte[] out = new byte[length / 4 * 3 - pad];
        for (int i = from, o = 0; i < to; i += 4, o += 3) {
            boolean padded = i + 4 == to && pad > 0;
            int bits = digit(unit(text, i)) << 18 | digit(unit(text, i + 1)) << 12
                    | (padded && pad == 2 ? 0 : digit(unit(text, i + 2)) << 6)
                    | (padded ? 0 : digit(unit(text, i + 3)));
            if (!quad(out, o, bits, padded ? pad : 0)) {
                return null;
            }
        }
        return out;
    }

    /**
     * The unit at {@code i} of a lexeme's text that is a byte[] (a document's ASCII bytes, the reader's one-pass read)
     * or a char[] (the parser's buffer, the token path), so that one decoder serves both; where a caller with one of
     * the two is inlined, the JIT drops the test. A byte is sign-extended: a non-ASCII byte or char is never taken for
     * an ASCII one.
     */
    private static int unit(Object text, int i) {
        return text instanceof byte[] ? ((byte[]) text)[i] : ((char[]) text)[i];
    }

    /**
     * The bytes of four base64 digits' {@code bits} (the last {@code pad} digits '='), put at {@code out[o]}; false
     * when a digit is outside the alphabet (its -1 makes bits negative), '=' is out of place, or bits after the last
     * byte are set (not the canonical spelling).
     */
    private static boolean quad(byte[] out, int o, int bits, int pad) {
        if (bits < 0 || (bits & (pad == 2 ? 0xFFFF : pad == 1 ? 0xFF : 0)) != 0) {
            return false;
        }
        out[o] = (byte) (bits >> 16);
        if (pad < 2) {
            out[o + 1] = (byte) (bits >> 8);
            if (pad == 0) {
                out[o + 2] = (byte) bits;
            }
        }
        return true;
    }

    /** The value of a base64 digit ({@link #unit}), else -1. */
    private static int digit(int unit) {
        return unit >= 0 && unit < 128 ? BASE64_DIGITS[unit] : -1; // (a unit's type drops one test where inlined)
    }

    public static byte[] parseBase64(JsonReader in, String s) {
        // java.util.Base64 refuses missing or misplaced padding and characters outside the alphabet
        try {
            if (s.length() % 4 != 0) {
                throw new IllegalArgumentException("length is not a multiple of 4");
            }
            if (!paddingBitsAreZero(s)) {
                throw new IllegalArgumentException("the bits after the last byte must be zero (canonical base64)");
            }
            return Base64.getDecoder().decode(s);
        } catch (IllegalArgumentException e) {
            throw ReadErrors.error(in, "malformed base64 " + ReadErrors.quote(s) + ": " + e.getMessage());
        }
    }

    /** The unused low bits of the last base64 digit before padding: 4 before "==", 2 before "=". */
    private static boolean paddingBitsAreZero(String s) {
        int n = s.length();
        if (n == 0 || s.charAt(n - 1) != '=') {
            return true;
        }
        boolean two = n >= 2 && s.charAt(n - 2) == '=';
        int digit = digit(s.charAt(n - (two ? 3 : 2)));
        return digit < 0 || (digit & (two ? 0x0F : 0x03)) == 0; // a bad character is refused by the decoder
    }

    // ---- date and time: ISO-8601 as java.time prints it, nanoseconds kept

    /** Instant, LocalDate, LocalTime, LocalDateTime, OffsetDateTime and UUID: the string their toString() gives. */
    public static void writeText(JsonWriter out, Object timeOrUuid) {
        out.writeString(timeOrUuid instanceof Instant ? IsoTimes.text((Instant) timeOrUuid) : timeOrUuid.toString());
    }

    /** An instant as {@link #writeText} spells it, written straight into the writer's buffer. */
    public static void writeInstant(JsonWriter out, Instant instant) {
        if (!out.writeInstant("", instant.getEpochSecond(), instant.getNano())) {
            out.writeString(instant.toString()); // years before 0000 or after 9999
        }
    }

    /** A local date as {@link #writeText} spells it, written straight into the writer's buffer. */
    public static void writeLocalDate(JsonWriter out, LocalDate date) {
        if (!out.writeDate("", date.getYear(), date.getMonthValue(), date.getDayOfMonth())) {
            out.writeString(date.toString());
        }
    }

    public static Instant readInstant(JsonReader in) {
        if (in.currentToken() == JsonToken.VALUE_STRING) {
            // the common shape straight from the parser's buffer; anything else as a String, for java.time to judge
            Instant fast = IsoTimes.fastInstantOrNull(in.getTextCharacters(), in.getTextOffset(), in.getTextLength());
            if (fast != null) {
                return fast;
            }
        }
        return parseTime(in, "an instant", IsoTimes::parseInstant);
    }

    public static LocalDate readLocalDate(JsonReader in) {
        long day = fastEpochDay(in);
        return day != Long.MIN_VALUE ? LocalDate.ofEpochDay(day) : parseTime(in, "a local date", IsoTimes::parseLocalDate);
    }

    /** {@code readLocalDate(in).toEpochDay()} without the LocalDate for the common shape (Connect's Date is a day number). */
    public static long readEpochDay(JsonReader in) {
        long day = fastEpochDay(in);
        return day != Long.MIN_VALUE ? day : readLocalDate(in).toEpochDay();
    }

    /** The epoch day of a canonical date of years 0000 to 9999 from the parser's buffer, else Long.MIN_VALUE. */
    private static long fastEpochDay(JsonReader in) {
        return in.currentToken() != JsonToken.VALUE_STRING ? Long.MIN_VALUE
                : IsoTimes.fastEpochDay(in.getTextCharacters(), in.getTextOffset(), in.getTextLength());
    }

    public static LocalTime readLocalTime(JsonReader in) {
        return parseTime(in, "a local time", IsoTimes::parseLocalTime);
    }

    public static LocalDateTime readLocalDateTime(JsonReader in) {
        return parseTime(in, "a local date-time", IsoTimes::parseLocalDateTime);
    }

    public static OffsetDateTime readOffsetDateTime(JsonReader in) {
        return parseTime(in, "an offset date-time", IsoTimes::parseOffsetDateTime);
    }

    public static UUID readUuid(JsonReader in) {
        expect(in, JsonToken.VALUE_STRING, "a UUID");
        return parseUuid(in, in.getText());
    }

    public static UUID parseUuid(JsonReader in, String s) {
        // UUID.fromString accepts short groups such as "1-2-3-4-5" and a sign in a group ("+0000000-..."); only the
        // 36-character form of hex digits is ours
        if (s.length() != 36) {
            throw ReadErrors.error(in, "malformed UUID " + ReadErrors.quote(s));
        }
        for (int i = 0; i < 36; i++) {
            char c = s.charAt(i);
            boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
            boolean hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (dash ? c != '-' : !hex) {
                throw ReadErrors.error(in, "malformed UUID " + ReadErrors.quote(s));
            }
        }
        try {
            return UUID.fromString(s);
        } catch (IllegalArgumentException e) {
            throw ReadErrors.error(in, "malformed UUID " + ReadErrors.quote(s));
        }
    }

    /** A tag payload of a time: parsed, then refused unless it is exactly how the writer spells the value. */
    public static <T> T parseCanonical(JsonReader in, char tag, String payload, Function<String, T> parse, Function<T, String> text) {
        T value;
        try {
            value = parse.apply(payload);
        } catch (RuntimeException e) {
            throw ReadErrors.error(in, "malformed ~" + tag + " payload " + ReadErrors.quote(payload));
        }
        String canonical = text.apply(value);
        if (!canonical.equals(payload)) {
            throw nonCanonical(in, tag, payload, canonical);
        }
        return value;
    }

    /** A ~u payload: the 36-character lower-case form. */
    public static UUID parseCanonicalUuid(JsonReader in, String s) {
        UUID u = parseUuid(in, s);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'F') {
                throw nonCanonical(in, Tags.UUID, s, u.toString());
            }
        }
        return u;
    }

    private static <T> T parseTime(JsonReader in, String what, Function<String, T> parse) {
        expect(in, JsonToken.VALUE_STRING, what);
        return parse(in, in.getText(), what, parse);
    }

    static <T> T parse(JsonReader in, String s, String what, Function<String, T> parse) {
        try {
            return parse.apply(s);
        } catch (DateTimeException e) {
            throw ReadErrors.error(in, "malformed " + what.substring(what.indexOf(' ') + 1) + " " + ReadErrors.quote(s));
        }
    }

    private static void expect(JsonReader in, JsonToken token, String what) {
        if (in.currentToken() != token) {
            throw ReadErrors.error(in, ReadErrors.describe(in) + " where " + what + " belongs");
        }
    }
}

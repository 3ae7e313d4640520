package io.typedjson.format;

import com.fasterxml.jackson.core.io.NumberInput;
import io.typedjson.format.internal.DecimalParsing;
import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ReadErrors;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

/**
 * Reads one JSON text from UTF-8 bytes, token by token: the reader under every typedjson codec. It walks the
 * byte array itself and checks everything SPEC.md sections 1 and 9 ask of a document as it goes: the JSON
 * grammar, strict UTF-8, the nesting, number and string limits (each error names its {@code typedjson.*}
 * property). Every error carries the JSON path of the current value and the byte offset of the offending
 * token or character.
 *
 * <p>Strings and numbers are not decoded until asked for: {@link #getText()} makes a String,
 * {@link #getTextCharacters()} decodes into a reused char buffer, {@link #longValue()} and {@link #doubleValue()}
 * parse the lexeme in place, and {@link #nextFieldName(JsonKey)} compares the next key with an encoded one byte
 * for byte. Not thread-safe; {@link TypedJsonFormat} keeps one per thread.
 */
public final class JsonReader {
    private static final byte FIRST = 0, AFTER_VALUE = 1, AFTER_KEY = 2;

    private final Limits limits;
    /** {@code limits.maxElements()}, and the values read so far in this document (what it counts). */
    private final int maxElements;
    private int elements;
    /** The limits the per-token path checks, read once (a field load through {@link #limits} showed in profiles). */
    private final int maxDepth, maxNumberLength, maxStringLength;
    private static final byte[] NO_DOCUMENT = new byte[0];

    private byte[] buf = NO_DOCUMENT;
    /** The document is {@code buf[start, end)}; offsets in errors count from {@code start}. */
    private int start, end;
    /** The next byte to read. */
    private int pos;

    /**
     * The token the reader is on, as its JsonToken's ordinal ({@link #T_NONE}: none). A byte rather than the enum: the
     * reader lives as long as its thread, so a reference stored in it for every token would pay G1's write barrier,
     * a memory fence, each time (see WRITE_BARRIER).
     */
    private byte token = T_NONE;
    private static final JsonToken[] TOKENS = JsonToken.values();
    private static final byte T_NONE = -1,
            T_START_OBJECT = (byte) JsonToken.START_OBJECT.ordinal(),
            T_END_OBJECT = (byte) JsonToken.END_OBJECT.ordinal(),
            T_START_ARRAY = (byte) JsonToken.START_ARRAY.ordinal(),
            T_END_ARRAY = (byte) JsonToken.END_ARRAY.ordinal(),
            T_FIELD_NAME = (byte) JsonToken.FIELD_NAME.ordinal(),
            T_VALUE_STRING = (byte) JsonToken.VALUE_STRING.ordinal(),
            T_VALUE_NUMBER_INT = (byte) JsonToken.VALUE_NUMBER_INT.ordinal(),
            T_VALUE_NUMBER_FLOAT = (byte) JsonToken.VALUE_NUMBER_FLOAT.ordinal(),
            T_VALUE_TRUE = (byte) JsonToken.VALUE_TRUE.ordinal(),
            T_VALUE_FALSE = (byte) JsonToken.VALUE_FALSE.ordinal(),
            T_VALUE_NULL = (byte) JsonToken.VALUE_NULL.ordinal();
    /** Where the current token starts (absolute). */
    private int tokenStart;
    /** A string's content between its quotes, or a number's lexeme. */
    private int valueStart, valueEnd;
    /** Whether the current string holds an escape, or a byte beyond ASCII. */
    private boolean escaped, ascii;
    /** A number token's digits (what the number limit counts). */
    private int numberDigits;

    // WRITE_BARRIER: a reader is kept per thread, so it lives in the old generation, and every reference stored into
    // it (a field or an array slot) runs G1's post-write barrier, whose memory fence costs about what scanning a short
    // string does. The per-token path stores none: the token is a byte, and a matched key's String and a string
    // value's text are made when asked for and not kept (issue 37: 8 % of a class read of orders and rows).

    /** The current string or number decoded into {@link #chars}, once asked for. */
    private char[] chars = new char[64];
    private int charsLength;
    private boolean charsValid;
    private String text;

    // the open containers, 1..depth (0 is the document): kind, what comes next, the current element or key
    private int depth;
    private boolean[] isObject = new boolean[16];
    private byte[] state = new byte[16];
    private int[] index = new int[16];
    /** The current key of an object level, as the document spells it (escapes included), and its decoded text. */
    private int[] keyStart = new int[16], keyEnd = new int[16];
    private boolean[] keyEscaped = new boolean[16], keyAscii = new boolean[16];
    private String[] keyText = new String[16];
    /** The document is plain JSON from another writer (SPEC.md section 13): no string or key is a tag or an escape. */
    private boolean plainJson;

    JsonReader(Limits limits) {
        this.limits = limits;
        this.maxElements = limits.maxElements();
        this.maxDepth = limits.maxDepth();
        this.maxNumberLength = limits.maxNumberLength();
        this.maxStringLength = limits.maxStringLength();
    }

    /** Starts reading the document {@code document[offset, offset + length)}. */
    void reset(byte[] document, int offset, int length) {
        buf = document;
        start = offset;
        pos = offset;
        end = offset + length;
        token = T_NONE;
        depth = 0;
        elements = 0;
        state[0] = FIRST;
        charsValid = false;
        text = null;
        onePassOff = 0;
    }

    /** Lets go of the document (a reader kept by a thread must not keep it alive). */
    void release() {
        buf = NO_DOCUMENT;
        start = end = pos = 0;
        if (chars.length > 1024) {
            chars = new char[64];
        }
        Arrays.fill(keyText, 0, Math.min(depth + 1, keyText.length), null);
        text = null;
    }

    /** The limits this reader enforces. */
    public Limits limits() {
        return limits;
    }

    /**
     * Whether the document is read as plain JSON from a writer that does not write typed JSON (SPEC.md section 13):
     * a string or key that starts with {@code ~} is then that text, never a tag or an escape.
     */
    public boolean plainJson() {
        return plainJson;
    }

    void plainJson(boolean plain) {
        this.plainJson = plain;
    }

    /** The token the reader is on; null before the first and after the last. */
    public JsonToken currentToken() {
        return token == T_NONE ? null : TOKENS[token];
    }

    // ------------------------------------------------------------------ moving

    /** Moves to the next token and returns it; null at the end of the document. */
    public JsonToken nextToken() {
        charsValid = false;
        text = null;
        int d = depth;
        int p = skipWhitespace(pos);
        if (d == 0) {
            if (p == end) {
                pos = p;
                token = T_NONE;
                return null;
            }
            // a second value after the document's (the caller reports it as trailing content) is read as a value too
            return value(p);
        }
        byte s = state[d];
        if (!isObject[d]) {
            if (p == end) {
                throw endOfInput("an array's next element or its ']'");
            }
            byte b = buf[p];
            if (b == ']' && (s == FIRST || s == AFTER_VALUE)) {
                return close(p, JsonToken.END_ARRAY);
            }
            if (s == AFTER_VALUE) {
                if (b != ',') {
                    throw unexpected(p, "was expecting comma to separate Array entries");
                }
                p = skipWhitespace(p + 1);
            }
            state[d] = AFTER_VALUE;
            index[d]++;
            return value(p);
        }
        if (s == AFTER_KEY) {
            state[d] = AFTER_VALUE;
            return value(p); // the colon was read with the key
        }
        if (p == end) {
            throw endOfInput("an object's next key or its '}'");
        }
        byte b = buf[p];
        if (b == '}') {
            return close(p, JsonToken.END_OBJECT);
        }
        if (s == AFTER_VALUE) {
            if (b != ',') {
                throw unexpected(p, "was expecting comma to separate Object entries");
            }
            forgetKey(d); // what follows the comma is the next key's business, not the last value's
            p = skipWhitespace(p + 1);
            if (p == end) {
                throw endOfInput("an object's next key");
            }
            b = buf[p];
        }
        if (b != '"') {
            throw unexpected(p, "was expecting double-quote to start field name");
        }
        return key(p);
    }

    /**
     * Moves to the next token and tells whether it is the key {@code key}. The key is first compared byte for byte
     * as the writer spells it; a key with other escapes is decoded and compared as text.
     */
    public boolean nextFieldName(JsonKey key) {
        int d = depth;
        if (d > 0 && isObject[d] && state[d] != AFTER_KEY) {
            int p = skipWhitespace(pos);
            if (state[d] == AFTER_VALUE && p < end && buf[p] == ',') {
                p = skipWhitespace(p + 1);
            } else if (state[d] == AFTER_VALUE) {
                return nextToken() == JsonToken.FIELD_NAME && currentName().equals(key.spelled);
            }
            byte[] q = key.quoted;
            // (a key longer than the string limit takes the slow path, which refuses it)
            if (p + q.length <= end && sameBytes(buf, p, q) && key.spelled.length() <= maxStringLength) {
                charsValid = false;
                text = null;
                tokenStart = p;
                keyStart[d] = p + 1;
                keyEnd[d] = p + q.length - 1;
                keyText[d] = null; // currentName() decodes it when asked (see WRITE_BARRIER)
                keyEscaped[d] = key.escaped;
                keyAscii[d] = key.ascii;
                pos = colon(p + q.length);
                state[d] = AFTER_KEY;
                token = T_FIELD_NAME;
                return true;
            }
        }
        return nextToken() == JsonToken.FIELD_NAME && currentName().equals(key.spelled);
    }

    /** Whether {@code b[at, at + q.length)} is {@code q}: a plain loop, as keys are short. */
    private static boolean sameBytes(byte[] b, int at, byte[] q) {
        for (int i = 0; i < q.length; i++) {
            if (b[at + i] != q[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Skips the value whose first token is the current one (a scalar, or an array or object to its last token),
     * holding it to what SPEC.md section 1 asks of every value read: no duplicate key, no string or key with a lone
     * surrogate (the JSON grammar, UTF-8 and the limits are checked for every token anyway).
     */
    public void skipValue() {
        if (token == T_VALUE_STRING) {
            checkUnicode();
        } else if (token == T_START_ARRAY) {
            while (nextToken() != JsonToken.END_ARRAY) {
                skipValue();
            }
        } else if (token == T_START_OBJECT) {
            String first = null;
            java.util.Set<String> seen = null; // made for an object's second key
            while (nextToken() != JsonToken.END_OBJECT) {
                checkUnicode();
                String name = currentName();
                nextToken();
                if (first == null) {
                    first = name;
                } else {
                    if (seen == null) {
                        seen = new java.util.HashSet<>();
                        seen.add(first);
                    }
                    if (!seen.add(name)) {
                        throw error("duplicate key " + ReadErrors.quote(name));
                    }
                }
                skipValue();
            }
        }
    }

    /** A string or key holding a lone surrogate (only an escape can spell one) is not Unicode text. */
    private void checkUnicode() {
        if (token == T_FIELD_NAME ? keyEscaped[depth] : escaped) {
            io.typedjson.format.internal.Lexemes.checkUnicode(this, getText());
        }
    }

    private void forgetKey(int d) {
        keyStart[d] = -1;
        keyText[d] = null;
    }

    private JsonToken close(int p, JsonToken t) {
        tokenStart = p;
        pos = p + 1;
        keyText[depth] = null;
        depth--;
        token = (byte) t.ordinal();
        return t;
    }

    private JsonToken key(int p) {
        int d = depth;
        forgetKey(d); // an error in this key names the object, not the key before it
        int after = scanString(p, true);
        keyStart[d] = valueStart;
        keyEnd[d] = valueEnd;
        keyEscaped[d] = escaped;
        keyAscii[d] = ascii;
        keyText[d] = null;
        tokenStart = p;
        pos = colon(after);
        state[d] = AFTER_KEY;
        token = T_FIELD_NAME;
        return JsonToken.FIELD_NAME;
    }

    private int colon(int p) {
        p = skipWhitespace(p);
        if (p == end) {
            throw endOfInput("a ':' after the key");
        }
        if (buf[p] != ':') {
            throw unexpected(p, "was expecting a colon to separate field name and value");
        }
        return p + 1;
    }

    /** A value starting at {@code p} (whitespace skipped). */
    private JsonToken value(int p) {
        if (p == end) {
            throw endOfInput("a value");
        }
        // (at depth 0 a value is the document's, the first, or trailing content, which the caller refuses as such)
        if (++elements > maxElements && depth > 0) {
            throw new TypedJsonException("element count " + elements + " exceeds the limit of " + maxElements
                    + " (" + Limits.ELEMENTS_PROPERTY + ")").at(path(depth), p - start);
        }
        tokenStart = p;
        byte b = buf[p];
        switch (b) {
            case '{': return open(p, true);
            case '[': return open(p, false);
            case '"':
                pos = scanString(p, false);
                token = T_VALUE_STRING;
                return JsonToken.VALUE_STRING;
            case 't': return literal(p, TRUE, JsonToken.VALUE_TRUE);
            case 'f': return literal(p, FALSE, JsonToken.VALUE_FALSE);
            case 'n': return literal(p, NULL, JsonToken.VALUE_NULL);
            default:
                if (b == '-' || (b >= '0' && b <= '9')) {
                    return number(p);
                }
                throw unexpectedValue(p);
        }
    }

    private JsonToken open(int p, boolean object) {
        int d = depth + 1;
        if (d > maxDepth) {
            throw limits.tooDeep(d).at(path(depth), p - start);
        }
        if (d == isObject.length) {
            grow();
        }
        isObject[d] = object;
        state[d] = FIRST;
        index[d] = -1;
        keyText[d] = null;
        keyStart[d] = -1;
        depth = d;
        pos = p + 1;
        token = object ? T_START_OBJECT : T_START_ARRAY;
        return object ? JsonToken.START_OBJECT : JsonToken.START_ARRAY;
    }

    private void grow() {
        int n = isObject.length * 2;
        isObject = Arrays.copyOf(isObject, n);
        state = Arrays.copyOf(state, n);
        index = Arrays.copyOf(index, n);
        keyStart = Arrays.copyOf(keyStart, n);
        keyEnd = Arrays.copyOf(keyEnd, n);
        keyEscaped = Arrays.copyOf(keyEscaped, n);
        keyAscii = Arrays.copyOf(keyAscii, n);
        keyText = Arrays.copyOf(keyText, n);
        oneOpen = Arrays.copyOf(oneOpen, n);
        oneElements = Arrays.copyOf(oneElements, n);
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'}, FALSE = {'f', 'a', 'l', 's', 'e'}, NULL = {'n', 'u', 'l', 'l'};

    private JsonToken literal(int p, byte[] word, JsonToken t) {
        int n = word.length;
        if (p + n > end || !sameBytes(buf, p, word) || (p + n < end && isTokenByte(buf[p + n]))) {
            throw unrecognized(p);
        }
        pos = p + n;
        token = (byte) t.ordinal();
        return t;
    }

    // ------------------------------------------------------------------ numbers

    private JsonToken number(int p) {
        byte[] b = buf;
        int i = p;
        if (b[i] == '-') {
            i++;
            if (i == end) {
                throw endOfInput("the digits of a number");
            }
            if (b[i] < '0' || b[i] > '9') {
                throw isLetter(b[i]) ? unrecognized(p) : unexpected(i, "expected a digit after '-' in a number");
            }
        }
        // the digits' value is taken while they are scanned (parse where you scan): exact for up to 19 digits
        long m = 0;
        int digits = 0;
        if (b[i] == '0') {
            i++;
            digits++;
            if (i < end && b[i] >= '0' && b[i] <= '9') {
                throw new TypedJsonException("Invalid numeric value: Leading zeroes not allowed")
                        .at(path(depth), p - start);
            }
        } else {
            int d;
            while (i < end && (d = b[i] - '0') >= 0 && d <= 9) {
                m = m * 10 + d;
                i++;
                digits++;
            }
        }
        boolean integer = true;
        int exponent = 0;
        if (i < end && b[i] == '.') {
            integer = false;
            int from = ++i;
            i = digitsEnd(from, end, "the digits after a decimal point", "Decimal point not followed by a digit");
            for (int k = from; k < i; k++) {
                m = m * 10 + (b[k] - '0');
            }
            digits += i - from;
            exponent = from - i;
        }
        boolean plain = true; // no exponent
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            integer = false;
            plain = false;
            i++;
            boolean negative = i < end && b[i] == '-';
            int from = i < end && (b[i] == '+' || b[i] == '-') ? i + 1 : i;
            i = digitsEnd(from, end, "the digits of an exponent", "Exponent indicator not followed by a digit");
            int e = 0;
            for (int k = from; k < i && e < 100_000; k++) { // beyond, the value is zero or infinite anyway
                e = e * 10 + (b[k] - '0');
            }
            exponent += negative ? -e : e;
            digits += i - from;
        }
        if (digits > maxNumberLength) {
            throw limits.numberTooLong(digits).at(path(depth), p - start);
        }
        valueStart = p;
        valueEnd = i;
        numberDigits = digits;
        // (digits counts the exponent's too: with fewer than 20 in all, the significand's are at most 19)
        partsTaken = digits <= 19;
        smallPlain = plain && digits <= 18;
        partSignificand = m;
        partExponent = exponent;
        pos = i;
        token = integer ? T_VALUE_NUMBER_INT : T_VALUE_NUMBER_FLOAT;
        return integer ? JsonToken.VALUE_NUMBER_INT : JsonToken.VALUE_NUMBER_FLOAT;
    }

    /** Whether the current integer token's value fits a long (else it is a BigInteger). */
    public boolean fitsLong() {
        if (numberDigits <= 18) {
            return true;
        }
        try {
            Long.parseLong(getText());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The current integer token's value; call {@link #fitsLong()} first for a lexeme of 19 digits or more. */
    public long longValue() {
        if (numberDigits > 18) {
            return Long.parseLong(getText());
        }
        return buf[valueStart] == '-' ? -partSignificand : partSignificand; // (taken by number())
    }

    /**
     * The current number token as {@code new BigDecimal(getText())} gives it, when its lexeme has at most 18 digits and
     * no exponent (taken while it was scanned); otherwise null.
     */
    public BigDecimal smallDecimalValue() {
        if (!smallPlain || (token != T_VALUE_NUMBER_INT && token != T_VALUE_NUMBER_FLOAT)) {
            return null;
        }
        return BigDecimal.valueOf(buf[valueStart] == '-' ? -partSignificand : partSignificand, -partExponent);
    }

    public BigInteger bigIntegerValue() {
        return new BigInteger(getText());
    }

    /** The current number token as the nearest double (overflow gives an infinity: callers refuse it). */
    public double doubleValue() {
        // the exact fast paths on the lexeme's bytes (up to 19 significant digits), the general routine behind them
        double d = decimalParts() ? DecimalParsing.toDouble(buf[valueStart] == '-', partSignificand, partExponent)
                : Double.NaN;
        return !Double.isNaN(d) ? d : NumberInput.parseDouble(getTextCharacters(), 0, charsLength, true);
    }

    /** The current number token as the nearest float, rounded once from the decimal (never through a double). */
    public float floatValue() {
        float f = decimalParts() ? DecimalParsing.toFloat(buf[valueStart] == '-', partSignificand, partExponent)
                : Float.NaN;
        return !Float.isNaN(f) ? f : NumberInput.parseFloat(getTextCharacters(), 0, charsLength, true);
    }

    /**
     * The current number is {@code partSignificand * 10^partExponent} (unsigned): taken by {@link #number} while it
     * scanned the lexeme when {@code partsTaken} (at most 19 digits), else by {@link #decimalParts}.
     */
    private long partSignificand;
    private int partExponent;
    private boolean partsTaken;
    /** Whether the current number has at most 18 digits and no exponent ({@link #smallDecimalValue}). */
    private boolean smallPlain;

    /**
     * Splits the current number lexeme (checked by {@link #number}) into a significand and a power of ten; false
     * when it has more than 19 significant digits, which the fast paths do not take.
     */
    private boolean decimalParts() {
        if (partsTaken) {
            return true;
        }
        byte[] b = buf;
        int i = valueStart;
        int end = valueEnd;
        if (b[i] == '-') {
            i++;
        }
        long m = 0;
        int significant = 0;
        int exponent = 0;
        boolean fraction = false;
        for (; i < end; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                if (m != 0 || c != '0') { // leading zeros are not significant
                    if (++significant > 19) {
                        return false;
                    }
                    m = m * 10 + (c - '0');
                }
                if (fraction) {
                    exponent--;
                }
            } else if (c == '.') {
                fraction = true;
            } else {
                break; // the exponent's 'e' or 'E'
            }
        }
        if (i < end) {
            boolean negative = b[++i] == '-';
            if (b[i] == '-' || b[i] == '+') {
                i++;
            }
            int e = 0;
            for (; i < end && e < 100_000; i++) { // beyond, the value is zero or infinite anyway
                e = e * 10 + (b[i] - '0');
            }
            exponent += negative ? -e : e;
        }
        partSignificand = m;
        partExponent = exponent;
        return true;
    }

    /** The end of the digits from {@code from}: at least one, else the error saying which digits are missing. */
    private int digitsEnd(int from, int end, String missing, String unexpected) {
        int i = from;
        while (i < end && buf[i] >= '0' && buf[i] <= '9') {
            i++;
        }
        if (i == from) {
            throw i == end ? endOfInput(missing) : unexpected(i, unexpected);
        }
        return i;
    }

    // ------------------------------------------------------------------ strings

    /** Byte classes inside a string: 0 plain ASCII, 1 the quote, 2 a backslash, 3 a control character, 4 beyond ASCII. */
    private static final byte[] STRING_BYTES = new byte[256];

    static {
        for (int c = 0; c < 0x20; c++) {
            STRING_BYTES[c] = 3;
        }
        STRING_BYTES['"'] = 1;
        STRING_BYTES['\\'] = 2;
        for (int c = 0x80; c < 0x100; c++) {
            STRING_BYTES[c] = 4;
        }
    }

    /**
     * Checks the string whose opening quote is at {@code quote}: escapes, UTF-8, the length limit. Sets
     * {@link #valueStart}/{@link #valueEnd}, {@link #escaped} and {@link #ascii}; returns the index after the closing quote.
     */
    private int scanString(int quote, boolean isKey) {
        byte[] b = buf;
        int i = quote + 1;
        int e = end;
        long units = 0;
        boolean esc = false, asc = true;
        while (true) {
            int from = i;
            // eight bytes at a time while none of them is a quote, a backslash, a control character or beyond ASCII
            while (i + 8 <= e && specialBytes((long) LONGS.get(b, i)) == 0) {
                i += 8;
            }
            while (i < e && STRING_BYTES[b[i] & 0xFF] == 0) {
                i++;
            }
            units += i - from;
            if (i == e) {
                throw endOfInput("the rest of a string and its closing quote");
            }
            switch (STRING_BYTES[b[i] & 0xFF]) {
                case 1: {
                    if (units > maxStringLength) {
                        throw limits.stringTooLong(units, isKey).at(path(depth), quote - start);
                    }
                    valueStart = quote + 1;
                    valueEnd = i;
                    escaped = esc;
                    ascii = asc;
                    return i + 1;
                }
                case 2:
                    esc = true;
                    i = escape(i);
                    units++;
                    break;
                case 3:
                    throw new TypedJsonException("Illegal unquoted character ((CTRL-CHAR, code " + (b[i] & 0xFF)
                            + ")): has to be escaped using backslash to be included in string value")
                            .at(path(depth), i - start);
                default: {
                    asc = false;
                    int n = utf8Length(i);
                    units += n == 4 ? 2 : 1;
                    i += n;
                }
            }
        }
    }

    private static final long ONES = 0x0101010101010101L, HIGHS = 0x8080808080808080L;

    /**
     * The high bit of each byte of {@code w} that ends a plain run of a string: below 0x20, 0x80 and above, '"' or '\\'
     * (a byte is zero in {@code x - ONES & ~x & HIGHS} unless it was zero in {@code x}); bytes above the lowest marked
     * one may be marked wrongly (a borrow), the lowest is exact.
     */
    private static long specialBytes(long w) {
        long quote = w ^ 0x2222222222222222L;
        long backslash = w ^ 0x5C5C5C5C5C5C5C5CL;
        return ((quote - ONES & ~quote) | (backslash - ONES & ~backslash) | (w - 0x2020202020202020L & ~w) | w) & HIGHS;
    }

    /** Little-endian longs over the document's bytes: a word's first byte is its lowest (its trailing zeros count to it). */
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** Checks the escape whose backslash is at {@code i}; returns the index after it. */
    private int escape(int i) {
        if (i + 1 == end) {
            throw endOfInput("an escape in a string");
        }
        byte c = buf[i + 1];
        switch (c) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                return i + 2;
            case 'u':
                for (int k = i + 2; k < i + 6; k++) {
                    if (k == end) {
                        throw endOfInput("the hex digits of a \\u escape");
                    }
                    if (hexValue(buf[k]) < 0) {
                        throw unexpected(k, "expected a hex-digit for character escape sequence");
                    }
                }
                return i + 6;
            default:
                throw new TypedJsonException("Unrecognized character escape " + describeChar(i + 1))
                        .at(path(depth), i + 1 - start);
        }
    }

    private static int hexValue(byte b) {
        if (b >= '0' && b <= '9') return b - '0';
        if (b >= 'a' && b <= 'f') return b - 'a' + 10;
        if (b >= 'A' && b <= 'F') return b - 'A' + 10;
        return -1;
    }

    /**
     * The length of the well-formed UTF-8 sequence at {@code i} (RFC 3629: no overlong forms, no surrogates, nothing
     * beyond U+10FFFF); an error at its lead byte otherwise, or at a stray byte.
     */
    private int utf8Length(int i) {
        int b0 = buf[i] & 0xFF;
        int n;
        int min2 = 0x80, max2 = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            n = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            n = 3;
            if (b0 == 0xE0) min2 = 0xA0;
            if (b0 == 0xED) max2 = 0x9F;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            n = 4;
            if (b0 == 0xF0) min2 = 0x90;
            if (b0 == 0xF4) max2 = 0x8F;
        } else {
            throw new TypedJsonException(String.format("Invalid UTF-8 start byte 0x%02X", b0)).at(path(depth), i - start);
        }
        for (int k = 1; k < n; k++) {
            int bk = i + k < end ? buf[i + k] & 0xFF : -1;
            int lo = k == 1 ? min2 : 0x80, hi = k == 1 ? max2 : 0xBF;
            if (bk < lo || bk > hi) {
                throw new TypedJsonException(String.format("Invalid UTF-8: the sequence starting with byte 0x%02X is %s",
                        b0, bk >= 0x80 && bk <= 0xBF ? "overlong, a surrogate or beyond U+10FFFF" : "cut short"))
                        .at(path(depth), i - start);
            }
        }
        return n;
    }

    /**
     * Whether the current string (or key) is spelled with an escape. Only an escape can spell a lone surrogate
     * (the reader refuses ill-formed UTF-8), so text without one is Unicode text as it is.
     */
    public boolean textEscaped() {
        return token == T_FIELD_NAME ? keyEscaped[depth] : token == T_VALUE_STRING && escaped;
    }

    /** Whether the current string's or key's text starts with {@code c} (an ASCII character), without decoding it when it can. */
    public boolean textStartsWith(char c) {
        if (token == T_VALUE_STRING && !escaped) {
            return valueEnd > valueStart && buf[valueStart] == c;
        }
        if (token == T_FIELD_NAME && !keyEscaped[depth]) {
            return keyEnd[depth] > keyStart[depth] && buf[keyStart[depth]] == c;
        }
        String t = getText();
        return t != null && !t.isEmpty() && t.charAt(0) == c;
    }

    /**
     * The current string value's text when there is nothing in it to undo or check: no escape, and no leading {@code ~}
     * (a tag, or a '~' doubled, which the caller reads through {@link #getText()}); otherwise null, as for any other
     * token. Unescaped text is well-formed UTF-8, so it holds no lone surrogate.
     */
    public String untaggedText() {
        if (token != T_VALUE_STRING || escaped) {
            return null;
        }
        int from = valueStart;
        int length = valueEnd - from;
        if (length > 0 && buf[from] == '~') {
            return null;
        }
        return new String(buf, from, length, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }

    /** The current string's text, or the current key's, or a number's lexeme. */
    public String getText() {
        if (token == T_FIELD_NAME) {
            return currentName();
        }
        if (text != null) {
            return text;
        }
        if (token == T_VALUE_STRING) {
            return decode(valueStart, valueEnd, escaped, ascii); // not kept in text (see WRITE_BARRIER)
        }
        if (token == T_VALUE_NUMBER_INT || token == T_VALUE_NUMBER_FLOAT) {
            return text = latin1(buf, valueStart, valueEnd - valueStart);
        }
        return token == T_NONE ? null : switch (TOKENS[token]) {
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            case VALUE_NULL -> "null";
            case START_OBJECT -> "{";
            case END_OBJECT -> "}";
            case START_ARRAY -> "[";
            default -> "]";
        };
    }

    private String decode(int from, int to, boolean hasEscapes, boolean isAscii) {
        if (!hasEscapes) {
            return isAscii ? latin1(buf, from, to - from) : new String(buf, from, to - from, StandardCharsets.UTF_8);
        }
        // a buffer of its own: the one getTextCharacters() hands out stays as it was (a key decoded for a path,
        // currentName() on a value)
        char[] c = new char[to - from];
        return new String(c, 0, decodeInto(from, to, c));
    }

    /**
     * The String of the Latin-1 bytes {@code b[from, from + n)}. The constructor with a high byte of 0 is a range copy
     * small enough to inline; the one taking a Charset is too large to, and a call per string.
     */
    @SuppressWarnings("deprecation")
    private static String latin1(byte[] b, int from, int n) {
        return new String(b, 0, from, n);
    }

    /**
     * The current string's (or number's) characters, decoded into a buffer the reader reuses: valid until the
     * reader moves. They are {@code getTextCharacters()[getTextOffset(), getTextOffset() + getTextLength())}.
     */
    public char[] getTextCharacters() {
        if (!charsValid) {
            if (token == T_FIELD_NAME) {
                String name = currentName();
                ensureChars(name.length());
                name.getChars(0, name.length(), chars, 0);
                charsLength = name.length();
            } else if (token == T_VALUE_STRING || token == T_VALUE_NUMBER_INT
                    || token == T_VALUE_NUMBER_FLOAT) {
                ensureChars(valueEnd - valueStart);
                if (token == T_VALUE_STRING && (escaped || !ascii)) {
                    charsLength = decodeInto(valueStart, valueEnd, chars);
                } else { // a number's or a plain ASCII string's bytes, one char each
                    char[] c = chars;
                    for (int i = valueStart; i < valueEnd; i++) {
                        c[i - valueStart] = (char) buf[i];
                    }
                    charsLength = valueEnd - valueStart;
                }
            } else {
                String t = getText();
                charsLength = t == null ? 0 : t.length();
                ensureChars(charsLength);
                if (t != null) {
                    t.getChars(0, charsLength, chars, 0);
                }
            }
            charsValid = true;
        }
        return chars;
    }

    public int getTextOffset() {
        return 0;
    }

    public int getTextLength() {
        getTextCharacters();
        return charsLength;
    }

    private void ensureChars(int n) {
        if (n > chars.length) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
    }

    /** Decodes the checked bytes {@code buf[from, to)} (escapes, UTF-8) into {@code c}; returns the length. */
    private int decodeInto(int from, int to, char[] c) {
        byte[] b = buf;
        int n = 0;
        int i = from;
        while (i < to) {
            int x = b[i];
            if (x >= 0 && x != '\\') {
                c[n++] = (char) x;
                i++;
            } else if (x == '\\') {
                byte e = b[i + 1];
                switch (e) {
                    case 'b': c[n++] = '\b'; break;
                    case 'f': c[n++] = '\f'; break;
                    case 'n': c[n++] = '\n'; break;
                    case 'r': c[n++] = '\r'; break;
                    case 't': c[n++] = '\t'; break;
                    case 'u':
                        c[n++] = (char) (hexValue(b[i + 2]) << 12 | hexValue(b[i + 3]) << 8
                                | hexValue(b[i + 4]) << 4 | hexValue(b[i + 5]));
                        i += 4;
                        break;
                    default: c[n++] = (char) e; // '"', '\\' or '/'
                }
                i += 2;
            } else {
                int b0 = x & 0xFF;
                if (b0 < 0xE0) {
                    c[n++] = (char) ((b0 & 0x1F) << 6 | (b[i + 1] & 0x3F));
                    i += 2;
                } else if (b0 < 0xF0) {
                    c[n++] = (char) ((b0 & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F));
                    i += 3;
                } else {
                    int cp = (b0 & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6 | (b[i + 3] & 0x3F);
                    c[n++] = Character.highSurrogate(cp);
                    c[n++] = Character.lowSurrogate(cp);
                    i += 4;
                }
            }
        }
        return n;
    }

    /**
     * The current key's text (JSON escapes undone; the format's {@code ~} escape is still there): on a key, on
     * its value, or on the first token of an array or object that is its value; null elsewhere.
     */
    public String currentName() {
        int d = token == T_START_OBJECT || token == T_START_ARRAY ? depth - 1 : depth;
        if (d <= 0 || !isObject[d] || keyStart[d] < 0 && keyText[d] == null) {
            return null;
        }
        String name = keyText[d];
        if (name == null) {
            name = keyText[d] = keyEscaped[d] || !keyAscii[d] || keyEnd[d] - keyStart[d] > MAX_CACHED_KEY
                    ? decode(keyStart[d], keyEnd[d], keyEscaped[d], keyAscii[d]) : cachedKey(keyStart[d], keyEnd[d]);
        }
        return name;
    }

    private static final int MAX_CACHED_KEY = 32;
    /**
     * Short ASCII keys seen before, as Strings (their hash computed once): maps of the dynamic model repeat keys, which
     * read 3-10 % slower with a copy per key. A key is known by its length and its first and last eight bytes (all of
     * its bytes up to 16), the middle of a longer one compared byte for byte. (String values are copied: a lookup cost
     * about what the copy of a short Latin-1 string does, and the class serde read orders 10 % faster without it;
     * issue 37.)
     */
    private final String[] keyCache = new String[256];
    private final long[] keyFirst = new long[256], keyLast = new long[256];

    private String cachedKey(int from, int to) {
        return cached(keyCache, keyFirst, keyLast, from, to);
    }

    /** The String of the plain ASCII bytes {@code buf[from, to)} from {@code cache}, or made and put there. */
    private String cached(String[] cache, long[] firsts, long[] lasts, int from, int to) {
        byte[] b = buf;
        int n = to - from;
        long first;
        long last;
        if (n >= 8) {
            first = (long) LONGS.get(b, from);
            last = (long) LONGS.get(b, to - 8);
        } else if (from + 8 <= b.length && n > 0) {
            first = (long) LONGS.get(b, from) & -1L >>> 64 - 8 * n; // the n bytes, as the loop below packs them
            last = 0;
        } else {
            first = 0;
            for (int i = from; i < to; i++) {
                first |= (long) (b[i] & 0xFF) << 8 * (i - from);
            }
            last = 0;
        }
        long h = (first * 0x9E3779B97F4A7C15L ^ last) * 0xC2B2AE3D27D4EB4FL + n;
        int slot = (int) (h >>> 56);
        String cached = cache[slot];
        if (cached != null && firsts[slot] == first && lasts[slot] == last && cached.length() == n
                && (n <= 16 || sameMiddle(cached, from + 8, to - 8))) {
            return cached;
        }
        String made = latin1(b, from, n);
        cache[slot] = made;
        firsts[slot] = first;
        lasts[slot] = last;
        return made;
    }

    /** Whether {@code buf[from, to)} are the chars of {@code cached} from index 8. */
    private boolean sameMiddle(String cached, int from, int to) {
        for (int i = from, j = 8; i < to; i++, j++) {
            if (cached.charAt(j) != buf[i]) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ positions and errors

    /** The byte offset (from the document's start) where the current token starts. */
    public long tokenOffset() {
        return tokenStart - start;
    }

    /**
     * An error about the current token: the path of the value it belongs to (on a key: of the object that holds
     * it) and the token's byte offset.
     */
    public TypedJsonException error(String reason) {
        return new TypedJsonException(reason).at(valuePath(), tokenStart - start);
    }

    /** An error about the current token caused by {@code cause} (a constructor or a setter that threw). */
    public TypedJsonException error(String reason, Throwable cause) {
        return new TypedJsonException(reason, cause).at(valuePath(), tokenStart - start);
    }

    /** An error at the current path about the value that started at {@code offset}. */
    public TypedJsonException error(String reason, long offset) {
        return new TypedJsonException(reason).at(valuePath(), offset);
    }

    /** The path of the current token's value: on a container's first token, that container; on a key, its object. */
    private Deque<String> valuePath() {
        boolean opening = token == T_START_OBJECT || token == T_START_ARRAY;
        Deque<String> path = path(opening ? depth - 1 : depth);
        if (token == T_FIELD_NAME) {
            path.pollLast();
        }
        return path;
    }

    /** The path through the levels 1 to {@code to}: each array's current element, each object's current key. */
    private Deque<String> path(int to) {
        Deque<String> segments = new ArrayDeque<>();
        for (int d = 1; d <= to; d++) {
            if (!isObject[d]) {
                segments.addLast("[" + Math.max(index[d], 0) + "]");
            } else if (keyStart[d] >= 0 || keyText[d] != null) {
                String name = keyText[d] != null ? keyText[d] : decode(keyStart[d], keyEnd[d], keyEscaped[d], keyAscii[d]);
                segments.addLast(ReadErrors.pathSegment(name));
            }
        }
        return segments;
    }

    private TypedJsonException endOfInput(String expected) {
        return new TypedJsonException("Unexpected end-of-input: expected " + expected).at(path(depth), end - start);
    }

    private TypedJsonException unexpected(int at, String expected) {
        return new TypedJsonException("Unexpected character " + describeChar(at) + ": " + expected)
                .at(path(depth), at - start);
    }

    /** Where a value belongs: a word is an unrecognized token, any other character an unexpected one. */
    private TypedJsonException unexpectedValue(int at) {
        byte b = buf[at];
        if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '_') {
            return unrecognized(at);
        }
        if (b < 0) {
            utf8Length(at); // ill-formed UTF-8 is reported as such
        }
        if (b == ']' || b == '}') {
            return new TypedJsonException("Unexpected close marker '" + (char) b + "': expected a value")
                    .at(path(depth), at - start);
        }
        if (b == '/') {
            return unexpected(at, "a comment, which JSON does not have");
        }
        return unexpected(at, "expected a value (a string, a number, an array, an object, true, false or null)");
    }

    /** The word at {@code at} (NaN, Infinity, tru, ...) is not a JSON token. */
    private TypedJsonException unrecognized(int at) {
        int i = at + 1;
        while (i < end && i - at < 256 && isTokenByte(buf[i])) {
            i++;
        }
        String word = new String(buf, at, i - at, StandardCharsets.ISO_8859_1);
        boolean nonStandard = word.equals("NaN") || word.equals("Infinity") || word.equals("-Infinity")
                || word.equals("+Infinity");
        return new TypedJsonException((nonStandard ? "Non-standard token '" : "Unrecognized token '") + word
                + "': was expecting a JSON value (a string, a number, an array, an object, true, false or null)")
                .at(path(depth), at - start);
    }

    private static boolean isLetter(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
    }

    private static boolean isTokenByte(byte b) {
        return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || b == '_' || b == '-'
                || b == '+' || b == '.';
    }

    /** {@code ('x' (code 120))}, naming a multi-byte character by its code point. */
    private String describeChar(int at) {
        int b0 = buf[at] & 0xFF;
        int cp = b0;
        if (b0 >= 0x80) {
            int n = utf8Length(at);
            cp = n == 2 ? (b0 & 0x1F) << 6 | (buf[at + 1] & 0x3F)
                    : n == 3 ? (b0 & 0x0F) << 12 | (buf[at + 1] & 0x3F) << 6 | (buf[at + 2] & 0x3F)
                    : (b0 & 0x07) << 18 | (buf[at + 1] & 0x3F) << 12 | (buf[at + 2] & 0x3F) << 6 | (buf[at + 3] & 0x3F);
        }
        return cp < 0x20 || cp == 0x7F ? "((CTRL-CHAR, code " + cp + "))"
                : "('" + new String(Character.toChars(cp)) + "' (code " + cp + "))";
    }

    private int skipWhitespace(int p) {
        byte[] b = buf;
        int e = end;
        while (p < e) {
            byte c = b[p];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                break;
            }
            p++;
        }
        return p;
    }

    // ------------------------------------------------------------------ the keys of class codecs (issue 30)

    /** {@link #nextKey}: the reader is on the object's '}'. */
    public static final int END_OF_OBJECT = -1;
    /** {@link #nextKey}: the reader is on a key that none of the keys is. */
    public static final int OTHER_KEY = -2;

    /**
     * Moves to the next key of the object the reader is in, and tells which of {@code keys} it is: its index, the reader
     * then moved on to the key's value (its first token; {@link #currentName()} is the key); {@link #OTHER_KEY} for
     * another key, the reader on that key; {@link #END_OF_OBJECT} at the object's end. The key at {@code expected} (the
     * one after the last, for a document in the writer's order) is compared first, then each key, eight bytes at a
     * time as the writer spells them; a key the document spells with other escapes is decoded and compared as text.
     * No hashing.
     */
    public int nextKey(JsonKeys keys, int expected) {
        int d = depth;
        byte s;
        if (d > 0 && isObject[d] && (s = state[d]) != AFTER_KEY) {
            // the writer's spelling: {"key":value,"key":value}, whitespace allowed (a byte above ' ' is none)
            byte[] b = buf;
            int p = pos;
            if (p < end && b[p] <= ' ') {
                p = skipWhitespace(p);
            }
            boolean atKey = s == FIRST;
            if (s == AFTER_VALUE && p < end && b[p] == ',') {
                p++;
                if (p < end && b[p] <= ' ') {
                    p = skipWhitespace(p);
                }
                atKey = true;
            }
            int i = atKey && p < end && b[p] == '"' ? keys.match(b, p, end, expected) : -1;
            // (a key longer than the string limit, or without its colon, takes the slow path, which refuses it)
            if (i >= 0 && (keys.longest <= maxStringLength || keys.get(i).spelled.length() <= maxStringLength)) {
                JsonKey key = keys.get(i);
                int colon = p + key.quoted.length;
                if (colon < end && b[colon] <= ' ') {
                    colon = skipWhitespace(colon);
                }
                if (colon < end && b[colon] == ':') {
                    charsValid = false;
                    text = null;
                    keyStart[d] = p + 1;
                    keyEnd[d] = p + key.quoted.length - 1;
                    keyText[d] = null; // currentName() decodes it when asked (see WRITE_BARRIER)
                    keyEscaped[d] = key.escaped;
                    keyAscii[d] = key.ascii;
                    state[d] = AFTER_VALUE; // on to the value, as nextToken() after a key
                    int v = colon + 1;
                    if (v < end && b[v] <= ' ') {
                        v = skipWhitespace(v);
                    }
                    value(v);
                    return i;
                }
            }
        }
        if (nextToken() != JsonToken.FIELD_NAME) {
            return END_OF_OBJECT; // inside an object the token after a value is a key or its '}'
        }
        // a key without escapes is one of the keys exactly when its bytes are that key's as the writer spells it (the
        // writer escapes only what JSON cannot hold raw): no String is made for a key of no field
        d = depth;
        int i = keyEscaped[d] ? keys.indexOf(currentName()) : keys.match(buf, keyStart[d] - 1, end, -1);
        if (i < 0) {
            return OTHER_KEY;
        }
        nextToken();
        return i;
    }

    // ------------------------------------------------------------------ an object in the writer's spelling, in one pass

    // A record's codec first reads its object as the writer spells it: {"key":value,...}, every key once and in the
    // fields' order, no whitespace, strings of printable ASCII without escapes or a leading '~', numbers of at most 18
    // digits. Each read below takes its key and value at onePos and moves it past them; anything else makes it give up
    // (onePos -1), and the reader, untouched until onePassEnd commits, reads the object again from its '{' token by
    // token, so every refusal is that path's. What is accepted is read as that path reads it, the limits checked.
    // A Connect struct's positional array [v1,v2,...] is read the same way (onePassArray): each read given a null key
    // takes the next element, after '[' for the first and ',' for the others, and the read ends at the array's ']'.

    /** Where the one-pass read stands (absolute; the byte before the next key), or -1: not begun, or given up. */
    private int onePos = -1;
    /** The values the one-pass read has read (what the element limit counts). */
    private int oneValues;

    /** Begins the one-pass read of the object whose '{' the reader is on; false when it is not on one. */
    public boolean onePassBegin() {
        if (token != T_START_OBJECT) {
            return false;
        }
        onePos = pos - 1;
        oneValues = 0;
        return true;
    }

    /**
     * Ends the one-pass read at the object's '}' (an array's ']'): the reader is then on it as if it had read the
     * object token by token. False (the reader untouched) when it gave up or the object does not end there.
     */
    public boolean onePassEnd() {
        int p = onePos;
        onePos = -1;
        boolean object = isObject[depth];
        if (p < 0 || p >= end || buf[p] != (object ? '}' : ']') || elements + oneValues > maxElements) {
            return false;
        }
        elements += oneValues;
        charsValid = false;
        text = null;
        tokenStart = p;
        pos = p + 1;
        keyText[depth] = null;
        depth--;
        token = object ? T_END_OBJECT : T_END_ARRAY;
        return true;
    }

    /**
     * Past the separator ('{' before the object's first key, else ',') and {@code "key":} at {@link #onePos}: where the
     * value starts, or -1 (given up).
     */
    private int oneKey(JsonKey key, boolean first) {
        int p = onePos;
        if (p < 0) {
            return -1;
        }
        byte[] b = buf;
        if (key == null) { // an array's element
            return p + 1 < end && b[p] == (first ? '[' : ',') ? p + 1 : (onePos = -1);
        }
        long[] w = key.nameWords;
        int n = w.length;
        int length = key.quoted.length + 1; // with the colon
        if (p + 1 + length >= end || b[p] != (first ? '{' : ',') || key.quoted.length - 2 > maxStringLength) {
            return onePos = -1;
        }
        p++;
        if (p + 8 * n > b.length) { // the key's words would pass the array's end: its bytes one by one
            byte[] q = key.quoted;
            if (!sameBytes(b, p, q) || b[p + q.length] != ':') {
                return onePos = -1;
            }
            return p + length;
        }
        for (int i = 0; i < n - 1; i++) {
            if ((long) LONGS.get(b, p + 8 * i) != w[i]) {
                return onePos = -1;
            }
        }
        // (the last word's bytes past the colon are the value's: masked off)
        if ((((long) LONGS.get(b, p + 8 * (n - 1)) ^ w[n - 1]) & -1L >>> -(length << 3)) != 0) {
            return onePos = -1;
        }
        return p + length;
    }

    // A record with fields of other types hands each to its codec (oneValue, the reader committed to that value as
    // nextKey leaves it, then oneResume); a give-up or a refusal after that rewinds the reader to the object's '{'
    // (onePassClose, onePassRefused) and the token-by-token read takes the object again, so every refusal stays its.

    /** Per depth, the '{' of the one-pass read begun there (onePassOpen) and the elements counted with it. */
    private int[] oneOpen = new int[16], oneElements = new int[16];
    /**
     * Objects deeper than this (0: none) are read token by token: the object at this depth is read again after its
     * one-pass read gave up or was refused past a handed-over field, whose values are then not read twice again (else
     * nested records each giving up would read the document exponentially often).
     */
    private int onePassOff;

    /** {@link #onePassBegin} for a record that hands fields to their codecs: the object's depth, or 0 (not begun). */
    public int onePassOpen() {
        return token == T_START_OBJECT ? oneBegin() : 0;
    }

    /**
     * {@link #onePassOpen} for a Connect struct's positional array {@code [v1,v2,...]} whose '[' the reader is on: its
     * elements read with a null key, or handed over with {@link #oneElement}; ended by {@link #onePassClose} at its ']'.
     */
    public int onePassArray() {
        return token == T_START_ARRAY ? oneBegin() : 0;
    }

    private int oneBegin() {
        int d = depth;
        if (onePassOff != 0) {
            if (d > onePassOff) {
                return 0;
            }
            onePassOff = 0; // an object after the one read again
        }
        oneOpen[d] = pos - 1;
        oneElements[d] = elements;
        onePos = pos - 1;
        oneValues = 0;
        return d;
    }

    /**
     * A field read by its codec: past its key at {@link #onePos}, the reader is moved onto the value's first token as
     * {@link #nextKey} leaves it (the values read so far counted); true, the caller then reads the value and calls
     * {@link #oneResume}. False: given up.
     */
    public boolean oneValue(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0 || buf[p] <= ' ') {
            onePos = -1;
            return false;
        }
        int d = depth;
        elements += oneValues;
        oneValues = 0;
        onePos = -1;
        int q = p - key.quoted.length - 1; // the key's opening quote
        charsValid = false;
        text = null;
        keyStart[d] = q + 1;
        keyEnd[d] = q + key.quoted.length - 1;
        keyText[d] = null;
        keyEscaped[d] = key.escaped;
        keyAscii[d] = key.ascii;
        state[d] = AFTER_VALUE;
        value(p);
        return true;
    }

    /** {@link #oneValue} for element {@code i} of {@link #onePassArray}'s array. */
    public boolean oneElement(int i) {
        int p = oneKey(null, i == 0);
        if (p < 0 || buf[p] <= ' ') {
            onePos = -1;
            return false;
        }
        int d = depth;
        elements += oneValues;
        oneValues = 0;
        onePos = -1;
        charsValid = false;
        text = null;
        state[d] = AFTER_VALUE;
        index[d] = i;
        value(p);
        return true;
    }

    /** Goes on with the one-pass read after the value {@link #oneValue} handed over, the reader past it. */
    public void oneResume() {
        onePos = pos;
        oneValues = 0;
    }

    /**
     * {@link #onePassEnd} for {@link #onePassOpen}'s read: when it gives up, the reader is moved back to the object's
     * '{' (read again token by token, its nested objects too).
     */
    public boolean onePassClose(int d) {
        if (onePassEnd()) {
            return true;
        }
        rewind(d, depth != d || pos != oneOpen[d] + 1);
        return false;
    }

    /** A handed-over field's read threw: the reader back on the object's '{', to be read token by token. */
    public void onePassRefused(int d) {
        onePos = -1;
        rewind(d, true);
    }

    /** Back on the object's '{' at depth d; {@code again}: a field was handed over, its nested objects read once more. */
    private void rewind(int d, boolean again) {
        if (depth > d) {
            Arrays.fill(keyText, d + 1, depth + 1, null);
        }
        int p = oneOpen[d];
        boolean object = buf[p] == '{';
        depth = d;
        elements = oneElements[d];
        tokenStart = p;
        pos = p + 1;
        token = object ? T_START_OBJECT : T_START_ARRAY;
        isObject[d] = object;
        state[d] = FIRST;
        index[d] = -1;
        keyText[d] = null;
        keyStart[d] = -1;
        charsValid = false;
        text = null;
        if (again) {
            onePassOff = d;
        }
    }

    /** An int64 field: an integer of at most 18 digits. */
    public long oneLong(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0) {
            return 0;
        }
        byte[] b = buf;
        boolean negative = b[p] == '-';
        int from = negative ? p + 1 : p;
        int i = from;
        int e = Math.min(end, from + 19);
        long m = 0;
        int d;
        while (i < e && (d = b[i] - '0') >= 0 && d <= 9) {
            m = m * 10 + d;
            i++;
        }
        int digits = i - from;
        if (digits == 0 || digits > 18 || digits > maxNumberLength || b[from] == '0' && digits > 1) {
            onePos = -1;
            return 0;
        }
        onePos = i;
        oneValues++;
        return negative ? -m : m;
    }

    /** An int32 field: an integer of at most 10 digits in range. */
    public int oneInt(JsonKey key, boolean first) {
        long v = oneLong(key, first);
        if (onePos >= 0 && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE)) {
            onePos = -1;
        }
        return (int) v;
    }

    /** A boolean field: true or false. */
    public boolean oneBoolean(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0) {
            return false;
        }
        byte[] b = buf;
        if (p + 4 <= end && b[p] == 't' && b[p + 1] == 'r' && b[p + 2] == 'u' && b[p + 3] == 'e') {
            onePos = p + 4;
            oneValues++;
            return true;
        }
        if (p + 5 <= end && b[p] == 'f' && b[p + 1] == 'a' && b[p + 2] == 'l' && b[p + 3] == 's' && b[p + 4] == 'e') {
            onePos = p + 5;
            oneValues++;
            return false;
        }
        onePos = -1;
        return false;
    }

    /** A float64 field: a number of at most 18 digits (its exponent's counted), which the fast rounding takes. */
    public double oneDouble(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0) {
            return 0;
        }
        double v = oneShort(p);
        return v == v ? v : oneNumber(p, false);
    }

    /** A float32 field: {@link #oneDouble}'s numbers, rounded once to the nearest float. */
    public float oneFloat(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0) {
            return 0;
        }
        double v = oneShort(p);
        if (v != v) {
            return (float) oneNumber(p, true);
        }
        // the double nearest the number, rounded again: the nearest float, unless the double lies halfway between two
        if ((Double.doubleToRawLongBits(v) & 0x1FFF_FFFF) == 0x1000_0000) {
            onePos = -1; // (the token path rounds it once)
            return 0;
        }
        return (float) v;
    }

    /**
     * The common number of {@link #oneDouble} and {@link #oneFloat} at {@code p}, kept small to be inlined: at most 15
     * digits without an exponent, whose nearest double one division gives (as {@link DecimalParsing#toDouble} does),
     * {@link #onePos} after it and counted; else NaN, nothing read.
     */
    private double oneShort(int p) {
        byte[] b = buf;
        int from = b[p] == '-' ? p + 1 : p;
        int i = from;
        int point = -1;
        long m = 0;
        for (int e = Math.min(end, from + 17); i < e; i++) { // (a 16th digit makes it give up)
            int d = b[i] - '0';
            if (d >= 0 && d <= 9) {
                m = m * 10 + d;
            } else if (d == '.' - '0' && point < 0) {
                point = i;
            } else {
                break;
            }
        }
        int digits = point < 0 ? i - from : i - from - 1;
        if (digits == 0 || digits > 15 || digits > maxNumberLength || point == from || point == i - 1
                || b[from] == '0' && (point < 0 ? digits > 1 : point > from + 1) || i < end && (b[i] | 0x20) == 'e') {
            return Double.NaN;
        }
        onePos = i;
        oneValues++;
        double v = DecimalParsing.divide(m, point < 0 ? 0 : i - point - 1);
        return p == from ? v : -v;
    }

    /** The rest of {@link #oneDouble}'s numbers at {@code p} ({@code single}: rounded to a float), or given up. */
    private double oneNumber(int p, boolean single) {
        long m = oneDecimal(p);
        double v = onePos < 0 ? Double.NaN : single ? DecimalParsing.toFloat(oneNegative, m, oneExponent)
                : DecimalParsing.toDouble(oneNegative, m, oneExponent);
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            onePos = -1;
            return 0;
        }
        oneValues++;
        return v;
    }

    /** The sign and power of ten of the number {@link #oneDecimal} read. */
    private boolean oneNegative;
    private int oneExponent;

    /**
     * A Connect Decimal field of this {@code scale}: a number of at most 18 digits (its exponent's counted) as
     * {@code new BigDecimal(lexeme)} gives it; null when given up (another scale too: the token path judges it).
     */
    public BigDecimal oneBigDecimal(JsonKey key, boolean first, int scale) {
        int p = oneKey(key, first);
        long m = p < 0 ? 0 : oneDecimal(p);
        if (onePos < 0 || oneExponent != -scale) {
            onePos = -1;
            return null;
        }
        oneValues++;
        return BigDecimal.valueOf(oneNegative ? -m : m, scale);
    }

    /**
     * The number at {@code p}, as its significand (unsigned; {@link #oneNegative}, {@link #oneExponent}) when it has
     * at most 18 digits (its exponent's counted), {@link #onePos} after it; else given up.
     */
    private long oneDecimal(int p) {
        byte[] b = buf;
        int e = end;
        boolean negative = b[p] == '-';
        int from = negative ? p + 1 : p;
        int i = from;
        long m = 0;
        int d;
        while (i < e && (d = b[i] - '0') >= 0 && d <= 9 && i - from < 19) {
            m = m * 10 + d;
            i++;
        }
        int whole = i - from;
        int fraction = 0;
        if (i < e && b[i] == '.') {
            int f = ++i;
            while (i < e && (d = b[i] - '0') >= 0 && d <= 9 && i - f + whole < 19) {
                m = m * 10 + d;
                i++;
            }
            fraction = i - f;
            if (fraction == 0) {
                return onePos = -1;
            }
        }
        int digits = whole + fraction;
        int exponent = 0;
        if (i < e && (b[i] == 'E' || b[i] == 'e')) { // the writer's 1.0E7 and 1.0E-4
            i++;
            boolean below = i < e && b[i] == '-';
            int f = i < e && (b[i] == '-' || b[i] == '+') ? i + 1 : i;
            i = f;
            while (i < e && (d = b[i] - '0') >= 0 && d <= 9 && i - f < 4) {
                exponent = exponent * 10 + d;
                i++;
            }
            if (i == f) {
                return onePos = -1;
            }
            digits += i - f;
            exponent = below ? -exponent : exponent;
        }
        if (whole == 0 || b[from] == '0' && whole > 1 || digits >= 19 || digits > maxNumberLength) {
            return onePos = -1;
        }
        oneNegative = negative;
        oneExponent = exponent - fraction;
        onePos = i;
        return m;
    }

    /**
     * Whether the next value is null: then it is read ({@link #onePos} after it). Else nothing is read (false also when
     * given up): the value's own read follows, with the same key.
     */
    public boolean oneIsNull(JsonKey key, boolean first) {
        int before = onePos;
        int p = oneKey(key, first);
        if (p < 0) {
            return false;
        }
        if (oneNull(p)) {
            return true;
        }
        onePos = before;
        return false;
    }

    /** Gives the one-pass read up (a value its caller does not take, such as null for a required field). */
    public void oneGiveUp() {
        onePos = -1;
    }

    /** A String field: null, or a string of printable ASCII without an escape or a leading '~'. */
    public String oneString(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0) {
            return null;
        }
        if (oneNull(p)) {
            return null;
        }
        String s = oneText(p);
        if (s != null) {
            oneValues++;
        }
        return s;
    }

    /** Whether the value at {@code p} is {@code null}: then read ({@link #onePos} after it). */
    private boolean oneNull(int p) {
        if (p + 4 <= end && sameBytes(buf, p, NULL)) {
            onePos = p + 4;
            oneValues++;
            return true;
        }
        return false;
    }

    /** The plain string whose quote is at {@code p}, {@link #onePos} after it; or null, given up. */
    private String oneText(int p) {
        int i = onePlain(p);
        if (i < 0) {
            return null;
        }
        onePos = i + 1;
        return latin1(buf, p + 1, i - p - 1);
    }

    /** The closing quote of the plain string whose quote is at {@code p} (its text not starting with '~'); or -1, given up. */
    private int onePlain(int p) {
        byte[] b = buf;
        int e = end;
        int from = p + 1;
        int i;
        if (p >= e || b[p] != '"' || from < e && b[from] == '~' || (i = plainEnd(from)) < 0) {
            return onePos = -1;
        }
        return i;
    }

    /**
     * A Connect time field: a plain string parsed straight from the buffer by IsoTimes' fast paths, which the token
     * path's parsers try first. {@code kind} 't': an instant of whole milliseconds, its epoch milliseconds; 'D': a
     * date, its epoch day; 'T': a local time, its nanosecond of the day. Long.MIN_VALUE when given up (any other
     * spelling, null included: the token path then judges it).
     */
    public long oneTime(JsonKey key, boolean first, char kind) {
        int p = oneKey(key, first);
        int i = p < 0 ? -1 : onePlain(p);
        if (i < 0) {
            return Long.MIN_VALUE;
        }
        long v = kind == 't' ? IsoTimes.fastEpochMilli(buf, p + 1, i)
                : kind == 'D' ? IsoTimes.fastEpochDay(buf, p + 1, i) : IsoTimes.fastNanoOfDay(buf, p + 1, i);
        if (v == Long.MIN_VALUE) {
            onePos = -1;
            return v;
        }
        onePos = i + 1;
        oneValues++;
        return v;
    }

    /** A BYTES field: canonical padded base64 decoded straight from the buffer; null when given up (null included). */
    public byte[] oneBase64(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        int i = p < 0 ? -1 : onePlain(p);
        byte[] v = i < 0 ? null : Lexemes.canonicalBase64OrNull(buf, p + 1, i);
        if (v == null) {
            onePos = -1;
            return null;
        }
        onePos = i + 1;
        oneValues++;
        return v;
    }

    /**
     * The closing quote of the string whose text starts at {@code from} when its text is printable ASCII without an
     * escape and within the string limit; else -1.
     */
    private int plainEnd(int from) {
        byte[] b = buf;
        int e = end;
        int i = from;
        // a word at a time, the first byte that ends a plain run found in the word (bytes past the document's end are
        // read where the array has them, and what is found there is past e)
        while (true) {
            if (i + 8 > b.length) {
                while (i < e && STRING_BYTES[b[i] & 0xFF] == 0) {
                    i++;
                }
                break;
            }
            long special = specialBytes((long) LONGS.get(b, i));
            if (special != 0) {
                i += Long.numberOfTrailingZeros(special) >>> 3;
                break;
            }
            i += 8;
        }
        return i >= e || b[i] != '"' || i - from > maxStringLength ? -1 : i;
    }

    /**
     * Whether the object {@link #onePassOpen} began has {@code key} first, the one-pass read left where it was (the
     * dynamic model then reads that key's value by what its values were).
     */
    public boolean oneFirstKey(JsonKey key) {
        int p = onePos;
        boolean is = oneKey(key, true) >= 0;
        onePos = p;
        return is;
    }

    /** The payload {@link #oneTagged} read last, in {@code oneTaggedChars()[0, length)}. */
    private char[] onePayload = new char[32];

    /**
     * A field of the dynamic model's tagged strings: {@code "~" tag payload}, printable ASCII without an escape. The
     * payload's length, its characters then in {@link #oneTaggedChars()} (until the next call); -1 for null (read);
     * -2 when given up (another tag, another value, anything else), the token path then reads it.
     */
    public int oneTagged(JsonKey key, boolean first, char tag) {
        int p = oneKey(key, first);
        if (p < 0) {
            return -2;
        }
        if (oneNull(p)) {
            return -1;
        }
        byte[] b = buf;
        int from = p + 3;
        int i;
        if (from >= end || b[p] != '"' || b[p + 1] != '~' || b[p + 2] != tag || (i = plainEnd(from)) < 0
                || i - p - 1 > maxStringLength) {
            onePos = -1;
            return -2;
        }
        int n = i - from;
        char[] c = onePayload;
        if (n > c.length) {
            onePayload = c = new char[Math.max(n, 2 * c.length)];
        }
        for (int k = 0; k < n; k++) {
            c[k] = (char) b[from + k];
        }
        onePos = i + 1;
        oneValues++;
        return n;
    }

    /** The buffer of {@link #oneTagged}'s payload. */
    public char[] oneTaggedChars() {
        return onePayload;
    }

    /** A List&lt;String&gt; field: null, or an array of plain strings, read into an ArrayList of their number. */
    public java.util.List<String> oneStrings(JsonKey key, boolean first) {
        int p = oneKey(key, first);
        if (p < 0) {
            return null;
        }
        if (oneNull(p)) {
            return null;
        }
        byte[] b = buf;
        if (b[p] != '[' || depth + 1 > maxDepth || p + 1 >= end) {
            onePos = -1;
            return null;
        }
        if (b[p + 1] == ']') {
            onePos = p + 2;
            oneValues++;
            return new java.util.ArrayList<>();
        }
        String e0 = null, e1 = null, e2 = null, e3 = null;
        java.util.ArrayList<String> more = null;
        int n = 0;
        int q = p + 1;
        while (true) {
            String s = oneText(q);
            if (s == null) {
                return null;
            }
            switch (n++) {
                case 0: e0 = s; break;
                case 1: e1 = s; break;
                case 2: e2 = s; break;
                case 3: e3 = s; break;
                default:
                    if (more == null) {
                        more = new java.util.ArrayList<>(8);
                        more.add(e0);
                        more.add(e1);
                        more.add(e2);
                        more.add(e3);
                    }
                    more.add(s);
            }
            q = onePos;
            if (q >= end) {
                onePos = -1;
                return null;
            }
            if (buf[q] == ']') {
                break;
            }
            if (buf[q] != ',') {
                onePos = -1;
                return null;
            }
            q++;
        }
        onePos = q + 1;
        oneValues += n + 1;
        if (more != null) {
            more.trimToSize();
            return more;
        }
        java.util.ArrayList<String> list = new java.util.ArrayList<>(n);
        list.add(e0);
        if (n > 1) {
            list.add(e1);
            if (n > 2) {
                list.add(e2);
                if (n > 3) {
                    list.add(e3);
                }
            }
        }
        return list;
    }
}

package io.typedjson.format;

import io.typedjson.format.internal.IsoTimes;
import io.typedjson.format.internal.ShortestDecimal;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes one JSON text as UTF-8 into a growable byte buffer that is reused between documents: the writer of
 * every typedjson codec. It places the commas and colons, escapes strings exactly as SPEC.md section 1 says
 * ({@code "}, {@code \} and U+0000 to U+001F, nothing else), writes integers and base64 without intermediate
 * Strings, and refuses nesting deeper than the limit (which also stops a cyclic structure).
 *
 * <p>It checks that a value follows a key, not the whole JSON grammar: codecs call it in a valid order. Not
 * thread-safe; {@link TypedJsonFormat} keeps one per thread.
 */
public final class JsonWriter {
    private static final int MAX_RETAINED = 1 << 20;

    private final Limits limits;
    // the limits a reader checks of every token (string and key lengths, elements, the digits of a long or a double)
    // are checked of a written document by TypedJsonFormat, reading it, when it could exceed one; here only what it
    // does not see: the digits of a BigInteger's or a decimal's lexeme and of a number in a tag payload
    private final int maxDepth, maxStringLength, maxNumberLength;
    private byte[] buf = new byte[512];
    /** A string's chars, copied out in one go (faster than charAt per char). */
    private char[] chars = new char[128];
    private int size;
    /** Whether the next value or key at the current level needs a comma before it. */
    private boolean comma;
    private int depth;
    /** Writing plain JSON for readers that do not read typed JSON (SPEC.md section 13): no escape, no tag. */
    private boolean plainJson;

    /**
     * A writer that holds what it writes to {@code limits}, as a reader with them holds a document: what it writes,
     * such a reader reads (SPEC.md section 2).
     */
    JsonWriter(Limits limits) {
        this.limits = limits;
        this.maxDepth = limits.maxDepth();
        this.maxStringLength = limits.maxStringLength();
        this.maxNumberLength = limits.maxNumberLength();
    }

    /** A writer within {@link Limits#DEFAULT} but for its depth. */
    JsonWriter(int maxDepth) {
        this(new Limits(maxDepth, Limits.DEFAULT.maxNumberLength(), Limits.DEFAULT.maxStringLength(),
                Limits.DEFAULT.maxDocumentLength(), Limits.DEFAULT.maxElements()));
    }

    /** The limits this writer holds values to. */
    public Limits limits() {
        return limits;
    }

    /**
     * Whether this document is written as plain JSON for readers that do not read typed JSON (SPEC.md section 13): a
     * string or key starting with {@code ~} is written as it is, and a value that only a tag could carry is refused.
     */
    public boolean plainJson() {
        return plainJson;
    }

    void plainJson(boolean plain) {
        this.plainJson = plain;
    }

    /** Forgets the previous document (and a very large buffer). */
    void reset() {
        size = 0;
        comma = false;
        depth = 0;
        if (buf.length > MAX_RETAINED) {
            buf = new byte[512];
        }
        if (chars.length > MAX_RETAINED) {
            chars = new char[128];
        }
    }

    /** A copy of what was written; refused beyond the document limit. */
    byte[] toByteArray() {
        if (size > limits.maxDocumentLength()) {
            throw limits.documentTooLong(size);
        }
        return Arrays.copyOf(buf, size);
    }

    /** The bytes written so far: {@code size()} bytes of {@link #buffer()}. */
    int size() {
        return size;
    }

    byte[] buffer() {
        return buf;
    }

    /**
     * The writer's state before the next value (its size, comma and depth), for {@link #cutBack}: the dynamic model
     * writes a map as an object in one pass and, on the first key that is not a String, writes it otherwise from here.
     */
    long mark() {
        return (long) depth << 33 | (comma ? 1L << 32 : 0) | size;
    }

    /** Back to {@code mark}: what was written since is forgotten. */
    void cutBack(long mark) {
        size = (int) mark;
        comma = (mark & 1L << 32) != 0;
        depth = (int) (mark >>> 33);
    }

    // ------------------------------------------------------------------ structure

    public void writeStartObject() {
        open('{');
    }

    public void writeEndObject() {
        close('}');
    }

    public void writeStartArray() {
        open('[');
    }

    public void writeEndArray() {
        close(']');
    }

    private void open(char bracket) {
        if (depth >= maxDepth) {
            throw limits.tooDeep(depth + 1);
        }
        beforeValue();
        depth++;
        comma = false;
        ensure(1);
        buf[size++] = (byte) bracket;
    }

    private void close(char bracket) {
        depth--;
        comma = true; // the container was a value of the enclosing level: what follows it there needs a comma
        ensure(1);
        buf[size++] = (byte) bracket;
    }

    private void beforeValue() {
        if (comma) {
            ensure(1);
            buf[size++] = ',';
        }
        comma = true;
    }

    /** Refuses a string or key of more UTF-16 units than a reader takes, in the reader's words. */
    private void checkLength(int units, boolean key) {
        if (units > maxStringLength) {
            throw limits.stringTooLong(units, key);
        }
    }

    /**
     * Refuses the number lexeme {@code b[from, to)} when it has more digits than a reader takes: every digit, the
     * exponent's included (as the reader counts them).
     */
    private void checkDigits(byte[] b, int from, int to) {
        if (to - from <= maxNumberLength) {
            return;
        }
        int digits = 0;
        for (int i = from; i < to; i++) {
            if (b[i] >= '0' && b[i] <= '9') {
                digits++;
            }
        }
        if (digits > maxNumberLength) {
            throw limits.numberTooLong(digits);
        }
    }

    /**
     * A key, escaped like a string; the next call writes its value. The keys of maps come back document after
     * document as the same String objects (constants, the reader's cached keys): the last encoding of each of a few
     * is kept, found by the key's hash and taken only for the very same object.
     */
    public void writeFieldName(String name) {
        beforeValue();
        int slot = name.hashCode() & (NAME_SLOTS - 1);
        if (names[slot] == name) {
            ensure(8 * NAME_WORDS);
            byte[] b = buf;
            int at = size;
            for (int i = 0; i < NAME_WORDS; i++) {
                LONGS.set(b, at + 8 * i, nameWords[slot * NAME_WORDS + i]);
            }
            size = at + nameLengths[slot];
        } else {
            int start = size;
            writeQuoted(name, "key");
            ensure(8 * NAME_WORDS);
            buf[size++] = ':';
            if (size - start <= 8 * NAME_WORDS) {
                for (int i = 0; i < NAME_WORDS; i++) { // (bytes past the end are as good as any: never copied out)
                    nameWords[slot * NAME_WORDS + i] = (long) LONGS.get(buf, start + 8 * i);
                }
                nameLengths[slot] = size - start;
                names[slot] = name;
            }
        }
        comma = false;
    }

    /** The kept encodings of keys: {@code "name":} of at most 32 bytes, in four words per slot. */
    private static final int NAME_SLOTS = 64, NAME_WORDS = 4;
    private final String[] names = new String[NAME_SLOTS];
    private final int[] nameLengths = new int[NAME_SLOTS];
    private final long[] nameWords = new long[NAME_SLOTS * NAME_WORDS];

    /**
     * A key encoded once (the fast path of the class codecs): {@code "name":} stored eight bytes at a time from the
     * key's packed words (a few bytes past the end are written too and overwritten by what follows).
     */
    public void writeFieldName(JsonKey key) {
        if (key.plainName != null && plainJson) {
            writeFieldName(key.plainName); // plain JSON writes a leading '~' as it is (SPEC.md section 13.1)
            return;
        }
        long[] words = key.nameWords;
        int n = words.length;
        ensure(17 + 8 * n);
        byte[] b = buf;
        int at = size;
        b[at] = ',';
        at += comma ? 1 : 0;
        // two words whatever the key's length (a one-word key's word again, past its end): most keys take one or two,
        // and a loop over them would lose its exit's branch to the keys' varying lengths
        LONGS.set(b, at, words[0]);
        LONGS.set(b, at + 8, words[Math.min(1, n - 1)]);
        for (int i = 2; i < n; i++) {
            LONGS.set(b, at + 8 * i, words[i]);
        }
        size = at + key.quoted.length + 1;
        comma = false;
    }

    /** Little-endian longs over a byte array: a word's first byte is its lowest. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** {@code quoted} and a colon as little-endian words, the last padded with zeros (for {@link JsonKey}). */
    static long[] nameWords(byte[] quoted) {
        byte[] name = Arrays.copyOf(quoted, (quoted.length + 8) / 8 * 8);
        name[quoted.length] = ':';
        long[] words = new long[name.length / 8];
        for (int i = 0; i < words.length; i++) {
            words[i] = (long) LONGS.get(name, 8 * i);
        }
        return words;
    }

    // ------------------------------------------------------------------ scalars

    public void writeNull() {
        beforeValue();
        ensure(4);
        buf[size] = 'n';
        buf[size + 1] = 'u';
        buf[size + 2] = 'l';
        buf[size + 3] = 'l';
        size += 4;
    }

    public void writeBoolean(boolean b) {
        beforeValue();
        ensure(5);
        if (b) {
            buf[size] = 't';
            buf[size + 1] = 'r';
            buf[size + 2] = 'u';
            buf[size + 3] = 'e';
            size += 4;
        } else {
            buf[size] = 'f';
            buf[size + 1] = 'a';
            buf[size + 2] = 'l';
            buf[size + 3] = 's';
            buf[size + 4] = 'e';
            size += 5;
        }
    }

    public void writeNumber(int v) {
        writeNumber((long) v);
    }

    public void writeNumber(long v) {
        beforeValue();
        ensure(20);
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                writeAscii("-9223372036854775808");
                return;
            }
            buf[size++] = '-';
            v = -v;
        }
        size = digitsAt(v, size);
    }

    /**
     * A finite double's shortest round-trip digits, as {@code Double.toString} of JDK 19 and later spells them (always
     * with a '.' or an 'E'; SPEC.md section 5.1). Doubles of at most three decimals between 0.001 and 10^7, the
     * common amounts, are written straight from their thousandths; the others by Schubfach into the buffer
     * ({@link ShortestDecimal}).
     */
    public void writeNumber(double d) {
        if (!Double.isFinite(d)) {
            throw new TypedJsonException(d + " is not a JSON number (the format spells it as a tagged string)");
        }
        double magnitude = Math.abs(d);
        if (magnitude >= 1e-3 && magnitude < 1e7) {
            // within this range the doubles that read as d span less than 10^-3, so at most one decimal of three
            // places reads back as d: when m / 1000 is one, it without its trailing zeros is the shortest
            long m = Math.round(magnitude * 1000);
            if (m / 1000.0 == magnitude) {
                writeThousandths(d < 0, m);
                return;
            }
        }
        beforeValue();
        ensure(ShortestDecimal.MAX_DOUBLE_LENGTH);
        size = ShortestDecimal.write(d, buf, size);
    }

    /** {@code [-]m / 1000} in plain notation: the integer's digits, the point, one to three decimals. */
    private void writeThousandths(boolean negative, long m) {
        beforeValue();
        ensure(24);
        int at = size;
        if (negative) {
            buf[at++] = '-';
        }
        if (m < 10_000_000) { // an integer of at most four digits: one word
            size = ShortestDecimal.thousandths(m, buf, at);
            return;
        }
        long integer = m / 1000;
        int fraction = (int) (m - 1000 * integer);
        at = digitsAt(integer, at);
        int d1 = fraction / 100, d2 = fraction / 10 % 10, d3 = fraction % 10;
        byte[] b = buf;
        b[at] = '.';
        b[at + 1] = (byte) ('0' + d1);
        b[at + 2] = (byte) ('0' + d2);
        b[at + 3] = (byte) ('0' + d3);
        size = at + 1 + (d3 != 0 ? 3 : d2 != 0 ? 2 : 1); // ".0" when there is no fraction
    }

    /** The decimal digits of {@code v >= 0} at {@code at}; returns the end. */
    private int digitsAt(long v, int at) {
        if (v < 10) {
            buf[at] = (byte) ('0' + v);
            return at + 1;
        }
        return ShortestDecimal.writeDigits(v, buf, at); // eight digits a word (room: callers ensure at least 8 more)
    }

    /** A finite float's shortest round-trip digits, as {@code Float.toString} of JDK 19 and later spells them. */
    public void writeNumber(float f) {
        if (!Float.isFinite(f)) {
            throw new TypedJsonException(f + " is not a JSON number (the format spells it as a tagged string)");
        }
        beforeValue();
        ensure(ShortestDecimal.MAX_FLOAT_LENGTH);
        size = ShortestDecimal.write(f, buf, size);
    }

    public void writeNumber(BigInteger v) {
        beforeValue();
        int start = size;
        writeAscii(v.toString());
        checkDigits(buf, start, size);
    }

    /**
     * A decimal as {@code BigDecimal.toString()} spells it (always a JSON number lexeme: digits, a point, an exponent
     * with its sign), so not checked to be one as {@link #writeNumber(String)} checks its lexeme.
     */
    public void writeNumber(BigDecimal d) {
        beforeValue();
        int start = size;
        writeAscii(d.toString());
        checkDigits(buf, start, size);
    }

    /** A number lexeme the caller has made (a decimal's digits): written as it is, once checked to be one. */
    public void writeNumber(String lexeme) {
        if (!io.typedjson.format.internal.Lexemes.isJsonNumber(lexeme)) {
            throw new TypedJsonException("\"" + lexeme + "\" is not a JSON number lexeme");
        }
        beforeValue();
        int start = size;
        writeAscii(lexeme);
        checkDigits(buf, start, size);
    }

    /**
     * Refuses a tagged string {@code c[0, offset + length)} whose payload, the number {@code c[offset, offset + length)}
     * (a {@code ~d}'s digits), has more digits than a reader takes, as it counts them there (the digits only), or
     * which is longer than a string may be: the string first, as a reader meets it.
     */
    public void checkNumberLength(char[] c, int offset, int length) {
        checkLength(offset + length, false);
        if (length <= maxNumberLength) {
            return;
        }
        int digits = 0;
        for (int i = offset; i < offset + length; i++) {
            if (c[i] >= '0' && c[i] <= '9') {
                digits++;
            }
        }
        if (digits > maxNumberLength) {
            throw limits.numberTooLong(digits);
        }
    }

    private void writeAscii(String s) {
        int n = s.length();
        ensure(n);
        s.getBytes(0, n, buf, size); // ASCII only: the deprecated method copies the low byte of each char, as wanted
        size += n;
    }

    public void writeString(String s) {
        beforeValue();
        writeQuoted(s, "string");
    }

    public void writeString(char[] c, int offset, int length) {
        beforeValue();
        writeQuoted(c, offset, length, "string");
    }

    /** A string encoded once, copied as it is. */
    public void writeString(EncodedString s) {
        beforeValue();
        byte[] q = s.quoted;
        ensure(q.length);
        System.arraycopy(q, 0, buf, size, q.length);
        size += q.length;
    }

    /** Standard base64 with padding (RFC 4648 section 4) as a JSON string. */
    public void writeBinary(byte[] b, int offset, int length) {
        beforeValue();
        ensure((length + 2) / 3 * 4 + 2);
        buf[size++] = '"';
        size = base64(b, offset, length, buf, size);
        buf[size++] = '"';
    }

    private static final byte[] BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
            .getBytes(StandardCharsets.US_ASCII);

    /** Encodes {@code b[offset, offset + length)} into {@code out} at {@code at}; returns the end. */
    static int base64(byte[] b, int offset, int length, byte[] out, int at) {
        int end = offset + length;
        int i = offset;
        for (; i + 3 <= end; i += 3) {
            int bits = (b[i] & 0xFF) << 16 | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF);
            out[at] = BASE64[bits >>> 18];
            out[at + 1] = BASE64[(bits >>> 12) & 0x3F];
            out[at + 2] = BASE64[(bits >>> 6) & 0x3F];
            out[at + 3] = BASE64[bits & 0x3F];
            at += 4;
        }
        int left = end - i;
        if (left > 0) {
            int bits = (b[i] & 0xFF) << 16 | (left == 2 ? (b[i + 1] & 0xFF) << 8 : 0);
            out[at] = BASE64[bits >>> 18];
            out[at + 1] = BASE64[(bits >>> 12) & 0x3F];
            out[at + 2] = left == 2 ? BASE64[(bits >>> 6) & 0x3F] : (byte) '=';
            out[at + 3] = '=';
            at += 4;
        }
        return at;
    }

    /**
     * A tagged string {@code "~" + tag + payload}, the payload standard base64 of {@code b}: the dynamic model's
     * {@code ~b}, written without a String on the way.
     */
    public void writeTaggedBinary(char prefix, char tag, byte[] b) {
        if (plainJson) {
            throw io.typedjson.format.internal.PlainJson.needsTag("byte[]");
        }
        beforeValue();
        ensure((b.length + 2) / 3 * 4 + 4);
        buf[size++] = '"';
        buf[size++] = (byte) prefix;
        buf[size++] = (byte) tag;
        size = base64(b, 0, b.length, buf, size);
        buf[size++] = '"';
    }

    /**
     * An instant as SPEC.md section 5 spells it ({@code Instant.toString()}: seconds always, then 3, 6 or 9 fraction
     * digits as needed) in a JSON string after {@code prefix} (a tag's {@code ~m}, or empty; ASCII that needs no
     * escape), written straight into the buffer. False, and nothing written, outside the years 0000 to 9999: the
     * caller writes java.time's text then.
     */
    public boolean writeInstant(String prefix, long epochSecond, int nanos) {
        if (!IsoTimes.instantInRange(epochSecond)) {
            return false;
        }
        int at = openTime(prefix, IsoTimes.MAX_INSTANT_LENGTH);
        at = IsoTimes.writeInstant(buf, at, epochSecond, nanos);
        buf[at] = '"';
        size = at + 1;
        return true;
    }

    /** A date ({@code LocalDate.toString()}) as {@link #writeInstant} writes an instant; false outside the years 0000 to 9999. */
    public boolean writeDate(String prefix, int year, int month, int day) {
        if (year < 0 || year > 9999) {
            return false;
        }
        int at = openTime(prefix, 10);
        at = IsoTimes.writeDate(buf, at, year, month, day);
        buf[at] = '"';
        size = at + 1;
        return true;
    }

    /** Room for a time's string of at most {@code length} characters after {@code prefix}; its quote and prefix written. */
    private int openTime(String prefix, int length) {
        beforeValue();
        int n = prefix.length();
        ensure(n + length + 2);
        int at = size;
        buf[at++] = '"';
        for (int i = 0; i < n; i++) {
            buf[at++] = (byte) prefix.charAt(i);
        }
        return at;
    }

    // ------------------------------------------------------------------ strings

    /** 0: written as it is; else the character after the backslash ('u' for the six-character escape). */
    private static final byte[] ESCAPES = new byte[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = 'u';
        }
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\n'] = 'n';
        ESCAPES['\f'] = 'f';
        ESCAPES['\r'] = 'r';
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
    }

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    /** {@code s} quoted and escaped; {@code what} it is ("string", "key") names it in the error for a lone surrogate. */
    private void writeQuoted(String s, String what) {
        int n = s.length();
        ensure(n + 10); // (room for a whole word after the quote)
        byte[] b = buf;
        int at = size;
        b[at] = '"';
        if (n < 8 ? shortAscii(s, b, at + 1, n) : longAscii(s, b, at + 1, n)) {
            b[at + 1 + n] = '"';
            size = at + n + 2;
            return;
        }
        // the ASCII run without escapes, then from the first other char on, the chars one by one
        s.getBytes(0, n, b, at + 1);
        int i = 0;
        while (i < n) {
            char ch = s.charAt(i);
            if (ch >= 0x80 || ESCAPES[ch] != 0) {
                break;
            }
            i++;
        }
        size = at + 1 + i;
        if (n > chars.length) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        s.getChars(0, n, chars, 0);
        writeRest(chars, i, n, 0, what);
    }

    private static final long ONES = 0x0101010101010101L, HIGHS = 0x8080808080808080L;

    /**
     * Whether {@code s}, shorter than eight chars, is ASCII without escapes; if so it is placed at {@code b[at]} as one
     * word (its last char repeated up to eight: overwritten by what follows). No loop over the chars: the exit of a
     * loop whose trip count varies from string to string is a mispredicted branch.
     */
    private static boolean shortAscii(String s, byte[] b, int at, int n) {
        if (n == 0) {
            return true;
        }
        int m = n - 1;
        int c0 = s.charAt(0), c1 = s.charAt(Math.min(1, m)), c2 = s.charAt(Math.min(2, m)),
                c3 = s.charAt(Math.min(3, m)), c4 = s.charAt(Math.min(4, m)), c5 = s.charAt(Math.min(5, m)),
                c6 = s.charAt(Math.min(6, m)), c7 = s.charAt(m);
        long w = c0 | c1 << 8 | c2 << 16 | (long) c3 << 24 | ((long) (c4 | c5 << 8 | c6 << 16) | (long) c7 << 24) << 32;
        LONGS.set(b, at, w);
        return (c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7) < 0x80 && escapeBits(w) == 0;
    }

    /**
     * Whether {@code s}, of at least eight chars, is ASCII without escapes; its chars' low bytes are placed at
     * {@code b[at]} (an array copy when the String holds Latin-1) and checked eight at a time, and each char's high
     * bits too (a char's low byte alone can look like ASCII).
     */
    private static boolean longAscii(String s, byte[] b, int at, int n) {
        s.getBytes(0, n, b, at);
        long bad = 0;
        int high = 0;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            bad |= escapeBits((long) LONGS.get(b, at + i));
            high |= or8(s, i);
        }
        if (i < n) { // the last eight, overlapping
            bad |= escapeBits((long) LONGS.get(b, at + n - 8));
            high |= or8(s, n - 8);
        }
        return bad == 0 && high < 0x80;
    }

    private static int or8(String s, int i) {
        return s.charAt(i) | s.charAt(i + 1) | s.charAt(i + 2) | s.charAt(i + 3) | s.charAt(i + 4) | s.charAt(i + 5)
                | s.charAt(i + 6) | s.charAt(i + 7);
    }

    /**
     * The high bit of each byte of {@code w} that needs an escape or is above 0x7F. Per byte x of a word without a
     * high bit, {@code x - 0x20} borrows (sets its high bit) iff x is below 0x20, {@code (x ^ c) - 1} iff x is c;
     * a borrow into the next byte comes only from a byte that already answered, so whether any bit is set is exact.
     */
    private static long escapeBits(long w) {
        return (w | (w - 0x20 * ONES) | ((w ^ '"' * ONES) - ONES) | ((w ^ '\\' * ONES) - ONES)) & HIGHS;
    }

    private void writeQuoted(char[] c, int offset, int length, String what) {
        ensure(length + 2);
        byte[] b = buf;
        int at = size;
        b[at++] = '"';
        int end = offset + length;
        // the ASCII run without escapes: one byte per char, into room already ensured
        int i = offset;
        for (; i < end; i++) {
            char ch = c[i];
            if (ch >= 0x80 || ESCAPES[ch] != 0) {
                break;
            }
            b[at++] = (byte) ch;
        }
        size = at;
        writeRest(c, i, end, offset, what);
    }

    /** The chars {@code c[i, end)} of a string that starts at {@code offset}, escaped, then its closing quote. */
    private void writeRest(char[] c, int i, int end, int offset, String what) {
        for (; i < end; i++) {
            char ch = c[i];
            if (ch < 0x80 && ESCAPES[ch] == 0) {
                ensure(1);
                buf[size++] = (byte) ch;
            } else {
                i = writeSlow(c, i, end, offset, what);
            }
        }
        ensure(1);
        buf[size++] = '"';
    }

    /**
     * Writes the escape or the UTF-8 bytes of {@code c[i]} (a surrogate pair: both); returns the last index used. A
     * lone surrogate is refused as {@code Lexemes.checkUnicode} words it, its index counted from {@code offset}.
     */
    private int writeSlow(char[] c, int i, int end, int offset, String what) {
        char ch = c[i];
        ensure(6);
        if (ch < 0x80) {
            byte e = ESCAPES[ch];
            buf[size++] = '\\';
            buf[size++] = e;
            if (e == 'u') {
                buf[size++] = '0';
                buf[size++] = '0';
                buf[size++] = HEX[ch >> 4];
                buf[size++] = HEX[ch & 0xF];
            }
        } else if (ch < 0x800) {
            buf[size++] = (byte) (0xC0 | ch >> 6);
            buf[size++] = (byte) (0x80 | (ch & 0x3F));
        } else if (!Character.isSurrogate(ch)) {
            buf[size++] = (byte) (0xE0 | ch >> 12);
            buf[size++] = (byte) (0x80 | ((ch >> 6) & 0x3F));
            buf[size++] = (byte) (0x80 | (ch & 0x3F));
        } else if (Character.isHighSurrogate(ch) && i + 1 < end && Character.isLowSurrogate(c[i + 1])) {
            int cp = Character.toCodePoint(ch, c[++i]);
            buf[size++] = (byte) (0xF0 | cp >> 18);
            buf[size++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
            buf[size++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            buf[size++] = (byte) (0x80 | (cp & 0x3F));
        } else {
            throw new TypedJsonException(what + " holds a lone surrogate U+" + Integer.toHexString(ch).toUpperCase()
                    + " at index " + (i - offset) + ", which is not Unicode text and has no UTF-8 spelling");
        }
        return i;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(size + more, buf.length * 2));
        }
    }

    /** {@code "text"} as UTF-8 with the format's escapes (for {@link JsonKey}). */
    static byte[] quotedUtf8(String text) {
        JsonWriter w = new JsonWriter(1);
        w.writeQuoted(text, "string");
        return w.toByteArray();
    }
}

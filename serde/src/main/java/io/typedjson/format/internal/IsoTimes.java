package io.typedjson.format.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ISO-8601 spellings of SPEC.md section 5 without java.time's formatters, which cost about a microsecond a
 * value. Each method gives exactly what {@code Instant.toString()} / {@code X.parse(text)} give: the fast path
 * takes the common shapes (years 0000 to 9999, fields in range) and hands anything else to java.time, so
 * java.time stays the judge of unusual or invalid text.
 */
public final class IsoTimes {
    private IsoTimes() {}

    private static final long MIN_SECOND = -62_167_219_200L; // 0000-01-01T00:00:00Z
    private static final long MAX_SECOND = 253_402_300_800L; // 10000-01-01T00:00:00Z

    /** {@code instant.toString()}: seconds always, then 3, 6 or 9 fraction digits as needed. */
    public static String text(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (!instantInRange(seconds)) {
            return instant.toString();
        }
        byte[] b = new byte[MAX_INSTANT_LENGTH];
        return new String(b, 0, writeInstant(b, 0, seconds, instant.getNano()), StandardCharsets.ISO_8859_1);
    }

    /** The longest {@link #writeInstant}: {@code yyyy-mm-ddThh:mm:ss.fffffffffZ}. */
    public static final int MAX_INSTANT_LENGTH = 30;

    /** Whether {@link #writeInstant} spells the instants of this epoch second: years 0000 to 9999. */
    public static boolean instantInRange(long epochSecond) {
        return epochSecond >= MIN_SECOND && epochSecond < MAX_SECOND;
    }

    /**
     * {@link #text(Instant)} of the instant {@code epochSecond} (in range, {@link #instantInRange}) and {@code nanos},
     * written as ASCII into {@code b} at {@code at} (at most {@link #MAX_INSTANT_LENGTH} bytes); returns the end.
     */
    public static int writeInstant(byte[] b, int at, long epochSecond, int nanos) {
        long day = Math.floorDiv(epochSecond, 86_400L);
        int date = civil(day);
        int secOfDay = (int) (epochSecond - 86_400L * day);
        at = writeDate(b, at, date >>> 9, date >>> 5 & 0xF, date & 0x1F);
        b[at] = 'T';
        int hours = secOfDay / 3600, rest = secOfDay - 3600 * hours, minutes = rest / 60;
        // hh:mm:ss as one word: the three numbers in lanes of bytes 0, 3 and 6, each split into its two digits
        long x = hours | (long) minutes << 24 | (long) (rest - 60 * minutes) << 48;
        LONGS.set(b, at + 1, pairs(x, 0x000F_0000_0F00_000FL) + 0x3030_3A30_303A_3030L);
        at += 9;
        if (nanos != 0) {
            b[at] = '.';
            if (nanos % 1_000_000 == 0) {
                int millis = nanos / 1_000_000, tenths = millis / 100, hundredths = millis / 10 - 10 * tenths;
                b[at + 1] = (byte) ('0' + tenths);
                b[at + 2] = (byte) ('0' + hundredths);
                b[at + 3] = (byte) ('0' + millis % 10);
                at += 4;
            } else {
                int fraction = nanos % 1_000 == 0 ? 6 : 9;
                int v = fraction == 6 ? nanos / 1_000 : nanos;
                for (int i = at + fraction; i > at; i--) {
                    b[i] = (byte) ('0' + v % 10);
                    v /= 10;
                }
                at += fraction + 1;
            }
        }
        b[at] = 'Z';
        return at + 1;
    }

    /** {@code LocalDate.toString()} of a date of the years 0000 to 9999 written as ASCII into {@code b} at {@code at}; returns the end. */
    public static int writeDate(byte[] b, int at, int year, int month, int day) {
        // yyyy-mm- as one word: the century, the year of the century and the month in lanes of bytes 0, 2 and 5
        int century = year / 100;
        long x = century | (long) (year - 100 * century) << 16 | (long) month << 40;
        LONGS.set(b, at, pairs(x, 0x0000_0F00_000F_000FL) + 0x2D30_302D_3030_3030L);
        int tens = day / 10;
        b[at + 8] = (byte) ('0' + tens);
        b[at + 9] = (byte) ('0' + day - 10 * tens);
        return at + 10;
    }

    /**
     * Numbers below 100 in the bytes of {@code x} that {@code tens} masks (four bits each, at least two bytes apart):
     * each one's tens left in its byte and its units put in the next ({@code v * 103 >> 10} is {@code v / 10} below
     * 100, and a lane's product stays below the next lane).
     */
    private static long pairs(long x, long tens) {
        long t = (x * 103 >>> 10) & tens;
        return t | (x - 10 * t) << 8;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /*
     * Typed positions (SPEC.md section 5, "Readers of a typed position") take the canonical spelling and the
     * RFC 3339 spellings other producers write for the same value: 1 to 9 fraction digits, seconds where the
     * canonical form leaves them out, an offset instead of Z for an instant, a lower-case t and z; the date always
     * canonical. The fast paths below take the common shapes; the rest is checked against these patterns and
     * then parsed by java.time, which alone would also take lower case, leap seconds and other freedoms.
     */
    /** A date with its year as LocalDate.toString() writes it: 4 digits, or a sign and more (-0001, +10000). */
    private static final String DATE =
            "((?:[0-9]{4}|\\+[1-9][0-9]{4,9}|-(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3,9}))-[0-9]{2}-[0-9]{2})";
    private static final String TIME = "([0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\\.[0-9]{1,9})?)?)";
    private static final String OFFSET = "([Zz]|[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)";
    // RFC 3339 (section 5.6, note) allows a lower-case t and z; java.time reads them
    private static final Pattern TYPED_LOCAL_TIME = Pattern.compile(TIME);
    private static final Pattern TYPED_LOCAL_DATE_TIME = Pattern.compile(DATE + "[Tt]" + TIME);
    private static final Pattern TYPED_OFFSET_DATE_TIME = Pattern.compile(DATE + "[Tt]" + TIME + OFFSET);

    /** An instant in a typed position: the canonical spelling or another RFC 3339 spelling of it. */
    public static Instant parseInstant(String s) {
        Instant fast = fastInstant(s.toCharArray(), 0, s.length());
        if (fast != null) {
            return fast;
        }
        Matcher m = typed(TYPED_OFFSET_DATE_TIME, s);
        if (m.group(2).length() < 8 || m.group(2).startsWith("60", 6) || m.group(2).startsWith("24")) {
            // (Instant.parse takes ISO 8601's end of day, 24:00:00, as the next midnight: SPEC.md 5.2 has no hour 24)
            throw new DateTimeException("an instant has hours 00 to 23 and seconds, 00 to 59: " + s);
        }
        return m.group(3).equalsIgnoreCase("Z") ? Instant.parse(s) : OffsetDateTime.parse(s).toInstant();
    }

    /**
     * An instant's ~t payload when it is canonical and of the common shape (years 0000 to 9999), else null: the
     * fast path's shape with 0, 3, 6 or 9 fraction digits, the last three not all zero, is exactly text()'s.
     */
    public static Instant canonicalInstantOrNull(String s) {
        return canonicalInstant(s.toCharArray(), 0, s.length());
    }

    /** {@link #canonicalInstantOrNull(String)} on {@code c[offset, offset + length)}, without a String. */
    public static Instant canonicalInstantOrNull(char[] c, int offset, int length) {
        return canonicalInstant(c, offset, offset + length);
    }

    /** {@link #canonicalInstantOrNull(String)} on {@code text[from, to)}. */
    private static Instant canonicalInstant(char[] text, int from, int to) {
        int n = to - from;
        if (n != 20 && n != 24 && n != 27 && n != 30) {
            return null;
        }
        if (n > 20 && text[to - 2] == '0' && text[to - 3] == '0' && text[to - 4] == '0') {
            return null;
        }
        return fastInstant(text, from, to);
    }

    /** {@link #canonicalLocalDateOrNull(String)} on {@code c[offset, offset + length)}, without a String. */
    public static LocalDate canonicalLocalDateOrNull(char[] c, int offset, int length) {
        return length == 10 ? localDate(c, offset) : null;
    }

    /** A ~D payload of the common shape (yyyy-mm-dd, years 0000 to 9999), always canonical, else null. */
    public static LocalDate canonicalLocalDateOrNull(String s) {
        if (s.length() != 10) {
            return null;
        }
        long day = epochDay(s);
        return day == Long.MIN_VALUE ? null : LocalDate.ofEpochDay(day);
    }

    /** A ~T payload in exactly LocalTime.toString()'s shape, else null (for java.time and a comparison to judge). */
    public static LocalTime canonicalLocalTimeOrNull(String s) {
        long nanoOfDay = canonicalTimeShape(s, 0) ? nanoOfDay(s.toCharArray(), 0, s.length(), false) : -1;
        return nanoOfDay >= 0 ? LocalTime.ofNanoOfDay(nanoOfDay) : null;
    }

    /** A ~L payload in exactly LocalDateTime.toString()'s shape with a year 0000 to 9999, else null. */
    public static LocalDateTime canonicalLocalDateTimeOrNull(String s) {
        if (s.length() < 16 || s.charAt(10) != 'T' || !canonicalTimeShape(s, 11)) {
            return null;
        }
        char[] c = s.toCharArray();
        long day = epochDay(c, 0);
        long nanoOfDay = nanoOfDay(c, 11, c.length, false);
        if (day == Long.MIN_VALUE || nanoOfDay < 0) {
            return null;
        }
        return LocalDateTime.ofEpochSecond(day * 86_400L + nanoOfDay / 1_000_000_000L, (int) (nanoOfDay % 1_000_000_000L),
                ZoneOffset.UTC);
    }

    /**
     * Whether the time from {@code from} to the end has LocalTime.toString()'s length and zeros: hh:mm, or hh:mm:ss
     * with seconds not 00, or 3, 6 or 9 fraction digits whose last three are not 000 (fields are checked by the parse).
     */
    private static boolean canonicalTimeShape(String s, int from) {
        int n = s.length() - from;
        if (n == 5) {
            return true;
        }
        if (n == 8) {
            return !(s.charAt(from + 6) == '0' && s.charAt(from + 7) == '0');
        }
        if (n != 12 && n != 15 && n != 18) {
            return false;
        }
        int end = s.length();
        return !(s.charAt(end - 1) == '0' && s.charAt(end - 2) == '0' && s.charAt(end - 3) == '0');
    }

    /** An instant's ~t payload: the fast path, else anything java.time reads, for the caller to compare with text(). */
    public static Instant parseAnyInstant(String s) {
        Instant fast = fastInstant(s.toCharArray(), 0, s.length());
        return fast != null ? fast : Instant.parse(s);
    }


    /**
     * An instant in a typed position from the parser's buffer {@code c[offset, offset + length)}, without a String:
     * the fast path of {@link #parseInstant}, else null for {@link #parseInstant} to judge the text.
     */
    public static Instant fastInstantOrNull(char[] c, int offset, int length) {
        return fastInstant(c, offset, offset + length);
    }

    /** The epoch day of a canonical {@code yyyy-mm-dd} (years 0000 to 9999) in {@code c[offset, offset + length)}, else Long.MIN_VALUE. */
    public static long fastEpochDay(char[] c, int offset, int length) {
        return length == 10 ? epochDay(c, offset) : Long.MIN_VALUE;
    }

    /** The fast path of an instant in {@code text[from, to)}. */
    private static Instant fastInstant(char[] text, int from, int to) {
        int n = to - from;
        if (n >= 20 && text[from + 10] == 'T' && text[to - 1] == 'Z') {
            long day = epochDay(text, from);
            long nanoOfDay = nanoOfDay(text, from + 11, to - 1, true);
            if (day != Long.MIN_VALUE && nanoOfDay >= 0) {
                return Instant.ofEpochSecond(day * 86_400L + nanoOfDay / 1_000_000_000L, nanoOfDay % 1_000_000_000L);
            }
        }
        return null;
    }

    /** A local date in a typed position: canonical only. */
    public static LocalDate parseLocalDate(String s) {
        if (s.length() == 10) {
            long day = epochDay(s);
            if (day != Long.MIN_VALUE) {
                return LocalDate.ofEpochDay(day);
            }
        }
        return canonicalDate(s);
    }

    /** A local time in a typed position: {@code HH:mm}, {@code HH:mm:ss} or {@code HH:mm:ss.f} with 1 to 9 digits. */
    public static LocalTime parseLocalTime(String s) {
        long nanoOfDay = nanoOfDay(s.toCharArray(), 0, s.length(), false);
        if (nanoOfDay >= 0) {
            return LocalTime.ofNanoOfDay(nanoOfDay);
        }
        typed(TYPED_LOCAL_TIME, s);
        return LocalTime.parse(s);
    }

    /** A local date-time in a typed position: canonical date, {@code T}, a time as {@link #parseLocalTime}. */
    public static LocalDateTime parseLocalDateTime(String s) {
        if (s.length() >= 16 && s.charAt(10) == 'T') {
            char[] c = s.toCharArray();
            long day = epochDay(c, 0);
            long nanoOfDay = nanoOfDay(c, 11, c.length, false);
            if (day != Long.MIN_VALUE && nanoOfDay >= 0) {
                return LocalDateTime.ofEpochSecond(day * 86_400L + nanoOfDay / 1_000_000_000L,
                        (int) (nanoOfDay % 1_000_000_000L), ZoneOffset.UTC);
            }
        }
        typed(TYPED_LOCAL_DATE_TIME, s);
        return LocalDateTime.parse(s);
    }

    /** An offset date-time in a typed position: as a local date-time, then {@code Z} or the offset ({@code +00:00} is Z). */
    public static OffsetDateTime parseOffsetDateTime(String s) {
        typed(TYPED_OFFSET_DATE_TIME, s);
        return OffsetDateTime.parse(s);
    }

    private static Matcher typed(Pattern p, String s) {
        Matcher m = p.matcher(s);
        if (!m.matches()) {
            throw new DateTimeException("not an accepted spelling: " + s);
        }
        return m; // java.time then checks the fields' ranges (strictly: no February 30)
    }

    private static LocalDate canonicalDate(String s) {
        LocalDate d = LocalDate.parse(s);
        if (!d.toString().equals(s)) {
            throw new DateTimeException("not the canonical spelling of a date: " + s);
        }
        return d;
    }

    private static long epochDay(String s) {
        return epochDay(s.toCharArray(), 0);
    }

    /**
     * The epoch day of {@code yyyy-MM-dd} at {@code at} in {@code text}, or Long.MIN_VALUE to
     * let java.time decide.
     */
    private static long epochDay(char[] text, int at) {
        if (text[at + 4] != '-' || text[at + 7] != '-') {
            return Long.MIN_VALUE;
        }
        return epochDay(digits(text, at, 4), digits(text, at + 5, 2), digits(text, at + 8, 2));
    }

    /** {@link #epochDay(char[], int)} on ASCII bytes, its eight digits checked at once ({@link #digits(int, int, int, int)}). */
    private static long epochDay(byte[] t, int at) {
        int y0 = t[at] - '0', y1 = t[at + 1] - '0', y2 = t[at + 2] - '0', y3 = t[at + 3] - '0';
        int m0 = t[at + 5] - '0', m1 = t[at + 6] - '0', d0 = t[at + 8] - '0', d1 = t[at + 9] - '0';
        if (t[at + 4] != '-' || t[at + 7] != '-' || !digits(y0, y1, y2, y3) || !digits(m0, m1, d0, d1)) {
            return Long.MIN_VALUE;
        }
        return epochDay(y0 * 1000 + y1 * 100 + y2 * 10 + y3, m0 * 10 + m1, d0 * 10 + d1);
    }

    /** Whether the four are digit values (0 to 9): then each and each plus 6 fit in four bits. */
    private static boolean digits(int a, int b, int c, int d) {
        return ((a | b | c | d | a + 6 | b + 6 | c + 6 | d + 6) & ~0xF) == 0;
    }

    /** The epoch day of year y, month m, day d (-1: not digits), or Long.MIN_VALUE when a field is out of range. */
    private static long epochDay(int y, int m, int d) {
        if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
            return Long.MIN_VALUE;
        }
        // days since 0000-03-01 in the proleptic Gregorian calendar (years that start in March, so that the leap day
        // is a year's last), then since 1970-01-01: the count LocalDate.toEpochDay gives, without a LocalDate
        int yearFromMarch = m > 2 ? y : y - 1;
        int era = Math.floorDiv(yearFromMarch, 400); // (-1 for January and February of year 0000)
        int yearOfEra = yearFromMarch - era * 400;
        int dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097L + dayOfEra - 719_468L;
    }

    /**
     * The date of an epoch day as {@code year << 9 | month << 5 | day} when its year is 0000 to 9999, else -1: the
     * inverse of {@link #epochDay(char[], int)}'s count, without a LocalDate.
     */
    public static int civil(long epochDay) {
        if (epochDay < MIN_SECOND / 86_400 || epochDay >= MAX_SECOND / 86_400) {
            return -1;
        }
        // Neri and Schneider, "Euclidean affine functions and their application to calendar algorithms" (2022): the
        // divisions by the lengths of centuries, years and months as multiplications and shifts
        int n = (int) (epochDay + 719_468 + 146_097); // days since -0400-03-01: not negative from year 0000 on
        int n1 = 4 * n + 3;
        int century = n1 / 146_097;
        long p2 = 2_939_745L * ((n1 % 146_097) | 3); // (4 * day of the century + 3)
        int dayOfYear = (int) ((p2 & 0xFFFF_FFFFL) / 2_939_745 / 4); // from March 1st
        int n3 = 2_141 * dayOfYear + 197_913;
        int month = n3 >>> 16, day = (n3 & 0xFFFF) / 2_141 + 1;
        int year = 100 * century + (int) (p2 >>> 32) - 400;
        if (dayOfYear >= 306) { // January and February: months 13 and 14 of the year before
            year++;
            month -= 12;
        }
        return year << 9 | month << 5 | day;
    }

    /**
     * The epoch milliseconds of an instant in the common shape ({@code yyyy-mm-ddThh:mm:ss[.f…]Z}, years 0000 to
     * 9999) whose nanoseconds are whole milliseconds, from {@code c[offset, offset + length)}; else Long.MIN_VALUE,
     * for the caller's general path (which also says why a finer instant is refused).
     */
    public static long fastEpochMilli(char[] c, int offset, int length) {
        int to = offset + length;
        if (length < 20 || c[offset + 10] != 'T' || c[to - 1] != 'Z') {
            return Long.MIN_VALUE;
        }
        return epochMilli(epochDay(c, offset), nanoOfDay(c, offset + 11, to - 1, true));
    }

    /** The epoch milliseconds of a day and a nanosecond of it that are whole milliseconds; else Long.MIN_VALUE. */
    private static long epochMilli(long day, long nanoOfDay) {
        if (day == Long.MIN_VALUE || nanoOfDay < 0 || nanoOfDay % 1_000_000 != 0) {
            return Long.MIN_VALUE;
        }
        return day * 86_400_000L + nanoOfDay / 1_000_000;
    }

    // The same fast paths over the ASCII bytes b[from, to) of a JSON document (its reader's one-pass read): what they
    // take and give is exactly what the char[] paths above take and give, the rest Long.MIN_VALUE.

    /** {@link #fastEpochMilli(char[], int, int)} over bytes. */
    public static long fastEpochMilli(byte[] b, int from, int to) {
        if (to - from < 20 || b[from + 10] != 'T' || b[to - 1] != 'Z') {
            return Long.MIN_VALUE;
        }
        return epochMilli(epochDay(b, from), nanoOfDay(b, from + 11, to - 1, true));
    }

    /** {@link #fastEpochDay(char[], int, int)} over bytes. */
    public static long fastEpochDay(byte[] b, int from, int to) {
        return to - from == 10 ? epochDay(b, from) : Long.MIN_VALUE;
    }

    /** The nanosecond of the day of a time that {@link #parseLocalTime}'s fast path takes, over bytes; else Long.MIN_VALUE. */
    public static long fastNanoOfDay(byte[] b, int from, int to) {
        long nanoOfDay = nanoOfDay(b, from, to, false);
        return nanoOfDay >= 0 ? nanoOfDay : Long.MIN_VALUE;
    }

    private static int daysInMonth(int y, int m) {
        if (m == 2) {
            return (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
        }
        return m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31;
    }

    /** The date {@code yyyy-mm-dd} at {@code text[at]} (years 0000 to 9999), else null. */
    private static LocalDate localDate(char[] text, int at) {
        if (text[at + 4] != '-' || text[at + 7] != '-') {
            return null;
        }
        int y = digits(text, at, 4);
        int m = digits(text, at + 5, 2);
        int d = digits(text, at + 8, 2);
        if (y < 0 || m < 0 || d < 0 || m < 1 || m > 12 || d < 1 || d > 31) {
            return null;
        }
        try {
            return LocalDate.of(y, m, d); // (refuses February 30th and the like)
        } catch (DateTimeException e) {
            return null;
        }
    }

    /**
     * Nanosecond of the day of {@code HH:mm[:ss[.f{1,9}]]} in {@code s[from, to)}, seconds required when
     * {@code needSeconds} (as an instant needs them), or -1 to let java.time decide.
     */
    private static long nanoOfDay(char[] s, int from, int to, boolean needSeconds) {
        int n = to - from;
        if (n < 5 || s[from + 2] != ':') {
            return -1;
        }
        int sec = 0, nano = 0;
        if (n == 5) {
            if (needSeconds) {
                return -1;
            }
        } else {
            if (n < 8 || s[from + 5] != ':' || n > 8 && (s[from + 8] != '.' || n == 9 || n > 18)) {
                return -1;
            }
            sec = digits(s, from + 6, 2);
            nano = n > 8 ? nanos(digits(s, from + 9, n - 9), n - 9) : 0;
        }
        return nanoOfDay(digits(s, from, 2), digits(s, from + 3, 2), sec, nano);
    }

    /** {@link #nanoOfDay(char[], int, int, boolean)} on ASCII bytes. */
    private static long nanoOfDay(byte[] s, int from, int to, boolean needSeconds) {
        int n = to - from;
        if (n < 5 || s[from + 2] != ':') {
            return -1;
        }
        int h0 = s[from] - '0', h1 = s[from + 1] - '0', m0 = s[from + 3] - '0', m1 = s[from + 4] - '0';
        int s0 = 0, s1 = 0, nano = 0;
        if (n == 5) {
            if (needSeconds) {
                return -1;
            }
        } else {
            if (n < 8 || s[from + 5] != ':' || n > 8 && (s[from + 8] != '.' || n == 9 || n > 18)) {
                return -1;
            }
            s0 = s[from + 6] - '0';
            s1 = s[from + 7] - '0';
            nano = n > 8 ? nanos(digits(s, from + 9, n - 9), n - 9) : 0;
        }
        if (!digits(h0, h1, m0, m1) || !digits(s0, s1, 0, 0)) {
            return -1;
        }
        return nanoOfDay(h0 * 10 + h1, m0 * 10 + m1, s0 * 10 + s1, nano);
    }

    /** A fraction of {@code count} digits (-1: not digits) in nanoseconds, or -1. */
    private static int nanos(int fraction, int count) {
        return fraction < 0 ? -1 : fraction * SCALE[count];
    }

    /** Per count of fraction digits (1 to 9), what makes them nanoseconds. */
    private static final int[] SCALE = {0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    /** The nanosecond of the day of the fields (-1: not digits), or -1 when one is out of range. */
    private static long nanoOfDay(int h, int mi, int sec, int nano) {
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 || nano < 0) {
            return -1;
        }
        return (h * 3600L + mi * 60L + sec) * 1_000_000_000L + nano;
    }

    private static int digits(char[] s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static int digits(byte[] s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            int d = s[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v;
    }
}

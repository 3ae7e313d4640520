package io.typedjson.format;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

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
        if (seconds < MIN_SECOND || seconds >= MAX_SECOND) {
            return instant.toString();
        }
        int nanos = instant.getNano();
        int fraction = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
        char[] c = new char[20 + (fraction == 0 ? 0 : fraction + 1)];
        LocalDate d = LocalDate.ofEpochDay(Math.floorDiv(seconds, 86_400L));
        int secOfDay = (int) Math.floorMod(seconds, 86_400L);
        date(c, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        c[10] = 'T';
        two(c, 11, secOfDay / 3600);
        c[13] = ':';
        two(c, 14, secOfDay / 60 % 60);
        c[16] = ':';
        two(c, 17, secOfDay % 60);
        if (fraction > 0) {
            c[19] = '.';
            int v = nanos / (fraction == 3 ? 1_000_000 : fraction == 6 ? 1_000 : 1);
            for (int i = 19 + fraction; i > 19; i--) {
                c[i] = (char) ('0' + v % 10);
                v /= 10;
            }
        }
        c[c.length - 1] = 'Z';
        return new String(c);
    }

    /** {@code Instant.parse(s)}. */
    public static Instant parseInstant(String s) {
        int n = s.length();
        if (n >= 20 && s.charAt(10) == 'T' && s.charAt(n - 1) == 'Z') {
            long day = epochDay(s);
            long nanoOfDay = nanoOfDay(s, 11, n - 1, true);
            if (day != Long.MIN_VALUE && nanoOfDay >= 0) {
                return Instant.ofEpochSecond(day * 86_400L + nanoOfDay / 1_000_000_000L, nanoOfDay % 1_000_000_000L);
            }
        }
        return Instant.parse(s);
    }

    /** {@code LocalDate.parse(s)}. */
    public static LocalDate parseLocalDate(String s) {
        if (s.length() == 10) {
            long day = epochDay(s);
            if (day != Long.MIN_VALUE) {
                return LocalDate.ofEpochDay(day);
            }
        }
        return LocalDate.parse(s);
    }

    /** {@code LocalTime.parse(s)}. */
    public static LocalTime parseLocalTime(String s) {
        long nanoOfDay = nanoOfDay(s, 0, s.length(), false);
        return nanoOfDay >= 0 ? LocalTime.ofNanoOfDay(nanoOfDay) : LocalTime.parse(s);
    }

    /** {@code LocalDateTime.parse(s)}. */
    public static LocalDateTime parseLocalDateTime(String s) {
        if (s.length() >= 16 && s.charAt(10) == 'T') {
            long day = epochDay(s);
            long nanoOfDay = nanoOfDay(s, 11, s.length(), false);
            if (day != Long.MIN_VALUE && nanoOfDay >= 0) {
                return LocalDateTime.ofEpochSecond(day * 86_400L + nanoOfDay / 1_000_000_000L,
                        (int) (nanoOfDay % 1_000_000_000L), ZoneOffset.UTC);
            }
        }
        return LocalDateTime.parse(s);
    }

    /** The epoch day of {@code yyyy-MM-dd} at the start of {@code s}, or Long.MIN_VALUE to let java.time decide. */
    private static long epochDay(String s) {
        if (s.charAt(4) != '-' || s.charAt(7) != '-') {
            return Long.MIN_VALUE;
        }
        int y = digits(s, 0, 4);
        int m = digits(s, 5, 2);
        int d = digits(s, 8, 2);
        if (y < 0 || m < 0 || d < 0) {
            return Long.MIN_VALUE;
        }
        try {
            return LocalDate.of(y, m, d).toEpochDay();
        } catch (DateTimeException e) {
            return Long.MIN_VALUE;
        }
    }

    /**
     * Nanosecond of the day of {@code HH:mm[:ss[.f{1,9}]]} in {@code s[from, to)}, seconds required when
     * {@code needSeconds} (as an instant needs them), or -1 to let java.time decide.
     */
    private static long nanoOfDay(String s, int from, int to, boolean needSeconds) {
        int n = to - from;
        if (n < 5 || s.charAt(from + 2) != ':') {
            return -1;
        }
        int h = digits(s, from, 2);
        int mi = digits(s, from + 3, 2);
        int sec = 0;
        long nano = 0;
        if (n == 5) {
            if (needSeconds) {
                return -1;
            }
        } else {
            if (n < 8 || s.charAt(from + 5) != ':') {
                return -1;
            }
            sec = digits(s, from + 6, 2);
            if (n > 8) {
                int digits = n - 9;
                if (s.charAt(from + 8) != '.' || digits < 1 || digits > 9) {
                    return -1;
                }
                int f = digits(s, from + 9, digits);
                if (f < 0) {
                    return -1;
                }
                nano = f;
                for (int i = digits; i < 9; i++) {
                    nano *= 10;
                }
            }
        }
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) {
            return -1;
        }
        return (h * 3600L + mi * 60L + sec) * 1_000_000_000L + nano;
    }

    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static void date(char[] c, int y, int m, int d) {
        c[0] = (char) ('0' + y / 1000);
        c[1] = (char) ('0' + y / 100 % 10);
        two(c, 2, y % 100);
        c[4] = '-';
        two(c, 5, m);
        c[7] = '-';
        two(c, 8, d);
    }

    private static void two(char[] c, int at, int v) {
        c[at] = (char) ('0' + v / 10);
        c[at + 1] = (char) ('0' + v % 10);
    }
}

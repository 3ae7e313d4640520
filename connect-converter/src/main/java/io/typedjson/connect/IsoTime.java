package io.typedjson.connect;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Fast paths for the ISO spellings of Connect's Date and Timestamp in years 0000 to 9999: the same text as
 * {@code LocalDate.toString()} and {@code Instant.toString()} give, written and parsed without java.time's
 * formatters (which cost about a microsecond a value). Anything else is left to java.time, by the callers.
 */
final class IsoTime {
    private IsoTime() {}

    private static final long MIN_MILLIS = -62_167_219_200_000L; // 0000-01-01T00:00:00Z
    private static final long MAX_MILLIS = 253_402_300_800_000L; // 10000-01-01T00:00:00Z

    /** {@code Instant.ofEpochMilli(millis).toString()}. */
    static String instant(long millis) {
        if (millis < MIN_MILLIS || millis >= MAX_MILLIS) {
            return Instant.ofEpochMilli(millis).toString();
        }
        long seconds = Math.floorDiv(millis, 1000L);
        int ms = (int) Math.floorMod(millis, 1000L);
        long day = Math.floorDiv(seconds, 86_400L);
        int secOfDay = (int) Math.floorMod(seconds, 86_400L);
        LocalDate d = LocalDate.ofEpochDay(day);
        char[] c = new char[ms == 0 ? 20 : 24];
        date(c, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        c[10] = 'T';
        two(c, 11, secOfDay / 3600);
        c[13] = ':';
        two(c, 14, secOfDay / 60 % 60);
        c[16] = ':';
        two(c, 17, secOfDay % 60);
        if (ms != 0) {
            c[19] = '.';
            c[20] = (char) ('0' + ms / 100);
            two(c, 21, ms % 100);
        }
        c[c.length - 1] = 'Z';
        return new String(c);
    }

    /** {@code LocalDate.ofEpochDay(day).toString()}. */
    static String date(long day) {
        LocalDate d = LocalDate.ofEpochDay(day);
        if (d.getYear() < 0 || d.getYear() > 9999) {
            return d.toString();
        }
        char[] c = new char[10];
        date(c, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        return new String(c);
    }

    /** Epoch milliseconds of {@code yyyy-MM-ddTHH:mm:ss[.SSS]Z}, or null when the text has another form or is invalid. */
    static Long parseInstant(String s) {
        int n = s.length();
        if ((n != 20 && n != 24) || s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z') {
            return null;
        }
        long day = parseDateDigits(s);
        int h = digits(s, 11, 2);
        int mi = digits(s, 14, 2);
        int sec = digits(s, 17, 2);
        int ms = 0;
        if (n == 24) {
            if (s.charAt(19) != '.') {
                return null;
            }
            ms = digits(s, 20, 3);
        }
        if (day == Long.MIN_VALUE || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 || ms < 0) {
            return null;
        }
        return ((day * 86_400L + h * 3600L + mi * 60L + sec) * 1000L) + ms;
    }

    /** Epoch day of {@code yyyy-MM-dd}, or null when the text has another form or is invalid. */
    static Long parseDate(String s) {
        if (s.length() != 10) {
            return null;
        }
        long day = parseDateDigits(s);
        return day == Long.MIN_VALUE ? null : day;
    }

    private static long parseDateDigits(String s) {
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

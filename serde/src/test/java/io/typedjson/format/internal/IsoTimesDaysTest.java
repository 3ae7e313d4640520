package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/**
 * The fast paths compute the epoch day of a date with their own arithmetic: every day of the years 0000 to 9999, and
 * every day that does not exist (February 29th of a common year, April 31st, day 00, month 13), against java.time.
 */
class IsoTimesDaysTest {
    @Test
    void everyDayOfTheYears0000To9999() {
        for (LocalDate d = LocalDate.of(0, 1, 1); d.getYear() <= 9999; d = d.plusDays(1)) {
            char[] c = d.toString().toCharArray();
            assertEquals(d.toEpochDay(), IsoTimes.fastEpochDay(c, 0, c.length), d::toString);
        }
    }

    @Test
    void everyEpochDayOfTheYears0000To9999BackToItsDate() {
        for (LocalDate d = LocalDate.of(0, 1, 1); d.getYear() <= 9999; d = d.plusDays(1)) {
            int civil = IsoTimes.civil(d.toEpochDay());
            assertEquals(d, LocalDate.of(civil >>> 9, civil >>> 5 & 0xF, civil & 0x1F), d::toString);
        }
        assertEquals(-1, IsoTimes.civil(LocalDate.of(-1, 12, 31).toEpochDay()));
        assertEquals(-1, IsoTimes.civil(LocalDate.of(10000, 1, 1).toEpochDay()));
        assertEquals(-1, IsoTimes.civil(Long.MIN_VALUE));
    }

    /** The words the writer places (yyyy-mm- and hh:mm:ss) and the fraction: every day, every second of a day. */
    @Test
    void everyDayAndEverySecondOfADayWrittenAsJavaTimeWritesThem() {
        long second = 0;
        for (LocalDate d = LocalDate.of(0, 1, 1); d.getYear() <= 9999; d = d.plusDays(1)) {
            Instant i = Instant.ofEpochSecond(d.toEpochDay() * 86_400 + second, (int) (second * 1_000_000 % 1_000_000_000));
            assertEquals(i.toString(), IsoTimes.text(i));
            second = (second + 7_919) % 86_400; // (a prime: the day's seconds, milliseconds, in turn)
        }
        for (int s = 0; s < 86_400; s++) {
            Instant i = Instant.ofEpochSecond(1_767_225_600L + s);
            assertEquals(i.toString(), IsoTimes.text(i));
        }
        for (int nanos : new int[] {1, 9, 10, 100_000, 999, 1_000, 10_000, 120_000, 999_999, 1_000_000, 10_000_000,
            100_000_000, 100_000_001, 120_000_000, 999_000_000, 999_999_000, 999_999_999, 5_000_000, 50_000_000}) {
            for (long s : new long[] {-62_167_219_200L, -1, 0, 1_767_225_599L, 253_402_300_799L}) {
                Instant i = Instant.ofEpochSecond(s, nanos);
                assertEquals(i.toString(), IsoTimes.text(i));
            }
        }
    }

    @Test
    void epochMillisOfTheCommonShape() {
        for (String text : new String[] {"2026-01-01T00:00:00.162Z", "1969-12-31T23:59:59.999Z", "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999000Z", "2024-02-29T12:00:00.100000000Z"}) {
            char[] c = text.toCharArray();
            assertEquals(Instant.parse(text).toEpochMilli(), IsoTimes.fastEpochMilli(c, 0, c.length), text);
        }
        for (String text : new String[] {"2026-01-01T00:00:00.1621Z", "2026-01-01T00:00:00.000001Z", "2023-02-29T00:00:00Z",
            "2026-01-01T00:00:00+01:00", "2026-01-01 00:00:00Z", "2026-01-01T24:00:00Z"}) {
            char[] c = text.toCharArray();
            assertEquals(Long.MIN_VALUE, IsoTimes.fastEpochMilli(c, 0, c.length), text);
        }
    }

    @Test
    void daysThatDoNotExist() {
        for (int y : new int[] {0, 1, 4, 100, 400, 1900, 2000, 2023, 2024, 9999}) {
            for (int m = 0; m <= 13; m++) {
                for (int d = 0; d <= 32; d++) {
                    String text = String.format("%04d-%02d-%02d", y, m, d);
                    char[] c = text.toCharArray();
                    boolean exists;
                    try {
                        LocalDate.of(y, m, d);
                        exists = true;
                    } catch (java.time.DateTimeException e) {
                        exists = false;
                    }
                    if (exists) {
                        assertEquals(LocalDate.of(y, m, d).toEpochDay(), IsoTimes.fastEpochDay(c, 0, c.length), text);
                        assertEquals(LocalDate.of(y, m, d), IsoTimes.canonicalLocalDateOrNull(c, 0, c.length), text);
                    } else {
                        assertEquals(Long.MIN_VALUE, IsoTimes.fastEpochDay(c, 0, c.length), text);
                        assertNull(IsoTimes.canonicalLocalDateOrNull(c, 0, c.length), text);
                        char[] t = (text + "T00:00:00Z").toCharArray();
                        assertNull(IsoTimes.fastInstantOrNull(t, 0, t.length), text);
                    }
                }
            }
        }
        char[] t = "0000-01-01T00:00:00Z".toCharArray();
        assertEquals(Instant.parse("0000-01-01T00:00:00Z"), IsoTimes.fastInstantOrNull(t, 0, t.length));
    }

    /**
     * The parsers over a document's bytes (the converter's one-pass read) against the String parsers, every day: a
     * date, and an instant at a time of day and fraction length that change from day to day (0 to 9 digits).
     */
    @Test
    void theByteParsersReadEveryDayAsTheStringParsers() {
        long second = 0;
        int digits = 0;
        for (LocalDate d = LocalDate.of(0, 1, 1); d.getYear() <= 9999; d = d.plusDays(1)) {
            String date = d.toString();
            byte[] b = date.getBytes(StandardCharsets.US_ASCII);
            assertEquals(IsoTimes.parseLocalDate(date).toEpochDay(), IsoTimes.fastEpochDay(b, 0, b.length), date);
            String fraction = FRACTIONS[digits];
            String instant = date + "T" + hhmmss((int) second) + fraction + "Z";
            Instant expected = IsoTimes.parseInstant(instant);
            b = instant.getBytes(StandardCharsets.US_ASCII);
            assertEquals(expected.getNano() % 1_000_000 == 0 ? expected.toEpochMilli() : Long.MIN_VALUE,
                    IsoTimes.fastEpochMilli(b, 0, b.length), instant);
            second = (second + 7_919) % 86_400;
            digits = (digits + 1) % 10;
        }
    }

    /** Fractions of each length, 0 to 9 digits, zeros at either end among them. */
    private static final String[] FRACTIONS = {"", ".0", ".09", ".100", ".9870", ".00001", ".123000", ".9999999", ".00000001",
        ".999999999"};

    /** Every second of a day as a local time, with each fraction length, against parseLocalTime. */
    @Test
    void theByteParserReadsEveryTimeOfDayAsTheStringParser() {
        for (int s = 0; s < 86_400; s++) {
            String hhmmss = hhmmss(s);
            int digits = s % 10;
            String time = digits == 0 ? hhmmss : hhmmss + "." + String.valueOf(1_000_000_000L + s * 104_729L % 1_000_000_000L).substring(1, 1 + digits);
            byte[] b = time.getBytes(StandardCharsets.US_ASCII);
            assertEquals(IsoTimes.parseLocalTime(time).toNanoOfDay(), IsoTimes.fastNanoOfDay(b, 0, b.length), time);
            if (s % 60 == 0) {
                String hhmm = hhmmss.substring(0, 5);
                b = hhmm.getBytes(StandardCharsets.US_ASCII);
                assertEquals(IsoTimes.parseLocalTime(hhmm).toNanoOfDay(), IsoTimes.fastNanoOfDay(b, 0, b.length), hhmm);
            }
        }
    }

    /**
     * Each byte of a timestamp, a date and a time replaced by every ASCII character, and the text cut at every length:
     * the byte parsers take exactly what the char parsers take, and give the same.
     */
    @Test
    void theByteParsersTakeWhatTheCharParsersTake() {
        int taken = 0;
        for (String text : new String[] {"2024-02-29T23:59:59.999Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.123456789Z",
            "2026-11-30", "23:59:59.999", "00:00", "05:35:45.1"}) {
            for (int at = 0; at <= text.length(); at++) {
                for (int c = 0; c < 128; c++) {
                    String t = at == text.length() ? text.substring(0, c % text.length())
                            : text.substring(0, at) + (char) c + text.substring(at + 1);
                    char[] chars = t.toCharArray();
                    byte[] b = t.getBytes(StandardCharsets.US_ASCII);
                    long millis = IsoTimes.fastEpochMilli(chars, 0, chars.length);
                    assertEquals(millis, IsoTimes.fastEpochMilli(b, 0, b.length), t);
                    assertEquals(IsoTimes.fastEpochDay(chars, 0, chars.length), IsoTimes.fastEpochDay(b, 0, b.length), t);
                    LocalTime time = t.length() < 5 ? null : timeOrNull(t);
                    long nanoOfDay = IsoTimes.fastNanoOfDay(b, 0, b.length);
                    assertEquals(time == null ? Long.MIN_VALUE : time.toNanoOfDay(), nanoOfDay, t);
                    taken += millis != Long.MIN_VALUE || nanoOfDay != Long.MIN_VALUE ? 1 : 0;
                }
            }
        }
        assertTrue(taken > 300, taken + " taken");
    }

    /**
     * The token path hands over chars that need not be ASCII, the one-pass read only ASCII bytes: a char whose low byte is
     * the one it replaces (U+0130 for '0', U+FF3A for 'Z') is refused, as java.time refuses it, never taken for that ASCII
     * character (as code shared with the byte paths could).
     */
    @Test
    void aCharBeyondAsciiIsNotItsLowByte() {
        for (String text : new String[] {"2024-02-29T23:59:59.999Z", "9999-12-31T23:59:59.123456789Z", "2026-11-30",
            "23:59:59.999", "00:00"}) {
            for (int at = 0; at < text.length(); at++) {
                for (int high : new int[] {0x100, 0xFF00}) {
                    String t = text.substring(0, at) + (char) (high | text.charAt(at)) + text.substring(at + 1);
                    char[] c = t.toCharArray();
                    assertEquals(Long.MIN_VALUE, IsoTimes.fastEpochMilli(c, 0, c.length), t);
                    assertNull(IsoTimes.fastInstantOrNull(c, 0, c.length), t);
                    assertEquals(Long.MIN_VALUE, IsoTimes.fastEpochDay(c, 0, c.length), t);
                    assertNull(IsoTimes.canonicalLocalDateOrNull(c, 0, c.length), t);
                    assertNull(IsoTimes.canonicalLocalTimeOrNull(t), t);
                    assertNull(timeOrNull(t), t);
                }
            }
        }
    }

    /** parseLocalTime's fast path: what it takes without java.time (which takes no more of these shapes). */
    private static LocalTime timeOrNull(String t) {
        try {
            return IsoTimes.parseLocalTime(t);
        } catch (java.time.DateTimeException e) {
            return null;
        }
    }

    private static String hhmmss(int s) {
        int h = s / 3600, m = s / 60 % 60, sec = s % 60;
        return "" + h / 10 + h % 10 + ':' + m / 10 + m % 10 + ':' + sec / 10 + sec % 10;
    }
}

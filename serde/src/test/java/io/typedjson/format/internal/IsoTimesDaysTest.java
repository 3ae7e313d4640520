package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.time.LocalDate;
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
}

package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IsoTimeTest {

    @Test
    void sameTextAsJavaTimeAndBack() {
        Random r = new Random(1);
        long[] edges = {0, -1, 1, 999, 1000, -1000, -62_167_219_200_000L, 253_402_300_799_999L, 253_402_300_800_000L,
                -62_167_219_200_001L, Long.MIN_VALUE / 4, Long.MAX_VALUE / 4, 951_782_400_000L /* 2000-02-29 */};
        for (int i = 0; i < 200_000 + edges.length; i++) {
            long ms = i < edges.length ? edges[i] : r.nextLong() % 300_000_000_000_000L;
            String text = Instant.ofEpochMilli(ms).toString();
            assertEquals(text, IsoTime.instant(ms));
            Long back = IsoTime.parseInstant(text);
            if (back != null) {
                assertEquals(ms, back.longValue(), text);
            }
            long day = Math.floorDiv(ms, 86_400_000L);
            String date = LocalDate.ofEpochDay(day).toString();
            assertEquals(date, IsoTime.date(day));
            Long d = IsoTime.parseDate(date);
            if (d != null) {
                assertEquals(day, d.longValue(), date);
            }
        }
    }

    @Test
    void anythingElseIsLeftToJavaTime() {
        for (String s : new String[] {"2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01t00:00:00Z",
                "2026-01-01T00:00:00.1Z", "2026-01-01T00:00:60Z", "+2026-01-01T00:00:00Z", "2026-01-01T00:00:00+01:00", "2026-1-01T00:00:00Z"}) {
            assertNull(IsoTime.parseInstant(s), s);
        }
        for (String s : new String[] {"2026-02-29", "2026-00-10", "2026/01/01", "-001-01-01", "20260101"}) {
            assertNull(IsoTime.parseDate(s), s);
        }
    }
}

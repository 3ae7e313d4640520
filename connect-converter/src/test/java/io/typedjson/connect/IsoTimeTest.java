package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Random;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** Timestamps and dates are written as java.time prints them and read back, fast path or not. */
class IsoTimeTest {

    private static final TypedJsonConverter CONVERTER = TypedJsonConverterTest.converter("header", false);

    private static String write(Schema schema, long millis) {
        return Samples.utf8(CONVERTER.fromConnectData("t", new org.apache.kafka.common.header.internals.RecordHeaders(), schema,
                new java.util.Date(millis)));
    }

    private static long read(Schema schema, String text) {
        org.apache.kafka.common.header.Headers headers = new org.apache.kafka.common.header.internals.RecordHeaders()
                .add("typedjson.schema", (schema == Date.SCHEMA ? "date" : "ts").getBytes(StandardCharsets.UTF_8));
        return ((java.util.Date) CONVERTER.toConnectData("t", headers, ("\"" + text + "\"").getBytes(StandardCharsets.UTF_8)).value()).getTime();
    }

    @Test
    void sameTextAsJavaTimeAndBack() {
        Random r = new Random(1);
        long[] edges = {0, -1, 1, 999, 1000, -1000, -62_167_219_200_000L, 253_402_300_799_999L, 253_402_300_800_000L,
                -62_167_219_200_001L, Long.MIN_VALUE / 4, Long.MAX_VALUE / 4, 951_782_400_000L /* 2000-02-29 */};
        for (int i = 0; i < 50_000 + edges.length; i++) {
            long ms = i < edges.length ? edges[i] : r.nextLong() % 300_000_000_000_000L;
            String text = Instant.ofEpochMilli(ms).toString();
            assertEquals("\"" + text + "\"", write(Timestamp.SCHEMA, ms));
            assertEquals(ms, read(Timestamp.SCHEMA, text), text);
            long day = Math.floorDiv(ms, 86_400_000L);
            if (day != (int) day) {
                long beyond = day;
                assertThrows(DataException.class, () -> write(Date.SCHEMA, beyond * 86_400_000L));
                continue;
            }
            String date = LocalDate.ofEpochDay(day).toString();
            assertEquals("\"" + date + "\"", write(Date.SCHEMA, day * 86_400_000L));
            assertEquals(day * 86_400_000L, read(Date.SCHEMA, date), date);
        }
    }

    @Test
    void otherIsoFormsAreReadByJavaTimeAndInvalidOnesRefused() {
        long newYear = 1_767_225_600_000L; // 2026-01-01T00:00:00Z
        assertEquals(newYear + 100, read(Timestamp.SCHEMA, "2026-01-01T00:00:00.1Z"));
        assertEquals(newYear + 100, read(Timestamp.SCHEMA, "2026-01-01T00:00:00.100000Z"));
        assertEquals(newYear, read(Timestamp.SCHEMA, "2026-01-01t00:00:00z"));
        assertEquals(253_402_300_800_000L, read(Timestamp.SCHEMA, "+10000-01-01T00:00:00Z"));
        for (String bad : new String[] {"2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01T00:00:60Z", "2026-1-01T00:00:00Z",
                "2026-01-01T00:00:00.0001Z"}) {
            assertThrows(DataException.class, () -> read(Timestamp.SCHEMA, bad), bad);
        }
        assertEquals(951_782_400_000L, read(Date.SCHEMA, "2000-02-29"));
        for (String bad : new String[] {"2026-02-29", "2026-00-10", "2026/01/01", "20260101"}) {
            assertThrows(DataException.class, () -> read(Date.SCHEMA, bad), bad);
        }
    }
}

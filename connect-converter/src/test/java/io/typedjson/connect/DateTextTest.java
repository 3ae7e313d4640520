package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.format.internal.IsoTimes;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** ValueCodec's date and timestamp writers spell every value as LocalDate.toString() and IsoTimes.text do. */
class DateTextTest {

    interface Write {
        void to(JsonWriter out);
    }

    @Test
    void datesAsLocalDateToString() {
        long[] days = {LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay(), 0, -1, 20_000,
            LocalDate.of(10_000, 1, 1).toEpochDay(), LocalDate.of(-1, 12, 31).toEpochDay(), LocalDate.of(999, 2, 3).toEpochDay(),
            Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (long day : days) {
            LocalDate d = LocalDate.ofEpochDay(day);
            check(d.toString(), out -> ValueCodec.writeDay(out, day));
        }
        for (LocalDate d = LocalDate.of(1999, 12, 1); d.isBefore(LocalDate.of(2001, 3, 1)); d = d.plusDays(1)) {
            LocalDate day = d;
            check(d.toString(), out -> ValueCodec.writeDay(out, day.toEpochDay()));
        }
    }

    @Test
    void timestampsAsIsoTimes() {
        long[] edges = {0, -1, 1, 999, 1000, 1001, -1000, -999, 86_399_999, 86_400_000, 1_764_000_000_123L,
            Instant.parse("0000-01-01T00:00:00Z").toEpochMilli(), Instant.parse("0000-01-01T00:00:00Z").toEpochMilli() - 1,
            Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli(), Instant.parse("9999-12-31T23:59:59.999Z").toEpochMilli() + 1,
            Long.MAX_VALUE, Long.MIN_VALUE, 86_400_000L * Integer.MAX_VALUE, 86_400_000L * Integer.MIN_VALUE - 1};
        for (long millis : edges) {
            checkTimestamp(millis);
        }
        Random random = new Random(13);
        for (int i = 0; i < 20_000; i++) {
            long millis = random.nextLong() % 400_000_000_000_000L; // within about 12,700 years either side of 1970
            checkTimestamp(i % 2 == 0 ? millis : millis / 1000 * 1000);
        }
    }

    private static void checkTimestamp(long millis) {
        check(IsoTimes.text(Instant.ofEpochMilli(millis)), out -> ValueCodec.writeTimestamp(out, millis));
    }

    private static void check(String expected, Write write) {
        byte[] written = TypedJsonFormat.defaults().write(new Codec<Object>() {
            @Override
            public void write(JsonWriter out, Object ignored) {
                write.to(out);
            }

            @Override
            public Object read(JsonReader in) {
                throw new UnsupportedOperationException();
            }
        }, null);
        assertEquals("\"" + expected + "\"", new String(written, java.nio.charset.StandardCharsets.UTF_8));
    }
}

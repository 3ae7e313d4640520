package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** ValueCodec.writeDate spells every date as LocalDate.toString() does. */
class DateTextTest {

    @Test
    void sameAsLocalDateToString() throws IOException {
        long[] days = {LocalDate.of(0, 1, 1).toEpochDay(), LocalDate.of(9999, 12, 31).toEpochDay(), 0, -1, 20_000,
            LocalDate.of(10_000, 1, 1).toEpochDay(), LocalDate.of(-1, 12, 31).toEpochDay(), LocalDate.of(999, 2, 3).toEpochDay(),
            Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (long day : days) {
            check(LocalDate.ofEpochDay(day));
        }
        for (LocalDate d = LocalDate.of(1999, 12, 1); d.isBefore(LocalDate.of(2001, 3, 1)); d = d.plusDays(1)) {
            check(d);
        }
    }

    private static void check(LocalDate d) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            ValueCodec.writeDate(g, d);
        }
        assertEquals("\"" + d + "\"", w.toString());
    }
}

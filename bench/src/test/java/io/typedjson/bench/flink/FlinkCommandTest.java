package io.typedjson.bench.flink;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.bench.flink.FlinkCommand.Result;
import io.typedjson.bench.flink.FlinkCommand.Sale;
import io.typedjson.bench.flink.FlinkCommand.Total;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How the flink command judges a job's output: column by column against the aggregation computed in Java; a command line
 * it cannot run is refused before a broker or a job starts.
 */
class FlinkCommandTest {

    private static final FlinkCommand.Variant JSON = FlinkCommand.VARIANTS.get(1);

    @Test
    void theExpectedTotalsAreTheJavaAggregation() {
        List<Sale> sales = List.of(new Sale(1, "a", new BigDecimal("1.10"), Instant.ofEpochSecond(5), (short) 2),
                new Sale(2, "a", new BigDecimal("2.00"), Instant.ofEpochSecond(-5), (short) 3));
        assertEquals(Map.of("a", new Total("a", 2, new BigDecimal("3.10"), Instant.ofEpochSecond(-5), Instant.ofEpochSecond(5), 5)),
                FlinkCommand.expected(sales));
    }

    @Test
    void aColumnIsDifferentWhenItsValueOrScaleIs() {
        Map<String, Total> expected = Map.of("a", new Total("a", 2, new BigDecimal("3.10"), Instant.EPOCH, Instant.EPOCH, 5),
                "b", new Total("b", 1, new BigDecimal("1.00"), Instant.EPOCH, Instant.EPOCH, 1));
        // json's spelling of the same values: a timestamp with another fraction count is the same instant
        String sameA = "{\"customer\":\"a\",\"sales\":2,\"total\":3.10,\"first_at\":\"1970-01-01T00:00:00.000Z\","
                + "\"last_at\":\"1970-01-01T00:00:00Z\",\"qty\":5}";
        String scaleB = "{\"customer\":\"b\",\"sales\":1,\"total\":1,\"first_at\":null,\"last_at\":\"1970-01-01T00:00:00Z\",\"qty\":1}";
        Result r = FlinkCommand.compare(JSON, 1, 1000, 10, List.of(sameA.getBytes(UTF_8), scaleB.getBytes(UTF_8)), expected);
        assertEquals(Map.of("total", 1, "first_at", 1), r.columnsDifferent());
        assertEquals("b total: 1 for 1.00", r.firstDifference());
        assertEquals(10.0, r.recordsPerSecond());

        Result missing = FlinkCommand.compare(JSON, 1, 1000, 10, List.of(sameA.getBytes(UTF_8), "{".getBytes(UTF_8)), expected);
        assertEquals(Map.of("(rows missing)", 1, "(unreadable)", 1), missing.columnsDifferent());
    }

    /** The first line of what the command printed on standard error; status 2 and the usage after it. */
    private static String refusal(String... args) {
        PrintStream err = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            assertEquals(2, FlinkCommand.run(args));
        } finally {
            System.setErr(err);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(true, printed.contains("\nusage: java -jar bench/target/typedjson-bench.jar flink"), printed);
        return printed.substring(0, printed.indexOf('\n'));
    }

    @Test
    void badOptionsAreRefused() {
        assertEquals("--records needs a whole number of at least 1, not x", refusal("--records", "x"));
        assertEquals("--runs needs a whole number of at least 1, not 0", refusal("--runs", "0"));
        assertEquals("--results-dir needs a value", refusal("--results-dir"));
        assertEquals("unknown option --bogus", refusal("--bogus"));
    }
}

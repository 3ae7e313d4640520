package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A command line report cannot run is refused before anything is measured (or a broker started): one line, status 2. */
class ReportCommandTest {

    private static String refusal(String... args) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            assertEquals(2, ReportCommand.run(args));
        } finally {
            System.setErr(err);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badOptionValuesAreRefusedBeforeMeasuring() throws Exception {
        assertEquals("report: --records needs a whole number of at least 1, not x; see report --help\n", refusal("--records", "x"));
        assertEquals("report: --forks needs a whole number of at least 1, not 0; see report --help\n", refusal("--forks", "0"));
        assertEquals("report: --time needs a number of seconds from 0.001 to 3600, not -1; see report --help\n",
                refusal("--time", "-1"));
        assertEquals("report: --out needs a value; see report --help\n", refusal("--out"));
        assertEquals("report: unknown data set 'nope'; the data sets are orders, rows, cdc, board; see report --help\n",
                refusal("--datasets", "nope"));
        assertEquals("report: unknown codec 'nope'; the codecs are " + String.join(", ", io.typedjson.bench.codec.Codecs.names())
                + "; see report --help\n", refusal("--codecs", "fastjson2,nope"));
    }
}

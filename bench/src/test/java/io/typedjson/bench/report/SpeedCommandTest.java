package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A command line speed cannot run is refused before anything is measured: one line, exit status 2. */
class SpeedCommandTest {

    private static String refusal(String... args) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            assertEquals(2, SpeedCommand.run(args));
        } finally {
            System.setErr(err);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badOptionValuesAreRefusedBeforeMeasuring() throws Exception {
        assertEquals("speed: unknown data set 'nope'; the data sets are orders, rows, cdc, board; see speed --help\n",
                refusal("--datasets", "orders,nope", "--targets", "typedjson-class"));
        assertEquals("speed: --runs needs a whole number of at least 1, not x; see speed --help\n", refusal("--runs", "x"));
        assertEquals("speed: --rounds needs a whole number of at least 1, not -1; see speed --help\n", refusal("--rounds", "-1"));
        assertEquals("speed: --runs needs a whole number of at least 1, not 0; see speed --help\n", refusal("--runs", "0"));
        assertEquals("speed: --datasets needs a value; see speed --help\n", refusal("--datasets"));
        assertEquals("speed: --from /nonexistent/speed.csv: no such file; see speed --help\n",
                refusal("--from", "/nonexistent/speed.csv"));
        assertEquals("speed: --targets: no speed target of nope; the codecs with targets are "
                + String.join(", ", Interleaved.TARGETS.stream().map(Interleaved.Target::codec).distinct().toList())
                + "; see speed --help\n", refusal("--targets", "nope"));
    }

    @Test
    void aFileThatIsNoSpeedCsvOrNoPageWithMarkersIsRefusedBeforeMeasuring(@TempDir Path dir) throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello\n");
        assertEquals("speed: --from " + text + " is not a speed.csv (its first line is not the header dataset,codec,rival,...);"
                + " see speed --help\n", refusal("--from", text.toString()));
        Path empty = Files.writeString(dir.resolve("empty.csv"), "");
        assertEquals("speed: --from " + empty + " is not a speed.csv (its first line is not the header dataset,codec,rival,...);"
                + " see speed --help\n", refusal("--from", empty.toString()));
        // used to end in a NoSuchFileException's stack trace, and without --from only after the whole measurement
        assertEquals("speed: --readme /nonexistent/benchmarks.md: no such file; see speed --help\n",
                refusal("--readme", "/nonexistent/benchmarks.md", "--datasets", "orders"));
        assertEquals("speed: --readme " + text + " has no speed table markers: " + ReportWriter.README_BEGIN + " ... "
                + ReportWriter.README_END + "; see speed --help\n", refusal("--readme", text.toString(), "--datasets", "orders"));
    }
}

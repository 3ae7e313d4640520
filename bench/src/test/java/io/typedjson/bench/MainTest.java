package io.typedjson.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The top-level usage lists every command that Main runs. */
class MainTest {

    @Test
    void theUsageListsEveryCommand() throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            assertEquals(0, Main.run(new String[] {"--help"}));
        } finally {
            System.setOut(out);
        }
        String usage = bytes.toString(StandardCharsets.UTF_8);
        // the commands are the cases of Main.run's switch ("flink" was missing from the usage)
        String source = Files.readString(Path.of("src/main/java/io/typedjson/bench/Main.java"), StandardCharsets.UTF_8);
        Matcher cases = Pattern.compile("case \"([a-z]+)\":").matcher(source);
        int commands = 0;
        while (cases.find()) {
            commands++;
            assertTrue(usage.contains("\n  " + cases.group(1) + " "), cases.group(1) + " missing from the usage:\n" + usage);
        }
        assertEquals(8, commands);
    }

    @Test
    void noCommandIsAUsageErrorOnStandardError() throws Exception {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream(), stderr = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            assertEquals(2, Main.run(new String[0]));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertEquals("", stdout.toString(StandardCharsets.UTF_8));
        assertTrue(stderr.toString(StandardCharsets.UTF_8).startsWith("usage: "), stderr.toString(StandardCharsets.UTF_8));
    }
}

package io.typedjson.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The log lines of a test: slf4j-simple (the tests' SLF4J binding, {@code simplelogger.properties}) writes each line
 * to the {@code System.err} of the moment, so while this is open {@code System.err} also goes into a buffer. Lines
 * still reach the test's own output.
 */
public final class LogCapture implements AutoCloseable {
    private final PrintStream original;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    private LogCapture() {
        original = System.err;
        OutputStream tee = new OutputStream() {
            @Override
            public void write(int b) {
                original.write(b);
                synchronized (captured) {
                    captured.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                synchronized (captured) {
                    captured.write(b, off, len);
                }
            }
        };
        System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
    }

    public static LogCapture start() {
        return new LogCapture();
    }

    /** The lines logged at {@code level} (WARN, INFO) by the logger named {@code logger}. */
    public List<String> lines(String level, String logger) {
        String text;
        synchronized (captured) {
            text = captured.toString(StandardCharsets.UTF_8);
        }
        String mark = " " + level + " " + logger + " - ";
        return Arrays.stream(text.split("\n")).filter(l -> l.contains(mark)).toList();
    }

    /** The warnings of {@code logger}'s class. */
    public List<String> warnings(Class<?> logger) {
        return lines("WARN", logger.getName());
    }

    @Override
    public void close() {
        System.err.flush();
        System.setErr(original);
    }
}

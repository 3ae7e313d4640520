package io.typedjson.bench.cluster;

import java.io.PrintStream;

/** A running count on stderr: one line rewritten in place on a terminal, a line every few seconds otherwise. */
final class Progress {
    private final PrintStream err;
    private final boolean terminal = System.console() != null;
    private String what = "";
    private int total;
    private long started;
    private long lastPrint;

    Progress(PrintStream err) {
        this.err = err;
    }

    void start(String what, int total) {
        this.what = what;
        this.total = total;
        this.started = System.nanoTime();
        this.lastPrint = started;
        if (terminal) {
            err.print("\r\033[K" + what + " 0/" + total);
            err.flush();
        }
    }

    void update(long n) {
        long now = System.nanoTime();
        long every = terminal ? 200_000_000L : 5_000_000_000L;
        if (now - lastPrint >= every) {
            lastPrint = now;
            String line = String.format("%s %,d/%,d", what, n, total);
            if (terminal) {
                err.print("\r\033[K" + line);
            } else {
                err.println(line);
            }
            err.flush();
        }
    }

    void done(long n, double seconds) {
        String line = Double.isNaN(seconds) ? String.format("%s %,d/%,d", what, n, total)
                : String.format("%s %,d/%,d in %.2f s", what, n, total, seconds);
        if (terminal) {
            err.print("\r\033[K" + line);
        } else {
            err.println(line);
        }
        err.flush();
    }

    void note(String s) {
        if (terminal) {
            err.println();
        }
        err.println(s);
        err.flush();
    }

    void line(String s) {
        if (terminal) {
            err.print("\r\033[K");
        }
        err.println(s);
        err.flush();
    }
}

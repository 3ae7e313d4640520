package io.typedjson.bench.cluster;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * One timed window (a produce, or one consume pass) and what else the JVM did during it: garbage collection pauses,
 * page faults (first touches of memory, in the kernel), JIT compilation, and the CPU time of the threads being timed
 * against the window's wall time. A window is <em>disturbed</em> when any of these took a noticeable share of it:
 * its time then says more about the JVM than about the codec.
 *
 * @param seconds wall time of the window
 * @param gcPauseMs time the collectors report for collections during the window (G1: young, mixed and full pauses)
 * @param pageFaults minor and major page faults of the whole process during the window; -1 where not known (not Linux)
 * @param cpuMs CPU time of the timed threads (user and system) during the window
 * @param threads how many threads were timed
 * @param jitMs time the JIT compilers spent compiling during the window (summed over compiler threads)
 */
record Window(double seconds, double gcPauseMs, long pageFaults, double cpuMs, int threads, double jitMs) {

    /** GC pauses or compilation above this share of a window disturb it. */
    static final double SHARE_LIMIT = 0.05;
    /**
     * More page faults than this disturb a window: a first touch costs about 10 µs of kernel time (measured on the
     * issue's machine: 55,026 faults took 652 ms), so 1,000 are about 10 ms, 5 % of a 200 ms window.
     */
    static final long FAULT_LIMIT = 1_000;

    boolean disturbed() {
        return !reasons().isEmpty();
    }

    /** What disturbed the window, e.g. "GC 23 ms (12 %)", "1,402 page faults"; empty when nothing did. */
    List<String> reasons() {
        List<String> r = new ArrayList<>();
        double ms = seconds * 1000;
        if (gcPauseMs > SHARE_LIMIT * ms) {
            r.add(String.format(Locale.ROOT, "GC %.0f ms (%.0f %%)", gcPauseMs, 100 * gcPauseMs / ms));
        }
        if (jitMs > SHARE_LIMIT * ms) {
            r.add(String.format(Locale.ROOT, "JIT %.0f ms (%.0f %%)", jitMs, 100 * jitMs / ms));
        }
        if (pageFaults > FAULT_LIMIT) {
            r.add(String.format(Locale.ROOT, "%,d page faults", pageFaults));
        }
        return r;
    }

    /** CPU time of the timed threads over the window's wall time per thread: 1 when they never waited. */
    double cpuVsWall() {
        return threads == 0 || seconds <= 0 || cpuMs < 0 ? Double.NaN : cpuMs / (seconds * 1000 * threads);
    }

    /** The process's counters at the start of a window; {@link #stop} gives the window. */
    static final class Probe {
        private final long nanos = System.nanoTime();
        private final double gcMs = gcMillis();
        private final long faults = pageFaultsOfThisProcess();
        private final double jitMs = jitMillis();

        static Probe start() {
            return new Probe();
        }

        long startNanos() {
            return nanos;
        }

        /** The window from the start until now, with the timed threads' CPU time measured by the caller. */
        Window stop(double threadCpuMs, int threads) {
            long now = System.nanoTime();
            long f = pageFaultsOfThisProcess();
            return new Window((now - nanos) / 1e9, gcMillis() - gcMs, f < 0 || faults < 0 ? -1 : f - faults,
                    threadCpuMs, threads, jitMillis() - jitMs);
        }
    }

    /**
     * Waits until the JIT compilers have finished no compilation for {@code quietMs} (at most {@code maxMs}): compiles
     * queued by the untimed work before a window (the comparing read, the previous codec) then finish before its clock
     * starts instead of inside it. Returns how long it waited, in ms.
     */
    static long awaitQuietCompiler(long quietMs, long maxMs) {
        return awaitQuietCompiler(quietMs, maxMs, Clock.SYSTEM, Window::jitMillis);
    }

    /** As above, on {@code clock}, with the compilers' total time from {@code jitMillis} (a test's, or the JVM's). */
    static long awaitQuietCompiler(long quietMs, long maxMs, Clock clock, DoubleSupplier jitMillis) {
        long start = clock.nanoTime();
        long deadline = start + maxMs * 1_000_000;
        double before = jitMillis.getAsDouble();
        try {
            while (clock.nanoTime() < deadline) {
                clock.sleep(Math.max(1, Math.min(quietMs, (deadline - clock.nanoTime()) / 1_000_000)));
                double now = jitMillis.getAsDouble();
                if (now == before) {
                    break;
                }
                before = now;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return (clock.nanoTime() - start) / 1_000_000;
    }

    /** The time {@link #awaitQuietCompiler} reads and sleeps on. */
    interface Clock {
        Clock SYSTEM = new Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleep(long ms) throws InterruptedException {
                Thread.sleep(ms);
            }
        };

        long nanoTime();

        void sleep(long ms) throws InterruptedException;
    }

    /** CPU time of the calling thread in ms (user and system), or -1 where the JVM does not measure it. */
    static double currentThreadCpuMs() {
        var threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() / 1e6 : -1;
    }

    static double gcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    static double jitMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
    }

    /** Minor plus major page faults of this process so far, from /proc/self/stat; -1 where there is none. */
    static long pageFaultsOfThisProcess() {
        try {
            return pageFaults(Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Fields 10 (minflt) and 12 (majflt) of a {@code /proc/PID/stat} line, summed; counted after the command name,
     * which is in parentheses and may itself contain spaces.
     */
    static long pageFaults(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state): field n is f[n - 3]
        return Long.parseLong(f[10 - 3]) + Long.parseLong(f[12 - 3]);
    }
}

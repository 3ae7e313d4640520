package io.typedjson.bench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

import io.typedjson.bench.codec.BenchCodec;

/**
 * The JVM that measures: a child of the one {@code java -jar} started, with a fixed heap ({@code -Xms} = {@code -Xmx})
 * touched in full at its start ({@code -XX:+AlwaysPreTouch}), so that no timed window pays for growing the heap or for
 * the kernel's first touch of its pages. The broker already runs in a child JVM of its own; the user's command stays
 * {@code java -jar bench/target/typedjson-bench.jar cluster}.
 *
 * <p>The heap is sized by the run: what one record and one codec's value for it hold (measured on a sample of the data
 * set in this JVM, after a full collection before and after), times the records the run keeps, plus a fixed allowance
 * for the Kafka clients' buffers; twice that, so that old collections stay rare, plus room for the young generation.
 */
final class MeasuringJvm {

    /** The child's marker: measure in this JVM, do not start another. */
    static final String IN_PROCESS = "--in-process";
    /** System property the child gets: how its heap was sized, for the report. */
    static final String HEAP_PROPERTY = "typedjson.bench.heap";

    static final long MB = 1L << 20;
    /** The Kafka clients' buffers (a producer's 32 MB, a consumer's fetches) and the bench's own, beside the data. */
    static final long CLIENTS = 256 * MB;
    /** Room for the young generation beyond twice the live data. */
    static final long YOUNG = 512 * MB;
    static final long MINIMUM = 1024 * MB;
    /** Records of each data set measured to size the heap. */
    static final int SAMPLE = 4_000;

    private MeasuringJvm() {}

    /** A heap size and how it was chosen. */
    record Heap(long bytes, String how) {

        static Heap given(long bytes) {
            return new Heap(bytes, "--heap");
        }

        /**
         * Sized from a sample: per data set, the bytes a record and the largest codec's value for it retain, times
         * the records the run keeps of it; then {@link #size}.
         */
        static Heap measured(Map<String, Integer> recordsByDataset, ClusterCommand.Sources sources, long seed,
                             Function<String, List<BenchCodec<?>>> codecs) {
            double live = 0;
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Integer> e : recordsByDataset.entrySet()) {
                int n = Math.min(e.getValue(), SAMPLE);
                long records = retained(() -> sources.records(e.getKey(), n, seed));
                List<?> sample = sources.records(e.getKey(), n, seed);
                long values = 0;
                for (BenchCodec<?> c : codecs.apply(e.getKey())) {
                    values = Math.max(values, retained(() -> prepareAll(c, sample)));
                }
                double perRecord = (double) (records + values) / n;
                live += perRecord * e.getValue();
                parts.add(String.format(Locale.ROOT, "%,d %s × %,.0f B", e.getValue(), e.getKey(), perRecord));
            }
            return size((long) live, String.join(" + ", parts));
        }

        /** 2 × (live + the clients' buffers) + the young generation, in steps of 256 MB, at least 1 GB. */
        static Heap size(long live, String what) {
            long bytes = Math.max(MINIMUM, roundUp(2 * (live + CLIENTS) + YOUNG, 256 * MB));
            long physical = physicalMemory();
            String capped = "";
            if (physical > 0 && bytes > physical / 2) {
                bytes = Math.max(MINIMUM, physical / 2 / (256 * MB) * (256 * MB));
                capped = ", capped at half the machine's memory";
            }
            return new Heap(bytes, String.format(Locale.ROOT, "2 × (%s measured on a sample, + %d MB for clients) "
                    + "+ %d MB young%s", what, CLIENTS / MB, YOUNG / MB, capped));
        }
    }

    private static long roundUp(long v, long step) {
        return (v + step - 1) / step * step;
    }

    private static long physicalMemory() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : -1;
    }

    private static <V> List<V> prepareAll(BenchCodec<V> codec, List<?> records) {
        List<V> values = new ArrayList<>(records.size());
        for (Object r : records) {
            values.add(codec.prepare(r));
        }
        return values;
    }

    /** The heap {@code make}'s result retains: used heap after a full collection, with it against without it. */
    static long retained(Supplier<?> make) {
        long before = usedAfterFullGc();
        Object kept = make.get();
        long after = usedAfterFullGc();
        Reference.reachabilityFence(kept);
        return Math.max(0, after - before);
    }

    private static long usedAfterFullGc() {
        System.gc(); // G1 and Parallel: a full, stop-the-world collection
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** "2g", "1536m", "800000000": bytes. */
    static long parseSize(String option, String v) {
        String s = v.trim().toLowerCase(Locale.ROOT);
        long unit = s.endsWith("g") ? 1L << 30 : s.endsWith("m") ? MB : s.endsWith("k") ? 1L << 10 : 1;
        try {
            long n = Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1)) * unit;
            if (n < 256 * MB) {
                throw new IllegalArgumentException(option + " must be at least 256m: " + v);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a size such as 2g or 1536m, not " + v);
        }
    }

    /** The child's command line: this JVM's java and class path, the heap fixed and pre-touched, the same arguments. */
    static List<String> command(String subcommand, String[] args, Heap heap) {
        long mb = heap.bytes() / MB;
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xms" + mb + "m");
        cmd.add("-Xmx" + mb + "m");
        cmd.add("-XX:+AlwaysPreTouch");
        cmd.add("-XX:+UseG1GC");
        cmd.add("-D" + HEAP_PROPERTY + "=" + heap.how());
        // the user's -D options (a Kafka class path, log levels) hold in the child too
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-D") && !a.startsWith("-D" + HEAP_PROPERTY + "=")) {
                cmd.add(a);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(io.typedjson.bench.Main.class.getName());
        cmd.add(subcommand);
        cmd.addAll(List.of(args));
        cmd.add(IN_PROCESS);
        return cmd;
    }

    /** Runs the command in a child JVM sharing this one's console; its exit status, or 3 when it could not start. */
    static int runInChild(String subcommand, String[] args, Heap heap, PrintStream err) {
        err.printf(Locale.ROOT, "%s: measuring in a child JVM with a fixed, pre-touched heap of %,d MB (%s)%n",
                subcommand, heap.bytes() / MB, heap.how());
        Process child;
        try {
            child = new ProcessBuilder(command(subcommand, args, heap)).inheritIO().start();
        } catch (IOException e) {
            err.println(subcommand + ": failed: could not start the measuring JVM: " + e);
            return 3;
        }
        // Ctrl-C reaches both; a parent stopped otherwise stops the child, whose hooks stop its brokers
        Thread hook = new Thread(() -> {
            child.destroy();
            try {
                child.waitFor(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "typedjson-bench-stop-child");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return child.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.destroy();
            return 3;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs
            }
        }
    }

    /** In the child: exits (running the shutdown hooks that stop the brokers) when the parent JVM is gone. */
    static void exitWithParent() {
        if (System.getProperty(HEAP_PROPERTY) == null) {
            return;
        }
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.err.println("typedjson-bench: the JVM that started this measurement is gone; stopping");
            System.exit(3);
        }));
    }

    /** The report's line on the JVM that measured: its heap, and whether it was fixed and pre-touched. */
    static String describeThisJvm() {
        List<String> in = ManagementFactory.getRuntimeMXBean().getInputArguments();
        String xms = last(in, "-Xms");
        String xmx = last(in, "-Xmx");
        boolean preTouch = in.contains("-XX:+AlwaysPreTouch");
        long mb = Runtime.getRuntime().maxMemory() / MB;
        if (xms != null && xms.equals(xmx) && preTouch) {
            String how = System.getProperty(HEAP_PROPERTY);
            return String.format(Locale.ROOT, "measured in a JVM with a fixed, pre-touched heap of %s (%s)",
                    xmx, how == null ? "as started" : "sized " + how);
        }
        return String.format(Locale.ROOT, "measured in a JVM whose heap was not fixed and pre-touched (up to %,d MB)",
                mb);
    }

    private static String last(List<String> args, String prefix) {
        String v = null;
        for (String a : args) {
            if (a.startsWith(prefix)) {
                v = a.substring(prefix.length());
            }
        }
        return v;
    }
}

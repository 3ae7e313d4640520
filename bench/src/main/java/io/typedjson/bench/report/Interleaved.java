package io.typedjson.bench.report;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.Exactness;
import io.typedjson.bench.codec.SchemaTopicBroker;
import io.typedjson.bench.data.Datasets;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Same-run speed ratios that a shared, noisy machine cannot fool: every codec of a comparison is timed on the same
 * records within each round, in an order shuffled per round, for many rounds after a warm-up; a ratio is the median
 * over rounds of the per-round ratio, reported with its interquartile range. Whatever load the machine has in one
 * round, typedjson and its rival meet it alike. JMH stays for allocation profiles and for absolute times.
 *
 * <p>Each timed task records both the wall time and the timing thread's CPU time
 * ({@link ThreadMXBean#getCurrentThreadCpuTime}); the ratios and the verdict are taken from CPU time, and the wall-time
 * ratio is shown beside them. On a machine shared with other work, a task of a few milliseconds is descheduled for
 * whole scheduler slices at random, which no interleaving evens out when the machine runs several times more threads
 * than it has cores (wall-time ratios then scatter over a factor of four within a run); CPU time counts only what the
 * codec's own thread ran. What CPU time leaves out is garbage collection on other threads and in safepoint pauses,
 * which favours the codec that allocates more: the table shows the bytes each side allocates per record read, and
 * on an idle machine the wall ratio shows what the collector adds.
 *
 * <p>Every timed codec is checked once for exactness on the same records (the table's exact column): a faster codec
 * that gives back a different value does a different job.
 */
public final class Interleaved {
    /** What a target compares: ser+de time, serialize or deserialize time alone, or the bytes allocated per record read. */
    public enum Measure {
        TIME, SERIALIZE, DESERIALIZE, READ_BYTES;

        /** Whether the measure is a time (ratios over rounds, with a spread). */
        public boolean timed() {
            return this != READ_BYTES;
        }

        /** The spelling in speed.csv's measure column. */
        public String csv() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A comparison of the speed issue: {@code codec}'s {@code measure} over {@code rival}'s, at most the data set's
     * limit (below 1 = typedjson faster or leaner). A data set without a limit in {@code limits} is measured and shown
     * for reference only, judged by nothing; {@link #ALL} gives the limit of every data set not named.
     */
    public record Target(String codec, String rival, Measure measure, Map<String, Double> limits)
            implements java.io.Serializable {
        /** The key of {@code limits} that stands for every data set. */
        public static final String ALL = "*";

        /** A ser+de time target with the same limit on every data set. */
        public Target(String codec, String rival, double limit) {
            this(codec, rival, Measure.TIME, Map.of(ALL, limit));
        }

        /** The limit on the data set; NaN where the target shows the ratio for reference only. */
        public double limit(String dataset) {
            Double limit = limits.getOrDefault(dataset, limits.get(ALL));
            return limit == null ? Double.NaN : limit;
        }
    }

    /**
     * The speed targets of the "own the bytes" issue: the class serde against the fastest JSON on the JVM (fastjson2,
     * by time and by bytes allocated per record read), Jackson databind and protobuf with its mapping to the record; the
     * converter against schemaless JsonConverter (and, for reference, JsonConverter's plain JSON read with a configured
     * schema by each of them, KIP-1054); the dynamic model against Jackson on a Map. cdc (rows wrapped in a change
     * event) takes the rows limit where the issue states one per codec pair and was a target before; fastjson2 on cdc
     * and dsl-json everywhere are shown for reference. Issue 37's: the reference location's ser+de time at most the
     * inline location's (its schema topic on the broker {@link io.typedjson.bench.codec.SchemaTopicBroker}
     * starts). Dropped since: the converter against JsonConverter with
     * schemas (0.2×), which the limit against schemaless JsonConverter, about three times faster, implies.
     */
    public static final List<Target> TARGETS = List.of(
            // issue 37: the class serde on its codec written at compile time ahead of fastjson2 (0.9x, each direction
            // at most 1.0x on orders); the codec generated at run time within 1.1x of it (issue 30); the reflective one
            // (the fallback where no code can be generated) for reference
            new Target("typedjson-class", "fastjson2", Measure.TIME, Map.of("orders", 0.9, "rows", 0.9)),
            new Target("typedjson-class", "fastjson2", Measure.SERIALIZE, Map.of("orders", 1.0)),
            new Target("typedjson-class", "fastjson2", Measure.DESERIALIZE, Map.of("orders", 1.0)),
            new Target(Codecs.CLASS_RUNTIME, "typedjson-class", Measure.TIME, Map.of("orders", 1.1, "rows", 1.1)),
            new Target(Codecs.CLASS_REFLECTIVE, "typedjson-class", Measure.TIME, Map.of()),
            new Target("typedjson-class", "fastjson2", Measure.READ_BYTES, Map.of("orders", 1.0, "rows", 1.0)),
            new Target("typedjson-class", "dsl-json", Measure.TIME, Map.of()),
            new Target("typedjson-class", "jackson-record", Measure.TIME, Map.of("orders", 0.35, "rows", 0.3, "cdc", 0.3)),
            new Target("typedjson-class", "protobuf-record", Measure.TIME, Map.of("orders", 1.0, "rows", 2.5, "cdc", 2.5)),
            new Target("typedjson-connect", "jsonconverter-plain", 0.30),
            // moving from JsonConverter (issue 24): the same plain JSON read by each with the schema from its configuration
            new Target("typedjson-connect-plain", "jsonconverter-schema-content", Measure.TIME, Map.of()),
            new Target("typedjson-dynamic", "jackson-map", 0.6),
            // the schema once in a topic, a 16-byte reference per record, no slower than the inline location (issue 37;
            // issue 24 asked 0.8x) and, for reference, JsonConverter as KIP-1054 sets it up, which it is as small as
            new Target(Codecs.REFERENCE, "typedjson-connect", 1.0),
            new Target(Codecs.REFERENCE, "jsonconverter-schema-content", Measure.TIME, Map.of()));

    public static final List<String> DATASETS = List.of("orders", "rows", "cdc");

    /** Two runs back to back agree when their medians differ by at most this fraction (the speed issue's 15 %). */
    public static final double AGREEMENT = 0.15;

    /** How a run is sized. */
    public record Settings(int warmupRounds, int rounds, int runs, double millisPerTask) implements java.io.Serializable {
        public static final Settings DEFAULT = new Settings(40, 80, 2, 8);
        public static final Settings QUICK = new Settings(4, 12, 2, 4);

        @Override
        public String toString() {
            return "at least " + warmupRounds + " warm-up rounds, more until the JIT compiler has compiled nothing for "
                    + WarmUp.STILL_ROUNDS + " rounds in a row (at most " + WarmUp.MAX_NANOS / 1_000_000_000 + " s), "
                    + rounds + " timed rounds per run, " + runs + " runs back to back, about " + millisPerTask
                    + " ms per codec, direction and round";
        }
    }

    /**
     * One target measured on one data set.
     *
     * @param clock     what the ratios and ns are taken from: "cpu" (the timing thread's CPU time) or "wall" (where
     *                  the JVM does not measure CPU time, and in speed.csv files written before CPU time was measured)
     * @param median    ser+de ratio: the median over all rounds of all runs; q1 and q3 its quartiles; runMedians
     *                  each run's median
     * @param serialize serialize-only median ratio; deserialize likewise
     * @param wallMedian the ser+de ratio from wall time; cpuMedian from CPU time (NaN where not measured)
     * @param codecNs   the codec's median ser+de ns per record on {@code clock}; rivalNs the rival's
     * @param codecAllocation bytes allocated per record read by the codec, rivalAllocation by the rival
     * @param exact     null when typedjson's codec gave back every record exactly, else the first difference
     * @param rivalExact the same for the rival (some rivals are lossy by design: the target still holds against them);
     *                  "cannot carry ..." when it has no writer or reader for the record
     * @param edges     typedjson's codec on the data set's edge records ({@link SizeReport.EdgeRow#summary}); rivalEdges
     *                  the rival's (empty in a speed.csv written before they were measured)
     */
    public record Measured(String dataset, Target target, double limit, String clock, double median, double q1,
                           double q3, double[] runMedians, double serialize, double deserialize, double wallMedian,
                           double cpuMedian, double codecNs, double rivalNs, long codecAllocation, long rivalAllocation, String exact,
                           String rivalExact, String edges, String rivalEdges) implements java.io.Serializable {
        /** A measurement without the edge records' verdicts. */
        public Measured(String dataset, Target target, double limit, String clock, double median, double q1, double q3,
                        double[] runMedians, double serialize, double deserialize, double wallMedian, double cpuMedian,
                        double codecNs, double rivalNs, long codecAllocation, long rivalAllocation, String exact,
                        String rivalExact) {
            this(dataset, target, limit, clock, median, q1, q3, runMedians, serialize, deserialize, wallMedian, cpuMedian,
                    codecNs, rivalNs, codecAllocation, rivalAllocation, exact, rivalExact, "", "");
        }

        /** Whether a limit applies on this data set (otherwise the ratio is shown for reference). */
        public boolean isTarget() {
            return !Double.isNaN(limit);
        }

        /**
         * A target, exact, and within the limit on both clocks where both were measured: CPU time leaves out the
         * collector's work, wall time counts other work on the machine, and neither alone may flatter typedjson.
         */
        public boolean met() {
            return isTarget() && exact == null && worst() <= limit;
        }

        /** The larger of the two clocks' ratios (the one the verdict is judged by); NaN when not measured. */
        public double worst() {
            return Double.isNaN(wallMedian) ? median : Math.max(median, wallMedian);
        }

        /** Largest relative difference between two runs' medians. */
        public double runSpread() {
            double min = Arrays.stream(runMedians).min().orElse(Double.NaN);
            double max = Arrays.stream(runMedians).max().orElse(Double.NaN);
            return max / min - 1;
        }

        /** Whether the runs back to back agree within {@link #AGREEMENT}. */
        public boolean runsAgree() {
            return !(runSpread() > AGREEMENT); // one run, or nothing timed: nothing to disagree
        }
    }

    private Interleaved() {}

    /**
     * Measures every target on every data set, each data set in a JVM of its own (the same java, class path and JVM
     * options, as JMH forks its trials), the codecs of a data set still interleaved within it; prints progress to
     * {@code System.out}. A codec's time can depend on what else ran in its JVM: code compiled for one data set's
     * classes is deoptimized and compiled again for the next (in a JFR recording of orders, rows and cdc in one JVM,
     * 107 deoptimizations in typedjson's methods and 32 in fastjson2's, against 35 and 0 with orders alone, mostly
     * type checks and branches the first data set never took), and rows after orders once ran fastjson2 22 % and
     * the class serde 11 % slower than rows alone (a second pair of runs showed no difference). A JVM of its own
     * gives every data set the JIT state it gets alone: one data set gives the answer all do, by construction.
     */
    public static List<Measured> runForked(List<String> datasets, List<Target> targets, Settings s)
            throws IOException, InterruptedException {
        return runForked(datasets, targets, s, WarmUp.MAX_NANOS);
    }

    /** {@link #runForked(List, List, Settings)} with the warm-up bounded at {@code maxWarmUpNanos} (tests). */
    static List<Measured> runForked(List<String> datasets, List<Target> targets, Settings s, long maxWarmUpNanos)
            throws IOException, InterruptedException {
        List<Measured> out = new ArrayList<>();
        for (String dataset : datasets) {
            Path dir = Files.createTempDirectory("typedjson-speed-");
            Path in = dir.resolve("in.ser");
            Path result = dir.resolve("out.ser");
            try {
                try (ObjectOutputStream o = new ObjectOutputStream(Files.newOutputStream(in))) {
                    o.writeObject(new ArrayList<>(targets));
                    o.writeObject(s);
                    o.writeLong(maxWarmUpNanos);
                }
                List<String> command = new ArrayList<>();
                command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
                command.addAll(childOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
                command.addAll(List.of("-cp", System.getProperty("java.class.path"), Interleaved.class.getName(),
                        dataset, in.toString(), result.toString()));
                Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
                try (BufferedReader lines = new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = lines.readLine()) != null; ) {
                        System.out.println(line);
                    }
                    int status = child.waitFor();
                    if (status != 0) {
                        throw new IllegalStateException("the JVM that measured " + dataset + " exited with status "
                                + status);
                    }
                } finally {
                    child.destroy();
                }
                try (ObjectInputStream o = new ObjectInputStream(Files.newInputStream(result))) {
                    @SuppressWarnings("unchecked")
                    List<Measured> measured = (List<Measured>) o.readObject();
                    out.addAll(measured);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            } finally {
                Files.deleteIfExists(in);
                Files.deleteIfExists(result);
                Files.deleteIfExists(dir);
            }
        }
        return out;
    }

    /** The parent's JVM options for a child, less those a second JVM cannot share (a recording's file, a debug port). */
    static List<String> childOptions(List<String> parent) {
        return parent.stream().filter(o -> !o.startsWith("-XX:StartFlightRecording") && !o.startsWith("-agentlib:jdwp")
                && !o.startsWith("-Xrunjdwp")).toList();
    }

    /**
     * A child of {@link #runForked}: {@code <dataset> <targets and settings file> <results file>}. It measures the
     * data set with {@link #run} and exits.
     */
    public static void main(String[] args) {
        int status = 1;
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Path.of(args[1])))) {
            @SuppressWarnings("unchecked")
            List<Target> targets = (List<Target>) in.readObject();
            Settings s = (Settings) in.readObject();
            long maxWarmUpNanos = in.readLong();
            System.out.printf("  a JVM of its own for %s (pid %d)%n", args[0], ProcessHandle.current().pid());
            List<Measured> measured = run(List.of(args[0]), targets, s, maxWarmUpNanos);
            try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(Path.of(args[2])))) {
                out.writeObject(new ArrayList<>(measured));
            }
            status = 0;
        } catch (Exception | Error e) {
            e.printStackTrace();
        } finally {
            SchemaTopicBroker.stop(); // the targets of schema location reference start it
        }
        System.out.flush();
        System.exit(status); // Kafka's client threads of those targets would keep the JVM alive
    }

    /** Measures every target on every data set in this JVM; prints progress to {@code System.out}. */
    public static List<Measured> run(List<String> datasets, List<Target> targets, Settings s) {
        return run(datasets, targets, s, WarmUp.MAX_NANOS);
    }

    private static List<Measured> run(List<String> datasets, List<Target> targets, Settings s, long maxWarmUpNanos) {
        List<Measured> out = new ArrayList<>();
        for (String dataset : datasets) {
            Set<String> names = new LinkedHashSet<>();
            targets.forEach(t -> {
                names.add(t.codec());
                names.add(t.rival());
            });
            List<Subject> subjects = new ArrayList<>();
            for (String name : names) {
                subjects.add(new Subject(codec(dataset, name), dataset));
            }
            System.out.printf("interleaved timing on %s: %s; %s%n", dataset, names, s);
            subjects.stream().filter(x -> x.refused != null)
                    .forEach(x -> System.out.printf("  %s: %s, not timed%n", x.name(), x.refused));
            Map<String, double[][]> nanos = time(subjects, s, maxWarmUpNanos); // name -> [round][ser, de, ser CPU, de CPU]
            for (Target t : targets) {
                out.add(measure(dataset, t, subjects, nanos, s));
            }
        }
        return out;
    }

    private static BenchCodec<Object> codec(String dataset, String name) {
        return name.equals("protobuf-record") ? Codecs.protobufOnRecord(dataset) : Codecs.get(dataset, name);
    }

    /** One codec with its records prepared and encoded, ready to be timed. */
    private static final class Subject {
        final BenchCodec<Object> codec;
        final Object[] values;
        final byte[][] encoded;
        final String exact;
        /** Null, or why the codec cannot carry the records (then it is not timed). */
        final String refused;
        final String edges;
        long repetitions = 1;
        long allocatedPerRead = -1;
        int sink;

        Subject(BenchCodec<Object> codec, String dataset) {
            this.codec = codec;
            List<?> records = Datasets.generate(dataset, dataset.equals("board") ? 4 : 1024, Datasets.SEED);
            Object[] prepared = new Object[records.size()];
            byte[][] bytes = new byte[records.size()][];
            String difference = null;
            String cannot = null;
            for (int i = 0; i < prepared.length && cannot == null; i++) {
                try {
                    prepared[i] = codec.prepare(records.get(i));
                    bytes[i] = codec.encode(prepared[i]);
                    String d = Exactness.firstDifference(prepared[i], codec.decode(bytes[i]));
                    if (d != null && difference == null) {
                        difference = "record " + i + " " + d;
                    }
                } catch (RuntimeException e) {
                    cannot = SizeReport.CANNOT_CARRY + "record " + i + ": " + SizeReport.reason(e);
                }
            }
            refused = cannot;
            values = cannot == null ? prepared : new Object[0];
            encoded = cannot == null ? bytes : new byte[0][];
            exact = cannot == null ? difference : cannot;
            edges = SizeReport.edges(dataset, codec).summary();
        }

        String name() {
            return codec.name();
        }

        /**
         * Wall and CPU ns per record for {@code repetitions} passes over the records in one direction; the CPU time
         * is NaN where the JVM does not measure it.
         */
        double[] time(int direction) {
            long cpuStart = CPU ? THREADS.getCurrentThreadCpuTime() : 0;
            long start = System.nanoTime();
            for (long r = 0; r < repetitions; r++) {
                pass(direction);
            }
            long wall = System.nanoTime() - start;
            double perRecord = repetitions * (double) values.length;
            double cpu = CPU ? (THREADS.getCurrentThreadCpuTime() - cpuStart) / perRecord : Double.NaN;
            return new double[] {wall / perRecord, cpu};
        }

        void pass(int direction) {
            int h = 0;
            if (direction == 0) {
                for (Object v : values) {
                    h += codec.encode(v).length;
                }
            } else {
                for (byte[] b : encoded) {
                    h += System.identityHashCode(codec.decode(b));
                }
            }
            sink += h;
        }
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isCurrentThreadCpuTimeSupported() && enableCpuTime();

    private static boolean enableCpuTime() {
        if (!THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
        return THREADS.isThreadCpuTimeEnabled();
    }

    private static Map<String, double[][]> time(List<Subject> subjects, Settings s, long maxWarmUpNanos) {
        calibrate(subjects, s);
        Map<String, double[][]> nanos = new LinkedHashMap<>();
        subjects.forEach(x -> nanos.put(x.name(), new double[s.rounds() * s.runs()][4]));
        List<int[]> tasks = new ArrayList<>();
        for (int i = 0; i < subjects.size(); i++) {
            if (subjects.get(i).refused == null) {
                tasks.add(new int[] {i, 0});
                tasks.add(new int[] {i, 1});
            }
        }
        SplittableRandom random = new SplittableRandom(Datasets.SEED);
        warmUp(subjects, tasks, random, s, maxWarmUpNanos);
        // again, compiled: calibrated on a cold JVM's interpreted passes, the timed tasks took half their millisPerTask
        calibrate(subjects, s);
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean watch = jit != null && jit.isCompilationTimeMonitoringSupported();
        long compiledBefore = watch ? jit.getTotalCompilationTime() : 0;
        int busyRounds = 0;
        for (int round = 0; round < s.rounds() * s.runs(); round++) {
            long compiled = watch ? jit.getTotalCompilationTime() : 0;
            shuffle(tasks, random);
            for (int[] task : tasks) {
                Subject subject = subjects.get(task[0]);
                double[] ns = subject.time(task[1]);
                double[] row = nanos.get(subject.name())[round];
                row[task[1]] = ns[0];
                row[2 + task[1]] = ns[1];
            }
            if (watch && jit.getTotalCompilationTime() != compiled) {
                busyRounds++;
            }
        }
        if (watch) {
            System.out.printf("  JIT compilation during the timed rounds: %d ms in %d of %d rounds%n",
                    jit.getTotalCompilationTime() - compiledBefore, busyRounds, s.rounds() * s.runs());
        }
        for (Subject subject : subjects) {
            subject.allocatedPerRead = subject.refused == null ? allocatedPerRead(subject) : -1;
        }
        return nanos;
    }

    /** Enough passes over the records that one timed task takes about {@code s.millisPerTask()}. */
    private static void calibrate(List<Subject> subjects, Settings s) {
        for (Subject subject : subjects) {
            if (subject.refused != null) {
                continue;
            }
            for (int warm = 0; warm < 3; warm++) {
                subject.pass(0);
                subject.pass(1);
            }
            long start = System.nanoTime();
            subject.pass(0);
            subject.pass(1);
            double passMillis = (System.nanoTime() - start) / 2e6;
            subject.repetitions = Math.max(1, Math.round(s.millisPerTask() / Math.max(passMillis, 1e-3)));
        }
    }

    /**
     * Untimed rounds until the JIT compiler has stopped compiling: {@link WarmUp#STILL_ROUNDS} rounds in a row in
     * which its total compilation time did not change at all and that end with nothing being compiled or queued
     * ({@link #compilerIdle}): every timed codec's hot code compiled, nothing deoptimized and compiled again; after
     * at least {@code s.warmupRounds()}; at most {@code maxNanos} ({@link WarmUp#MAX_NANOS}), and a line says when that bound ended it. A round count alone is not enough: with fewer codecs or data sets in the JVM
     * a round is shorter, and on a loaded machine the compiler threads get little CPU, so a rival's hot code could
     * still be compiled midway through the timed rounds (fastjson2 at 1,522 ns per order instead of about 600, and
     * runs back to back 154 % apart). Returns the rounds run.
     */
    private static int warmUp(List<Subject> subjects, List<int[]> tasks, SplittableRandom random, Settings s,
                              long maxNanos) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean watch = jit != null && jit.isCompilationTimeMonitoringSupported();
        WarmUp rule = new WarmUp(s.warmupRounds(), maxNanos);
        long begin = System.nanoTime();
        long compiled = watch ? jit.getTotalCompilationTime() : 0;
        do {
            shuffle(tasks, random);
            for (int[] task : tasks) {
                subjects.get(task[0]).time(task[1]);
            }
            long now = watch ? jit.getTotalCompilationTime() : compiled;
            rule.round(now - compiled, compilerIdle(), System.nanoTime() - begin);
            compiled = now;
        } while (watch ? rule.more() : rule.rounds() < s.warmupRounds());
        double seconds = (System.nanoTime() - begin) / 1e9;
        System.out.printf(java.util.Locale.ROOT, "  warm-up: %d rounds, %.1f s, %s%n", rule.rounds(), seconds,
                !watch ? "the JVM does not measure JIT compilation time: the minimum of rounds"
                        : rule.boundHit() ? "BOUND HIT: the JIT compiler was still compiling after " + maxNanos / 1_000_000_000
                                + " s (last in round " + rule.lastBusyRound() + "); the ratios may move between runs"
                        : "until the JIT compiler had compiled nothing for " + WarmUp.STILL_ROUNDS + " rounds (last compiled in round "
                                + rule.lastBusyRound() + ")");
        return rule.rounds();
    }

    /**
     * Whether the JIT compiler is compiling nothing and has nothing queued, from HotSpot's {@code Compiler.queue}
     * diagnostic command; true where the JVM has no such command. The total compilation time grows only when a
     * compilation ends, and a C2 compilation of a large read method takes seconds on a loaded machine: rounds that
     * end while it runs look still by that count alone (a warm-up ended so, then the timed rounds saw fastjson2's
     * and typedjson's hot methods compiled at tier 4).
     */
    static boolean compilerIdle() {
        String queue = compilerQueue();
        return queue == null || idleQueue(queue);
    }

    /** {@code Compiler.queue}'s text, or null where the JVM does not answer it. */
    static String compilerQueue() {
        try {
            return String.valueOf(ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerQueue",
                    new Object[] {null}, new String[] {String[].class.getName()}));
        } catch (javax.management.JMException | RuntimeException e) {
            return null;
        }
    }

    /** Whether {@code Compiler.queue}'s text shows no current compile and only empty queues. */
    static boolean idleQueue(String text) {
        return text.lines().map(String::strip).allMatch(line -> line.isEmpty() || line.equals("Empty")
                || line.equals("Current compiles:") || line.endsWith("compile queue:"));
    }

    /**
     * The rule that ends the warm-up, apart from the clock and the compiler: fed each round's JIT compilation time (ms,
     * {@link CompilationMXBean#getTotalCompilationTime()}'s change), whether the compiler was idle at its end
     * ({@link #compilerIdle}) and the time since the warm-up began.
     */
    static final class WarmUp {
        /** Rounds in a row without any compilation that end the warm-up. */
        static final int STILL_ROUNDS = 5;
        /** The warm-up ends here even if the compiler is still busy (a line says so). */
        static final long MAX_NANOS = 120_000_000_000L;

        private final int minRounds;
        private final long maxNanos;
        private int rounds, still, lastBusy;
        private boolean bound;

        WarmUp(int minRounds, long maxNanos) {
            this.minRounds = minRounds;
            this.maxNanos = maxNanos;
        }

        /**
         * A round: the compilation time it added (ms) and whether the compiler had nothing running or queued at its
         * end; {@code elapsedNanos} since the warm-up began.
         */
        void round(long compiledMillis, boolean idle, long elapsedNanos) {
            rounds++;
            if (compiledMillis == 0 && idle) {
                still++;
            } else {
                still = 0;
                lastBusy = rounds;
            }
            bound = elapsedNanos >= maxNanos && still < STILL_ROUNDS;
        }

        /** Whether to run another round. */
        boolean more() {
            return !bound && (rounds < minRounds || still < STILL_ROUNDS);
        }

        int rounds() {
            return rounds;
        }

        /** The last round in which the compiler compiled (0: none). */
        int lastBusyRound() {
            return lastBusy;
        }

        /** Whether the time bound ended the warm-up while the compiler was still busy. */
        boolean boundHit() {
            return bound;
        }
    }

    private static void shuffle(List<int[]> tasks, SplittableRandom random) {
        for (int i = tasks.size() - 1; i > 0; i--) {
            Collections.swap(tasks, i, random.nextInt(i + 1));
        }
    }

    /** Bytes the thread allocates per record read, or -1 where the JVM does not count them. */
    private static long allocatedPerRead(Subject subject) {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported()) {
            return -1;
        }
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        subject.pass(1);
        return (threads.getThreadAllocatedBytes(id) - before) / subject.values.length;
    }

    private static Measured measure(String dataset, Target t, List<Subject> subjects, Map<String, double[][]> nanos,
                                    Settings s) {
        Subject codec = find(subjects, t.codec());
        Subject rival = find(subjects, t.rival());
        double limit = t.limit(dataset);
        if (codec.refused != null || rival.refused != null) {
            double nan = Double.NaN;
            return new Measured(dataset, t, limit, "cpu", nan, nan, nan, new double[] {nan}, nan, nan, nan, nan, nan,
                    nan, codec.allocatedPerRead, rival.allocatedPerRead, codec.exact, rival.exact, codec.edges,
                    rival.edges);
        }
        if (t.measure() == Measure.READ_BYTES) {
            // one count per codec after the timed rounds (allocation hardly varies between passes)
            double ratio = (double) codec.allocatedPerRead / rival.allocatedPerRead;
            double nan = Double.NaN;
            return new Measured(dataset, t, limit, "bytes", ratio, ratio, ratio, new double[] {ratio}, nan, nan, nan,
                    nan, nan, nan, codec.allocatedPerRead, rival.allocatedPerRead, codec.exact, rival.exact, codec.edges,
                    rival.edges);
        }
        double[][] a = nanos.get(t.codec());
        double[][] b = nanos.get(t.rival());
        boolean cpu = !Double.isNaN(a[0][2]);
        int clock = cpu ? 2 : 0; // columns of the clock the verdict uses: CPU time where the JVM measures it
        // the directions the target times: both, or serialize (column 0) or deserialize (column 1) alone
        boolean withSer = t.measure() != Measure.DESERIALIZE, withDe = t.measure() != Measure.SERIALIZE;
        int n = a.length;
        double[] both = new double[n];
        double[] ser = new double[n];
        double[] de = new double[n];
        double[] wall = new double[n];
        double[] cpuBoth = new double[n];
        double[] codecNs = new double[n];
        double[] rivalNs = new double[n];
        for (int i = 0; i < n; i++) {
            wall[i] = timed(a[i], 0, withSer, withDe) / timed(b[i], 0, withSer, withDe);
            cpuBoth[i] = timed(a[i], 2, withSer, withDe) / timed(b[i], 2, withSer, withDe);
            both[i] = cpu ? cpuBoth[i] : wall[i];
            ser[i] = a[i][clock] / b[i][clock];
            de[i] = a[i][clock + 1] / b[i][clock + 1];
            codecNs[i] = timed(a[i], clock, withSer, withDe);
            rivalNs[i] = timed(b[i], clock, withSer, withDe);
        }
        double[] runMedians = new double[s.runs()];
        for (int r = 0; r < s.runs(); r++) {
            runMedians[r] = quantile(Arrays.copyOfRange(both, r * s.rounds(), (r + 1) * s.rounds()), 0.5);
        }
        return new Measured(dataset, t, limit, cpu ? "cpu" : "wall", quantile(both, 0.5),
                quantile(both, 0.25), quantile(both, 0.75), runMedians, quantile(ser, 0.5), quantile(de, 0.5),
                quantile(wall, 0.5), quantile(cpuBoth, 0.5), quantile(codecNs, 0.5), quantile(rivalNs, 0.5),
                codec.allocatedPerRead, rival.allocatedPerRead, codec.exact, rival.exact, codec.edges, rival.edges);
    }

    /** The ns of the directions timed, from the clock whose serialize column is {@code clock}. */
    private static double timed(double[] round, int clock, boolean ser, boolean de) {
        return (ser ? round[clock] : 0) + (de ? round[clock + 1] : 0);
    }

    private static Subject find(List<Subject> subjects, String name) {
        return subjects.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    }

    /** The q-quantile by linear interpolation between order statistics. */
    static double quantile(double[] values, double q) {
        double[] x = values.clone();
        Arrays.sort(x);
        double pos = q * (x.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, x.length - 1);
        return x[lo] + (x[hi] - x[lo]) * (pos - lo);
    }
}

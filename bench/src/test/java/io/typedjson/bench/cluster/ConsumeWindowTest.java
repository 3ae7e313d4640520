package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.zip.CRC32;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The pieces of #26 that need no broker: the checks of a timed pass, a window's disturbances, the codecs' order per
 * run, and the measuring JVM's heap and command line.
 */
class ConsumeWindowTest {

    private static final TestCodecs.TextCodec CODEC = new TestCodecs.TextCodec();

    private static byte[] value(int i) {
        return ("record " + i).getBytes(StandardCharsets.UTF_8);
    }

    private static int[] crcs(int count) {
        int[] crcs = new int[count];
        CRC32 crc = new CRC32();
        for (int i = 0; i < count; i++) {
            crc.reset();
            crc.update(value(i));
            crcs[i] = (int) crc.getValue();
        }
        return crcs;
    }

    private static ConsumerRecord<byte[], byte[]> record(int partition, long offset, int seq, byte[] value) {
        return new ConsumerRecord<>("t", partition, offset, ClusterBench.key(seq), value);
    }

    private static ConsumeCheck read(int count, List<ConsumerRecord<byte[], byte[]>> records) {
        ConsumeCheck check = new ConsumeCheck(count, 1, 2, crcs(count));
        records.forEach(r -> check.accept(r, new BytesCodec()));
        return check;
    }

    /** Decodes nothing: the bytes are the value. */
    private static final class BytesCodec implements io.typedjson.bench.codec.BenchCodec<byte[]> {
        @Override
        public String name() {
            return "bytes";
        }

        @Override
        public byte[] prepare(Object record) {
            return (byte[]) record;
        }

        @Override
        public byte[] encode(byte[] value) {
            return value;
        }

        @Override
        public byte[] decode(byte[] bytes) {
            if (bytes.length == 0) {
                throw new IllegalArgumentException("empty");
            }
            return bytes;
        }

        @Override
        public String settings() {
            return "";
        }
    }

    @Test
    void aCleanPassSeesWhatTheUntimedReadSaw() {
        List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            all.add(record(i % 2, i / 2, i, value(i)));
        }
        ConsumeCheck exact = read(10, all);
        ConsumeCheck pass = read(10, all);
        assertEquals(10, pass.consumed);
        assertEquals(0, pass.changed + pass.duplicated + pass.reordered + pass.unknownKeys);
        assertNull(pass.faultAgainst(exact));
        long bytes = all.stream().mapToLong(r -> r.value().length).sum();
        assertEquals(bytes, pass.bytes);
    }

    @Test
    void aPassThatSawOtherBytesADuplicateAReorderOrALossIsAFault() {
        List<ConsumerRecord<byte[], byte[]>> clean = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            clean.add(record(0, i, i, value(i)));
        }
        ConsumeCheck exact = read(6, clean);

        List<ConsumerRecord<byte[], byte[]>> changed = new ArrayList<>(clean);
        changed.set(2, record(0, 2, 2, value(7)));
        String fault = read(6, changed).faultAgainst(exact);
        assertTrue(fault.contains("1 changed (record 2 changed)"), fault);

        List<ConsumerRecord<byte[], byte[]>> undecodable = new ArrayList<>(clean);
        undecodable.set(3, record(0, 3, 3, new byte[0]));
        assertTrue(read(6, undecodable).faultAgainst(exact).contains("changed"));

        List<ConsumerRecord<byte[], byte[]>> twice = new ArrayList<>(clean);
        twice.add(record(0, 6, 5, value(5)));
        String dup = read(6, twice).faultAgainst(exact);
        assertTrue(dup.contains("1 not seen by the untimed read"), dup);

        List<ConsumerRecord<byte[], byte[]>> swapped = new ArrayList<>(clean);
        swapped.set(1, clean.get(2));
        swapped.set(2, clean.get(1));
        assertTrue(read(6, swapped).faultAgainst(exact).contains("1 reordered"));

        String lost = read(6, clean.subList(0, 5)).faultAgainst(exact);
        assertTrue(lost.contains("5 distinct records where the untimed read had 6"), lost);

        List<ConsumerRecord<byte[], byte[]>> stranger = new ArrayList<>(clean);
        stranger.add(record(1, 0, 99, value(1)));
        assertTrue(read(6, stranger).faultAgainst(exact).contains("1 unknown keys"));
    }

    @Test
    void checksOfSeveralConsumerThreadsAddUp() {
        int[] crcs = crcs(4);
        ConsumeCheck a = new ConsumeCheck(4, 1, 2, crcs);
        ConsumeCheck b = new ConsumeCheck(4, 1, 2, crcs);
        a.accept(record(0, 0, 0, value(0)), new BytesCodec());
        a.accept(record(0, 1, 1, value(1)), new BytesCodec());
        b.accept(record(1, 0, 2, value(2)), new BytesCodec());
        b.accept(record(1, 1, 1, value(1)), new BytesCodec()); // also read by a: a duplicate across threads
        a.add(b);
        assertEquals(4, a.consumed);
        assertEquals(3, a.seen.cardinality());
        assertEquals(1, a.duplicated);
    }

    @Test
    void aWindowIsDisturbedByGcCompilationOrPageFaults() {
        Window clean = new Window(0.2, 5, 100, 180, 1, 9);
        assertFalse(clean.disturbed(), clean.reasons().toString());
        assertEquals(0.9, clean.cpuVsWall(), 1e-9);
        assertEquals(List.of("GC 23 ms (12 %)"), new Window(0.2, 23, 0, 150, 1, 0).reasons());
        assertEquals(List.of("JIT 40 ms (20 %)"), new Window(0.2, 0, 0, 150, 1, 40).reasons());
        assertEquals(List.of("1,402 page faults"), new Window(0.2, 0, 1402, 150, 1, 0).reasons());
        assertEquals(3, new Window(0.2, 23, 1402, 150, 1, 40).reasons().size());
        assertTrue(Double.isNaN(new Window(0.2, 0, 0, -1, 1, 0).cpuVsWall()), "CPU time not measured");
        assertEquals(0.5, new Window(0.2, 0, 0, 200, 2, 0).cpuVsWall(), 1e-9, "per timed thread");
    }

    @Test
    void pageFaultsAreReadFromProcStatAfterTheCommandName() {
        // /proc/PID/stat: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt ...
        String stat = "4242 (java main) S 1 4242 4242 0 -1 4194560 120345 7 12 0 900 80 0 0 20 0 30 0 100";
        assertEquals(120345 + 12, Window.pageFaults(stat));
        long now = Window.pageFaultsOfThisProcess();
        if (java.nio.file.Files.exists(java.nio.file.Path.of("/proc/self/stat"))) {
            assertTrue(now > 0, "this JVM has touched pages: " + now);
            // 64 MiB outside the heap: above glibc's largest mmap threshold (32 MiB), so fresh pages from the
            // kernel that fault on their first touch, whatever the heap has touched before
            java.nio.ByteBuffer fresh = java.nio.ByteBuffer.allocateDirect(64 << 20);
            for (int i = 0; i < fresh.capacity(); i += 4096) {
                fresh.put(i, (byte) 1);
            }
            long after = Window.pageFaultsOfThisProcess();
            assertTrue(after > now, "touching 64 MiB of fresh pages counts faults: " + now + " then " + after);
        } else {
            assertEquals(-1, now, "unknown where there is no /proc");
        }
    }

    /** A clock that only moves when slept on, and what it was asked to sleep. */
    private static final class FakeClock implements Window.Clock {
        long nanos = 1_000_000_000L;
        final List<Long> sleeps = new ArrayList<>();

        @Override
        public long nanoTime() {
            return nanos;
        }

        @Override
        public void sleep(long ms) {
            sleeps.add(ms);
            nanos += ms * 1_000_000;
        }
    }

    /** The compilers' total time as the checks read it: one value per read, the last one from then on. */
    private static DoubleSupplier jit(double... totals) {
        int[] reads = {0};
        return () -> totals[Math.min(reads[0]++, totals.length - 1)];
    }

    @Test
    void waitingForAQuietCompilerEndsWhenNothingCompilesAndAtTheLatestAtItsLimit() {
        FakeClock quiet = new FakeClock();
        assertEquals(50, Window.awaitQuietCompiler(50, 2_000, quiet, jit(700)));
        assertEquals(List.of(50L), quiet.sleeps, "nothing compiled during the first quiet period: done");

        FakeClock settling = new FakeClock();
        assertEquals(200, Window.awaitQuietCompiler(50, 2_000, settling, jit(700, 710, 730, 731)));
        assertEquals(List.of(50L, 50L, 50L, 50L), settling.sleeps, "three busy periods, then a quiet one");

        FakeClock busy = new FakeClock();
        double[] total = {0};
        assertEquals(120, Window.awaitQuietCompiler(50, 120, busy, () -> total[0]++));
        assertEquals(List.of(50L, 50L, 20L), busy.sleeps, "always compiling: the limit, and no sleep past it");

        FakeClock longQuiet = new FakeClock();
        assertEquals(200, Window.awaitQuietCompiler(5_000, 200, longQuiet, jit(700)));
        assertEquals(List.of(200L), longQuiet.sleeps, "a quiet period longer than the limit is cut to it");

        // --jit-wait-ms 0: no wait at all, even while the compilers work
        FakeClock none = new FakeClock();
        assertEquals(0, Window.awaitQuietCompiler(250, 0, none, () -> total[0]++));
        assertEquals(List.of(), none.sleeps);
    }

    @Test
    void theOrderOfTheCodecsIsShuffledPerRunFromTheSeed() {
        List<String> codecs = List.of("a", "b", "c", "d", "e", "f", "g");
        List<List<String>> orders = ClusterCommand.runOrders(codecs, 6, 42);
        assertEquals(orders, ClusterCommand.runOrders(codecs, 6, 42), "the same seed gives the same orders");
        assertNotEquals(orders, ClusterCommand.runOrders(codecs, 6, 43));
        for (List<String> order : orders) {
            assertEquals(Set.copyOf(codecs), Set.copyOf(order));
            assertEquals(codecs.size(), order.size());
        }
        assertTrue(new HashSet<>(orders).size() > 1, "not the same order every run: " + orders);
        // no codec always follows the same one (the old rotation made b always follow a)
        Set<String> beforeB = new HashSet<>();
        for (List<String> order : orders) {
            int i = order.indexOf("b");
            beforeB.add(i == 0 ? "" : order.get(i - 1));
        }
        assertTrue(beforeB.size() > 1, "b's predecessors: " + beforeB);
    }

    @Test
    void theMeasuringJvmHasAFixedPreTouchedHeapAndTheSameArguments() {
        MeasuringJvm.Heap heap = new MeasuringJvm.Heap(1536L << 20, "test");
        List<String> cmd = MeasuringJvm.command("cluster", new String[] {"--records", "1000"}, heap);
        assertTrue(cmd.get(0).endsWith("java"), cmd.toString());
        assertTrue(cmd.contains("-Xms1536m") && cmd.contains("-Xmx1536m"), cmd.toString());
        assertTrue(cmd.contains("-XX:+AlwaysPreTouch"), cmd.toString());
        assertTrue(cmd.contains("-D" + MeasuringJvm.HEAP_PROPERTY + "=test"), cmd.toString());
        int main = cmd.indexOf(io.typedjson.bench.Main.class.getName());
        assertEquals(List.of("cluster", "--records", "1000", MeasuringJvm.IN_PROCESS),
                cmd.subList(main + 1, cmd.size()));
        assertEquals(System.getProperty("java.class.path"), cmd.get(cmd.indexOf("-cp") + 1));
    }

    @Test
    void theHeapIsTwiceTheLiveDataAndTheClientsPlusTheYoungGeneration() {
        long mb = 1L << 20;
        // 2 × (126 + 256) + 512 = 1276 MB: 1280 in steps of 256 MB
        assertEquals(1280 * mb, MeasuringJvm.Heap.size(126 * mb, "x").bytes());
        assertEquals(1024 * mb, MeasuringJvm.Heap.size(0, "x").bytes(), "at least 1 GB");
        assertTrue(MeasuringJvm.Heap.size(126 * mb, "200,000 orders × 664 B").how()
                .startsWith("2 × (200,000 orders × 664 B measured on a sample, + 256 MB for clients)"));
        assertEquals(2L << 30, MeasuringJvm.parseSize("--heap", "2g"));
        assertEquals(1536 * mb, MeasuringJvm.parseSize("--heap", "1536m"));
        assertThrows(IllegalArgumentException.class, () -> MeasuringJvm.parseSize("--heap", "12m"));
        assertThrows(IllegalArgumentException.class, () -> MeasuringJvm.parseSize("--heap", "lots"));
    }

    @Test
    void theHeapSizingMeasuresWhatARunKeeps() {
        long held = MeasuringJvm.retained(() -> new byte[64 << 20]);
        assertTrue(held >= (64 << 20) && held < (80 << 20), "a 64 MB array: " + held);
        assertTrue(MeasuringJvm.retained(() -> null) < (8 << 20), "nothing");
        // the test codecs' values of the test records: more records, more heap
        ClusterCommand.Sources sources = TestCodecs.sources(CODEC);
        MeasuringJvm.Heap small = MeasuringJvm.Heap.measured(java.util.Map.of("orders", 1_000), sources, 42,
                d -> sources.codecs(d));
        MeasuringJvm.Heap large = MeasuringJvm.Heap.measured(java.util.Map.of("orders", 5_000_000), sources, 42,
                d -> sources.codecs(d));
        assertTrue(large.bytes() > small.bytes(), small + " " + large);
        assertTrue(large.how().contains("5,000,000 orders ×"), large.how());
    }
}

package io.typedjson.bench.report;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.data.Datasets;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a decoded document costs in heap, per codec: the bytes it keeps alive once decoded (retained) beside the bytes
 * of the document itself, and the bytes its decoding allocates (garbage included).
 *
 * <p>Retained bytes are measured, not estimated: the heap in use after a full collection while {@link #COPIES} decoded
 * copies of each of the data set's records are held, less the heap in use before, divided by their number. So it is
 * everything a decoded document keeps reachable (maps and their entries, lists, boxes, strings, times) and nothing it
 * only allocated on the way; an object shared by all documents (a cached key, a small boxed number, an enum constant)
 * counts once for all of them, which is what it costs. Single-threaded, after the timed rounds, in the same JVM.
 * Allocated bytes per read are the reading thread's count ({@code ThreadMXBean.getThreadAllocatedBytes}).
 */
public final class HeapPerDocument {
    private HeapPerDocument() {}

    /** Decoded copies of each record held while the heap is measured. */
    static final int COPIES = 10;

    /**
     * One codec on one data set.
     *
     * @param documentBytes the mean size of its documents
     * @param retainedBytes heap a decoded document keeps alive, mean over the records; NaN where not measured
     * @param allocatedBytes bytes allocated per document read, -1 where the JVM does not count them
     */
    public record Row(String dataset, String codec, double documentBytes, double retainedBytes, long allocatedBytes) {
        /** Retained heap over the document's own bytes. */
        public double ratio() {
            return retainedBytes / documentBytes;
        }
    }

    /** The codecs the speed targets compare (typedjson's and the rivals), on each data set. */
    public static List<Row> measure(List<String> datasets, List<Interleaved.Target> targets) {
        return measure(datasets, targets, HeapPerDocument::measure);
    }

    /** The rows of {@code targets} on {@code datasets}, each measured by {@code one} (the unit test's stand-in). */
    static List<Row> measure(List<String> datasets, List<Interleaved.Target> targets,
            java.util.function.BiFunction<String, BenchCodec<Object>, Row> one) {
        Set<String> names = new LinkedHashSet<>();
        for (Interleaved.Target t : targets) {
            names.add(t.codec());
            names.add(t.rival());
        }
        List<Row> rows = new ArrayList<>();
        for (String dataset : datasets) {
            for (String name : names) {
                BenchCodec<Object> codec = name.equals("protobuf-record") ? Codecs.protobufOnRecord(dataset) : Codecs.get(dataset, name);
                try {
                    rows.add(one.apply(dataset, codec));
                } catch (RuntimeException e) {
                    rows.add(new Row(dataset, name, Double.NaN, Double.NaN, -1)); // a codec that cannot carry them
                }
            }
        }
        return rows;
    }

    /** One codec on the data set's records (those the speed targets time). */
    static Row measure(String dataset, BenchCodec<Object> codec) {
        List<?> records = Datasets.generate(dataset, 1024, Datasets.SEED);
        byte[][] documents = new byte[records.size()][];
        long bytes = 0;
        for (int i = 0; i < documents.length; i++) {
            documents[i] = codec.encode(codec.prepare(records.get(i)));
            bytes += documents[i].length;
        }
        for (int round = 0; round < 3; round++) { // warm: the decoder's caches and compiled code, not what is measured
            for (byte[] d : documents) {
                codec.decode(d);
            }
        }
        long allocated = allocatedPerRead(codec, documents);
        Object[] held = new Object[documents.length * COPIES];
        long before = usedAfterCollection();
        for (int i = 0; i < held.length; i++) {
            held[i] = codec.decode(documents[i % documents.length]);
        }
        long after = usedAfterCollection();
        Reference.reachabilityFence(held);
        return new Row(dataset, codec.name(), (double) bytes / documents.length, (double) (after - before) / held.length,
                allocated);
    }

    private static long allocatedPerRead(BenchCodec<Object> codec, byte[][] documents) {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isThreadAllocatedMemorySupported()) {
            return -1;
        }
        long id = Thread.currentThread().getId();
        long start = threads.getThreadAllocatedBytes(id);
        int sink = 0;
        for (byte[] d : documents) {
            sink += codec.decode(d) == null ? 0 : 1;
        }
        long per = (threads.getThreadAllocatedBytes(id) - start) / documents.length;
        return sink < 0 ? -1 : per;
    }

    /** Heap in use after full collections (twice: what the first frees may let a second free more). */
    private static long usedAfterCollection() {
        long used = 0;
        for (int i = 0; i < 2; i++) {
            System.gc();
            used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
        return used;
    }

    /** The markdown section: a table per data set of every codec measured. */
    public static String markdown(List<Row> rows) {
        StringBuilder md = new StringBuilder("# Heap per decoded document\n\n")
                .append("Retained: the heap a decoded document keeps alive, measured as the heap in use after a full ")
                .append("collection while ").append(COPIES).append(" decoded copies of each of the data set's 1024 records are held, ")
                .append("less the heap before, per document (what is shared by all documents, such as a cached key, counts ")
                .append("once). Allocated: bytes the reading thread allocates per document read, garbage included. ")
                .append("Document: the mean size of the codec's documents.\n");
        String dataset = null;
        for (Row r : rows) {
            if (!r.dataset().equals(dataset)) {
                dataset = r.dataset();
                md.append("\n## ").append(dataset).append("\n\n")
                        .append("| codec | document B | retained B/doc | retained ÷ document | allocated B/read |\n")
                        .append("|---|--:|--:|--:|--:|\n");
            }
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", r.codec(), num(r.documentBytes()),
                    num(r.retainedBytes()), Double.isNaN(r.ratio()) ? "—" : String.format(Locale.ROOT, "%.1f×", r.ratio()),
                    r.allocatedBytes() < 0 ? "—" : Long.toString(r.allocatedBytes())));
        }
        return md.toString();
    }

    public static String csv(List<Row> rows) {
        StringBuilder csv = new StringBuilder("dataset,codec,document_bytes,retained_bytes_per_document,allocated_bytes_per_read\n");
        for (Row r : rows) {
            csv.append(String.format(Locale.ROOT, "%s,%s,%.1f,%.1f,%d%n", r.dataset(), r.codec(), r.documentBytes(),
                    r.retainedBytes(), r.allocatedBytes()));
        }
        return csv.toString();
    }

    /** Writes heap.md and heap.csv into {@code dir}. */
    public static void write(Path dir, List<Row> rows) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("heap.md"), markdown(rows), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("heap.csv"), csv(rows), StandardCharsets.UTF_8);
    }

    private static String num(double x) {
        return Double.isNaN(x) ? "—" : String.format(Locale.ROOT, "%.0f", x);
    }
}

package io.typedjson.bench.report;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.Exactness;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.EdgeCases;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import java.util.zip.GZIPOutputStream;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.utils.internals.ByteBufferOutputStream;

/** Encodes every record of a data set with every codec, decodes it again, and measures bytes and exactness. */
public final class SizeReport {
    /** Kafka's default {@code batch.size}: records are compressed in groups of about this many bytes. */
    static final int BATCH_BYTES = 16 * 1024;
    private static final byte MAGIC_V2 = 2;

    private SizeReport() {}

    /**
     * One line of the size table.
     *
     * @param exactness null when every decoded value equals its prepared value, else the first difference
     * @param recordExactness for codecs that map back to the canonical record: null when exact, else the first
     *                        difference; "n/a" when the codec has no way back
     */
    public record Row(String dataset, String codec, int records, long rawBytes, long gzipBytes, long lz4Bytes,
                      long zstdBytes, String exactness, String recordExactness) {
        /** A codec that cannot carry the data set's records at all: no sizes, and the reason as its difference. */
        static Row cannotCarry(String dataset, String codec, String reason) {
            return new Row(dataset, codec, 0, 0, 0, 0, 0, CANNOT_CARRY + reason, "n/a");
        }

        /** Whether the codec carried every record (sizes are measured only then). */
        public boolean carried() {
            return records > 0;
        }

        /** NaN when the codec could not carry the records. */
        public double bytesPerRecord() {
            return carried() ? (double) rawBytes / records : Double.NaN;
        }

        public boolean exact() {
            return exactness == null && (recordExactness == null || recordExactness.equals("n/a"));
        }

        /** "yes", or "no: " and the first difference. */
        public String exactCell() {
            if (exactness != null) {
                return "no: " + exactness;
            }
            if (recordExactness != null && !recordExactness.equals("n/a")) {
                return "no (as record): " + recordExactness;
            }
            return "yes";
        }
    }

    /**
     * Measures the named data sets with the codecs {@code codecFilter} accepts; {@code records} flat records each.
     * Codecs run in parallel, one per core (nothing here is timed; each codec is its own instance, the records are
     * only read), and the rows come back in the order of the data sets and {@link Codecs#forReport}.
     */
    public static List<Row> measure(List<String> datasets, int records, Predicate<String> codecFilter) {
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            List<Future<Row>> rows = new ArrayList<>();
            for (String dataset : datasets) {
                List<?> data = Datasets.generate(dataset, Datasets.count(dataset, records), Datasets.SEED);
                for (BenchCodec<?> codec : Codecs.forReport(dataset)) {
                    if (codecFilter.test(codec.name())) {
                        rows.add(pool.submit(() -> measure(dataset, codec, data)));
                    }
                }
            }
            List<Row> out = new ArrayList<>();
            for (Future<Row> row : rows) {
                out.add(row.get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while measuring sizes", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The start of the difference of a codec that cannot carry a record at all. */
    public static final String CANNOT_CARRY = "cannot carry ";

    /** One codec on the given records of the data set. */
    public static <V> Row measure(String dataset, BenchCodec<V> codec, List<?> data) {
        List<byte[]> encoded = new ArrayList<>(data.size());
        String exactness = null;
        String recordExactness = null;
        long raw = 0;
        for (int i = 0; i < data.size(); i++) {
            V prepared = codec.prepare(data.get(i));
            byte[] bytes;
            V decoded;
            try {
                bytes = codec.encode(prepared);
                decoded = codec.decode(bytes);
            } catch (RuntimeException e) {
                // a rival without a writer or reader for the record (dsl-json without an Instant converter) is
                // reported as such, not a reason to stop the report
                return Row.cannotCarry(dataset, codec.name(), "record " + i + ": " + reason(e));
            }
            encoded.add(bytes);
            raw += bytes.length;
            if (exactness == null) {
                String d = Exactness.firstDifference(prepared, decoded);
                exactness = d == null ? null : "record " + i + " " + d;
            }
            if (recordExactness == null) {
                recordExactness = recordDifference(codec, data.get(i), decoded, i);
            }
        }
        return new Row(dataset, codec.name(), data.size(), raw, gzip(encoded),
                batched(encoded, Compression.lz4().build()), batched(encoded, Compression.zstd().build()),
                exactness, recordExactness);
    }

    /**
     * One codec's exactness on the edge cases of a data set.
     *
     * @param baseline the first difference on the ordinary record the cases vary, null when it is exact
     * @param failures the cases that lose something the ordinary record does not, each with its first such difference
     */
    public record EdgeRow(String dataset, String codec, int cases, String baseline, List<String> failures) {
        /** Edge cases kept out of all, e.g. "2/8", with the first case lost; "none" where the data set has none. */
        public String summary() {
            if (cases == 0) {
                return "none";
            }
            String kept = (cases - failures.size()) + "/" + cases;
            if (baseline != null) {
                return kept + " (the ordinary record already loses " + baseline + ")";
            }
            return failures.isEmpty() ? kept : kept + " (first lost: " + failures.get(0) + ")";
        }
    }

    /** Runs every edge case of the data sets through every codec the filter accepts. */
    public static List<EdgeRow> edges(List<String> datasets, Predicate<String> codecFilter) {
        List<EdgeRow> out = new ArrayList<>();
        for (String dataset : datasets) {
            for (BenchCodec<?> codec : EdgeCases.of(dataset).isEmpty() ? List.<BenchCodec<?>>of() : Codecs.forReport(dataset)) {
                if (codecFilter.test(codec.name())) {
                    out.add(edges(dataset, codec));
                }
            }
        }
        return out;
    }

    /** One codec's verdict on the edge cases of a data set (no cases: an empty row). */
    public static EdgeRow edges(String dataset, BenchCodec<?> codec) {
        List<EdgeCases.Case> cases = EdgeCases.of(dataset);
        if (cases.isEmpty()) {
            return new EdgeRow(dataset, codec.name(), 0, null, List.of());
        }
        List<String> base = roundTrip(codec, EdgeCases.baseline(dataset));
        Set<String> basePaths = new HashSet<>();
        // a codec that refuses the ordinary record keeps no edge case either
        base.stream().filter(d -> !d.startsWith(REFUSED)).forEach(d -> basePaths.add(path(d)));
        List<String> failures = new ArrayList<>();
        for (EdgeCases.Case c : cases) {
            roundTrip(codec, c.record()).stream().filter(d -> !basePaths.contains(path(d))).findFirst()
                    .ifPresent(d -> failures.add(c.label() + ": " + d));
        }
        return new EdgeRow(dataset, codec.name(), cases.size(), base.isEmpty() ? null : base.get(0), failures);
    }

    /** Why a codec failed on a record: its exception's class and message, short enough for a table cell. */
    public static String reason(RuntimeException e) {
        String message = String.valueOf(e.getMessage()).replace('\n', ' ');
        return e.getClass().getSimpleName() + " " + (message.length() > 120 ? message.substring(0, 119) + "…" : message);
    }

    private static String path(String difference) {
        String d = difference.startsWith(AS_RECORD) ? difference.substring(AS_RECORD.length()) : difference;
        int colon = d.indexOf(':');
        return colon < 0 ? d : d.substring(0, colon);
    }

    private static final String AS_RECORD = "as record: ";
    private static final String REFUSED = "refused (";

    /** The differences (at most 20) when one record goes through the codec and back; empty when it comes back exactly. */
    static <V> List<String> roundTrip(BenchCodec<V> codec, Object record) {
        V decoded;
        V prepared;
        try {
            prepared = codec.prepare(record);
            decoded = codec.decode(codec.encode(prepared));
        } catch (RuntimeException e) {
            return List.of(REFUSED + reason(e) + ")");
        }
        List<String> d = Exactness.differences(prepared, decoded, 20);
        if (!d.isEmpty()) {
            return d;
        }
        Object back;
        try {
            back = codec.toRecord(decoded);
        } catch (RuntimeException e) {
            return List.of(AS_RECORD + "cannot be mapped back: " + e.getMessage());
        }
        return back == null ? List.of() : Exactness.differences(record, back, 20).stream().map(x -> AS_RECORD + x).toList();
    }

    private static <V> String recordDifference(BenchCodec<V> codec, Object original, V decoded, int index) {
        Object back;
        try {
            back = codec.toRecord(decoded);
        } catch (RuntimeException e) {
            return "record " + index + " cannot be mapped back: " + e.getMessage();
        }
        if (back == null) {
            return "n/a";
        }
        String d = Exactness.firstDifference(original, back);
        return d == null ? null : "record " + index + " " + d;
    }

    /** gzip level 6 over all records written one after the other. */
    static long gzip(List<byte[]> encoded) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(sink, 64 * 1024) {
            {
                def.setLevel(6);
            }
        }) {
            for (byte[] b : encoded) {
                out.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.size();
    }

    /**
     * Total compressed bytes when consecutive records are grouped into batches of at most {@link #BATCH_BYTES}
     * (a larger record is a batch of its own) and each batch is compressed with Kafka's own codec streams.
     */
    static long batched(List<byte[]> encoded, Compression compression) {
        long total = 0;
        List<byte[]> batch = new ArrayList<>();
        int batchBytes = 0;
        for (byte[] b : encoded) {
            if (!batch.isEmpty() && batchBytes + b.length > BATCH_BYTES) {
                total += compress(batch, compression);
                batch.clear();
                batchBytes = 0;
            }
            batch.add(b);
            batchBytes += b.length;
        }
        return batch.isEmpty() ? total : total + compress(batch, compression);
    }

    /**
     * Compressed by Kafka's own codecs, as a producer would compress the batch; their API takes Kafka's internal
     * ByteBufferOutputStream (benchmark code only: the library itself uses no internal Kafka class).
     */
    private static int compress(List<byte[]> batch, Compression compression) {
        ByteBufferOutputStream sink = new ByteBufferOutputStream(BATCH_BYTES);
        try (OutputStream out = compression.wrapForOutput(sink, MAGIC_V2)) {
            for (byte[] b : batch) {
                out.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink.position();
    }
}

package io.typedjson.bench.report;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.SchemaTopicBroker;
import io.typedjson.bench.data.Datasets;
import java.util.List;

/**
 * One codec and one direction looped alone, for a profiler: nothing else runs in the JVM, so a JFR recording shows
 * where that codec's time goes. Not a measurement (absolute times on shared cores mean little; use {@code speed}).
 *
 * <pre>
 * java -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints \
 *      -XX:StartFlightRecording=filename=rows-de.jfr,settings=profile \
 *      -cp bench/target/typedjson-bench.jar io.typedjson.bench.report.ProfileLoop rows typedjson-class de 20
 * jfr print --events jdk.ExecutionSample --stack-depth 64 rows-de.jfr
 * </pre>
 */
public final class ProfileLoop {
    private ProfileLoop() {}

    /** Arguments: data set, codec name (as in {@code speed}), {@code ser} or {@code de}, seconds. */
    public static void main(String[] args) {
        if (args.length != 4 || !(args[2].equals("ser") || args[2].equals("de"))) {
            System.err.println("usage: ProfileLoop DATASET CODEC ser|de SECONDS   e.g. rows typedjson-class de 20");
            System.exit(2);
        }
        String dataset = args[0];
        boolean serialize = args[2].equals("ser");
        BenchCodec<Object> codec = Codecs.get(dataset, args[1]);
        List<?> records = Datasets.generate(dataset, 1024, Datasets.SEED);
        Object[] values = new Object[records.size()];
        byte[][] encoded = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            values[i] = codec.prepare(records.get(i));
            encoded[i] = codec.encode(values[i]);
        }
        long start = System.nanoTime();
        long end = start + (long) (Double.parseDouble(args[3]) * 1e9);
        long n = 0;
        int sink = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < values.length; i++) {
                sink += serialize ? codec.encode(values[i]).length : codec.decode(encoded[i]) == null ? 0 : 1;
            }
            n += values.length;
        }
        System.out.printf("%s %s %s: %.0f ns per record over %d records (%d)%n", dataset, args[1], args[2],
                (System.nanoTime() - start) / (double) n, n, sink);
        SchemaTopicBroker.stop(); // typedjson-connect-reference's clients, then its broker
    }
}

package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The cluster command end to end, on a few thousand records of the tests' own codecs. */
class ClusterCommandIT {

    @TempDir
    Path results;

    private static final class Captured {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
        final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);

        String out() {
            return out.toString(StandardCharsets.UTF_8);
        }

        String err() {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void startsItsOwnBrokerAndEveryExactCodecIsNOverN() throws Exception {
        // no warm-up rounds (the child JVM's test below has them): they would repeat every pass of a run untimed
        Captured c = new Captured();
        int code = ClusterCommand.run(new String[] {
                "--records", "3000", "--runs", "2", "--warmup-records", "0", "--latency-records", "300",
                "--latency-rate", "2000", "--compression", "lz4", "--partitions", "2",
                "--producers", "2", "--consumers", "2", "--jit-wait-ms", "0", "--results-dir", results.toString()},
                c.outStream, c.errStream, TestCodecs.sources(new TestCodecs.BinaryCodec(), new TestCodecs.TextCodec()));
        String out = c.out();
        System.out.println(out);
        System.out.println(c.err());
        assertEquals(0, code, () -> "exit code; stdout:\n" + out + "\nstderr:\n" + c.err());
        assertTrue(out.contains("| test-binary |"), out);
        assertTrue(out.contains("| test-text |"), out);
        assertEquals(2, count(out, "exact 3000/3000"), out);
        assertTrue(out.contains("local Apache Kafka"), out);
        // two producer threads, two consumers of one group: still every record once, in order per producer
        assertTrue(out.contains("2 producer threads, 2 consumers (one group)"), out);
        assertTrue(out.contains("1 broker; topics: 2 partitions, replication factor 1, min.insync.replicas 1"), out);
        assertTrue(c.err().contains("consume pass 3 (2 consumers)"), c.err());
        assertTrue(out.contains("results: " + results.resolve("cluster.md").toAbsolutePath().normalize()), out);

        String md = Files.readString(results.resolve("cluster.md"));
        assertTrue(md.contains("exact 3000/3000"), md);
        List<String> csv = Files.readAllLines(results.resolve("cluster.csv"));
        assertEquals(3, csv.size(), csv::toString);
        assertTrue(csv.get(0).startsWith("dataset,codec,records,"), csv.get(0));
        assertTrue(csv.get(1).startsWith("orders,test-binary,"), csv.get(1));
        assertEquals("1.000", csv.get(1).split(",")[13], "the first codec is the reference of the ratios");
        for (String row : csv.subList(1, 3)) {
            String[] f = row.split(",", -1);
            assertEquals(33, f.length, row);
            assertEquals("3", f[23], "timed consume passes: " + row);
            assertEquals(List.of("1", "2", "2"), List.of(f[20], f[21], f[22]), "brokers, producers, consumers: " + row);
            assertEquals("3000", f[2], row);
            assertEquals("3000", f[17], row);
            assertEquals("true", f[19], row);
            assertTrue(Double.parseDouble(f[8]) > Double.parseDouble(f[7]) * 0.3, "disk bytes per record: " + row);
            assertTrue(Double.parseDouble(f[9]) > 0, row);
            assertTrue(Double.parseDouble(f[11]) > 0, row);
            assertTrue(Double.parseDouble(f[13]) > 0, "produce ratio: " + row);
            assertTrue(Double.parseDouble(f[15]) > 0, "latency: " + row);
        }
        assertTrue(c.err().contains("produce"), "progress on stderr");
        // every window of every run: a produce and three consume passes per codec and run
        List<String> windows = Files.readAllLines(results.resolve("cluster-windows.csv"));
        assertEquals(1 + 2 * 2 * 4, windows.size(), windows::toString);
        assertTrue(windows.stream().anyMatch(w -> w.startsWith("orders,test-text,2,") && w.contains(",consume3,3000,")),
                windows::toString);
        assertTrue(c.err().contains("cluster: run 2 order (seed 42): "), c.err());
    }

    /**
     * #26: as {@code java -jar} runs it, the measurement runs in a child JVM whose heap is fixed and pre-touched, sized
     * by the run; the report says so.
     */
    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theDefaultCommandMeasuresInAChildJvmWithAFixedPreTouchedHeap() throws Exception {
        int code = ClusterCommand.run(new String[] {"--codecs", "typedjson-class,protobuf", "--records", "2000",
                "--runs", "1", "--passes", "2", "--warmup-records", "200", "--latency-records", "0",
                "--jit-wait-ms", "0", "--results-dir", results.toString()});
        assertEquals(0, code);
        String md = Files.readString(results.resolve("cluster.md"));
        assertTrue(md.matches("(?s).*measured in a JVM with a fixed, pre-touched heap of [0-9]+m \\(sized 2 × \\(2,000 "
                + "orders × [0-9,]+ B measured on a sample, \\+ 256 MB for clients\\) \\+ 512 MB young.*"), md);
        assertTrue(md.contains("| typedjson-class |") && md.contains("| protobuf |"), md);
        assertEquals(2, count(md, "exact 2000/2000"), md);
        assertTrue(md.contains("**typedjson-class consume rec/s ÷ protobuf's: "), md);
        List<String> csv = Files.readAllLines(results.resolve("cluster.csv"));
        assertEquals("2", csv.get(1).split(",", -1)[23], "passes: " + csv);
    }

    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aCodecThatChangesRecordsFailsTheRunAgainstAnExistingCluster() throws Exception {
        LocalKafka kafka = SharedBroker.get(); // its topics are the run's own, a test of the existing cluster's
        Captured c = new Captured();
        int code = ClusterCommand.run(new String[] {
                "--bootstrap-servers", kafka.bootstrapServers(), "--records", "2000", "--runs", "1",
                "--warmup-records", "0", "--latency-records", "100", "--acks", "1",
                "--results-dir", results.toString()},
                c.outStream, c.errStream,
                TestCodecs.sources(new TestCodecs.BinaryCodec(), new TestCodecs.LossyCodec()));
        String out = c.out();
        System.out.println(out);
        System.out.println(c.err());
        assertEquals(1, code, () -> "exit code; stdout:\n" + out + "\nstderr:\n" + c.err());
        assertTrue(out.contains("| test-binary |") && out.contains("exact 2000/2000"), out);
        assertTrue(out.contains("**exact 1000/2000, 1000 changed**"), out);
        assertTrue(c.err().contains("id "), "an example of the difference: " + c.err());
        assertTrue(out.contains("existing cluster at " + kafka.bootstrapServers()), out);
        // what a run against a cluster measured, read from the cluster
        assertTrue(out.contains("1 broker; topics: 1 partition, replication factor 1, min.insync.replicas 1"),
                out);

        // a codec known to be lossy can be let through; its row still says what it lost
        Captured d = new Captured();
        int allowed = ClusterCommand.run(new String[] {
                "--bootstrap-servers", kafka.bootstrapServers(), "--records", "500", "--runs", "1",
                "--warmup-records", "0", "--latency-records", "0", "--codecs", "test-lossy",
                "--ignore-inexact", "test-lossy", "--results-dir", results.toString()},
                d.outStream, d.errStream,
                TestCodecs.sources(new TestCodecs.BinaryCodec(), new TestCodecs.LossyCodec()));
        assertEquals(0, allowed, d::err);
        assertTrue(d.out().contains("**exact 250/500, 250 changed**"), d.out());
        assertFalse(d.out().contains("test-binary"), d.out());

        try (Admin admin = BenchTopics.admin(kafka.bootstrapServers())) {
            Set<String> topics = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            assertFalse(topics.stream().anyMatch(t -> t.startsWith("typedjson-bench-")),
                    "the command deletes its topics: " + topics);
        }
    }

    @Test
    void helpAndUsageErrorsNeedNoBroker() {
        Captured c = new Captured();
        assertEquals(0, ClusterCommand.run(new String[] {"--help"}, c.outStream, c.errStream,
                TestCodecs.sources()));
        assertTrue(c.out().contains("--bootstrap-servers"), c.out());
        Captured d = new Captured();
        assertEquals(2, ClusterCommand.run(new String[] {"--compression", "brotli"}, d.outStream, d.errStream,
                TestCodecs.sources()));
        assertTrue(d.err().contains("--compression must be one of"), d.err());
        Captured e = new Captured();
        assertEquals(2, ClusterCommand.run(new String[] {"--records"}, e.outStream, e.errStream,
                TestCodecs.sources()));
    }

    /** #17: a run leaves the checkout as it was; the published tables change only when named. */
    @Test
    void resultsGoUnderTargetUnlessADirectoryIsNamed() {
        Path d = ClusterOptions.parse(new String[0]).resultsDir;
        assertTrue(d.equals(Path.of("bench", "target", "results")) || d.equals(Path.of("target", "results")),
                "the default is under the build's target directory: " + d);
        assertFalse(d.normalize().startsWith(Path.of("bench", "results")) || d.normalize().startsWith("results"), d.toString());
        assertEquals(d, ScaleOptions.parse(new String[0]).resultsDir, "scale writes beside cluster");
        assertEquals(d, io.typedjson.bench.Main.defaultResultsDir(), "and so does report");
        assertEquals(Path.of("bench", "results"),
                ClusterOptions.parse(new String[] {"--results-dir", "bench/results"}).resultsDir);
        // run from the repository's root (where README's commands run), the default is bench/target/results
        Path root = Path.of("").toAbsolutePath();
        if (java.nio.file.Files.isRegularFile(root.resolve("bench/pom.xml"))) {
            assertEquals(Path.of("bench", "target", "results"), d);
        } else {
            assertEquals(Path.of("target", "results"), d, "run from the module's directory (Maven's tests)");
        }
        Captured c = new Captured();
        assertEquals(0, ClusterCommand.run(new String[] {"--help"}, c.outStream, c.errStream, TestCodecs.sources()));
        assertTrue(c.out().contains("default " + d), c.out());
    }

    @Test
    void brokersAndAnExistingClusterDoNotGoTogether() {
        Captured c = new Captured();
        assertEquals(2, ClusterCommand.run(new String[] {"--brokers", "3", "--bootstrap-servers", "localhost:9092"},
                c.outStream, c.errStream, TestCodecs.sources()));
        assertTrue(c.err().contains("--brokers"), c.err());
        Captured d = new Captured();
        assertEquals(2, ClusterCommand.run(new String[] {"--producers", "0"}, d.outStream, d.errStream,
                TestCodecs.sources()));
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}

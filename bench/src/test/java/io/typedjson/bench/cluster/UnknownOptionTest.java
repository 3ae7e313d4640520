package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The cluster, scale, failover and faults commands say an unknown option is unknown wherever it stands, and that a
 * known one given last needs a value. Every command line here is refused before anything starts.
 */
class UnknownOptionTest {

    /** A value each option takes, so that a refusal that follows is the one under test. */
    private static final Map<String, String> VALUES = Map.of("--compression", "none", "--acks", "1", "--heap", "1g",
            "--compressions", "none");

    private static String clusterError(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> ClusterOptions.parse(args)).getMessage();
    }

    private static String scaleError(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> ScaleOptions.parse(args)).getMessage();
    }

    /** The first line the command prints to its error stream; it must exit with status 2 (a bad command line). */
    private static String commandError(java.util.function.BiFunction<PrintStream, PrintStream, Integer> run) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = run.apply(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status, err.toString(StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
    }

    private static String failoverError(String... args) {
        return commandError((out, err) -> FailoverCommand.run(args, out, err));
    }

    private static String faultsError(String... args) {
        return commandError((out, err) -> FaultsCommand.run(args, out, err));
    }

    private static void check(String command, List<String> options, Function<String[], String> error, String prefix) {
        assertEquals(prefix + "unknown option --bogus", error.apply(new String[] {"--bogus"}), command);
        assertEquals(prefix + "unknown option --bogus", error.apply(new String[] {"--bogus", "1"}), command);
        for (String option : options) {
            assertEquals(prefix + option + " needs a value", error.apply(new String[] {option}), command);
            // each listed option is one the command parses: the refusal is the next option's
            String value = VALUES.getOrDefault(option, "1");
            assertEquals(prefix + "unknown option --bogus", error.apply(new String[] {option, value, "--bogus"}), command + " " + option);
        }
    }

    @Test
    void anUnknownOptionIsUnknownEvenGivenLast() {
        check("cluster", ClusterOptions.OPTIONS, UnknownOptionTest::clusterError, "");
        check("scale", ScaleOptions.OPTIONS, UnknownOptionTest::scaleError, "");
        check("failover", FailoverCommand.OPTIONS, UnknownOptionTest::failoverError, "failover: ");
        check("faults", FaultsCommand.OPTIONS, UnknownOptionTest::faultsError, "faults: ");
        assertEquals("unknown option --bogus", clusterError("--bogus=1"));
    }

    @Test
    void anUnknownDataSetOrCodecIsAUsageErrorBeforeAnyBrokerStarts() {
        // were "failed: java.lang.IllegalArgumentException: ..." with exit status 3, and a misspelt codec among
        // known ones was passed over
        java.util.function.Function<String[], String> cluster =
                args -> commandError((out, err) -> ClusterCommand.run(args, out, err, ClusterCommand.BENCH_SOURCES));
        java.util.function.Function<String[], String> scale =
                args -> commandError((out, err) -> ScaleCommand.run(args, out, err, ClusterCommand.BENCH_SOURCES));
        assertEquals("cluster: unknown data set 'nope'; known: [orders, rows, cdc, board]",
                cluster.apply(new String[] {"--dataset", "nope"}));
        String codecs = cluster.apply(new String[] {"--codecs", "typedjson-class,nope"});
        assertEquals(true, codecs.startsWith("cluster: no codec named nope for orders; its codecs are typedjson-dynamic, "), codecs);
        assertEquals("scale: no codec nope for orders", scale.apply(new String[] {"--codecs", "nope"}));
        assertEquals("scale: unknown data set 'nope'; known: [orders, rows, cdc, board]",
                scale.apply(new String[] {"--datasets", "nope"}));
        assertEquals("failover: no codec 'nope' for data set orders", failoverError("--codec", "nope"));
        assertEquals("failover: unknown data set 'nope'; known: [orders, rows, cdc, board]", failoverError("--dataset", "nope"));
    }

    @Test
    void aNumberOptionGivenWordsNamesTheOption() {
        for (String option : List.of("--seed", "--order-seed")) {
            assertEquals(option + " needs a number, not x", clusterError(option, "x"), "cluster");
            assertEquals(option + " needs a number, not x", scaleError(option, "x"), "scale");
        }
    }
}

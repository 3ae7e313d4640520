package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * Main class of the child JVM started by {@link LocalKafka}: formats the storage directory with Kafka's own
 * {@code kafka.tools.StorageTool format} ({@code --standalone} for a one-node quorum; what {@code kafka-storage.sh} runs), then runs Kafka's own
 * {@code kafka.Kafka} with the same configuration. One JVM instead of two saves a JVM start and Scala's class loading.
 * Kafka is named by reflection only, so this module compiles without the broker's jars.
 *
 * <p>It also watches the JVM that started it: when that one is gone (killed with SIGKILL, or its shutdown hook did not
 * get to stop the broker) the broker halts at once and removes its temporary directory, so no broker outlives the
 * benchmark or the tests.
 *
 * <p>Arguments: {@code [--no-format] <server.properties> <cluster id> [<directory to remove when orphaned>]}. With
 * {@code --no-format} (a restart, {@link LocalKafka#restart()}) the storage is not touched before {@code kafka.Kafka}
 * runs: it recovers the logs a killed broker left, and refuses to start on storage that was never formatted.
 */
public final class KafkaLauncher {
    /** First argument of a restart: start {@code kafka.Kafka} on the existing storage, do not format it. */
    static final String NO_FORMAT = "--no-format";

    private KafkaLauncher() {}

    static boolean hasStaticVoters(Path config) throws java.io.IOException {
        java.util.Properties p = new java.util.Properties();
        try (var in = java.nio.file.Files.newBufferedReader(config)) {
            p.load(in);
        }
        String voters = p.getProperty("controller.quorum.voters");
        return voters != null && !voters.isBlank();
    }

    public static void main(String[] args) throws Throwable {
        boolean format = true;
        if (args.length > 0 && NO_FORMAT.equals(args[0])) {
            format = false;
            args = java.util.Arrays.copyOfRange(args, 1, args.length);
        }
        if (args.length != 2 && args.length != 3) {
            System.err.println("usage: KafkaLauncher [" + NO_FORMAT + "] <server.properties> <cluster id> [<directory>]");
            System.exit(2);
        }
        String config = args[0];
        String clusterId = args[1];
        Path directory = args.length == 3 ? Path.of(args[2]) : null;
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.out.println("typedjson: the JVM that started this broker is gone; halting");
            System.out.flush();
            if (directory != null) {
                BrokerProcesses.deleteRecursively(directory);
            }
            Runtime.getRuntime().halt(1);
        }));
        try {
            if (format) {
                Method storageTool = Class.forName("kafka.tools.StorageTool")
                        .getMethod("execute", String[].class, PrintStream.class);
                // a one-node quorum is formatted --standalone; a static quorum (controller.quorum.voters) without it
                java.util.List<String> formatArgs = new java.util.ArrayList<>(java.util.List.of("format",
                        "--ignore-formatted", "--cluster-id", clusterId, "--config", config));
                if (!hasStaticVoters(Path.of(config))) {
                    formatArgs.add(1, "--standalone");
                }
                int code = (Integer) storageTool.invoke(null, formatArgs.toArray(new String[0]), System.out);
                if (code != 0) {
                    System.err.println("kafka.tools.StorageTool format exited with " + code);
                    System.exit(3);
                }
                System.out.println("typedjson: storage formatted, starting kafka.Kafka");
            } else {
                System.out.println("typedjson: restart without formatting, starting kafka.Kafka on the existing storage");
            }
            System.out.flush();
            Class.forName("kafka.Kafka").getMethod("main", String[].class).invoke(null, (Object) new String[] {config});
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}

package io.typedjson.bench.cluster;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Main class of the child JVM started by {@link LocalKafka}: formats the storage directory with Kafka's own
 * {@code kafka.tools.StorageTool format --standalone} (what {@code kafka-storage.sh} runs), then runs Kafka's own
 * {@code kafka.Kafka} with the same configuration. One JVM instead of two saves a JVM start and Scala's class loading.
 * Kafka is named by reflection only, so this module compiles without the broker's jars.
 *
 * <p>Arguments: {@code <server.properties> <cluster id>}.
 */
public final class KafkaLauncher {
    private KafkaLauncher() {}

    public static void main(String[] args) throws Throwable {
        if (args.length != 2) {
            System.err.println("usage: KafkaLauncher <server.properties> <cluster id>");
            System.exit(2);
        }
        String config = args[0];
        String clusterId = args[1];
        try {
            Method format = Class.forName("kafka.tools.StorageTool")
                    .getMethod("execute", String[].class, PrintStream.class);
            int code = (Integer) format.invoke(null, new String[] {"format", "--standalone", "--ignore-formatted",
                    "--cluster-id", clusterId, "--config", config}, System.out);
            if (code != 0) {
                System.err.println("kafka.tools.StorageTool format exited with " + code);
                System.exit(3);
            }
            System.out.println("typedjson: storage formatted, starting kafka.Kafka");
            System.out.flush();
            Class.forName("kafka.Kafka").getMethod("main", String[].class).invoke(null, (Object) new String[] {config});
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}

package io.typedjson.examples;

import org.apache.kafka.common.test.KafkaClusterTestKit;

/**
 * One broker ({@link OneBroker#start()}) for the broker tests of a JVM (Failsafe runs a module's in one) that only
 * produce to and consume from it, each on topics, groups and connectors of its own names: started by the first that
 * asks, closed when the JVM exits. Starting and closing a broker is much of what such a test class costs (serde's
 * {@link OneBroker} classes and the converter's worker and schema-topic tests use it). A test that stops or restarts its broker keeps its own.
 */
public final class SharedBroker {
    private SharedBroker() {}

    private static KafkaClusterTestKit shared;

    /** The shared broker, started on the first call. */
    public static synchronized KafkaClusterTestKit get() throws Exception {
        if (shared == null) {
            KafkaClusterTestKit started = OneBroker.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (Exception e) {
                    e.printStackTrace(); // the JVM is exiting: nothing else can be done with it
                }
            }, "shared-broker-close"));
            shared = started;
        }
        return shared;
    }
}

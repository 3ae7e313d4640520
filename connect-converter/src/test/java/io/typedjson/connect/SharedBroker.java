package io.typedjson.connect;

import org.apache.kafka.common.test.KafkaClusterTestKit;

/**
 * One in-process KRaft broker (serde's {@code OneBroker.start()}) for the broker tests of this JVM (Failsafe runs them
 * all in one) that only use it, each on topics, connector names and groups of its own: started by the first that
 * asks, closed when the JVM exits. A test that stops or restarts its broker (SchemaTopicFaultsIT) starts its own.
 */
public final class SharedBroker {
    private SharedBroker() {}

    private static KafkaClusterTestKit cluster;

    /** The shared broker, started on the first call. */
    public static synchronized KafkaClusterTestKit get() throws Exception {
        if (cluster == null) {
            KafkaClusterTestKit started = io.typedjson.examples.OneBroker.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (Exception e) {
                    e.printStackTrace(); // the JVM is exiting: nothing else can be done with it
                }
            }, "shared-broker-close"));
            cluster = started;
        }
        return cluster;
    }
}

package io.typedjson.bench.cluster;

import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * One {@link LocalKafka} broker for the broker tests of this JVM (Failsafe runs them all in one) that only produce to
 * and consume from it, each on topics of its own names: started by the first that asks, stopped when the JVM exits
 * (by the shutdown hook every {@link LocalKafka} registers, which also removes its directory). Starting a broker, a
 * child JVM, is much of what such a test costs. Tests that stop, kill or restart their broker keep their own
 * ({@link OneBroker}, whose leak check after {@link LocalKafka#close()} stays with them).
 */
public abstract class SharedBroker {

    static LocalKafka kafka;

    private static LocalKafka shared;

    @BeforeAll
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void useSharedBroker() throws IOException {
        kafka = get();
    }

    /** The shared broker, started on the first call. */
    public static synchronized LocalKafka get() throws IOException {
        if (shared == null) {
            shared = LocalKafka.start();
        }
        return shared;
    }
}

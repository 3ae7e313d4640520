package io.typedjson.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * The shared broker is closed by the end of the JUnit run that started it, not left to the JVM's exit (where Kafka's
 * test kit deletes its directory in a shutdown hook of its own while it runs, and the broker then halts the JVM with
 * status 1): a run of two classes that take it, launched here, shares one broker between them and leaves its port
 * closed when it returns.
 */
@Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SharedBrokerIT {

    static final KafkaClusterTestKit[] seen = new KafkaClusterTestKit[2];

    @Test
    void closedWhenTheRunEndsAndSharedWithinIt() throws Exception {
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(First.class), DiscoverySelectors.selectClass(Second.class))
                .build(), summary);
        assertEquals(2, summary.getSummary().getTestsSucceededCount(), () -> failures(summary));
        assertNotNull(seen[0]);
        assertEquals(seen[0], seen[1], "both classes of the run were given the one broker");
        assertThrows(IOException.class, () -> connect(seen[0]), "the broker still listens after the run that started it ended");
    }

    /** Connects to the broker's first listener and closes the connection; throws when nothing listens there. */
    private static void connect(KafkaClusterTestKit broker) throws IOException {
        String[] hostPort = broker.bootstrapServers().split(",")[0].split(":");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 2_000);
        }
    }

    private static String failures(SummaryGeneratingListener summary) {
        StringBuilder text = new StringBuilder();
        summary.getSummary().getFailures().forEach(f -> text.append(f.getException()).append('\n'));
        return text.toString();
    }

    /** Run only by the launcher above (Failsafe does not run nested classes). */
    @ExtendWith(SharedBroker.class)
    static class First {
        @BeforeAll
        static void take(KafkaClusterTestKit shared) {
            seen[0] = shared;
        }

        @Test
        void listens() throws IOException {
            connect(seen[0]);
        }
    }

    @ExtendWith(SharedBroker.class)
    static class Second {
        @BeforeAll
        static void take(KafkaClusterTestKit shared) {
            seen[1] = shared;
        }

        @Test
        void given() {
            assertNotNull(seen[1]);
        }
    }
}

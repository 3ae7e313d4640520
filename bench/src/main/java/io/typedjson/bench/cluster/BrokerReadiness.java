package io.typedjson.bench.cluster;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Collection;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;

/**
 * When a starting {@link LocalKafka} broker is ready: its port accepts connections, then an {@link Admin} client sees
 * it; never by reading its log. Every wait ends at a deadline or when the child exits.
 */
final class BrokerReadiness {

    private BrokerReadiness() {}

    static void awaitPort(Process process, int port, long deadline) throws IOException {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("the broker exited with code " + process.exitValue());
            }
            if (remainingMillis(deadline) <= 0) {
                throw new IOException("the broker did not open its port in time");
            }
            try (Socket s = new Socket()) {
                s.connect(address, 500);
                return;
            } catch (IOException e) {
                // not listening yet
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the broker");
            }
        }
    }

    static void awaitReady(Process process, int port, long deadline) throws IOException {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + port);
        // short timeouts and back-offs: a request sent before the broker serves is retried soon, not in seconds
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "1000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "2000");
        props.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, "50");
        props.put(AdminClientConfig.RETRY_BACKOFF_MAX_MS_CONFIG, "200");
        props.put(AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, "50");
        props.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "250");
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "typedjson-localkafka-ready");
        try (Admin admin = Admin.create(props)) {
            try {
                while (true) {
                    if (!process.isAlive()) {
                        throw new IOException("the broker exited with code " + process.exitValue());
                    }
                    long left = remainingMillis(deadline);
                    if (left <= 0) {
                        throw new IOException("the broker was not ready in time");
                    }
                    try {
                        Collection<Node> nodes = admin.describeCluster().nodes()
                                .get(Math.min(left, 2000), TimeUnit.MILLISECONDS);
                        if (!nodes.isEmpty()) {
                            return;
                        }
                    } catch (ExecutionException | TimeoutException e) {
                        // not up yet
                    }
                    Thread.sleep(100);
                }
            } finally {
                admin.close(Duration.ofSeconds(2));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the broker");
        }
    }

    static long remainingMillis(long deadlineNanos) {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    }
}

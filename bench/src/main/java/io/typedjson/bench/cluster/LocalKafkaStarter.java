package io.typedjson.bench.cluster;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.common.Uuid;

import io.typedjson.bench.cluster.BrokerConfig.NodeAddress;
import io.typedjson.bench.cluster.LocalKafka.Builder;

/**
 * Starts {@link LocalKafka} nodes: free ports, a configuration and a child JVM per node ({@link KafkaLauncher}),
 * then waits for all of them; on a port taken meanwhile it tries again, on any other failure it cleans up and says
 * why with the tail of the broker's log.
 */
final class LocalKafkaStarter {
    /** The prefix of the temporary directory of each broker this JVM starts: {@code typedjson-kafka-<pid>-}. */
    static final String TEMP_PREFIX = "typedjson-kafka-" + ProcessHandle.current().pid() + "-";

    private static final String CLASSPATH_ENV = "TYPEDJSON_KAFKA_CLASSPATH";
    private static final int START_ATTEMPTS = 3;

    private LocalKafkaStarter() {}

    static LocalKafka start(Builder b) throws IOException {
        return startNodes(b, 1).get(0);
    }

    /**
     * Starts {@code n} nodes, each a combined broker and controller in a child JVM of its own, as one cluster: with
     * {@code n > 1} a static quorum of {@code n} voters ({@code controller.quorum.voters}), internal topics and new
     * topics replicated {@code min(3, n)} times, {@code min.insync.replicas} 2 from three nodes on. All nodes are
     * launched before any is awaited (a controller quorum needs a majority to elect a leader). On any failure every
     * node started so far is killed and its directory removed.
     */
    static List<LocalKafka> startNodes(Builder b, int n) throws IOException {
        String classpath = childClasspath();
        IOException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            try {
                return startNodesOnce(b, n, classpath);
            } catch (PortTakenException e) {
                // another process took a port between choosing and binding it: choose again
                last = e;
            }
        }
        throw last;
    }

    private static List<LocalKafka> startNodesOnce(Builder b, int n, String classpath) throws IOException {
        long t0 = System.nanoTime();
        long deadline = t0 + b.startTimeout.toNanos();
        int[] ports = freePorts(2 * n);
        List<NodeAddress> quorum = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            quorum.add(new NodeAddress(i + 1, ports[2 * i], ports[2 * i + 1]));
        }
        String clusterId = Uuid.randomUuid().toString();
        List<LocalKafka> nodes = new ArrayList<>();
        LocalKafka current = null;
        try {
            for (NodeAddress node : quorum) {
                current = null;
                nodes.add(launch(b, classpath, node, quorum, clusterId));
            }
            for (LocalKafka node : nodes) {
                current = node;
                node.awaitStarted(deadline);
                node.startTime = Duration.ofNanos(System.nanoTime() - t0);
            }
            return nodes;
        } catch (IOException | RuntimeException e) {
            StringBuilder tails = new StringBuilder();
            boolean portTaken = false;
            for (LocalKafka node : nodes) {
                String tail = BrokerProcesses.tail(node.logFile(), LocalKafka.LOG_TAIL_LINES);
                portTaken |= tail.contains("Address already in use");
                if (node == current || n == 1) {
                    tails.append(n == 1 ? "\n--- broker log (tail) ---\n" : "\n--- broker " + node.nodeId() + " log (tail) ---\n")
                            .append(tail);
                }
                node.abort();
            }
            if (portTaken) {
                throw new PortTakenException(e.getMessage() + tails);
            }
            throw new IOException((n == 1 ? "Kafka broker did not start: " : "Kafka cluster of " + n
                    + " nodes did not start: ") + e.getMessage() + tails, e);
        }
    }

    /** Writes the node's configuration and starts its child JVM (format, then kafka.Kafka); does not wait. */
    private static LocalKafka launch(Builder b, String classpath, NodeAddress node, List<NodeAddress> quorum,
                                     String clusterId) throws IOException {
        // named by the JVM that starts it, so that one JVM can tell its own brokers' directories from others'
        Path dir = Files.createTempDirectory(TEMP_PREFIX);
        Path logFile = dir.resolve("broker.log");
        try {
            Path config = dir.resolve("server.properties");
            BrokerConfig.writeServerProperties(config, dir.resolve("data"), node, quorum, b.overrides);

            List<String> jvm = new ArrayList<>();
            jvm.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            jvm.add("-Xms128m");
            jvm.add("-Xmx" + b.heap);
            jvm.add("-XX:+UseG1GC");
            jvm.add("-XX:MaxGCPauseMillis=20");
            jvm.add("-Djava.awt.headless=true");
            jvm.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
            jvm.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
            jvm.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
            jvm.add("-Dorg.slf4j.simpleLogger.logFile=System.out");
            jvm.add("-Dorg.slf4j.simpleLogger.log.state.change.logger=warn");
            jvm.add("-Dorg.slf4j.simpleLogger.log.kafka.request.logger=warn");
            jvm.add("-Dorg.slf4j.simpleLogger.log.org.apache.kafka.common.config=warn");
            jvm.add("-cp");
            jvm.add(classpath);

            // 1. format the storage directory with Kafka's StorageTool and 2. run kafka.Kafka, in one child JVM
            List<String> server = new ArrayList<>(jvm);
            server.add(KafkaLauncher.class.getName());
            server.add(config.toString());
            server.add(clusterId);
            if (!BrokerProcesses.keep()) {
                server.add(dir.toString()); // removed by the child itself if this JVM dies without stopping it
            }
            Process process = new ProcessBuilder(server).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
            AtomicReference<Process> current = new AtomicReference<>(process);
            Path startedDir = dir;
            // stops whichever child is current then (restart() replaces it)
            Thread hook = new Thread(() -> BrokerProcesses.stopProcess(current.get(), startedDir), "typedjson-kafka-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            return new LocalKafka(dir, logFile, node.id(), node.port(), node.controllerPort(), current, server,
                    b.startTimeout, hook);
        } catch (IOException | RuntimeException e) {
            BrokerProcesses.deleteRecursively(dir);
            throw e;
        }
    }

    private static final class PortTakenException extends IOException {
        PortTakenException(String message) {
            super(message);
        }
    }

    private static String childClasspath() throws IOException {
        String cp = System.getProperty(LocalKafka.CLASSPATH_PROPERTY);
        if (cp == null || cp.isBlank()) {
            cp = System.getenv(CLASSPATH_ENV);
        }
        if (cp == null || cp.isBlank()) {
            cp = System.getProperty("java.class.path");
        }
        // the child runs in the temporary directory: relative entries (java -jar bench/target/x.jar) must be absolute
        StringBuilder absolute = new StringBuilder();
        for (String entry : cp.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (absolute.length() > 0) {
                absolute.append(File.pathSeparatorChar);
            }
            absolute.append(new File(entry).getAbsolutePath());
        }
        cp = absolute.toString();
        try {
            Class.forName("kafka.Kafka", false, LocalKafka.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IOException("Kafka's broker (org.apache.kafka:kafka_2.13 and kafka-server) is not on the class "
                    + "path; build the bench module with Maven, or set -D" + LocalKafka.CLASSPATH_PROPERTY + "=...", e);
        }
        return cp;
    }

    private static int[] freePorts(int count) throws IOException {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        ServerSocket[] sockets = new ServerSocket[count];
        int[] ports = new int[count];
        try {
            for (int i = 0; i < count; i++) {
                sockets[i] = new ServerSocket(0, 50, loopback);
                sockets[i].setReuseAddress(true);
                ports[i] = sockets[i].getLocalPort();
            }
        } finally {
            for (ServerSocket s : sockets) {
                if (s != null) {
                    s.close();
                }
            }
        }
        return ports;
    }
}

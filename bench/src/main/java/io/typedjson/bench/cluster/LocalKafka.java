package io.typedjson.bench.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.Uuid;

/**
 * A one-node Apache Kafka cluster (KRaft, combined broker and controller) running in a child JVM.
 *
 * <p>The child runs Kafka's own {@code kafka.Kafka} from the same class path as this JVM (the Maven Central jars of
 * {@code kafka_2.13} and {@code kafka-server}), after its storage has been formatted by {@code kafka.tools.StorageTool
 * format --standalone}, both in the one child JVM ({@link KafkaLauncher}). Ports are chosen free on 127.0.0.1; the data, the configuration and the broker's log live in a
 * temporary directory that is removed by {@link #close()}, also from a shutdown hook. Readiness is decided by an
 * {@link Admin} client seeing the broker, never by reading the log. Every wait is bounded; on any failure the child is
 * killed and the tail of its log is put in the exception.
 *
 * <p>For failure tests the broker can be {@link #kill() killed} (SIGKILL, no clean shutdown) and {@link #restart()
 * restarted}: the same command, ports, configuration and data directory, without formatting the storage again, so
 * the restarted broker recovers what the killed one wrote (as a broker whose machine lost power, minus the page
 * cache: Kafka does not fsync, the operating system still has the data).
 */
public final class LocalKafka implements AutoCloseable {

    /** System property or environment variable giving the class path of the child JVM instead of this JVM's. */
    public static final String CLASSPATH_PROPERTY = "typedjson.kafka.classpath";
    private static final String CLASSPATH_ENV = "TYPEDJSON_KAFKA_CLASSPATH";

    private static final int START_ATTEMPTS = 3;
    private static final int LOG_TAIL_LINES = 40;

    private final Path dir;
    private final Path logFile;
    private final int port;
    private final int controllerPort;
    /** The current child; replaced by {@link #restart()}, read by the shutdown hook. */
    private final AtomicReference<Process> process;
    private final List<String> command;
    private final int nodeId;
    private final Duration startTimeout;
    private volatile Duration startTime;
    private final Thread shutdownHook;
    private volatile boolean closed;

    private LocalKafka(Path dir, Path logFile, int nodeId, int port, int controllerPort, AtomicReference<Process> process,
                       List<String> command, Duration startTimeout, Thread shutdownHook) {
        this.dir = dir;
        this.nodeId = nodeId;
        this.logFile = logFile;
        this.port = port;
        this.controllerPort = controllerPort;
        this.process = process;
        this.command = List.copyOf(command);
        this.startTimeout = startTimeout;
        this.shutdownHook = shutdownHook;
    }

    /** Starts a broker with the default settings and a 120 s bound on the start. */
    public static LocalKafka start() throws IOException {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options of the child broker. */
    public static final class Builder {
        private Duration startTimeout = Duration.ofSeconds(120);
        private String heap = "768m";
        private final Properties overrides = new Properties();

        private Builder() {}

        /** Upper bound for formatting plus starting plus becoming ready (each attempt). */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /** Maximum heap of the child JVM, e.g. {@code 768m}. */
        public Builder heap(String heap) {
            this.heap = heap;
            return this;
        }

        /** A broker setting added to (or replacing one of) the generated server.properties. */
        public Builder brokerProperty(String key, String value) {
            overrides.setProperty(key, value);
            return this;
        }

        public LocalKafka start() throws IOException {
            return LocalKafka.start(this);
        }
    }

    /** {@code 127.0.0.1:port} of the PLAINTEXT listener. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** The broker's {@code node.id} (1 for a one-node cluster; 1..N in a {@link LocalKafkaCluster}). */
    public int nodeId() {
        return nodeId;
    }

    /** How long formatting, starting and becoming ready took. */
    public Duration startTime() {
        return startTime;
    }

    /** Process id of the child JVM (a new one after {@link #restart()}). */
    public long pid() {
        return process.get().pid();
    }

    public boolean isAlive() {
        return process.get().isAlive();
    }

    /**
     * Kills the broker with SIGKILL ({@code ProcessHandle.of(pid).destroyForcibly()}): no controlled shutdown, no
     * flush, open connections reset. Returns once the process is gone (at most 10 s); its data directory stays.
     */
    public synchronized void kill() throws IOException {
        ensureOpen();
        Process p = process.get();
        ProcessHandle.of(p.pid()).ifPresent(ProcessHandle::destroyForcibly);
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                throw new IOException("the broker (pid " + p.pid() + ") did not die within 10 s of SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the broker to die");
        }
    }

    /**
     * Starts the broker again with the same command, ports, configuration and data directory, without formatting
     * the storage (a restarted broker recovers its logs; it never starts empty). A broker still running is stopped
     * first (SIGTERM, SIGKILL after 15 s). Returns how long the new process took to be ready, bounded by the
     * builder's start timeout; on failure the new process is killed, the directory kept for {@link #close()}.
     */
    public synchronized Duration restart() throws IOException {
        ensureOpen();
        Process old = process.get();
        if (old.isAlive()) {
            stopOnly(old);
        }
        long t0 = System.nanoTime();
        long deadline = t0 + startTimeout.toNanos();
        List<String> cmd = new ArrayList<>(command);
        cmd.add(cmd.indexOf(KafkaLauncher.class.getName()) + 1, KafkaLauncher.NO_FORMAT);
        while (true) {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
            process.set(p);
            try {
                awaitPort(p, port, deadline);
                awaitReady(p, port, deadline);
                return Duration.ofNanos(System.nanoTime() - t0);
            } catch (IOException | RuntimeException e) {
                destroy(p);
                String tail = tail(logFile, LOG_TAIL_LINES);
                // the killed broker's ports may linger for a moment: try again while time is left
                if (tail.contains("Address already in use") && remainingMillis(deadline) > 1000
                        && !(e instanceof InterruptedIOException)) {
                    sleepQuietly(500);
                    continue;
                }
                throw new IOException("Kafka broker did not restart: " + e.getMessage()
                        + "\n--- broker log (tail) ---\n" + tail, e);
            }
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("closed");
        }
    }

    private static void stopOnly(Process p) {
        try {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                destroy(p);
            }
        } catch (InterruptedException e) {
            destroy(p);
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly(long millis) throws InterruptedIOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        }
    }

    /** The temporary directory holding data, configuration and log; removed on close. */
    public Path directory() {
        return dir;
    }

    public Path logFile() {
        return logFile;
    }

    /** Resident memory of the child JVM in bytes, from /proc (Linux); -1 where unknown. */
    public long residentBytes() {
        return residentBytes(process.get().pid());
    }

    static long residentBytes(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    /** The last lines of the broker's log. */
    public String logTail(int lines) {
        return tail(logFile, lines);
    }

    // ------------------------------------------------------------------------------------------------------------

    private static LocalKafka start(Builder b) throws IOException {
        return startNodes(b, 1).get(0);
    }

    /** node.id, client port and controller port of one node of the quorum. */
    record NodeAddress(int id, int port, int controllerPort) {}

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
                String tail = tail(node.logFile, LOG_TAIL_LINES);
                portTaken |= tail.contains("Address already in use");
                if (node == current || n == 1) {
                    tails.append(n == 1 ? "\n--- broker log (tail) ---\n" : "\n--- broker " + node.nodeId + " log (tail) ---\n")
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
        Path dir = Files.createTempDirectory("typedjson-kafka-");
        Path logFile = dir.resolve("broker.log");
        try {
            Path config = dir.resolve("server.properties");
            writeServerProperties(config, dir.resolve("data"), node, quorum, b.overrides);

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
            if (!keep()) {
                server.add(dir.toString()); // removed by the child itself if this JVM dies without stopping it
            }
            Process process = new ProcessBuilder(server).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile())).start();
            AtomicReference<Process> current = new AtomicReference<>(process);
            Path startedDir = dir;
            // stops whichever child is current then (restart() replaces it)
            Thread hook = new Thread(() -> stopProcess(current.get(), startedDir), "typedjson-kafka-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            return new LocalKafka(dir, logFile, node.id(), node.port(), node.controllerPort(), current, server,
                    b.startTimeout, hook);
        } catch (IOException | RuntimeException e) {
            deleteRecursively(dir);
            throw e;
        }
    }

    /** 3. waits until the port accepts connections (cheap), then until an Admin client sees the broker. */
    private void awaitStarted(long deadline) throws IOException {
        Process p = process.get();
        awaitPort(p, port, deadline);
        awaitReady(p, port, deadline);
    }

    /** A start that failed: the child killed, the hook removed, the directory deleted. */
    private void abort() {
        closed = true;
        destroy(process.get());
        removeHook(shutdownHook);
        deleteRecursively(dir);
    }

    private static final class PortTakenException extends IOException {
        PortTakenException(String message) {
            super(message);
        }
    }

    private static void awaitPort(Process process, int port, long deadline) throws IOException {
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

    private static void awaitReady(Process process, int port, long deadline) throws IOException {
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

    private static void writeServerProperties(Path file, Path data, NodeAddress node, List<NodeAddress> quorum,
                                              Properties overrides) throws IOException {
        int port = node.port();
        int controllerPort = node.controllerPort();
        Properties p = new Properties();
        p.setProperty("process.roles", "broker,controller");
        p.setProperty("node.id", Integer.toString(node.id()));
        if (quorum.size() == 1) {
            // a dynamic quorum of one, formatted with --standalone
            p.setProperty("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort);
        } else {
            // a static quorum: every node is a voter; KafkaLauncher formats without --standalone then
            StringBuilder voters = new StringBuilder();
            for (NodeAddress v : quorum) {
                voters.append(voters.length() == 0 ? "" : ",").append(v.id()).append("@127.0.0.1:")
                        .append(v.controllerPort());
            }
            p.setProperty("controller.quorum.voters", voters.toString());
        }
        p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.setProperty("advertised.listeners",
                "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.setProperty("controller.listener.names", "CONTROLLER");
        p.setProperty("inter.broker.listener.name", "PLAINTEXT");
        p.setProperty("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        p.setProperty("log.dirs", data.toString());
        // replication as a production cluster has it where there are nodes enough: 3 copies, 2 in sync for a write
        String rf = Integer.toString(replicationFactor(quorum.size()));
        String minIsr = Integer.toString(minInsyncReplicas(quorum.size()));
        p.setProperty("num.partitions", "1");
        p.setProperty("default.replication.factor", rf);
        p.setProperty("min.insync.replicas", minIsr);
        p.setProperty("offsets.topic.replication.factor", rf);
        p.setProperty("offsets.topic.num.partitions", "1");
        p.setProperty("transaction.state.log.replication.factor", rf);
        p.setProperty("transaction.state.log.min.isr", minIsr);
        p.setProperty("transaction.state.log.num.partitions", "1");
        p.setProperty("share.coordinator.state.topic.replication.factor", rf);
        p.setProperty("share.coordinator.state.topic.min.isr", minIsr);
        p.setProperty("group.initial.rebalance.delay.ms", "0");
        p.setProperty("auto.create.topics.enable", "true");
        p.setProperty("delete.topic.enable", "true");
        // a throwaway broker: a small compaction buffer (the default takes 128 MB of heap)
        p.setProperty("log.cleaner.dedupe.buffer.size", "8388608");
        p.setProperty("num.network.threads", "2");
        p.setProperty("num.io.threads", "4");
        p.setProperty("num.recovery.threads.per.data.dir", "1");
        p.setProperty("controlled.shutdown.enable", "true");
        for (Map.Entry<Object, Object> e : overrides.entrySet()) {
            p.setProperty((String) e.getKey(), (String) e.getValue());
        }
        try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(out, "generated by io.typedjson.bench.cluster.LocalKafka");
        }
    }

    /** Replication factor of topics on a cluster of {@code brokers} nodes: min(3, brokers). */
    public static int replicationFactor(int brokers) {
        return Math.min(3, brokers);
    }

    /** {@code min.insync.replicas} on a cluster of {@code brokers} nodes: 2 from three nodes on, else 1. */
    public static int minInsyncReplicas(int brokers) {
        return brokers >= 3 ? 2 : 1;
    }

    private static String childClasspath() throws IOException {
        String cp = System.getProperty(CLASSPATH_PROPERTY);
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
                    + "path; build the bench module with Maven, or set -D" + CLASSPATH_PROPERTY + "=...", e);
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

    private static long remainingMillis(long deadlineNanos) {
        return TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    }

    // ------------------------------------------------------------------------------------------------------------

    /** Stops the broker (SIGTERM, then SIGKILL after 15 s) and removes the temporary directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        removeHook(shutdownHook);
        stopProcess(process.get(), dir);
    }

    /** With {@code -Dtypedjson.kafka.keep=true} the temporary directory (data, configuration, log) is kept. */
    private static boolean keep() {
        return Boolean.getBoolean("typedjson.kafka.keep");
    }

    private static void stopProcess(Process process, Path dir) {
        try {
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    destroy(process);
                }
            }
        } catch (InterruptedException e) {
            destroy(process);
            Thread.currentThread().interrupt();
        } finally {
            if (keep()) {
                System.err.println("typedjson: kept the broker's directory " + dir);
            } else {
                deleteRecursively(dir);
            }
        }
    }

    private static void destroy(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs (or ran) anyway
        }
    }

    static String tail(Path file, int lines) {
        if (!Files.exists(file)) {
            return "(no log)";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long len = raf.length();
            long from = Math.max(0, len - 64 * 1024);
            byte[] buf = new byte[(int) (len - from)];
            raf.seek(from);
            raf.readFully(buf);
            String[] all = new String(buf, StandardCharsets.UTF_8).split("\n");
            int start = Math.max(0, all.length - lines);
            return String.join("\n", java.util.Arrays.asList(all).subList(start, all.length));
        } catch (IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    static void deleteRecursively(Path dir) {
        // the broker may still be removing files of deleted topics: missing files are fine, and a failed pass is retried
        for (int attempt = 0; attempt < 5 && dir != null && Files.exists(dir); attempt++) {
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                        Files.deleteIfExists(d);
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}

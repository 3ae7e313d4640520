package io.typedjson.bench.cluster;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.kafka.clients.admin.Admin;

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
 *
 * <p>This class is the broker as its users see it; {@link LocalKafkaStarter} starts it, {@link BrokerConfig} writes its
 * configuration, {@link BrokerReadiness} decides when it is ready and {@link BrokerProcesses} stops its child JVM and
 * cleans up after it.
 */
public final class LocalKafka implements AutoCloseable {

    /** System property or environment variable giving the class path of the child JVM instead of this JVM's. */
    public static final String CLASSPATH_PROPERTY = "typedjson.kafka.classpath";
    static final int LOG_TAIL_LINES = 40;

    private final Path dir;
    private final Path logFile;
    private final int port;
    private final int controllerPort;
    /** The current child; replaced by {@link #restart()}, read by the shutdown hook. */
    private final AtomicReference<Process> process;
    private final List<String> command;
    private final int nodeId;
    private final Duration startTimeout;
    volatile Duration startTime;
    private final Thread shutdownHook;
    private volatile boolean closed;

    LocalKafka(Path dir, Path logFile, int nodeId, int port, int controllerPort, AtomicReference<Process> process,
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
        Duration startTimeout = Duration.ofSeconds(120);
        String heap = "768m";
        final Properties overrides = new Properties();

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
            return LocalKafkaStarter.start(this);
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
            BrokerProcesses.stopOnly(old);
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
                BrokerReadiness.awaitPort(p, port, deadline);
                BrokerReadiness.awaitReady(p, port, deadline);
                return Duration.ofNanos(System.nanoTime() - t0);
            } catch (IOException | RuntimeException e) {
                BrokerProcesses.destroy(p);
                String tail = BrokerProcesses.tail(logFile, LOG_TAIL_LINES);
                // the killed broker's ports may linger for a moment: try again while time is left
                if (tail.contains("Address already in use") && BrokerReadiness.remainingMillis(deadline) > 1000
                        && !(e instanceof InterruptedIOException)) {
                    BrokerProcesses.sleepQuietly(500);
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

    /** The temporary directory holding data, configuration and log; removed on close. */
    public Path directory() {
        return dir;
    }

    public Path logFile() {
        return logFile;
    }

    /** Resident memory of the child JVM in bytes, from /proc (Linux); -1 where unknown. */
    public long residentBytes() {
        return BrokerProcesses.residentBytes(process.get().pid());
    }

    /** The last lines of the broker's log. */
    public String logTail(int lines) {
        return BrokerProcesses.tail(logFile, lines);
    }

    // ------------------------------------------------------------------------------------------------------------

    /** 3. waits until the port accepts connections (cheap), then until an Admin client sees the broker. */
    void awaitStarted(long deadline) throws IOException {
        Process p = process.get();
        BrokerReadiness.awaitPort(p, port, deadline);
        BrokerReadiness.awaitReady(p, port, deadline);
    }

    /** A start that failed: the child killed, the hook removed, the directory deleted. */
    void abort() {
        closed = true;
        BrokerProcesses.destroy(process.get());
        BrokerProcesses.removeHook(shutdownHook);
        BrokerProcesses.deleteRecursively(dir);
    }

    /** Stops the broker (SIGTERM, then SIGKILL after 15 s) and removes the temporary directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        BrokerProcesses.removeHook(shutdownHook);
        BrokerProcesses.stopProcess(process.get(), dir);
    }
}

package io.typedjson.bench.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An Apache Kafka cluster of N nodes on this machine: each node a combined broker and controller in a child JVM of its
 * own ({@link LocalKafka}), a static KRaft quorum of all N voters, free ports on 127.0.0.1, a bounded heap per node.
 * Topics are replicated min(3, N) ({@code BrokerConfig.replicationFactor}) times by default, with
 * {@code min.insync.replicas} ({@code BrokerConfig.minInsyncReplicas}) 2 from three nodes on; the internal topics
 * ({@code __consumer_offsets}, transactions) likewise. One node is {@link LocalKafka#start() LocalKafka} as it always
 * was (a dynamic quorum of one).
 */
public final class LocalKafkaCluster implements AutoCloseable {

    /** Heap of each node of a multi-node cluster: three nodes and the benchmark's clients fit in a few GB. */
    public static final String DEFAULT_NODE_HEAP = "512m";

    private final List<LocalKafka> nodes;

    private LocalKafkaCluster(List<LocalKafka> nodes) {
        this.nodes = List.copyOf(nodes);
    }

    /** Starts {@code brokers} nodes with {@value #DEFAULT_NODE_HEAP} of heap each (768m for one node, as before). */
    public static LocalKafkaCluster start(int brokers) throws IOException {
        return start(brokers, LocalKafka.builder().heap(brokers == 1 ? "768m" : DEFAULT_NODE_HEAP)
                .startTimeout(Duration.ofSeconds(180)));
    }

    public static LocalKafkaCluster start(int brokers, LocalKafka.Builder builder) throws IOException {
        if (brokers < 1) {
            throw new IllegalArgumentException("a cluster needs at least one broker: " + brokers);
        }
        return new LocalKafkaCluster(LocalKafkaStarter.startNodes(builder, brokers));
    }

    /** Every node's PLAINTEXT listener, comma separated. */
    public String bootstrapServers() {
        return nodes.stream().map(LocalKafka::bootstrapServers).collect(Collectors.joining(","));
    }

    public int size() {
        return nodes.size();
    }

    public List<LocalKafka> nodes() {
        return nodes;
    }

    /** The node with this {@code node.id} (1..N). */
    public LocalKafka node(int nodeId) {
        for (LocalKafka n : nodes) {
            if (n.nodeId() == nodeId) {
                return n;
            }
        }
        throw new IllegalArgumentException("no node " + nodeId + " in a cluster of " + nodes.size());
    }

    /** How long starting the whole cluster took (until the last node was ready). */
    public Duration startTime() {
        return nodes.stream().map(LocalKafka::startTime).max(Duration::compareTo).orElse(Duration.ZERO);
    }

    /** Resident memory of each node's JVM in bytes (-1 where unknown), in node order. */
    public List<Long> residentBytes() {
        List<Long> out = new ArrayList<>();
        for (LocalKafka n : nodes) {
            out.add(n.residentBytes());
        }
        return out;
    }

    /** "RSS 410, 395, 402 MB" (one figure per node). */
    public String residentSummary() {
        List<String> mb = new ArrayList<>();
        for (long b : residentBytes()) {
            mb.add(b < 0 ? "?" : Long.toString(b / 1_000_000));
        }
        return "RSS " + String.join(", ", mb) + " MB";
    }

    /** Stops every node and removes its directory; a node's failure to stop does not keep the others running. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (LocalKafka n : nodes) {
            try {
                n.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}

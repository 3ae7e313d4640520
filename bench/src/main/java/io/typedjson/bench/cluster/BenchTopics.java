package io.typedjson.bench.cluster;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

import io.typedjson.bench.cluster.ClusterBench.Settings;

/**
 * The topics of a cluster benchmark, through the Admin API: named per run, created with every leader serving,
 * deleted, described, their end offsets and their size on the brokers' disks.
 */
public final class BenchTopics {

    private final Settings settings;
    private final Admin admin;
    private final Progress progress;
    private final String runId;

    BenchTopics(Settings settings, Admin admin, Progress progress, String runId) {
        this.settings = settings;
        this.admin = admin;
        this.progress = progress;
        this.runId = runId;
    }

    static Admin admin(String bootstrapServers) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "typedjson-bench-admin");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "60000");
        return Admin.create(p);
    }


    String topicName(String codec, String label) {
        String safe = codec.replaceAll("[^A-Za-z0-9._-]", "_");
        return "typedjson-bench-" + runId + "-" + safe + "-" + label.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    void createTopic(String topic) throws Exception {
        createTopicAndAwaitLeaders(admin, new NewTopic(topic, Optional.of(settings.partitions()),
                settings.replicationFactor()).configs(settings.topicConfigs()), Duration.ofSeconds(60));
    }

    void deleteTopic(String topic) {
        try {
            admin.deleteTopics(List.of(topic)).all().get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            progress.note("could not delete topic " + topic + ": " + e.getMessage());
        }
    }

    static List<TopicPartition> partitionsOf(List<PartitionInfo> infos, String topic) {
        return infos.stream().map(i -> new TopicPartition(topic, i.partition()))
                .sorted((a, b) -> Integer.compare(a.partition(), b.partition())).collect(Collectors.toList());
    }

    /** End offsets once they stop moving (with acks=0 the last records may still be on their way). */
    Map<TopicPartition, Long> stableEndOffsets(List<TopicPartition> partitions, int expected)
            throws Exception {
        Map<TopicPartition, Long> ends = endOffsets(admin, partitions);
        if ("all".equals(settings.acks()) || "-1".equals(settings.acks()) || "1".equals(settings.acks())) {
            return ends;
        }
        long deadline = System.nanoTime() + settings.stallTimeout().toNanos();
        while (System.nanoTime() < deadline) {
            long total = ends.values().stream().mapToLong(Long::longValue).sum();
            if (total >= expected) {
                break;
            }
            Thread.sleep(500);
            Map<TopicPartition, Long> again = endOffsets(admin, partitions);
            if (again.equals(ends)) {
                break;
            }
            ends = again;
        }
        return ends;
    }

    static Map<TopicPartition, Long> endOffsets(Admin admin, Collection<TopicPartition> partitions)
            throws Exception {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (TopicPartition tp : partitions) {
            latest.put(tp, OffsetSpec.latest());
        }
        Map<TopicPartition, Long> out = new HashMap<>();
        admin.listOffsets(latest).all().get(60, TimeUnit.SECONDS).forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    /**
     * What a topic is on the cluster, read back from it: "3 brokers; topics: 2 partitions, replication factor 3,
     * min.insync.replicas 2".
     */
    String describeTopic(String topic) {
        try {
            int brokers = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size();
            var description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS)
                    .get(topic);
            int partitions = description.partitions().size();
            int replicas = description.partitions().stream().mapToInt(i -> i.replicas().size()).min().orElse(0);
            var resource = new org.apache.kafka.common.config.ConfigResource(
                    org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
            var config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
            var minIsr = config.get("min.insync.replicas");
            return String.format(java.util.Locale.ROOT,
                    "%d broker%s; topics: %d partition%s, replication factor %d, min.insync.replicas %s",
                    brokers, brokers == 1 ? "" : "s", partitions, partitions == 1 ? "" : "s", replicas,
                    minIsr == null ? "?" : minIsr.value());
        } catch (Exception e) {
            progress.note("could not describe the topic " + topic + ": " + e);
            return "topic layout unknown (" + e.getMessage() + ")";
        }
    }

    /** 4. Size of the topic's log segments: per partition the largest replica (the leader's), summed. */
    long diskBytes(String topic) {
        try {
            Collection<Node> nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS);
            List<Integer> ids = nodes.stream().map(Node::id).collect(Collectors.toList());
            Map<Integer, Map<String, LogDirDescription>> all =
                    admin.describeLogDirs(ids).allDescriptions().get(30, TimeUnit.SECONDS);
            Map<TopicPartition, Long> largest = new HashMap<>();
            for (Map<String, LogDirDescription> dirs : all.values()) {
                for (LogDirDescription d : dirs.values()) {
                    for (Map.Entry<TopicPartition, ReplicaInfo> e : d.replicaInfos().entrySet()) {
                        if (e.getKey().topic().equals(topic) && !e.getValue().isFuture()) {
                            largest.merge(e.getKey(), e.getValue().size(), Math::max);
                        }
                    }
                }
            }
            return largest.values().stream().mapToLong(Long::longValue).sum();
        } catch (Exception e) {
            progress.note("could not read the topic's size on disk: " + e);
            return -1;
        }
    }


    static Set<String> topicsOf(Admin admin) throws Exception {
        return admin.listTopics().names().get(30, TimeUnit.SECONDS);
    }


    /**
     * Creates a topic and returns once every partition's leader serves it. Producing to a partition whose leader is
     * not ready yet can lose records with an idempotent producer: the first batch fails with NOT_LEADER_OR_FOLLOWER,
     * a later batch is accepted, and the first is retried with OUT_OF_ORDER_SEQUENCE_NUMBER until delivery.timeout.ms
     * expires it (KAFKA-14359; seen here as "exact 2754/3000, 246 lost" on a just-created topic).
     */
    public static void createTopicAndAwaitLeaders(Admin admin, NewTopic topic, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        admin.createTopics(List.of(topic)).all().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        // a topic given by its replica assignment has no partition count: the assignment's size is (describing the
        // topic just created can still answer UNKNOWN_TOPIC_OR_PARTITION from a broker that has not caught up)
        int partitions = topic.numPartitions() > 0 ? topic.numPartitions()
                : topic.replicasAssignments() != null ? topic.replicasAssignments().size()
                : describedPartitions(admin, topic.name(), deadline);
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            latest.put(new TopicPartition(topic.name(), p), OffsetSpec.latest());
        }
        // ListOffsets is answered by the partition's leader only once it serves the partition; Admin retries
        // NOT_LEADER_OR_FOLLOWER and UNKNOWN_TOPIC_OR_PARTITION by itself until its timeout
        while (true) {
            try {
                admin.listOffsets(latest).all().get(Math.max(1, TimeUnit.NANOSECONDS.toMillis(
                        deadline - System.nanoTime())), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    /** The partition count of a topic created with the broker's default, asked until the deadline. */
    private static int describedPartitions(Admin admin, String topic, long deadline) throws Exception {
        while (true) {
            try {
                return admin.describeTopics(List.of(topic)).allTopicNames().get(Math.max(1, TimeUnit.NANOSECONDS
                        .toMillis(deadline - System.nanoTime())), TimeUnit.MILLISECONDS).get(topic).partitions().size();
            } catch (ExecutionException e) {
                if (System.nanoTime() - deadline > 0) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}

package io.typedjson.examples;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One Apache Kafka broker for the broker tests of this module: a one-node KRaft cluster in this JVM on free ports
 * (Kafka's own {@code KafkaClusterTestKit}), the run's {@link SharedBroker}, which the first test class started and
 * the end of the JUnit run closes; the classes that extend this one use topics of their own names. {@link #start()} makes a
 * broker of one's own (the console formatter's doc test, whose {@code orders} the quick start writes too; tests that
 * stop or restart their broker).
 */
@ExtendWith(SharedBroker.class)
public abstract class OneBroker {

    protected static KafkaClusterTestKit kafka;

    @BeforeAll
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void startBroker(KafkaClusterTestKit shared) {
        kafka = shared;
    }

    /** A started one-node broker (topics created on first use, as a default broker does); the caller closes it. */
    public static KafkaClusterTestKit start() throws Exception {
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
                .setNumBrokerNodes(1)
                .setNumControllerNodes(1)
                .setBootstrapMetadataVersion(MetadataVersion.LATEST_PRODUCTION)
                .build())
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    /**
     * Creates a topic and returns once each partition's leader serves it: an idempotent producer's first batch to a
     * partition whose leader is not ready yet can be lost (KAFKA-14359). The leader answers ListOffsets only once it
     * serves the partition; Admin retries until then, except while the broker's metadata does not have the new topic
     * yet (UnknownTopicOrPartitionException, seen on a loaded machine): that is retried here, within the same minute.
     */
    static void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty())))
                    .all().get(60, TimeUnit.SECONDS);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
                latest.put(new TopicPartition(topic, p), OffsetSpec.latest());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (true) {
                try {
                    admin.listOffsets(latest).all().get(Duration.ofSeconds(60).toMillis(), TimeUnit.MILLISECONDS);
                    return;
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                        throw e;
                    }
                    Thread.sleep(100);
                }
            }
        }
    }
}

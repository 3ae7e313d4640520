package io.typedjson.bench.cluster;

import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import io.typedjson.bench.cluster.ClusterBench.Settings;

/** The Kafka clients of a cluster benchmark: producers and consumers of bytes, configured as the settings ask. */
final class BenchClients {

    private final Settings settings;

    BenchClients(Settings settings) {
        this.settings = settings;
    }

    KafkaProducer<byte[], byte[]> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "typedjson-bench-producer");
        p.put(ProducerConfig.ACKS_CONFIG, settings.acks());
        // idempotence (no duplicates, order kept on retries) needs acks=all
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString("all".equals(settings.acks())
                || "-1".equals(settings.acks())));
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, settings.compression());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "60000");
        return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }

    KafkaConsumer<byte[], byte[]> consumer(String clientId) {
        return consumer(clientId, null);
    }

    KafkaConsumer<byte[], byte[]> consumer(String clientId, String groupId) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        if (groupId != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
            // a member learns of a rebalance at its next heartbeat (every 3 s by default): the group is formed before
            // the clock starts, so each pass would wait up to 3 s for nothing when a member joins a formed group
            p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "250");
        }
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        return new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }
}

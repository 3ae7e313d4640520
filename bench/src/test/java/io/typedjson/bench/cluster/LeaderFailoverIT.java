package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.data.Datasets;

/**
 * Leader failover under load on three brokers: the broker leading every partition of a replication-factor-3 topic
 * ({@code min.insync.replicas} 2) is killed with SIGKILL while two idempotent {@code acks=all} producers send typedjson
 * records, and restarted once the leadership has moved. Every acknowledged record is read back exactly once, at the
 * offset of its acknowledgement, equal to the record sent; the restarted broker is back in every ISR.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LeaderFailoverIT {

    private static LocalKafkaCluster cluster;

    @BeforeAll
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void startCluster() throws Exception {
        // a killed node is noticed (fenced, its leaderships moved) after broker.session.timeout.ms: 9 s by default,
        // most of each fault's wait here; 4 s is still far above the heartbeats' interval on a loaded machine
        cluster = LocalKafkaCluster.start(3, LocalKafka.builder().heap(LocalKafkaCluster.DEFAULT_NODE_HEAP)
                .startTimeout(Duration.ofSeconds(180))
                .brokerProperty("broker.session.timeout.ms", "4000")
                .brokerProperty("broker.heartbeat.interval.ms", "500"));
    }

    @AfterAll
    @Timeout(value = 90, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void stopCluster() {
        if (cluster == null) {
            return;
        }
        List<Long> pids = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        for (LocalKafka n : cluster.nodes()) {
            pids.add(n.pid());
            dirs.add(n.directory());
        }
        cluster.close();
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "broker " + pid + " left");
        }
        if (!Boolean.getBoolean("typedjson.kafka.keep")) {
            for (Path d : dirs) {
                assertFalse(Files.exists(d), "temporary directory left behind: " + d);
            }
        }
    }

    @Test
    void everyAcknowledgedRecordSurvivesTheLeadersSigkillExactlyOnce() throws Exception {
        try (Admin admin = BenchTopics.admin(cluster.bootstrapServers())) {
            assertEquals(3, admin.describeCluster().nodes().get().size(), "three brokers");
        }
        BenchCodec<Object> codec = Codecs.get("orders", "typedjson-class");
        List<Object> values = new ArrayList<>();
        for (Object r : Datasets.generate("orders", 2_000, 7)) {
            values.add(codec.prepare(r));
        }
        // bounded: a few seconds of sending before the kill and after the recovery; the whole run at most 6 minutes
        // (about 40 s on two idle cores; 4 minutes when the machine is shared by many builds)
        LeaderFailover.Settings settings = new LeaderFailover.Settings(3, 2, 500, 2_000, 2_000, 120_000,
                Duration.ofSeconds(360));
        long pidBefore = cluster.node(1).pid();

        LeaderFailover.Result r = new LeaderFailover(cluster, codec, values, settings, System.err).run();
        System.out.println(FailoverCommand.markdown(r, settings, "orders", ClusterCommand.localClusterLine(cluster)));

        assertEquals(1, r.killedNode());
        assertNotEquals(pidBefore, cluster.node(1).pid(), "node 1 was killed and restarted");
        assertTrue(cluster.node(1).isAlive());
        assertTrue(r.acked() >= 4_000, "acknowledged before the kill and after the recovery: " + r.acked());
        assertEquals(r.sent(), r.acked() + r.failed(), "every send was acknowledged or failed");
        assertEquals(r.acked(), r.ackedReadOnce(), "every acknowledged record read back exactly once: " + r.examples());
        assertEquals(0, r.ackedLost(), r.examples().toString());
        assertEquals(0, r.ackedDuplicated(), r.examples().toString());
        assertEquals(0, r.ackedMoved(), "read back where acknowledged: " + r.examples());
        assertEquals(0, r.changed(), "equal to what was sent: " + r.examples());
        assertEquals(0, r.unknown(), r.examples().toString());
        assertEquals(r.acked() + r.failedPresent(), r.readBack(), "nothing read but what was sent, once");
        assertTrue(r.ok(), r.examples().toString());
        // the leadership moved only after the kill, and the producers noticed: acknowledgements stopped for a while
        assertTrue(r.leadersMovedMillis() > 0 && r.isrRestoredMillis() >= r.leadersMovedMillis(), r.toString());
        assertTrue(r.stallMillis() > 0 && r.killToFirstAckMillis() > 0, r.toString());
    }

    /**
     * The {@code faults} command's run, small: the converter in schema location reference and the class serde under
     * load while the schema topic's leader is killed and restarted, its leadership moved, and the serde's leader
     * killed and restarted. Every acknowledged record of both loads is read once, in order within its partition, equal.
     */
    @Test
    void theFaultRunLosesDuplicatesAndReordersNothing() throws Exception {
        FaultRun.Settings settings = new FaultRun.Settings(3, 200, 100, 300, Duration.ofSeconds(3), Duration.ofSeconds(1),
                Duration.ofMinutes(6));
        FaultRun.Result r = new FaultRun(cluster, settings, System.err).run();
        System.out.println(FaultsCommand.markdown(r, settings, ClusterCommand.localClusterLine(cluster)));
        assertEquals(3, r.events().size());
        assertEquals(2, r.loads().size());
        for (FaultRun.Load l : r.loads()) {
            assertTrue(l.acked() >= 300 + 2 * 200, l.toString());
            assertEquals(0, l.sendFailed(), l.toString());
            assertEquals(0, l.lost(), l.toString());
            assertEquals(0, l.duplicated(), l.toString());
            assertEquals(0, l.outOfOrder(), l.toString());
            assertEquals(0, l.changed(), l.toString());
            assertEquals(l.acked(), l.read(), l.toString());
            assertTrue(l.longestStallMillis() > 0, l.toString());
        }
        assertTrue(r.ok());
        // the converter wrote a schema every 100 records, and its reader looked them up, through the faults
        assertTrue(r.converterMetrics().get("source schemas-written-total") >= r.loads().get(0).acked() / 100.0,
                r.converterMetrics().toString());
        assertEquals(r.loads().get(0).read(), r.converterMetrics().get("sink records-read-total"));
        assertEquals(r.loads().get(1).read(), r.serdeMetrics().get("consumer records-read-total"));
    }
}

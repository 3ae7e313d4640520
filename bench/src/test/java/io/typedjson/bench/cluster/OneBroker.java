package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * One {@link LocalKafka} broker for all the tests of a class: started before the first, stopped after the last,
 * and checked to leave neither its process nor its directory behind (unless {@code -Dtypedjson.kafka.keep=true}
 * keeps the directory to look at).
 */
abstract class OneBroker {

    static LocalKafka kafka;

    @BeforeAll
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void startBroker() throws Exception {
        // a restarted broker registers only once its killed predecessor's session has expired (the controller,
        // restarted with it, counts the old registration's session from its own start): broker.session.timeout.ms,
        // 9 s by default, was most of each restart
        kafka = LocalKafka.builder().brokerProperty("broker.session.timeout.ms", "3000")
                .brokerProperty("broker.heartbeat.interval.ms", "500").start();
    }

    @AfterAll
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void stopBroker() {
        if (kafka == null) {
            return;
        }
        Path dir = kafka.directory();
        long pid = kafka.pid();
        kafka.close();
        // close() cleans up after a kill and a restart too: the restarted child is stopped, the directory gone
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "broker process left behind");
        if (!Boolean.getBoolean("typedjson.kafka.keep")) {
            assertFalse(Files.exists(dir), "temporary directory left behind: " + dir);
        }
    }
}

package io.typedjson.connect.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.typedjson.connect.TestBroker;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.format.ConnectEnvelope;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.utils.internals.Exit;
import org.apache.kafka.connect.cli.ConnectDistributed;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Schema location reference in a distributed Connect cluster: two workers of Apache Kafka's own distributed
 * runtime (in-process) in one group, sharing the schema topic, against a KRaft broker (in-process). A source
 * whose schema changes mid-stream (a field added with a default) writes through the converter; a sink reads
 * every record back through it, both schema versions exactly. While records flow, the worker that runs the
 * source's task is stopped (the connector's status names it) and the task goes on on the other worker, with a new
 * converter that writes the schemas again; then the same for the sink's task, whose new converter resolves
 * references written before it started; a new worker joins after each, and no record is lost.
 */
@ExtendWith(io.typedjson.examples.SharedBroker.class)
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DistributedWorkersIT {

    private static final String CONVERTER = TypedJsonConverter.class.getName();
    private static final String TOPIC = "evolving";

    static KafkaClusterTestKit cluster;
    static final List<Connect<?>> workers = new ArrayList<>();

    @BeforeAll
    static void start(KafkaClusterTestKit shared) throws Exception {
        Exit.setExitProcedure((status, message) -> {
            throw new IllegalStateException("Connect tried to exit with status " + status + ": " + message);
        });
        cluster = shared; // the run's one broker (SharedBroker), closed when the run ends
        workers.add(startWorker());
        workers.add(startWorker());
    }

    static Connect<?> startWorker() {
        Map<String, String> w = new HashMap<>();
        w.put("bootstrap.servers", cluster.bootstrapServers());
        w.put("group.id", "typedjson-workers");
        w.put("config.storage.topic", "connect-configs");
        w.put("offset.storage.topic", "connect-offsets");
        w.put("status.storage.topic", "connect-status");
        w.put("config.storage.replication.factor", "1");
        w.put("offset.storage.replication.factor", "1");
        w.put("offset.storage.partitions", "1");
        w.put("status.storage.replication.factor", "1");
        w.put("status.storage.partitions", "1");
        w.put("offset.flush.interval.ms", "300");
        w.put("scheduled.rebalance.max.delay.ms", "500"); // a stopped worker's tasks move on soon
        w.put("listeners", "http://127.0.0.1:0");
        w.put("plugin.discovery", "service_load");
        // what a user writes: the converter is given its own keys only, so it is given the brokers of its topic
        w.put("key.converter", CONVERTER);
        w.put("value.converter", CONVERTER);
        w.put("value.converter.typedjson.schema.location", "reference");
        w.put("value.converter.bootstrap.servers", cluster.bootstrapServers());
        w.put("key.converter.bootstrap.servers", cluster.bootstrapServers());
        return new ConnectDistributed().startConnect(w);
    }

    @AfterAll
    static void stop() throws Exception {
        for (Connect<?> c : workers) {
            c.stop();
            c.awaitStop();
        }
        Exit.resetExitProcedure();
    }

    /** Through the REST API of a worker, which forwards to the leader as it does for a user. */
    static void putConnector(Connect<?> worker, String name, Map<String, String> config) throws Exception {
        String url = worker.rest().advertisedUrl().toString().replaceAll("/$", "") + "/connectors/" + name + "/config";
        HttpResponse<String> r = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) { // the group may still be forming: 409 until it has a leader
            r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(new ObjectMapper().writeValueAsString(config))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 == 2) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("connector " + name + " not created: " + r.statusCode() + " " + r.body());
    }

    /** A worker's id as Connect's status names it: the host and port of its REST URL. */
    static String workerId(Connect<?> worker) {
        URI url = worker.rest().advertisedUrl();
        return url.getHost() + ":" + url.getPort();
    }

    /** The connector's status from the REST API of a running worker: {@code GET /connectors/<name>/status}. */
    static JsonNode status(String connector) {
        String url = workers.get(0).rest().advertisedUrl().toString().replaceAll("/$", "") + "/connectors/" + connector + "/status";
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? new ObjectMapper().readTree(r.body()) : null; // 404 until the status is written
        } catch (java.io.IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The worker that runs the connector's task (tasks.max is 1) when it is RUNNING, else null; a FAILED task fails the test. */
    static String runningOn(String connector) {
        JsonNode status = status(connector);
        JsonNode task = status == null ? null : status.path("tasks").path(0);
        if (task == null || task.isMissingNode()) {
            return null;
        }
        assertNotEquals("FAILED", task.path("state").asText(), () -> connector + "'s task failed: " + task.path("trace").asText());
        return task.path("state").asText().equals("RUNNING") ? task.path("worker_id").asText() : null;
    }

    /**
     * Stops the worker that runs the connector's task and waits until the task runs on the other worker (the
     * connector's status says RUNNING there); then a new worker joins, so that two are running again.
     */
    static void moveTask(String connector) throws InterruptedException {
        String[] from = {null};
        TestBroker.await(connector + "'s task running", () -> (from[0] = runningOn(connector)) != null);
        Connect<?> runsIt = workers.stream().filter(w -> workerId(w).equals(from[0])).findFirst()
                .orElseThrow(() -> new AssertionError(connector + "'s task runs on " + from[0] + ", not one of our workers"));
        workers.remove(runsIt);
        runsIt.stop();
        runsIt.awaitStop();
        String other = workerId(workers.get(0));
        TestBroker.await(connector + "'s task running on the other worker, " + other, () -> other.equals(runningOn(connector)));
        workers.add(startWorker());
    }

    @Test
    void aSchemaChangeMidStreamAndAWorkerRestartLoseNothing() throws Exception {
        long start = System.nanoTime();
        Map<String, String> source = new HashMap<>();
        source.put("connector.class", EvolvingSource.class.getName());
        source.put("tasks.max", "1");
        source.put("topic", TOPIC);
        putConnector(workers.get(0), "evolving-source", source);
        Map<String, String> sink = CollectingSink.config(TOPIC, null);
        putConnector(workers.get(1), "evolving-sink", sink);

        Queue<SinkRecord> received = CollectingSink.received(TOPIC);
        TestBroker.await("records before the restart", () -> received.size() >= 60);
        int atRestart = received.size();
        assertTrue(atRestart < EvolvingSource.CHANGE, "the worker stops before the schema changes: " + atRestart);
        // the writer: its task goes on from its last committed offset, on the other worker, with a new converter
        moveTask("evolving-source");
        // the reader: a new converter that resolves the references of the records not yet read
        int atSinkMove = received.size();
        assertTrue(atSinkMove < EvolvingSource.TOTAL, "the sink's worker stops while records flow: " + atSinkMove);
        moveTask("evolving-sink");

        TestBroker.await("every record", () -> {
            runningOn("evolving-source"); // a task that failed fails the test at once, with its trace
            runningOn("evolving-sink");
            return distinctIds(received).size() >= EvolvingSource.TOTAL;
        });
        TreeSet<Long> ids = distinctIds(received);
        assertEquals(EvolvingSource.TOTAL, ids.size());
        assertEquals(0L, ids.first());
        assertEquals(EvolvingSource.TOTAL - 1L, ids.last());
        int v1 = 0;
        int v2 = 0;
        for (SinkRecord r : received) {
            Struct got = (Struct) r.value();
            Struct want = EvolvingSource.expected(got.getInt64("id"));
            assertEquals(want.schema(), r.valueSchema(), "schema of record " + got.getInt64("id"));
            assertEquals(want, got, "record " + got.getInt64("id"));
            if (want.schema() == EvolvingSource.V1) {
                v1++;
            } else {
                v2++;
                assertEquals(want.getWithoutDefault("qty"), got.getWithoutDefault("qty"));
            }
        }
        assertTrue(v1 >= EvolvingSource.CHANGE && v2 >= EvolvingSource.TOTAL - EvolvingSource.CHANGE, v1 + " " + v2);

        // on the wire: a 16-byte reference per record, and the schema topic holds the two schemas, each keyed by its fingerprint
        List<ConsumerRecord<byte[], byte[]>> schemas = readAll(ConnectEnvelope.DEFAULT_SCHEMA_TOPIC);
        TreeSet<String> notations = new TreeSet<>();
        for (ConsumerRecord<byte[], byte[]> s : schemas) {
            assertArrayEquals(ConnectEnvelope.fingerprint(s.value()), s.key());
            notations.add(new String(s.value(), StandardCharsets.UTF_8));
        }
        assertEquals(new TreeSet<>(List.of("{id:i64,name}@com.acme.Item#1",
                "{id:i64,name,qty:i32!`added in version 2`=7}@com.acme.Item#2")), notations);
        List<ConsumerRecord<byte[], byte[]>> records = readAll(TOPIC);
        assertTrue(records.size() >= EvolvingSource.TOTAL);
        for (ConsumerRecord<byte[], byte[]> r : records) {
            assertNotNull(r.headers().lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER));
            assertEquals(16, r.headers().lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER).value().length);
            assertTrue(r.value()[0] == '[', "a positional struct: " + new String(r.value(), StandardCharsets.UTF_8));
        }
        System.out.printf("two distributed workers: %d records (%d received, %d before the source's task moved, %d"
                + " before the sink's) in %d ms%n", EvolvingSource.TOTAL, received.size(), atRestart, atSinkMove,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    private static TreeSet<Long> distinctIds(Queue<SinkRecord> received) {
        TreeSet<Long> ids = new TreeSet<>();
        for (SinkRecord r : received) {
            ids.add(((Struct) r.value()).getInt64("id"));
        }
        return ids;
    }

    private static List<ConsumerRecord<byte[], byte[]>> readAll(String topic) {
        return TestBroker.readAll(cluster, topic);
    }
}

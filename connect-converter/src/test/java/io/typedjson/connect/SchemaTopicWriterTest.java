package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.TypedJsonFormat;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.DescribeConfigsResult;
import org.apache.kafka.clients.admin.DescribeTopicsResult;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.Time;
import org.junit.jupiter.api.Test;

/**
 * The schema topic's writer on doubles of Kafka's clients and a clock of the test's own: what it does when the topic's
 * id (KIP-516) is unknown at first and then learnt, or changes. The same through a real broker, where the timing
 * decides what happens, is {@code SchemaTopicFaultsIT}.
 */
class SchemaTopicWriterTest {

    private static final String TOPIC = "_typedjson-schemas-writer-test";
    private static final long CHECK_INTERVAL_MS = 1_000;

    /** A clock that moves only when the test moves it. */
    private static final class StillTime implements Time {
        private long nanos = 1_000_000_000L;

        @Override
        public synchronized long milliseconds() {
            return TimeUnit.NANOSECONDS.toMillis(nanos);
        }

        @Override
        public synchronized long nanoseconds() {
            return nanos;
        }

        @Override
        public synchronized void sleep(long ms) {
            nanos += TimeUnit.MILLISECONDS.toNanos(ms);
        }
    }

    /**
     * An Admin that creates the topic, gives it cleanup.policy=compact and answers each description of it with the
     * next of {@code ids} (the last one again once they are used up); every other call fails the test.
     */
    private static Admin admin(Deque<Uuid> ids, List<String> calls) {
        return (Admin) Proxy.newProxyInstance(SchemaTopicWriterTest.class.getClassLoader(), new Class<?>[] {Admin.class},
                (proxy, method, args) -> {
                    calls.add(method.getName());
                    switch (method.getName()) {
                        case "createTopics": {
                            String name = ((Collection<?>) args[0]).stream().map(t -> ((NewTopic) t).name()).findFirst().orElseThrow();
                            return new CreateTopicsResult(Map.of(name, KafkaFuture.completedFuture(null))) {};
                        }
                        case "describeTopics": {
                            Uuid id = ids.size() > 1 ? ids.poll() : ids.peek();
                            TopicDescription d = new TopicDescription(TOPIC, false, List.of(), null, id);
                            return new DescribeTopicsResult(null, Map.of(TOPIC, KafkaFuture.completedFuture(d))) {};
                        }
                        case "describeConfigs": {
                            ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, TOPIC);
                            Config c = new Config(List.of(new ConfigEntry("cleanup.policy", "compact")));
                            return new DescribeConfigsResult(Map.of(r, KafkaFuture.completedFuture(c))) {};
                        }
                        case "close":
                            return null;
                        default:
                            throw new AssertionError("unexpected Admin call " + method);
                    }
                });
    }

    private final StillTime time = new StillTime();
    private final MockProducer<byte[], byte[]> producer = new MockProducer<>(true, null, new ByteArraySerializer(),
            new ByteArraySerializer());

    private SchemaReferences references(Deque<Uuid> ids, List<String> calls) {
        Map<String, Object> props = Map.of("bootstrap.servers", "127.0.0.1:1", TypedJsonConverterConfig.SCHEMA_TOPIC, TOPIC,
                TypedJsonConverterConfig.SCHEMA_TOPIC_CHECK_INTERVAL_MS, CHECK_INTERVAL_MS);
        SchemaTopicSettings settings = new SchemaTopicSettings(new TypedJsonConverterConfig(props), props);
        return new SchemaReferences(settings, new SchemaCache(TypedJsonFormat.defaults(), 10), 10, 1 << 20, time,
                () -> producer, () -> admin(ids, calls));
    }

    /** Writes a record of the schema 64 times once the check interval has passed: the writer checks the topic once. */
    private void recordsAfterTheInterval(SchemaReferences references, SchemaCache.Entry entry) {
        time.sleep(CHECK_INTERVAL_MS);
        for (int i = 0; i < 64; i++) {
            assertArrayEquals(entry.fingerprint(), references.written(entry));
        }
    }

    @Test
    void schemasWrittenWhileTheTopicsIdWasUnknownAreWrittenAgainWhenACheckLearnsItAndAgainWhenItChanges() {
        Uuid first = Uuid.randomUuid(), second = Uuid.randomUuid();
        // the id is not known when the topic is first written to (a topic just created, not in the metadata yet),
        // then a check reads one (of the topic as it is now: perhaps recreated meanwhile), then another (recreated)
        Deque<Uuid> ids = new ArrayDeque<>(List.of(Uuid.ZERO_UUID, first, second));
        List<String> calls = new java.util.ArrayList<>();
        SchemaCache.Entry entry = new SchemaCache(TypedJsonFormat.defaults(), 10).forText("{a:i32}");
        try (SchemaReferences references = references(ids, calls)) {
            assertArrayEquals(ConnectEnvelope.fingerprint("{a:i32}"), references.written(entry));
            assertEquals(1, producer.history().size(), "written once");
            assertEquals(List.of("createTopics", "describeTopics"), calls);

            recordsAfterTheInterval(references, entry);
            assertEquals(List.of("createTopics", "describeTopics", "describeTopics"), calls, "checked once");
            assertEquals(2, producer.history().size(), "written again: whether the topic written to is this one is unknown");

            recordsAfterTheInterval(references, entry);
            assertEquals(List.of("createTopics", "describeTopics", "describeTopics", "describeTopics", "describeConfigs"), calls);
            assertEquals(3, producer.history().size(), "written again: the topic was recreated");

            recordsAfterTheInterval(references, entry);
            assertEquals(3, producer.history().size(), "the same topic: not written again");
            for (var r : producer.history()) {
                assertEquals(TOPIC, r.topic());
                assertArrayEquals(ConnectEnvelope.fingerprint("{a:i32}"), r.key());
                assertArrayEquals("{a:i32}".getBytes(java.nio.charset.StandardCharsets.UTF_8), r.value());
            }
        }
    }
}

package io.typedjson.connect.worker;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/** A sink connector of the tests: keeps every record it is given, by topic, for the test to compare. */
public class CollectingSink extends SinkConnector {
    public static final Map<String, Queue<SinkRecord>> RECEIVED = new ConcurrentHashMap<>();

    private Map<String, String> props;

    public static Queue<SinkRecord> received(String topic) {
        return RECEIVED.computeIfAbsent(topic, t -> new ConcurrentLinkedQueue<>());
    }

    /**
     * A connector config of this sink for {@code topic} (a map to add to); with {@code deadLetters} not null, records
     * that fail go to that topic with Connect's error context headers.
     */
    public static Map<String, String> config(String topic, String deadLetters) {
        Map<String, String> sink = new HashMap<>();
        sink.put("connector.class", CollectingSink.class.getName());
        sink.put("tasks.max", "1");
        sink.put("topics", topic);
        if (deadLetters != null) {
            sink.put("errors.tolerance", "all");
            sink.put("errors.deadletterqueue.topic.name", deadLetters);
            sink.put("errors.deadletterqueue.topic.replication.factor", "1");
            sink.put("errors.deadletterqueue.context.headers.enable", "true");
        }
        return sink;
    }

    @Override
    public void start(Map<String, String> props) {
        this.props = props;
    }

    @Override
    public Class<? extends Task> taskClass() {
        return CollectingTask.class;
    }

    @Override
    public List<Map<String, String>> taskConfigs(int maxTasks) {
        return List.of(props);
    }

    @Override
    public void stop() {
    }

    @Override
    public ConfigDef config() {
        return new ConfigDef();
    }

    @Override
    public String version() {
        return "test";
    }

    public static class CollectingTask extends SinkTask {
        @Override
        public void start(Map<String, String> props) {
        }

        @Override
        public void put(Collection<SinkRecord> records) {
            for (SinkRecord r : records) {
                received(r.topic()).add(r);
            }
        }

        @Override
        public void stop() {
        }

        @Override
        public String version() {
            return "test";
        }
    }
}

package io.typedjson.connect.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/**
 * A source connector of the tests whose schema changes mid-stream: records 0 to {@link #CHANGE} - 1 have
 * {@link #V1}, the rest {@link #V2} (a field added with a default). It resumes after its last committed source
 * offset, so a task moved to another worker goes on where it stopped; {@link #TOTAL} records in all, a few per
 * poll, so that a test can restart a worker while it runs.
 */
public class EvolvingSource extends SourceConnector {
    public static final int TOTAL = 300;
    public static final int CHANGE = 150;
    public static final Schema V1 = SchemaBuilder.struct().name("com.acme.Item").version(1)
            .field("id", Schema.INT64_SCHEMA)
            .field("name", Schema.STRING_SCHEMA)
            .build();
    public static final Schema V2 = SchemaBuilder.struct().name("com.acme.Item").version(2)
            .field("id", Schema.INT64_SCHEMA)
            .field("name", Schema.STRING_SCHEMA)
            .field("qty", SchemaBuilder.int32().defaultValue(7).doc("added in version 2").build())
            .build();
    private static final Map<String, String> PARTITION = Map.of("source", "evolving");

    private Map<String, String> props;

    /** The record of sequence number {@code n}, as emitted. */
    public static Struct expected(long n) {
        if (n < CHANGE) {
            return new Struct(V1).put("id", n).put("name", "item " + n);
        }
        Struct s = new Struct(V2).put("id", n).put("name", "item " + n);
        if (n % 3 != 0) {
            s.put("qty", (int) n); // every third record leaves qty unset: it stays unset, not the default
        }
        return s;
    }

    @Override
    public void start(Map<String, String> props) {
        this.props = props;
    }

    @Override
    public Class<? extends Task> taskClass() {
        return EvolvingTask.class;
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
        return new ConfigDef().define("topic", ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "Topic to write to.");
    }

    @Override
    public String version() {
        return "test";
    }

    public static class EvolvingTask extends SourceTask {
        private String topic;
        private long next;

        @Override
        public void start(Map<String, String> props) {
            topic = props.get("topic");
            Map<String, Object> offset = context.offsetStorageReader().offset(PARTITION);
            next = offset == null ? 0 : ((Number) offset.get("seq")).longValue() + 1;
        }

        @Override
        public List<SourceRecord> poll() throws InterruptedException {
            Thread.sleep(100);
            if (next >= TOTAL) {
                return null;
            }
            List<SourceRecord> out = new ArrayList<>();
            for (int i = 0; i < 3 && next < TOTAL; i++, next++) {
                Struct value = expected(next);
                out.add(new SourceRecord(PARTITION, Map.of("seq", next), topic, 0, null, null, value.schema(), value));
            }
            return out;
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

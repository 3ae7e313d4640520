package io.typedjson.connect.worker;

import io.typedjson.connect.EventTypesConverterTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/** A source connector of the tests: emits the three event types of {@link EventTypesConverterTest#events()} once. */
public class EventsSource extends SourceConnector {
    private Map<String, String> props;

    @Override
    public void start(Map<String, String> props) {
        this.props = props;
    }

    @Override
    public Class<? extends Task> taskClass() {
        return EventsTask.class;
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

    public static class EventsTask extends SourceTask {
        private String topic;
        private boolean sent;

        @Override
        public void start(Map<String, String> props) {
            topic = props.get("topic");
        }

        @Override
        public List<SourceRecord> poll() throws InterruptedException {
            if (sent) {
                Thread.sleep(100);
                return null;
            }
            sent = true;
            List<SourceRecord> out = new ArrayList<>();
            for (SchemaAndValue e : EventTypesConverterTest.events()) {
                out.add(new SourceRecord(Map.of("source", topic), Map.of("n", out.size()), topic, 0, null, null,
                        e.schema(), e.value()));
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

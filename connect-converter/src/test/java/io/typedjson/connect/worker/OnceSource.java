package io.typedjson.connect.worker;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/** A source connector of the tests whose task emits its records once to the configured topic, then idles. */
public abstract class OnceSource extends SourceConnector {
    private Map<String, String> props;

    @Override
    public void start(Map<String, String> props) {
        this.props = props;
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

    /** The task: {@link #records} once, then nothing. */
    public abstract static class OnceTask extends SourceTask {
        private String topic;
        private boolean sent;

        /** The records to emit to {@code topic}. */
        protected abstract List<SourceRecord> records(String topic);

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
            return records(topic);
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

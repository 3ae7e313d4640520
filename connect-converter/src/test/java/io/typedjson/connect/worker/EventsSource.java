package io.typedjson.connect.worker;

import io.typedjson.connect.EventTypesConverterTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.source.SourceRecord;

/** A source connector of the tests: emits the three event types of {@link EventTypesConverterTest#events()} once. */
public class EventsSource extends OnceSource {
    @Override
    public Class<? extends Task> taskClass() {
        return EventsTask.class;
    }

    public static class EventsTask extends OnceTask {
        @Override
        protected List<SourceRecord> records(String topic) {
            List<SourceRecord> out = new ArrayList<>();
            for (SchemaAndValue e : EventTypesConverterTest.events()) {
                out.add(new SourceRecord(Map.of("source", topic), Map.of("n", out.size()), topic, 0, null, null,
                        e.schema(), e.value()));
            }
            return out;
        }
    }
}

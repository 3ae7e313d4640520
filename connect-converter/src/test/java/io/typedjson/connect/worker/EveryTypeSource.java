package io.typedjson.connect.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.source.SourceRecord;

/** A source connector of the tests: emits {@link WorkerRecords#expected()} once to the configured topic, then idles. */
public class EveryTypeSource extends OnceSource {
    @Override
    public Class<? extends Task> taskClass() {
        return EveryTypeTask.class;
    }

    public static class EveryTypeTask extends OnceTask {
        @Override
        protected List<SourceRecord> records(String topic) {
            List<SourceRecord> out = new ArrayList<>();
            for (WorkerRecords.Expected e : WorkerRecords.expected()) {
                out.add(new SourceRecord(Map.of("source", topic), Map.of("n", out.size()), topic, 0,
                        e.keySchema(), e.key(), e.valueSchema(), e.value(), null, e.headers()));
            }
            return out;
        }
    }
}

package io.typedjson.connect.worker;

import io.typedjson.connect.Samples;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.header.Headers;

/** What the source emits and the sink must receive: every type, schemaless values and a tombstone. */
final class WorkerRecords {
    private WorkerRecords() {}

    record Expected(Schema keySchema, Object key, Schema valueSchema, Object value, Headers headers) {}

    static List<Expected> expected() {
        List<Expected> out = new ArrayList<>();
        Schema keySchema = SchemaBuilder.struct().name("Key").field("id", Schema.INT64_SCHEMA).build();
        int n = 0;
        for (Struct s : Samples.allVariants()) {
            out.add(new Expected(keySchema, new Struct(keySchema).put("id", (long) n++), Samples.ALL, s,
                    new ConnectHeaders().add("h", Samples.inner(n, "header ~" + n), Samples.INNER)));
        }
        for (Struct row : Samples.rows(20, 7)) {
            out.add(new Expected(Schema.INT32_SCHEMA, row.getInt32("id"), row.schema(), row, new ConnectHeaders()));
        }
        Map<String, Object> schemaless = new LinkedHashMap<>();
        schemaless.put("int", 1);
        schemaless.put("decimal", new BigDecimal("1.10"));
        schemaless.put("list", List.of((short) 1, 2L, 3.5f));
        out.add(new Expected(null, "schemaless", null, schemaless, new ConnectHeaders().addInt("n", 5)));
        out.add(new Expected(null, "tombstone", null, null, new ConnectHeaders()));
        return out;
    }
}

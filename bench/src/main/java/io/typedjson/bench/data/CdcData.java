package io.typedjson.bench.data;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;

/** cdc: Debezium-style change events of the rows table: 30% creates, 50% updates, 20% deletes. */
final class CdcData implements Dataset<Change> {
    private static final Schema ROW = RowsData.schema("dbserver1.inventory.rows.Value", true);
    private static final Schema SOURCE = SchemaBuilder.struct().name("io.debezium.connector.mysql.Source")
            .field("version", Schema.STRING_SCHEMA)
            .field("connector", Schema.STRING_SCHEMA)
            .field("name", Schema.STRING_SCHEMA)
            .field("ts_ms", Schema.INT64_SCHEMA)
            .field("snapshot", Schema.OPTIONAL_STRING_SCHEMA)
            .field("db", Schema.STRING_SCHEMA)
            .field("table", Schema.STRING_SCHEMA)
            .field("server_id", Schema.INT64_SCHEMA)
            .field("file", Schema.STRING_SCHEMA)
            .field("pos", Schema.INT64_SCHEMA)
            .field("row", Schema.INT32_SCHEMA)
            .build();
    private static final Schema SCHEMA = SchemaBuilder.struct().name("dbserver1.inventory.rows.Envelope")
            .field("before", ROW)
            .field("after", ROW)
            .field("source", SOURCE)
            .field("op", Schema.STRING_SCHEMA)
            .field("ts_ms", Schema.INT64_SCHEMA)
            .build();

    @Override
    public String name() {
        return "cdc";
    }

    @Override
    public Class<Change> recordClass() {
        return Change.class;
    }

    @Override
    public List<Change> generate(int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Change> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int kind = rnd.nextInt(10);
            String op = kind < 3 ? "c" : kind < 8 ? "u" : "d";
            Row before = op.equals("c") ? null : RowsData.row(rnd, i);
            Row after = op.equals("d") ? null : RowsData.row(rnd, i);
            long ts = OrdersData.EPOCH_2026_MS + i * 1000L + rnd.nextInt(1000);
            Source source = new Source("2.7.3.Final", "mysql", "dbserver1", ts - rnd.nextInt(50), null, "inventory",
                    "rows", 223344L, "mysql-bin.000003", 154L + i * 420L, rnd.nextInt(3));
            out.add(new Change(before, after, source, op, ts));
        }
        return out;
    }

    @Override
    public Schema connectSchema() {
        return SCHEMA;
    }

    @Override
    public Struct toStruct(Change c) {
        Source s = c.source();
        Struct source = new Struct(SOURCE).put("version", s.version()).put("connector", s.connector())
                .put("name", s.name()).put("ts_ms", s.tsMs()).put("snapshot", s.snapshot()).put("db", s.db())
                .put("table", s.table()).put("server_id", s.serverId()).put("file", s.file()).put("pos", s.pos())
                .put("row", s.row());
        return new Struct(SCHEMA)
                .put("before", c.before() == null ? null : RowsData.toStruct(c.before(), ROW))
                .put("after", c.after() == null ? null : RowsData.toStruct(c.after(), ROW))
                .put("source", source).put("op", c.op()).put("ts_ms", c.tsMs());
    }

    @Override
    public Change fromStruct(Struct st) {
        Struct s = st.getStruct("source");
        Source source = new Source(s.getString("version"), s.getString("connector"), s.getString("name"),
                s.getInt64("ts_ms"), s.getString("snapshot"), s.getString("db"), s.getString("table"),
                s.getInt64("server_id"), s.getString("file"), s.getInt64("pos"), s.getInt32("row"));
        return new Change(RowsData.rowFromStruct(st.getStruct("before")), RowsData.rowFromStruct(st.getStruct("after")),
                source, st.getString("op"), st.getInt64("ts_ms"));
    }

    @Override
    public Map<String, Object> toMap(Change c) {
        Source s = c.source();
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("version", s.version());
        source.put("connector", s.connector());
        source.put("name", s.name());
        source.put("ts_ms", s.tsMs());
        source.put("snapshot", s.snapshot());
        source.put("db", s.db());
        source.put("table", s.table());
        source.put("server_id", s.serverId());
        source.put("file", s.file());
        source.put("pos", s.pos());
        source.put("row", s.row());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("before", RowsData.rowToMap(c.before()));
        m.put("after", RowsData.rowToMap(c.after()));
        m.put("source", source);
        m.put("op", c.op());
        m.put("ts_ms", c.tsMs());
        return m;
    }
}

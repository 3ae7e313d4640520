package io.typedjson.bench.data;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;

/** rows: JDBC-source-style rows with narrow ints, a Decimal, logical dates and nullable columns. */
final class RowsData implements Dataset<Row> {
    private static final String[] WORDS = {"leave at door", "call first", "second floor", "gift wrap", "no invoice",
            "fragile glass", "back entrance", "weekend only", "ring twice", "ask for Sam"};
    // unnamed, as the orders' schema is (a name's bytes would be counted against every schema-carrying codec);
    // the change events of cdc name theirs, as Debezium does
    private static final Schema SCHEMA = schema(null, false);
    private static final long DAY_MS = TimeUnit.DAYS.toMillis(1);

    /** The row struct schema under a given name; optional for the before/after fields of a change event. */
    static Schema schema(String name, boolean optional) {
        SchemaBuilder b = SchemaBuilder.struct().name(name)
                .field("id", Schema.INT32_SCHEMA)
                .field("customer_id", Schema.INT64_SCHEMA)
                .field("qty", Schema.INT16_SCHEMA)
                .field("price", Decimal.schema(2))
                .field("created", Timestamp.SCHEMA)
                .field("ship_date", Date.builder().optional().build())
                .field("note", Schema.OPTIONAL_STRING_SCHEMA)
                .field("active", Schema.BOOLEAN_SCHEMA)
                .field("score", Schema.FLOAT32_SCHEMA)
                .field("payload", Schema.OPTIONAL_BYTES_SCHEMA);
        return optional ? b.optional().build() : b.build();
    }

    static Row row(SplittableRandom rnd, int id) {
        Instant created = Instant.ofEpochMilli(OrdersData.EPOCH_2026_MS + id * 977L + rnd.nextInt(1000));
        LocalDate ship = rnd.nextInt(10) < 8 ? LocalDate.ofEpochDay(20_454 + rnd.nextInt(60)) : null;
        String note = rnd.nextInt(10) < 3 ? null : WORDS[rnd.nextInt(WORDS.length)];
        byte[] payload = null;
        if (rnd.nextBoolean()) {
            payload = new byte[16];
            for (int i = 0; i < payload.length; i++) {
                payload[i] = (byte) rnd.nextInt(256);
            }
        }
        return new Row(id, 10_000_000_000L + rnd.nextInt(5_000_000), (short) rnd.nextInt(1, 500),
                BigDecimal.valueOf(rnd.nextInt(1, 10_000_000), 2), created, ship, note, rnd.nextBoolean(),
                (float) (rnd.nextDouble() * 100), payload);
    }

    static Struct toStruct(Row r, Schema schema) {
        return new Struct(schema).put("id", r.id()).put("customer_id", r.customerId()).put("qty", r.qty())
                .put("price", r.price()).put("created", java.util.Date.from(r.created()))
                .put("ship_date", r.shipDate() == null ? null : new java.util.Date(r.shipDate().toEpochDay() * DAY_MS))
                .put("note", r.note()).put("active", r.active()).put("score", r.score()).put("payload", r.payload());
    }

    static Row rowFromStruct(Struct s) {
        if (s == null) {
            return null;
        }
        java.util.Date ship = (java.util.Date) s.get("ship_date");
        return new Row(s.getInt32("id"), s.getInt64("customer_id"), s.getInt16("qty"), (BigDecimal) s.get("price"),
                ((java.util.Date) s.get("created")).toInstant(),
                ship == null ? null : LocalDate.ofEpochDay(Math.floorDiv(ship.getTime(), DAY_MS)),
                s.getString("note"), s.getBoolean("active"), s.getFloat32("score"), s.getBytes("payload"));
    }

    static Map<String, Object> rowToMap(Row r) {
        if (r == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        m.put("customer_id", r.customerId());
        m.put("qty", r.qty());
        m.put("price", r.price());
        m.put("created", r.created());
        m.put("ship_date", r.shipDate());
        m.put("note", r.note());
        m.put("active", r.active());
        m.put("score", r.score());
        m.put("payload", r.payload());
        return m;
    }

    @Override
    public String name() {
        return "rows";
    }

    @Override
    public Class<Row> recordClass() {
        return Row.class;
    }

    @Override
    public List<Row> generate(int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Row> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(row(rnd, i));
        }
        return out;
    }

    @Override
    public Schema connectSchema() {
        return SCHEMA;
    }

    @Override
    public Struct toStruct(Row r) {
        return toStruct(r, SCHEMA);
    }

    @Override
    public Row fromStruct(Struct s) {
        return rowFromStruct(s);
    }

    @Override
    public Map<String, Object> toMap(Row r) {
        return rowToMap(r);
    }
}

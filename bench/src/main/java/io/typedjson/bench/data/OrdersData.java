package io.typedjson.bench.data;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;

/** orders: {id int64 0..N-1, name like "Noor628", status one of 5 words, amount 2 decimals, 0-3 tags, ts ISO instant}. */
final class OrdersData implements Dataset<Order> {
    static final String[] FIRST_NAMES = {"Noor", "Ava", "Liam", "Mei", "Omar", "Zoe", "Ivan", "Sara", "Kofi", "Lena", "Ravi", "Emma"};
    private static final String[] STATUSES = {"NEW", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"};
    private static final String[] TAGS = {"gift", "express", "fragile", "b2b", "promo", "repeat", "vip", "bulk"};
    static final long EPOCH_2026_MS = 1_767_225_600_000L;

    // unnamed: a JDBC-style name (server.database.table) would add its bytes to every schema-carrying codec's
    // record, JsonConverter's envelope and typedjson's notation alike, and the sizes would measure the name
    private static final Schema SCHEMA = SchemaBuilder.struct()
            .field("id", Schema.INT64_SCHEMA)
            .field("name", Schema.STRING_SCHEMA)
            .field("status", Schema.STRING_SCHEMA)
            .field("amount", Schema.FLOAT64_SCHEMA)
            .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
            .field("ts", Schema.STRING_SCHEMA)
            .build();

    @Override
    public String name() {
        return "orders";
    }

    @Override
    public Class<Order> recordClass() {
        return Order.class;
    }

    @Override
    public List<Order> generate(int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Order> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<String> tags = new ArrayList<>();
            for (int t = rnd.nextInt(4); t > 0; t--) {
                tags.add(TAGS[rnd.nextInt(TAGS.length)]);
            }
            out.add(new Order(i,
                    FIRST_NAMES[rnd.nextInt(FIRST_NAMES.length)] + rnd.nextInt(1000),
                    STATUSES[rnd.nextInt(STATUSES.length)],
                    rnd.nextInt(1, 100_000) / 100.0,
                    tags,
                    Instant.ofEpochMilli(EPOCH_2026_MS + i * 1000L + rnd.nextInt(1000)).toString()));
        }
        return out;
    }

    @Override
    public Schema connectSchema() {
        return SCHEMA;
    }

    @Override
    public Struct toStruct(Order o) {
        return new Struct(SCHEMA).put("id", o.id()).put("name", o.name()).put("status", o.status())
                .put("amount", o.amount()).put("tags", o.tags()).put("ts", o.ts());
    }

    @Override
    public Order fromStruct(Struct s) {
        return new Order(s.getInt64("id"), s.getString("name"), s.getString("status"), s.getFloat64("amount"),
                s.getArray("tags"), s.getString("ts"));
    }

    @Override
    public Map<String, Object> toMap(Order o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", o.id());
        m.put("name", o.name());
        m.put("status", o.status());
        m.put("amount", o.amount());
        m.put("tags", o.tags());
        m.put("ts", o.ts());
        return m;
    }
}

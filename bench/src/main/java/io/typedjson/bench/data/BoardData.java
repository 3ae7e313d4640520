package io.typedjson.bench.data;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;

/** board: each record is one document of 200 blocks. */
final class BoardData implements Dataset<Board> {
    static final int BLOCKS = 200;
    private static final String[] WORDS = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
            "india", "juliett", "kilo", "lima", "mike", "november", "oscar", "papa"};
    private static final Schema POSITION = SchemaBuilder.struct().name("io.typedjson.bench.Position")
            .field("x", Schema.FLOAT64_SCHEMA)
            .field("y", Schema.FLOAT64_SCHEMA)
            .build();
    private static final Schema BLOCK = SchemaBuilder.struct().name("io.typedjson.bench.Block")
            .field("labels", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
            .field("values", SchemaBuilder.array(Schema.FLOAT64_SCHEMA).build())
            .field("counts", SchemaBuilder.array(Schema.INT32_SCHEMA).build())
            .field("flags", SchemaBuilder.array(Schema.OPTIONAL_BOOLEAN_SCHEMA).build())
            .field("note", Schema.STRING_SCHEMA)
            .field("position", POSITION)
            .build();
    private static final Schema SCHEMA = SchemaBuilder.struct().name("io.typedjson.bench.Board")
            .field("ts", Timestamp.SCHEMA)
            .field("blocks", SchemaBuilder.array(BLOCK).build())
            .build();

    @Override
    public String name() {
        return "board";
    }

    @Override
    public Class<Board> recordClass() {
        return Board.class;
    }

    @Override
    public List<Board> generate(int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Board> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<Board.Block> blocks = new ArrayList<>(BLOCKS);
            for (int b = 0; b < BLOCKS; b++) {
                List<String> labels = new ArrayList<>();
                List<Double> values = new ArrayList<>();
                List<Integer> counts = new ArrayList<>();
                for (int k = 0; k < 8; k++) {
                    labels.add(WORDS[rnd.nextInt(WORDS.length)] + "-" + rnd.nextInt(100));
                    values.add((rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(-3, 7)));
                    counts.add(rnd.nextInt(-1_000_000, 1_000_000_000));
                }
                blocks.add(new Board.Block(labels, values, counts, Arrays.asList(true, false, null),
                        "block " + b + " of board " + i,
                        new Board.Position(rnd.nextDouble() * 1920, rnd.nextDouble() * 1080)));
            }
            out.add(new Board(Instant.ofEpochMilli(OrdersData.EPOCH_2026_MS + i * 60_000L + rnd.nextInt(60_000)), blocks));
        }
        return out;
    }

    @Override
    public Schema connectSchema() {
        return SCHEMA;
    }

    @Override
    public Struct toStruct(Board board) {
        List<Struct> blocks = new ArrayList<>(board.blocks().size());
        for (Board.Block b : board.blocks()) {
            Struct pos = new Struct(POSITION).put("x", b.position().x()).put("y", b.position().y());
            blocks.add(new Struct(BLOCK).put("labels", b.labels()).put("values", b.values()).put("counts", b.counts())
                    .put("flags", b.flags()).put("note", b.note()).put("position", pos));
        }
        return new Struct(SCHEMA).put("ts", java.util.Date.from(board.ts())).put("blocks", blocks);
    }

    @Override
    public Board fromStruct(Struct s) {
        List<Board.Block> blocks = new ArrayList<>();
        for (Object o : s.getArray("blocks")) {
            Struct b = (Struct) o;
            Struct p = b.getStruct("position");
            blocks.add(new Board.Block(b.getArray("labels"), b.getArray("values"), b.getArray("counts"),
                    b.getArray("flags"), b.getString("note"), new Board.Position(p.getFloat64("x"), p.getFloat64("y"))));
        }
        return new Board(((java.util.Date) s.get("ts")).toInstant(), blocks);
    }

    @Override
    public Map<String, Object> toMap(Board board) {
        List<Object> blocks = new ArrayList<>(board.blocks().size());
        for (Board.Block b : board.blocks()) {
            Map<String, Object> pos = new LinkedHashMap<>();
            pos.put("x", b.position().x());
            pos.put("y", b.position().y());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("labels", b.labels());
            m.put("values", b.values());
            m.put("counts", b.counts());
            m.put("flags", b.flags());
            m.put("note", b.note());
            m.put("position", pos);
            blocks.add(m);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ts", board.ts());
        m.put("blocks", blocks);
        return m;
    }
}

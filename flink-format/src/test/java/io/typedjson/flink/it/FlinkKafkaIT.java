package io.typedjson.flink.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.EventTypes;
import io.typedjson.flink.TypedJsonDeserializationSchema;
import io.typedjson.flink.TypedJsonSerializationSchema;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.events.OrderCancelled;
import io.typedjson.serde.events.OrderCreated;
import io.typedjson.serde.events.OrderEvent;
import io.typedjson.serde.events.OrderShipped;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code 'format' = 'typedjson'} and the DataStream schemas on Flink's MiniCluster, with Flink's Kafka connector
 * against a real KRaft broker: topics written by the Java serde ({@link TypedJsonSerializer}), SQL over them, the
 * results written back as typedjson and read by {@link TypedJsonDeserializer} into Java records, exactly.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FlinkKafkaIT {

    @RegisterExtension
    static final MiniClusterExtension FLINK = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
            .setNumberTaskManagers(1)
            .setNumberSlotsPerTaskManager(2)
            .build());

    static Broker kafka;

    public record Order(long id, String customer, BigDecimal amount, Instant created, short qty) {}

    /** One customer's orders, as the SQL aggregation writes them. */
    public record Total(String customer, long orders, BigDecimal total, Instant first_at, Instant last_at, int qty) {}

    public record Line(short qty, BigDecimal price) {}

    /** A column of every type the format maps. */
    public record AllTypes(boolean flag, byte tiny, short small, int regular, long big, float real, double dbl,
                           BigDecimal amount, String text, byte[] payload, LocalDate day, LocalTime time,
                           LocalDateTime local, Instant at, List<Integer> ints, Map<String, Double> scores,
                           Map<Integer, String> names, Map<String, Integer> bag, Line line, List<Line> lines) {}

    private static final String ALL_TYPES_COLUMNS = "`flag` BOOLEAN NOT NULL, `tiny` TINYINT NOT NULL, `small` SMALLINT NOT NULL,"
            + " `regular` INT NOT NULL, `big` BIGINT NOT NULL, `real` FLOAT NOT NULL, `dbl` DOUBLE NOT NULL,"
            + " `amount` DECIMAL(20, 10), `text` STRING, `payload` BYTES, `day` DATE, `time` TIME(0), `local` TIMESTAMP(9),"
            + " `at` TIMESTAMP_LTZ(9), `ints` ARRAY<INT>, `scores` MAP<STRING, DOUBLE>, `names` MAP<INT, STRING>,"
            + " `bag` MULTISET<STRING>, `line` ROW<`qty` SMALLINT NOT NULL, `price` DECIMAL(6, 2)>,"
            + " `lines` ARRAY<ROW<`qty` SMALLINT NOT NULL, `price` DECIMAL(6, 2)>>";

    @BeforeAll
    static void startBroker() throws Exception {
        long t0 = System.nanoTime();
        kafka = Broker.start();
        kafka.createTopics("orders", "totals", "payments", "all-types", "all-types-out", "big-orders", "times", "events",
                "events-out");
        kafka.produce("orders", serializer(Order.class), orders());
        System.out.printf("KRaft broker ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    static <T> Serializer<T> serializer(Class<T> type) {
        TypedJsonSerializer<T> s = new TypedJsonSerializer<>();
        s.configure(Map.of("typedjson.value.type", type.getName()), false);
        return s;
    }

    static <T> Deserializer<T> deserializer(Class<T> type) {
        TypedJsonDeserializer<T> d = new TypedJsonDeserializer<>();
        d.configure(Map.of("typedjson.value.type", type.getName()), false);
        return d;
    }

    /** 300 orders of 5 customers: amounts of scale 2, instants with microseconds, some before 1970. */
    static List<Order> orders() {
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            BigDecimal amount = new BigDecimal(BigInteger.valueOf((i * 7919L) % 100_000 - 5_000), 2);
            Instant created = Instant.ofEpochSecond(i % 11 == 0 ? -86_400L * i : 1_700_000_000L + 37L * i, (i * 1_001L % 1_000_000) * 1_000);
            orders.add(new Order(i, "c" + (i % 5), amount, created, (short) (i % 4 + 1)));
        }
        return orders;
    }

    private static StreamTableEnvironment batchTables() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        return StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
    }

    private static String kafkaTable(String name, String columns, String topic, String formatOptions) {
        return "CREATE TABLE " + name + " (" + columns + ") WITH ("
                + "'connector' = 'kafka', 'topic' = '" + topic + "',"
                + " 'properties.bootstrap.servers' = '" + kafka.bootstrapServers() + "',"
                + " 'properties.group.id' = 'flink-it', 'scan.startup.mode' = 'earliest-offset',"
                + " 'scan.bounded.mode' = 'latest-offset', 'sink.delivery-guarantee' = 'at-least-once',"
                + " 'format' = 'typedjson'" + formatOptions + ")";
    }

    /** The SQL block of docs/flink.md, statement by statement, with this broker's address. */
    static List<String> documentedSql() throws IOException {
        String page = Files.readString(Path.of("../docs/flink.md"));
        int marker = page.indexOf("<!-- flink-sql:");
        int start = page.indexOf("```sql\n", marker) + "```sql\n".length();
        String block = page.substring(start, page.indexOf("```", start));
        List<String> statements = new ArrayList<>();
        for (String statement : block.split(";\n")) {
            if (!statement.isBlank()) {
                statements.add(statement.replace("localhost:9092", kafka.bootstrapServers()));
            }
        }
        return statements;
    }

    @Test
    void theDocumentedSqlAggregatesDecimalsAndInstantsExactly() throws Exception {
        StreamTableEnvironment tables = batchTables();
        List<String> sql = documentedSql();
        assertEquals(3, sql.size(), "two tables and the INSERT");
        tables.executeSql(sql.get(0));
        tables.executeSql(sql.get(1));
        tables.executeSql(sql.get(2)).await();

        Map<String, Total> expected = new TreeMap<>();
        orders().stream().collect(Collectors.groupingBy(Order::customer)).forEach((customer, os) -> expected.put(customer,
                new Total(customer, os.size(), os.stream().map(Order::amount).reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add),
                        os.stream().map(Order::created).min(Instant::compareTo).orElseThrow(),
                        os.stream().map(Order::created).max(Instant::compareTo).orElseThrow(),
                        os.stream().mapToInt(Order::qty).sum())));
        Map<String, Total> actual = new TreeMap<>();
        for (Total t : kafka.readAll("totals", deserializer(Total.class))) {
            actual.put(t.customer(), t);
        }
        assertEquals(expected, actual);
        assertEquals(2, actual.get("c0").total().scale(), "SUM over DECIMAL(10, 2) keeps scale 2");
    }

    @Test
    void aPoisonRecordIsSkippedWithIgnoreParseErrorsAndFailsTheJobWithout() throws Exception {
        byte[] good1 = serializer(Order.class).serialize("payments", new Order(1, "a", new BigDecimal("1.00"), Instant.EPOCH, (short) 1));
        String poison = "{\"id\":2,\"customer\":\"b\",\"amount\":\"12.50\",\"created\":\"2024-01-01T00:00:00Z\",\"qty\":1}";
        byte[] good3 = serializer(Order.class).serialize("payments", new Order(3, "c", new BigDecimal("3.00"), Instant.EPOCH, (short) 3));
        kafka.produce("payments", new ByteArraySerializer(), List.of(good1, poison.getBytes(UTF_8), good3));
        String columns = "id BIGINT, customer STRING, amount DECIMAL(10, 2), created TIMESTAMP_LTZ(6), qty SMALLINT";

        StreamTableEnvironment tables = batchTables();
        tables.executeSql(kafkaTable("skipping", columns, "payments", ", 'typedjson.ignore-parse-errors' = 'true'"));
        List<Long> ids = new ArrayList<>();
        try (CloseableIterator<Row> rows = tables.executeSql("SELECT id FROM skipping").collect()) {
            rows.forEachRemaining(r -> ids.add((Long) r.getField(0)));
        }
        assertEquals(List.of(1L, 3L), ids);

        tables.executeSql(kafkaTable("failing", columns, "payments", ""));
        Exception e = assertThrows(Exception.class, () -> {
            try (CloseableIterator<Row> rows = tables.executeSql("SELECT id FROM failing").collect()) {
                rows.forEachRemaining(r -> { });
            }
        });
        String where = "at $.amount (byte offset " + poison.indexOf("\"12.50\"") + ")";
        assertTrue(causes(e).stream().anyMatch(m -> m.contains("string \"12.50\" where") && m.contains(where)),
                () -> "no cause names " + where + ": " + causes(e));
    }

    private static List<String> causes(Throwable e) {
        List<String> messages = new ArrayList<>();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.add(String.valueOf(t.getMessage()));
        }
        return messages;
    }

    static List<AllTypes> allTypes() {
        Map<String, Double> scores = new LinkedHashMap<>();
        scores.put("~x", Double.NaN);
        scores.put("b", -0.0);
        scores.put("c", null);
        Map<Integer, String> names = new LinkedHashMap<>();
        names.put(-1, "minus one");
        names.put(2, "two");
        List<Line> lines = List.of(new Line((short) 1, new BigDecimal("9.99")), new Line((short) -2, null));
        return List.of(
                new AllTypes(true, (byte) -128, (short) 32767, Integer.MIN_VALUE, 9007199254740993L, Float.NaN, -0.0,
                        new BigDecimal("0E-10"), "~tilde", new byte[] {0, (byte) 0xFF}, LocalDate.of(-1, 12, 31),
                        LocalTime.of(23, 59, 59), LocalDateTime.of(2024, 2, 29, 10, 15, 30, 123_456_789),
                        Instant.parse("1969-12-31T23:59:59.999999999Z"), Arrays.asList(1, null, -3), scores, names,
                        Map.of("x", 3), new Line((short) 5, new BigDecimal("19.90")), lines),
                new AllTypes(false, (byte) 0, (short) 0, 0, Long.MIN_VALUE, 0.1f, 2.0E23,
                        new BigDecimal("1234567890.0123456789"), "😀 \u2028", new byte[] {}, LocalDate.of(2024, 6, 30),
                        LocalTime.MIDNIGHT, LocalDateTime.of(1, 1, 1, 0, 0), Instant.parse("2024-01-01T00:00:00Z"),
                        List.of(), Map.of(), Map.of(), Map.of(), null, List.of()),
                new AllTypes(true, (byte) 1, (short) -1, 1, 1L, Float.NEGATIVE_INFINITY, Double.MAX_VALUE,
                        null, null, null, null, null, null, null, null, null, null, null, null, null));
    }

    @Test
    void everyTypeMakesTheRoundTripThroughSqlByteForByte() throws Exception {
        Serializer<AllTypes> serializer = serializer(AllTypes.class);
        List<byte[]> written = allTypes().stream().map(v -> serializer.serialize("all-types", v)).toList();
        kafka.produce("all-types", new ByteArraySerializer(), written);

        StreamTableEnvironment tables = batchTables();
        tables.executeSql(kafkaTable("all_in", ALL_TYPES_COLUMNS, "all-types", ""));
        tables.executeSql(kafkaTable("all_out", ALL_TYPES_COLUMNS, "all-types-out", ""));
        tables.executeSql("INSERT INTO all_out SELECT * FROM all_in").await();

        List<byte[]> out = kafka.readAll("all-types-out");
        assertEquals(written.size(), out.size());
        for (int i = 0; i < written.size(); i++) {
            assertEquals(new String(written.get(i), UTF_8), new String(out.get(i), UTF_8), "record " + i);
        }
        List<AllTypes> read = kafka.readAll("all-types-out", deserializer(AllTypes.class));
        assertEquals(allTypes().get(1).line(), read.get(1).line());
        assertArrayEquals(new byte[] {0, (byte) 0xFF}, read.get(0).payload());
        assertEquals(allTypes().get(0).at(), read.get(0).at());
    }

    @Test
    void aTimeWithAFractionIsRefusedBecauseFlinkSqlHandsTheFormatTimeZero() throws Exception {
        kafka.produce("times", new ByteArraySerializer(), List.of("{\"t\":\"10:15:30.5\"}".getBytes(UTF_8)));
        StreamTableEnvironment tables = batchTables();
        tables.executeSql(kafkaTable("times", "t TIME(3)", "times", ""));
        Exception e = assertThrows(Exception.class, () -> {
            try (CloseableIterator<Row> rows = tables.executeSql("SELECT t FROM times").collect()) {
                rows.forEachRemaining(r -> { });
            }
        });
        assertTrue(causes(e).stream().anyMatch(m -> m.startsWith("10:15:30.500 has more fraction digits than TIME(0) holds")),
                () -> String.valueOf(causes(e)));
    }

    @Test
    void aTypeTheFormatCannotCarryFailsAtPlanningNamingTheColumn() {
        StreamTableEnvironment tables = batchTables();
        tables.executeSql(kafkaTable("bad", "id BIGINT, `keys` MAP<BYTES, INT>", "orders", ""));
        ValidationException e = assertThrows(ValidationException.class, () -> tables.executeSql("SELECT * FROM bad"));
        assertTrue(causes(e).stream().anyMatch(m -> m.contains("column `keys`: typedjson carries MAP keys of scalar types")),
                () -> String.valueOf(causes(e)));
    }

    @Test
    void theDocsShowTheDataStreamJobAsThisTestRunsIt() throws IOException {
        String source = Files.readString(Path.of("src/test/java/io/typedjson/flink/it/FlinkKafkaIT.java"));
        int start = source.indexOf("// docs/flink.md DataStream: begin\n");
        start = source.indexOf('\n', start) + 1;
        String lines = source.substring(start, source.indexOf("        // docs/flink.md DataStream: end", start))
                .replaceAll("(?m)^ {8}", "");
        String page = Files.readString(Path.of("../docs/flink.md"));
        int block = page.indexOf("```java\n", page.indexOf("<!-- flink-datastream:")) + "```java\n".length();
        assertEquals(lines, page.substring(block, page.indexOf("```", block)));
    }

    @Test
    void dataStreamSchemasReadAndWriteTheClass() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        String bootstrapServers = kafka.bootstrapServers();
        // docs/flink.md DataStream: begin
        KafkaSource<Order> source = KafkaSource.<Order>builder()
                .setBootstrapServers(bootstrapServers)
                .setTopics("orders")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setValueOnlyDeserializer(TypedJsonDeserializationSchema.forClass(Order.class))
                .build();
        KafkaSink<Order> sink = KafkaSink.<Order>builder()
                .setBootstrapServers(bootstrapServers)
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .setRecordSerializer(KafkaRecordSerializationSchema.builder()
                        .setTopic("big-orders")
                        .setValueSerializationSchema(TypedJsonSerializationSchema.forClass(Order.class))
                        .build())
                .build();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders")
                .filter(o -> o.amount().compareTo(new BigDecimal("500")) > 0)
                .sinkTo(sink);
        // docs/flink.md DataStream: end
        env.execute("typedjson DataStream");

        List<Order> expected = orders().stream().filter(o -> o.amount().compareTo(new BigDecimal("500")) > 0).toList();
        assertTrue(expected.size() > 10, "the filter keeps some orders");
        assertEquals(expected, kafka.readAll("big-orders", deserializer(Order.class)));
    }

    // ------------------------------------------------------------------ several event types on one topic (SPEC.md 12)

    static final String EVENT_TYPES = ", 'typedjson.event-types' = 'order.created;order.shipped;order.cancelled'";
    static final Map<String, String> EVENT_COLUMNS = Map.of(
            "order.created", "`orderId` BIGINT NOT NULL, `customer` STRING, `total` DECIMAL(10, 2), `at` TIMESTAMP_LTZ(9),"
                    + " `lines` ARRAY<ROW<`sku` STRING, `qty` INT NOT NULL, `price` DECIMAL(10, 2)>>, `priority` INT NOT NULL",
            "order.shipped", "`orderId` BIGINT NOT NULL, `shippedOn` DATE, `carrier` STRING, `tracking` STRING,"
                    + " `parcels` ARRAY<STRING>",
            "order.cancelled", "`orderId` BIGINT NOT NULL, `reason` STRING, `after` STRING, `refunds` MAP<STRING, INT>,"
                    + " `credits` MAP<DATE, DOUBLE>, `restock` BOOLEAN NOT NULL, `score` FLOAT NOT NULL, `ticket` STRING,"
                    + " `attempts` SMALLINT NOT NULL");

    static List<OrderEvent> events() {
        Map<LocalDate, Double> credits = new LinkedHashMap<>();
        credits.put(LocalDate.parse("2026-12-02"), 12.5);
        credits.put(LocalDate.parse("-0001-12-31"), Double.NaN);
        return List.of(
                new OrderCreated(1001, "Ada", new BigDecimal("59.80"), Instant.parse("2026-11-30T05:35:45.123456789Z"),
                        List.of(new OrderCreated.Line("~b", 2, new BigDecimal("19.90"))), 3),
                new OrderShipped(1001, LocalDate.parse("2026-12-01"), OrderShipped.Carrier.LA_POSTE, java.util.Optional.of("LP1"),
                        new java.util.LinkedHashSet<>(List.of("p1", "p2"))),
                new OrderCreated(1002, null, new BigDecimal("-0.01"), Instant.parse("1969-12-31T23:59:59.999999999Z"), List.of(), 0),
                new OrderCancelled(1002, null, java.time.Duration.ofMinutes(-90), Map.of("A-1", 2), credits, true, 0.1f,
                        java.util.UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), (short) -2),
                new OrderShipped(1003, LocalDate.parse("2026-12-03"), OrderShipped.Carrier.UPS, java.util.Optional.empty(),
                        new java.util.LinkedHashSet<>()));
    }

    @Test
    void threeEventTypesOnOneTopicRoundTripThroughATablePerTypeAndANameColumn() throws Exception {
        TypedJsonSerializer<Object> serializer = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class));
        serializer.configure(Map.of("typedjson.type.location", "both"), false); // Flink reads the name from the value
        kafka.produce("events", serializer, new ArrayList<Object>(events()));

        StreamTableEnvironment tables = batchTables();
        var inserts = tables.createStatementSet();
        EVENT_COLUMNS.forEach((type, columns) -> {
            String table = type.substring("order.".length());
            String options = EVENT_TYPES + ", 'typedjson.event-type' = '" + type + "'";
            tables.executeSql(kafkaTable(table + "_in", columns, "events", options));
            tables.executeSql(kafkaTable(table + "_out", columns, "events-out", options));
            inserts.addInsertSql("INSERT INTO " + table + "_out SELECT * FROM " + table + "_in");
        });
        inserts.execute().await();

        // every event comes back exactly, its envelope byte for byte (three jobs' rows interleave in any order)
        List<String> written = kafka.readAll("events").stream().map(b -> new String(b, UTF_8)).sorted().toList();
        List<String> copied = kafka.readAll("events-out").stream().map(b -> new String(b, UTF_8)).sorted().toList();
        assertEquals(written, copied);
        TypedJsonDeserializer<Object> reader = TypedJsonDeserializer.forEventTypes(EventTypes.of(OrderEvent.class));
        List<Object> read = kafka.readAll("events-out", reader);
        assertEquals(events().size(), read.size());
        assertTrue(read.containsAll(events()) && events().containsAll(read), () -> String.valueOf(read));

        // one table of every type, the name in a column, in the topic's order
        tables.executeSql(kafkaTable("all_events", "`type` STRING NOT NULL, `orderId` BIGINT NOT NULL", "events", EVENT_TYPES
                + ", 'typedjson.event-type-column' = 'type'"));
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql("SELECT `type`, orderId FROM all_events").collect()) {
            it.forEachRemaining(r -> rows.add(r.getField(0) + " " + r.getField(1)));
        }
        assertEquals(List.of("order.created 1001", "order.shipped 1001", "order.created 1002", "order.cancelled 1002",
                "order.shipped 1003"), rows);
    }
}

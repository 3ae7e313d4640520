package io.typedjson.bench.xlang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.typedjson.bench.cluster.BenchTopics;
import io.typedjson.bench.cluster.LocalKafka;
import io.typedjson.bench.data.Dataset;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.EdgeCases;
import io.typedjson.bench.data.Shapes;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.format.VectorsAccess;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import io.typedjson.codec.EventTypes;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.events.EventModel;
import io.typedjson.serde.events.OrderCancelled;
import io.typedjson.serde.events.OrderCreated;
import io.typedjson.serde.events.OrderEvent;
import io.typedjson.serde.events.OrderShipped;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Typed JSON across languages through a real broker: every data set of the bench is produced with the Java
 * {@link TypedJsonSerializer} in the dynamic model (so a reader without the Java classes knows every type) to a
 * one-partition topic, and each language's checker consumes the topic and compares every value it read with the
 * expected value (one line per record, in the explicit notation of SPEC.md appendix A): {@code exact N/N}.
 *
 * <p>Python: {@code python3 -m typedjson.kafka_check} (clients/python, with Debian's python3-confluent-kafka);
 * Node: {@code node clients/typescript/dist/kafka-check.js} (kafkajs). A language whose tools are missing is skipped
 * with a message saying what is missing, never passed.
 */
@Timeout(value = 900, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CrossLanguageIT {
    private static final Path ROOT = repositoryRoot();
    private static final int RECORDS = 1_000;
    private static final Pattern EXACT = Pattern.compile("(?m)^exact (\\d+)/(\\d+)\\s*$");

    private static LocalKafka kafka;
    private static Path work;
    /** data set name -> its values, produced in this order */
    private static final Map<String, List<Object>> DATA = new LinkedHashMap<>();
    /** data set name -> the documents TypedJsonConverter (inline schema) wrote for its Structs, and their values */
    private static final Map<String, List<byte[]>> CONNECT = new LinkedHashMap<>();
    private static final Map<String, List<Object>> CONNECT_VALUES = new LinkedHashMap<>();
    /** language -> data set -> the checker's "exact K/N" */
    private static final Map<String, Map<String, String>> RESULTS = new TreeMap<>();

    @BeforeAll
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    static void produceEveryDataSet() throws Exception {
        Assumptions.assumeTrue(python().missing == null || node().missing == null,
                () -> "no checker can run: " + python().missing + "; " + node().missing);
        for (String name : Datasets.names()) {
            Dataset<Object> d = Datasets.get(name);
            List<Object> values = new ArrayList<>();
            for (Object r : d.generate(Datasets.count(name, RECORDS), Datasets.SEED)) {
                values.add(d.toMap(r));
            }
            DATA.put(name, values);
        }
        for (String name : List.of("orders", "rows")) {
            List<Object> values = new ArrayList<>();
            values.add(Datasets.get(name).toMap(EdgeCases.baseline(name)));
            for (EdgeCases.Case c : EdgeCases.of(name)) {
                values.add(Datasets.get(name).toMap(c.record()));
            }
            DATA.put(name + "-edges", values);
        }
        List<Object> shapes = new ArrayList<>();
        for (String shape : Shapes.names()) {
            shapes.add(dynamic(Shapes.sample(shape)));
        }
        DATA.put("shapes", shapes);
        DATA.put("vectors", vectorValues());
        DATA.put("random", randomValues(new SplittableRandom(Datasets.SEED), 500));

        TypedJsonConverter converter = new TypedJsonConverter();
        converter.configure(Map.of(), false); // schema location inline, the default
        for (String name : List.of("orders", "rows", "cdc", "board", "rows-edges")) {
            Dataset<Object> d = Datasets.get(name.replace("-edges", ""));
            List<Object> records = name.endsWith("-edges")
                    ? EdgeCases.of("rows").stream().map(EdgeCases.Case::record).map(Object.class::cast).toList()
                    : d.generate(Datasets.count(name, RECORDS), Datasets.SEED);
            List<byte[]> documents = new ArrayList<>();
            List<Object> values = new ArrayList<>();
            for (Object r : records) {
                Struct struct = d.toStruct(r);
                documents.add(converter.fromConnectData(topic("connect-" + name), struct.schema(), struct));
                values.add(connectValue(struct.schema(), struct));
            }
            CONNECT.put(name, documents);
            CONNECT_VALUES.put(name, values);
        }

        kafka = io.typedjson.bench.cluster.SharedBroker.get(); // the JVM's one broker; the topics are xlang-*
        work = Files.createTempDirectory("typedjson-xlang-");
        Properties admin = new Properties();
        admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (Admin a = Admin.create(admin)) {
            List<NewTopic> topics = Stream.concat(Stream.concat(DATA.keySet().stream(), CONNECT.keySet().stream().map(n -> "connect-" + n)),
                    Stream.of(EVENTS)).map(n -> new NewTopic(topic(n), 1, (short) 1)).toList();
            for (NewTopic t : topics) {
                // an idempotent producer can lose the first batches sent to a just-created topic (KAFKA-14359)
                BenchTopics.createTopicAndAwaitLeaders(a, t, Duration.ofSeconds(60));
            }
        }
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        try (KafkaProducer<String, Object> producer = new KafkaProducer<>(p, new StringSerializer(), new TypedJsonSerializer<>())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (Map.Entry<String, List<Object>> e : DATA.entrySet()) {
                StringBuilder expected = new StringBuilder();
                List<Object> values = e.getValue();
                for (int i = 0; i < values.size(); i++) {
                    // one producer, one partition, idempotence on: the topic holds the values in this order
                    sent.add(producer.send(new ProducerRecord<>(topic(e.getKey()), Integer.toString(i), values.get(i))));
                    expected.append(explicit(values.get(i))).append('\n');
                }
                Files.writeString(expectedFile(e.getKey()), expected, StandardCharsets.UTF_8);
            }
            for (Future<RecordMetadata> f : sent) {
                f.get(120, TimeUnit.SECONDS);
            }
        }
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (Map.Entry<String, List<byte[]>> e : CONNECT.entrySet()) {
                StringBuilder expected = new StringBuilder();
                for (int i = 0; i < e.getValue().size(); i++) {
                    sent.add(producer.send(new ProducerRecord<>(topic("connect-" + e.getKey()), e.getValue().get(i))));
                    expected.append(explicit(CONNECT_VALUES.get(e.getKey()).get(i))).append('\n');
                }
                Files.writeString(expectedFile("connect-" + e.getKey()), expected, StandardCharsets.UTF_8);
            }
            for (Future<RecordMetadata> f : sent) {
                f.get(120, TimeUnit.SECONDS);
            }
        }
        produceEvents(p);

        // the orders expectation with one value's type changed (its id an Integer, not a Long): a checker must see it
        List<String> lines = new ArrayList<>(Files.readAllLines(expectedFile("orders"), StandardCharsets.UTF_8));
        @SuppressWarnings("unchecked")
        Map<String, Object> first = new LinkedHashMap<>((Map<String, Object>) DATA.get("orders").get(0));
        first.put("id", ((Long) first.get("id")).intValue());
        lines.set(0, explicit(first));
        Files.writeString(work.resolve("tampered.expected"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stopAndPrintTable() throws IOException {
        if (work != null) {
            try (Stream<Path> files = Files.list(work)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(work);
        }
        if (RESULTS.isEmpty() || DATA.isEmpty()) {
            return;
        }
        StringBuilder table = new StringBuilder("\ncross-language broker test: values read back exactly\n");
        table.append(String.format("%-14s %8s", "data set", "records"));
        RESULTS.keySet().forEach(l -> table.append(String.format(" %12s", l + " exact")));
        table.append('\n');
        for (Map.Entry<String, List<Object>> e : DATA.entrySet()) {
            table.append(String.format("%-14s %8d", e.getKey(), e.getValue().size()));
            for (Map<String, String> byData : RESULTS.values()) {
                table.append(String.format(" %12s", byData.getOrDefault(e.getKey(), "-")));
            }
            table.append('\n');
        }
        System.out.print(table);
    }

    @Test
    void pythonReadsEveryDataSetExactly() throws Exception {
        check(python());
    }

    @Test
    void nodeReadsEveryDataSetExactly() throws Exception {
        check(node());
    }

    /**
     * Kafka Connect's documents too: each data set's Structs written by TypedJsonConverter with the schema inline,
     * read by Python's {@code loads_connect} (the Node checker's interface has no Connect mode).
     */
    @Test
    void pythonReadsConnectDocumentsExactly() throws Exception {
        Checker python = python();
        Assumptions.assumeTrue(python.missing == null, () -> "python skipped: " + python.missing);
        List<String> failures = new ArrayList<>();
        StringBuilder table = new StringBuilder("\nConnect inline documents (TypedJsonConverter) read by Python's loads_connect\n");
        for (Map.Entry<String, List<byte[]>> e : CONNECT.entrySet()) {
            List<String> command = new ArrayList<>(python.command);
            command.addAll(List.of("--connect", "--bootstrap", kafka.bootstrapServers(), "--topic", topic("connect-" + e.getKey()),
                    "--expected", expectedFile("connect-" + e.getKey()).toString()));
            Run run = run(command, python.env, 120);
            Matcher m = EXACT.matcher(run.stdout);
            String result = m.find() ? m.group(1) + "/" + m.group(2) : "no result";
            int n = e.getValue().size();
            table.append(String.format("%-14s %8d %12s%n", e.getKey(), n, result));
            if (!result.equals(n + "/" + n) || run.exit != 0) {
                failures.add(e.getKey() + ": exact " + result + " (exit " + run.exit + ")\n" + run.stdout + run.stderr);
            }
        }
        System.out.print(table);
        assertTrue(failures.isEmpty(), "python did not read every Connect value exactly:\n" + String.join("\n", failures));
    }

    /**
     * The value Python's loads_connect gives for a Connect value, in Java types of the dynamic model: a Struct as a
     * map in field order, Timestamp as Instant, Date as LocalDate, Time as LocalTime, a map with non-string keys as a
     * map; the other types as they are (Byte, Short, Integer, Long, Float, Double, BigDecimal, byte[]...).
     */
    static Object connectValue(Schema schema, Object v) {
        if (v == null) {
            return null;
        }
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Timestamp.LOGICAL_NAME: return Instant.ofEpochMilli(((java.util.Date) v).getTime());
            case org.apache.kafka.connect.data.Date.LOGICAL_NAME:
                return LocalDate.ofEpochDay(Math.floorDiv(((java.util.Date) v).getTime(), 86_400_000L));
            case Time.LOGICAL_NAME: return LocalTime.ofNanoOfDay(((java.util.Date) v).getTime() * 1_000_000L);
            default: break;
        }
        switch (schema.type()) {
            case STRUCT: {
                Map<String, Object> m = new LinkedHashMap<>();
                for (Field f : schema.fields()) {
                    m.put(f.name(), connectValue(f.schema(), ((Struct) v).getWithoutDefault(f.name())));
                }
                return m;
            }
            case ARRAY: {
                List<Object> l = new ArrayList<>();
                ((List<?>) v).forEach(x -> l.add(connectValue(schema.valueSchema(), x)));
                return l;
            }
            case MAP: {
                Map<Object, Object> m = new LinkedHashMap<>();
                ((Map<?, ?>) v).forEach((k, x) -> m.put(connectValue(schema.keySchema(), k), connectValue(schema.valueSchema(), x)));
                return m;
            }
            case BYTES: return v instanceof java.nio.ByteBuffer b ? java.util.Arrays.copyOfRange(b.array(), b.arrayOffset() + b.position(), b.arrayOffset() + b.limit()) : v;
            default: return v;
        }
    }

    // ------------------------------------------------------------------ several event types on one topic

    /** The data set of the event topic: OrderEvent's three types by name (SPEC.md section 12). */
    private static final String EVENTS = "events";
    private static final int EVENT_COUNT = 300;
    private static final String REFUNDED = "com.acme.OrderRefunded";

    /**
     * A topic of three event types written by the Java serializer: most records with the name in ce_type and the
     * class's plain document, some as envelopes with the header too (location both), and two of a type the manifest
     * does not list (one naming a class). The expected lines: {"type", "value"} per event, {"unknown": name} for those.
     */
    private static void produceEvents(Properties p) throws Exception {
        SplittableRandom r = new SplittableRandom(Datasets.SEED);
        TypedJsonSerializer<Object> header = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class));
        TypedJsonSerializer<Object> both = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class));
        both.configure(Map.of(TypedJsonConfig.TYPE_LOCATION, "both"), false);
        StringBuilder expected = new StringBuilder();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (int i = 0; i < EVENT_COUNT; i++) {
                ProducerRecord<byte[], byte[]> record;
                if (i == 7 || i == 150) {
                    record = new ProducerRecord<>(topic(EVENTS), "{\"orderId\":7}".getBytes(StandardCharsets.UTF_8));
                    record.headers().add("ce_type", (i == 7 ? REFUNDED : "order.refunded").getBytes(StandardCharsets.UTF_8));
                    Map<String, Object> unknown = new LinkedHashMap<>();
                    unknown.put("unknown", i == 7 ? REFUNDED : "order.refunded");
                    expected.append(explicit(unknown)).append('\n');
                } else {
                    OrderEvent event = randomEvent(r);
                    org.apache.kafka.common.header.internals.RecordHeaders headers = new org.apache.kafka.common.header.internals.RecordHeaders();
                    byte[] value = (i % 5 == 0 ? both : header).serialize(topic(EVENTS), headers, event);
                    record = new ProducerRecord<>(topic(EVENTS), null, (byte[]) null, value, headers);
                    Map<String, Object> known = new LinkedHashMap<>();
                    known.put("type", EventTypes.of(OrderEvent.class).nameOf(event.getClass()));
                    known.put("value", EventModel.model(event));
                    expected.append(explicit(known)).append('\n');
                }
                sent.add(producer.send(record));
            }
            for (Future<RecordMetadata> f : sent) {
                f.get(120, TimeUnit.SECONDS);
            }
        }
        Files.writeString(expectedFile(EVENTS), expected, StandardCharsets.UTF_8);
    }

    /** Events of the three types with values at the edges of their types (scales, nanoseconds, NaN, escapes). */
    private static OrderEvent randomEvent(SplittableRandom r) {
        long id = r.nextLong();
        switch (r.nextInt(3)) {
            case 0: {
                List<OrderCreated.Line> lines = new ArrayList<>();
                for (int n = r.nextInt(3); n > 0; n--) {
                    lines.add(new OrderCreated.Line(r.nextBoolean() ? null : randomString(r), r.nextInt(),
                            new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(-3, 12))));
                }
                return new OrderCreated(id, r.nextInt(4) == 0 ? null : randomString(r),
                        r.nextInt(5) == 0 ? null : new BigDecimal(new BigInteger(80, new java.util.Random(r.nextLong())), r.nextInt(0, 20)),
                        r.nextInt(5) == 0 ? null : Instant.ofEpochSecond(r.nextLong(-100_000_000_000L, 100_000_000_000L), nanos(r)),
                        lines, r.nextInt());
            }
            case 1: {
                LinkedHashSet<String> parcels = new LinkedHashSet<>();
                for (int n = r.nextInt(4); n > 0; n--) {
                    parcels.add(randomString(r));
                }
                return new OrderShipped(id, r.nextInt(5) == 0 ? null : LocalDate.ofEpochDay(r.nextLong(-1_000_000, 1_000_000)),
                        r.nextInt(5) == 0 ? null : OrderShipped.Carrier.values()[r.nextInt(3)],
                        r.nextBoolean() ? java.util.Optional.empty() : java.util.Optional.of(randomString(r)), parcels);
            }
            default: {
                Map<String, Integer> refunds = new LinkedHashMap<>();
                Map<LocalDate, Double> credits = new LinkedHashMap<>();
                for (int n = r.nextInt(3); n > 0; n--) {
                    refunds.put(randomString(r), r.nextBoolean() ? null : r.nextInt());
                    double d = Double.longBitsToDouble(r.nextLong());
                    credits.put(LocalDate.ofEpochDay(r.nextLong(-100_000, 100_000)), r.nextInt(6) == 0 ? null
                            : Double.isNaN(d) ? Double.NaN : d);
                }
                return new OrderCancelled(id, r.nextInt(3) == 0 ? null : randomString(r),
                        r.nextInt(4) == 0 ? null : java.time.Duration.ofSeconds(r.nextLong(-10_000_000_000L, 10_000_000_000L), nanos(r)),
                        refunds, credits, r.nextBoolean(), Float.intBitsToFloat(r.nextInt()),
                        r.nextInt(4) == 0 ? null : new UUID(r.nextLong(), r.nextLong()), (short) r.nextInt(-32768, 32768));
            }
        }
    }

    @Test
    void pythonReadsEventTypesByTheManifest() throws Exception {
        checkEvents(python());
    }

    @Test
    void nodeReadsEventTypesByTheManifest() throws Exception {
        checkEvents(node());
    }

    /** One language reads the event topic by the manifest generated from the Java classes, with policy pass. */
    private static void checkEvents(Checker checker) throws Exception {
        Assumptions.assumeTrue(checker.missing == null, () -> checker.language + " skipped: " + checker.missing);
        List<String> command = new ArrayList<>(checker.command);
        command.addAll(List.of("--bootstrap", kafka.bootstrapServers(), "--topic", topic(EVENTS),
                "--expected", expectedFile(EVENTS).toString(), "--manifest",
                ROOT.resolve("spec/vectors/events-manifest.json").toString(), "--unknown", "pass"));
        Run run = run(command, checker.env, 120);
        System.out.printf("%s reads %d records of three event types by the manifest: %s", checker.language, EVENT_COUNT,
                run.stdout);
        assertTrue(run.stdout.contains("exact " + EVENT_COUNT + "/" + EVENT_COUNT) && run.exit == 0,
                () -> checker.language + " did not read every event exactly (exit " + run.exit + "):\n" + run.stdout + run.stderr);
        // under policy fail the records of unlisted types are refused, so not every record is exact
        List<String> failing = new ArrayList<>(command.subList(0, command.size() - 2));
        failing.addAll(List.of("--unknown", "fail"));
        Run strict = run(failing, checker.env, 120);
        assertTrue(strict.stdout.contains("exact " + (EVENT_COUNT - 2) + "/" + EVENT_COUNT) && strict.exit != 0,
                () -> checker.language + " under policy fail: " + strict.stdout + strict.stderr);
    }

    // ------------------------------------------------------------------ checkers

    /** How to run one language's checker, or why it cannot run here. */
    record Checker(String language, List<String> command, Map<String, String> env, String missing) {}

    static Checker python() {
        Path exe = Path.of("/usr/bin/python3");
        Map<String, String> env = Map.of("PYTHONPATH", ROOT.resolve("clients/python").toString());
        List<String> command = List.of(exe.toString(), "-m", "typedjson.kafka_check");
        String missing = null;
        if (!Files.isExecutable(exe)) {
            missing = "/usr/bin/python3 is missing";
        } else if (!Files.isRegularFile(ROOT.resolve("clients/python/typedjson/kafka_check.py"))) {
            missing = "clients/python/typedjson/kafka_check.py is missing";
        } else if (run(List.of(exe.toString(), "-c", "import confluent_kafka"), Map.of(), 60).exit != 0) {
            missing = "the confluent_kafka module is missing for /usr/bin/python3 (apt-get install python3-confluent-kafka)";
        }
        return new Checker("python", command, env, missing);
    }

    static Checker node() {
        Path script = ROOT.resolve("clients/typescript/dist/kafka-check.js");
        String node = onPath("node");
        String missing = null;
        if (node == null) {
            missing = "node is not on the PATH";
        } else if (!Files.isRegularFile(script)) {
            missing = script + " is missing (npm ci && npm run build in clients/typescript)";
        }
        return new Checker("node", List.of(node == null ? "node" : node, script.toString()), Map.of(), missing);
    }

    private static void check(Checker checker) throws Exception {
        Map<String, String> results = RESULTS.computeIfAbsent(checker.language, k -> new LinkedHashMap<>());
        if (checker.missing != null) {
            DATA.keySet().forEach(d -> results.put(d, "skipped"));
            System.out.println(checker.language + " skipped: " + checker.missing);
        }
        Assumptions.assumeTrue(checker.missing == null, () -> checker.language + " skipped: " + checker.missing);
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, List<Object>> e : DATA.entrySet()) {
            List<String> command = new ArrayList<>(checker.command);
            command.addAll(List.of("--bootstrap", kafka.bootstrapServers(), "--topic", topic(e.getKey()),
                    "--expected", expectedFile(e.getKey()).toString()));
            Run run = run(command, checker.env, 120);
            Matcher m = EXACT.matcher(run.stdout);
            String result = m.find() ? m.group(1) + "/" + m.group(2) : "no result";
            results.put(e.getKey(), result);
            int n = e.getValue().size();
            if (!result.equals(n + "/" + n) || run.exit != 0) {
                failures.add(e.getKey() + ": exact " + result + " (exit " + run.exit + ")\n" + run.stdout + run.stderr);
            }
        }
        assertTrue(failures.isEmpty(), checker.language + " did not read every value exactly:\n" + String.join("\n", failures));
        assertEquals(DATA.size(), results.size());

        // and the checker can fail: an expectation that differs in one value's type is one record short of exact
        List<String> command = new ArrayList<>(checker.command);
        command.addAll(List.of("--bootstrap", kafka.bootstrapServers(), "--topic", topic("orders"),
                "--expected", work.resolve("tampered.expected").toString()));
        Run run = run(command, checker.env, 120);
        int n = DATA.get("orders").size();
        assertTrue(run.stdout.contains("exact " + (n - 1) + "/" + n), () -> "tampered expectation: " + run.stdout + run.stderr);
        assertTrue(run.exit != 0, "a checker that found a difference exits non-zero");
    }

    record Run(int exit, String stdout, String stderr) {}

    private static Run run(List<String> command, Map<String, String> env, int timeoutSeconds) {
        try {
            Path out = Files.createTempFile("typedjson-xlang-out", ".txt");
            Path err = Files.createTempFile("typedjson-xlang-err", ".txt");
            try {
                ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile())
                        .redirectOutput(out.toFile()).redirectError(err.toFile());
                pb.environment().putAll(env);
                Process p = pb.start();
                if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    return new Run(-1, Files.readString(out), Files.readString(err) + "\ntimed out after " + timeoutSeconds + " s");
                }
                return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            return new Run(-1, "", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Run(-1, "", e.toString());
        }
    }

    private static String onPath(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, exe);
            if (!dir.isEmpty() && Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private static String topic(String dataSet) {
        return "xlang-" + dataSet;
    }

    private static Path expectedFile(String dataSet) {
        return work.resolve(dataSet + ".expected");
    }

    private static Path repositoryRoot() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("SPEC.md")) && Files.isDirectory(p.resolve("serde"))) {
                return p;
            }
        }
        return dir.getParent();
    }

    // ------------------------------------------------------------------ values

    /** A shape's sample in the dynamic model: records as maps of their components, enums as their names. */
    static Object dynamic(Object v) {
        if (v instanceof Record r) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (var c : r.getClass().getRecordComponents()) {
                try {
                    c.getAccessor().setAccessible(true);
                    m.put(c.getName(), dynamic(c.getAccessor().invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return m;
        }
        if (v instanceof Enum<?> e) {
            return e.name();
        }
        if (v instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(x -> out.add(dynamic(x)));
            return out;
        }
        return v;
    }

    /** Every value of every valid vector file: the whole dynamic model, edges included, through the broker. */
    static List<Object> vectorValues() throws IOException {
        List<Object> values = new ArrayList<>();
        // spec/vectors/, on the test class path from serde's test jar, read with serde's reader of the notation
        for (String file : List.of("accepted.json", "invalid.json", "valid.json")) {
            for (Object o : VectorsAccess.load(file)) {
                Map<?, ?> vector = (Map<?, ?>) o;
                // the depth vectors ("nest") stay in each language's own vector tests: their explicit
                // notation would be twice the depth limit deep on the expected-values line
                if (vector.containsKey("value") && vector.containsKey("document")
                        && !String.valueOf(vector.get("value")).contains("nest")) {
                    values.add(VectorsAccess.value(vector.get("value")));
                }
            }
        }
        assertTrue(values.size() > 50, "vector values loaded: " + values.size());
        return values;
    }

    /**
     * Seeded random values of the whole dynamic model: every scalar type with its edges (NaN, -0.0, subnormals,
     * decimals of any scale, instants with nanoseconds, far years, offsets with seconds, strings with controls,
     * surrogate pairs and '~'), nested lists, sets and maps with keys of any type.
     */
    static List<Object> randomValues(SplittableRandom r, int count) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> record = new LinkedHashMap<>();
            for (int f = r.nextInt(1, 6); f > 0; f--) {
                record.put(randomString(r), randomValue(r, 0, false));
            }
            values.add(record);
        }
        return values;
    }

    /** {@code inSet}: no byte[] (Java compares arrays by identity, the format by content) under a set or map key. */
    private static Object randomValue(SplittableRandom r, int depth, boolean inSet) {
        int k = r.nextInt(depth > 2 ? 19 : 23);
        switch (k) {
            case 0: return null;
            case 1: return r.nextBoolean();
            case 2: return r.nextInt(4) == 0 ? (r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE) : r.nextLong();
            case 3: return r.nextInt();
            case 4: return (short) r.nextInt();
            case 5: return (byte) r.nextInt();
            case 6: return r.nextBoolean() ? BigInteger.valueOf(r.nextLong()) : new BigInteger(70 + r.nextInt(60), new java.util.Random(r.nextLong())).negate();
            case 7: return switch (r.nextInt(4)) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> new double[] {Double.NaN, -0.0, 0.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.POSITIVE_INFINITY, 2e23, 1e7, 1e-3}[r.nextInt(9)];
                default -> Math.round(r.nextDouble() * 1e6) / Math.pow(10, r.nextInt(8));
            };
            case 8: return r.nextBoolean() ? Float.intBitsToFloat(r.nextInt()) : (float) (r.nextInt(100_000) / Math.pow(10, r.nextInt(6)));
            case 9: return BigDecimal.valueOf(r.nextLong(), r.nextInt(-20, 21));
            case 10: case 11: return randomString(r);
            case 12: {
                if (inSet) {
                    return randomString(r);
                }
                byte[] b = new byte[r.nextInt(20)];
                for (int i = 0; i < b.length; i++) {
                    b[i] = (byte) r.nextInt();
                }
                return b;
            }
            case 13: return new UUID(r.nextLong(), r.nextLong());
            case 14: return Instant.ofEpochSecond(r.nextLong(-100_000_000_000L, 100_000_000_000L), nanos(r));
            case 15: return LocalDate.ofEpochDay(r.nextLong(-3_000_000, 3_000_000));
            case 16: return LocalTime.ofNanoOfDay(r.nextLong(86_400_000_000_000L) / 1_000_000_000L * 1_000_000_000L + nanos(r));
            case 17: return LocalDateTime.of(LocalDate.ofEpochDay(r.nextLong(-800_000, 800_000)), LocalTime.ofSecondOfDay(r.nextInt(86_400)).withNano(nanos(r)));
            case 18: return OffsetDateTime.of(LocalDateTime.of(LocalDate.ofEpochDay(r.nextLong(-800_000, 800_000)),
                    LocalTime.ofSecondOfDay(r.nextInt(86_400)).withNano(nanos(r))), java.time.ZoneOffset.ofTotalSeconds(r.nextInt(-64_800, 64_801)));
            case 19: case 20: {
                List<Object> l = new ArrayList<>();
                for (int n = r.nextInt(5); n > 0; n--) {
                    l.add(randomValue(r, depth + 1, inSet));
                }
                return l;
            }
            case 21: {
                Set<Object> set = new LinkedHashSet<>();
                for (int n = r.nextInt(5); n > 0; n--) {
                    set.add(randomValue(r, depth + 1, true));
                }
                return set;
            }
            default: {
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int n = r.nextInt(5); n > 0; n--) {
                    m.put(r.nextBoolean() ? randomString(r) : randomValue(r, depth + 1, true), randomValue(r, depth + 1, inSet));
                }
                return m;
            }
        }
    }

    private static int nanos(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> 0;
            case 1 -> r.nextInt(1000) * 1_000_000;
            case 2 -> r.nextInt(1_000_000) * 1000;
            default -> r.nextInt(1_000_000_000);
        };
    }

    private static String randomString(SplittableRandom r) {
        String[] pieces = {"", "~", "~~", "~t", "~set", "a~b", "$type", "\u0000", "\u001f", "\u2028", "\uD83D\uDE00", "é",
                "\"", "\\", "\u007f", "日本", "\n"};
        StringBuilder sb = new StringBuilder();
        for (int n = r.nextInt(5); n > 0; n--) {
            if (r.nextInt(3) == 0) {
                sb.append(pieces[r.nextInt(pieces.length)]);
            } else {
                int cp = r.nextInt(3) == 0 ? r.nextInt(0x110000) : r.nextInt(0x20, 0x7f);
                sb.appendCodePoint(Character.isSurrogate((char) cp) && cp < 0x10000 ? 'x' : cp);
            }
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ the explicit notation (SPEC.md appendix A)

    /**
     * The explicit notation of a value of the dynamic model, on one line of ASCII: non-ASCII characters are
     * escaped, so no reader can take a U+2028 inside a string for a line break.
     */
    static String explicit(Object v) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build().createGenerator(w)) {
            writeExplicit(g, v);
        }
        return w.toString();
    }

    private static void writeExplicit(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
            return;
        }
        g.writeStartArray();
        if (v instanceof Boolean b) {
            g.writeString("bool");
            g.writeBoolean(b);
        } else if (v instanceof List<?> || v instanceof Set<?>) {
            g.writeString(v instanceof Set<?> ? "set" : "list");
            g.writeStartArray();
            for (Object e : (Collection<?>) v) {
                writeExplicit(g, e);
            }
            g.writeEndArray();
        } else if (v instanceof Map<?, ?> m) {
            g.writeString("map");
            g.writeStartArray();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeStartArray();
                writeExplicit(g, e.getKey());
                writeExplicit(g, e.getValue());
                g.writeEndArray();
            }
            g.writeEndArray();
        } else {
            g.writeString(kind(v));
            g.writeString(v instanceof byte[] b ? Base64.getEncoder().encodeToString(b) : v.toString());
        }
        g.writeEndArray();
    }

    /** The explicit notation's name of a scalar: the format's label for its type (Float and Double by toString, which reads back). */
    private static String kind(Object v) {
        ScalarType scalar = ScalarTypes.ofValueClass(v.getClass());
        if (scalar == null || !scalar.dynamic()) {
            throw new IllegalArgumentException("no explicit notation for " + v.getClass().getName());
        }
        return scalar.name();
    }
}

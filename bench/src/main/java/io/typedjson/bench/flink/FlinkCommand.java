package io.typedjson.bench.flink;

import io.typedjson.bench.Main;
import io.typedjson.bench.cluster.LocalKafka;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * {@code java -jar bench/target/typedjson-bench.jar flink [--records N] [--runs R] [--results-dir DIR]}: one SQL job
 * (an aggregation per customer with DECIMAL and TIMESTAMP_LTZ) over one topic written by the Java class serde, run on
 * an in-process Flink mini cluster with Flink's {@code json} format and with {@code typedjson}, in turns, the same
 * run. Records per second are the input records over the job's net run time (Flink's own measure: the job from
 * start to finish, without planning or cluster start); each job's output is read by {@code TypedJsonDeserializer}
 * and compared, column by column, with the aggregation computed in Java from the records written.
 */
public final class FlinkCommand {
    private FlinkCommand() {}

    /** What the Java producer writes. */
    public record Sale(long id, String customer, BigDecimal amount, Instant created, short qty) {}

    /** One customer's sales, as the job writes them. */
    public record Total(String customer, long sales, BigDecimal total, Instant first_at, Instant last_at, int qty) {}

    /** A format under test: its name and the WITH options it adds to both tables. */
    record Variant(String name, String options) {}

    static final List<Variant> VARIANTS = List.of(
            new Variant("typedjson", "'format' = 'typedjson'"),
            // flink-json with the ISO-8601 spelling of timestamps that Java (and typedjson) write
            new Variant("json", "'format' = 'json', 'json.timestamp-format.standard' = 'ISO-8601'"),
            // flink-json as it comes: its SQL timestamp spelling ("2024-01-01 00:00:00Z"); errors skipped so the job ends
            new Variant("json-defaults", "'format' = 'json', 'json.ignore-parse-errors' = 'true'"));

    private static final String USAGE = "usage: java -jar bench/target/typedjson-bench.jar flink [--records N]"
            + " [--runs R] [--results-dir DIR]\n"
            + "  one SQL aggregation over one topic with Flink's json format and with typedjson, in turns;\n"
            + "  --records 200000, --runs 3 by default; writes flink.md and flink.csv to the results directory\n";

    public static int run(String[] args) {
        int records = 200_000;
        int runs = 3;
        Path dir = Main.defaultResultsDir();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help")) {
                System.out.print(USAGE);
                return 0;
            }
            String problem = !List.of("--records", "--runs", "--results-dir").contains(option) ? "unknown option " + option
                    : i + 1 >= args.length ? option + " needs a value" : null;
            if (problem == null) {
                String value = args[++i];
                switch (option) {
                    case "--records" -> records = positive(value);
                    case "--runs" -> runs = positive(value);
                    default -> dir = Path.of(value);
                }
                problem = records < 1 || runs < 1 ? option + " needs a whole number of at least 1, not " + value : null;
            }
            if (problem != null) {
                System.err.print(problem + "\n" + USAGE);
                return 2;
            }
        }
        try {
            return measure(records, runs, dir, System.out);
        } catch (Exception e) {
            e.printStackTrace();
            return 3;
        }
    }

    /** The option's value as a whole number, or 0 (refused by the caller) when it is not one. */
    private static int positive(String value) {
        try {
            return Math.max(0, Integer.parseInt(value));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Sales of 50 customers (a few with names starting with '~'), amounts of scale 2, instants with microseconds. */
    static List<Sale> sales(int count) {
        SplittableRandom random = new SplittableRandom(42);
        List<Sale> sales = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int c = random.nextInt(50);
            String customer = (c % 10 == 0 ? "~" : "") + "customer-" + c;
            BigDecimal amount = new BigDecimal(BigInteger.valueOf(random.nextLong(-100_000, 10_000_000)), 2);
            Instant created = Instant.ofEpochSecond(random.nextLong(-86_400L * 365, 2_000_000_000L), random.nextInt(1_000_000) * 1_000L);
            sales.add(new Sale(i, customer, amount, created, (short) random.nextInt(1, 100)));
        }
        return sales;
    }

    static Map<String, Total> expected(List<Sale> sales) {
        Map<String, Total> totals = new TreeMap<>();
        sales.stream().collect(Collectors.groupingBy(Sale::customer)).forEach((customer, ss) -> totals.put(customer,
                new Total(customer, ss.size(), ss.stream().map(Sale::amount).reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add),
                        ss.stream().map(Sale::created).min(Instant::compareTo).orElseThrow(),
                        ss.stream().map(Sale::created).max(Instant::compareTo).orElseThrow(),
                        ss.stream().mapToInt(Sale::qty).sum())));
        return totals;
    }

    record Result(String variant, int run, long netMillis, double recordsPerSecond, int rowsOut, Map<String, Integer> columnsDifferent,
                  String firstDifference) {}

    static int measure(int count, int runs, Path dir, PrintStream out) throws Exception {
        List<Sale> sales = sales(count);
        Map<String, Total> expected = expected(sales);
        List<Result> results = new ArrayList<>();
        try (LocalKafka kafka = LocalKafka.start()) {
            String servers = kafka.bootstrapServers();
            List<NewTopic> topics = new ArrayList<>(List.of(new NewTopic("sales", 1, (short) 1)));
            for (int r = 0; r <= runs; r++) {
                for (Variant v : VARIANTS) {
                    topics.add(new NewTopic(outTopic(v, r), 1, (short) 1));
                }
            }
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", servers))) {
                admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
            }
            TypedJsonSerializer<Sale> serializer = new TypedJsonSerializer<>();
            serializer.configure(Map.of("typedjson.value.type", Sale.class.getName()), false);
            try (KafkaProducer<byte[], Sale> producer = new KafkaProducer<>(Map.of("bootstrap.servers", servers,
                    "linger.ms", "20", "batch.size", "262144"), new ByteArraySerializer(), serializer)) {
                for (Sale s : sales) {
                    producer.send(new ProducerRecord<>("sales", s));
                }
            }
            out.printf(Locale.ROOT, "%d sales written by TypedJsonSerializer; %d runs of %s%n", count, runs,
                    VARIANTS.stream().map(Variant::name).toList());
            // round 0 warms the JVM up (class loading, JIT) for every format and is not counted
            for (int r = 0; r <= runs; r++) {
                List<Variant> order = new ArrayList<>(VARIANTS);
                if (r % 2 == 1) {
                    java.util.Collections.reverse(order); // alternate who runs first
                }
                for (Variant v : order) {
                    Result result = runJob(v, r, servers, count, expected);
                    results.add(result);
                    out.printf(Locale.ROOT, "%-7s %-14s %,10.0f records/s  net %,6d ms  rows %d  columns different %s%n",
                            r == 0 ? "warm-up" : "run " + r, v.name(), result.recordsPerSecond(), result.netMillis(), result.rowsOut(), result.columnsDifferent());
                }
            }
        }
        write(results, count, runs, dir, out);
        return 0;
    }

    private static String outTopic(Variant v, int run) {
        return "totals-" + v.name() + "-" + run;
    }

    private static Result runJob(Variant v, int run, String servers, int count, Map<String, Total> expected) throws Exception {
        Configuration conf = new Configuration();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
        String kafka = "'connector' = 'kafka', 'properties.bootstrap.servers' = '" + servers + "', ";
        tables.executeSql("CREATE TABLE sales (id BIGINT, customer STRING, amount DECIMAL(10, 2), created TIMESTAMP_LTZ(6),"
                + " qty SMALLINT) WITH (" + kafka + "'topic' = 'sales', 'properties.group.id' = 'flink-bench-" + v.name() + run
                + "', 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', " + v.options() + ")");
        tables.executeSql("CREATE TABLE totals (customer STRING, sales BIGINT, total DECIMAL(38, 2), first_at TIMESTAMP_LTZ(6),"
                + " last_at TIMESTAMP_LTZ(6), qty INT) WITH (" + kafka + "'topic' = '" + outTopic(v, run) + "', "
                + v.options() + ")");
        TableResult job = tables.executeSql("INSERT INTO totals SELECT customer, COUNT(*), SUM(amount), MIN(created),"
                + " MAX(created), SUM(CAST(qty AS INT)) FROM sales GROUP BY customer");
        long netMillis = job.getJobClient().orElseThrow().getJobExecutionResult().get(10, TimeUnit.MINUTES).getNetRuntime();
        List<byte[]> documents = readAll(servers, outTopic(v, run));
        return compare(v, run, netMillis, count, documents, expected);
    }

    /** Each output document read by TypedJsonDeserializer, compared column by column with the expected total. */
    static Result compare(Variant v, int run, long netMillis, int count, List<byte[]> documents, Map<String, Total> expected) {
        TypedJsonDeserializer<Total> deserializer = new TypedJsonDeserializer<>();
        deserializer.configure(Map.of("typedjson.value.type", Total.class.getName()), false);
        Map<String, Function<Total, Object>> columns = new LinkedHashMap<>();
        columns.put("sales", Total::sales);
        columns.put("total", Total::total);
        columns.put("first_at", Total::first_at);
        columns.put("last_at", Total::last_at);
        columns.put("qty", Total::qty);
        Map<String, Integer> different = new TreeMap<>();
        String first = "";
        int matched = 0;
        for (byte[] d : documents) {
            Total t;
            try {
                t = deserializer.deserialize("totals", d);
            } catch (RuntimeException e) {
                different.merge("(unreadable)", 1, Integer::sum);
                first = first.isEmpty() ? e.getMessage() : first;
                continue;
            }
            Total want = expected.get(t.customer());
            if (want == null) {
                different.merge("customer", 1, Integer::sum);
                first = first.isEmpty() ? "customer " + t.customer() + " was not written" : first;
                continue;
            }
            matched++;
            for (Map.Entry<String, Function<Total, Object>> c : columns.entrySet()) {
                if (!Objects.equals(c.getValue().apply(want), c.getValue().apply(t))) {
                    different.merge(c.getKey(), 1, Integer::sum);
                    first = first.isEmpty() ? t.customer() + " " + c.getKey() + ": " + c.getValue().apply(t) + " for "
                            + c.getValue().apply(want) : first;
                }
            }
        }
        if (matched < expected.size()) {
            different.merge("(rows missing)", expected.size() - matched, Integer::sum);
        }
        return new Result(v.name(), run, netMillis, count * 1000.0 / Math.max(1, netMillis), documents.size(), different, first);
    }

    private static List<byte[]> readAll(String servers, String topic) {
        TopicPartition p = new TopicPartition(topic, 0);
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", servers),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.of(p));
            consumer.seekToBeginning(List.of(p));
            long end = consumer.endOffsets(List.of(p)).get(p);
            List<byte[]> values = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (consumer.position(p) < end && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
            return values;
        }
    }

    private static void write(List<Result> results, int count, int runs, Path dir, PrintStream out) throws Exception {
        Files.createDirectories(dir);
        // run 0 is the warm-up round
        StringBuilder csv = new StringBuilder("variant,run,records,net_ms,records_per_s,rows_out,columns_different\n");
        for (Result r : results) {
            csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.0f,%d,%s%n", r.variant(), r.run(), count, r.netMillis(),
                    r.recordsPerSecond(), r.rowsOut(), r.columnsDifferent().isEmpty() ? "none"
                            : r.columnsDifferent().toString().replace(",", ";")));
        }
        Files.writeString(dir.resolve("flink.csv"), csv, StandardCharsets.UTF_8);
        StringBuilder md = new StringBuilder();
        md.append("# One SQL job, Flink's json format and typedjson\n\n")
                .append(String.format(Locale.ROOT, "%,d sales written by `TypedJsonSerializer` to one topic; `INSERT INTO totals SELECT"
                        + " customer, COUNT(*), SUM(amount), MIN(created), MAX(created), SUM(qty) ... GROUP BY customer` in batch"
                        + " mode on an in-process mini cluster (parallelism 1), each format reading the topic and writing its own"
                        + " output topic, %d runs taking turns after a warm-up round. Records/s: input records over the job's net run time (median of"
                        + " the runs). Exact: the output read by `TypedJsonDeserializer` equals the aggregation computed in Java.%n%n",
                        count, runs))
                .append("| format | records/s (median) | × typedjson | rows out | exact | columns different | first difference |\n")
                .append("|---|--:|--:|--:|---|---|---|\n");
        double base = median(results, "typedjson");
        for (Variant v : VARIANTS) {
            double rate = median(results, v.name());
            Result last = results.stream().filter(r -> r.variant().equals(v.name())).reduce((a, b) -> b).orElseThrow();
            md.append(String.format(Locale.ROOT, "| `%s` | %,.0f | %.2f | %d | %s | %s | %s |%n", v.name(), rate, rate / base,
                    last.rowsOut(), last.columnsDifferent().isEmpty() ? "yes" : "no",
                    last.columnsDifferent().isEmpty() ? "none" : last.columnsDifferent().toString(),
                    last.firstDifference().isEmpty() ? "" : last.firstDifference().replace("|", "\\|")));
        }
        Files.writeString(dir.resolve("flink.md"), md, StandardCharsets.UTF_8);
        out.print("\n" + md);
        out.println("written to " + dir.resolve("flink.md") + " and flink.csv");
    }

    private static double median(List<Result> results, String variant) {
        double[] rates = results.stream().filter(r -> r.variant().equals(variant) && r.run() > 0).mapToDouble(Result::recordsPerSecond).sorted().toArray();
        return rates.length == 0 ? Double.NaN : rates[rates.length / 2];
    }
}

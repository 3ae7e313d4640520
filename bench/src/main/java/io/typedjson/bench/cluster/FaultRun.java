package io.typedjson.bench.cluster;

import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.Order;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.internals.PluginMetricsImpl;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;

/**
 * Broker faults under load on a local cluster of three nodes. Two loads run side by side, each a producing and a
 * consuming thread: the Connect converter in schema location reference (a source's {@code fromConnectData} with a
 * schema that changes every {@link Settings#recordsPerSchema} records, so schemas are written to the schema topic
 * while the faults happen, and a sink's {@code toConnectData} resolving them), and the class serde
 * ({@code TypedJsonSerializer}/{@code TypedJsonDeserializer} given to a producer and a consumer). A refused
 * conversion is tried again on the same record (as a Connect task restarted after it would), never skipped.
 *
 * <p>Meanwhile, on a schedule: the node that leads the schema topic is killed with SIGKILL and restarted once every
 * partition has a new leader and it has been away {@link Settings#down}; the schema topic's leadership is moved to
 * another node (its replicas reordered, then a preferred leader election); the node that leads the serde's first
 * partition is killed and restarted. Then both loads stop and every record is counted end to end: read once, in
 * order within its partition, equal to what was sent; the longest stall is the longest time without a record read.
 */
public final class FaultRun {

    /** What the run does. */
    public record Settings(int partitions, int ratePerLoad, int recordsPerSchema, int warmupRecords, Duration down,
                           Duration steady, Duration timeout) {
        public static Settings defaults() {
            return new Settings(3, 500, 400, 2_000, Duration.ofSeconds(10), Duration.ofSeconds(5),
                    Duration.ofMinutes(10));
        }
    }

    /** One fault and how long the cluster took over it. */
    public record Event(String what, double atSeconds, double leadersMovedSeconds, double backSeconds) {}

    /** One load, counted end to end. */
    public record Load(String name, long sent, long acked, long sendFailed, long read, long lost, long duplicated,
                       long outOfOrder, long changed, long writeRetries, long readRetries, long longestStallMillis,
                       long longestAckGapMillis, List<String> examples) {
        boolean ok() {
            return sendFailed == 0 && lost == 0 && duplicated == 0 && outOfOrder == 0 && changed == 0 && read == acked;
        }
    }

    /** What happened. */
    public record Result(List<Load> loads, List<Event> events, Map<String, Double> converterMetrics,
                         Map<String, Double> serdeMetrics, double seconds) {
        public boolean ok() {
            return loads.stream().allMatch(Load::ok);
        }
    }

    private final LocalKafkaCluster cluster;
    private final Settings settings;
    private final PrintStream log;
    private final String id = Long.toHexString(System.nanoTime());

    public FaultRun(LocalKafkaCluster cluster, Settings settings, PrintStream log) {
        if (cluster.size() < 3) {
            throw new IllegalArgumentException("the fault run needs three nodes (replication factor 3, "
                    + "min.insync.replicas 2), not " + cluster.size());
        }
        this.cluster = cluster;
        this.settings = settings;
        this.log = log;
    }

    /** What a load's two threads share: sent and acknowledged sequence numbers, reads, stalls. */
    private static final class Counts {
        final String name;
        final AtomicLong sent = new AtomicLong();
        final Set<Long> acked = ConcurrentHashMap.newKeySet();
        final AtomicLong sendFailed = new AtomicLong();
        final Map<Long, Integer> reads = new ConcurrentHashMap<>();
        final AtomicLong outOfOrder = new AtomicLong();
        final AtomicLong changed = new AtomicLong();
        final AtomicLong writeRetries = new AtomicLong();
        final AtomicLong readRetries = new AtomicLong();
        /** 0 until the first: the time before it (clients starting) is no stall. */
        final AtomicLong lastAckNanos = new AtomicLong();
        final AtomicLong longestAckGap = new AtomicLong();
        final AtomicLong lastReadNanos = new AtomicLong();
        final AtomicLong longestStall = new AtomicLong();
        final List<String> examples = java.util.Collections.synchronizedList(new ArrayList<>());

        Counts(String name) {
            this.name = name;
        }

        void acked(long seq) {
            acked.add(seq);
            gap(lastAckNanos, longestAckGap);
        }

        void read(long seq) {
            reads.merge(seq, 1, Integer::sum);
            gap(lastReadNanos, longestStall);
        }

        private static void gap(AtomicLong last, AtomicLong longest) {
            long now = System.nanoTime();
            long before = last.getAndSet(now);
            if (before != 0) {
                longest.accumulateAndGet(now - before, Math::max);
            }
        }

        void example(String s) {
            if (examples.size() < 5) {
                examples.add(s);
            }
        }

        Load load() {
            long lost = 0;
            long duplicated = 0;
            for (Long seq : acked) {
                int n = reads.getOrDefault(seq, 0);
                if (n == 0) {
                    lost++;
                    example("record " + seq + " acknowledged, never read");
                } else if (n > 1) {
                    duplicated++;
                    example("record " + seq + " read " + n + " times");
                }
            }
            long read = reads.values().stream().mapToLong(Integer::longValue).sum();
            return new Load(name, sent.get(), acked.size(), sendFailed.get(), read, lost, duplicated, outOfOrder.get(),
                    changed.get(), writeRetries.get(), readRetries.get(), TimeUnit.NANOSECONDS.toMillis(longestStall.get()),
                    TimeUnit.NANOSECONDS.toMillis(longestAckGap.get()), List.copyOf(examples));
        }
    }

    public Result run() throws Exception {
        long start = System.nanoTime();
        long deadline = start + settings.timeout().toNanos();
        String converterTopic = "typedjson-faults-" + id + "-connect";
        String serdeTopic = "typedjson-faults-" + id + "-class";
        String schemaTopic = "typedjson-faults-" + id + "-schemas";
        Counts connect = new Counts("typedjson-connect-reference (converter)");
        Counts serde = new Counts("typedjson-class (serde)");
        List<Event> events = new ArrayList<>();
        Metrics writerMetrics = new Metrics();
        Metrics readerMetrics = new Metrics();
        AtomicBoolean stopProducing = new AtomicBoolean();
        AtomicBoolean stopReading = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Map<String, Double> serdeMetrics = new ConcurrentHashMap<>();
        try (Admin admin = BenchTopics.admin(cluster.bootstrapServers())) {
            for (String t : List.of(converterTopic, serdeTopic)) {
                BenchTopics.createTopicAndAwaitLeaders(admin, new NewTopic(t, Optional.of(settings.partitions()),
                        Optional.of((short) 3)).configs(Map.of("min.insync.replicas", "2")), Duration.ofSeconds(60));
            }
            // the schema topic as the converter would create it (compacted, one partition), made here so that its
            // leader is known before the load starts
            BenchTopics.createTopicAndAwaitLeaders(admin, new NewTopic(schemaTopic, Optional.of(1), Optional.of((short) 3))
                    .configs(Map.of("cleanup.policy", "compact", "min.insync.replicas", "2")), Duration.ofSeconds(60));

            List<Thread> threads = new ArrayList<>();
            threads.add(thread("faults-connect-source", failure, () -> connectSource(converterTopic, schemaTopic, connect,
                    writerMetrics, stopProducing)));
            threads.add(thread("faults-connect-sink", failure, () -> connectSink(converterTopic, schemaTopic, connect,
                    readerMetrics, stopReading)));
            threads.add(thread("faults-serde-producer", failure, () -> serdeProducer(serdeTopic, serde, stopProducing,
                    serdeMetrics)));
            threads.add(thread("faults-serde-consumer", failure, () -> serdeConsumer(serdeTopic, serde, stopReading,
                    serdeMetrics)));
            threads.forEach(Thread::start);
            try {
                awaitAcked(List.of(connect, serde), settings.warmupRecords(), deadline, failure);
                // 1. the schema topic's leader dies
                int schemaLeader = leaderOf(admin, schemaTopic, 0);
                events.add(killAndRestart(admin, schemaLeader, "node " + schemaLeader + ", the schema topic's leader,"
                        + " killed (SIGKILL) and restarted", List.of(converterTopic, serdeTopic, schemaTopic), start, deadline));
                steady(List.of(connect, serde), deadline, failure);
                // 2. the schema topic's leadership moves to another node
                events.add(moveLeader(admin, schemaTopic, start, deadline));
                steady(List.of(connect, serde), deadline, failure);
                // 3. the serde's leader dies
                int dataLeader = leaderOf(admin, serdeTopic, 0);
                events.add(killAndRestart(admin, dataLeader, "node " + dataLeader + ", leader of the serde's partition 0,"
                        + " killed (SIGKILL) and restarted", List.of(converterTopic, serdeTopic, schemaTopic), start, deadline));
                steady(List.of(connect, serde), deadline, failure);
            } finally {
                stopProducing.set(true);
                threads.get(0).join(180_000); // the two producing threads
                threads.get(2).join(180_000);
                // the readers go on until they have read every acknowledged record, or nothing came for a minute
                awaitRead(List.of(connect, serde), deadline, failure);
                stopReading.set(true);
                for (Thread t : threads) {
                    t.join(60_000);
                }
            }
            if (failure.get() != null) {
                throw new IllegalStateException("a load thread failed", failure.get());
            }
            for (String t : List.of(converterTopic, serdeTopic, schemaTopic)) {
                try {
                    admin.deleteTopics(List.of(t)).all().get(60, TimeUnit.SECONDS);
                } catch (Exception e) {
                    log.println("faults: could not delete " + t + ": " + e);
                }
            }
        }
        Map<String, Double> converterMetrics = new java.util.TreeMap<>();
        collect(writerMetrics, converterMetrics, "source ", Set.of("records-written-total", "schemas-written-total",
                "schema-topic-errors-total", "schema-cache-misses-total"));
        collect(readerMetrics, converterMetrics, "sink ", Set.of("records-read-total", "schema-topic-lookups-total",
                "schema-topic-errors-total", "schema-topic-lookup-time-ms-max", "read-refused-unknown-schema-total"));
        return new Result(List.of(connect.load(), serde.load()), events, converterMetrics, new java.util.TreeMap<>(serdeMetrics),
                (System.nanoTime() - start) / 1e9);
    }

    private static void collect(Metrics metrics, Map<String, Double> into, String prefix, Set<String> names) {
        metrics.metrics().forEach((name, metric) -> {
            if (name.group().equals("plugins") && names.contains(name.name())) {
                into.put(prefix + name.name(), ((Number) metric.metricValue()).doubleValue());
            }
        });
    }

    private Thread thread(String name, AtomicReference<Throwable> failure, ThrowingRunnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    // ------------------------------------------------------------------ the converter's load

    static Schema schema(long version) {
        return SchemaBuilder.struct().name("com.acme.Order").version((int) version + 1)
                .field("seq", Schema.INT64_SCHEMA)
                .field("name", Schema.STRING_SCHEMA)
                .field("amount", Schema.FLOAT64_SCHEMA)
                .field("v" + version, Schema.INT32_SCHEMA)
                .build();
    }

    private Struct record(long seq) {
        long version = seq / settings.recordsPerSchema();
        return new Struct(schema(version)).put("seq", seq).put("name", "order " + seq).put("amount", seq * 1.25)
                .put("v" + version, (int) version);
    }

    private Map<String, Object> converterConfig(String schemaTopic, boolean writer) {
        Map<String, Object> c = new HashMap<>();
        c.put("typedjson.schema.location", "reference");
        c.put("typedjson.schema.topic", schemaTopic);
        c.put("bootstrap.servers", cluster.bootstrapServers());
        if (writer) { // bounded, so that a write the outage holds up fails clearly and is tried again
            c.put("typedjson.schema.topic.producer.delivery.timeout.ms", 30_000);
            c.put("typedjson.schema.topic.producer.request.timeout.ms", 10_000);
        }
        return c;
    }

    private void connectSource(String topic, String schemaTopic, Counts counts, Metrics metrics, AtomicBoolean stop)
            throws Exception {
        try (TypedJsonConverter converter = new TypedJsonConverter();
             KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProperties("faults-connect-source"),
                     new ByteArraySerializer(), new ByteArraySerializer())) {
            converter.configure(converterConfig(schemaTopic, true), false);
            converter.withPluginMetrics(new PluginMetricsImpl(metrics, Map.of("converter", "source")));
            paced(stop, seq -> {
                RecordHeaders headers = new RecordHeaders();
                Struct value = record(seq);
                byte[] bytes = null;
                while (bytes == null) {
                    try {
                        bytes = converter.fromConnectData(topic, headers, value.schema(), value);
                    } catch (DataException e) { // the schema could not be written in its bound: the same record again
                        counts.writeRetries.incrementAndGet();
                        counts.example("write of record " + seq + " tried again: " + e.getMessage());
                        sleep(100);
                    }
                }
                send(producer, new ProducerRecord<>(topic, null, key(seq), bytes, headers), seq, counts);
            });
            producer.flush();
        }
    }

    private void connectSink(String topic, String schemaTopic, Counts counts, Metrics metrics, AtomicBoolean stop) {
        try (TypedJsonConverter converter = new TypedJsonConverter();
             KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProperties("faults-connect-sink"),
                     new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            converter.configure(converterConfig(schemaTopic, false), false);
            converter.withPluginMetrics(new PluginMetricsImpl(metrics, Map.of("converter", "sink")));
            assignAll(consumer, topic);
            Map<Integer, Long> lastSeq = new HashMap<>();
            while (!stop.get()) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                    SchemaAndValue read = null;
                    while (read == null && !stop.get()) {
                        try {
                            read = converter.toConnectData(r.topic(), r.headers(), r.value());
                        } catch (DataException e) { // the schema could not be read in its bound: the same record again
                            counts.readRetries.incrementAndGet();
                            counts.example("read of offset " + r.partition() + "@" + r.offset() + " tried again: "
                                    + e.getMessage());
                            sleep(100);
                        }
                    }
                    if (read == null) {
                        break; // stopped while a record could not be read: it counts as lost
                    }
                    long seq = ((Struct) read.value()).getInt64("seq");
                    check(counts, lastSeq, r, seq, record(seq).equals(read.value()) && schema(seq / settings.recordsPerSchema())
                            .equals(read.schema()));
                }
            }
        }
    }

    // ------------------------------------------------------------------ the class serde's load

    private void serdeProducer(String topic, Counts counts, AtomicBoolean stop, Map<String, Double> metrics) throws Exception {
        List<Order> orders = orders();
        Properties p = producerProperties("faults-serde-producer");
        try (KafkaProducer<byte[], Order> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
                TypedJsonSerializer.forClass(Order.class))) {
            paced(stop, seq -> send(producer, new ProducerRecord<>(topic, key(seq), orders.get((int) (seq % orders.size()))),
                    seq, counts));
            producer.flush();
            producer.metrics().forEach((name, metric) -> {
                if (name.group().equals("plugins") && name.name().endsWith("-total") && !name.name().contains("unknown")) {
                    metrics.put("producer " + name.name(), ((Number) metric.metricValue()).doubleValue());
                }
            });
        }
    }

    private void serdeConsumer(String topic, Counts counts, AtomicBoolean stop, Map<String, Double> metrics) {
        List<Order> orders = orders();
        try (KafkaConsumer<byte[], Order> consumer = new KafkaConsumer<>(consumerProperties("faults-serde-consumer"),
                new ByteArrayDeserializer(), TypedJsonDeserializer.forClass(Order.class))) {
            assignAll(consumer, topic);
            Map<Integer, Long> lastSeq = new HashMap<>();
            while (!stop.get()) {
                for (ConsumerRecord<byte[], Order> r : consumer.poll(Duration.ofMillis(100))) {
                    long seq = ByteBuffer.wrap(r.key()).getLong();
                    check(counts, lastSeq, r, seq, orders.get((int) (seq % orders.size())).equals(r.value()));
                }
            }
            consumer.metrics().forEach((name, metric) -> {
                if (name.group().equals("plugins") && name.name().endsWith("-total") && !name.name().contains("unknown")) {
                    metrics.put("consumer " + name.name(), ((Number) metric.metricValue()).doubleValue());
                }
            });
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Order> orders() {
        return (List<Order>) Datasets.generate("orders", 5_000, 42);
    }

    // ------------------------------------------------------------------ shared

    private static void check(Counts counts, Map<Integer, Long> lastSeq, ConsumerRecord<?, ?> r, long seq, boolean equal) {
        Long before = lastSeq.put(r.partition(), seq);
        if (before != null && seq <= before) {
            counts.outOfOrder.incrementAndGet();
            counts.example("partition " + r.partition() + ": record " + seq + " after " + before);
        }
        if (!equal) {
            counts.changed.incrementAndGet();
            counts.example("record " + seq + " changed");
        }
        counts.read(seq);
    }

    /** Sends record 0, 1, 2, ... at the load's rate until told to stop. */
    private void paced(AtomicBoolean stop, SeqConsumer each) throws Exception {
        long interval = 1_000_000_000L / Math.max(1, settings.ratePerLoad());
        long t0 = System.nanoTime();
        for (long seq = 0; !stop.get(); seq++) {
            long wait;
            while ((wait = t0 + seq * interval - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            each.accept(seq);
        }
    }

    private interface SeqConsumer {
        void accept(long seq) throws Exception;
    }

    private static <V> void send(KafkaProducer<byte[], V> producer, ProducerRecord<byte[], V> record, long seq, Counts counts) {
        counts.sent.incrementAndGet();
        producer.send(record, (md, e) -> {
            if (e == null) {
                counts.acked(seq);
            } else {
                counts.sendFailed.incrementAndGet();
                counts.example("send of record " + seq + " failed: " + e);
            }
        });
    }

    private static byte[] key(long seq) {
        return ByteBuffer.allocate(8).putLong(seq).array();
    }

    private Properties producerProperties(String clientId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId + "-" + id);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        return p;
    }

    private Properties consumerProperties(String clientId) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId + "-" + id);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return p;
    }

    private static List<TopicPartition> assignAll(KafkaConsumer<?, ?> consumer, String topic) {
        List<TopicPartition> partitions = new ArrayList<>(BenchTopics.partitionsOf(consumer.partitionsFor(topic), topic));
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return partitions;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------ the faults

    private Event killAndRestart(Admin admin, int node, String what, List<String> topics, long start, long deadline)
            throws Exception {
        long at = System.nanoTime();
        log.printf(Locale.ROOT, "faults: %s%n", what);
        cluster.node(node).kill();
        for (String t : topics) {
            awaitPartitions(admin, t, p -> p.leader() != null && p.leader().id() != node, deadline, "leaders moved off node " + node);
        }
        long moved = System.nanoTime();
        long downUntil = at + settings.down().toNanos();
        while (System.nanoTime() < downUntil) {
            Thread.sleep(50);
        }
        cluster.node(node).restart();
        for (String t : topics) {
            awaitPartitions(admin, t, p -> p.isr().size() == p.replicas().size(), deadline, "ISR whole again");
        }
        long back = System.nanoTime();
        log.printf(Locale.ROOT, "faults: leaders moved after %.1f s, ISR whole again after %.1f s%n", (moved - at) / 1e9,
                (back - at) / 1e9);
        return new Event(what, (at - start) / 1e9, (moved - at) / 1e9, (back - at) / 1e9);
    }

    private Event moveLeader(Admin admin, String topic, long start, long deadline) throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        TopicPartitionInfo before = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS)
                .get(topic).partitions().get(0);
        int from = before.leader().id();
        List<Integer> replicas = new ArrayList<>(before.replicas().stream().map(n -> n.id()).toList());
        int to = replicas.stream().filter(r -> r != from).findFirst().orElseThrow();
        replicas.remove(Integer.valueOf(to));
        replicas.add(0, to); // the new preferred leader first
        String what = "the schema topic's leadership moved from node " + from + " to node " + to
                + " (replicas reordered, preferred leader election)";
        log.printf(Locale.ROOT, "faults: %s%n", what);
        long at = System.nanoTime();
        admin.alterPartitionReassignments(Map.of(tp, Optional.of(new NewPartitionReassignment(replicas))))
                .all().get(60, TimeUnit.SECONDS);
        awaitPartitions(admin, topic, p -> p.replicas().get(0).id() == to, deadline, "replicas reordered");
        admin.electLeaders(ElectionType.PREFERRED, Set.of(tp)).all().get(60, TimeUnit.SECONDS);
        awaitPartitions(admin, topic, p -> p.leader() != null && p.leader().id() == to, deadline, "leader moved to " + to);
        long moved = System.nanoTime();
        return new Event(what, (at - start) / 1e9, (moved - at) / 1e9, (moved - at) / 1e9);
    }

    private static int leaderOf(Admin admin, String topic, int partition) throws Exception {
        TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
        return d.partitions().get(partition).leader().id();
    }

    private static void awaitPartitions(Admin admin, String topic, java.util.function.Predicate<TopicPartitionInfo> ok,
            long deadline, String what) throws InterruptedException {
        String last = "";
        while (System.nanoTime() - deadline < 0) {
            try {
                TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get(5, TimeUnit.SECONDS).get(topic);
                if (d.partitions().stream().allMatch(ok)) {
                    return;
                }
                last = d.partitions().toString();
            } catch (Exception e) {
                last = e.toString();
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("timed out waiting for " + what + " on " + topic + ": " + last);
    }

    private void awaitAcked(List<Counts> loads, int more, long deadline, AtomicReference<Throwable> failure)
            throws InterruptedException {
        Map<Counts, Integer> target = new HashMap<>();
        loads.forEach(c -> target.put(c, c.acked.size() + more));
        while (loads.stream().anyMatch(c -> c.acked.size() < target.get(c))) {
            if (failure.get() != null) {
                throw new IllegalStateException("a load thread failed", failure.get());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("timed out waiting for acknowledgements");
            }
            Thread.sleep(20);
        }
    }

    /** Lets the loads run on after a fault for a while, and until each has had more records acknowledged. */
    private void steady(List<Counts> loads, long deadline, AtomicReference<Throwable> failure) throws InterruptedException {
        Thread.sleep(settings.steady().toMillis());
        awaitAcked(loads, settings.ratePerLoad(), deadline, failure);
    }

    private void awaitRead(List<Counts> loads, long deadline, AtomicReference<Throwable> failure) throws InterruptedException {
        Function<Counts, Boolean> done = c -> c.reads.keySet().containsAll(c.acked);
        long lastProgress = System.nanoTime();
        long lastCount = -1;
        while (!loads.stream().allMatch(done::apply)) {
            long count = loads.stream().mapToLong(c -> c.reads.size()).sum();
            if (count != lastCount) {
                lastCount = count;
                lastProgress = System.nanoTime();
            }
            if (failure.get() != null || System.nanoTime() - deadline > 0
                    || System.nanoTime() - lastProgress > TimeUnit.SECONDS.toNanos(60)) {
                return;
            }
            Thread.sleep(50);
        }
    }
}

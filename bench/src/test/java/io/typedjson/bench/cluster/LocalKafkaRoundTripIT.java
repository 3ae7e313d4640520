package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.typedjson.bench.codec.BenchCodec;

/** Records through a real broker ({@link LocalKafka}, a child JVM) and back, byte for byte. */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LocalKafkaRoundTripIT extends SharedBroker {

    @BeforeAll
    static void describeBroker() {
        System.out.printf("broker %s ready in %d ms, RSS %d MB, pid %d%n", kafka.bootstrapServers(),
                kafka.startTime().toMillis(), kafka.residentBytes() / 1_000_000, kafka.pid());
    }

    @Test
    void theBrokerIsAChildJvmWithItsDataInATemporaryDirectory() throws Exception {
        assertTrue(kafka.isAlive());
        assertTrue(kafka.bootstrapServers().startsWith("127.0.0.1:"));
        assertTrue(Files.isDirectory(kafka.directory().resolve("data")));
        assertTrue(Files.readString(kafka.directory().resolve("server.properties")).contains("process.roles"));
        assertTrue(kafka.logTail(200).contains("Kafka Server started"), kafka.logTail(20));
        assertTrue(ProcessHandle.current().descendants().anyMatch(p -> p.pid() == kafka.pid()));
    }

    @Test
    void aBrokerThatCannotStartFailsFastWithItsLogAndLeavesNothingBehind() throws Exception {
        long before = ProcessHandle.current().descendants().count();
        long dirsBefore = temporaryDirectories();
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> LocalKafka.builder().brokerProperty("num.io.threads", "not-a-number")
                        .startTimeout(Duration.ofSeconds(60)).start());
        assertTrue(e.getMessage().contains("did not start"), e.getMessage());
        assertTrue(e.getMessage().contains("--- broker log (tail) ---"), e.getMessage());
        assertTrue(e.getMessage().contains("num.io.threads"), "the broker's own complaint: " + e.getMessage());
        assertEquals(before, ProcessHandle.current().descendants().count(), "no child process left");
        assertEquals(dirsBefore, temporaryDirectories(), "no temporary directory left");
    }

    @Test
    @Timeout(value = 150, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aBrokerWhoseParentIsKilledHaltsAndRemovesItsDirectory() throws Exception {
        // a JVM that started a broker is killed with SIGKILL: no shutdown hook runs, the broker must go by itself
        Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OrphanProbe.class.getName())
                .redirectErrorStream(true).start();
        try {
            java.io.BufferedReader lines = new java.io.BufferedReader(
                    new java.io.InputStreamReader(probe.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("READY ")) {
                // the probe's own log
            }
            assertTrue(line != null, "the probe started a broker");
            String[] parts = line.split(" ", 3);
            long brokerPid = Long.parseLong(parts[1]);
            Path dir = Path.of(parts[2]);
            assertTrue(running(brokerPid) && Files.isDirectory(dir));
            probe.destroyForcibly();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((running(brokerPid) || Files.exists(dir)) && System.nanoTime() - deadline < 0) {
                Thread.sleep(200);
            }
            assertFalse(running(brokerPid), "the orphaned broker halted");
            assertFalse(Files.exists(dir), "the orphaned broker removed " + dir);
        } finally {
            probe.destroyForcibly();
        }
    }

    /** Alive and not a zombie waiting to be reaped by its new parent. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
    }

    private static long temporaryDirectories() throws java.io.IOException {
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            // this JVM's only: other builds and test JVMs on the machine start and stop brokers meanwhile
            return s.filter(p -> p.getFileName().toString().startsWith(LocalKafkaStarter.TEMP_PREFIX)).count();
        }
    }

    /** A captured record: everything Kafka carries, in comparable form. */
    record Sent(int partition, byte[] key, byte[] value, List<Header> headers) {}

    @Test
    void keysValuesTombstonesAndHeadersRoundTripByteExactly() throws Exception {
        String topic = "roundtrip-bytes";
        createTopic(topic, 3);
        Random r = new Random(7);
        List<List<Sent>> sent = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            sent.add(new ArrayList<>());
        }
        try (KafkaProducer<byte[], byte[]> producer = producer()) {
            for (int i = 0; i < 3_000; i++) {
                int partition = i % 3;
                byte[] key = switch (i % 7) {
                    case 0 -> null;
                    case 1 -> new byte[0];
                    default -> bytes(r, 1 + r.nextInt(40));
                };
                byte[] value = switch (i % 11) {
                    case 0 -> null; // tombstone
                    case 1 -> new byte[0]; // empty, which is not a tombstone
                    case 2 -> bytes(r, i % 99 == 2 ? 200_000 : 1_000); // now and then a large value
                    default -> bytes(r, r.nextInt(300));
                };
                RecordHeaders headers = new RecordHeaders();
                if (i % 5 != 0) {
                    headers.add("trace", bytes(r, 16));
                    headers.add("trace", bytes(r, 3)); // repeated keys keep their order
                    headers.add("nul", null);
                    headers.add("ünïcødé 😀", "~".getBytes(StandardCharsets.UTF_8));
                }
                Sent s = new Sent(partition, key, value, List.of(headers.toArray()));
                sent.get(partition).add(s);
                producer.send(new ProducerRecord<>(topic, partition, null, key, value, headers));
            }
            producer.flush();
        }

        List<List<ConsumerRecord<byte[], byte[]>>> got = readAll(topic, 3, 3_000);
        for (int p = 0; p < 3; p++) {
            List<Sent> expected = sent.get(p);
            List<ConsumerRecord<byte[], byte[]>> actual = got.get(p);
            assertEquals(expected.size(), actual.size(), "records in partition " + p);
            for (int i = 0; i < expected.size(); i++) {
                Sent e = expected.get(i);
                ConsumerRecord<byte[], byte[]> a = actual.get(i);
                String where = "partition " + p + " record " + i;
                assertEquals(i, a.offset(), where);
                assertArrayEquals(e.key(), a.key(), where + " key");
                if (e.value() == null) {
                    assertNull(a.value(), where + " tombstone");
                } else {
                    assertArrayEquals(e.value(), a.value(), where + " value");
                }
                Header[] ah = a.headers().toArray();
                assertEquals(e.headers().size(), ah.length, where + " headers");
                for (int h = 0; h < ah.length; h++) {
                    assertEquals(e.headers().get(h).key(), ah[h].key(), where + " header key");
                    assertArrayEquals(e.headers().get(h).value(), ah[h].value(), where + " header value");
                }
            }
        }
    }

    @Test
    void codecValuesRoundTripExactlyThroughATopic() throws Exception {
        String topic = "roundtrip-codecs";
        createTopic(topic, 1);
        List<TestCodecs.Item> items = TestCodecs.items(2_000, 11);
        for (BenchCodec<TestCodecs.Item> codec : List.of(new TestCodecs.BinaryCodec(), new TestCodecs.TextCodec())) {
            String t = topic + "-" + codec.name();
            createTopic(t, 1);
            try (KafkaProducer<byte[], byte[]> producer = producer()) {
                for (int i = 0; i < items.size(); i++) {
                    producer.send(new ProducerRecord<>(t, ClusterBench.key(i), codec.encode(items.get(i))));
                }
                producer.flush();
            }
            List<ConsumerRecord<byte[], byte[]>> got = readAll(t, 1, items.size()).get(0);
            assertEquals(items.size(), got.size());
            for (int i = 0; i < items.size(); i++) {
                assertEquals(i, ClusterBench.seqOf(got.get(i).key()));
                assertNull(TestCodecs.firstDifference(items.get(i), codec.decode(got.get(i).value())),
                        codec.name() + " record " + i);
            }
        }
    }

    /**
     * Every data set through every codec of the bench ({@code Codecs.forDataset}) and a real topic: the broker changes
     * nothing, so each value read back decodes to exactly what decoding the produced bytes gives in memory, and a
     * codec that is exact in memory is exact through Kafka.
     */
    @Test
    void everyDataSetThroughEveryBenchCodecIsAsExactThroughKafkaAsInMemory() throws Exception {
        List<String> datasets = io.typedjson.bench.data.Datasets.names();
        int checked = 0;
        for (String dataset : datasets) {
            // the cluster job's codecs: typedjson-connect-reference's schema topic on this broker too
            List<BenchCodec<?>> codecs = io.typedjson.bench.codec.Codecs.forDataset(dataset, kafka::bootstrapServers);
            assertTrue(codecs.stream().anyMatch(c -> c.name().equals(io.typedjson.bench.codec.Codecs.REFERENCE)));
            // 200 records, or fewer where records are large (a board is about 100 KB): about 0.5 MB per codec
            List<?> sample = io.typedjson.bench.data.Datasets.generate(dataset, 3, 42);
            int size = encodeWith(codecs.get(0), prepareWith(codecs.get(0), sample.get(0))).length;
            int perCodec = Math.max(3, Math.min(200, 500_000 / Math.max(1, size)));
            List<?> records = io.typedjson.bench.data.Datasets.generate(dataset, perCodec, 42);
            String topic = "every-codec-" + dataset;
            createTopic(topic, 1);
            List<List<Object>> prepared = new ArrayList<>();
            List<List<byte[]>> produced = new ArrayList<>();
            try (KafkaProducer<byte[], byte[]> producer = producer()) {
                for (int c = 0; c < codecs.size(); c++) {
                    List<Object> values = new ArrayList<>();
                    List<byte[]> bytes = new ArrayList<>();
                    for (int i = 0; i < records.size(); i++) {
                        Object v = prepareWith(codecs.get(c), records.get(i));
                        byte[] b = encodeWith(codecs.get(c), v);
                        values.add(v);
                        bytes.add(b);
                        producer.send(new ProducerRecord<>(topic, ClusterBench.key(c * 1_000_000 + i), b));
                    }
                    prepared.add(values);
                    produced.add(bytes);
                }
                producer.flush();
            }
            int total = codecs.size() * records.size();
            List<ConsumerRecord<byte[], byte[]>> got = readAll(topic, 1, total).get(0);
            assertEquals(total, got.size(), dataset);
            for (ConsumerRecord<byte[], byte[]> r : got) {
                int key = ClusterBench.seqOf(r.key());
                int c = key / 1_000_000;
                int i = key % 1_000_000;
                BenchCodec<?> codec = codecs.get(c);
                String where = dataset + " / " + codec.name() + " / record " + i;
                assertArrayEquals(produced.get(c).get(i), r.value(), where + ": bytes changed by the broker");
                Object expected = prepared.get(c).get(i);
                String inMemory = io.typedjson.bench.codec.Exactness.firstDifference(expected,
                        codec.decode(produced.get(c).get(i)));
                String throughKafka = io.typedjson.bench.codec.Exactness.firstDifference(expected,
                        codec.decode(r.value()));
                assertEquals(inMemory, throughKafka, where);
                checked++;
            }
            for (BenchCodec<?> c : codecs) {
                if (c instanceof AutoCloseable clients) {
                    clients.close();
                }
            }
        }
        System.out.println("every data set through every bench codec: " + checked + " records checked");
    }

    @SuppressWarnings("unchecked")
    private static <V> V prepareWith(BenchCodec<V> codec, Object record) {
        return codec.prepare(record);
    }

    @SuppressWarnings("unchecked")
    private static <V> byte[] encodeWith(BenchCodec<V> codec, Object value) {
        return codec.encode((V) value);
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    private static byte[] bytes(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static void createTopic(String topic, int partitions) throws Exception {
        try (Admin admin = BenchTopics.admin(kafka.bootstrapServers())) {
            BenchTopics.createTopicAndAwaitLeaders(admin,
                    new NewTopic(topic, Optional.of(partitions), Optional.empty()), Duration.ofSeconds(60));
        }
    }

    private static KafkaProducer<byte[], byte[]> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, "1048576");
        return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }

    static List<List<ConsumerRecord<byte[], byte[]>>> readAll(String topic, int partitions, int expected) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<List<ConsumerRecord<byte[], byte[]>>> out = new ArrayList<>();
        List<TopicPartition> tps = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            out.add(new ArrayList<>());
            tps.add(new TopicPartition(topic, i));
        }
        try (KafkaConsumer<byte[], byte[]> consumer =
                     new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(tps);
            consumer.seekToBeginning(tps);
            int n = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (n < expected && System.nanoTime() - deadline < 0) {
                for (ConsumerRecord<byte[], byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                    out.get(rec.partition()).add(rec);
                    n++;
                }
            }
            // nothing more than expected arrives
            for (ConsumerRecord<byte[], byte[]> rec : consumer.poll(Duration.ofMillis(300))) {
                out.get(rec.partition()).add(rec);
            }
        }
        return out;
    }
}

package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.Exactness;
import io.typedjson.bench.codec.SchemaTopicBroker;
import io.typedjson.bench.data.Dataset;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.report.SizeReport;
import io.typedjson.connect.TypedJsonConverter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bench's {@code typedjson-connect-reference} row through a real broker: exact on every data set, its schema in
 * the broker's schema topic, and the broker the report starts for it started only when the row is measured.
 */
@Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReferenceCodecIT extends SharedBroker {

    private static final String SCHEMA_HEADER = "typedjson.schema.ref";

    /**
     * Each data set's records written by the converter with location reference into a topic (value and header as
     * a Kafka record), read back by another converter that has seen none of them, so every schema comes from the
     * schema topic on the broker; and the bench row itself (the cluster job's codec) exact on the same records.
     */
    @Test
    void everyDataSetComesBackExactThroughTheBrokerAndItsSchemaTopic() throws Exception {
        Map<String, String> config = Map.of("typedjson.schema.location", "reference",
                "bootstrap.servers", kafka.bootstrapServers());
        for (String dataset : Datasets.names()) {
            Dataset<Object> d = Datasets.get(dataset);
            List<?> records = Datasets.generate(dataset, dataset.equals("board") ? 3 : 200, 42);
            String topic = "reference-" + dataset;
            createTopic(topic);
            try (TypedJsonConverter writer = new TypedJsonConverter();
                 TypedJsonConverter reader = new TypedJsonConverter();
                 KafkaProducer<byte[], byte[]> producer = producer()) {
                writer.configure(config, false);
                reader.configure(config, false);
                for (int i = 0; i < records.size(); i++) {
                    RecordHeaders headers = new RecordHeaders();
                    byte[] value = writer.fromConnectData(topic, headers, d.connectSchema(), d.toStruct(records.get(i)));
                    producer.send(new ProducerRecord<>(topic, null, ClusterBench.key(i), value, headers));
                }
                producer.flush();
                List<ConsumerRecord<byte[], byte[]>> got = LocalKafkaRoundTripIT.readAll(topic, 1, records.size()).get(0);
                assertEquals(records.size(), got.size(), dataset);
                for (ConsumerRecord<byte[], byte[]> r : got) {
                    int i = ClusterBench.seqOf(r.key());
                    Header ref = r.headers().lastHeader(SCHEMA_HEADER);
                    assertNotNull(ref, dataset + " record " + i + ": no " + SCHEMA_HEADER);
                    assertEquals(16, ref.value().length, dataset);
                    SchemaAndValue back = reader.toConnectData(topic, r.headers(), r.value());
                    SchemaAndValue sent = new SchemaAndValue(d.connectSchema(), d.toStruct(records.get(i)));
                    assertNull(Exactness.firstDifference(sent, back), dataset + " record " + i);
                }
            }

            BenchCodec<?> row = Codecs.forDataset(dataset, kafka::bootstrapServers).stream()
                    .filter(c -> c.name().equals(Codecs.REFERENCE)).findFirst().orElseThrow();
            try {
                SizeReport.Row measured = SizeReport.measure(dataset, row, records);
                assertEquals("yes", measured.exactCell(), dataset);
                BenchCodec<?> inline = Codecs.forDataset(dataset).stream()
                        .filter(c -> c.name().equals("typedjson-connect")).findFirst().orElseThrow();
                SizeReport.Row inlineRow = SizeReport.measure(dataset, inline, records);
                // the schema leaves every record; the 16-byte reference and its header name come in
                assertTrue(measured.rawBytes() < inlineRow.rawBytes(), dataset + ": " + measured + " vs " + inlineRow);
            } finally {
                ((AutoCloseable) row).close();
            }
        }
        try (Admin admin = BenchTopics.admin(kafka.bootstrapServers())) {
            assertTrue(admin.listTopics().names().get().contains("_typedjson-schemas"));
        }
    }

    /** The report and the speed command run without a cluster: the row starts one broker at its first record. */
    @Test
    void theReportsRowStartsItsBrokerOnlyWhenMeasuredAndStopsIt() {
        List<?> records = Datasets.generate("orders", 20, 7);
        for (BenchCodec<?> c : Codecs.forReport("orders")) {
            c.prepare(records.get(0)); // listing and preparing every row starts nothing
        }
        assertFalse(SchemaTopicBroker.started());
        try {
            SizeReport.Row row = SizeReport.measure("orders", Codecs.get("orders", Codecs.REFERENCE), records);
            assertTrue(SchemaTopicBroker.started());
            assertEquals("yes", row.exactCell());
        } finally {
            SchemaTopicBroker.stop();
        }
        assertFalse(SchemaTopicBroker.started());
    }

    private static void createTopic(String topic) throws Exception {
        try (Admin admin = BenchTopics.admin(kafka.bootstrapServers())) {
            BenchTopics.createTopicAndAwaitLeaders(admin, new NewTopic(topic, Optional.of(1), Optional.empty()),
                    Duration.ofSeconds(60));
        }
    }

    private static KafkaProducer<byte[], byte[]> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }
}

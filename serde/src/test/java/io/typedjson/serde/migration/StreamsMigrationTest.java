package io.typedjson.serde.migration;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.serde.TypedJsonSerde;
import io.typedjson.serde.migration.OtherWritersTest.Note;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;

/**
 * The Streams serde on a topic shared with another writer (docs/migrating.md): configured by properties as the default
 * value serde, it reads Jackson's unmarked plain JSON and typedjson's marked records exactly, and writes plain JSON
 * marked plain for consumers not yet switched.
 */
class StreamsMigrationTest {

    @Test
    void theDefaultSerdeReadsBothWritersAndWritesPlainJsonForTheOldReaders() {
        Properties p = migrationProperties("typedjson-migration");
        StreamsBuilder builder = new StreamsBuilder();
        List<Note> seen = new java.util.ArrayList<>();
        builder.<String, Note>stream("notes").peek((k, v) -> seen.add(v)).to("notes-out");
        byte[] jackson = OtherWritersTest.JACKSON.getBytes(StandardCharsets.UTF_8);
        byte[] typed = typedNote();
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), p)) {
            TestInputTopic<String, byte[]> in = driver.createInputTopic("notes", new StringSerializer(), new ByteArraySerializer());
            TestOutputTopic<String, byte[]> out = driver.createOutputTopic("notes-out", new StringDeserializer(),
                    new ByteArrayDeserializer());
            in.pipeInput(new TestRecord<>("a", jackson, new RecordHeaders()));
            in.pipeInput(new TestRecord<>("b", typed, markedTyped()));
            assertEquals(List.of(OtherWritersTest.NOTE, OtherWritersTest.NOTE), seen);
            for (TestRecord<String, byte[]> r : out.readRecordsToList()) {
                assertArrayEquals(jackson, r.value(), "plain JSON, as Jackson writes it");
                assertArrayEquals("plain".getBytes(StandardCharsets.US_ASCII), r.headers().lastHeader("typedjson-format").value());
            }
        }
    }

    /**
     * A state store is no topic shared with other writers: Streams hands a store's serde the headers of the record being
     * processed, not of the one that wrote the value, so the serde keeps typed JSON in a store (its changelog topic,
     * {@code <application.id>-<store>-changelog}) whatever the migration properties and headers say. Here a reduce reads
     * a value stored from Jackson's record while a record marked typed is processed, and the other way round (before:
     * the value, written plain, was read as typed JSON and its '~' string refused).
     */
    @Test
    void aStateStoreKeepsTypedJsonWhateverTheHeadersOfTheRecordBeingProcessed() {
        Properties p = migrationProperties("typedjson-migration-reduce");
        StreamsBuilder builder = new StreamsBuilder();
        List<Note> olds = new java.util.ArrayList<>();
        builder.<String, Note>stream("notes").groupByKey().reduce((old, next) -> {
            olds.add(old);
            return next;
        });
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), p)) {
            TestInputTopic<String, byte[]> in = driver.createInputTopic("notes", new StringSerializer(), new ByteArraySerializer());
            byte[] jackson = OtherWritersTest.JACKSON.getBytes(StandardCharsets.UTF_8);
            byte[] typed = typedNote();
            in.pipeInput(new TestRecord<>("k", jackson, new RecordHeaders()));
            in.pipeInput(new TestRecord<>("k", typed, markedTyped()));
            in.pipeInput(new TestRecord<>("k", jackson, new RecordHeaders()));
            assertEquals(List.of(OtherWritersTest.NOTE, OtherWritersTest.NOTE), olds);
            TestOutputTopic<String, byte[]> changelog = driver.createOutputTopic(
                    "typedjson-migration-reduce-KSTREAM-REDUCE-STATE-STORE-0000000001-changelog", new StringDeserializer(),
                    new ByteArrayDeserializer());
            List<byte[]> stored = changelog.readValuesToList();
            assertEquals(3, stored.size());
            for (byte[] value : stored) {
                assertArrayEquals(typed, value, "typed JSON in the store");
            }
        }
    }

    /** The default serdes of a Streams application on a topic shared with Jackson's writers (docs/migrating.md). */
    private static Properties migrationProperties(String applicationId) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "dummy:9092");
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, TypedJsonSerde.class.getName());
        p.put("typedjson.value.type", Note.class.getName());
        p.put("typedjson.other.writers", "json");
        p.put("typedjson.format.header", "plain");
        return p;
    }

    /** The Note as typedjson's serializer writes it with its defaults (typed JSON, no mark). */
    private static byte[] typedNote() {
        return io.typedjson.serde.TypedJsonSerializer.forClass(Note.class).serialize("notes", OtherWritersTest.NOTE);
    }

    /** The headers of a record typedjson's serializer marked typed. */
    private static org.apache.kafka.common.header.Headers markedTyped() {
        return new RecordHeaders().add("typedjson-format", "typed".getBytes(StandardCharsets.US_ASCII));
    }
}

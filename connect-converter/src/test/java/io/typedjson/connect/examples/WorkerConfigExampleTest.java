package io.typedjson.connect.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.connect.TypedJsonConverterConfig;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.runtime.SinkConnectorConfig;
import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.runtime.distributed.DistributedConfig;
import org.apache.kafka.connect.runtime.errors.ToleranceType;
import org.apache.kafka.connect.runtime.isolation.Plugins;
import org.apache.kafka.connect.runtime.standalone.StandaloneConfig;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * The Connect files docs/connect.md shows: each file is printed there whole, Kafka's own config class accepts it
 * exactly as written (nothing added by the test), it holds no key that its config class does not know (connector
 * settings such as {@code errors.*} in a worker file are ignored by a worker, so they are refused here), and the
 * converters a worker file names, configured the way the worker configures them, carry a record exactly.
 */
class WorkerConfigExampleTest {

    private static final Path EXAMPLES = Path.of("src/test/resources/examples");
    private static final Path DOCKER = Path.of("docker");
    private static final List<String> CONVERTER_PREFIXES = List.of("key.converter.", "value.converter.", "header.converter.");
    /** FileStreamSinkConnector's own setting (its config class is not on the test class path). */
    private static final Set<String> FILE_SINK_KEYS = Set.of("file");

    private static Map<String, String> properties(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return Utils.propsToStringMap(p);
    }

    private static Map<String, String> connectorJson(Path file, String expectedName) throws IOException {
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertEquals(expectedName, root.get("name").asText());
        Map<String, String> config = new LinkedHashMap<>();
        root.get("config").fields().forEachRemaining(e -> {
            assertTrue(e.getValue().isTextual(), "Connect's REST API takes string values: " + e.getKey());
            config.put(e.getKey(), e.getValue().asText());
        });
        config.put("name", expectedName); // the REST API takes the name beside the config, Connect adds it
        return config;
    }

    /** Keys of {@code file} that {@code config} did not define, other than converter settings the converter defines. */
    private static List<String> unknownKeys(AbstractConfig config, Map<String, String> file, Set<String> allowed) {
        Set<String> defined = config.values().keySet();
        Set<String> converterKeys = TypedJsonConverterConfig.configDef().names();
        List<String> unknown = new ArrayList<>();
        for (String key : file.keySet()) {
            String converterKey = CONVERTER_PREFIXES.stream().filter(key::startsWith).findFirst()
                    .map(prefix -> key.substring(prefix.length())).orElse(null);
            boolean known = defined.contains(key) || allowed.contains(key)
                    || (converterKey != null && converterKeys.contains(converterKey));
            if (!known) {
                unknown.add(key);
            }
        }
        return unknown;
    }

    private static void docsShowTheFileWhole(Path file) throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "connect.md"));
        String text = Files.readString(file);
        assertTrue(doc.contains("\n" + text + "```"), "docs/connect.md does not show " + file + " whole, as a block");
    }

    @Test
    void docsShowEachFileWhole() throws IOException {
        for (String name : List.of("connect-standalone.properties", "connect-distributed.properties",
                "typedjson-file-sink.properties", "typedjson-file-sink.json")) {
            docsShowTheFileWhole(EXAMPLES.resolve(name));
        }
    }

    @Test
    void standaloneWorkerFileIsAcceptedAsWritten() throws Exception {
        Map<String, String> file = properties(EXAMPLES.resolve("connect-standalone.properties"));
        StandaloneConfig config = new StandaloneConfig(file);
        assertEquals(List.of(), unknownKeys(config, file, Set.of()), "keys a standalone worker does not know");
        convertersCarryARecordExactly(config);
    }

    @Test
    void distributedWorkerFileIsAcceptedAsWritten() throws Exception {
        Map<String, String> file = properties(EXAMPLES.resolve("connect-distributed.properties"));
        DistributedConfig config = new DistributedConfig(file);
        assertEquals(List.of(), unknownKeys(config, file, Set.of()), "keys a distributed worker does not know");
        for (String topic : List.of("config", "offset", "status")) {
            assertEquals("1", file.get(topic + ".storage.replication.factor"), "one broker: " + topic);
        }
        convertersCarryARecordExactly(config);
    }

    @Test
    void dockerComposeWorkerFileIsAcceptedAsWritten() throws Exception {
        Map<String, String> file = properties(DOCKER.resolve("connect-distributed.properties"));
        DistributedConfig config = new DistributedConfig(file);
        assertEquals(List.of(), unknownKeys(config, file, Set.of()), "keys a distributed worker does not know");
        convertersCarryARecordExactly(config);
    }

    @Test
    void workerFilesCarryNoConnectorSettings() throws IOException {
        for (Path file : List.of(EXAMPLES.resolve("connect-standalone.properties"),
                EXAMPLES.resolve("connect-distributed.properties"), DOCKER.resolve("connect-distributed.properties"))) {
            for (String key : properties(file).keySet()) {
                assertFalse(key.startsWith("errors."), file + ": " + key + " belongs to a connector's configuration");
            }
        }
    }

    @Test
    void connectorFileIsAcceptedAsWrittenWithItsDeadLetterQueue() throws Exception {
        Map<String, String> file = properties(EXAMPLES.resolve("typedjson-file-sink.properties"));
        assertEquals(file, connectorJson(EXAMPLES.resolve("typedjson-file-sink.json"), file.get("name")),
                "the JSON for a distributed worker says what the properties file says");
        SinkConnectorConfig config = sinkConfig(file);
        assertEquals(List.of(), unknownKeys(config, file, FILE_SINK_KEYS), "keys a sink connector does not know");
        assertDeadLetterQueue(config, "orders-dlq");
    }

    @Test
    void dockerComposeConnectorIsAcceptedAsWrittenWithItsDeadLetterQueue() throws Exception {
        Map<String, String> file = connectorJson(DOCKER.resolve("connectors/typedjson-file-sink.json"), "typedjson-file-sink");
        SinkConnectorConfig config = sinkConfig(file);
        assertEquals(List.of(), unknownKeys(config, file, FILE_SINK_KEYS), "keys a sink connector does not know");
        assertDeadLetterQueue(config, "typedjson-demo-dlq");
    }

    private static SinkConnectorConfig sinkConfig(Map<String, String> file) {
        SinkConnectorConfig.validate(file); // what a worker checks before it creates a sink connector
        Plugins plugins = new Plugins(Map.of(WorkerConfig.PLUGIN_DISCOVERY_CONFIG, "service_load"));
        return new SinkConnectorConfig(plugins, file);
    }

    private static void assertDeadLetterQueue(SinkConnectorConfig config, String topic) {
        assertEquals(ToleranceType.ALL, config.errorToleranceType());
        assertEquals(topic, config.dlqTopicName());
        assertEquals(1, config.dlqTopicReplicationFactor(), "one broker: the dead letter queue needs one replica");
        assertTrue(config.isDlqContextHeadersEnabled(), "the error headers name the path and byte offset");
    }

    private static void convertersCarryARecordExactly(WorkerConfig config) throws ClassNotFoundException {
        assertEquals(TypedJsonConverter.class, config.getClass(WorkerConfig.VALUE_CONVERTER_CLASS_CONFIG));
        Converter value = Utils.newInstance(config.getClass(WorkerConfig.VALUE_CONVERTER_CLASS_CONFIG).getName(), Converter.class);
        value.configure(config.originalsWithPrefix("value.converter."), false);
        Schema schema = SchemaBuilder.struct().field("id", Schema.INT32_SCHEMA).field("price", Decimal.schema(2)).build();
        Struct row = new Struct(schema).put("id", 7).put("price", new BigDecimal("9.90"));
        SchemaAndValue back = value.toConnectData("orders", value.fromConnectData("orders", schema, row));
        assertEquals(schema, back.schema());
        assertEquals(row, back.value());
    }
}

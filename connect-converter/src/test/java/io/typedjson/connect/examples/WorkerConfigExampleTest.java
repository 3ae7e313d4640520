package io.typedjson.connect.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.connect.TypedJsonConverter;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.runtime.distributed.DistributedConfig;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * The worker configuration README shows: the file is what README prints, Connect's own config class accepts it,
 * and the converters it names, configured the way the worker configures them, carry a record exactly.
 */
class WorkerConfigExampleTest {

    private static Properties example() throws IOException {
        Properties p = new Properties();
        try (InputStream in = WorkerConfigExampleTest.class.getResourceAsStream("/examples/connect-worker.properties")) {
            p.load(in);
        }
        return p;
    }

    @Test
    void readmeShowsTheExampleLineForLine() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        for (String line : Files.readAllLines(Path.of("src/test/resources/examples/connect-worker.properties"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                assertTrue(readme.contains(line), "README lacks the worker line: " + line);
            }
        }
    }

    @Test
    void connectAcceptsTheConfigAndItsConvertersCarryARecordExactly() throws Exception {
        Map<String, String> worker = new HashMap<>(Utils.propsToStringMap(example()));
        worker.put("config.storage.topic", "c");
        worker.put("offset.storage.topic", "o");
        worker.put("status.storage.topic", "s");
        DistributedConfig config = new DistributedConfig(worker); // validates every key Connect knows
        assertEquals(TypedJsonConverter.class, config.getClass("value.converter"));

        Converter value = Utils.newInstance(config.getClass("value.converter").getName(), Converter.class);
        value.configure(config.originalsWithPrefix("value.converter."), false);
        Schema schema = SchemaBuilder.struct().field("id", Schema.INT32_SCHEMA).field("price", Decimal.schema(2)).build();
        Struct row = new Struct(schema).put("id", 7).put("price", new BigDecimal("9.90"));
        SchemaAndValue back = value.toConnectData("orders", value.fromConnectData("orders", schema, row));
        assertEquals(schema, back.schema());
        assertEquals(row, back.value());
    }
}

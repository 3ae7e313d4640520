package io.typedjson.bench.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.typedjson.bench.data.Dataset;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.EdgeCases;
import io.typedjson.codec.Codecs;
import io.typedjson.connect.ConnectJsonSchemas;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.connect.TypedJsonConverterConfig;
import io.typedjson.connect.TypedJsonConverterConfig.Location;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.jsonschema.JsonSchemas;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every record of every bench data set (orders, rows, cdc, board) and every edge case, written by the serde for
 * its class and by the Connect converter in each schema location, validates against the generated JSON Schema;
 * the same document with a field of the wrong type does not.
 */
class JsonSchemaDatasetsTest {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    static List<String> datasets() {
        return Datasets.names();
    }

    @ParameterizedTest
    @MethodSource("datasets")
    void everyRecordValidatesAgainstTheClassSchema(String name) {
        Dataset<Object> dataset = Datasets.get(name);
        Schema schema = REGISTRY.getSchema(JsonSchemas.forClass(dataset.recordClass()), InputFormat.JSON);
        Codec<Object> codec = Codecs.of((java.lang.reflect.Type) dataset.recordClass());
        List<Object> records = new ArrayList<>(dataset.generate(name.equals("board") ? 20 : 2000, Datasets.SEED));
        EdgeCases.of(name).forEach(c -> records.add(c.record()));
        int valid = 0;
        for (Object record : records) {
            String doc = new String(TypedJsonFormat.defaults().write(codec, record), StandardCharsets.UTF_8);
            assertEquals(List.of(), schema.validate(doc, InputFormat.JSON), name + ": " + doc);
            valid++;
        }
        System.out.printf("json-schema %s class: valid %d/%d%n", name, valid, records.size());
        // a document with its first field replaced by an object is refused
        String doc = new String(TypedJsonFormat.defaults().write(codec, records.get(0)), StandardCharsets.UTF_8);
        String wrong = doc.replaceFirst("^\\{(\"[^\"]+\"):", "{$1:{\"x\":1},\"ignored\":");
        assertFalse(schema.validate(wrong, InputFormat.JSON).isEmpty(), wrong);
    }

    @ParameterizedTest
    @MethodSource("datasets")
    void everyStructValidatesInEverySchemaLocation(String name) {
        Dataset<Object> dataset = Datasets.get(name);
        List<Object> records = dataset.generate(name.equals("board") ? 10 : 500, Datasets.SEED);
        for (Location location : Location.values()) {
            // reference writes through a schema topic; its record value is the inline document's "~v"
            boolean reference = location == Location.REFERENCE;
            TypedJsonConverter converter = new TypedJsonConverter();
            converter.configure(Map.of(TypedJsonConverterConfig.SCHEMA_LOCATION,
                    (reference ? Location.INLINE : location).name().toLowerCase(Locale.ROOT)), false);
            Schema schema = REGISTRY.getSchema(ConnectJsonSchemas.forSchema(dataset.connectSchema(), location), InputFormat.JSON);
            int valid = 0;
            for (Object record : records) {
                byte[] bytes = converter.fromConnectData("t", new RecordHeaders(), dataset.connectSchema(), dataset.toStruct(record));
                String doc = new String(bytes, StandardCharsets.UTF_8);
                if (reference) {
                    doc = doc.substring(doc.indexOf(",\"~v\":") + 6, doc.length() - 1);
                }
                assertEquals(List.of(), schema.validate(doc, InputFormat.JSON), name + " " + location + ": " + doc);
                valid++;
            }
            System.out.printf("json-schema %s connect %s: valid %d/%d%n", name, location, valid, records.size());
        }
    }
}

package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * Bytes per record (value plus header keys and values) of each schema location against Kafka's JsonConverter,
 * on the rows and orders data sets, measured in the same run. Sizes are deterministic, so the targets are asserted.
 */
class SizeTest {

    private static final int N = 2_000;

    static Converter json(boolean schemas) {
        JsonConverter c = new JsonConverter();
        c.configure(Map.of("schemas.enable", schemas, "decimal.format", "BASE64"), false);
        return c;
    }

    /** Average bytes per record; every record is also read back and must be exact for the typedjson converters. */
    static double perRecord(Converter c, Schema schema, List<Struct> records, boolean mustBeExact) {
        long total = 0;
        for (Struct r : records) {
            Headers headers = new RecordHeaders();
            byte[] bytes = c.fromConnectData("t", headers, schema, r);
            total += bytes.length;
            for (Header h : headers) {
                total += h.key().getBytes(StandardCharsets.UTF_8).length + h.value().length;
            }
            if (mustBeExact) {
                SchemaAndValue back = c.toConnectData("t", headers, bytes);
                assertEquals(schema, back.schema());
                assertEquals(r, back.value());
            }
        }
        return (double) total / records.size();
    }

    @Test
    void rowsAndOrdersAgainstJsonConverter() {
        List<Struct> rows = Samples.rows(N, 42);
        List<Struct> orders = Samples.orders(N, 42);
        double rowsOn = perRecord(json(true), Samples.ROW, rows, false);
        double rowsOff = perRecord(json(false), Samples.ROW, rows, false);
        double ordersOn = perRecord(json(true), Samples.ORDER, orders, false);
        double ordersOff = perRecord(json(false), Samples.ORDER, orders, false);
        double rowsInline = perRecord(TypedJsonConverterTest.converter("inline", false), Samples.ROW, rows, true);
        double rowsHeader = perRecord(TypedJsonConverterTest.converter("header", false), Samples.ROW, rows, true);
        double rowsNone = perRecord(TypedJsonConverterTest.converter("none", false), Samples.ROW, rows, false);
        double ordersInline = perRecord(TypedJsonConverterTest.converter("inline", false), Samples.ORDER, orders, true);
        double ordersHeader = perRecord(TypedJsonConverterTest.converter("header", false), Samples.ORDER, orders, true);
        double ordersNone = perRecord(TypedJsonConverterTest.converter("none", false), Samples.ORDER, orders, true);

        System.out.printf("bytes per record (value + headers), %d records%n", N);
        System.out.printf("%-34s %8s %8s%n", "", "rows", "orders");
        System.out.printf("%-34s %8.1f %8.1f%n", "JsonConverter schemas.enable=true", rowsOn, ordersOn);
        System.out.printf("%-34s %8.1f %8.1f%n", "JsonConverter schemas.enable=false", rowsOff, ordersOff);
        System.out.printf("%-34s %8.1f %8.1f   (%.3f x JC on, %.3f x JC off)%n", "typedjson inline", rowsInline, ordersInline,
                rowsInline / rowsOn, ordersInline / ordersOff);
        System.out.printf("%-34s %8.1f %8.1f   (%.3f x JC on, %.3f x JC off)%n", "typedjson header", rowsHeader, ordersHeader,
                rowsHeader / rowsOn, ordersHeader / ordersOff);
        System.out.printf("%-34s %8.1f %8.1f   (%.3f x JC on, %.3f x JC off)%n", "typedjson none", rowsNone, ordersNone,
                rowsNone / rowsOn, ordersNone / ordersOff);
        TypedJsonConverter inline = TypedJsonConverterTest.converter("inline", false);
        System.out.println("rows inline:   " + Samples.utf8(inline.fromConnectData("t", Samples.ROW, rows.get(0))));
        System.out.println("orders inline: " + Samples.utf8(inline.fromConnectData("t", Samples.ORDER, orders.get(0))));
        System.out.println("rows JsonConverter off: " + Samples.utf8(json(false).fromConnectData("t", Samples.ROW, rows.get(0))));
        System.out.println("orders JsonConverter off: " + Samples.utf8(json(false).fromConnectData("t", Samples.ORDER, orders.get(0))));

        assertTrue(rowsInline <= 0.35 * rowsOn, "rows inline " + rowsInline + " vs " + rowsOn);
        assertTrue(rowsHeader <= 0.35 * rowsOn, "rows header " + rowsHeader + " vs " + rowsOn);
        assertTrue(ordersInline <= 1.25 * ordersOff, "orders inline " + ordersInline + " vs " + ordersOff);
        assertTrue(ordersNone <= 1.25 * ordersOff, "orders none " + ordersNone + " vs " + ordersOff);
    }

    /** What JsonConverter (schemas on, Kafka 4.4.0 defaults) changes, and typedjson does not. */
    @Test
    void whereJsonConverterLoses() {
        Converter jc = json(true);
        TypedJsonConverter tj = TypedJsonConverterTest.converter("inline", false);
        Schema optWithDefault = SchemaBuilder.int32().optional().defaultValue(7).build();
        Object[][] cases = {
                {Schema.FLOAT64_SCHEMA, Double.NaN},
                {Schema.FLOAT64_SCHEMA, Double.POSITIVE_INFINITY},
                {Schema.FLOAT32_SCHEMA, Float.NaN},
                {Schema.FLOAT64_SCHEMA, -0.0},
                {optWithDefault, null},
                {null, 5},
        };
        for (Object[] c : cases) {
            Schema schema = (Schema) c[0];
            SchemaAndValue viaJson = jc.toConnectData("t", jc.fromConnectData("t", schema, c[1]));
            SchemaAndValue viaTyped = tj.toConnectData("t", tj.fromConnectData("t", schema, c[1]));
            System.out.printf("%-28s JsonConverter -> %-6s typedjson -> %s%n", (schema == null ? "schemaless" : schema.type())
                    + " " + c[1], viaJson.value(), viaTyped.value());
            assertNotEquals(c[1], viaJson.value());
            assertEquals(c[1], viaTyped.value());
        }
    }
}

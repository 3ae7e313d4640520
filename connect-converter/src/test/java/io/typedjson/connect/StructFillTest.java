package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.ConnectSchema;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** Structs the reader fills without Struct.put's validation are still ones Connect's validation accepts. */
class StructFillTest {

    private static final Schema ITEM = SchemaBuilder.struct().name("Item")
            .field("sku", Schema.STRING_SCHEMA)
            .field("price", Decimal.schema(2))
            .field("qty", SchemaBuilder.int16().defaultValue((short) 1).build())
            .build();
    private static final Schema ORDER = SchemaBuilder.struct().name("Order")
            .field("id", Schema.INT64_SCHEMA)
            .field("day", Date.SCHEMA)
            .field("at", Time.SCHEMA)
            .field("ts", Timestamp.SCHEMA)
            .field("note", Schema.OPTIONAL_STRING_SCHEMA)
            .field("items", SchemaBuilder.array(ITEM).build())
            .field("attrs", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.OPTIONAL_FLOAT64_SCHEMA).build())
            .field("byItem", SchemaBuilder.map(ITEM, SchemaBuilder.array(Schema.BOOLEAN_SCHEMA).build()).build())
            .field("ship", SchemaBuilder.struct().optional().field("city", Schema.STRING_SCHEMA).build())
            .build();

    @Test
    void theKafkaInUseHasTheValueArray() {
        assertTrue(StructFill.direct(), "Struct has no Object[] values: every field goes through put()");
    }

    @Test
    void structsReadPassConnectValidation() {
        Struct item = new Struct(ITEM).put("sku", "a-1").put("price", new BigDecimal("9.50"));
        Struct order = new Struct(ORDER).put("id", 7L)
                .put("day", new java.util.Date(86_400_000L * 20_000))
                .put("at", new java.util.Date(3_600_123L))
                .put("ts", new java.util.Date(1_764_000_000_123L))
                .put("items", List.of(item, new Struct(ITEM).put("sku", "b").put("price", new BigDecimal("0.01")).put("qty", (short) 3)))
                .put("attrs", Map.of("w", 1.5))
                .put("byItem", Map.of(item, List.of(true, false)))
                .put("ship", new Struct(ORDER.field("ship").schema()).put("city", "Oslo"));
        for (String location : List.of("inline", "header")) {
            TypedJsonConverter converter = TypedJsonConverterTest.converter(location, false);
            org.apache.kafka.common.header.Headers headers = new org.apache.kafka.common.header.internals.RecordHeaders();
            byte[] bytes = converter.fromConnectData("t", headers, ORDER, order);
            for (int i = 0; i < 2; i++) { // the second read takes the reader's path for a schema it has seen
                SchemaAndValue back = converter.toConnectData("t", headers, bytes);
                assertEquals(order, back.value(), location);
                Struct read = (Struct) back.value();
                read.validate();
                ConnectSchema.validateValue(back.schema(), read);
                assertEquals(null, read.getWithoutDefault("note"));
                assertEquals((short) 1, ((Struct) read.getArray("items").get(0)).get("qty")); // the default, unset
                assertEquals(null, ((Struct) read.getArray("items").get(0)).getWithoutDefault("qty"));
            }
        }
    }

    /** A schema with Connect's Decimal name on a string: Connect wants a BigDecimal there, so put() still judges it. */
    @Test
    void aLogicalNameOnAnotherTypeIsStillRefusedByConnect() {
        Schema odd = SchemaBuilder.struct().field("f", SchemaBuilder.string().name(Decimal.LOGICAL_NAME).build()).build();
        String notation = SchemaNotation.write(odd, null, 1000);
        byte[] doc = ("{\"~s\":\"" + notation + "\",\"~v\":[\"x\"]}").getBytes(StandardCharsets.UTF_8);
        DataException e = assertThrows(DataException.class, () -> TypedJsonConverterTest.converter("inline", false)
                .toConnectData("t", doc));
        assertTrue(e.getMessage().contains("Invalid Java object for schema \"" + Decimal.LOGICAL_NAME + "\" with type STRING"), e.getMessage());
    }
}

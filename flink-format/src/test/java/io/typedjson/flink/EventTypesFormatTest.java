package io.typedjson.flink;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.EventTypes;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.events.OrderCreated;
import io.typedjson.serde.events.OrderEvent;
import io.typedjson.serde.events.OrderShipped;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * A Flink table over a topic of several event types (SPEC.md section 12): one table per type, or a name column; the
 * envelopes the Java serializer writes are read and written back byte for byte; names outside the list are refused.
 */
class EventTypesFormatTest {

    static final List<String> NAMES = List.of("order.created", "order.shipped", "order.cancelled");

    static final RowType CREATED = (RowType) DataTypes.ROW(
            DataTypes.FIELD("orderId", DataTypes.BIGINT().notNull()), DataTypes.FIELD("customer", DataTypes.STRING()),
            DataTypes.FIELD("total", DataTypes.DECIMAL(10, 2)), DataTypes.FIELD("at", DataTypes.TIMESTAMP_LTZ(9)),
            DataTypes.FIELD("lines", DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD("sku", DataTypes.STRING()),
                    DataTypes.FIELD("qty", DataTypes.INT().notNull()), DataTypes.FIELD("price", DataTypes.DECIMAL(10, 2))))),
            DataTypes.FIELD("priority", DataTypes.INT().notNull())).notNull().getLogicalType();

    /** A table of every type: the name column and the columns the types share or not. */
    static final RowType ALL = (RowType) DataTypes.ROW(DataTypes.FIELD("type", DataTypes.STRING().notNull()),
            DataTypes.FIELD("orderId", DataTypes.BIGINT().notNull()), DataTypes.FIELD("carrier", DataTypes.STRING()))
            .notNull().getLogicalType();

    static final OrderCreated ORDER = new OrderCreated(1001, "Ada", new BigDecimal("59.80"),
            Instant.parse("2026-11-30T05:35:45.123456789Z"), List.of(new OrderCreated.Line("~b", 2, new BigDecimal("19.90"))), 3);
    static final OrderShipped SHIPPED = new OrderShipped(1001, LocalDate.parse("2026-12-01"), OrderShipped.Carrier.LA_POSTE,
            Optional.of("LP1"), new LinkedHashSet<>(List.of("p1")));

    /** What the Java serializer writes in location both (the envelope Flink reads). */
    static byte[] envelope(Object event) {
        TypedJsonSerializer<Object> s = TypedJsonSerializer.forEventTypes(EventTypes.of(OrderEvent.class));
        s.configure(Map.of(TypedJsonConfig.TYPE_LOCATION, "both"), false);
        return s.serialize("events", new RecordHeaders(), event);
    }

    private static TypedJsonRowDataDeserializationSchema reader(RowType row, EventRows events, boolean ignoreParseErrors) {
        return new TypedJsonRowDataDeserializationSchema(row, InternalTypeInfo.of(row), ignoreParseErrors,
                new RowDataCodecs.ReadOptions(false, false), LimitsSpec.DEFAULT, events);
    }

    @Test
    void aTableOfOneTypeReadsItsRowsAndPassesOverTheOthers() throws IOException {
        EventRows created = new EventRows("order.created", NAMES, null);
        TypedJsonRowDataDeserializationSchema reader = reader(CREATED, created, false);
        byte[] written = envelope(ORDER);
        RowData row = reader.deserialize(written);
        assertEquals(1001L, row.getLong(0));
        assertEquals("59.80", row.getDecimal(2, 10, 2).toBigDecimal().toPlainString());
        assertNull(reader.deserialize(envelope(SHIPPED)), "another table's row");
        // written back: the same envelope, byte for byte
        assertEquals(new String(written, UTF_8), new String(new TypedJsonRowDataSerializationSchema(CREATED, created).serialize(row), UTF_8));
    }

    @Test
    void aNameOutsideTheListOrARecordWithoutAnEnvelopeIsRefused() throws IOException {
        TypedJsonRowDataDeserializationSchema reader = reader(CREATED, new EventRows("order.created", NAMES, null), false);
        for (String name : List.of("order.refunded", "io.typedjson.serde.events.OrderCreated", "io.typedjson.serde.events.*")) {
            byte[] bad = ("{\"~type\":\"" + name + "\",\"~v\":{\"orderId\":1}}").getBytes(UTF_8);
            IOException e = assertThrows(IOException.class, () -> reader.deserialize(bad));
            assertTrue(e.getMessage().contains("unknown event type \"" + name + "\" in the document's \"~type\" (the topic's"
                    + " types are order.created, order.shipped, order.cancelled) at $[\"~type\"] (byte offset 9)"), e.getMessage());
        }
        byte[] plain = TypedJsonSerializer.forClass(OrderCreated.class).serialize("events", ORDER);
        IOException e = assertThrows(IOException.class, () -> reader.deserialize(plain));
        assertTrue(e.getMessage().contains("no event type: the record is no event envelope"), e.getMessage());
        assertNull(reader(CREATED, new EventRows("order.created", NAMES, null), true).deserialize(plain), "ignore-parse-errors");
    }

    @Test
    void aTableOfEveryTypeWithANameColumn() throws IOException {
        EventRows all = new EventRows(null, NAMES, "type");
        TypedJsonRowDataDeserializationSchema reader = reader(ALL, all, false);
        RowData created = reader.deserialize(envelope(ORDER));
        assertEquals("order.created", created.getString(0).toString());
        assertEquals(1001L, created.getLong(1));
        assertTrue(created.isNullAt(2));
        RowData shipped = reader.deserialize(envelope(SHIPPED));
        assertEquals("order.shipped", shipped.getString(0).toString());
        assertEquals("la-poste", shipped.getString(2).toString());
        TypedJsonRowDataSerializationSchema writer = new TypedJsonRowDataSerializationSchema(ALL, all);
        assertEquals("{\"~type\":\"order.shipped\",\"~v\":{\"orderId\":1001,\"carrier\":\"la-poste\"}}",
                new String(writer.serialize(shipped), UTF_8));
        GenericRowData unlisted = GenericRowData.of(StringData.fromString("java.lang.ProcessBuilder"), 7L, null);
        FlinkRuntimeException e = assertThrows(FlinkRuntimeException.class, () -> writer.serialize(unlisted));
        assertTrue(e.getMessage().contains("event-type-column `type` holds \"java.lang.ProcessBuilder\", not one of event-types"),
                e.getMessage());
    }

    @Test
    void theTypeIsTrimmedAsTheNamesAre() {
        Configuration options = new Configuration();
        options.setString("event-types", " order.created ; order.shipped");
        options.setString("event-type", " order.created ");
        // refused before: typedjson: event-type " order.created " is not one of event-types [order.created, order.shipped]
        new TypedJsonFormatFactory().createDecodingFormat(null, options);
        new TypedJsonFormatFactory().createEncodingFormat(null, options);
    }

    @Test
    void optionsThatDoNotFit() {
        List<String> messages = new java.util.ArrayList<>();
        for (Map<String, String> bad : List.of(
                Map.of("event-type", "order.created"),
                Map.of("event-types", "order.created;order.shipped"),
                Map.of("event-types", "order.created", "event-type", "order.shipped"),
                Map.of("event-types", "order.created", "event-type", "order.created", "event-type-column", "type"),
                Map.of("event-types", "order created", "event-type", "order created"),
                // a comma, as Kafka's lists are written: the option's separator is ';'
                Map.of("event-types", "order.created,order.shipped", "event-type", "order.created"),
                // a name twice, as the serde and the converter refuse it
                Map.of("event-types", "order.created;order.shipped;order.created", "event-type", "order.created"))) {
            Configuration options = new Configuration();
            bad.forEach(options::setString);
            ValidationException e = assertThrows(ValidationException.class,
                    () -> new TypedJsonFormatFactory().createDecodingFormat(null, options));
            messages.add(e.getMessage());
        }
        String oneOfThem = "typedjson: give event-type (a table of one type) or event-type-column (a column of the name), one of them";
        assertEquals(List.of("typedjson: event-type needs event-types, every name the topic carries", oneOfThem,
                "typedjson: event-type \"order.shipped\" is not one of event-types [order.created]", oneOfThem,
                "typedjson: \"order created\" in event-types is not an event type name: 1 to 255 ASCII letters, digits"
                        + " and . _ - : /, starting with a letter or a digit",
                "typedjson: \"order.created,order.shipped\" in event-types is not an event type name: 1 to 255 ASCII"
                        + " letters, digits and . _ - : /, starting with a letter or a digit (event-types separates its"
                        + " names with ';', not ',')",
                "typedjson: \"order.created\" is given twice in event-types"), messages);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> reader(CREATED, new EventRows(null, NAMES, "customer_name"), false));
        assertTrue(e.getMessage().contains("is not a column"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> reader(CREATED, new EventRows(null, NAMES, "orderId"), false));
        assertTrue(e.getMessage().contains("the name of an event type is a STRING"), e.getMessage());
    }
}

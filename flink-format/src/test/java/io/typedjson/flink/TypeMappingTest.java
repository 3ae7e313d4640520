package io.typedjson.flink;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apache.flink.table.api.DataTypes.ARRAY;
import static org.apache.flink.table.api.DataTypes.BIGINT;
import static org.apache.flink.table.api.DataTypes.BINARY;
import static org.apache.flink.table.api.DataTypes.BOOLEAN;
import static org.apache.flink.table.api.DataTypes.BYTES;
import static org.apache.flink.table.api.DataTypes.CHAR;
import static org.apache.flink.table.api.DataTypes.DATE;
import static org.apache.flink.table.api.DataTypes.DECIMAL;
import static org.apache.flink.table.api.DataTypes.DOUBLE;
import static org.apache.flink.table.api.DataTypes.FIELD;
import static org.apache.flink.table.api.DataTypes.FLOAT;
import static org.apache.flink.table.api.DataTypes.INT;
import static org.apache.flink.table.api.DataTypes.MAP;
import static org.apache.flink.table.api.DataTypes.MULTISET;
import static org.apache.flink.table.api.DataTypes.ROW;
import static org.apache.flink.table.api.DataTypes.SMALLINT;
import static org.apache.flink.table.api.DataTypes.STRING;
import static org.apache.flink.table.api.DataTypes.TIME;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP_LTZ;
import static org.apache.flink.table.api.DataTypes.TINYINT;
import static org.apache.flink.table.api.DataTypes.VARBINARY;
import static org.apache.flink.table.api.DataTypes.VARCHAR;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * The type mapping of docs/flink.md, type by type and both ways: a Java record with one field of the mapped Java
 * type is written by typedjson's class codec, read by the format into Flink's internal value, written back by the
 * format byte for byte as the class codec wrote it, and read by the class codec into an equal record.
 */
class TypeMappingTest {

    /** The record the Java side writes and reads: one field, {@code v}, the column. */
    record Box<T>(T v) {}

    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();

    /** Both directions for one value; {@code internal} is what Flink holds for it. */
    private static <T> void both(DataType column, TypeRef<Box<T>> javaType, T value, Object internal) throws IOException {
        Codec<Box<T>> java = Codecs.of(javaType);
        byte[] document = FORMAT.write(java, new Box<>(value));
        RowType row = row(column);

        RowData read = deserializer(row).deserialize(document);
        Object held = RowData.createFieldGetter(column.getLogicalType(), 0).getFieldOrNull(read);
        if (internal instanceof byte[] bytes) {
            assertArrayEquals(bytes, (byte[]) held, column.toString());
        } else if (internal != null) {
            assertEquals(internal, held, column + " read from " + new String(document, UTF_8));
        }

        byte[] written = new TypedJsonRowDataSerializationSchema(row).serialize(read);
        assertEquals(new String(document, UTF_8), new String(written, UTF_8), column + ": the same document");
        Object back = FORMAT.read(java, written).v();
        if (value instanceof byte[] bytes) {
            assertArrayEquals(bytes, (byte[]) back);
        } else {
            assertEquals(value, back, column + ": the Java value");
        }
    }

    static RowType row(DataType column) {
        return (RowType) ROW(FIELD("v", column)).getLogicalType();
    }

    static TypedJsonRowDataDeserializationSchema deserializer(RowType row) {
        return new TypedJsonRowDataDeserializationSchema(row, InternalTypeInfo.of(row), false, false, false);
    }

    @Test
    void integers() throws IOException {
        both(BOOLEAN(), new TypeRef<>() {}, true, true);
        both(TINYINT(), new TypeRef<>() {}, (byte) -128, (byte) -128);
        both(SMALLINT(), new TypeRef<>() {}, (short) -7, (short) -7);
        both(INT(), new TypeRef<>() {}, Integer.MIN_VALUE, Integer.MIN_VALUE);
        both(BIGINT(), new TypeRef<>() {}, 9007199254740993L, 9007199254740993L); // beyond a double's 2^53
    }

    @Test
    void floatingPoint() throws IOException {
        for (float f : new float[] {0.1f, -0.0f, Float.NaN, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, 3.4028235E38f}) {
            both(FLOAT(), new TypeRef<>() {}, f, f);
        }
        for (double d : new double[] {0.1, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 2.0E23, 4.9E-324}) {
            both(DOUBLE(), new TypeRef<>() {}, d, d);
        }
    }

    @Test
    void decimalsKeepTheirScale() throws IOException {
        both(DECIMAL(10, 2), new TypeRef<>() {}, new BigDecimal("19.90"), DecimalData.fromBigDecimal(new BigDecimal("19.90"), 10, 2));
        both(DECIMAL(10, 2), new TypeRef<>() {}, new BigDecimal("-0.01"), DecimalData.fromBigDecimal(new BigDecimal("-0.01"), 10, 2));
        BigDecimal wide = new BigDecimal("12345678901234567890123456.789012345678");
        both(DECIMAL(38, 12), new TypeRef<>() {}, wide, DecimalData.fromBigDecimal(wide, 38, 12));
        both(DECIMAL(20, 10), new TypeRef<>() {}, new BigDecimal("0E-10"), DecimalData.fromBigDecimal(new BigDecimal("0E-10"), 20, 10));
    }

    @Test
    void strings() throws IOException {
        for (String s : List.of("", "~t", "~~", "a~b", "😀 \u0000 \u2028")) {
            both(STRING(), new TypeRef<>() {}, s, StringData.fromString(s));
        }
        both(VARCHAR(5), new TypeRef<>() {}, "abc", StringData.fromString("abc"));
        both(CHAR(3), new TypeRef<>() {}, "abc", StringData.fromString("abc"));
    }

    @Test
    void bytes() throws IOException {
        both(BYTES(), new TypeRef<>() {}, new byte[] {1, 2, 3}, new byte[] {1, 2, 3});
        both(BYTES(), new TypeRef<>() {}, new byte[] {}, new byte[] {});
        both(VARBINARY(8), new TypeRef<>() {}, new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xFF});
        both(BINARY(2), new TypeRef<>() {}, new byte[] {0, 1}, new byte[] {0, 1});
    }

    @Test
    void datesAndTimes() throws IOException {
        both(DATE(), new TypeRef<>() {}, LocalDate.of(2024, 2, 29), (int) LocalDate.of(2024, 2, 29).toEpochDay());
        both(DATE(), new TypeRef<>() {}, LocalDate.of(-1, 12, 31), (int) LocalDate.of(-1, 12, 31).toEpochDay());
        both(TIME(3), new TypeRef<>() {}, LocalTime.of(10, 15, 30, 123_000_000), 36_930_123);
        both(TIME(0), new TypeRef<>() {}, LocalTime.of(10, 15), 36_900_000);
        LocalDateTime local = LocalDateTime.of(2024, 6, 30, 10, 15, 30, 123_456_789);
        both(TIMESTAMP(9), new TypeRef<>() {}, local, TimestampData.fromLocalDateTime(local));
        both(TIMESTAMP(3), new TypeRef<>() {}, local.withNano(5_000_000), TimestampData.fromLocalDateTime(local.withNano(5_000_000)));
        Instant instant = Instant.parse("2024-02-29T23:59:59.123456789Z");
        both(TIMESTAMP_LTZ(9), new TypeRef<>() {}, instant, TimestampData.fromInstant(instant));
        Instant before1970 = Instant.parse("1969-12-31T23:59:59.999999Z");
        both(TIMESTAMP_LTZ(6), new TypeRef<>() {}, before1970, TimestampData.fromInstant(before1970));
    }

    @Test
    void containers() throws IOException {
        both(ARRAY(SMALLINT()), new TypeRef<>() {}, Arrays.asList((short) 1, null, (short) -2), null);
        both(ARRAY(ARRAY(STRING())), new TypeRef<>() {}, List.of(List.of("~a"), List.of()), null);
        Map<String, Integer> byName = new LinkedHashMap<>();
        byName.put("~k", 1);
        byName.put("b", null);
        both(MAP(STRING(), INT()), new TypeRef<>() {}, byName, null);
        both(MAP(INT(), STRING()), new TypeRef<>() {}, Map.of(-1, "a"), null);
        both(MAP(DATE(), DECIMAL(4, 2)), new TypeRef<>() {}, Map.of(LocalDate.of(2024, 1, 1), new BigDecimal("1.50")), null);
        both(MAP(TIMESTAMP_LTZ(9), DOUBLE()), new TypeRef<>() {}, Map.of(Instant.parse("2024-01-01T00:00:00.5Z"), 0.5), null);
        both(MULTISET(STRING()), new TypeRef<>() {}, Map.of("x", 2), null);
    }

    record Item(short qty, BigDecimal price, Instant at) {}

    @Test
    void rowsAreRecords() throws IOException {
        DataType item = ROW(FIELD("qty", SMALLINT().notNull()), FIELD("price", DECIMAL(6, 2)), FIELD("at", TIMESTAMP_LTZ(9)));
        Item value = new Item((short) 3, new BigDecimal("19.90"), Instant.parse("2024-05-01T12:00:00.123456789Z"));
        both(item, new TypeRef<>() {}, value, GenericRowData.of((short) 3,
                DecimalData.fromBigDecimal(new BigDecimal("19.90"), 6, 2), TimestampData.fromInstant(value.at())));
        both(ARRAY(item), new TypeRef<>() {}, List.of(value), null);
        both(MAP(STRING(), item), new TypeRef<>() {}, Map.of("a", value), null);
    }

    @Test
    void nullsInNullableColumns() throws IOException {
        both(INT(), new TypeRef<Box<Integer>>() {}, null, null);
        both(TIMESTAMP_LTZ(3), new TypeRef<Box<Instant>>() {}, null, null);
        both(ARRAY(INT()), new TypeRef<Box<List<Integer>>>() {}, null, null);
        both(ROW(FIELD("a", INT())), new TypeRef<Box<Box<Integer>>>() {}, null, null);
        RowData read = deserializer(row(INT())).deserialize("{\"v\":null}".getBytes(UTF_8));
        assertEquals(true, read.isNullAt(0));
        assertNull(deserializer(row(INT())).deserialize(null), "a tombstone is no row");
    }
}

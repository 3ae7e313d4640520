package io.typedjson.flink;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apache.flink.table.api.DataTypes.ARRAY;
import static org.apache.flink.table.api.DataTypes.BIGINT;
import static org.apache.flink.table.api.DataTypes.BYTES;
import static org.apache.flink.table.api.DataTypes.DECIMAL;
import static org.apache.flink.table.api.DataTypes.FIELD;
import static org.apache.flink.table.api.DataTypes.INT;
import static org.apache.flink.table.api.DataTypes.INTERVAL;
import static org.apache.flink.table.api.DataTypes.MAP;
import static org.apache.flink.table.api.DataTypes.ROW;
import static org.apache.flink.table.api.DataTypes.SECOND;
import static org.apache.flink.table.api.DataTypes.SMALLINT;
import static org.apache.flink.table.api.DataTypes.STRING;
import static org.apache.flink.table.api.DataTypes.TIME;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP_LTZ;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP_WITH_TIME_ZONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.format.TypedJsonException;
import java.io.IOException;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.FlinkRuntimeException;
import org.junit.jupiter.api.Test;

/** What the format refuses, reading and writing, and where it says the problem is (JSON path, byte offset). */
class RefusalsTest {

    private static RowType row(DataType... columns) {
        DataTypes.Field[] fields = new DataTypes.Field[columns.length];
        for (int i = 0; i < columns.length; i++) {
            fields[i] = FIELD(String.valueOf((char) ('a' + i)), columns[i]);
        }
        return (RowType) ROW(fields).getLogicalType();
    }

    private static TypedJsonException refused(RowType row, String document, boolean failOnMissing, boolean failOnUnknown) {
        var schema = new TypedJsonRowDataDeserializationSchema(row, InternalTypeInfo.of(row), false,
                new RowDataCodecs.ReadOptions(failOnMissing, failOnUnknown), LimitsSpec.DEFAULT);
        IOException e = assertThrows(IOException.class, () -> schema.deserialize(document.getBytes(UTF_8)));
        return assertInstanceOf(TypedJsonException.class, e.getCause());
    }

    private static TypedJsonException refused(RowType row, String document) {
        return refused(row, document, false, false);
    }

    private static void assertRefusal(TypedJsonException e, String reason, String path, long offset) {
        assertEquals(reason, e.reason(), e.getMessage());
        assertEquals(path, e.path(), e.getMessage());
        assertEquals(offset, e.byteOffset(), e.getMessage());
    }

    @Test
    void aDecimalOfAnotherScaleIsNotRescaled() {
        TypedJsonException e = refused(row(DECIMAL(10, 2)), "{\"a\":19.9}");
        assertRefusal(e, "decimal 19.9 has scale 1 where DECIMAL(10, 2) (scale 2) belongs: Flink would round it",
                "$.a", 5);
        assertRefusal(refused(row(DECIMAL(4, 2)), "{\"a\":123.45}"),
                "decimal 123.45 has 5 digits, more than DECIMAL(4, 2) holds", "$.a", 5);
        // refused without rescaling it first (which took minutes: found in a review)
        assertRefusal(refused(row(DECIMAL(10, 2)), "{\"a\":1E+999999999}"), "decimal 1E+999999999 has scale -999999999"
                + " where DECIMAL(10, 2) (scale 2) belongs: Flink would round it", "$.a", 5);
    }

    @Test
    void aFractionFinerThanThePrecisionIsNotTruncated() {
        TypedJsonException e = refused(row(INT(), TIMESTAMP_LTZ(3)), "{\"a\":1,\"b\":\"2024-01-01T00:00:00.000001Z\"}");
        assertRefusal(e, "2024-01-01T00:00:00.000001Z has more fraction digits than TIMESTAMP_LTZ(3) holds"
                + " (declare a precision up to 9 to keep them)", "$.b", 11);
    }

    @Test
    void aTimestampBeyondFlinksMillisecondsIsRefusedNotWrappedAround() throws IOException {
        // Flink's TimestampData holds epoch milliseconds in a long: Instant.MAX used to come back 4,479,003 years BC
        assertRefusal(refused(row(TIMESTAMP_LTZ(9)), "{\"a\":\"+1000000000-12-31T23:59:59.999999999Z\"}"),
                "+1000000000-12-31T23:59:59.999999999Z is beyond the range of Flink's TIMESTAMP_LTZ(9)", "$.a", 5);
        assertRefusal(refused(row(TIMESTAMP(9)), "{\"a\":\"-999999999-01-01T00:00:00\"}"),
                "-999999999-01-01T00:00 is beyond the range of Flink's TIMESTAMP(9)", "$.a", 5);
        assertRefusal(refused(row(MAP(TIMESTAMP(3), INT())), "{\"a\":{\"+999999999-12-31T23:59:59\":1}}"),
                "+999999999-12-31T23:59:59 is beyond the range of Flink's TIMESTAMP(3)", "$.a", 6);
        // the edges of what a long of milliseconds holds still read and write back as they were
        assertRefusal(refused(row(TIMESTAMP(9)), "{\"a\":\"+5881580-07-12T00:00\"}"),
                "+5881580-07-12T00:00 is beyond the range of Flink's TIMESTAMP(9)", "$.a", 5);
        String[][] edges = {{"TIMESTAMP_LTZ", "+292278994-08-17T07:12:55.807999999Z"}, {"TIMESTAMP_LTZ", "-292275055-05-16T16:47:04.192Z"},
                {"TIMESTAMP", "+5881580-07-11T23:59:59.999999999"}, {"TIMESTAMP", "-5877641-06-23T00:00"}};
        for (String[] edge : edges) {
            RowType row = row(edge[0].equals("TIMESTAMP") ? TIMESTAMP(9) : TIMESTAMP_LTZ(9));
            String t = edge[1];
            byte[] doc = ("{\"a\":\"" + t + "\"}").getBytes(UTF_8);
            RowData read = TypeMappingTest.deserializer(row).deserialize(doc);
            assertEquals(new String(doc, UTF_8), new String(new TypedJsonRowDataSerializationSchema(row).serialize(read), UTF_8));
        }
    }

    @Test
    void typedPositionsTakeNoTagsAndNoValuesOutOfRange() {
        assertRefusal(refused(row(SMALLINT()), "{\"a\":\"~s3\"}"), "string \"~s3\" where an int16 belongs", "$.a", 5);
        assertRefusal(refused(row(SMALLINT()), "{\"a\":40000}"), "number 40000 is out of range for int16", "$.a", 5);
        assertRefusal(refused(row(ARRAY(BIGINT())), "{\"a\":[1,1.5]}"),
                "number 1.5 has a fraction or exponent where an int64 belongs", "$.a[1]", 8);
    }

    @Test
    void secondSpellingsOfATypedPositionAreReadAndWrittenCanonically() throws IOException {
        RowType row = row(TIMESTAMP_LTZ(9));
        RowData read = TypeMappingTest.deserializer(row).deserialize("{\"a\":\"2024-01-01T02:00:00.000+02:00\"}".getBytes(UTF_8));
        assertEquals("{\"a\":\"2024-01-01T00:00:00Z\"}", new String(new TypedJsonRowDataSerializationSchema(row).serialize(read), UTF_8));
    }

    @Test
    void nullWhereNotNullAndMissingFields() {
        assertRefusal(refused(row(INT().notNull()), "{\"a\":null}"), "null where INT NOT NULL belongs", "$.a", 5);
        assertRefusal(refused(row(INT().notNull(), INT()), "{\"b\":1}"), "missing field \"a\" (INT NOT NULL)", "$", 6);
        assertRefusal(refused(row(INT(), INT()), "{\"a\":1}", true, false),
                "missing field \"b\" (INT) (typedjson.fail-on-missing-field=true)", "$", 6);
    }

    @Test
    void unknownAndDuplicateKeys() throws IOException {
        RowType row = row(INT());
        RowData read = TypeMappingTest.deserializer(row).deserialize("{\"z\":{\"deep\":[1]},\"a\":2}".getBytes(UTF_8));
        assertEquals(GenericRowData.of(2), read, "an unknown key is skipped with its value");
        assertRefusal(refused(row, "{\"z\":1,\"a\":2}", false, true),
                "unknown field \"z\" of ROW<`a` INT> (typedjson.fail-on-unknown-field=true)", "$", 1);
        // SPEC.md 8: a duplicate key is refused at the value that follows it, with the key's path
        assertRefusal(refused(row, "{\"a\":1,\"a\":2}"), "duplicate key \"a\"", "$.a", 11);
        assertRefusal(refused(row, "{\"z\":1,\"a\":2,\"z\":[3]}"), "duplicate key \"z\"", "$.z", 17);
        // a map's duplicate key too: its own path, the value after it
        assertRefusal(refused(row(MAP(INT(), STRING())), "{\"a\":{\"1\":\"x\",\"1\":\"y\"}}"), "duplicate key \"1\"", "$.a[\"1\"]", 18);
        // a misplaced format key: the object that holds it, at the key
        assertRefusal(refused(row, "{\"~x\":1}"), "format key \"~x\" must be the only key of its object"
                + " (a key starting with '~' is written with the '~' doubled)", "$", 1);
    }

    @Test
    void mapKeysTakeOnlyTheirCanonicalText() {
        // the map that holds the key, at the key's first byte
        assertRefusal(refused(row(MAP(INT(), STRING())), "{\"a\":{\"01\":\"x\"}}"),
                "key \"01\" is not the canonical spelling of an int32 (\"1\")", "$.a", 6);
    }

    @Test
    void malformedDocumentsAndTheirOffsets() {
        // the end of the document where more was expected: its length
        assertRefusal(refused(row(INT(), STRING()), "{\"a\":1,\"b\":\"x\""),
                "Unexpected end-of-input: expected an object's next key or its '}'", "$.b", 14);
        assertRefusal(refused(row(INT()), "{\"a\":\"1\"}"), "string \"1\" where an int32 belongs", "$.a", 5);
        assertRefusal(refused(row(ROW(FIELD("a", INT()))), "{\"a\":\"1\"}"),
                "string \"1\" where an object (ROW<`a` INT>) belongs", "$.a", 5);
        assertRefusal(refused(row(ARRAY(INT())), "{\"a\":{}}"), "an object where an array (ARRAY<INT>) belongs", "$.a", 5);
        assertRefusal(refused(row(MAP(INT(), STRING())), "{\"a\":[]}"),
                "an array where an object (MAP<INT, STRING>) belongs", "$.a", 5);
        assertRefusal(refused(row(ARRAY(INT()).notNull()), "{\"a\":null}"), "null where ARRAY<INT> NOT NULL belongs", "$.a", 5);
    }

    @Test
    void theConfiguredLimitsApply() {
        RowType row = row(ARRAY(ARRAY(INT())));
        var schema = new TypedJsonRowDataDeserializationSchema(row, InternalTypeInfo.of(row), false,
                new RowDataCodecs.ReadOptions(false, false), new LimitsSpec(2, 1_000, 1_000, 1_000, 1_000));
        IOException e = assertThrows(IOException.class, () -> schema.deserialize("{\"a\":[[1]]}".getBytes(UTF_8)));
        assertRefusal(assertInstanceOf(TypedJsonException.class, e.getCause()),
                "nesting depth 3 exceeds the limit of 2 (typedjson.max.depth)", "$.a[0]", 6);
        var fewElements = new TypedJsonRowDataDeserializationSchema(row, InternalTypeInfo.of(row), false,
                new RowDataCodecs.ReadOptions(false, false), new LimitsSpec(5, 1_000, 1_000, 1_000, 4));
        e = assertThrows(IOException.class, () -> fewElements.deserialize("{\"a\":[[1,2]]}".getBytes(UTF_8)));
        assertRefusal(assertInstanceOf(TypedJsonException.class, e.getCause()),
                "element count 5 exceeds the limit of 4 (typedjson.max.elements)", "$.a[0][1]", 9);
    }

    @Test
    void ignoreParseErrorsSkipsTheRecord() throws IOException {
        RowType row = row(INT());
        var skipping = new TypedJsonRowDataDeserializationSchema(row, InternalTypeInfo.of(row), true, false, false);
        assertNull(skipping.deserialize("{\"a\":\"x\"}".getBytes(UTF_8)));
        assertNull(skipping.deserialize(new byte[] {(byte) 0xDE, (byte) 0xAD}));
        assertEquals(GenericRowData.of(7), skipping.deserialize("{\"a\":7}".getBytes(UTF_8)), "the next record is read");
    }

    @Test
    void typesItCannotCarryAreRefusedNamingTheColumn() {
        assertEquals("column `a`: typedjson cannot carry TIMESTAMP(3) WITH TIME ZONE (see docs/flink.md for the types it maps)",
                planning(row(TIMESTAMP_WITH_TIME_ZONE(3))));
        assertEquals("column `b`.`x`[]: typedjson cannot carry INTERVAL SECOND(6) (see docs/flink.md for the types it maps)",
                planning(row(INT(), ROW(FIELD("x", ARRAY(INTERVAL(SECOND())))))));
        assertEquals("column `a`: TIME(9): Flink's runtime keeps TIME in milliseconds, so it cannot hold more than 3"
                + " fraction digits (declare TIME(3) or less)", planning(row(TIME(9))));
        assertEquals("column `a`: typedjson carries MAP keys of scalar types other than BINARY, VARBINARY and BYTES, not BYTES",
                planning(row(MAP(BYTES(), INT()))));
    }

    private static String planning(RowType row) {
        // Flink has no internal serializer for some of these types: a generic type information stands in
        String reading = assertThrows(IllegalArgumentException.class, () -> new TypedJsonRowDataDeserializationSchema(
                row, TypeInformation.of(RowData.class), false, false, false)).getMessage();
        String writing = assertThrows(IllegalArgumentException.class, () -> new TypedJsonRowDataSerializationSchema(row)).getMessage();
        assertEquals(reading, writing);
        return reading;
    }

    @Test
    void writingRefusesANullMapKeyWithItsPath() {
        RowType row = row(MAP(STRING(), INT()));
        java.util.Map<Object, Object> map = new java.util.HashMap<>();
        map.put(null, 1);
        FlinkRuntimeException e = assertThrows(FlinkRuntimeException.class,
                () -> new TypedJsonRowDataSerializationSchema(row).serialize(GenericRowData.of(new GenericMapData(map))));
        // writing: the reason and the path; a byte offset is only for reading (SPEC.md 8)
        assertRefusal(assertInstanceOf(TypedJsonException.class, e.getCause()), "a null map key cannot be carried", "$.a[0]", -1);
        // a lone surrogate has no UTF-8 spelling: refused, not written as '?'
        RowType strings = row(ARRAY(STRING()));
        e = assertThrows(FlinkRuntimeException.class, () -> new TypedJsonRowDataSerializationSchema(strings)
                .serialize(GenericRowData.of(new GenericArrayData(new Object[] {StringData.fromString("ok"), StringData.fromString("\uD800")}))));
        assertRefusal(assertInstanceOf(TypedJsonException.class, e.getCause()), "string holds a lone surrogate U+D800 at index 0,"
                + " which is not Unicode text and has no UTF-8 spelling", "$.a[1]", -1);
    }
}

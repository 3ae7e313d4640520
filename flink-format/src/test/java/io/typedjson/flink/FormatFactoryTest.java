package io.typedjson.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import static java.nio.charset.StandardCharsets.UTF_8;

import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.util.FlinkRuntimeException;
import org.junit.jupiter.api.Test;

/** The factory as Flink finds it (service loading, by its identifier) and the option combinations it refuses. */
class FormatFactoryTest {

    private static final ClassLoader LOADER = FormatFactoryTest.class.getClassLoader();

    @Test
    void flinkFindsTheFormatByItsIdentifier() {
        assertInstanceOf(TypedJsonFormatFactory.class,
                FactoryUtil.discoverFactory(LOADER, DeserializationFormatFactory.class, "typedjson"));
        assertInstanceOf(TypedJsonFormatFactory.class,
                FactoryUtil.discoverFactory(LOADER, SerializationFormatFactory.class, "typedjson"));
    }

    @Test
    void ignoringParseErrorsAndFailingOnMissingFieldsContradictEachOther() {
        Configuration options = new Configuration();
        options.setString("ignore-parse-errors", "true");
        options.setString("fail-on-missing-field", "true");
        ValidationException e = assertThrows(ValidationException.class,
                () -> new TypedJsonFormatFactory().createDecodingFormat(null, options));
        assertEquals("typedjson: ignore-parse-errors and fail-on-missing-field cannot both be true"
                + " (a document with a missing field would be skipped, not failed)", e.getMessage());
    }

    @Test
    void limitsMustBePositiveForReadingAndWriting() {
        Configuration options = new Configuration();
        options.setString("max-depth", "0");
        ValidationException e = assertThrows(ValidationException.class,
                () -> new TypedJsonFormatFactory().createDecodingFormat(null, options));
        assertEquals("typedjson: max-depth must be at least 1, not 0", e.getMessage());
        options.setString("max-depth", "500");
        options.setString("max-document-bytes", "-1");
        e = assertThrows(ValidationException.class, () -> new TypedJsonFormatFactory().createEncodingFormat(null, options));
        assertEquals("typedjson: max-document-bytes must be at least 1, not -1", e.getMessage());
    }

    @Test
    void aSinkWritesOnlyWhatItsTableReadsBack() {
        Configuration options = new Configuration();
        options.setString("max-string-length", "5");
        SerializationSchema<RowData> writer = new TypedJsonFormatFactory().createEncodingFormat(null, options)
                .createRuntimeEncoder(null, DataTypes.ROW(DataTypes.FIELD("s", DataTypes.STRING())));
        assertEquals("{\"s\":\"01234\"}", new String(writer.serialize(GenericRowData.of(StringData.fromString("01234"))), UTF_8));
        FlinkRuntimeException e = assertThrows(FlinkRuntimeException.class,
                () -> writer.serialize(GenericRowData.of(StringData.fromString("012345"))));
        assertEquals("typedjson: cannot write a row of ROW<`s` STRING>: string of 6 UTF-16 units exceeds the limit of 5"
                + " (typedjson.max.string.length) at $.s", e.getMessage());
    }

    @Test
    void depthAtMostWhatAThreadsStackTakes() {
        Configuration options = new Configuration();
        options.setString("max-depth", "501");
        ValidationException e = assertThrows(ValidationException.class,
                () -> new TypedJsonFormatFactory().createDecodingFormat(null, options));
        assertEquals(true, e.getMessage().startsWith("typedjson: max-depth takes at most 500"), e.getMessage());
        options.setString("max-depth", "500");
        new TypedJsonFormatFactory().createDecodingFormat(null, options);
    }
}

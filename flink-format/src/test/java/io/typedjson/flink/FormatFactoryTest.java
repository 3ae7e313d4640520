package io.typedjson.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
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
    void limitsMustBePositive() {
        Configuration options = new Configuration();
        options.setString("max-depth", "0");
        ValidationException e = assertThrows(ValidationException.class,
                () -> new TypedJsonFormatFactory().createDecodingFormat(null, options));
        assertEquals(true, e.getMessage().startsWith("typedjson: limits must be positive"), e.getMessage());
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

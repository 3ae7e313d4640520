package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;

/** ObjectMappers configured as Spring-style JSON serdes are: java.time support with ISO-8601 strings. */
final class Jackson {
    /** For maps and trees. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();
    /** For the Java records: snake_case names so the JSON has the same keys as the other codecs'. */
    static final ObjectMapper RECORD_MAPPER = MAPPER.copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private Jackson() {}

    static UncheckedIOException unchecked(IOException e) {
        return new UncheckedIOException(e);
    }
}

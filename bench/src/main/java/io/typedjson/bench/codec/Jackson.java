package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

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

    /** Jackson databind on a Java record, the class known on both sides. */
    static BenchCodec<Object> onRecord(Class<?> type) {
        return new JacksonCodec("jackson-record", "Jackson ObjectMapper with JavaTimeModule and WRITE_DATES_AS_TIMESTAMPS off "
                + "(as Spring Boot configures it), SNAKE_CASE names, writerFor / readerFor the Java record",
                RECORD_MAPPER, type, r -> r, r -> r);
    }
}

package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;

/** Jackson databind on the data set's Java record, the class known on both sides. */
final class JacksonRecordCodec implements BenchCodec<Object> {
    private final ObjectWriter writer;
    private final ObjectReader reader;

    JacksonRecordCodec(Class<?> type) {
        writer = Jackson.RECORD_MAPPER.writerFor(type);
        reader = Jackson.RECORD_MAPPER.readerFor(type);
    }

    @Override
    public String settings() {
        return "Jackson ObjectMapper with JavaTimeModule and WRITE_DATES_AS_TIMESTAMPS off (as Spring Boot configures it), "
                + "SNAKE_CASE names, writerFor / readerFor the Java record";
    }

    @Override
    public String name() {
        return "jackson-record";
    }

    @Override
    public Object prepare(Object record) {
        return record;
    }

    @Override
    public byte[] encode(Object value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (IOException e) {
            throw Jackson.unchecked(e);
        }
    }

    @Override
    public Object decode(byte[] bytes) {
        try {
            return reader.readValue(bytes);
        } catch (IOException e) {
            throw Jackson.unchecked(e);
        }
    }

    @Override
    public Object toRecord(Object decoded) {
        return decoded;
    }
}

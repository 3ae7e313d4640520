package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/** Jackson databind with a reader and writer for one declared type, as JSON serdes built on an ObjectMapper do. */
final class JacksonCodec implements BenchCodec<Object> {
    private final String name;
    private final String settings;
    private final ObjectWriter writer;
    private final ObjectReader reader;
    private final Function<Object, Object> prepare;
    private final Function<Object, Object> toRecord;

    JacksonCodec(String name, String settings, ObjectMapper mapper, Class<?> type, Function<Object, Object> prepare,
                 Function<Object, Object> toRecord) {
        this.name = name;
        this.settings = settings;
        this.writer = mapper.writerFor(type);
        this.reader = mapper.readerFor(type);
        this.prepare = prepare;
        this.toRecord = toRecord;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String settings() {
        return settings;
    }

    @Override
    public Object prepare(Object record) {
        return prepare.apply(record);
    }

    @Override
    public byte[] encode(Object value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Object decode(byte[] bytes) {
        try {
            return reader.readValue(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Object toRecord(Object decoded) {
        return toRecord == null ? null : toRecord.apply(decoded);
    }
}

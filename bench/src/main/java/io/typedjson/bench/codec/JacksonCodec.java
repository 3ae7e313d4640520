package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/** Jackson databind with a reader and writer for one declared type, as JSON serdes built on an ObjectMapper do. */
final class JacksonCodec extends MappedCodec<Object> {
    private final ObjectWriter writer;
    private final ObjectReader reader;

    JacksonCodec(String name, String settings, ObjectMapper mapper, Class<?> type, Function<Object, Object> prepare,
                 Function<Object, Object> toRecord) {
        super(name, settings, prepare, toRecord);
        this.writer = mapper.writerFor(type);
        this.reader = mapper.readerFor(type);
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
}

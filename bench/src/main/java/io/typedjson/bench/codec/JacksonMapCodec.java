package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.typedjson.bench.data.Dataset;
import java.io.IOException;
import java.util.Map;

/** Jackson databind on {@code Map<String, Object>}: what a generic JSON serde gives back. */
final class JacksonMapCodec implements BenchCodec<Map<String, Object>> {
    private final Dataset<Object> dataset;
    private final ObjectWriter writer = Jackson.MAPPER.writerFor(Map.class);
    private final ObjectReader reader = Jackson.MAPPER.readerFor(Map.class);

    JacksonMapCodec(Dataset<Object> dataset) {
        this.dataset = dataset;
    }

    @Override
    public String settings() {
        return "the same ObjectMapper on Map<String, Object> (what a generic JSON serde returns)";
    }

    @Override
    public String name() {
        return "jackson-map";
    }

    @Override
    public Map<String, Object> prepare(Object record) {
        return dataset.toMap(record);
    }

    @Override
    public byte[] encode(Map<String, Object> value) {
        try {
            return writer.writeValueAsBytes(value);
        } catch (IOException e) {
            throw Jackson.unchecked(e);
        }
    }

    @Override
    public Map<String, Object> decode(byte[] bytes) {
        try {
            return reader.readValue(bytes);
        } catch (IOException e) {
            throw Jackson.unchecked(e);
        }
    }
}

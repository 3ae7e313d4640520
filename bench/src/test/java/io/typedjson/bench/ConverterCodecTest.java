package io.typedjson.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.typedjson.bench.codec.ConverterCodec;
import io.typedjson.bench.codec.Exactness;
import io.typedjson.bench.data.Datasets;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;

/** A converter that writes record headers is measured with them and gets them back. */
class ConverterCodecTest {

    /** JsonConverter with schemas that also writes a header and checks it on the way back. */
    static final class HeaderWritingConverter extends JsonConverter {
        @Override
        public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
            headers.add("schema-id", "o1".getBytes(StandardCharsets.UTF_8));
            return fromConnectData(topic, schema, value);
        }

        @Override
        public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
            assertArrayEquals("o1".getBytes(StandardCharsets.UTF_8), headers.lastHeader("schema-id").value());
            return toConnectData(topic, value);
        }
    }

    @Test
    void headersAreCountedAndPassedBack() {
        Object order = Datasets.generate("orders", 1, 1).get(0);
        ConverterCodec plain = new ConverterCodec("plain", "", new JsonConverter(), Map.of(), Datasets.get("orders"), false);
        ConverterCodec framed = new ConverterCodec("framed", "", new HeaderWritingConverter(), Map.of(), Datasets.get("orders"), true);
        byte[] value = plain.encode(plain.prepare(order));
        byte[] bytes = framed.encode(framed.prepare(order));
        // value length varint (2 bytes past 63), header count, key and value each with a 1-byte length
        assertEquals(value.length + 2 + 1 + 1 + "schema-id".length() + 1 + 2, bytes.length);
        assertNull(Exactness.firstDifference(order, framed.toRecord(framed.decode(bytes))));
    }
}

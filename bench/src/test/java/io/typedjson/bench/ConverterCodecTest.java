package io.typedjson.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

/**
 * A converter that writes record headers is measured with them and gets them back; one that writes none is measured
 * by its value alone; both are timed on the same record work (the value copied in and out, headers handed over).
 */
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

    /** JsonConverter that keeps what it was given and gave, optionally writing a header. */
    static final class RecordingConverter extends JsonConverter {
        final boolean writeHeader;
        Headers writeHeaders;
        Headers readHeaders;
        byte[] written;
        byte[] read;

        RecordingConverter(boolean writeHeader) {
            this.writeHeader = writeHeader;
        }

        @Override
        public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
            writeHeaders = headers;
            if (writeHeader) {
                headers.add("schema-id", "o1".getBytes(StandardCharsets.UTF_8));
            }
            return written = fromConnectData(topic, schema, value);
        }

        @Override
        public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
            readHeaders = headers;
            read = value;
            return toConnectData(topic, value);
        }
    }

    /**
     * With headers or without, the converter gets record headers both ways, its value is copied into the encoded
     * bytes, and a copy of the value out of them is what it reads: the work Kafka does for every record, so that
     * location reference (headers) and inline (none) are timed alike.
     */
    @Test
    void codecsWithAndWithoutHeadersDoTheSameRecordWork() {
        Object order = Datasets.generate("orders", 1, 1).get(0);
        for (boolean headers : new boolean[] {false, true}) {
            RecordingConverter c = new RecordingConverter(headers);
            ConverterCodec codec = new ConverterCodec("c", "", c, Map.of(), Datasets.get("orders"), headers);
            byte[] bytes = codec.encode(codec.prepare(order));
            assertNotNull(c.writeHeaders, "headers " + headers);
            assertNotSame(c.written, bytes, "headers " + headers + ": the value copied into the record");
            if (!headers) {
                assertArrayEquals(c.written, bytes, "the value alone is counted");
            }
            assertNull(Exactness.firstDifference(order, codec.toRecord(codec.decode(bytes))));
            assertNotNull(c.readHeaders, "headers " + headers);
            assertNotSame(bytes, c.read, "headers " + headers + ": the value copied out of the record");
            assertArrayEquals(c.written, c.read, "headers " + headers);
            assertEquals(headers ? 1 : 0, c.readHeaders.toArray().length);
        }
    }

    /** A codec that counts the value alone refuses a header it would leave out of its bytes. */
    @Test
    void aHeaderACodecWithoutHeadersWouldNotCountIsRefused() {
        Object order = Datasets.generate("orders", 1, 1).get(0);
        ConverterCodec codec = new ConverterCodec("c", "", new RecordingConverter(true), Map.of(), Datasets.get("orders"), false);
        assertThrows(IllegalStateException.class, () -> codec.encode(codec.prepare(order)));
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

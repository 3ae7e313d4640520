package io.typedjson.bench.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.internal.DefaultRecord;
import org.apache.kafka.common.utils.internals.ByteBufferOutputStream;
import org.junit.jupiter.api.Test;

/** The framing of converter codecs that write headers models Kafka's producer and consumer, checked against Kafka's code. */
class KafkaHeaderFramingTest {

    private static final byte[] VALUE = "[1,\"a\",2.5]".getBytes(StandardCharsets.UTF_8);

    private static Headers twoHeaders() {
        Headers h = new RecordHeaders();
        h.add("typedjson.schema.ref", new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
        h.add("é-null", null);
        return h;
    }

    @Test
    void theHeadersAreWrittenAsKafkasDefaultRecordWritesThem() throws Exception {
        Headers h = twoHeaders();
        byte[] framed = ConverterCodec.frame(VALUE, h);

        ByteBufferOutputStream kafka = new ByteBufferOutputStream(1024);
        DefaultRecord.writeTo(new DataOutputStream(kafka), 0, 0L, null, ByteBuffer.wrap(VALUE), h.toArray());
        byte[] record = Arrays.copyOf(kafka.buffer().array(), kafka.position());
        // a record ends with its value (length, bytes), then its header count and headers: as the frame does
        assertArrayEquals(Arrays.copyOfRange(record, record.length - framed.length, record.length), framed);

        ByteBuffer in = ByteBuffer.wrap(framed);
        assertArrayEquals(VALUE, ConverterCodec.value(in));
        Header[] read = ConverterCodec.headers(in).toArray();
        assertEquals(2, read.length);
        assertEquals("typedjson.schema.ref", read[0].key());
        assertArrayEquals(h.toArray()[0].value(), read[0].value());
        assertEquals("é-null", read[1].key());
        assertNull(read[1].value());
        assertEquals(framed.length, in.position());
    }

    @Test
    void theHeadersAreReadAsKafkasConsumerGivesThem() {
        byte[] framed = ConverterCodec.frame(VALUE, twoHeaders());
        ByteBuffer in = ByteBuffer.wrap(framed);
        byte[] value = ConverterCodec.value(in);
        Headers read = ConverterCodec.headers(in);
        // as DefaultRecord.readHeaders and RecordHeader: the value a slice of the record, copied when first asked for
        int first = VALUE.length + 1 + 1 + 1 + "typedjson.schema.ref".length() + 1;
        assertEquals(1, framed[first]);
        framed[first] = 99;
        assertEquals(99, read.lastHeader("typedjson.schema.ref").value()[0]);
        framed[first] = 1;
        assertEquals(99, read.lastHeader("typedjson.schema.ref").value()[0]); // copied by then
        // the value itself is the consumer's copy
        framed[1] = '{';
        assertEquals('[', value[0]);
    }
}

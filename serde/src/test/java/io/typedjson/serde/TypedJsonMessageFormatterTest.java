package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** The console-consumer formatter through its public interface, on real ConsumerRecords. */
class TypedJsonMessageFormatterTest {

    private static final TypedJsonSerializer<Object> SERIALIZER = new TypedJsonSerializer<>();

    private static byte[] orderDocument() {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("id", 42L);
        order.put("qty", (short) 3);
        order.put("price", new BigDecimal("19.90"));
        order.put("at", Instant.parse("2024-05-01T12:00:00Z"));
        order.put("tags", List.of("a", "~b"));
        return SERIALIZER.serialize("orders", order);
    }

    private static ConsumerRecord<byte[], byte[]> record(byte[] key, byte[] value, RecordHeaders headers) {
        return new ConsumerRecord<>("orders", 0, 7L, 1_700_000_000_000L, TimestampType.CREATE_TIME, -1, -1,
                key, value, headers, Optional.empty());
    }

    private static String print(Map<String, String> props, ConsumerRecord<byte[], byte[]> record) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TypedJsonMessageFormatter f = new TypedJsonMessageFormatter();
             PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            f.configure(props);
            f.writeTo(record, out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheDocumentAsWrittenByDefault() {
        assertEquals("{\"id\":42,\"qty\":\"~s3\",\"price\":\"~d19.90\",\"at\":\"~t2024-05-01T12:00:00Z\",\"tags\":[\"a\",\"~~b\"]}\n",
                print(Map.of(), record(null, orderDocument(), new RecordHeaders())));
    }

    @Test
    void printsTypesSpelledOut() {
        assertEquals("\"42\"\t{\"id\":int64::42,\"qty\":int16::3,\"price\":decimal::19.90,\"at\":instant::\"2024-05-01T12:00:00Z\","
                        + "\"tags\":[\"a\",\"~b\"]}\n",
                print(Map.of("print.types", "true", "print.key", "true"),
                        record(SERIALIZER.serialize("orders", "42"), orderDocument(), new RecordHeaders())));
    }

    @Test
    void prettyPrintsKeepingNumberLexemes() {
        String out = print(Map.of("pretty", "true"), record(null, "{\"a\":[1.10,2]}".getBytes(StandardCharsets.UTF_8),
                new RecordHeaders()));
        assertTrue(out.contains("1.10"), out);
        assertTrue(out.contains("\n  \"a\""), out);
    }

    @Test
    void tombstoneHeadersAndPositionArePrinted() {
        RecordHeaders headers = new RecordHeaders();
        headers.add(new RecordHeader("trace", "abc".getBytes(StandardCharsets.UTF_8)));
        assertEquals("CreateTime:1700000000000\tPartition:0\tOffset:7\ttrace:abc\tnull\n",
                print(Map.of("print.headers", "true", "print.timestamp", "true", "print.partition", "true",
                        "print.offset", "true"), record(null, null, headers)));
    }

    @Test
    void badRecordIsOneErrorLineAndTheNextRecordStillPrints() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TypedJsonMessageFormatter f = new TypedJsonMessageFormatter();
             PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            f.configure(Map.of());
            f.writeTo(record(null, "{\"id\":\"~q\"}".getBytes(StandardCharsets.UTF_8), new RecordHeaders()), out);
            f.writeTo(record(null, new byte[] {'{', (byte) 0xff}, new RecordHeaders()), out);
            f.writeTo(record(null, orderDocument(), new RecordHeaders()), out);
        }
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length);
        assertTrue(lines[0].startsWith("ERROR: unknown tag \"~q\"") && lines[0].contains("at $.id (byte offset 6)"), lines[0]);
        assertTrue(lines[1].startsWith("ERROR: "), lines[1]);
        assertTrue(lines[2].startsWith("{\"id\":42"), lines[2]);
    }

    @Test
    void connectDocumentsPrintWithTheirSchema() {
        byte[] doc = "{\"~s\":\"{id:i32}\",\"~v\":[1]}".getBytes(StandardCharsets.UTF_8);
        assertEquals("{\"~s\":\"{id:i32}\",\"~v\":[1]}\n", print(Map.of(), record(null, doc, new RecordHeaders())));
        RecordHeaders headers = new RecordHeaders();
        headers.add(new RecordHeader("typedjson.schema", "{id:i32}".getBytes(StandardCharsets.UTF_8)));
        assertEquals("schema: {id:i32}\t{\"id\":1}\n", print(Map.of("print.schema", "true"),
                record(null, "{\"id\":1}".getBytes(StandardCharsets.UTF_8), headers)));
    }

    @Test
    void badPropertyValueIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TypedJsonMessageFormatter().configure(Map.of("pretty", "yes")));
    }
}

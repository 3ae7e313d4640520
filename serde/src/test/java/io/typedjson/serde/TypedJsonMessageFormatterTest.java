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
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.LongSerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
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

    /** A record marked plain (SPEC.md section 13, typedjson.format.header=plain): its strings are what they say. */
    @Test
    void aRecordMarkedPlainPrintsItsStringsAsTheyAre() {
        byte[] plain = "{\"note\":\"~5 minutes late\",\"tags\":[\"~~x\"]}".getBytes(StandardCharsets.UTF_8);
        RecordHeaders marked = new RecordHeaders();
        marked.add("typedjson-format", "plain".getBytes(StandardCharsets.US_ASCII));
        assertEquals("{\"note\":\"~5 minutes late\",\"tags\":[\"~~x\"]}\n", print(Map.of(), record(null, plain, marked)));
        assertEquals("{\"note\":\"~5 minutes late\",\"tags\":[\"~~x\"]}\n",
                print(Map.of("print.types", "true"), record(null, plain, marked)));
        // unmarked, the same bytes are typed JSON: "~5 minutes late" is no tag
        assertTrue(print(Map.of(), record(null, plain, new RecordHeaders())).startsWith("ERROR: "));
    }

    /** print.types spells a string as the document does: JSON's short escapes where it has them. */
    @Test
    void printsTypedStringsWithTheDocumentsEscapes() {
        Map<String, Object> note = new LinkedHashMap<>();
        note.put("a\tb", java.util.Set.of("x\ny\u0001"));
        byte[] value = SERIALIZER.serialize("notes", note);
        assertEquals("{\"a\\tb\":set::[\"x\\ny\\u0001\"]}\n",
                print(Map.of("print.types", "true"), record(null, value, new RecordHeaders())));
    }

    @Test
    void printsADurationWithItsSpecName() {
        Map<String, Object> timer = new LinkedHashMap<>();
        timer.put("every", java.time.Duration.ofMillis(-3_723_500));
        byte[] value = SERIALIZER.serialize("timers", timer);
        assertEquals("{\"every\":duration::\"PT-1H-2M-3.5S\"}\n",
                print(Map.of("print.types", "true"), record(null, value, new RecordHeaders())));
    }

    @Test
    void prettyPrintsKeepingNumberLexemes() {
        String out = print(Map.of("pretty", "true"), record(null, "{\"a\":[1.10,2]}".getBytes(StandardCharsets.UTF_8),
                new RecordHeaders()));
        assertTrue(out.contains("1.10"), out);
        assertTrue(out.contains("\n  \"a\""), out);
    }

    @Test
    void prettyIndentsTypedValuesAsItIndentsDocuments() {
        byte[] doc = "{\"id\":1,\"qty\":\"~s3\",\"tags\":[\"a\",[]],\"m\":{\"~map\":[\"~i1\",{}]},\"s\":{\"~set\":[]}}"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals("{\n  \"id\" : int64::1,\n  \"qty\" : int16::3,\n  \"tags\" : [ \"a\", [ ] ],\n  \"m\" : map::{\n"
                + "    int32::1 : { }\n  },\n  \"s\" : set::[ ]\n}\n",
                print(Map.of("pretty", "true", "print.types", "true"), record(null, doc, new RecordHeaders())));
        assertEquals("{\"id\":int64::1,\"qty\":int16::3,\"tags\":[\"a\",[]],\"m\":map::{int32::1:{}},\"s\":set::[]}\n",
                print(Map.of("print.types", "true"), record(null, doc, new RecordHeaders())), "compact as before");
    }

    @Test
    void tombstoneHeadersAndPositionArePrinted() {
        RecordHeaders headers = new RecordHeaders();
        headers.add(new RecordHeader("trace", "abc".getBytes(StandardCharsets.UTF_8)));
        assertEquals("CreateTime:1700000000000\tPartition:0\tOffset:7\ttrace:abc\t<null>\n",
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
    void aSchemaReferenceIsResolvedOnlyWithTheBrokersOfTheSchemaTopic() {
        byte[] fingerprint = io.typedjson.format.ConnectEnvelope.fingerprint("{id:i32}");
        RecordHeaders headers = new RecordHeaders();
        headers.add(new RecordHeader("typedjson.schema.ref", fingerprint));
        ConsumerRecord<byte[], byte[]> r = record(null, "[1]".getBytes(StandardCharsets.UTF_8), headers);
        assertEquals("[1]\n", print(Map.of(), r), "the value prints as written");
        assertEquals("schema: ERROR: the schema of fingerprint " + io.typedjson.format.ConnectEnvelope.hex(fingerprint)
                + " is in schema topic 'my-schemas': give formatter property bootstrap.servers to read it\t[1]\n",
                print(Map.of("print.schema", "true", "typedjson.schema.topic", "my-schemas"), r));
        RecordHeaders bad = new RecordHeaders();
        bad.add(new RecordHeader("typedjson.schema.ref", new byte[5]));
        assertEquals("schema: ERROR: header typedjson.schema.ref has 5 bytes; a schema reference is the 16 bytes of a "
                + "fingerprint\t[1]\n", print(Map.of("print.schema", "true"), record(null, "[1]".getBytes(StandardCharsets.UTF_8), bad)));
        assertTrue(refusal(Map.of("typedjson.schema.topic.wait.ms", "soon")).contains("typedjson.schema.topic.wait.ms"));
        assertTrue(refusal(Map.of("typedjson.schema.topic.wait.ms", "86400001")).contains("from 0 to 86400000"));
        assertTrue(refusal(Map.of("typedjson.schema.topic", " ")).contains("must name a topic"));
        assertTrue(refusal(Map.of("typedjson.schema.topics", "x")).contains("typedjson.schema.topic.consumer.*"));
    }

    // ---- keys: key.format against keys written by StringSerializer, LongSerializer and the typedjson serializer

    private static final byte[] STRING_42 = new StringSerializer().serialize("orders", "42");
    private static final byte[] STRING_ORDER = new StringSerializer().serialize("orders", "order-1");
    private static final byte[] LONG_42 = new LongSerializer().serialize("orders", 42L);
    private static final byte[] TYPEDJSON_STRING_42 = SERIALIZER.serialize("orders", "42");
    private static final byte[] TYPEDJSON_LONG_42 = SERIALIZER.serialize("orders", 42L);
    private static final byte[] TYPEDJSON_SHORT_3 = SERIALIZER.serialize("orders", (short) 3);

    private static String key(Map<String, String> props, byte[] key) {
        Map<String, String> all = new LinkedHashMap<>(props);
        all.put("print.key", "true");
        all.put("print.value", "false");
        String line = print(all, record(key, orderDocument(), new RecordHeaders()));
        assertTrue(line.endsWith("\n"), line);
        return line.substring(0, line.length() - 1);
    }

    private static Map<String, String> keyFormat(String format) {
        return Map.of("key.format", format);
    }

    @Test
    void keysAreStringsByDefaultAsWithKafkasDefaultFormatter() {
        assertEquals("42", key(Map.of(), STRING_42));
        assertEquals("42", key(Map.of("print.types", "true"), STRING_42), "a String key 42 is no int64");
        assertEquals("order-1", key(Map.of(), STRING_ORDER));
        assertEquals(new String(LONG_42, StandardCharsets.UTF_8), key(Map.of(), LONG_42));
        assertEquals("\"42\"", key(Map.of(), TYPEDJSON_STRING_42));
        assertEquals("42", key(Map.of(), TYPEDJSON_LONG_42));
        assertEquals(key(Map.of(), STRING_ORDER), key(keyFormat("string"), STRING_ORDER));
    }

    @Test
    void typedjsonKeysAreDocuments() {
        assertEquals("\"42\"", key(keyFormat("typedjson"), TYPEDJSON_STRING_42));
        assertEquals("42", key(keyFormat("typedjson"), TYPEDJSON_LONG_42));
        assertEquals("\"~s3\"", key(keyFormat("typedjson"), TYPEDJSON_SHORT_3));
        Map<String, String> typed = Map.of("key.format", "typedjson", "print.types", "true");
        assertEquals("\"42\"", key(typed, TYPEDJSON_STRING_42));
        assertEquals("int64::42", key(typed, TYPEDJSON_LONG_42));
        assertEquals("int16::3", key(typed, TYPEDJSON_SHORT_3));
        // what StringSerializer wrote "42" is the document 42; other text and LongSerializer's bytes are no documents
        assertEquals("int64::42", key(typed, STRING_42));
        byte[] objectKey = SERIALIZER.serialize("orders", Map.of("a", 1L));
        assertEquals("{\"a\":1}", key(Map.of("key.format", "typedjson", "pretty", "true"), objectKey),
                "pretty indents values; keys stay on one line");
        String text = key(keyFormat("typedjson"), STRING_ORDER);
        assertTrue(text.startsWith("ERROR: "), text);
        String longBytes = key(keyFormat("typedjson"), LONG_42);
        assertTrue(longBytes.startsWith("ERROR: "), longBytes);
    }

    @Test
    void bytesKeysAreHexAndBase64KeysBase64() {
        assertEquals("000000000000002a", key(keyFormat("bytes"), LONG_42));
        assertEquals("3432", key(keyFormat("bytes"), STRING_42));
        assertEquals("22343222", key(keyFormat("bytes"), TYPEDJSON_STRING_42));
        assertEquals("", key(keyFormat("bytes"), new byte[0]));
        assertEquals("ff00", key(keyFormat("bytes"), new byte[] {(byte) 0xff, 0}));
        assertEquals("AAAAAAAAACo=", key(keyFormat("base64"), LONG_42));
        assertEquals("NDI=", key(keyFormat("base64"), STRING_42));
        assertEquals("IjQyIg==", key(keyFormat("base64"), TYPEDJSON_STRING_42));
    }

    @Test
    void autoKeysAreDocumentsWhenTheyAreElseTextElseHex() {
        Map<String, String> auto = keyFormat("auto");
        assertEquals("\"42\"", key(auto, TYPEDJSON_STRING_42));
        assertEquals("42", key(auto, TYPEDJSON_LONG_42));
        assertEquals("\"~s3\"", key(auto, TYPEDJSON_SHORT_3));
        assertEquals("order-1", key(auto, STRING_ORDER));
        assertEquals("42", key(auto, STRING_42), "a String 42 is also the document 42: auto cannot tell them apart");
        assertEquals("000000000000002a", key(auto, LONG_42), "control characters: not text");
        assertEquals("c328", key(auto, new byte[] {(byte) 0xc3, '('}), "invalid UTF-8: not text");
        assertEquals("caf\u00e9 \ud83d\ude00", key(auto, "caf\u00e9 \ud83d\ude00".getBytes(StandardCharsets.UTF_8)));
        assertEquals("int16::3", key(Map.of("key.format", "auto", "print.types", "true"), TYPEDJSON_SHORT_3));
    }

    @Test
    void keyDeserializerWorksAsWithKafkasDefaultFormatter() {
        Map<String, String> longs = Map.of("key.deserializer", LongDeserializer.class.getName());
        assertEquals("42", key(longs, LONG_42));
        assertTrue(key(longs, STRING_ORDER).startsWith("ERROR: "), key(longs, STRING_ORDER));
        assertEquals("<null>", key(longs, null));
        assertEquals("order-1", key(Map.of("key.deserializer", StringDeserializer.class.getName(),
                "key.deserializer.encoding", "UTF-8"), STRING_ORDER));
    }

    @Test
    void aNullKeyPrintsTheNullLiteralInEveryKeyFormat() {
        for (String f : List.of("string", "typedjson", "bytes", "base64", "auto")) {
            assertEquals("<null>", key(keyFormat(f), null), f);
            assertEquals("-", key(Map.of("key.format", f, "null.literal", "-"), null), f);
        }
    }

    // ---- tombstones against the document null

    @Test
    void aTombstoneIsNeverTheDocumentNull() {
        byte[] nullDocument = "null".getBytes(StandardCharsets.UTF_8);
        RecordHeaders headers = new RecordHeaders();
        headers.add(new RecordHeader("typedjson.schema", "i32?".getBytes(StandardCharsets.UTF_8)));
        List<Map<String, String>> modes = List.of(Map.of(), Map.of("print.types", "true"), Map.of("pretty", "true"),
                Map.of("print.headers", "true", "print.schema", "true", "print.key", "true"),
                Map.of("print.types", "true", "pretty", "true", "key.format", "typedjson", "print.key", "true"));
        for (Map<String, String> mode : modes) {
            String tombstone = print(mode, record(STRING_ORDER, null, headers));
            String document = print(mode, record(STRING_ORDER, nullDocument, headers));
            assertTrue(tombstone.endsWith("<null>\n"), mode + ": " + tombstone);
            assertTrue(document.endsWith("null\n") && !document.endsWith("<null>\n"), mode + ": " + document);
        }
        assertEquals("TOMBSTONE\n", print(Map.of("null.literal", "TOMBSTONE"), record(null, null, headers)));
        assertEquals("null\n", print(Map.of("null.literal", "TOMBSTONE"), record(null, nullDocument, headers)));
    }

    // ---- Kafka's other fields

    @Test
    void epochDeliveryAndSeparatorsAsKafkasDefaultFormatter() {
        RecordHeaders headers = new RecordHeaders();
        headers.add(new RecordHeader("a", "1".getBytes(StandardCharsets.UTF_8)));
        headers.add(new RecordHeader("b", null));
        ConsumerRecord<byte[], byte[]> r = new ConsumerRecord<>("orders", 2, 9L, ConsumerRecord.NO_TIMESTAMP,
                TimestampType.NO_TIMESTAMP_TYPE, -1, -1, STRING_ORDER, "1".getBytes(StandardCharsets.UTF_8), headers,
                Optional.of(5));
        assertEquals("NO_TIMESTAMP|Partition:2|Offset:9|Delivery:NOT_PRESENT|Epoch:5|a:1;b:<null>|order-1|1\r\n",
                print(Map.of("print.timestamp", "true", "print.partition", "true", "print.offset", "true",
                        "print.delivery", "true", "print.epoch", "true", "print.headers", "true", "print.key", "true",
                        "key.separator", "|", "headers.separator", ";", "line.separator", "\r\n"), r));
        assertEquals("order-1\t1\n",
                print(Map.of("print.key", "true", "key.separator", "\\t", "line.separator", "\\n"), r),
                "\\t and \\n as typed on a command line");
    }

    // ---- bad properties: the message the console consumer prints before its usage text

    private static String refusal(Map<String, String> props) {
        ConfigException e = assertThrows(ConfigException.class, () -> new TypedJsonMessageFormatter().configure(props));
        assertTrue(e.getMessage().startsWith("TypedJsonMessageFormatter: "), e.getMessage());
        assertTrue(e.getMessage().endsWith("\n"), "an empty line before the usage text");
        return e.getMessage().strip();
    }

    @Test
    void badPropertyValuesAreRefusedNamingPropertyAndAllowedValues() {
        assertEquals("TypedJsonMessageFormatter: invalid value 'yes' for formatter property print.types: must be true "
                + "or false", refusal(Map.of("print.types", "yes")));
        assertEquals("TypedJsonMessageFormatter: invalid value 'xml' for formatter property key.format: must be one "
                + "of string, typedjson, bytes, base64, auto", refusal(Map.of("key.format", "xml")));
        assertTrue(refusal(Map.of("print.typs", "true")).startsWith(
                "TypedJsonMessageFormatter: unknown formatter property print.typs; the properties are "
                        + "print.timestamp,"));
        assertTrue(refusal(Map.of("key.deserializer", "no.such.Deserializer")).startsWith(
                "TypedJsonMessageFormatter: invalid value 'no.such.Deserializer' for formatter property "
                        + "key.deserializer"));
        assertTrue(refusal(Map.of("key.format", "string", "key.deserializer", StringDeserializer.class.getName()))
                .contains("give one"));
        assertTrue(refusal(Map.of("value.deserializer", StringDeserializer.class.getName()))
                .contains("leave out --value-deserializer"));
    }

    @Test
    void theTypeHeaderIsAHeaderNameAsTheSerdesIs() {
        assertEquals("TypedJsonMessageFormatter: invalid value '' for formatter property type.header: must be a non-empty "
                + "header name of printable ASCII without spaces, as the serde's typedjson.type.header",
                refusal(Map.of("type.header", "")));
        assertEquals("TypedJsonMessageFormatter: invalid value 'ce type' for formatter property type.header: must be a "
                + "non-empty header name of printable ASCII without spaces, as the serde's typedjson.type.header",
                refusal(Map.of("type.header", "ce type")));
    }

    /** SPEC.md section 12: an envelope prints as written; print.type shows an event's name from either place. */
    @Test
    void eventTypes() {
        byte[] envelope = "{\"~type\":\"order.shipped\",\"~v\":{\"orderId\":1}}".getBytes(StandardCharsets.UTF_8);
        assertEquals("{\"~type\":\"order.shipped\",\"~v\":{\"orderId\":1}}\n", print(Map.of(), record(null, envelope, new RecordHeaders())));
        assertEquals("type:order.shipped\t{\"~type\":\"order.shipped\",\"~v\":{\"orderId\":1}}\n",
                print(Map.of("print.type", "true"), record(null, envelope, new RecordHeaders())));
        RecordHeaders h = new RecordHeaders();
        h.add("ce_type", "order.created".getBytes(StandardCharsets.UTF_8));
        byte[] plain = "{\"orderId\":1}".getBytes(StandardCharsets.UTF_8);
        assertEquals("type:order.created\t{\"orderId\":1}\n", print(Map.of("print.type", "true"), record(null, plain, h)));
        assertEquals("NO_TYPE\t{\"orderId\":1}\n", print(Map.of("print.type", "true", "type.header", "event-type"), record(null, plain, h)));
        assertEquals("NO_TYPE\t{\"orderId\":1}\n", print(Map.of("print.type", "true"), record(null, plain, new RecordHeaders())));
        RecordHeaders hostile = new RecordHeaders();
        hostile.add("ce_type", "x\ny".getBytes(StandardCharsets.UTF_8));
        assertEquals("type:\"x\\u000Ay\"\t{\"orderId\":1}\n", print(Map.of("print.type", "true"), record(null, plain, hostile)));
        // a malformed envelope is an error in the value's place, with its path
        String bad = print(Map.of(), record(null, "{\"~type\":\"a\",\"~v\":1,\"x\":2}".getBytes(StandardCharsets.UTF_8), new RecordHeaders()));
        assertTrue(bad.startsWith("ERROR: ") && bad.contains("it has only the keys"), bad);
    }

    /** A value in Confluent's JSON Schema framing is an ERROR line that says so, not only that a NUL byte starts it. */
    @Test
    void confluentsFramingIsNamed() {
        byte[] framed = {0, 0, 0, 1, 7, '{', '}'};
        assertEquals("ERROR: NUL byte 00 in the first bytes of the document: UTF-16 or UTF-32 text (a document is UTF-8,"
                + " where NUL is written as the escape \\u0000) at $ (byte offset 0) (the bytes start as Confluent's JSON"
                + " Schema serializer frames JSON: magic byte 0, schema id 263)\n", print(Map.of(), record(null, framed, new RecordHeaders())));
        assertEquals("ERROR: NUL byte 00 in the first bytes of the document: UTF-16 or UTF-32 text (a document is UTF-8,"
                + " where NUL is written as the escape \\u0000) at $ (byte offset 0)\n",
                print(Map.of(), record(null, new byte[] {0, 1}, new RecordHeaders())));
    }

    /** An envelope's document is checked as a document without an envelope is: one that is not valid is an ERROR line. */
    @Test
    void anEnvelopesDocumentIsCheckedAsADocument() {
        byte[] bad = "{\"~type\":\"order.created\",\"~v\":{\"id\":\"~q1\"}}".getBytes(StandardCharsets.UTF_8);
        String error = "ERROR: unknown tag \"~q\" in \"~q1\" (a string starting with '~' is written with the '~' doubled)"
                + " at $[\"~v\"].id (byte offset 36)";
        assertEquals(error + "\n", print(Map.of(), record(null, bad, new RecordHeaders())));
        assertEquals("type:" + error + "\t" + error + "\n", print(Map.of("print.type", "true"), record(null, bad, new RecordHeaders())));
        // the converter's envelope of an inline Connect document (typedjson.type.location=document) prints as written
        String connect = "{\"~type\":\"order.created\",\"~v\":{\"~s\":\"{id:i64}\",\"~v\":[1]}}";
        assertEquals("type:order.created\t" + connect + "\n", print(Map.of("print.type", "true"),
                record(null, connect.getBytes(StandardCharsets.UTF_8), new RecordHeaders())));
        String trailing = "{\"~type\":\"order.created\",\"~v\":{\"~s\":\"{id:i64}\",\"~v\":[1]},\"x\":1}";
        assertEquals("ERROR: key \"x\" after the document of an event envelope (it has only the keys \"~type\" and \"~v\") at $"
                + " (byte offset 57)\n", print(Map.of(), record(null, trailing.getBytes(StandardCharsets.UTF_8), new RecordHeaders())));
    }
}

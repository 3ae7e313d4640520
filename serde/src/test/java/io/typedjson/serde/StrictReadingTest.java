package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * SPEC.md sections 1, 5.2, 7, 7.1, 8 and 9 through the Kafka serde as a consumer and producer meet them: one
 * spelling per value in dynamic positions, the second spellings a typed field takes, the format's equality on
 * read and write, byte offsets at the first byte of the offending character, limits that name their property.
 * (The vectors run the same rules through {@code TypedJson}; {@link #everyInvalidVectorIsRefusedByTheDeserializer}
 * runs them through the deserializer too.)
 */
class StrictReadingTest {

    private static final TypedJsonDeserializer<Object> DYNAMIC = configured(Map.of());

    private static TypedJsonDeserializer<Object> configured(Map<String, Object> config) {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        d.configure(config, false);
        return d;
    }

    private static TypedJsonException refused(TypedJsonDeserializer<?> d, byte[] document) {
        SerializationException e = assertThrows(SerializationException.class, () -> d.deserialize("t", document));
        assertTrue(e.getMessage().startsWith("Cannot read typed JSON from topic 't': "), e.getMessage());
        return assertInstanceOf(TypedJsonException.class, e.getCause());
    }

    private static TypedJsonException refused(String document) {
        return refused(DYNAMIC, document.getBytes(StandardCharsets.UTF_8));
    }

    private static Object read(String document) {
        return DYNAMIC.deserialize("t", document.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    // ---- section 1: exactly one UTF-8 JSON text

    @Test
    void aByteOrderMarkIsRefusedNotSkipped() {
        TypedJsonException e = refused(DYNAMIC, bytes(0xEF, 0xBB, 0xBF, '[', '1', ']'));
        assertEquals("byte order mark EF BB BF before the document (a document is UTF-8 without one) at $ (byte offset 0)",
                e.getMessage());
    }

    @Test
    void utf16AndUtf32AreRefusedNotDecoded() {
        assertTrue(refused(DYNAMIC, "[1]".getBytes(StandardCharsets.UTF_16LE)).reason().contains("UTF-16 or UTF-32"));
        assertEquals(0, refused(DYNAMIC, "[1]".getBytes(StandardCharsets.UTF_16BE)).byteOffset());
        assertEquals(0, refused(DYNAMIC, "[1]".getBytes(StandardCharsets.UTF_16)).byteOffset()); // with its BOM
        assertEquals(1, refused(DYNAMIC, bytes('7', 0, 0, 0)).byteOffset()); // UTF-32LE "7"
    }

    @Test
    void nothingButWhitespaceAfterTheValue() {
        assertEquals(1, refused(DYNAMIC, bytes('1', 0)).byteOffset());
        TypedJsonException nul = refused(DYNAMIC, bytes('[', '1', ']', ' ', ' ', 0));
        assertEquals(5, nul.byteOffset(), nul.getMessage());
        assertEquals(6, refused(DYNAMIC, bytes('1', '2', '3', '4', '5', '6', 0)).byteOffset());
        assertEquals(3, refused(DYNAMIC, bytes('[', ']', ' ', 0xC2, 0xA0)).byteOffset()); // a no-break space
        assertTrue(refused("[] []").reason().startsWith("trailing content"));
        assertEquals(List.of(1L, 2L), read(" \t\r\n[ 1 ,\n2 ]\r\n "));
    }

    // ---- section 1.1: JSON's own freedom stays accepted

    @Test
    void escapesAreUnescapedBeforeTagsAreLookedFor() {
        assertEquals(42, read("\"\\u007ei42\""));
        assertEquals(42, read("\"~i4\\u0032\""));
        assertEquals("~t", read("\"\\u007e\\u007et\""));
        assertEquals(new LinkedHashSet<>(List.of(1L)), read("{\"\\u007eset\":[1]}"));
    }

    @Test
    void anyNumberLexemeForAPlainNumber() {
        assertEquals(1000.0, read("1E3"));
        assertEquals(1000.0, read("1.0e+3"));
        assertEquals(0L, read("-0"));
        assertEquals(0.0, read("1e-400"));
        assertEquals(-0.0, read("-1e-400"));
        assertEquals(Double.MIN_VALUE, read("2.5e-324"));
        assertEquals(Double.MAX_VALUE, read("1.7976931348623158e308"));
        assertTrue(refused("-1e400").reason().contains("out of range for float64"));
    }

    // ---- section 7: every tag payload has one spelling

    @Test
    void secondSpellingsOfTaggedScalarsAreRefusedWithTheRuleAndTheOneSpelling() {
        assertEquals("non-canonical ~i payload \"-0\" (an integer lexeme: optional '-', digits without leading zeros,"
                + " never \"-0\") at $[1] (byte offset 3)", refused("[1,\"~i-0\"]").getMessage());
        assertEquals("non-canonical ~f payload \"1.50\" (the one spelling of this value is \"~f1.5\") at $.a (byte offset 5)",
                refused("{\"a\":\"~f1.50\"}").getMessage());
        assertEquals("non-canonical ~t payload \"2024-01-01T00:00:00+02:00\" (the one spelling of this value is"
                + " \"~t2023-12-31T22:00:00Z\") at $ (byte offset 0)", refused("\"~t2024-01-01T00:00:00+02:00\"").getMessage());
        for (String doc : new String[] {"\"~t2024-01-01t00:00:00Z\"", "\"~t2024-01-01T00:00:00z\"", "\"~T10:15:00\"",
                "\"~t2024-01-01T00:00:00.000Z\"", "\"~O2024-06-30T10:15:30+00:00\"", "\"~u123E4567-E89B-12D3-A456-426614174000\"",
                "\"~d1e+3\"", "\"~d1.0E+1\"", "\"~f1\"", "\"~f0.10000000149011612\"", "\"~n+5\"", "\"~y007\"", "\"~L2024-06-30t10:15\""}) {
            assertTrue(refused(doc).reason().startsWith("non-canonical ~" + doc.charAt(2)), doc);
        }
        assertTrue(refused("\"~b/x==\"").reason().contains("must be zero"));
        assertArrayEquals(new byte[] {(byte) 0xff}, (byte[]) read("\"~b/w==\""));
    }

    @Test
    void aMapWhoseKeysAreAllStringsHasOneSpellingThePlainObject() {
        TypedJsonException e = refused("{\"~map\":[\"a\",1]}");
        assertEquals("non-canonical ~map: a map whose keys are all strings is written as a plain object at $ (byte offset 1)",
                e.getMessage());
        assertTrue(refused("{\"~map\":[]}").reason().startsWith("non-canonical ~map"));
        Map<Object, Object> mixed = new LinkedHashMap<>();
        mixed.put("a", 1L);
        mixed.put(2, 3L);
        assertEquals(mixed, read("{\"~map\":[\"a\",1,\"~i2\",3]}"));
    }

    // ---- section 7.1: equality of set elements and map keys

    @Test
    void aSetOfTwoByteArraysOfEqualContentIsRefusedOnRead() {
        TypedJsonException e = refused("{\"~set\":[\"~bAQ==\",\"~bAQ==\"]}");
        assertEquals("$[\"~set\"][1]", e.path());
        assertEquals(18, e.byteOffset());
        assertEquals("$[\"~set\"][1]", refused("{\"~set\":[[\"~bAQ==\"],[\"~bAQ==\"]]}").path());
        assertEquals("$[\"~map\"][2]", refused("{\"~map\":[\"~bAQ==\",1,\"~bAQ==\",2]}").path());
        assertEquals("$[\"~set\"][1]", refused("{\"~set\":[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1}]}").path());
        assertEquals(2, ((Set<?>) read("{\"~set\":[\"~bAQ==\",\"~bAg==\"]}")).size());
        assertEquals(2, ((Set<?>) read("{\"~set\":[0.0,-0.0]}")).size());
        assertEquals(2, ((Set<?>) read("{\"~set\":[\"~d1.0\",\"~d1.00\"]}")).size());
        assertEquals(4, ((Set<?>) read("{\"~set\":[1,\"~i1\",\"~n1\",1.0]}")).size());
        assertEquals("$[\"~set\"][1]", refused("{\"~set\":[1.0,1E0]}").path());
    }

    @Test
    void aSetThatJavaCallsDistinctButTheFormatDoesNotIsRefusedOnWrite() {
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        serializer.configure(Map.of(), false);
        Set<Object> set = new LinkedHashSet<>();
        set.add("x");
        set.add(new byte[] {1});
        set.add(new byte[] {1});
        SerializationException e = assertThrows(SerializationException.class, () -> serializer.serialize("t", set));
        TypedJsonException cause = assertInstanceOf(TypedJsonException.class, e.getCause());
        assertEquals("$[\"~set\"][2]", cause.path(), e.getMessage());
        assertTrue(cause.reason().startsWith("duplicate element in a set"), e.getMessage());

        Map<Object, Object> keyed = new LinkedHashMap<>();
        keyed.put(List.of(new byte[] {1}), "a");
        keyed.put(List.of(new byte[] {1}), "b");
        assertEquals("$[\"~map\"][2]", assertInstanceOf(TypedJsonException.class,
                assertThrows(SerializationException.class, () -> serializer.serialize("t", keyed)).getCause()).path());

        Map<String, Object> identity = new IdentityHashMap<>();
        identity.put(new String("k"), 1L);
        identity.put(new String("k"), 2L);
        assertTrue(assertThrows(SerializationException.class, () -> serializer.serialize("t", identity))
                .getMessage().contains("duplicate key \"k\""));

        Set<Object> fine = new HashSet<>(List.of(new BigDecimal("1.0"), new BigDecimal("1.00"), 0.0, -0.0));
        fine.add(new byte[] {1});
        fine.add(new byte[] {2});
        assertEquals(fine.size(), ((Set<?>) DYNAMIC.deserialize("t", serializer.serialize("t", fine))).size());
    }

    record Blobs(Set<byte[]> blobs, Map<List<byte[]>, Integer> index) {}

    @Test
    void typedSetsAndMapsUseTheSameEquality() {
        TypedJsonSerializer<Blobs> serializer = TypedJsonSerializer.forClass(Blobs.class);
        TypedJsonDeserializer<Blobs> deserializer = TypedJsonDeserializer.forClass(Blobs.class);
        Set<byte[]> two = new HashSet<>(List.of(new byte[] {1}, new byte[] {1}));
        SerializationException e = assertThrows(SerializationException.class,
                () -> serializer.serialize("t", new Blobs(two, Map.of())));
        assertTrue(e.getMessage().contains("duplicate element in a set") && e.getMessage().contains("at $.blobs["), e.getMessage());
        TypedJsonException read = refused(deserializer,
                "{\"blobs\":[\"AQ==\",\"AQ==\"],\"index\":[]}".getBytes(StandardCharsets.UTF_8));
        assertEquals("$.blobs[1]", read.path());
        assertEquals("$.index[2]", refused(deserializer,
                "{\"blobs\":[],\"index\":[[\"AQ==\"],1,[\"AQ==\"],2]}".getBytes(StandardCharsets.UTF_8)).path());
        Blobs ok = deserializer.deserialize("t", "{\"blobs\":[\"AQ==\",\"Ag==\"],\"index\":[[\"AQ==\"],1]}"
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(2, ok.blobs().size());
    }

    // ---- section 5.2: what a typed position takes besides the canonical spelling

    record Event(Instant at, LocalTime time, OffsetDateTime local, UUID id, double ratio, BigDecimal price) {}

    @Test
    void typedFieldsTakeOtherProducersSpellingsAndWriteTheCanonicalOneBack() {
        TypedJsonDeserializer<Event> deserializer = TypedJsonDeserializer.forClass(Event.class);
        TypedJsonSerializer<Event> serializer = TypedJsonSerializer.forClass(Event.class);
        String javascript = "{\"at\":\"2024-01-01T00:00:00.000Z\",\"time\":\"10:15:00\",\"local\":\"2024-06-30T10:15:30+00:00\","
                + "\"id\":\"123E4567-E89B-12D3-A456-426614174000\",\"ratio\":1E3,\"price\":1.50}";
        Event e = deserializer.deserialize("t", javascript.getBytes(StandardCharsets.UTF_8));
        assertEquals(Instant.parse("2024-01-01T00:00:00Z"), e.at());
        assertEquals("{\"at\":\"2024-01-01T00:00:00Z\",\"time\":\"10:15\",\"local\":\"2024-06-30T10:15:30Z\","
                + "\"id\":\"123e4567-e89b-12d3-a456-426614174000\",\"ratio\":1000.0,\"price\":1.50}",
                new String(serializer.serialize("t", e), StandardCharsets.UTF_8));
        String python = "{\"at\":\"2024-01-01T02:00:00.000000+02:00\",\"time\":\"10:15:00.10\",\"local\":\"2024-06-30T10:15:30Z\","
                + "\"id\":\"123e4567-e89b-12d3-a456-426614174000\",\"ratio\":0.5,\"price\":1E+3}";
        Event p = deserializer.deserialize("t", python.getBytes(StandardCharsets.UTF_8));
        assertEquals(e.at(), p.at());
        assertEquals(LocalTime.of(10, 15, 0, 100_000_000), p.time());
        assertEquals(-3, p.price().scale());
        assertEquals(e.at(), deserializer.deserialize("t", "{\"at\":\"2024-01-01t00:00:00z\"}".getBytes(StandardCharsets.UTF_8)).at());
        assertEquals(e.local(), deserializer.deserialize("t", "{\"local\":\"2024-06-30T10:15:30-00:00\"}"
                .getBytes(StandardCharsets.UTF_8)).local());
        for (String bad : new String[] {"\"at\":\"2024-01-01 00:00:00Z\"", "\"at\":\"+2024-01-01T00:00:00Z\"",
                "\"at\":\"2024-01-01T23:59:60Z\"", "\"at\":\"2024-01-01T24:00:00Z\"", "\"at\":\"2024-01-01T24:00:00.000Z\"",
                "\"at\":\"2024-01-01T00:00Z\"", "\"time\":\"10:15:30.\"",
                "\"local\":\"2024-06-30T10:15:30+0200\"", "\"local\":\"2024-06-30T10:15:30+02\"", "\"id\":\"{123e4567-e89b-12d3-a456-426614174000}\"",
                "\"at\":\"~t2024-01-01T00:00:00Z\""}) {
            String doc = "{" + bad + "}";
            TypedJsonException x = refused(deserializer, doc.getBytes(StandardCharsets.UTF_8));
            assertEquals("$." + bad.substring(1, bad.indexOf('"', 1)), x.path(), doc);
            assertEquals(doc.indexOf(':') + 1, x.byteOffset(), doc);
        }
    }

    record Extremes(Instant first, Instant last, java.time.LocalDate from, java.time.LocalDateTime until, OffsetDateTime at) {}

    @Test
    void typedFieldsCarryTheWholeYearRangeBothWays() {
        Extremes x = new Extremes(Instant.MIN, Instant.MAX, java.time.LocalDate.MIN, java.time.LocalDateTime.MAX,
                OffsetDateTime.of(java.time.LocalDateTime.of(-1, 12, 31, 23, 59), java.time.ZoneOffset.ofHoursMinutesSeconds(1, 30, 15)));
        byte[] doc = TypedJsonSerializer.forClass(Extremes.class).serialize("t", x);
        assertEquals("{\"first\":\"-1000000000-01-01T00:00:00Z\",\"last\":\"+1000000000-12-31T23:59:59.999999999Z\","
                + "\"from\":\"-999999999-01-01\",\"until\":\"+999999999-12-31T23:59:59.999999999\","
                + "\"at\":\"-0001-12-31T23:59+01:30:15\"}", new String(doc, StandardCharsets.UTF_8));
        assertEquals(x, TypedJsonDeserializer.forClass(Extremes.class).deserialize("t", doc));
        String notCanonicalYears = "{\"first\":\"-0000-01-01T00:00:00Z\"}";
        assertEquals("$.first", refused(TypedJsonDeserializer.forClass(Extremes.class),
                notCanonicalYears.getBytes(StandardCharsets.UTF_8)).path());
        assertEquals("$.until", refused(TypedJsonDeserializer.forClass(Extremes.class),
                "{\"until\":\"+2024-01-01T00:00\"}".getBytes(StandardCharsets.UTF_8)).path());
    }

    @Test
    void pathsNameKeysAsTheDocumentHasThem() {
        assertEquals("$.a_1$[\"é\"][\"1x\"][\"a b\"][\"q\\\"?\"][\"~~t\"]", refused(
                "{\"a_1$\":{\"é\":{\"1x\":{\"a b\":{\"q\\\"\\u0001\":{\"~~t\":\"~q\"}}}}}}").path());
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        serializer.configure(Map.of(), false);
        SerializationException e = assertThrows(SerializationException.class,
                () -> serializer.serialize("t", Map.of("~t", List.of(new Object()))));
        assertTrue(e.getMessage().endsWith("at $[\"~~t\"][0]"), e.getMessage()); // the key as written, escape included
    }

    // ---- section 8: offsets name the first byte of the offending character

    @Test
    void offsetsCountBytesAndNameTheFirstByteOfAMultiByteCharacter() {
        assertEquals(0, refused(DYNAMIC, bytes(0xDE, 0xAD, 0xBE, 0xEF)).byteOffset());
        TypedJsonException dot = refused("[\"é\", 1.0.0]");
        assertEquals(10, dot.byteOffset(), dot.getMessage());
        assertEquals(6, refused("\"€\" x").byteOffset());
        byte[] afterMultiByte = bytes('[', '"', 0xC3, 0xA9, '"', ',', '"', 'a', 0xFF, '"', ']');
        TypedJsonException utf8 = refused(DYNAMIC, afterMultiByte);
        assertEquals(8, utf8.byteOffset(), utf8.getMessage());
        assertEquals("$[1]", utf8.path());
        assertEquals(1, refused(DYNAMIC, bytes('"', 0xE2, 0x82, '"')).byteOffset()); // a sequence cut short
        assertEquals(1, refused(DYNAMIC, bytes('"', 0xF4, 0x90, 0x80, 0x80, '"')).byteOffset()); // beyond U+10FFFF
        assertEquals(6, refused("[\"é\",NaN]").byteOffset()); // the token, not where jackson-core stopped
        assertEquals(6, refused("[\"é\",01]").byteOffset());
        assertEquals(7, refused("[\"é\", \"~i01\"]").byteOffset());
    }

    @Test
    void offsetsAreRelativeToTheDocumentInsideALargerBuffer() {
        byte[] buffer = "xxxxx[\"é\",NaN]yyy".getBytes(StandardCharsets.UTF_8);
        ByteBuffer view = ByteBuffer.wrap(buffer, 5, buffer.length - 8).slice();
        SerializationException e = assertThrows(SerializationException.class,
                () -> DYNAMIC.deserialize("t", new RecordHeaders(), view));
        assertEquals(6, ((TypedJsonException) e.getCause()).byteOffset(), e.getMessage());
        ByteBuffer deep = ByteBuffer.wrap(("xx" + "[".repeat(501) + "]".repeat(501)).getBytes(StandardCharsets.UTF_8), 2, 1002).slice();
        e = assertThrows(SerializationException.class, () -> DYNAMIC.deserialize("t", new RecordHeaders(), deep));
        assertEquals(500, ((TypedJsonException) e.getCause()).byteOffset(), e.getMessage());
    }

    // ---- section 9: limits name the property that raises them

    @Test
    void limitErrorsNameTheTypedjsonPropertyNotJacksonSettings() {
        TypedJsonDeserializer<Object> small = configured(Map.of("typedjson.max.depth", "3",
                "typedjson.max.number.length", "5", "typedjson.max.string.length", "10", "typedjson.max.document.bytes", "64"));
        String[][] cases = {
                {"[[[[1]]]]", "nesting depth 4 exceeds the limit of 3 (typedjson.max.depth)", "3"},
                {"[123456]", "number of 6 digits exceeds the limit of 5 (typedjson.max.number.length)", "1"},
                {"[-1.2345e99]", "number of 7 digits exceeds the limit of 5 (typedjson.max.number.length)", "1"},
                {"[-1.23e+99]", null, null},
                {"[\"~d123.456\"]", "number of 6 digits exceeds the limit of 5 (typedjson.max.number.length)", "1"},
                {"[\"0123456789a\"]", "string of 11 UTF-16 units exceeds the limit of 10 (typedjson.max.string.length)", "1"},
                {"{\"0123456789a\":1}", "key of 11 UTF-16 units exceeds the limit of 10 (typedjson.max.string.length)", null},
                {"[\"😀😀😀😀😀a\"]", "string of 11 UTF-16 units exceeds the limit of 10 (typedjson.max.string.length)", "1"},
                {"[" + "1,".repeat(40) + "1]", "document of 83 bytes exceeds the limit of 64 bytes (typedjson.max.document.bytes)", null},
        };
        for (String[] c : cases) {
            byte[] doc = c[0].getBytes(StandardCharsets.UTF_8);
            if (c[1] == null) {
                assertEquals(List.of(-1.23e99), small.deserialize("t", doc)); // 5 digits: sign, point, e and + are not
                continue;
            }
            TypedJsonException e = refused(small, doc);
            assertEquals(c[1], e.reason(), c[0]);
            assertTrue(!e.getMessage().contains("StreamReadConstraints"), e.getMessage());
            if (c[2] != null) {
                assertEquals(Long.parseLong(c[2]), e.byteOffset(), e.getMessage());
            }
        }
        assertEquals("abcdefghij", configured(Map.of("typedjson.max.string.length", "10"))
                .deserialize("t", "\"abcdefghij\"".getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The element limit: every value at any depth, the document's own included, up to the limit is read; the one too
     * many is refused at its first byte, with its path, naming the property. The default takes a million elements.
     */
    @Test
    void theElementLimitCountsEveryValueAndNamesItsProperty() {
        TypedJsonDeserializer<Object> five = configured(Map.of("typedjson.max.elements", "5"));
        assertEquals(List.of(1L, List.of(2L), Map.of()), five.deserialize("t", "[1,[2],{}]".getBytes(StandardCharsets.UTF_8)));
        TypedJsonException e = refused(five, "[1,[2],{\"a\":null}]".getBytes(StandardCharsets.UTF_8));
        assertEquals("element count 6 exceeds the limit of 5 (typedjson.max.elements)", e.reason());
        assertEquals("$[2].a", e.path());
        assertEquals(12, e.byteOffset());
        // a tagged value counts as the JSON it is: the object, the array, then the elements
        TypedJsonException set = refused(five, "{\"~set\":[1,2,3,4,5]}".getBytes(StandardCharsets.UTF_8));
        assertEquals("$[\"~set\"][3]", set.path());
        assertEquals(15, set.byteOffset());
        byte[] million = ("[" + "0,".repeat(999_998) + "0]").getBytes(StandardCharsets.UTF_8); // 999,999 zeros
        assertEquals(999_999, ((List<?>) DYNAMIC.deserialize("t", million)).size());
        byte[] oneMore = ("[" + "0,".repeat(999_999) + "0]").getBytes(StandardCharsets.UTF_8);
        TypedJsonException beyond = refused(DYNAMIC, oneMore);
        assertEquals("element count 1000001 exceeds the limit of 1000000 (typedjson.max.elements)", beyond.reason());
        assertEquals("$[999999]", beyond.path());
        assertEquals(1 + 2 * 999_999, beyond.byteOffset());
    }

    @Test
    void theWriterNamesTheDepthPropertyToo() {
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        serializer.configure(Map.of("typedjson.max.depth", "3"), false);
        SerializationException e = assertThrows(SerializationException.class,
                () -> serializer.serialize("t", List.of(List.of(List.of(List.of())))));
        assertTrue(e.getMessage().contains("exceeds the limit of 3 (typedjson.max.depth)") && e.getMessage().contains("at $[0][0]"),
                e.getMessage());
    }

    @Test
    void aDecimalWithTheOneScaleNoReaderTakesIsRefusedOnWrite() {
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        serializer.configure(Map.of(), false);
        BigDecimal unreadable = new BigDecimal(BigInteger.ONE, Integer.MIN_VALUE);
        SerializationException e = assertThrows(SerializationException.class,
                () -> serializer.serialize("t", Collections.singletonMap("d", unreadable)));
        assertTrue(e.getMessage().contains("scale -2147483648") && e.getMessage().contains("at $.d"), e.getMessage());
        BigDecimal edge = new BigDecimal(BigInteger.ONE, Integer.MIN_VALUE + 1);
        assertEquals(edge, DYNAMIC.deserialize("t", serializer.serialize("t", edge)));
        assertEquals(new HashMap<>(Map.of("k", edge)), DYNAMIC.deserialize("t", serializer.serialize("t", Map.of("k", edge))));
    }

    record Prices(BigDecimal price, Map<BigDecimal, String> byPrice) {}

    @Test
    void theOneScaleNoWriterSpellsIsRefusedOnReadOnEveryJdk() {
        // exponent +2^31 is scale -2^31: Java 17's BigDecimal refuses it, Java 21 on take it; the reader refuses it
        // itself, tagged, in a typed field and as a map key, so that what it reads can always be written again
        assertTrue(refused("\"~d1E+2147483648\"").getMessage().contains("malformed decimal"));
        TypedJsonDeserializer<Prices> prices = TypedJsonDeserializer.forClass(Prices.class);
        TypedJsonException field = refused(prices, "{\"price\":1E+2147483648}".getBytes(StandardCharsets.UTF_8));
        assertEquals("$.price", field.path());
        TypedJsonException key = refused(prices, "{\"byPrice\":{\"1E+2147483648\":\"x\"}}".getBytes(StandardCharsets.UTF_8));
        assertTrue(key.getMessage().contains("is not a decimal"), key.getMessage());
        assertEquals(new BigDecimal(BigInteger.ONE, Integer.MIN_VALUE + 1), prices.deserialize("t",
                "{\"price\":1E+2147483647}".getBytes(StandardCharsets.UTF_8)).price());
    }

    // ---- every vector, through the serializer and deserializer

    @Test
    void everyValidVectorIsWrittenAndReadByTheSerde() throws Exception {
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        serializer.configure(Map.of(), false);
        for (Object o : io.typedjson.format.VectorsAccess.load("valid.json")) {
            Map<?, ?> v = (Map<?, ?>) o;
            Object value = io.typedjson.format.VectorsAccess.value(v.get("value"));
            byte[] doc = ((String) v.get("document")).getBytes(StandardCharsets.UTF_8);
            if (value != null) { // Java null is a tombstone for the serde (SPEC.md section 1), not the document null
                assertArrayEquals(doc, serializer.serialize("t", value), (String) v.get("name"));
            }
            assertEquals(null, io.typedjson.format.VectorsAccess.difference(value, DYNAMIC.deserialize("t", doc)), (String) v.get("name"));
        }
        for (Object o : io.typedjson.format.VectorsAccess.load("accepted.json")) {
            Map<?, ?> v = (Map<?, ?>) o;
            byte[] doc = ((String) v.get("document")).getBytes(StandardCharsets.UTF_8);
            assertEquals(null, io.typedjson.format.VectorsAccess.difference(io.typedjson.format.VectorsAccess.value(v.get("value")),
                    DYNAMIC.deserialize("t", doc)), (String) v.get("name"));
        }
    }

    // ---- every invalid vector, through the deserializer

    @Test
    void everyInvalidVectorIsRefusedByTheDeserializer() throws Exception {
        List<Object> vectors = io.typedjson.format.VectorsAccess.load("invalid.json");
        for (Object o : vectors) {
            Map<?, ?> v = (Map<?, ?>) o;
            byte[] doc = v.containsKey("document_base64")
                    ? java.util.Base64.getDecoder().decode((String) v.get("document_base64"))
                    : ((String) v.get("document")).getBytes(StandardCharsets.UTF_8);
            Map<String, Object> limits = new java.util.HashMap<>(); // a vector's "limits" are the serde's properties
            if (v.get("limits") instanceof Map<?, ?> given) {
                given.forEach((property, value) -> limits.put((String) property, String.valueOf(value)));
            }
            TypedJsonException e = refused(limits.isEmpty() ? DYNAMIC : configured(limits), doc);
            assertEquals(v.get("path"), e.path(), (String) v.get("name"));
            assertTrue(e.reason().contains((String) v.get("error")), e.getMessage());
        }
    }
}

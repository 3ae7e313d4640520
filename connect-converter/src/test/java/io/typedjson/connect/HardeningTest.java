package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonFormat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Everything in a record is untrusted: a schema notation or a document nested 100,000 deep, a schema a connector
 * built deep or shared or cyclic, a limit exceeded. Whatever it is, only a {@link DataException} leaves the
 * converter, and it names the {@code typedjson.*} property to raise. Each case runs on a thread with the JVM's
 * default stack size, as a worker's task thread has.
 */
class HardeningTest {

    private static final int DEEP = 100_000;

    static TypedJsonConverter converter(String location, Map<String, ?> more) {
        Map<String, Object> props = new HashMap<>(more);
        props.put(TypedJsonConverterConfig.SCHEMA_LOCATION, location);
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(props, false);
        return c;
    }

    static TypedJsonConverter converter(String location) {
        return converter(location, Map.of());
    }

    /** Runs on a fresh thread with the default stack size; rethrows what it threw (an Error included). */
    static <T> T onDefaultStack(Supplier<T> work) {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(work.get());
            } catch (Throwable e) {
                result.set(e);
            }
        }, "default-stack", 0);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        Object r = result.get();
        if (r instanceof RuntimeException) throw (RuntimeException) r;
        if (r instanceof Error) throw (Error) r;
        @SuppressWarnings("unchecked") T value = (T) r;
        return value;
    }

    static DataException refused(Supplier<?> work) {
        Throwable e = assertThrows(Throwable.class, () -> onDefaultStack(work));
        assertTrue(e instanceof DataException, () -> "not a DataException: " + e);
        return (DataException) e;
    }

    static String nested(String open, String leaf, String close, int depth) {
        return open.repeat(depth) + leaf + close.repeat(depth);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static final String[] DEEP_NOTATIONS = {
        nested("[", "i32", "]", DEEP),
        nested("{a:", "i32", "}", DEEP),
        nested("<i32,", "i32", ">", DEEP),
    };

    /** How many characters one level of the notation opens with: {@code [}, {@code {a:} or {@code <i32,}. */
    static int openLength(String notation) {
        return notation.charAt(0) == '[' ? 1 : notation.charAt(0) == '{' ? 3 : 5;
    }

    @Test
    void aNotationNested100000DeepIsRefusedInline() {
        for (String notation : DEEP_NOTATIONS) {
            int offset = 500 * openLength(notation); // the bracket that opens level 501
            for (String location : new String[] {"inline", "header", "none"}) {
                TypedJsonConverter c = converter(location);
                DataException e = refused(() -> c.toConnectData("deep", utf8("{\"~s\":\"" + notation + "\",\"~v\":null}")));
                assertTrue(e.getMessage().contains("'deep'") && e.getMessage().contains("deeper than the limit of 500 levels")
                        && e.getMessage().contains("typedjson.max.depth") && e.getMessage().contains("at character " + offset + ":")
                        && e.getMessage().contains("at $[\"~s\"]"), e.getMessage());
            }
            // a header value is an inline document too
            DataException e = refused(() -> converter("inline").toConnectHeader("deep", "h", utf8("{\"~s\":\"" + notation + "\",\"~v\":null}")));
            assertTrue(e.getMessage().contains("typedjson.max.depth"), e.getMessage());
        }
    }

    @Test
    void aNotationNested100000DeepIsRefusedInTheSchemaHeader() {
        for (String notation : DEEP_NOTATIONS) {
            Headers headers = new RecordHeaders().add("typedjson.schema", utf8(notation));
            DataException e = refused(() -> converter("header").toConnectData("deep", headers, utf8("null")));
            assertTrue(e.getMessage().contains("header 'typedjson.schema'")
                    && e.getMessage().contains("at character " + 500 * openLength(notation) + ":")
                    && e.getMessage().contains("typedjson.max.depth"), e.getMessage());
        }
    }

    @Test
    void theDepthLimitIsExact() {
        TypedJsonConverter c = converter("header");
        String atLimit = nested("[", "i32", "]", 500);
        Headers headers = new RecordHeaders().add("typedjson.schema", utf8(atLimit));
        SchemaAndValue back = onDefaultStack(() -> c.toConnectData("t", headers, utf8("[]")));
        Schema s = back.schema();
        int depth = 0;
        while (s.type() == Schema.Type.ARRAY) {
            s = s.valueSchema();
            depth++;
        }
        assertEquals(500, depth);
        Headers deeper = new RecordHeaders().add("typedjson.schema", utf8(nested("[", "i32", "]", 501)));
        assertTrue(refused(() -> c.toConnectData("t", deeper, utf8("[]"))).getMessage().contains("at character 500"));
        // a lower limit is the same rule
        TypedJsonConverter low = converter("header", Map.of("typedjson.max.depth", 3));
        Headers four = new RecordHeaders().add("typedjson.schema", utf8("{a:<i32,[i8]>}"));
        assertEquals(3, onDefaultStack(() -> low.toConnectData("t", four, utf8("{\"a\":[]}"))).schema().field("a").schema().valueSchema().type() == Schema.Type.ARRAY ? 3 : 0);
        Headers five = new RecordHeaders().add("typedjson.schema", utf8("{a:<i32,[[i8]]>}"));
        DataException e = refused(() -> low.toConnectData("t", five, utf8("{\"a\":[]}")));
        assertTrue(e.getMessage().contains("limit of 3 levels") && e.getMessage().contains("at character 9:"), e.getMessage());
    }

    @Test
    void theConverterTakesAtMostItsSupportedDepth() {
        ConfigException e = assertThrows(ConfigException.class, () -> converter("inline", Map.of("typedjson.max.depth", 501)));
        assertTrue(e.getMessage().contains("typedjson.max.depth") && e.getMessage().contains("at most 500"), e.getMessage());
        // at the supported depth, the deepest schema and value go through on a default stack: Connect's recursive
        // Schema.hashCode/equals and Struct.put, and our codecs
        Schema schema = Schema.INT32_SCHEMA;
        List<Schema> levels = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            schema = SchemaBuilder.struct().field("a", schema).build();
            levels.add(schema);
        }
        Schema deepest = schema;
        Object value = onDefaultStack(() -> {
            Object v = 7;
            for (Schema level : levels) {
                v = new Struct(level).put("a", v); // validates the whole value below: recursive too
            }
            return v;
        });
        Headers headers = new RecordHeaders();
        byte[] bytes = onDefaultStack(() -> converter("header").fromConnectData("t", headers, deepest, value));
        SchemaAndValue back = onDefaultStack(() -> converter("header").toConnectData("t", headers, bytes));
        assertEquals(deepest, back.schema());
        assertEquals(value, back.value());
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header", "none"})
    void aSchemaBuilt100000DeepIsRefusedWhenWritten(String location) {
        Schema schema = Schema.INT32_SCHEMA;
        for (int i = 0; i < DEEP; i++) {
            schema = i % 3 == 0 ? SchemaBuilder.array(schema).build()
                    : i % 3 == 1 ? SchemaBuilder.map(Schema.STRING_SCHEMA, schema).build()
                    : SchemaBuilder.struct().field("a", schema).build();
        }
        Schema deep = schema;
        TypedJsonConverter c = converter(location);
        DataException e = refused(() -> c.fromConnectData("deep", new RecordHeaders(), deep, List.of()));
        assertTrue(e.getMessage().contains("'deep'") && e.getMessage().contains("deeper than the limit of 500 levels")
                && e.getMessage().contains("typedjson.max.depth"), e.getMessage());
        e = refused(() -> c.fromConnectHeader("deep", "h", deep, List.of()));
        assertTrue(e.getMessage().contains("typedjson.max.depth"), e.getMessage());
    }

    @Test
    void aSchemaSharingItsPartsOrContainingItselfIsRefusedWithoutHanging() {
        // 40 objects that are a tree of 2^41 schemas: Connect's own hashCode would never finish
        Schema shared = Schema.INT8_SCHEMA;
        for (int i = 0; i < 40; i++) {
            shared = SchemaBuilder.struct().field("l", shared).field("r", shared).build();
        }
        Schema dag = shared;
        DataException e = refused(() -> converter("inline").fromConnectData("t", dag, null));
        assertTrue(e.getMessage().contains("typedjson.max.string.length"), e.getMessage());
        // a mutable builder can be made to contain itself
        SchemaBuilder loop = SchemaBuilder.struct();
        loop.field("self", SchemaBuilder.array(loop));
        e = refused(() -> converter("header").fromConnectData("t", new RecordHeaders(), loop, new Struct(loop)));
        assertTrue(e.getMessage().contains("contains itself"), e.getMessage());
        e = refused(() -> converter("none").fromConnectData("t", loop, new Struct(loop)));
        assertTrue(e.getMessage().contains("contains itself"), e.getMessage());
    }

    @Test
    void documentLimitsNameTheirProperty() {
        TypedJsonConverter c = converter("inline");
        String[][] cases = {
            {nested("[", "1", "]", DEEP), "typedjson.max.depth"},
            // a schema at the depth limit, whose value inside the envelope is one level deeper
            {"{\"~s\":\"" + nested("[", "i32", "]", 500) + "\",\"~v\":" + nested("[", "", "]", 500) + "}", "typedjson.max.depth"},
            {"1" + "0".repeat(2000), "typedjson.max.number.length"},
            {"{\"~s\":\"dec(0)\",\"~v\":1" + "0".repeat(2000) + "}", "typedjson.max.number.length"},
        };
        for (String[] bad : cases) {
            DataException e = refused(() -> c.toConnectData("t", utf8(bad[0])));
            assertTrue(e.getMessage().contains(bad[1]) && !e.getMessage().contains("StreamReadConstraints"), e.getMessage());
        }
        TypedJsonConverter small = converter("inline", Map.of("typedjson.max.string.length", 10, "typedjson.max.document.bytes", 100));
        DataException e = refused(() -> small.toConnectData("t", utf8("\"" + "x".repeat(11) + "\"")));
        assertTrue(e.getMessage().contains("typedjson.max.string.length") && !e.getMessage().contains("StreamReadConstraints"), e.getMessage());
        e = refused(() -> small.toConnectData("t", utf8("{\"~s\":\"{abcdefghijk}\",\"~v\":[null]}")));
        assertTrue(e.getMessage().contains("typedjson.max.string.length"), e.getMessage());
        Headers headers = new RecordHeaders().add("typedjson.schema", utf8("{abcdefghijk}"));
        e = refused(() -> small.toConnectData("t", headers, utf8("{}")));
        assertTrue(e.getMessage().contains("typedjson.max.string.length") && e.getMessage().contains("at character 10"), e.getMessage());
        e = refused(() -> small.toConnectData("t", utf8("\"" + "x".repeat(200) + "\"")));
        assertTrue(e.getMessage().contains("typedjson.max.document.bytes"), e.getMessage());
        // elements count the whole document, the envelope and its notation included: 2 + 4 are read, 2 + 5 refused
        TypedJsonConverter six = converter("inline", Map.of("typedjson.max.elements", 6));
        assertEquals(List.of(1, 2, 3), six.toConnectData("t", utf8("{\"~s\":\"[i32]\",\"~v\":[1,2,3]}")).value());
        e = refused(() -> six.toConnectData("t", utf8("{\"~s\":\"[i32]\",\"~v\":[1,2,3,4]}")));
        assertTrue(e.getMessage().contains("element count 7 exceeds the limit of 6 (typedjson.max.elements)")
                && e.getMessage().contains("$[\"~v\"][3]"), e.getMessage());
        // writing: a value nested deeper than the limit (a cyclic list is one)
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        e = refused(() -> c.fromConnectData("t", null, cycle));
        assertTrue(e.getMessage().contains("typedjson.max.depth") && !e.getMessage().contains("StreamWriteConstraints"), e.getMessage());
        e = refused(() -> small.fromConnectData("t", SchemaBuilder.struct().field("abcdefghijk", Schema.INT8_SCHEMA).build(), null));
        assertTrue(e.getMessage().contains("typedjson.max.string.length"), e.getMessage());
    }

    @Test
    void aWrittenValueOverALimitIsNamedAtTheValuesPathInEveryLocation() {
        Schema item = SchemaBuilder.struct().field("n", Schema.INT64_SCHEMA).build();
        Schema schema = SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA)
                .field("s", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
                .field("items", SchemaBuilder.array(item).build()).build();
        Struct longString = new Struct(schema).put("a", 1).put("s", List.of("ok", "x".repeat(41)))
                .put("items", List.of(new Struct(item).put("n", 1L)));
        Struct longNumber = new Struct(schema).put("a", 1).put("s", List.of())
                .put("items", List.of(new Struct(item).put("n", 1L), new Struct(item).put("n", 1234567L)));
        Map<String, Object> limits = Map.of("typedjson.max.string.length", 40, "typedjson.max.number.length", 6,
                "bootstrap.servers", "127.0.0.1:1"); // location reference refuses before it talks to a broker
        for (String location : List.of("inline", "header", "reference", "none")) {
            TypedJsonConverter c = converter(location, limits);
            DataException e = refused(() -> c.fromConnectData("t", new RecordHeaders(), schema, longString));
            assertEquals("Cannot write typed JSON for topic 't': string of 41 UTF-16 units exceeds the limit of 40"
                    + " (typedjson.max.string.length) at $.s[1]", e.getMessage(), location);
            e = refused(() -> c.fromConnectData("t", new RecordHeaders(), schema, longNumber));
            assertEquals("Cannot write typed JSON for topic 't': number of 7 digits exceeds the limit of 6"
                    + " (typedjson.max.number.length) at $.items[1].n", e.getMessage(), location);
        }
        // the header converter writes inline documents
        DataException e = refused(() -> converter("inline", limits).fromConnectHeader("t", "h", schema, longNumber));
        assertTrue(e.getMessage().endsWith("at $.items[1].n"), e.getMessage());
        // what only the inline envelope exceeds is named in the document: its two elements beyond the value's four
        TypedJsonConverter five = converter("inline", Map.of("typedjson.max.elements", 5));
        Schema list = SchemaBuilder.array(Schema.INT8_SCHEMA).build();
        e = refused(() -> five.fromConnectData("t", list, List.of((byte) 1, (byte) 2, (byte) 3)));
        assertTrue(e.getMessage().endsWith("element count 6 exceeds the limit of 5 (typedjson.max.elements) at $[\"~v\"][2]"),
                e.getMessage());
    }

    @Test
    void theEnvelopeHasOneShapeAndJsonsFreedom() {
        TypedJsonConverter c = converter("inline");
        // JSON's freedom: escapes and whitespace
        assertEquals(new SchemaAndValue(Schema.INT32_SCHEMA, 5), c.toConnectData("t", utf8("{\"\\u007es\":\"i32\",\"\\u007Ev\":5}")));
        assertEquals(new SchemaAndValue(Schema.INT32_SCHEMA, 5), c.toConnectData("t", utf8(" {\n \"~s\" : \"i\\u0033\\u0032\" , \"~v\" : 5 } ")));
        // anything else is refused
        String[][] bad = {
            {"{\"~v\":5,\"~s\":\"i32\"}", "unknown"},
            {"{\"~s\":\"i32\"}", "\"~v\""},
            {"{\"~s\":\"i32\",\"~v\":5,\"~v\":5}", "only the keys"},
            {"{\"~s\":\"i32\",\"~v\":5,\"x\":1}", "only the keys"},
            {"{\"~s\":\"i32\",\"v\":5}", "\"~v\""},
            {"{\"~s\":5,\"~v\":5}", "schema notation"},
            {"{\"~s\":\"\\ud800\",\"~v\":5}", "surrogate"},
        };
        for (String[] b : bad) {
            DataException e = refused(() -> c.toConnectData("t", utf8(b[0])));
            assertTrue(e.getMessage().contains(b[1]), b[0] + ": " + e.getMessage());
        }
    }

    @Test
    void theSchemaHeaderIsStrictUtf8() {
        Headers headers = new RecordHeaders().add("typedjson.schema", new byte[] {'{', 'a', (byte) 0xff, '}'});
        DataException e = refused(() -> converter("header").toConnectData("t", headers, utf8("{}")));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
        e = refused(() -> converter("header").toConnectHeader("t", "typedjson.schema", new byte[] {(byte) 0xc0, (byte) 0x80}));
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
        Headers bom = new RecordHeaders().add("typedjson.schema", utf8("\ufeffi32"));
        e = refused(() -> converter("header").toConnectData("t", bom, utf8("1")));
        assertTrue(e.getMessage().contains("at character 0"), e.getMessage());
    }

    @Test
    void schemaCachesDropTheLeastRecentlyUsedEntry() {
        SchemaCache cache = new SchemaCache(TypedJsonFormat.defaults(), 2);
        cache.forText("i8");
        cache.forText("i16");
        cache.forText("i8"); // the last one used: compared without a lookup
        cache.forText("i32"); // i16 is now the least recently used... but i8 was only compared, not looked up:
        // so look i8 up through the map explicitly by using another text in between
        assertTrue(cache.holdsText("i32"));
        assertEquals(2, cache.sizeForTest());
        SchemaCache lru = new SchemaCache(TypedJsonFormat.defaults(), 2);
        lru.forText("i8");
        lru.forText("i16");
        lru.forText("i32"); // evicts i8, the least recently used
        assertFalse(lru.holdsText("i8"));
        lru.forText("i16"); // a map lookup: i16 becomes the most recently used
        lru.forText("i64"); // evicts i32, not i16
        assertTrue(lru.holdsText("i16") && lru.holdsText("i64") && !lru.holdsText("i32"));
        assertEquals(2, lru.sizeForTest());
        // the weight bound: at most that many characters of notation are kept
        SchemaCache light = new SchemaCache(TypedJsonFormat.defaults(), 100, 10);
        light.forText("{abc,def}"); // 9 characters
        light.forText("{ghi}"); // 5 more: over 10, so the older goes
        assertFalse(light.holdsText("{abc,def}"));
        assertTrue(light.holdsText("{ghi}"));
        light.forText("{abcdefghijkl}"); // heavier than the whole cache: used, not kept
        assertTrue(light.holdsText("{ghi}") && !light.holdsText("{abcdefghijkl}"));
    }

    @Test
    void mapKeysThatAreTheSameValueAreRefusedBothWays() {
        TypedJsonConverter c = converter("inline");
        String[][] bad = {
            {"{\"~s\":\"<bytes,i8>\",\"~v\":[\"AQ==\",1,\"AQ==\",2]}", "$[\"~v\"][2]"},
            {"{\"~s\":\"<[bytes],i8>\",\"~v\":[[\"AQ==\"],1,[\"AQ==\"],2]}", "$[\"~v\"][2]"},
            {"{\"~s\":\"<<str,i8>,i8>\",\"~v\":[{\"a\":1,\"b\":2},1,{\"b\":2,\"a\":1},2]}", "$[\"~v\"][2]"},
            {"{\"~s\":\"<f64,i8>\",\"~v\":[\"NaN\",1,\"NaN\",2]}", "$[\"~v\"][2]"},
            {"{\"~s\":\"<dec(1),i8>\",\"~v\":[1.0,1,10E-1,2]}", "$[\"~v\"][2]"},
            {"{\"~s\":\"<str,i8>\",\"~v\":{\"a\":1,\"\\u0061\":2}}", "duplicate"},
        };
        for (String[] b : bad) {
            DataException e = refused(() -> c.toConnectData("t", utf8(b[0])));
            assertTrue(e.getMessage().contains("duplicate") && e.getMessage().contains(b[1]), b[0] + ": " + e.getMessage());
        }
        // the same numbers of different scale, and 0.0 and -0.0, are different keys
        assertEquals(2, ((Map<?, ?>) c.toConnectData("t", utf8("{\"~s\":\"<dec(1),i8>\",\"~v\":[1.0,1,1.5,2]}")).value()).size());
        assertEquals(2, ((Map<?, ?>) c.toConnectData("t", utf8("{\"~s\":\"<f64,i8>\",\"~v\":[0.0,1,-0.0,2]}")).value()).size());
        // writing: two byte arrays of equal content are one key, whatever Java's HashMap thinks
        Map<Object, Object> twoArrays = new java.util.LinkedHashMap<>();
        twoArrays.put(new byte[] {1}, (byte) 1);
        twoArrays.put(new byte[] {1}, (byte) 2);
        Schema bytesKeys = SchemaBuilder.map(Schema.BYTES_SCHEMA, Schema.INT8_SCHEMA).build();
        DataException e = refused(() -> c.fromConnectData("t", bytesKeys, twoArrays));
        assertTrue(e.getMessage().contains("duplicate key") && e.getMessage().contains("at $[2]"), e.getMessage());
        Map<String, Object> identity = new java.util.IdentityHashMap<>();
        identity.put(new String("a"), (byte) 1);
        identity.put(new String("a"), (byte) 2);
        Schema stringKeys = SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT8_SCHEMA).build();
        e = refused(() -> c.fromConnectData("t", stringKeys, identity));
        assertTrue(e.getMessage().contains("duplicate key") && e.getMessage().contains("at $.a"), e.getMessage());
    }

    @Test
    void aSchemalessDocumentWithAnEscapedTildeSKeyIsNotInline() {
        SchemaAndValue v = converter("inline").toConnectData("t", utf8("{\"~~s\":\"i32\",\"~~v\":5}"));
        assertNull(v.schema());
        assertEquals(Map.of("~s", "i32", "~v", 5L), v.value());
    }
}

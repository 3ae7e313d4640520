package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * The dynamic model, the class codecs and the Connect converter share one set of container codecs: the same fault
 * in an array, object or pair map is refused by all three with the same words and the same path.
 */
class ContainerErrorsTest {

    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();
    private static final TypedJsonConverter CONNECT = HardeningTest.converter("inline");

    private static TypedJsonException readRefused(Codec<?> codec, String document) {
        return assertThrows(TypedJsonException.class, () -> FORMAT.read(codec, document.getBytes(StandardCharsets.UTF_8)));
    }

    private static <T> TypedJsonException writeRefused(Codec<T> codec, T value) {
        return assertThrows(TypedJsonException.class, () -> FORMAT.write(codec, value));
    }

    private static TypedJsonException connectReadRefused(String schema, String value) {
        String document = "{\"~s\":\"" + schema + "\",\"~v\":" + value + "}";
        DataException e = HardeningTest.refused(() -> CONNECT.toConnectData("t", document.getBytes(StandardCharsets.UTF_8)));
        return assertInstanceOf(TypedJsonException.class, e.getCause());
    }

    private static TypedJsonException connectWriteRefused(Schema schema, Object value) {
        DataException e = HardeningTest.refused(() -> CONNECT.fromConnectData("t", schema, value));
        return assertInstanceOf(TypedJsonException.class, e.getCause());
    }

    /** Asserts that every error has the first one's reason and the path given for it; returns the reason. */
    private static String alike(List<TypedJsonException> errors, String... paths) {
        for (int i = 0; i < errors.size(); i++) {
            assertEquals(errors.get(0).reason(), errors.get(i).reason());
            assertEquals(paths[i], errors.get(i).path(), errors.get(i).getMessage());
        }
        return errors.get(0).reason();
    }

    /**
     * One fault read by the three: the dynamic model's document, and the class codec's document that is also the
     * Connect value of {@code connectSchema}; the paths in that order.
     */
    private static String readAlike(String dynamic, Codec<?> typed, String typedDocument, String connectSchema,
                                    String... paths) {
        return alike(List.of(readRefused(DynamicCodec.INSTANCE, dynamic), readRefused(typed, typedDocument),
                connectReadRefused(connectSchema, typedDocument)), paths);
    }

    private static final Codec<Map<List<Long>, Long>> LIST_KEYS = Codecs.of(new TypeRef<Map<List<Long>, Long>>() {});

    @Test
    void aPairMapWithTwoKeysThatAreTheSameValue() {
        Map<Object, Object> twoArrays = new LinkedHashMap<>();
        twoArrays.put(List.of(new byte[] {1}), 1L);
        twoArrays.put(List.of(new byte[] {1}), 2L);
        Schema bytesListKeys = SchemaBuilder.map(SchemaBuilder.array(Schema.BYTES_SCHEMA).build(), Schema.INT64_SCHEMA).build();
        String reason = readAlike("{\"~map\":[[1],1,[1],2]}", LIST_KEYS, "[[1],1,[1],2]", "<[i64],i64>",
                "$[\"~map\"][2]", "$[2]", "$[\"~v\"][2]");
        assertTrue(reason.startsWith("duplicate key in a map"), reason);
        assertEquals(reason, alike(List.of(
                        writeRefused(DynamicCodec.INSTANCE, twoArrays),
                        connectWriteRefused(bytesListKeys, twoArrays)),
                "$[\"~map\"][2]", "$[2]"));
    }

    @Test
    void aPairMapOfOddLength() {
        String reason = readAlike("{\"~map\":[[1],1,[2]]}", LIST_KEYS, "[[1],1,[2]]", "<[i64],i64>",
                "$[\"~map\"]", "$", "$[\"~v\"]");
        assertEquals("the array of a map must alternate keys and values, but its last key has no value", reason);
    }

    @Test
    void anObjectWithAKeyTwice() {
        Codec<Map<String, Long>> typed = Codecs.of(new TypeRef<Map<String, Long>>() {});
        String reason = readAlike("{\"a\":1,\"\\u0061\":2}", typed, "{\"a\":1,\"\\u0061\":2}", "<str,i64>",
                "$.a", "$.a", "$[\"~v\"].a");
        assertEquals("duplicate key \"a\"", reason);

        // on write, from a map that does not compare keys with equals()
        Map<String, Long> identity = new IdentityHashMap<>();
        identity.put(new String("a"), 1L);
        identity.put(new String("a"), 2L);
        reason = alike(List.of(
                        writeRefused(DynamicCodec.INSTANCE, identity),
                        writeRefused(typed, identity),
                        connectWriteRefused(SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT64_SCHEMA).build(), identity)),
                "$.a", "$.a", "$.a");
        assertTrue(reason.startsWith("duplicate key \"a\""), reason);
    }

    @Test
    void anObjectWithANullKey() {
        Map<String, Long> nullKey = new LinkedHashMap<>();
        nullKey.put(null, 1L);
        String reason = alike(List.of(
                        writeRefused(Codecs.of(new TypeRef<Map<String, Long>>() {}), nullKey),
                        connectWriteRefused(SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT64_SCHEMA).build(), nullKey)),
                "$", "$");
        assertEquals("null map key (a map key must have a spelling as an object key)", reason);
    }

    @Test
    void aSetWithTwoElementsThatAreTheSameValue() {
        Codec<Set<byte[]>> typed = Codecs.of(new TypeRef<Set<byte[]>>() {});
        Set<byte[]> twoArrays = new LinkedHashSet<>();
        twoArrays.add(new byte[] {1});
        twoArrays.add(new byte[] {1});
        String reason = alike(List.of(
                        readRefused(DynamicCodec.INSTANCE, "{\"~set\":[\"~bAQ==\",\"~bAQ==\"]}"),
                        readRefused(typed, "[\"AQ==\",\"AQ==\"]"),
                        writeRefused(DynamicCodec.INSTANCE, twoArrays),
                        writeRefused(typed, twoArrays)),
                "$[\"~set\"][1]", "$[1]", "$[\"~set\"][1]", "$[1]");
        assertTrue(reason.startsWith("duplicate element in a set"), reason);
    }

    @Test
    void anElementsErrorIsNamedByItsIndex() {
        // the reasons are the scalars' own (an unknown tag; a tag where a plain string belongs)
        assertEquals("$[1]", readRefused(DynamicCodec.INSTANCE, "[\"a\",\"~x\"]").path());
        assertEquals("$[1]", readRefused(Codecs.of(new TypeRef<List<String>>() {}), "[\"a\",\"~x\"]").path());
        assertEquals("$[\"~v\"][1]", connectReadRefused("[str]", "[\"a\",\"~x\"]").path());
    }

    @Test
    void anotherTokenWhereTheContainerBelongs() {
        assertEquals("an object where an array belongs", readRefused(Codecs.of(new TypeRef<List<String>>() {}), "{}").reason());
        assertEquals("an object where an array belongs", connectReadRefused("[str]", "{}").reason());
        assertEquals("number 1 where an array of alternating keys and values belongs", readRefused(LIST_KEYS, "1").reason());
        assertEquals("number 1 where an array of alternating keys and values belongs", connectReadRefused("<[i64],i64>", "1").reason());
        assertEquals("an array where an object belongs", readRefused(Codecs.of(new TypeRef<Map<String, Long>>() {}), "[]").reason());
        assertEquals("an array where an object belongs", connectReadRefused("<str,i64>", "[]").reason());
    }
}

package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

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

    private static final Codec<Map<List<Long>, Long>> LIST_KEYS = Codecs.of(new TypeRef<Map<List<Long>, Long>>() {});

    @Test
    void aPairMapWithTwoKeysThatAreTheSameValue() {
        TypedJsonException dynamic = readRefused(DynamicCodec.INSTANCE, "{\"~map\":[[1],1,[1],2]}");
        TypedJsonException typed = readRefused(LIST_KEYS, "[[1],1,[1],2]");
        TypedJsonException connect = connectReadRefused("<[i64],i64>", "[[1],1,[1],2]");
        assertEquals(dynamic.reason(), typed.reason());
        assertEquals(dynamic.reason(), connect.reason());
        assertEquals("$[\"~map\"][2]", dynamic.path());
        assertEquals("$[2]", typed.path());
        assertEquals("$[\"~v\"][2]", connect.path());

        Map<Object, Object> twoArrays = new LinkedHashMap<>();
        twoArrays.put(List.of(new byte[] {1}), 1L);
        twoArrays.put(List.of(new byte[] {1}), 2L);
        TypedJsonException dynamicWrite = writeRefused(DynamicCodec.INSTANCE, twoArrays);
        TypedJsonException connectWrite = connectWriteRefused(
                SchemaBuilder.map(SchemaBuilder.array(Schema.BYTES_SCHEMA).build(), Schema.INT64_SCHEMA).build(), twoArrays);
        assertEquals(dynamic.reason(), dynamicWrite.reason());
        assertEquals(dynamic.reason(), connectWrite.reason());
        assertEquals("$[\"~map\"][2]", dynamicWrite.path());
        assertEquals("$[2]", connectWrite.path());
    }

    @Test
    void aPairMapOfOddLength() {
        TypedJsonException dynamic = readRefused(DynamicCodec.INSTANCE, "{\"~map\":[[1],1,[2]]}");
        TypedJsonException typed = readRefused(LIST_KEYS, "[[1],1,[2]]");
        TypedJsonException connect = connectReadRefused("<[i64],i64>", "[[1],1,[2]]");
        assertEquals("the array of a map must alternate keys and values, but its last key has no value", dynamic.reason());
        assertEquals(dynamic.reason(), typed.reason());
        assertEquals(dynamic.reason(), connect.reason());
    }

    @Test
    void anObjectWithAKeyTwice() {
        TypedJsonException dynamic = readRefused(DynamicCodec.INSTANCE, "{\"a\":1,\"\\u0061\":2}");
        TypedJsonException typed = readRefused(Codecs.of(new TypeRef<Map<String, Long>>() {}), "{\"a\":1,\"\\u0061\":2}");
        TypedJsonException connect = connectReadRefused("<str,i64>", "{\"a\":1,\"\\u0061\":2}");
        assertEquals("duplicate key \"a\"", dynamic.reason());
        assertEquals(dynamic.reason(), typed.reason());
        assertEquals(dynamic.reason(), connect.reason());
        assertEquals("$.a", dynamic.path());
        assertEquals("$.a", typed.path());
        assertEquals("$[\"~v\"].a", connect.path());

        // on write, from a map that does not compare keys with equals()
        Map<String, Long> identity = new IdentityHashMap<>();
        identity.put(new String("a"), 1L);
        identity.put(new String("a"), 2L);
        TypedJsonException dynamicWrite = writeRefused(DynamicCodec.INSTANCE, identity);
        TypedJsonException typedWrite = writeRefused(Codecs.of(new TypeRef<Map<String, Long>>() {}), identity);
        TypedJsonException connectWrite = connectWriteRefused(
                SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT64_SCHEMA).build(), identity);
        assertEquals(dynamicWrite.reason(), typedWrite.reason());
        assertEquals(dynamicWrite.reason(), connectWrite.reason());
        assertEquals("$.a", dynamicWrite.path());
        assertEquals("$.a", typedWrite.path());
        assertEquals("$.a", connectWrite.path());
    }

    @Test
    void anObjectWithANullKey() {
        Map<String, Long> nullKey = new LinkedHashMap<>();
        nullKey.put(null, 1L);
        TypedJsonException typed = writeRefused(Codecs.of(new TypeRef<Map<String, Long>>() {}), nullKey);
        TypedJsonException connect = connectWriteRefused(SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT64_SCHEMA).build(), nullKey);
        assertEquals("null map key (a map key must have a spelling as an object key)", typed.reason());
        assertEquals(typed.reason(), connect.reason());
    }

    @Test
    void aSetWithTwoElementsThatAreTheSameValue() {
        TypedJsonException dynamic = readRefused(DynamicCodec.INSTANCE, "{\"~set\":[\"~bAQ==\",\"~bAQ==\"]}");
        TypedJsonException typed = readRefused(Codecs.of(new TypeRef<Set<byte[]>>() {}), "[\"AQ==\",\"AQ==\"]");
        assertEquals(dynamic.reason(), typed.reason());
        assertEquals("$[\"~set\"][1]", dynamic.path());
        assertEquals("$[1]", typed.path());

        Set<Object> twoArrays = new LinkedHashSet<>();
        twoArrays.add(new byte[] {1});
        twoArrays.add(new byte[] {1});
        assertEquals(dynamic.reason(), writeRefused(DynamicCodec.INSTANCE, twoArrays).reason());
        @SuppressWarnings("unchecked")
        Set<byte[]> typedSet = (Set<byte[]>) (Set<?>) twoArrays;
        assertEquals(dynamic.reason(), writeRefused(Codecs.of(new TypeRef<Set<byte[]>>() {}), typedSet).reason());
    }

    @Test
    void anElementsErrorIsNamedByItsIndex() {
        TypedJsonException dynamic = readRefused(DynamicCodec.INSTANCE, "[1,\"~x\"]");
        TypedJsonException typed = readRefused(Codecs.of(new TypeRef<List<String>>() {}), "[\"a\",\"~x\"]");
        TypedJsonException connect = connectReadRefused("[str]", "[\"a\",\"~x\"]");
        assertEquals("$[1]", dynamic.path());
        assertEquals("$[1]", typed.path());
        assertEquals("$[\"~v\"][1]", connect.path());
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

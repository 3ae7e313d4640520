package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A thread reads every document with one jackson-core parser, set back for each: nothing of one document (its
 * position, its tokens, a failure, names it taught the parser) may show in the next.
 */
class ParserReuseTest {
    private final TypedJsonFormat format = TypedJsonFormat.defaults();

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aFailedReadLeavesTheNextReadsAsIfFirst() {
        byte[] bad = utf8("{\"a\":[1,2,}");
        TypedJsonException first = assertThrows(TypedJsonException.class, () -> format.read(DynamicCodec.INSTANCE, bad));
        assertEquals(List.of(1L, 2L), format.read(DynamicCodec.INSTANCE, utf8("[1,2]")));
        TypedJsonException again = assertThrows(TypedJsonException.class, () -> format.read(DynamicCodec.INSTANCE, bad));
        assertEquals(first.getMessage(), again.getMessage());
        assertEquals(10, again.byteOffset());
    }

    @Test
    void offsetsCountFromTheDocumentWithinALargerArray() {
        byte[] buffer = utf8("xxxx{\"k\":\"~q\"}yyyy{\"k\":1}]");
        format.read(DynamicCodec.INSTANCE, utf8("{\"k\":1}"));
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> format.read(DynamicCodec.INSTANCE, buffer, 4, 10));
        assertEquals(5, e.byteOffset());
        assertEquals("$.k", e.path());
        assertEquals(Map.of("k", 1L), format.read(DynamicCodec.INSTANCE, buffer, 18, 7));
        TypedJsonException trailing = assertThrows(TypedJsonException.class,
                () -> format.read(DynamicCodec.INSTANCE, buffer, 18, 8));
        assertEquals(7, trailing.byteOffset(), trailing.getMessage());
    }

    @Test
    void manyNewNamesThenAnOrdinaryDocument() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < 2_000; i++) {
            sb.append(i == 0 ? "" : ",").append("\"name").append(i).append("\":").append(i);
        }
        for (int round = 0; round < 3; round++) {
            Map<?, ?> wide = (Map<?, ?>) format.read(DynamicCodec.INSTANCE, utf8(sb + "}"));
            assertEquals(2_000, wide.size());
            assertEquals(1_999L, wide.get("name1999"));
        }
        assertEquals(Map.of("a", true), format.read(DynamicCodec.INSTANCE, utf8("{\"a\":true}")));
    }

    @Test
    void aDocumentReadWhileReadingAnother() {
        byte[] inner = utf8("{\"x\":\"~i7\"}");
        Codec<Object> nesting = new Codec<>() {
            @Override
            public void write(JsonGenerator out, Object value) {
                throw new UnsupportedOperationException("reading only");
            }

            @Override
            public Object read(JsonParser in) throws java.io.IOException {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("inner", format.read(DynamicCodec.INSTANCE, inner)); // same thread, outer parser still open
                m.put("outer", DynamicCodec.INSTANCE.read(in));
                return m;
            }
        };
        for (int round = 0; round < 3; round++) {
            Object v = format.read(nesting, utf8("[\"~s3\",{\"y\":null}]"));
            Map<String, Object> expected = new LinkedHashMap<>();
            expected.put("inner", Map.of("x", 7));
            Map<String, Object> y = new LinkedHashMap<>();
            y.put("y", null);
            expected.put("outer", List.of((short) 3, y));
            assertEquals(expected, v);
        }
    }
}

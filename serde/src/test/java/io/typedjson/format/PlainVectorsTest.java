package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The vectors of SPEC.md section 13.1 ({@code spec/vectors/plain.json}, written by gen_plain.py): plain documents read
 * and written in a dynamic position, the values a plain writer refuses (the whole reason and the path), and documents
 * a plain reader refuses (a phrase, the path and the byte offset). The TypeScript and Python clients run the same file.
 */
class PlainVectorsTest {

    private static byte[] utf8(Object document) {
        return ((String) document).getBytes(StandardCharsets.UTF_8);
    }

    private static Object readPlain(Map<?, ?> vector, byte[] document) {
        return new TypedJsonFormat(VectorsTest.limits(vector)).readPlain(DynamicCodec.INSTANCE, document, 0, document.length);
    }

    @TestFactory
    Stream<DynamicTest> plainVectors() throws IOException {
        Map<?, ?> file = (Map<?, ?>) VectorsTest.loadAny("plain.json");
        List<DynamicTest> tests = new ArrayList<>();
        for (Object o : (List<?>) file.get("read")) {
            Map<?, ?> v = (Map<?, ?>) o;
            tests.add(DynamicTest.dynamicTest("read: " + v.get("name"), () -> assertNull(
                    ModelEquality.firstDifference(VectorsTest.explicit(v.get("value")), readPlain(v, utf8(v.get("document")))),
                    "value read")));
        }
        for (Object o : (List<?>) file.get("write")) {
            Map<?, ?> v = (Map<?, ?>) o;
            tests.add(DynamicTest.dynamicTest("write: " + v.get("name"), () -> {
                Object value = VectorsTest.explicit(v.get("value"));
                byte[] written = TypedJsonFormat.defaults().writePlain(DynamicCodec.INSTANCE, value);
                assertEquals(v.get("document"), new String(written, StandardCharsets.UTF_8), "document written");
                assertNull(ModelEquality.firstDifference(value, readPlain(v, written)), "read back");
            }));
        }
        for (Object o : (List<?>) file.get("refused")) {
            Map<?, ?> v = (Map<?, ?>) o;
            tests.add(DynamicTest.dynamicTest("refused: " + v.get("name"), () -> {
                Object value = VectorsTest.explicit(v.get("value"));
                TypedJsonException e = assertThrows(TypedJsonException.class,
                        () -> TypedJsonFormat.defaults().writePlain(DynamicCodec.INSTANCE, value));
                assertEquals(v.get("error"), e.reason());
                assertEquals(v.get("path"), e.path());
                TypedJson.write(value); // typed JSON carries it
            }));
        }
        for (Object o : (List<?>) file.get("invalid")) {
            Map<?, ?> v = (Map<?, ?>) o;
            tests.add(DynamicTest.dynamicTest("invalid: " + v.get("name"), () -> {
                TypedJsonException e = assertThrows(TypedJsonException.class, () -> readPlain(v, utf8(v.get("document"))));
                assertTrue(e.reason().contains((String) v.get("error")), e::getMessage);
                assertEquals(v.get("path"), e.path(), e::getMessage);
                assertEquals(((Number) v.get("offset")).longValue(), e.byteOffset(), e::getMessage);
            }));
        }
        assertTrue(tests.size() >= 25, tests.size() + " vectors");
        return tests.stream();
    }
}

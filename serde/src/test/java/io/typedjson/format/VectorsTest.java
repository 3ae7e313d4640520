package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance vectors of SPEC.md, in the style of protobuf's conformance suite: {@code vectors/valid.json}
 * pairs a value (in the explicit notation of SPEC.md appendix A) with the exact document a writer must produce,
 * checked in both directions; {@code vectors/invalid.json} lists documents every reader must refuse, with the
 * path the error must name.
 */
class VectorsTest {

    @TestFactory
    Stream<DynamicTest> valid() throws IOException {
        List<Object> vectors = load("valid.json");
        assertTrue(vectors.size() > 50, "vectors loaded");
        return vectors.stream().map(o -> {
            Map<?, ?> vector = (Map<?, ?>) o;
            return DynamicTest.dynamicTest((String) vector.get("name"), () -> {
                Object value = explicit(vector.get("value"));
                byte[] document = ((String) vector.get("document")).getBytes(StandardCharsets.UTF_8);
                assertEquals(new String(document, StandardCharsets.UTF_8),
                        new String(TypedJson.write(value), StandardCharsets.UTF_8), "written document");
                assertNull(ModelEquality.firstDifference(value, read(vector, document)), "value read back");
            });
        });
    }

    /**
     * Reads the document with the limits the vector gives ({@code "limits"}: properties of SPEC.md section 9 and
     * their values), the defaults for the others.
     */
    static Object read(Map<?, ?> vector, byte[] document) {
        if (vector.get("limits") == null) {
            return TypedJson.read(document);
        }
        return new TypedJsonFormat(limits(vector)).read(DynamicCodec.INSTANCE, document);
    }

    /** The limits a vector gives, the defaults for the others. */
    static Limits limits(Map<?, ?> vector) {
        Object given = vector.get("limits");
        Limits l = Limits.DEFAULT;
        if (given == null) {
            return l;
        }
        for (Map.Entry<?, ?> e : ((Map<?, ?>) given).entrySet()) {
            long n = ((Number) e.getValue()).longValue();
            l = switch ((String) e.getKey()) {
                case Limits.DEPTH_PROPERTY -> new Limits((int) n, l.maxNumberLength(), l.maxStringLength(), l.maxDocumentLength(), l.maxElements());
                case Limits.NUMBER_LENGTH_PROPERTY -> new Limits(l.maxDepth(), (int) n, l.maxStringLength(), l.maxDocumentLength(), l.maxElements());
                case Limits.STRING_LENGTH_PROPERTY -> new Limits(l.maxDepth(), l.maxNumberLength(), (int) n, l.maxDocumentLength(), l.maxElements());
                case Limits.DOCUMENT_BYTES_PROPERTY -> new Limits(l.maxDepth(), l.maxNumberLength(), l.maxStringLength(), n, l.maxElements());
                case Limits.ELEMENTS_PROPERTY -> l.withMaxElements((int) n);
                default -> throw new IllegalArgumentException("unknown limit " + e.getKey());
            };
        }
        return l;
    }

    @TestFactory
    Stream<DynamicTest> invalid() throws IOException {
        return load("invalid.json").stream().map(o -> {
            Map<?, ?> vector = (Map<?, ?>) o;
            return DynamicTest.dynamicTest((String) vector.get("name"), () -> {
                byte[] document = vector.containsKey("document_base64")
                        ? Base64.getDecoder().decode((String) vector.get("document_base64"))
                        : ((String) vector.get("document")).getBytes(StandardCharsets.UTF_8);
                TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(vector, document));
                assertTrue(e.reason().contains((String) vector.get("error")),
                        () -> "error should mention '" + vector.get("error") + "' but was: " + e.getMessage());
                assertEquals(vector.get("path"), e.path(), () -> "path in: " + e.getMessage());
                assertTrue(e.byteOffset() >= 0 && e.byteOffset() <= document.length, () -> "offset in: " + e.getMessage());
                if (vector.containsKey("offset")) {
                    assertEquals(Long.parseLong(vector.get("offset").toString()), e.byteOffset(), e::getMessage);
                }
            });
        });
    }

    /** Documents readers take although writers never produce them (JSON's own freedom): read to the value only. */
    @TestFactory
    Stream<DynamicTest> accepted() throws IOException {
        List<Object> vectors = load("accepted.json");
        assertTrue(vectors.size() >= 20, "vectors loaded");
        return vectors.stream().map(o -> {
            Map<?, ?> vector = (Map<?, ?>) o;
            return DynamicTest.dynamicTest((String) vector.get("name"), () -> {
                byte[] document = vector.containsKey("document_base64")
                        ? Base64.getDecoder().decode((String) vector.get("document_base64"))
                        : ((String) vector.get("document")).getBytes(StandardCharsets.UTF_8);
                Object value = explicit(vector.get("value"));
                assertNull(ModelEquality.firstDifference(value, read(vector, document)), "value read");
                // and the value's own document is a different one: these are second spellings, read-only
                assertTrue(!java.util.Arrays.equals(document, TypedJson.write(value)), "not the canonical document");
            });
        });
    }

    /** Builds the Java value of the explicit notation: [type, payload] pairs, null for null. */
    static Object explicit(Object spec) {
        if (spec == null) {
            return null;
        }
        List<?> pair = (List<?>) spec;
        String type = (String) pair.get(0);
        Object p = pair.get(1);
        switch (type) {
            case "bool": return p;
            case "int8": return Byte.valueOf((String) p);
            case "int16": return Short.valueOf((String) p);
            case "int32": return Integer.valueOf((String) p);
            case "int64": return Long.valueOf((String) p);
            case "bigint": return new BigInteger((String) p);
            case "float32": return Float.valueOf((String) p);
            case "float64": return Double.valueOf((String) p);
            case "decimal": return new BigDecimal((String) p);
            case "string": return p;
            case "bytes": return Base64.getDecoder().decode((String) p);
            case "instant": return Instant.parse((String) p);
            case "date": return LocalDate.parse((String) p);
            case "time": return LocalTime.parse((String) p);
            case "datetime": return LocalDateTime.parse((String) p);
            case "offsetdatetime": return OffsetDateTime.parse((String) p);
            case "uuid": return UUID.fromString((String) p);
            case "duration": return java.time.Duration.parse((String) p);
            case "list": {
                List<Object> list = new ArrayList<>();
                ((List<?>) p).forEach(e -> list.add(explicit(e)));
                return list;
            }
            case "set": {
                LinkedHashSet<Object> set = new LinkedHashSet<>();
                ((List<?>) p).forEach(e -> set.add(explicit(e)));
                return set;
            }
            case "nest": { // [n, value]: value inside n lists, so deep documents need no deep notation
                List<?> args = (List<?>) p;
                Object v = explicit(args.get(1));
                for (int i = ((Number) args.get(0)).intValue(); i > 0; i--) {
                    List<Object> list = new ArrayList<>();
                    list.add(v);
                    v = list;
                }
                return v;
            }
            case "map": {
                Map<Object, Object> map = new LinkedHashMap<>();
                ((List<?>) p).forEach(e -> map.put(explicit(((List<?>) e).get(0)), explicit(((List<?>) e).get(1))));
                return map;
            }
            default: throw new IllegalArgumentException("unknown explicit type " + type);
        }
    }

    /** Plain JSON into Lists, Maps, Strings, Booleans and null: all the vector files use. */
    @SuppressWarnings("unchecked")
    static List<Object> load(String name) throws IOException {
        return (List<Object>) loadAny(name);
    }

    /** A vector file whose top level is any JSON value (plain.json's is an object of lists). */
    static Object loadAny(String name) throws IOException {
        try (InputStream in = VectorsTest.class.getResourceAsStream("/vectors/" + name);
             JsonParser p = new JsonFactory().createParser(in)) {
            p.nextToken();
            return plain(p);
        }
    }

    private static Object plain(JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(plain(p));
                }
                return list;
            }
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String key = p.currentName();
                    p.nextToken();
                    map.put(key, plain(p));
                }
                return map;
            }
            case VALUE_STRING: return p.getText();
            case VALUE_TRUE: return true;
            case VALUE_FALSE: return false;
            case VALUE_NULL: return null;
            case VALUE_NUMBER_INT: return p.getLongValue(); // counts and offsets; values are strings (appendix A)
            default: throw new IllegalStateException("vector files hold no other numbers: " + p.getText());
        }
    }
}

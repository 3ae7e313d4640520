package io.typedjson.connect.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.connect.TypedJsonConverterConfig;
import io.typedjson.format.TypedJsonException;
import io.typedjson.fuzz.JsonOracle;
import io.typedjson.fuzz.Show;
import io.typedjson.fuzz.Work;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * Coverage-guided fuzzing of the Connect converter (Jazzer) through its public interface, with the oracle of serde's
 * {@code DeserializerFuzzTest}: an accepted document is JSON to jackson-core's strict parser and keeps the byte
 * rules of SPEC.md section 1; what it reads writes back to a document that reads back to the same schema and
 * value, and writes again byte for byte; the document read differs from the one written only by JSON's freedom
 * and the second spellings of SPEC.md 5.2; nothing but {@link DataException} leaves, with only typedjson's and
 * jackson-core's exceptions under it; the bytes allocated stay linear in the input ({@link Work}).
 *
 * <p>{@code inline}: the bytes as a record value for converters in locations inline and none, and as a header value
 * ({@code toConnectHeader}). {@code header}: the bytes before the first NUL are the record header
 * {@code typedjson.schema} (no NUL: no header), the rest the value, for a converter in location header. {@code plain}:
 * the bytes as plain JSON read with a configured schema ({@code typedjson.schema.content}). The inputs
 * replayed by {@code mvn verify} are under
 * {@code src/test/resources/io/typedjson/connect/fuzz/ConverterFuzzTestInputs/<method>/}.
 */
class ConverterFuzzTest {

    private static final String TOPIC = "fuzz";
    private static final String SCHEMA_HEADER = TypedJsonConverterConfig.VALUE_SCHEMA_HEADER;

    private static final TypedJsonConverter INLINE = converter("inline");
    private static final TypedJsonConverter HEADER = converter("header");
    private static final TypedJsonConverter NONE = converter("none");
    /** Every Connect type, nested, maps of string and other keys, optionals and defaults: what {@code plain} reads with. */
    private static final String EVERY_TYPE = notation(new SchemaAndValue(io.typedjson.connect.Samples.ALL, io.typedjson.connect.Samples.all()));
    private static final TypedJsonConverter PLAIN_NUMERIC = plain(EVERY_TYPE, "NUMERIC");
    private static final TypedJsonConverter PLAIN_BASE64 = plain(EVERY_TYPE, "BASE64");

    @FuzzTest(maxDuration = "5m")
    void inline(byte[] document) {
        check(INLINE, null, document);
        check(NONE, null, document);
        checkHeaderValue(document);
    }

    @FuzzTest(maxDuration = "5m")
    void header(byte[] input) {
        int nul = indexOf(input, (byte) 0);
        byte[] schemaHeader = nul < 0 ? null : Arrays.copyOf(input, nul);
        byte[] document = nul < 0 ? input : Arrays.copyOfRange(input, nul + 1, input.length);
        check(HEADER, schemaHeader, document);
    }

    /**
     * Plain JSON (what JsonConverter writes with {@code schemas.enable=false}) read with a configured schema
     * ({@code typedjson.schema.content}), decimals as numbers and as base64: a value or a clean refusal of a document
     * jackson-core and SPEC.md section 1 accept, in linear work, and what it reads carries through an inline document
     * unchanged (so it is a value of its schema).
     */
    @FuzzTest(maxDuration = "5m")
    void plain(byte[] document) {
        for (TypedJsonConverter plain : List.of(PLAIN_NUMERIC, PLAIN_BASE64)) {
            SchemaAndValue read = readOrRefuse(document, () -> plain.toConnectData(TOPIC, document));
            Work.assertLinear(document.length, document, () -> readOrRefuse(document, () -> plain.toConnectData(TOPIC, document)));
            if (read == null) {
                continue;
            }
            acceptedDocument(document, read);
            if (read.value() instanceof Struct s) {
                s.validate();
            }
            byte[] inline = write(() -> INLINE.fromConnectData(TOPIC, read.schema(), read.value()), document);
            SchemaAndValue back = readOrRefuse(inline, () -> INLINE.toConnectData(TOPIC, inline));
            assertNotNull(back, () -> "the inline document of a plain read is refused: " + Show.bytes(inline));
            assertSame(read, back, inline, document);
        }
    }

    /**
     * The committed inputs of {@link #plain} reach the plain reader's refusals and its allocation bound, not only its
     * reads: every input named {@code invalid-*} (SPEC.md's invalid vectors that are not JSON, and JsonConverter's
     * every-type document with one value out of range, of another type or spelling, duplicated, missing, unknown and
     * too deep, or a number too long) is refused by both plain converters, with a {@link DataException} naming the
     * topic; an input named for a decimal format ({@code *-numeric-*}, {@code *-base64-*}) otherwise is read by
     * the converter of that format. The fuzzed inputs add both kinds.
     */
    @Test
    void thePlainInputsAreRefusedOrReadAsTheirNamesSay() throws Exception {
        Path dir = Path.of(ConverterFuzzTest.class.getResource("ConverterFuzzTestInputs/plain").toURI());
        List<Path> inputs;
        try (var files = Files.list(dir)) {
            inputs = files.sorted().toList();
        }
        int refused = 0;
        int invalid = 0;
        for (Path input : inputs) {
            String name = input.getFileName().toString();
            byte[] document = Files.readAllBytes(input);
            SchemaAndValue numeric = readOrRefuse(document, () -> PLAIN_NUMERIC.toConnectData(TOPIC, document));
            SchemaAndValue base64 = readOrRefuse(document, () -> PLAIN_BASE64.toConnectData(TOPIC, document));
            if (name.startsWith("invalid-")) {
                assertNull(numeric, () -> name + " read with decimal.format NUMERIC");
                assertNull(base64, () -> name + " read with decimal.format BASE64");
                invalid++;
            } else if (name.contains("-numeric-")) {
                assertNotNull(numeric, () -> name + " refused with decimal.format NUMERIC");
            } else if (name.contains("-base64-")) {
                assertNotNull(base64, () -> name + " refused with decimal.format BASE64");
            }
            refused += (numeric == null ? 1 : 0) + (base64 == null ? 1 : 0);
        }
        assertTrue(invalid >= 100, "inputs named invalid-*: " + invalid);
        System.out.printf("plain inputs: %d, %d reads refused of %d%n", inputs.size(), refused, 2 * inputs.size());
    }

    /** A record value (and its schema header) through {@code toConnectData}, and what it reads back through {@code fromConnectData}. */
    private static void check(TypedJsonConverter converter, byte[] schemaHeader, byte[] document) {
        int size = document.length + (schemaHeader == null ? 0 : schemaHeader.length);
        SchemaAndValue read = readOrRefuse(document, () -> converter.toConnectData(TOPIC, headers(schemaHeader), document));
        Work.assertLinear(size, document, () -> readOrRefuse(document, () -> converter.toConnectData(TOPIC, headers(schemaHeader), document)));
        if (read == null) {
            return;
        }
        Object tree = acceptedDocument(document, read);
        if (schemaHeader != null) {
            assertTrue(wellFormedUtf8(schemaHeader), () -> "accepted a schema header that is not UTF-8: " + Show.bytes(schemaHeader));
        }
        if (read.value() == null && read.schema() == null) {
            assertNull(tree, () -> "read as a null without a schema: " + Show.bytes(document));
            return;
        }
        Headers headers = new RecordHeaders();
        byte[] written = write(() -> converter.fromConnectData(TOPIC, headers, read.schema(), read.value()), document);
        assertNotNull(written, () -> "written as a tombstone: " + Show.bytes(document));
        SchemaAndValue back = readOrRefuse(written, () -> converter.toConnectData(TOPIC, headers, written));
        assertNotNull(back, () -> "the writer's document is refused: " + Show.bytes(written) + " from " + Show.bytes(document));
        if (converter != NONE) {
            // location none writes no schema, so what it reads back is the schema derived from the value
            // (SPEC.md 11, "Derived schemas"): exact from there on, which the fixed point below checks
            assertSame(read, back, written, document);
        }
        Headers again = new RecordHeaders();
        byte[] rewritten = converter.fromConnectData(TOPIC, again, back.schema(), back.value());
        assertArrayEquals(written, rewritten, () -> "not a fixed point: " + Show.bytes(written) + " then " + Show.bytes(rewritten));
        assertArrayEquals(value(headers.lastHeader(SCHEMA_HEADER)), value(again.lastHeader(SCHEMA_HEADER)), "schema header written again");
        if (converter != NONE) {
            assertOnlyFreedom(tree, read.schema(), written, document);
        }
    }

    /** A header value through {@code toConnectHeader} and back through {@code fromConnectHeader}: always inline. */
    private static void checkHeaderValue(byte[] document) {
        SchemaAndValue read = readOrRefuse(document, () -> INLINE.toConnectHeader(TOPIC, "h", document));
        if (read == null) {
            return;
        }
        Object tree = acceptedDocument(document, read);
        byte[] written = write(() -> INLINE.fromConnectHeader(TOPIC, "h", read.schema(), read.value()), document);
        if (written == null) { // no schema and no value: the document null
            assertNull(tree, () -> "read as a null without a schema: " + Show.bytes(document));
            return;
        }
        SchemaAndValue back = readOrRefuse(written, () -> INLINE.toConnectHeader(TOPIC, "h", written));
        assertNotNull(back, () -> "the writer's header value is refused: " + Show.bytes(written) + " from " + Show.bytes(document));
        assertSame(read, back, written, document);
        assertArrayEquals(written, INLINE.fromConnectHeader(TOPIC, "h", back.schema(), back.value()), "not a fixed point");
        assertOnlyFreedom(tree, read.schema(), written, document);
    }

    private static Object acceptedDocument(byte[] document, SchemaAndValue read) {
        Object tree = JsonOracle.parse(document);
        if (tree instanceof JsonOracle.Refused) {
            fail("accepted what jackson-core or SPEC.md section 1 refuses (" + ((JsonOracle.Refused) tree).getMessage() + "): "
                    + Show.bytes(document) + " read as " + read);
        }
        return tree;
    }

    private static void assertOnlyFreedom(Object tree, Schema schema, byte[] written, byte[] document) {
        Object writtenTree = JsonOracle.parse(written);
        String difference = schema == null ? JsonOracle.dynamicDifference(tree, writtenTree) : JsonOracle.typedDifference(tree, writtenTree);
        assertNull(difference, () -> "the document differs from the writer's by more than JSON's freedom, at " + difference
                + ": " + Show.bytes(document) + " written " + Show.bytes(written));
    }

    private static void assertSame(SchemaAndValue expected, SchemaAndValue actual, byte[] written, byte[] document) {
        // Connect's Schema.equals compares defaults with equals, so a byte[] inside a default never equals its copy
        // (SPEC.md 11); the notation written again (the fixed point) covers such schemas
        if (!Objects.equals(expected.schema(), actual.schema())) {
            assertEquals(notation(expected), notation(actual), () -> "schema read back from " + Show.bytes(written));
        }
        String difference = difference("$", expected.value(), actual.value());
        assertNull(difference, () -> "value round trip " + difference + " for " + Show.bytes(written) + " from " + Show.bytes(document));
    }

    /** Connect values compared as SPEC.md 11 means: bits of floats, scales of decimals, contents of bytes, orders of maps. */
    private static String difference(String path, Object e, Object a) {
        if (e == null || a == null) {
            return e == a ? null : path + ": " + e + " read back as " + a;
        }
        if (e instanceof byte[] || e instanceof ByteBuffer) {
            return Arrays.equals(bytes(e), bytes(a)) ? null : path + ": bytes differ";
        }
        if (e.getClass() != a.getClass()) {
            return path + ": a " + e.getClass().getName() + " read back as a " + a.getClass().getName();
        }
        if (e instanceof Double) {
            return Double.doubleToLongBits((Double) e) == Double.doubleToLongBits((Double) a) ? null : path + ": " + e + " read back as " + a;
        }
        if (e instanceof Float) {
            return Float.floatToIntBits((Float) e) == Float.floatToIntBits((Float) a) ? null : path + ": " + e + " read back as " + a;
        }
        if (e instanceof Struct) {
            for (Field f : ((Struct) e).schema().fields()) {
                String d = difference(path + "." + f.name(), ((Struct) e).getWithoutDefault(f.name()), ((Struct) a).getWithoutDefault(f.name()));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (e instanceof List) {
            return iterables(path, (List<?>) e, (List<?>) a);
        }
        if (e instanceof Map) {
            if (((Map<?, ?>) e).size() != ((Map<?, ?>) a).size()) {
                return path + ": map sizes differ";
            }
            Iterator<? extends Map.Entry<?, ?>> ia = ((Map<?, ?>) a).entrySet().iterator();
            int i = 0;
            for (Map.Entry<?, ?> x : ((Map<?, ?>) e).entrySet()) {
                Map.Entry<?, ?> y = ia.next();
                String d = difference(path + "{key " + i + "}", x.getKey(), y.getKey());
                d = d != null ? d : difference(path + "[" + i + "]", x.getValue(), y.getValue());
                if (d != null) {
                    return d;
                }
                i++;
            }
            return null;
        }
        return e.equals(a) ? null : path + ": " + e + " read back as " + a; // BigDecimal.equals compares the scale
    }

    private static String iterables(String path, List<?> e, List<?> a) {
        if (e.size() != a.size()) {
            return path + ": " + e.size() + " elements read back as " + a.size();
        }
        for (int i = 0; i < e.size(); i++) {
            String d = difference(path + "[" + i + "]", e.get(i), a.get(i));
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static byte[] bytes(Object o) {
        if (o instanceof byte[]) {
            return (byte[]) o;
        }
        if (o instanceof ByteBuffer) {
            ByteBuffer b = ((ByteBuffer) o).duplicate();
            byte[] out = new byte[b.remaining()];
            b.get(out);
            return out;
        }
        return null;
    }

    /** The value read, or null when refused with a clean {@link DataException}; anything else thrown is a finding. */
    private static SchemaAndValue readOrRefuse(byte[] document, Supplier<SchemaAndValue> read) {
        try {
            return read.get();
        } catch (DataException e) {
            assertTrue(e.getMessage() != null && e.getMessage().contains("topic '" + TOPIC + "'"),
                    () -> e.getMessage() + " for " + Show.bytes(document));
            for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                if (!(t instanceof DataException || t instanceof TypedJsonException || t instanceof IOException)) {
                    throw new AssertionError("a refusal caused by " + t + " for " + Show.bytes(document), e);
                }
            }
            return null;
        }
    }

    private static byte[] write(Supplier<byte[]> write, byte[] document) {
        try {
            return write.get();
        } catch (DataException e) {
            throw new AssertionError("read but cannot be written again: " + Show.bytes(document), e);
        }
    }

    private static boolean wellFormedUtf8(byte[] b) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static Headers headers(byte[] schemaHeader) {
        Headers h = new RecordHeaders();
        if (schemaHeader != null) {
            h.add(SCHEMA_HEADER, schemaHeader);
        }
        return h;
    }

    /** The schema notation the header location writes for a schema (with a value it fits). */
    private static String notation(SchemaAndValue sv) {
        Headers h = new RecordHeaders();
        HEADER.fromConnectData(TOPIC, h, sv.schema(), sv.value());
        return h.lastHeader(SCHEMA_HEADER) == null ? null : new String(h.lastHeader(SCHEMA_HEADER).value(), StandardCharsets.UTF_8);
    }

    private static byte[] value(Header h) {
        return h == null ? null : h.value();
    }

    private static int indexOf(byte[] b, byte x) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
    }

    private static TypedJsonConverter plain(String schema, String decimalFormat) {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of(TypedJsonConverterConfig.SCHEMA_CONTENT, schema, TypedJsonConverterConfig.DECIMAL_FORMAT, decimalFormat), false);
        return c;
    }

    private static TypedJsonConverter converter(String location) {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of(TypedJsonConverterConfig.SCHEMA_LOCATION, location), false);
        return c;
    }
}

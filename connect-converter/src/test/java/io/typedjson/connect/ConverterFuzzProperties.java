package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.typedjson.format.TypedJsonException;
import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * Hostile records through the converter's public interface: whatever the bytes and the schema header, it returns a
 * SchemaAndValue or throws {@link DataException}, never another exception (a StackOverflowError included), never
 * a hang. What it returns can be written again, and reads back the same; what it writes it reads back byte for byte.
 *
 * <p>The pool of valid documents is written by the converter itself from random schemas and values
 * ({@link RandomConnect}); the mutations are where the variety is. 18,500 tries in all; for a longer run:
 * {@code -Dtest=ConverterFuzzProperties -Dtypedjson.tries=1000000} ({@link Check}).
 */
class ConverterFuzzProperties {

    private static final String TOPIC = "fuzz";
    private static final TypedJsonConverter INLINE = HardeningTest.converter("inline");
    private static final TypedJsonConverter HEADER = HardeningTest.converter("header");
    private static final TypedJsonConverter NONE = HardeningTest.converter("none");

    /** A document the converter wrote, with its schema header (header mode) or none. */
    record Written(byte[] document, byte[] schemaHeader, String location) {}

    private static List<Written> pool;

    static synchronized List<Written> pool() {
        if (pool == null) {
            List<Written> out = new ArrayList<>();
            RandomConnect random = new RandomConnect(20261201L);
            for (int i = 0; i < 400; i++) {
                Schema schema = random.schema(3);
                Object value = random.value(schema);
                for (TypedJsonConverter c : new TypedJsonConverter[] {INLINE, HEADER, NONE}) {
                    Headers headers = new RecordHeaders();
                    byte[] doc;
                    try {
                        doc = c.fromConnectData(TOPIC, headers, schema, value);
                    } catch (DataException e) {
                        continue; // a value too deep for a document (in none a ~map is one level deeper than inline's pair array)
                    }
                    Header h = headers.lastHeader("typedjson.schema");
                    out.add(new Written(doc, h == null ? null : h.value(), c == INLINE ? "inline" : c == HEADER ? "header" : "none"));
                }
            }
            out.add(new Written(bytes(INLINE.fromConnectData(TOPIC, Samples.ALL, Samples.all())), null, "inline"));
            pool = out;
        }
        return pool;
    }

    static byte[] bytes(byte[] b) {
        return b;
    }

    // ------------------------------------------------------------------ properties

    @Test
    void randomSchemasAndValuesRoundTripExactly() {
        Check.forAll(3_000, Gens.longs(), ConverterFuzzProperties::showRandom, seed -> {
            RandomConnect random = new RandomConnect(seed);
            Schema schema = random.schema(3);
            Object value = random.value(schema);
            for (TypedJsonConverter c : new TypedJsonConverter[] {INLINE, HEADER}) {
                Headers headers = new RecordHeaders();
                byte[] doc = c.fromConnectData(TOPIC, headers, schema, value);
                SchemaAndValue back = HardeningTest.converter(c == INLINE ? "inline" : "header").toConnectData(TOPIC, headers, doc);
                assertSameSchema(schema, back.schema());
                assertEquals(SameValue.of(value), SameValue.of(back.value()), () -> new String(doc, StandardCharsets.UTF_8));
                assertArrayEquals(doc, c.fromConnectData(TOPIC, new RecordHeaders(), back.schema(), back.value()));
            }
        });
    }

    static Gen<Written> mutatedDocuments() {
        return Gens.combine(Gens.elements(pool()), Gens.ints(0, Integer.MAX_VALUE), Gens.ints(0, 255), Gens.ints(0, 5),
                (w, at, b, kind) -> new Written(mutate(w.document(), at, b, kind), w.schemaHeader(), w.location()));
    }

    @Test
    void mutatedDocumentsAreReadOrRefusedCleanly() {
        int[] read = {0};
        Check.forAll(6_000, mutatedDocuments(), ConverterFuzzProperties::show, w -> read[0] += readOrRefuse(w) ? 1 : 0);
        // about 10% are read; were none, the round trip of what is read would never be checked
        assertTrue(read[0] >= Check.tries(6_000) / 100, "read " + read[0] + " mutated documents");
    }

    /** The notation of a valid record, mutated, in the schema header and inline in "~s" with the same value. */
    static Gen<Written> mutatedNotations() {
        return Gens.tuple(Gens.elements(pool().stream().filter(w -> w.schemaHeader() != null).toList()),
                Gens.ints(0, Integer.MAX_VALUE), Gens.elements(NOTATION_PIECES), Gens.ints(0, 4), Gens.ints(0, 1)).map(t -> {
                    Written w = (Written) t[0];
                    String notation = new String(w.schemaHeader(), StandardCharsets.UTF_8);
                    String mutated = mutate(notation, (Integer) t[1], (String) t[2], (Integer) t[3]);
                    if ((Integer) t[4] == 1) {
                        String value = new String(INLINE_VALUE.get(w), StandardCharsets.UTF_8);
                        return new Written(("{\"~s\":" + jsonString(mutated) + ",\"~v\":" + value + "}").getBytes(StandardCharsets.UTF_8), null, "inline");
                    }
                    return new Written(w.document(), mutated.getBytes(StandardCharsets.UTF_8), "header");
                });
    }

    /** The inline "~v" of a header-mode record: the same value written positionally. */
    private static final Map<Written, byte[]> INLINE_VALUE = new java.util.concurrent.ConcurrentHashMap<>() {
        @Override
        public byte[] get(Object key) {
            return computeIfAbsent((Written) key, w -> {
                SchemaAndValue sv = HEADER.toConnectData(TOPIC, headers(w.schemaHeader()), w.document());
                byte[] doc = INLINE.fromConnectData(TOPIC, sv.schema(), sv.value());
                String text = new String(doc, StandardCharsets.UTF_8);
                int v = text.indexOf(",\"~v\":");
                return text.substring(v + 6, text.length() - 1).getBytes(StandardCharsets.UTF_8);
            });
        }
    };

    @Test
    void mutatedNotationsAreReadOrRefusedCleanly() {
        int[] read = {0};
        Check.forAll(3_000, mutatedNotations(), ConverterFuzzProperties::show, w -> read[0] += readOrRefuse(w) ? 1 : 0);
        // about 17% are read
        assertTrue(read[0] >= Check.tries(3_000) / 100, "read " + read[0] + " mutated notations");
    }

    private static final String[] NOTATION_PIECES = {"[", "]", "{", "}", "<", ">", ",", ":", "?", "@", "#", "!", "(", ")", "=",
        "`", "``", " ", "i8", "i32", "str", "bytes", "dec(", "dec(2)", "dec(1,2)", "date", "time", "ts", "f32", "f64", "bool",
        "#-0", "#01", "#1", "@n", "!d", "(k=v)", "=1", "=`\"x\"`", "=null", "a:", "a:str", "`a`", "\u00e9", "\\", "\"", "~",
        "[[[[[[", "{a:{a:{a:", "<i32,<i32,", "\ud800", "\u0000",
        "[".repeat(300), "{a:".repeat(300), "<i8,".repeat(300), "]".repeat(300)}; // two of these nest past the limit

    static Gen<String> randomNotations() {
        return Gens.elements(NOTATION_PIECES).list(12).map(l -> String.join("", l));
    }

    @Test
    void randomNotationsAreReadOrRefusedCleanly() {
        Check.forAll(1_500, randomNotations(), values(), (notation, value) -> {
            readOrRefuse(new Written(value.getBytes(StandardCharsets.UTF_8), notation.getBytes(StandardCharsets.UTF_8), "header"));
            readOrRefuse(new Written(("{\"~s\":" + jsonString(notation) + ",\"~v\":" + value + "}").getBytes(StandardCharsets.UTF_8), null, "inline"));
        });
    }

    static Gen<String> values() {
        return Gens.elements("null", "1", "-0", "1.5", "\"x\"", "[]", "{}", "[1,\"a\"]", "{\"a\":1}", "\"AQ==\"", "\"1970-01-01\"",
                "\"00:00\"", "\"1970-01-01T00:00:00Z\"", "[null]", "[[]]", "\"NaN\"", "true", "[1,2,3,4]", "{\"~~a\":[]}");
    }

    @Test
    void randomBytesAreReadOrRefusedCleanly() {
        Check.forAll(2_000, Gens.byteArrays(0, 255), Gens.byteArrays(0, 255), (document, header) -> {
            readOrRefuse(new Written(document, null, "inline"));
            readOrRefuse(new Written(document, null, "none"));
            readOrRefuse(new Written(document, header, "header"));
        });
    }

    @Test
    void headerValuesAreReadOrRefusedCleanly() {
        Check.forAll(3_000, mutatedDocuments(), ConverterFuzzProperties::show, w -> {
            try {
                SchemaAndValue sv = INLINE.toConnectHeader(TOPIC, "h", w.document());
                byte[] again = INLINE.fromConnectHeader(TOPIC, "h", sv.schema(), sv.value());
                if (again != null) {
                    SchemaAndValue back = INLINE.toConnectHeader(TOPIC, "h", again);
                    assertSameSchema(sv.schema(), back.schema());
                    assertEquals(SameValue.of(sv.value()), SameValue.of(back.value()));
                }
            } catch (DataException e) {
                assertClean(e, w.document());
            }
        });
    }

    /** The schema and value {@link RandomConnect} makes from a seed, and the inline document of them. */
    static String showRandom(long seed) {
        RandomConnect random = new RandomConnect(seed);
        Schema schema = random.schema(3);
        Object value = random.value(schema);
        String notation;
        String document;
        try {
            notation = NOTATIONS.forSchema(schema).text;
        } catch (RuntimeException e) {
            notation = "(no notation: " + e.getMessage() + ")";
        }
        try {
            document = io.typedjson.fuzz.Show.bytes(INLINE.fromConnectData(TOPIC, schema, value));
        } catch (RuntimeException e) {
            document = "(not written: " + e.getMessage() + ")";
        }
        return "RandomConnect seed " + seed + "\nschema: " + notation + "\nvalue: " + value + "\ninline document: " + document;
    }

    /** A record in a failure message: its location, its document's bytes and its schema header's. */
    static String show(Written w) {
        return "location " + w.location() + ", document " + io.typedjson.fuzz.Show.bytes(w.document())
                + (w.schemaHeader() == null ? ", no schema header" : ", schema header " + io.typedjson.fuzz.Show.bytes(w.schemaHeader()));
    }

    // ------------------------------------------------------------------ the property

    /** Whether the record was read (and then checked to write again and read back the same). */
    private static boolean readOrRefuse(Written w) {
        TypedJsonConverter reader = converterFor(w.location());
        SchemaAndValue sv;
        try {
            sv = reader.toConnectData(TOPIC, headers(w.schemaHeader()), w.document());
        } catch (DataException e) {
            assertClean(e, w.document());
            return false;
        }
        if (sv.value() == null && sv.schema() == null) {
            return true;
        }
        // accepted: write it again as the same converter would, and read that back to the same schema and value
        Headers headers = new RecordHeaders();
        byte[] again;
        try {
            again = reader.fromConnectData(TOPIC, headers, sv.schema(), sv.value());
        } catch (DataException e) {
            throw new AssertionError("read but cannot be written again: " + e.getMessage() + " for "
                    + new String(w.document(), StandardCharsets.UTF_8), e);
        }
        SchemaAndValue back = reader.toConnectData(TOPIC, headers, again);
        assertSameSchema(sv.schema(), back.schema());
        assertEquals(SameValue.of(sv.value()), SameValue.of(back.value()), () -> new String(again, StandardCharsets.UTF_8));
        // and what the writer wrote is its one spelling: writing what was read from it gives the same bytes
        Headers third = new RecordHeaders();
        assertArrayEquals(again, reader.fromConnectData(TOPIC, third, back.schema(), back.value()));
        return true;
    }

    private static final SchemaCache NOTATIONS = new SchemaCache(io.typedjson.format.TypedJsonFormat.defaults(), 100);

    /**
     * Connect's Schema.equals compares a default value with equals, so a default holding a byte[] inside a list or
     * a map (a map keyed by bytes) never equals a copy of itself: such schemas are the same when their
     * notations are, which write the default's content.
     */
    static void assertSameSchema(Schema expected, Schema actual) {
        if (expected == null || actual == null || !expected.equals(actual)) {
            assertEquals(expected == null ? null : NOTATIONS.forSchema(expected).text, actual == null ? null : NOTATIONS.forSchema(actual).text);
        }
    }

    private static TypedJsonConverter converterFor(String location) {
        return location.equals("inline") ? INLINE : location.equals("header") ? HEADER : NONE;
    }

    /** A refusal names the topic, and nothing but our own exceptions (and the parser's, under them) caused it. */
    private static void assertClean(DataException e, byte[] document) {
        assertTrue(e.getMessage() != null && e.getMessage().contains("topic '" + TOPIC + "'"), e::getMessage);
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof Error || (t instanceof RuntimeException && !(t instanceof DataException || t instanceof TypedJsonException))) {
                fail("unexpected " + t + " for " + Arrays.toString(Arrays.copyOf(document, Math.min(document.length, 200))), t);
            }
        }
    }

    static Headers headers(byte[] schemaHeader) {
        Headers h = new RecordHeaders();
        if (schemaHeader != null) {
            h.add("typedjson.schema", schemaHeader);
        }
        return h;
    }

    static byte[] mutate(byte[] doc, int at, int b, int kind) {
        if (doc.length == 0) {
            return new byte[] {(byte) b};
        }
        int i = at % doc.length;
        switch (kind) {
            case 0: { byte[] m = doc.clone(); m[i] = (byte) b; return m; }
            case 1: return Arrays.copyOf(doc, i);
            case 2: {
                byte[] m = new byte[doc.length + 1];
                System.arraycopy(doc, 0, m, 0, i);
                m[i] = (byte) b;
                System.arraycopy(doc, i, m, i + 1, doc.length - i);
                return m;
            }
            case 3: {
                byte[] m = new byte[doc.length - 1];
                System.arraycopy(doc, 0, m, 0, i);
                System.arraycopy(doc, i + 1, m, i, doc.length - i - 1);
                return m;
            }
            case 4: { // a printable ASCII byte, more likely to keep the JSON well-formed
                byte[] m = doc.clone();
                m[i] = (byte) (0x20 + b % 0x5f);
                return m;
            }
            default: { // a JSON token spliced in
                String[] tokens = {"~", "\\u007e", "-0", "1E3", "null", "[", "]", "{", "}", ",", "\"", "0.000", "\"~i1\"", ".0", "Z", "+00:00"};
                byte[] t = tokens[b % tokens.length].getBytes(StandardCharsets.UTF_8);
                byte[] m = new byte[doc.length + t.length];
                System.arraycopy(doc, 0, m, 0, i);
                System.arraycopy(t, 0, m, i, t.length);
                System.arraycopy(doc, i, m, i + t.length, doc.length - i);
                return m;
            }
        }
    }

    static String mutate(String s, int at, String piece, int kind) {
        int i = s.isEmpty() ? 0 : at % (s.length() + 1);
        switch (kind) {
            case 0: return s.substring(0, i) + piece + s.substring(i);                               // insert
            case 1: return s.substring(0, i) + piece + s.substring(Math.min(s.length(), i + 1));     // replace a char
            case 2: return s.substring(0, i) + s.substring(Math.min(s.length(), i + 1));             // delete a char
            case 3: return s.substring(0, i);                                                        // truncate
            default: return s.substring(0, i) + s.substring(0, i) + s.substring(i);                  // repeat a prefix
        }
    }

    static String jsonString(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}

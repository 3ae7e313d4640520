package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.internal.DynamicModel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The dynamic model reads an object of a shape it learned in one pass (JsonReader's one-pass reads along the keys it
 * learned, each value as the key's values were), and gives up to the token path on anything else: the two give the
 * same values and refusals (message, path, byte offset).
 */
class DynamicReadPathsTest {

    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();

    private static DynamicModel fresh() {
        return new DynamicModel() {};
    }

    /** Strings as the one-pass read takes them (plain) and as it leaves them to the token path (a tag, an escape). */
    private static final List<String> STRINGS = List.of("", "a", "abc def", "caf\u00e9", "\u4e2d\u6587", "x\ud83d\ude00",
            "a~", "~~", "~~x", "~~~", "~", "~q", "~i12", "~i", "~s113", "~f27.638166", "~t2026-01-01T00:00:00.162Z",
            "~D2026-02-26", "~d43815.34", "~b/uReOBEzZY+jFs6QVJy8Ow==", "~i012", "tab\there", "quote\"back\\slash");

    /** The string's JSON spelling, its first char escaped as {@code \\uXXXX} when {@code escapeFirst}. */
    private static String spell(String s, boolean escapeFirst) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (i == 0 && escapeFirst || c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    @Test
    void aStringReadInOnePassIsTheStringTheTokenPathReads() {
        DynamicModel trained = fresh(); // the key k learned as a string's and a list of strings'
        for (int round = 0; round < 2; round++) {
            read(trained, "{\"a\":1,\"k\":\"x\"}");
            read(trained, "[{\"b\":1,\"k\":[\"x\"]}]");
        }
        int plain = 0;
        for (String s : STRINGS) {
            if (s.isEmpty()) {
                continue;
            }
            for (String doc : List.of("%s", "[%s,1]", "{\"a\":1,\"k\":%s}", "[{\"b\":1,\"k\":[%s,\"y\"]}]")) {
                String fast = doc.replace("%s", spell(s, false));
                String general = doc.replace("%s", spell(s, true)); // an escape: never the one-pass read
                for (boolean plainJson : new boolean[] {false, true}) {
                    assertEquals(outcome(fresh(), FORMAT, general, plainJson), outcome(trained, FORMAT, fast, plainJson), fast);
                    assertEquals(outcome(fresh(), FORMAT, fast, plainJson), outcome(trained, FORMAT, fast, plainJson), fast);
                }
            }
            if (!s.startsWith("~")) {
                assertEquals("String:" + s, outcome(fresh(), FORMAT, spell(s, false), false));
                plain++;
            }
        }
        assertTrue(plain >= 8);
        // what the tags and escapes give, read either way
        assertEquals("String:~x", outcome(fresh(), FORMAT, spell("~~x", false), false));
        assertEquals("String:~~x", outcome(fresh(), FORMAT, spell("~~x", false), true));
        assertEquals("String:~q", outcome(fresh(), FORMAT, spell("~q", false), true));
        assertEquals("Integer:12", outcome(fresh(), FORMAT, spell("~i12", false), false));
        assertEquals("String:", outcome(fresh(), FORMAT, "\"\"", false));
        assertTrue(outcome(fresh(), FORMAT, "[1,\"~q\"]", false).startsWith("error unknown tag \"~q\""));
        assertTrue(outcome(fresh(), FORMAT, "[1,\"~q\"]", false).endsWith("| $[1] | 3"));
        assertTrue(outcome(fresh(), FORMAT, "{\"a\":\"~\"}", false).contains("lone tag prefix"));
    }

    @Test
    void aStringBeyondTheLimitIsRefusedInOnePassToo() {
        TypedJsonFormat strict = new TypedJsonFormat(new Limits(8, 10, 5, 1000));
        DynamicModel trained = fresh();
        read(trained, "{\"b\":1,\"a\":\"x\"}");
        String fast = outcome(trained, strict, "{\"b\":1,\"a\":\"abcdef\"}", false);
        assertTrue(fast.startsWith("error "), fast);
        assertEquals(outcome(fresh(), strict, "{\"b\":1,\"a\":\"\\u0061bcdef\"}", false), fast);
        assertEquals("LinkedHashMap{String:b=Long:1;String:a=String:abcde;}",
                outcome(trained, strict, "{\"b\":1,\"a\":\"abcde\"}", false));
    }

    /** Maps of 0, 1 and many keys, after objects with the same first key and more, fewer or other keys. */
    @Test
    void aMapAfterOthersOfItsFirstKeyHoldsWhatItsDocumentSays() {
        List<String> docs = new ArrayList<>();
        docs.add("{}");
        docs.add("{\"a\":1}");
        for (int n : new int[] {2, 5, 12, 13, 14, 30, 63, 64, 65, 100}) {
            docs.add(keys("a", n, ""));
            docs.add(keys("a", n, "x")); // the same first key, then keys new to it
            docs.add(keys("b", n, ""));
        }
        docs.add("{\"a\":1,\"a1\":2,\"a\":3}"); // duplicates, after a bigger map of the same first key
        docs.add(keys("a", 20, "").replace("\"a19\"", "\"a3\""));
        docs.add("{\"a\":{\"a\":{}},\"a1\":[{\"a\":1,\"a1\":2},{}]}");
        DynamicModel trained = fresh();
        for (int round = 0; round < 3; round++) {
            for (int i = round == 1 ? docs.size() - 1 : 0; round == 1 ? i >= 0 : i < docs.size(); i += round == 1 ? -1 : 1) {
                String doc = docs.get(i);
                assertEquals(outcome(fresh(), FORMAT, doc, false), outcome(trained, FORMAT, doc, false), doc);
            }
        }
        Object many = FORMAT.read(trained, keys("a", 100, "").getBytes(StandardCharsets.UTF_8));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("a", 0L);
        for (int i = 1; i < 100; i++) {
            expected.put("a" + i, (long) i);
        }
        assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(((Map<?, ?>) many).entrySet()));
        String duplicate = outcome(trained, FORMAT, "{\"a\":1,\"a1\":2,\"a\":3}", false);
        assertTrue(duplicate.startsWith("error duplicate key \"a\"") && duplicate.endsWith(" | 18"), duplicate);
    }

    /** Objects of one shape with values of every kind, and the same shape with each part changed. */
    private static final List<String> SHAPES = List.of(
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\",\"y\"],\"at\":\"~i7\",\"in\":{\"id\":2,\"name\":\"b\"}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\",\"y\"],\"at\":\"~i7\",\"in\":{\"id\":2,\"name\":\"b\"}}",
            "{\"id\":-0,\"name\":\"\",\"ok\":false,\"amount\":-1.0E-4,\"tags\":[],\"at\":null,\"in\":{\"id\":2,\"name\":null}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.0,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":1e2,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{}}",
            "{\"id\":1.5,\"name\":1,\"ok\":\"true\",\"amount\":\"x\",\"tags\":[1,\"x\"],\"at\":7,\"in\":[]}",
            "{\"id\":12345678901234567890,\"name\":\"caf\u00e9\",\"ok\":null,\"amount\":null,\"tags\":[\"\\u0041\"],\"at\":\"~~x\",\"in\":null}",
            "{\"id\":1,\"name\":\"~~a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"~~x\"],\"at\":\"~i7\",\"in\":{\"id\":2,\"name\":\"b\"}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{},\"more\":1}",
            "{\"id\":1,\"ok\":true,\"name\":\"a\"}",
            "{\"id\" : 1, \"name\":\"a\"}",
            // refusals: in a value read in one pass, in one handed over, after the learned keys, duplicates
            "{\"id\":01,\"name\":\"a\"}",
            "{\"id\":1,\"name\":\"a\",\"ok\":tru}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\",],\"at\":\"~i7\"}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\"],\"at\":\"~q7\",\"in\":{}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{\"id\":2,\"id\":3}}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{},\"id\":1}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":2.5,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{}",
            "{\"id\":1,\"name\":\"a\",\"ok\":true,\"amount\":1e999,\"tags\":[\"x\"],\"at\":\"~i7\",\"in\":{}}",
            "{\"id\":1,\"name\":\"a\"} ",
            "[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"},{\"id\":3,\"name\":\"\u00e9\"},{\"name\":\"c\",\"id\":4}]");

    /**
     * A model that learned a shape reads its objects in one pass, and gives up to the token path on anything else: the
     * two give the same values and refusals, again and again (a key with values of two kinds, a shape that keeps
     * giving up), in typed JSON and in plain, and within the limits.
     */
    @Test
    void anObjectReadInOnePassIsReadAsTokenByToken() {
        DynamicModel trained = fresh();
        TypedJsonFormat strict = new TypedJsonFormat(new Limits(3, 10, 100, 10_000, 12));
        for (int round = 0; round < 40; round++) {
            for (String doc : SHAPES) {
                assertEquals(outcome(fresh(), FORMAT, doc, false), outcome(trained, FORMAT, doc, false), doc);
                assertEquals(outcome(fresh(), FORMAT, doc, true), outcome(trained, FORMAT, doc, true), doc);
                assertEquals(outcome(fresh(), strict, doc, false), outcome(trained, strict, doc, false), doc);
                assertEquals(outcome(fresh(), FORMAT, SHAPES.get(0), false), outcome(trained, FORMAT, SHAPES.get(0), false));
            }
        }
        assertEquals("LinkedHashMap{String:id=Long:1;String:name=String:a;String:ok=Boolean:true;String:amount=Double:2.5;"
                + "String:tags=ArrayList[String:x;String:y;];String:at=Integer:7;"
                + "String:in=LinkedHashMap{String:id=Long:2;String:name=String:b;};}",
                outcome(trained, FORMAT, SHAPES.get(0), false));
        assertEquals("LinkedHashMap{String:id=Long:1;String:name=String:a;String:ok=Boolean:true;String:amount=Long:2;"
                + "String:tags=ArrayList[String:x;];String:at=Integer:7;String:in=LinkedHashMap{};}",
                outcome(trained, FORMAT, SHAPES.get(3), false));
    }

    /** Per tag, the payload the model learns the key from, then payloads at the edges of what the writer spells. */
    private static final Map<String, List<String>> TAGGED = Map.of(
            "f", List.of("27.638166", "1.5", "-0.0", "0.0", "1.0E7", "1.0E-4", "3.4028235E38", "1.4E-45", "NaN", "Infinity",
                    "01.5", "1.50", "+1.5", "1e5", "1.5x", "3.4028236E38", "1.23456789", "", ".5", "1."),
            "d", List.of("43815.34", "12.30", "-0.5", "0", "1E+3", "1E-3", "-0", "012.3", "12.", ".5", "+1", "",
                    "123456789012345678901234567890", "1.0e3", "00"),
            "b", List.of("/uReOBEzZY+jFs6QVJy8Ow==", "", "AA==", "AAA=", "AAAA", "AA=", "A===", "AB==", "AAB=", "####",
                    "AA", "AA==AA==", "-_-_", "AAAAAAAAAAAA", "AAAAAAAAAAA=", "AAAAAAAA"),
            "t", List.of("2026-01-01T00:00:00.162Z", "2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z",
                    "2026-01-01T00:00:00.1620Z", "2026-01-01T00:00:00.123456789Z", "2026-13-01T00:00:00Z",
                    "2026-01-01T24:00:00Z", "+10000-01-01T00:00:00Z", "2026-01-01T00:00:00.162+01:00", "2026-02-30T00:00:00Z",
                    "2026-01-01T00:00Z", "2026-01-01t00:00:00Z", "1970-01-01T00:00:00Z", "-0001-01-01T00:00:00Z"),
            "D", List.of("2026-02-26", "2024-02-29", "2023-02-29", "2026-2-26", "0000-01-01", "-0001-01-01",
                    "+10000-01-01", "2026-02-26T00:00", "20260226"),
            "i", List.of("12", "0", "-1", "-0", "012", "2147483647", "2147483648", "-2147483648", "-2147483649", "+1", "",
                    "1.0", "1e3", "99999999999999999999"),
            "s", List.of("113", "32767", "32768", "-32768", "-32769", "0113"),
            "y", List.of("7", "127", "128", "-128", "-129", "07"));

    /** What is no payload of the key's tag: another tag, no tag, escapes, non-ASCII, another value, the prefix alone. */
    private static List<String> others(String tag, String payload) {
        return List.of("\"~~" + payload + "\"", "\"~q" + payload + "\"", "\"~" + ("f".equals(tag) ? "d" : "f") + payload + "\"",
                "\"" + payload + "\"", "\"~\"", "\"~" + tag + "\"", "\"\\u007e" + tag + payload + "\"",
                "\"~" + tag + payload + "\\u0030\"", "\"~" + tag + payload + "\u00e9\"", "\"~" + tag + "\\" + "\"",
                "1.5", "12", "true", "[\"~" + tag + payload + "\"]", "{\"a\":1}", "nul", "\"~" + tag + payload);
    }

    /**
     * A key whose values were tagged strings of one tag is read in one pass (the payload parsed from the reader's
     * bytes): every payload, canonical or not, and every other value there reads or is refused as token by token,
     * in typed JSON and plain, within the limits, in documents cut anywhere; and again after a give-up there. The key
     * second in its object, and first (whose value is read in one pass too, else the object from its '{').
     */
    @Test
    void aTaggedValueReadInOnePassIsTheValueTheTokenPathReads() {
        for (String before : List.of("\"a\":1,", "")) {
            taggedValues(before);
        }
    }

    private static void taggedValues(String before) {
        TypedJsonFormat strict = new TypedJsonFormat(new Limits(3, 8, 12, 10_000, 12));
        for (Map.Entry<String, List<String>> e : TAGGED.entrySet()) {
            String tag = e.getKey();
            String learned = "\"~" + tag + e.getValue().get(0) + "\"";
            List<String> values = new ArrayList<>();
            for (String payload : e.getValue()) {
                values.add("\"~" + tag + payload + "\"");
            }
            values.addAll(others(tag, e.getValue().get(0)));
            values.add("null");
            for (String value : values) {
                String doc = "{" + before + "\"k\":" + value + ",\"z\":true}";
                for (boolean plain : new boolean[] {false, true}) {
                    for (TypedJsonFormat format : List.of(FORMAT, strict)) {
                        DynamicModel trained = fresh();
                        for (int round = 0; round < 3; round++) { // learned, then read after a give-up too
                            read(trained, "{" + before + "\"k\":null,\"z\":false}");
                            read(trained, "{" + before + "\"k\":" + learned + ",\"z\":false}");
                            assertEquals(outcome(fresh(), format, doc, plain), outcome(trained, format, doc, plain),
                                    doc + (plain ? " plain" : "") + (format == strict ? " strict" : ""));
                        }
                    }
                }
            }
            // cut anywhere, and with the value last
            DynamicModel trained = fresh();
            read(trained, "{" + before + "\"k\":" + learned + "}");
            String doc = "{" + before + "\"k\":" + learned + "}";
            for (int cut = 0; cut <= doc.length(); cut++) {
                String part = doc.substring(0, cut);
                assertEquals(outcome(fresh(), FORMAT, part, false), outcome(trained, FORMAT, part, false), part);
            }
        }
        DynamicModel trained = fresh();
        read(trained, "{\"a\":1,\"k\":\"~f1.5\",\"n\":null,\"t\":\"~D2026-02-26\"}");
        assertEquals("LinkedHashMap{String:a=Long:1;String:k=Float:2.5;String:n=String:x;String:t=LocalDate:2026-02-27;}",
                outcome(trained, FORMAT, "{\"a\":1,\"k\":\"~f2.5\",\"n\":\"x\",\"t\":\"~D2026-02-27\"}", false));
        assertEquals("LinkedHashMap{String:a=Long:1;String:k=null;String:n=null;String:t=null;}",
                outcome(trained, FORMAT, "{\"a\":1,\"k\":null,\"n\":null,\"t\":null}", false));
    }

    /**
     * The first key's value read in one pass by what its values were (else, or on anything but that, the object read
     * token by token from its '{'): every value after every other, in typed JSON and plain, alone and duplicated.
     */
    @Test
    void theFirstKeysValueReadInOnePassIsTheValueTheTokenPathReads() {
        List<String> values = List.of("1", "-7", "2.5", "2.0", "1e2", "01", "\"x\"", "\"~~x\"", "\"x", "true", "tru",
                "null", "[\"x\"]", "[]", "[1]", "{\"a\":1}", "{}", "\"~i7\"", "\"~i07\"", "\"~f1.5\"", "\"~q\"");
        for (String learned : values) {
            for (String value : values) {
                for (boolean plain : new boolean[] {false, true}) {
                    DynamicModel trained = fresh();
                    for (int round = 0; round < 2; round++) {
                        outcome(trained, FORMAT, "{\"k\":" + learned + ",\"z\":false}", plain);
                        for (String doc : List.of("{\"k\":" + value + ",\"z\":true}", "{\"k\":" + value + ",\"k\":1}",
                                "{\"k\":" + value + "}")) {
                            assertEquals(outcome(fresh(), FORMAT, doc, plain), outcome(trained, FORMAT, doc, plain),
                                    learned + " then " + doc + (plain ? " plain" : ""));
                        }
                    }
                }
            }
        }
    }

    /**
     * Keys learned from a document with a duplicate (a path with a key twice), or first from one without (a path of
     * distinct keys, whose one-pass puts skip the check): the one-pass read refuses it as the token path does.
     */
    @Test
    void aDuplicateAlongTheKeysLearnedIsRefused() {
        for (String doc : List.of("{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":1,\"b\":\"x\",\"b\":\"y\"}",
                "{\"a\":{\"c\":1},\"a\":[1]}", "{\"a\":1,\"b\":true,\"a\":false}", "{\"a\":null,\"b\":2,\"a\":3}")) {
            for (String before : List.of("", "{\"a\":1,\"b\":2}", "{\"a\":null,\"b\":\"x\"}")) {
                DynamicModel trained = fresh();
                if (!before.isEmpty()) {
                    assertFalse(outcome(trained, FORMAT, before, false).startsWith("error"), before);
                }
                String refused = outcome(fresh(), FORMAT, doc, false);
                assertTrue(refused.startsWith("error duplicate key"), refused);
                for (int round = 0; round < 5; round++) {
                    assertEquals(refused, outcome(trained, FORMAT, doc, false), before + " then " + doc);
                }
            }
        }
    }

    /**
     * Nested objects of a learned shape that stop matching it deep inside are not read again (the token path goes on
     * after the last value handed over): a version that read the object again from its '{' read such a document for
     * minutes, and DeserializerFuzzTest's allocation bound caught one that read it again once per level.
     */
    @Test
    void aGiveUpDeepInsideReadsTheObjectsAgainOnce() {
        DynamicModel trained = fresh();
        TypedJsonFormat deep = new TypedJsonFormat(new Limits(200, 1000, 1000, 1 << 20));
        for (String first : List.of("a", "b", "c", "d", "e", "f", "g", "h")) {
            deep.read(trained, ("{\"" + first + "\":1}").getBytes(StandardCharsets.UTF_8));
        }
        String ok = "{\"a\":".repeat(150) + "{\"b\":1}" + "}".repeat(150);
        String bad = "{\"a\":".repeat(150) + "{\"b\":1,\"b\":2}" + "}".repeat(150);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
            for (int round = 0; round < 3; round++) {
                for (String doc : List.of(ok, bad, ok)) {
                    assertEquals(outcome(fresh(), deep, doc, false), outcome(trained, deep, doc, false));
                }
            }
        });
    }

    /** A key learned twice on one path (from a document with a duplicate): a give-up there keeps the first value. */
    @Test
    void aGiveUpOnAKeyLearnedTwiceKeepsTheValueReadBefore() {
        DynamicModel trained = fresh();
        read(trained, "{\"a\":1,\"b\":2}");
        outcome(trained, FORMAT, "{\"a\":1,\"b\":2,\"a\":3}", false); // learns a, b, a (refused)
        for (String doc : List.of("{\"a\":null,\"b\":2,\"c\":3}", "{\"a\":null,\"b\":2}", "{\"a\":\"x\",\"b\":2,\"d\":null}")) {
            for (int round = 0; round < 3; round++) {
                assertEquals(outcome(fresh(), FORMAT, doc, false), outcome(trained, FORMAT, doc, false), doc);
            }
        }
    }

    /** {@code {"first":0,"first1":1,...}} with n keys, the keys after the first with {@code suffix}. */
    private static String keys(String first, int n, String suffix) {
        StringBuilder b = new StringBuilder("{\"").append(first).append("\":0");
        for (int i = 1; i < n; i++) {
            b.append(",\"").append(first).append(i).append(suffix).append("\":").append(i);
        }
        return b.append('}').toString();
    }

    private static void read(DynamicModel model, String doc) {
        FORMAT.read(model, doc.getBytes(StandardCharsets.UTF_8));
    }

    private static String outcome(DynamicModel model, TypedJsonFormat format, String doc, boolean plain) {
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        try {
            return DynamicKeysTest.describe(plain ? format.readPlain(model, bytes, 0, bytes.length) : format.read(model, bytes));
        } catch (TypedJsonException e) {
            return "error " + e.getMessage() + " | " + e.path() + " | " + e.byteOffset();
        }
    }
}

package io.typedjson.jsonschema;

import io.typedjson.format.internal.scalar.JsonSchemaFragments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.typedjson.annotation.TypedJsonName;
import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJson;
import io.typedjson.format.TypedJsonFormat;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The generated schemas, checked with a maintained draft 2020-12 validator (networknt json-schema-validator):
 * every document the writer produces validates; documents the writer never produces are refused.
 */
class JsonSchemasTest {

    public enum Color { RED, GREEN, @TypedJsonName("bleu") BLUE, @TypedJsonName("~x") TILDE }

    public record Point(int x, int y) {}

    public record Box<T>(T value) {}

    public sealed interface Shape permits Circle, Square, Nothing {}

    public record Circle(double r) implements Shape {}

    @TypedJsonName("Sq")
    public record Square(int side, Color color) implements Shape {}

    public record Nothing() implements Shape {}

    public record Node(int value, List<Node> children) {}

    /** A field of every type of SPEC section 10. */
    public record Everything(boolean bo, byte b, short s, int i, long l, float f, double d, char c,
                             Boolean bBo, Byte bB, Short bS, Integer bI, Long bL, Float bF, Double bD, Character bC,
                             String str, BigDecimal dec, BigInteger big, byte[] bytes, Instant instant, LocalDate date,
                             LocalTime time, LocalDateTime ldt, OffsetDateTime odt, UUID uuid, Color color,
                             Optional<LocalDate> due, Optional<Point> at, int[] ints, double[] doubles, char[] chars,
                             String[] strings, Point[] points, int[][] grid, List<String> list, Set<Integer> set,
                             SortedSet<String> sorted, Set<Double> doubleSet, Map<String, Integer> byName,
                             Map<Integer, String> byInt, Map<Long, String> byLong, Map<Double, Boolean> byDouble,
                             Map<Float, Boolean> byFloat, Map<BigDecimal, String> byDecimal, Map<Boolean, String> byBool,
                             Map<Character, String> byChar, Map<LocalDate, Integer> byDate, Map<Instant, Integer> byInstant,
                             Map<LocalTime, Integer> byTime, Map<OffsetDateTime, Integer> byOdt, Map<UUID, String> byUuid,
                             Map<Color, Integer> byColor, Map<Point, Color> byPoint, Map<List<String>, Integer> byList,
                             Shape shape, List<Shape> shapes, Node tree, Object any, Number number, CharSequence text,
                             Map<String, Object> dyn, Box<Integer> boxI, Box<String> boxS) {}

    /** A class with a no-argument constructor: fields of its superclass first. */
    public static class Base {
        long id;
    }

    public static class Customer extends Base {
        String name;
        int visits;
        List<Point> addresses;
        transient String cache;
    }

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final ObjectMapper JSON = new ObjectMapper();

    static Schema schema(String text) {
        return REGISTRY.getSchema(text, InputFormat.JSON);
    }

    static List<Error> errors(Schema schema, String document) {
        return schema.validate(document, InputFormat.JSON);
    }

    static <T> String write(Codec<T> codec, T value) {
        return new String(TypedJsonFormat.defaults().write(codec, value), StandardCharsets.UTF_8);
    }

    // ---- values

    private static final String[] STRINGS = {"", "a", "~", "~~", "~t", "~~x", "a~b", "x\u0000y", "line\nbreak", "é€😀", "\u2028"};

    static Everything everything(Random r) {
        return new Everything(r.nextBoolean(), (byte) pick(r, Byte.MIN_VALUE, Byte.MAX_VALUE, 0, r.nextInt()),
                (short) pick(r, Short.MIN_VALUE, Short.MAX_VALUE, -1, r.nextInt()),
                (int) pick(r, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, r.nextInt()),
                pick(r, Long.MIN_VALUE, Long.MAX_VALUE, 9007199254740993L, r.nextLong()),
                floatOf(r), doubleOf(r), (char) (r.nextBoolean() ? '~' : 'a' + r.nextInt(26)),
                r.nextBoolean() ? null : r.nextBoolean(), r.nextBoolean() ? null : (byte) r.nextInt(),
                r.nextBoolean() ? null : (short) r.nextInt(), r.nextBoolean() ? null : r.nextInt(),
                r.nextBoolean() ? null : r.nextLong(), r.nextBoolean() ? null : floatOf(r), r.nextBoolean() ? null : doubleOf(r),
                r.nextBoolean() ? null : '~', r.nextInt(5) == 0 ? null : STRINGS[r.nextInt(STRINGS.length)],
                decimalOf(r), bigOf(r), bytesOf(r), instantOf(r), dateOf(r), timeOf(r),
                LocalDateTime.of(dateOf(r), timeOf(r)), odtOf(r), new UUID(r.nextLong(), r.nextLong()),
                Color.values()[r.nextInt(4)], r.nextBoolean() ? Optional.empty() : Optional.of(dateOf(r)),
                r.nextBoolean() ? Optional.empty() : Optional.of(new Point(r.nextInt(), -1)),
                new int[] {r.nextInt(), Integer.MIN_VALUE}, new double[] {doubleOf(r), -0.0, Double.NaN},
                new char[] {'~', 'x'}, new String[] {"~i1", null, "b"}, new Point[] {new Point(1, 2), null},
                new int[][] {{1}, {}, null}, listOf("~a", null, "b"), new LinkedHashSet<>(listOf(3, -1, null)),
                new TreeSet<>(List.of("b", "a", "~c")), new LinkedHashSet<>(List.of(0.0, -0.0, Double.NaN, 1.5)),
                mapOf("~k", 1, "", null), mapOf(-1, "a", Integer.MAX_VALUE, "b"), mapOf(Long.MIN_VALUE, "m"),
                mapOf(1.5, true, Double.NaN, false, -0.0, true, 1.0E-7, false, 1.0E7, true, 0.001, true),
                mapOf(Float.NEGATIVE_INFINITY, true, 0.1f, false), mapOf(new BigDecimal("1.10"), "a", new BigDecimal("1E+3"), "b",
                        new BigDecimal("0E-10"), "c", new BigDecimal("-0.000001234"), "d", new BigDecimal("1E-7"), "e"),
                mapOf(true, "t"), mapOf('~', "tilde", 'x', "x"), mapOf(dateOf(r), 1, LocalDate.of(-1, 12, 31), 2),
                mapOf(instantOf(r), 1), mapOf(timeOf(r), 1), mapOf(odtOf(r), 1), mapOf(UUID.randomUUID(), "u"),
                mapOf(Color.TILDE, 1, Color.BLUE, 2), mapOf(new Point(1, 2), Color.RED, new Point(3, 4), null),
                mapOf(List.of("a"), 1, List.of(), 2), shapeOf(r), List.of(new Circle(1.5), new Square(2, Color.GREEN), new Nothing()),
                new Node(1, List.of(new Node(2, List.of()), new Node(3, List.of(new Node(4, List.of()))))),
                dynamicOf(r), numberOf(r), r.nextBoolean() ? "~text" : null,
                mapOf("a", List.of(1L, 2.5), "~b", Set.of(7), "m", mapOf(1, "x")), new Box<>(r.nextInt()), new Box<>("~s"));
    }

    @SafeVarargs
    static <T> List<T> listOf(T... values) {
        return new ArrayList<>(java.util.Arrays.asList(values));
    }

    @SuppressWarnings("unchecked")
    static <K, V> Map<K, V> mapOf(Object... kv) {
        Map<K, V> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((K) kv[i], (V) kv[i + 1]);
        }
        return m;
    }

    static long pick(Random r, long min, long max, long special, long random) {
        switch (r.nextInt(4)) {
            case 0: return min;
            case 1: return max;
            case 2: return special;
            default: return random;
        }
    }

    static float floatOf(Random r) {
        float[] edges = {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE, -Float.MAX_VALUE,
                Float.MIN_VALUE, Float.MIN_NORMAL, 0.1f, 1e7f, 9999999f, 1e-3f, 9.999e-4f, 16777216f};
        return r.nextBoolean() ? edges[r.nextInt(edges.length)] : Float.intBitsToFloat(r.nextInt());
    }

    static double doubleOf(Random r) {
        double[] edges = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE,
                Double.MIN_VALUE, 2 * Double.MIN_VALUE, 1e23, 2e23, 0.1, 1e7, 9999999.999999998, 1e-3, 9.999999999999998E-4, 100.0};
        if (r.nextBoolean()) {
            return edges[r.nextInt(edges.length)];
        }
        double d = Double.longBitsToDouble(r.nextLong());
        return Double.isNaN(d) ? 1.0 : d;
    }

    static BigDecimal decimalOf(Random r) {
        String[] edges = {"1.10", "100", "1E+3", "0E-10", "-0.000001234", "1E-7", "0", "0.000000", "-1.23E+5", "12345678901234567890.5"};
        return r.nextBoolean() ? new BigDecimal(edges[r.nextInt(edges.length)])
                : new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(40) - 20);
    }

    static BigInteger bigOf(Random r) {
        return r.nextBoolean() ? BigInteger.valueOf(r.nextLong()) : new BigInteger(100, r).negate();
    }

    static byte[] bytesOf(Random r) {
        byte[] b = new byte[r.nextInt(7)];
        r.nextBytes(b);
        return b;
    }

    static Instant instantOf(Random r) {
        Instant[] edges = {Instant.EPOCH, Instant.MIN, Instant.MAX, Instant.parse("2024-01-01T00:00:00.100Z"),
                Instant.parse("2024-02-29T23:59:59.123456789Z"), Instant.parse("-0001-01-01T00:00:00.000001Z")};
        return r.nextBoolean() ? edges[r.nextInt(edges.length)]
                : Instant.ofEpochSecond(r.nextLong() % 400_000_000_000L, r.nextInt(4) == 0 ? 0 : r.nextInt(1_000_000_000));
    }

    static LocalDate dateOf(Random r) {
        LocalDate[] edges = {LocalDate.MIN, LocalDate.MAX, LocalDate.of(10000, 1, 1), LocalDate.of(-1, 12, 31), LocalDate.of(0, 1, 1),
                LocalDate.of(2024, 2, 29)};
        return r.nextBoolean() ? edges[r.nextInt(edges.length)] : LocalDate.ofEpochDay(r.nextInt(4_000_000) - 2_000_000);
    }

    static LocalTime timeOf(Random r) {
        LocalTime[] edges = {LocalTime.MIDNIGHT, LocalTime.MAX, LocalTime.of(10, 15), LocalTime.of(10, 15, 0, 100_000_000),
                LocalTime.of(23, 59, 59, 1), LocalTime.of(0, 0, 1), LocalTime.of(0, 0, 0, 1000)};
        return r.nextBoolean() ? edges[r.nextInt(edges.length)] : LocalTime.ofNanoOfDay(Math.floorMod(r.nextLong(), 86_400_000_000_000L));
    }

    static OffsetDateTime odtOf(Random r) {
        ZoneOffset[] offsets = {ZoneOffset.UTC, ZoneOffset.MAX, ZoneOffset.MIN, ZoneOffset.ofHoursMinutesSeconds(1, 30, 15),
                ZoneOffset.ofHoursMinutes(-3, -30), ZoneOffset.ofHoursMinutesSeconds(0, 0, -5)};
        return OffsetDateTime.of(LocalDateTime.of(dateOf(r), timeOf(r)), offsets[r.nextInt(offsets.length)]);
    }

    static Shape shapeOf(Random r) {
        switch (r.nextInt(4)) {
            case 0: return new Circle(doubleOf(r));
            case 1: return new Square(r.nextInt(), Color.values()[r.nextInt(4)]);
            case 2: return new Nothing();
            default: return null;
        }
    }

    static Number numberOf(Random r) {
        Number[] all = {1L, 2, (short) 3, (byte) 4, 1.5f, Float.NaN, 2.5, Double.NEGATIVE_INFINITY, new BigDecimal("1.10"),
                BigInteger.ONE, new BigInteger("123456789012345678901234567890"), null};
        return all[r.nextInt(all.length)];
    }

    static Object dynamicOf(Random r) {
        Object[] all = {null, true, 42L, 7, (short) -7, (byte) 127, 1.5f, Float.NaN, 0.1, Double.POSITIVE_INFINITY, new BigDecimal("1E+3"),
                BigInteger.TEN, new byte[] {1, 2, 3}, instantOf(r), dateOf(r), timeOf(r), LocalDateTime.of(dateOf(r), timeOf(r)),
                odtOf(r), UUID.randomUUID(), "~tilde", "", List.of(1L, "a"), new LinkedHashSet<>(List.of(1, 2)),
                mapOf("~k", 1), mapOf(1, "a", "b", 2), mapOf(), List.of(List.of(mapOf(new byte[] {9}, Set.of())))};
        return all[r.nextInt(all.length)];
    }

    // ---- documents the writer produces validate

    @Test
    void everyDocumentOfEveryTypeValidates() {
        Codec<Everything> codec = Codecs.of(Everything.class);
        Schema schema = schema(JsonSchemas.forClass(Everything.class));
        Random r = new Random(20_261_201L);
        int n = 0;
        for (; n < 500; n++) {
            String doc = write(codec, everything(r));
            assertEquals(List.of(), errors(schema, doc), doc);
        }
        assertEquals(500, n);
    }

    @Test
    void classesWithConstructorsListsAndRecursionValidate() {
        Customer c = new Customer();
        c.id = 5;
        c.name = "~Eve";
        c.visits = 3;
        c.addresses = List.of(new Point(0, -1));
        String doc = write(Codecs.of(Customer.class), c);
        assertEquals("{\"id\":5,\"name\":\"~~Eve\",\"visits\":3,\"addresses\":[{\"x\":0,\"y\":-1}]}", doc);
        Schema schema = schema(JsonSchemas.forClass(Customer.class));
        assertEquals(List.of(), errors(schema, doc));
        assertFalse(errors(schema, "{\"id\":5,\"name\":null,\"visits\":3,\"addresses\":null,\"cache\":\"x\"}").isEmpty());

        Schema list = schema(JsonSchemas.forType(new TypeRef<List<Shape>>() {}));
        assertEquals(List.of(), errors(list, write(Codecs.of(new TypeRef<List<Shape>>() {}),
                List.of(new Circle(1.5), new Square(2, Color.BLUE), new Nothing()))));
        assertFalse(errors(list, "[{\"Circle\":{\"r\":1.5},\"Sq\":{\"side\":1,\"color\":\"RED\"}}]").isEmpty());
        assertFalse(errors(list, "[{\"Triangle\":{}}]").isEmpty());
        assertFalse(errors(list, "[{\"Square\":{\"side\":1,\"color\":\"RED\"}}]").isEmpty(), "the variant is named Sq");
        assertEquals(List.of(), errors(list, "[null]"), "a list may hold null");
        assertFalse(errors(list, "[{\"Circle\":null}]").isEmpty(), "a variant's value is never null");
    }

    @Test
    void theSchemaIsReadOffTheCodec() {
        String text = JsonSchemas.forClass(Everything.class);
        JsonNode root = JSON.readTree(text);
        assertEquals("https://json-schema.org/draft/2020-12/schema", root.get("$schema").asString());
        assertEquals("#/$defs/Everything", root.get("$ref").asString());
        JsonNode everything = root.get("$defs").get("Everything");
        List<String> keys = new ArrayList<>(everything.get("properties").propertyNames());
        List<String> expected = new ArrayList<>();
        for (var c : Everything.class.getRecordComponents()) {
            expected.add(c.getName());
        }
        assertEquals(expected, keys, "properties in declaration order");
        assertEquals(expected.size(), everything.get("required").size());
        assertFalse(everything.get("additionalProperties").asBoolean());
        // Box<Integer> and Box<String> are two codecs of one class: two definitions
        assertTrue(root.get("$defs").has("Box") && root.get("$defs").has("Box_2"), text);
        // Node refers to itself
        assertEquals("#/$defs/Node", root.get("$defs").get("Node").get("properties").get("children").get("items").get("anyOf").get(0).get("$ref").asString());
        assertEquals(JSON.readTree("[\"RED\",\"GREEN\",\"bleu\",\"~~x\"]"), root.get("$defs").get("Color").get("enum"));
        // a set of strings is unique by JSON's equality too; a set of doubles is not (0.0 and -0.0)
        assertTrue(everything.get("properties").get("sorted").toString().contains("uniqueItems"));
        assertFalse(everything.get("properties").get("doubleSet").toString().contains("uniqueItems"));
        // a class the serde refuses is refused here, with the serde's message
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonSchemas.forClass(Thread.class));
        assertTrue(e.getMessage().contains("Thread"), e.getMessage());
    }

    // ---- documents the writer never produces are refused

    /** One field of a valid Everything document replaced (or removed when the replacement is null). */
    static String with(String doc, String field, String json) {
        ObjectNode o = (ObjectNode) JSON.readTree(doc);
        if (json == null) {
            o.remove(field);
        } else {
            o.set(field, JSON.readTree(json));
        }
        return JSON.writeValueAsString(o);
    }

    @Test
    void wrongDocumentsAreRefused() {
        Schema schema = schema(JsonSchemas.forClass(Everything.class));
        String doc = write(Codecs.of(Everything.class), everything(new Random(1)));
        assertEquals(List.of(), errors(schema, doc));
        Map<String, String[]> wrong = new LinkedHashMap<>();
        wrong.put("i", new String[] {"2147483648", "-2147483649", "\"12\"", "1.5", "null", "\"~i5\""});
        wrong.put("b", new String[] {"128", "-129"});
        wrong.put("s", new String[] {"32768", "true"});
        wrong.put("l", new String[] {"1.5", "\"1\"", null});
        wrong.put("bo", new String[] {"\"true\"", "0"});
        wrong.put("f", new String[] {"1e39", "\"nan\"", "\"Inf\"", "null"});
        wrong.put("d", new String[] {"\"NaN \"", "\"1.5\"", "null"});
        wrong.put("c", new String[] {"\"ab\"", "\"\"", "\"~\"", "1"});
        wrong.put("str", new String[] {"\"~t\"", "\"~\"", "\"~i42\"", "5"});
        wrong.put("dec", new String[] {"\"1.10\""});
        wrong.put("big", new String[] {"1.5", "\"1\""});
        wrong.put("bytes", new String[] {"\"/x==\"", "\"AQI\"", "\"-_8=\"", "\"AQID\\n\"", "\"A===\""});
        wrong.put("instant", new String[] {"\"2024-01-01T00:00:00.000Z\"", "\"2024-01-01T00:00:00+00:00\"", "\"2024-01-01T00:00Z\"",
                "\"2024-01-01t00:00:00z\"", "\"2024-01-01T00:00:00.1Z\"", "\"2024-01-01T00:00:00.100000Z\"", "\"2024-13-01T00:00:00Z\"",
                "\"2024-04-31T00:00:00Z\"", "\"2024-01-01T24:00:00Z\"", "\"2024-01-01T23:59:60Z\"", "\"+2024-01-01T00:00:00Z\""});
        wrong.put("date", new String[] {"\"2024-6-30\"", "\"+2024-06-30\"", "\"-0000-01-01\"", "\"2024-02-30\"", "\"20240630\""});
        wrong.put("time", new String[] {"\"10:15:00\"", "\"10:15:00.000\"", "\"10:15:30.1\"", "\"10:15:30.120000\"", "\"9:15\""});
        wrong.put("ldt", new String[] {"\"2024-06-30 10:15\"", "\"2024-06-30t10:15\""});
        wrong.put("odt", new String[] {"\"2024-06-30T10:15+00:00\"", "\"2024-06-30T10:15-00:00\"", "\"2024-06-30T10:15+0200\"",
                "\"2024-06-30T10:15+02\"", "\"2024-06-30T10:15+18:01\"", "\"2024-06-30T10:15+01:00:00\"", "\"2024-06-30T10:15z\""});
        wrong.put("uuid", new String[] {"\"123E4567-E89B-12D3-A456-426614174000\"", "\"{123e4567-e89b-12d3-a456-426614174000}\""});
        wrong.put("color", new String[] {"\"PURPLE\"", "\"BLUE\"", "\"~x\""});
        wrong.put("due", new String[] {"\"2024-02-30\""});
        wrong.put("ints", new String[] {"[1.5]", "[null]", "[2147483648]"});
        wrong.put("doubles", new String[] {"[null]", "[\"nan\"]"});
        wrong.put("set", new String[] {"[1,1]"});
        wrong.put("byName", new String[] {"{\"~k\":1}", "{\"a\":\"1\"}"});
        wrong.put("byInt", new String[] {"{\"01\":\"a\"}", "{\"+1\":\"a\"}", "{\"-0\":\"a\"}", "{\"2147483648\":\"a\"}"});
        wrong.put("byLong", new String[] {"{\"9223372036854775808\":\"a\"}", "{\"1.0\":\"a\"}"});
        wrong.put("byDouble", new String[] {"{\"1.50\":true}", "{\"1\":true}", "{\"nan\":true}", "{\"1e7\":true}", "{\"10000000.0\":true}",
                "{\"0.0001\":true}"});
        wrong.put("byDecimal", new String[] {"{\"1e+3\":\"a\"}", "{\"1E3\":\"a\"}", "{\"0.0000001\":\"a\"}", "{\"-0\":\"a\"}"});
        wrong.put("byBool", new String[] {"{\"TRUE\":\"a\"}"});
        wrong.put("byChar", new String[] {"{\"~\":\"a\"}", "{\"ab\":\"a\"}"});
        wrong.put("byColor", new String[] {"{\"BLUE\":1}"});
        wrong.put("byPoint", new String[] {"[{\"x\":1},\"RED\"]", "{\"a\":1}"});
        wrong.put("shape", new String[] {"{\"Circle\":{\"r\":1.5},\"Nothing\":{}}", "{\"Circle\":null}", "{}", "{\"Circle\":{\"r\":1.5,\"x\":1}}"});
        wrong.put("tree", new String[] {"{\"value\":1}", "{\"value\":1,\"children\":[{\"value\":2,\"children\":[{\"value\":\"3\",\"children\":[]}]}]}"});
        wrong.put("any", new String[] {"\"~x5\"", "\"~i2147483648\"", "\"~\"", "\"~f1.50\"", "\"~zNaN \"", "\"~z1.5\"", "\"~n9223372036854775808\"",
                "\"~d1e+3\"", "\"~b/x==\"", "\"~t2024-01-01T00:00:00.000Z\"", "\"~D2024-6-30\"", "\"~T10:15:00\"", "\"~Lx\"",
                "\"~O2024-06-30T10:15+00:00\"", "\"~uABC\"", "{\"~set\":[1],\"x\":1}", "{\"~bad\":1}", "[\"~q\"]", "{\"a\":\"~q\"}"});
        wrong.put("number", new String[] {"\"x\"", "true", "\"~t2024-01-01T00:00:00Z\"", "[1]", "{}"});
        wrong.put("text", new String[] {"1", "\"~i1\""});
        wrong.put("extra", new String[] {"1"});
        int refused = 0;
        for (Map.Entry<String, String[]> e : wrong.entrySet()) {
            for (String json : e.getValue()) {
                String bad = with(doc, e.getKey(), json);
                assertFalse(errors(schema, bad).isEmpty(), e.getKey() + "=" + json + " was not refused");
                refused++;
            }
        }
        assertEquals(wrong.values().stream().mapToInt(a -> a.length).sum(), refused, "every wrong document tried");
    }

    // ---- a validator outside Java: Python's jsonschema (Debian python3-jsonschema), where it is installed

    static final String PYTHON_CHECK = String.join("\n",
            "import json, sys, jsonschema",
            "validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))",
            "valid = [l for l in open(sys.argv[2], encoding='utf-8') if l.strip()]",
            "wrong = [l for l in open(sys.argv[3], encoding='utf-8') if l.strip()]",
            "bad = [d for d in valid if any(True for _ in validator.iter_errors(json.loads(d)))]",
            "missed = [d for d in wrong if not any(True for _ in validator.iter_errors(json.loads(d)))]",
            "print('valid %d/%d refused %d/%d' % (len(valid) - len(bad), len(valid), len(wrong) - len(missed), len(wrong)))",
            "for d in (bad + missed)[:5]: print(d.strip()[:300])");

    @Test
    void pythonsJsonschemaAgrees() throws Exception {
        boolean available;
        try {
            Process probe = new ProcessBuilder("python3", "-c", "import jsonschema").redirectErrorStream(true).start();
            available = probe.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (java.io.IOException e) {
            available = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(available, "python3 with the jsonschema package is not installed: skipped");
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("typedjson-jsonschema");
        Codec<Everything> codec = Codecs.of(Everything.class);
        Random r = new Random(99);
        StringBuilder valid = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            valid.append(write(codec, everything(r))).append('\n');
        }
        String base = write(codec, everything(r));
        String[][] wrong = {{"i", "2147483648"}, {"str", "\"~t\""}, {"bytes", "\"/x==\""}, {"instant", "\"2024-01-01T00:00:00.000Z\""},
                {"time", "\"10:15:00\""}, {"odt", "\"2024-06-30T10:15+00:00\""}, {"byInt", "{\"01\":\"a\"}"}, {"any", "\"~x5\""},
                {"color", "\"PURPLE\""}, {"l", null}, {"extra", "1"}, {"d", "\"nan\""}};
        StringBuilder bad = new StringBuilder();
        for (String[] w : wrong) {
            bad.append(with(base, w[0], w[1])).append('\n');
        }
        java.nio.file.Path schemaFile = java.nio.file.Files.writeString(dir.resolve("schema.json"), JsonSchemas.forClass(Everything.class));
        java.nio.file.Path validFile = java.nio.file.Files.writeString(dir.resolve("valid.jsonl"), valid);
        java.nio.file.Path wrongFile = java.nio.file.Files.writeString(dir.resolve("wrong.jsonl"), bad);
        Process p = new ProcessBuilder("python3", "-c", PYTHON_CHECK, schemaFile.toString(), validFile.toString(), wrongFile.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS), "python3 did not finish");
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith("valid 200/200 refused " + wrong.length + "/" + wrong.length), out);
    }

    // ---- the dynamic model: every valid vector of SPEC appendix A

    @Test
    void everyValidVectorValidatesAgainstTheDynamicSchema() throws Exception {
        Schema schema = schema(JsonSchemas.dynamic());
        JsonNode vectors;
        try (InputStream in = JsonSchemasTest.class.getResourceAsStream("/vectors/valid.json")) {
            vectors = JSON.readTree(in);
        }
        int n = 0;
        int deep = 0;
        for (JsonNode v : vectors) {
            String doc = v.get("document").asString();
            if (depth(doc) > 100) {
                deep++;
                continue; // the depth-limit vectors: deeper than a validator's recursion is meant to go
            }
            assertEquals(List.of(), errors(schema, doc), v.get("name").asString() + ": " + doc);
            n++;
        }
        assertEquals(vectors.size(), n + deep);
        assertTrue(n > 80 && deep < 5, "vectors " + n + ", deep " + deep);
    }

    /**
     * What a JSON Schema cannot say (docs/json-schema.md): equality under the format's rule (duplicate keys, set
     * elements and map keys), lone surrogates (validators see strings, not escapes), whether a float is the
     * shortest and a decimal's exponent form the canonical one, the range of a decimal's scale, alternation and
     * string-only keys in ~map, and the length limits.
     */
    private static final List<String> UNCHECKABLE = List.of("duplicate", "surrogate", "non-canonical ~f", "non-canonical ~d",
            "malformed decimal", "non-canonical ~map", "alternate keys and values", "typedjson.max.");

    @Test
    void theDynamicSchemaRefusesTheInvalidVectorsThatASchemaCanSee() throws Exception {
        Schema schema = schema(JsonSchemas.dynamic());
        JsonNode vectors;
        try (InputStream in = JsonSchemasTest.class.getResourceAsStream("/vectors/invalid.json")) {
            vectors = JSON.readTree(in);
        }
        int refused = 0;
        int uncheckable = 0;
        for (JsonNode v : vectors) {
            if (!v.has("document") || depth(v.get("document").asString()) > 100) {
                continue; // bytes that are not UTF-8 text, and the depth limit
            }
            String doc = v.get("document").asString();
            try {
                JSON.readTree(doc);
            } catch (RuntimeException notJson) {
                continue; // malformed JSON: no validator gets that far
            }
            if (!errors(schema, doc).isEmpty()) {
                refused++;
                continue;
            }
            String error = v.get("error").asString();
            assertTrue(UNCHECKABLE.stream().anyMatch(error::contains),
                    "the schema accepts invalid vector '" + v.get("name").asString() + "': " + doc + " (" + error + ")");
            uncheckable++;
        }
        assertTrue(refused >= 28, "refused " + refused + ", uncheckable " + uncheckable);
    }

    @Test
    void randomDynamicValuesValidate() {
        Schema schema = schema(JsonSchemas.dynamic());
        Random r = new Random(7);
        for (int i = 0; i < 300; i++) {
            Object v = dynamicOf(r);
            Object w = mapOf("v", v, "~k", listOf(v, numberOf(r)), "set", new LinkedHashSet<>(listOf(v)));
            String doc = new String(TypedJson.write(w), StandardCharsets.UTF_8);
            assertEquals(List.of(), errors(schema, doc), doc);
        }
    }

    static int depth(String doc) {
        int d = 0, max = 0;
        for (char c : doc.toCharArray()) {
            if (c == '[' || c == '{') max = Math.max(max, ++d);
            if (c == ']' || c == '}') d--;
        }
        return max;
    }

    // ---- the patterns on their own, against the writer's texts

    @Test
    void integerRangePatternsAreExact() {
        java.util.regex.Pattern int8 = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.INT8 + "$");
        for (int i = -1000; i <= 1000; i++) {
            assertEquals(i >= -128 && i <= 127, int8.matcher(Integer.toString(i)).matches(), Integer.toString(i));
        }
        java.util.regex.Pattern int64 = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.INT64 + "$");
        Random r = new Random(3);
        for (int i = 0; i < 10_000; i++) {
            BigInteger b = new BigInteger(64 + r.nextInt(3), r).subtract(BigInteger.ONE.shiftLeft(64));
            boolean inRange = b.bitLength() < 64;
            assertEquals(inRange, int64.matcher(b.toString()).matches(), b.toString());
        }
        for (String s : new String[] {"-0", "01", "+1", "", "-"}) {
            assertFalse(int64.matcher(s).matches(), s);
        }
    }

    @Test
    void floatAndDecimalPatternsTakeTheWritersTexts() {
        java.util.regex.Pattern doubles = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.FLOAT_OR_NON_FINITE + "$");
        java.util.regex.Pattern decimals = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.DECIMAL + "$");
        Random r = new Random(11);
        Function<Object, String> text = v -> new String(TypedJson.write(v), StandardCharsets.UTF_8);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            String t = text.apply(d);
            t = t.startsWith("\"~z") ? t.substring(3, t.length() - 1) : t;
            assertTrue(doubles.matcher(t).matches(), t);
            float f = Float.intBitsToFloat(r.nextInt());
            String ft = text.apply(f);
            ft = ft.substring(3, ft.length() - 1);
            assertTrue(doubles.matcher(ft).matches(), ft);
            BigDecimal dec = new BigDecimal(BigInteger.valueOf(r.nextInt(3) == 0 ? 0 : r.nextLong() >> r.nextInt(64)), r.nextInt(60) - 30);
            assertTrue(decimals.matcher(dec.toString()).matches(), dec.toString());
        }
        for (String s : new String[] {"1", "1.50", "1.5e0", "-0", "1.0E5", "10000000.0", "0.0001", "1E7", "nan", "+1.0"}) {
            assertFalse(doubles.matcher(s).matches(), s);
        }
        for (String s : new String[] {"-0", "1e+3", "1E3", "0.0000001", "01", "+1", "1.", ".5", "0.0000000"}) {
            assertFalse(decimals.matcher(s).matches(), s);
        }
    }

    @Test
    void timePatternsTakeExactlyTheWritersTexts() {
        java.util.regex.Pattern instant = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.INSTANT + "$");
        java.util.regex.Pattern odt = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.OFFSET_DATE_TIME + "$");
        java.util.regex.Pattern time = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.LOCAL_TIME + "$");
        java.util.regex.Pattern connectTime = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.CONNECT_TIME + "$");
        java.util.regex.Pattern connectTs = java.util.regex.Pattern.compile("^" + JsonSchemaFragments.CONNECT_TIMESTAMP + "$");
        Random r = new Random(5);
        for (int i = 0; i < 20_000; i++) {
            Instant t = instantOf(r);
            assertTrue(instant.matcher(t.toString()).matches(), t.toString());
            OffsetDateTime o = odtOf(r);
            assertTrue(odt.matcher(o.toString()).matches(), o.toString());
            LocalTime lt = timeOf(r);
            assertTrue(time.matcher(lt.toString()).matches(), lt.toString());
            LocalTime ms = LocalTime.ofNanoOfDay(Math.floorMod(r.nextLong(), 86_400_000L) * 1_000_000L);
            assertTrue(connectTime.matcher(ms.toString()).matches(), ms.toString());
            Instant tms = Instant.ofEpochMilli(r.nextLong() % 100_000_000_000_000L);
            assertTrue(connectTs.matcher(tms.toString()).matches(), tms.toString());
            assertFalse(connectTs.matcher(tms.plusNanos(1000).toString()).matches(), "finer than a millisecond");
        }
    }
}

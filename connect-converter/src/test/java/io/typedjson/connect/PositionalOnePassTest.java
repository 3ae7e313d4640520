package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonFormat;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.connect.data.ConnectSchema;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * The one-pass read of a struct, positional ({@code JsonReader.onePassArray}, {@link ValueCodec.PositionalStructCodec})
 * or an object ({@code JsonReader.onePassOpen}, {@link ValueCodec.ObjectStructCodec}), gives the Struct the
 * token-by-token read gives ({@link ValueCodec.Spelling#POSITIONAL_TOKENS}, {@code OBJECT_TOKENS}), or the same refusal
 * (message, path, byte offset): documents built from the spellings at the edges of each Connect type (ranges, digits,
 * exponents, escapes, '~', nulls where optional and where required, defaults), with elements missing, extra or swapped,
 * whitespace, cut short or with a byte changed, read under tight limits.
 */
class PositionalOnePassTest {
    private static final String[] INT8 = {"0", "-0", "127", "128", "-128", "-129", "01", "1.0", "1e2", "null", "\"5\"", "true", "-"};
    private static final String[] INT16 = {"0", "32767", "32768", "-32768", "-32769", "00", "7.5", "null", "[]"};
    private static final String[] INT32 = {"0", "-0", "7", "-12", "2147483647", "2147483648", "-2147483648", "-2147483649",
        "00", "01", "-", "-a", "1.0", "1e2", "12345678901", "\"5\"", "null", "true"};
    private static final String[] INT64 = {"0", "-0", "1", "-1", "123456789012345678", "999999999999999999",
        "1234567890123456789", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
        "12345678901234567890", "01", "1.5", "1E3", "-", "null", "[1]"};
    private static final String[] FLOAT32 = {"0", "0.0", "-0.0", "1.5", "0.1", "3.4028235E38", "3.4028236E38", "3.5E38",
        "1.0E39", "1.4E-45", "1.0E-46", "16777217", "16777216.5", "1.17549435E-38", "123456789012345678",
        "1234567890123456789", "\"NaN\"", "\"-Infinity\"", "1.", ".5", "1E", "null", "1e+5", "1E007"};
    private static final String[] FLOAT64 = {"0", "0.0", "-0.0", "-0", "1.5", "123.45", "0.1", "1234567890.12345678",
        "12345678901234567.8", "123456789012345678", "1234567890123456789", "0.000000000000000001",
        "0.0000000000000000001", "1e10", "1E-5", "\"NaN\"", "\"Infinity\"", "\"x\"", "1.", "-.5", "00.5", "-",
        "9007199254740993", "null", "1.5x", "1.0E7", "1.0E-4", "1.7976931348623157E308", "1.7976931348623159E308",
        "1.0E309", "4.9E-324", "1.0E-400", "1E+", "1.0E12345"};
    private static final String[] BOOLEANS = {"true", "false", "tru", "truex", "falsey", "null", "1", "\"true\""};
    private static final String[] STRINGS = {"\"\"", "\"a\"", "\"~a\"", "\"~~a\"", "\"a~\"", "\"~\"", "\"a\\\"b\"",
        "\"a\\u0041\"", "\"\\ud800\"", "\"é\"", "\"\u007f\"", "\"12345678\"", "\"1234567890abcdefg\"", "\"tab\there\"",
        "null", "nul", "5", "\"unterminated", "[\"a\"]"};
    private static final String[] LISTS = {"[]", "[\"a\"]", "[\"a\",\"b\",\"c\",\"d\"]", "[\"a\",\"b\",\"c\",\"d\",\"e\"]",
        "[\"a\",]", "[,]", "[null]", "[\"a\",null]", "[\"~x\"]", "[\"~~x\"]", "[\"a\" ]", "[ \"a\"]", "[[]]", "null",
        "[1]", "[\"a\"", "[\"a\"\"b\"]", "{}", "[\"é\"]", "[\"a\\n\"]", "[\"123456\"]", "\"a\""};
    private static final String[] DECIMALS = {"1.50", "1.5", "150", "-0.01", "-0.00", "0.00", "1.500", "1.5E2", "1.50e0",
        "1234567890123456.78", "12345678901234567.89", "01.50", "1.", "-", "7", "-7", "\"1.50\"", "null", "true"};
    private static final String[] TIMESTAMPS = {"\"2026-11-30T05:35:45.123Z\"", "\"2026-11-30T05:35:45Z\"",
        "\"2026-11-30T05:35:45.123456Z\"", "\"+12026-01-01T00:00:00Z\"", "null", "5", "\"x\""};
    private static final String[] DATES = {"\"2026-11-30\"", "\"2026-13-01\"", "null", "\"~2026-11-30\"", "0"};
    private static final String[] TIMES = {"\"05:35:45.123\"", "\"05:35:45\"", "\"05:35:45.123456\"", "\"25:00\"", "null"};
    private static final String[] BYTES = {"\"AAEC\"", "\"\"", "\"AAE\"", "\"~AAEC\"", "null", "[0]"};
    private static final String[] INNERS = {"[1,\"a\"]", "[1,null]", "null", "[1]", "[1,\"a\",2]", "[ 1,\"a\"]",
        "[1 ,\"a\"]", "{\"a\":1}", "[\"x\",\"a\"]", "[2147483648,\"a\"]", "[1,\"~b\"]"};
    private static final String[] LONGS = {"[]", "[1,2]", "[1,null]", "null", "[1.5]", "[ 1]"};
    private static final String[] MAPS = {"{}", "{\"a\":1}", "{\"a\":null}", "[]", "null", "{\"a\":1,\"a\":2}", "{\"~a\":1}"};

    private static final Schema INNER = SchemaBuilder.struct().optional()
            .field("a", Schema.INT32_SCHEMA).field("s", Schema.OPTIONAL_STRING_SCHEMA).build();
    private static final Schema FLAT = SchemaBuilder.struct()
            .field("i8", Schema.INT8_SCHEMA)
            .field("i16", Schema.INT16_SCHEMA)
            .field("i32", Schema.INT32_SCHEMA)
            .field("i64", Schema.INT64_SCHEMA)
            .field("f32", Schema.FLOAT32_SCHEMA)
            .field("f64", Schema.FLOAT64_SCHEMA)
            .field("b", Schema.BOOLEAN_SCHEMA)
            .field("s", Schema.STRING_SCHEMA)
            .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
            .field("oi64", Schema.OPTIONAL_INT64_SCHEMA)
            .field("os", Schema.OPTIONAL_STRING_SCHEMA)
            .field("d16", SchemaBuilder.int16().defaultValue((short) 7).build())
            .field("ds", SchemaBuilder.string().defaultValue("x").build())
            .field("otags", SchemaBuilder.array(Schema.OPTIONAL_STRING_SCHEMA).optional().build())
            .field("of64", Schema.OPTIONAL_FLOAT64_SCHEMA)
            .build();
    private static final Schema MIXED = SchemaBuilder.struct()
            .field("id", Schema.INT32_SCHEMA)
            .field("price", Decimal.schema(2))
            .field("ts", Timestamp.SCHEMA)
            .field("day", Date.builder().optional().build())
            .field("at", Time.SCHEMA)
            .field("bytes", Schema.OPTIONAL_BYTES_SCHEMA)
            .field("inner", INNER)
            .field("f32", Schema.OPTIONAL_FLOAT32_SCHEMA)
            .field("longs", SchemaBuilder.array(Schema.INT64_SCHEMA).build())
            .field("map", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA).build())
            .field("last", Schema.STRING_SCHEMA)
            .field("odec", Decimal.builder(0).optional().build())
            .build();

    /** Default limits, and each limit the one-pass read checks made tight alone, and the element limit met by some documents. */
    private static final List<TypedJsonFormat> FORMATS = List.of(TypedJsonFormat.defaults(),
            new TypedJsonFormat(new Limits(1, 1000, 1000, 1 << 20)),
            new TypedJsonFormat(new Limits(2, 1000, 1000, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 4, 1000, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 1000, 5, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 19, 8, 1 << 20).withMaxElements(14)));

    @Test
    void theOnePassReadGivesWhatTheTokenReadGives() {
        SplittableRandom random = new SplittableRandom(41);
        int reads = 0, refused = 0, canonicalRead = 0;
        for (Schema schema : List.of(FLAT, MIXED)) {
          for (boolean positional : new boolean[] {true, false}) {
            ValueCodec onePass = ValueCodec.of(schema, positional ? ValueCodec.Spelling.POSITIONAL : ValueCodec.Spelling.OBJECT);
            ValueCodec tokens = ValueCodec.of(schema,
                    positional ? ValueCodec.Spelling.POSITIONAL_TOKENS : ValueCodec.Spelling.OBJECT_TOKENS);
            for (int n = 0; n < 1000; n++) {
                List<String> elements = schema == FLAT ? flat(random, n) : mixed(random, n);
                if (!positional) { // {"name":value,...}, a nested struct's array as an object too
                    for (int i = 0; i < elements.size(); i++) {
                        String e = elements.get(i);
                        if (schema.fields().get(i).name().equals("inner") && e.startsWith("[")) {
                            e = e.replaceFirst("^\\[([^,\\]]*),?", "{\"a\":$1,\"s\":").replaceFirst("\\]$", "}");
                        }
                        elements.set(i, "\"" + schema.fields().get(i).name() + "\":" + e);
                    }
                }
                for (String document : variants(elements, random, positional)) {
                    for (TypedJsonFormat format : FORMATS) {
                        String expected = sameOutcome(format, tokens, onePass, document);
                        reads++;
                        refused += expected.startsWith("refused") ? 1 : 0;
                        canonicalRead += format == FORMATS.get(0) && !expected.startsWith("refused") ? 1 : 0;
                    }
                }
            }
          }
        }
        // the documents reach both sides: read and refused
        assertTrue(refused > reads / 10 && refused < reads * 9 / 10, reads + " reads, " + refused + " refused");
        assertTrue(canonicalRead > 1000, canonicalRead + " canonical documents read");
    }

    // the logical types and BYTES in the one-pass struct read (handed to their codecs; read from the string's text it
    // did not pay): epoch and year bounds, leap days, leading zeros, every fraction length, spellings the token path
    // reads (other RFC 3339 forms) or refuses, escapes, '~'
    private static final String[] TIMESTAMP_EDGES = {"\"0000-01-01T00:00:00Z\"", "\"9999-12-31T23:59:59.999Z\"",
        "\"1970-01-01T00:00:00Z\"", "\"1969-12-31T23:59:59.999Z\"", "\"1970-01-01T00:00:00.001Z\"",
        "\"2024-02-29T12:00:00Z\"", "\"2026-02-29T12:00:00Z\"", "\"2026-04-31T12:00:00Z\"", "\"2026-00-10T00:00:00Z\"",
        "\"2026-11-30T05:35:45.1Z\"", "\"2026-11-30T05:35:45.12Z\"", "\"2026-11-30T05:35:45.100Z\"",
        "\"2026-11-30T05:35:45.000Z\"", "\"2026-11-30T05:35:45.123000Z\"", "\"2026-11-30T05:35:45.123000000Z\"",
        "\"2026-11-30T05:35:45.123000001Z\"", "\"2026-11-30T05:35:45.1230000000Z\"", "\"2026-11-30T05:35:45.Z\"",
        "\"2026-11-30T05:35Z\"", "\"2026-11-30T05:35:60Z\"", "\"2026-11-30T24:00:00Z\"", "\"2026-11-30t05:35:45z\"",
        "\"2026-11-30T05:35:45+00:00\"", "\"2026-11-30T05:35:45+01:30\"", "\"2026-11-30T05:35:45-00:00\"",
        "\"2026-11-30 05:35:45Z\"", "\"2026-11-30T05:35:45\"", "\"02026-11-30T05:35:45Z\"", "\"2026-1-30T05:35:45Z\"",
        "\"2026-11-30T5:35:45Z\"", "\"-0001-12-31T23:59:59Z\"", "\"+10000-01-01T00:00:00Z\"",
        "\"+292278994-08-17T07:12:55.807Z\"", "\"\\u0032026-11-30T05:35:45Z\"", "\"2026-11-30T05:35:45\\u005a\"",
        "\"~2026-11-30T05:35:45Z\"", "\"2026-11-30T05:35:45Z \"", "\"2026-11-30T05:35:45Ｚ\"", "\"\"", "\"2026\"",
        "1764480945123", "null", "[]"};
    private static final String[] DATE_EDGES = {"\"0000-01-01\"", "\"9999-12-31\"", "\"1970-01-01\"", "\"1969-12-31\"",
        "\"2024-02-29\"", "\"2026-02-29\"", "\"2000-02-29\"", "\"1900-02-29\"", "\"2026-11-31\"", "\"2026-00-10\"",
        "\"2026-11-00\"", "\"2026-1-30\"", "\"02026-11-30\"", "\"2026-11-3\"", "\"+10000-01-01\"", "\"-0001-01-01\"",
        "\"+2026-11-30\"", "\"2026-11-30T00:00\"", "\"2026/11/30\"", "\"20261130\"", "\"\\u0032026-11-30\"",
        "\"2026-11-30 \"", "\"~2026-11-30\"", "\"\"", "20261130", "null", "{}"};
    private static final String[] TIME_EDGES = {"\"00:00\"", "\"00:00:00\"", "\"00:00:00.000\"", "\"00:00:01\"",
        "\"23:59\"", "\"23:59:59.999\"", "\"23:59:59.999999999\"", "\"24:00\"", "\"23:60\"", "\"23:59:60\"",
        "\"05:35:45.1\"", "\"05:35:45.10\"", "\"05:35:45.100\"", "\"05:35:45.123000\"", "\"05:35:45.123000000\"",
        "\"05:35:45.123000001\"", "\"05:35:45.1234567890\"", "\"05:35:45.\"", "\"5:35:45\"", "\"05:35:45Z\"",
        "\"05:35:45+01:00\"", "\"-01:00\"", "\"05\"", "\"05:3\"", "\"\\u00305:35\"", "\"~05:35\"", "\"\"",
        "\"05:35:45 \"", "20100", "null", "[]"};
    private static final String[] BYTES_EDGES = {"\"\"", "\"AA==\"", "\"AAA=\"", "\"AAAA\"", "\"AB==\"", "\"AAB=\"",
        "\"A===\"", "\"====\"", "\"AA=A\"", "\"AAEC====\"", "\"AA\"", "\"AAECAw\"", "\"A-_A\"", "\"/+/+\"",
        "\"AA\\u003d=\"", "\"\\u0041AEC\"", "\" AAEC\"", "\"AAEC \"", "\"~AAE\"", "\"ÀAEC\"", "\"AAECAwQFBgcICQoL\"",
        "\"AAECAwQFBgcICQoLDA==\"", "null", "0", "[]"};
    private static final Schema LOGICAL = SchemaBuilder.struct()
            .field("ts", Timestamp.SCHEMA)
            .field("ots", Timestamp.builder().optional().build())
            .field("day", Date.SCHEMA)
            .field("oday", Date.builder().optional().build())
            .field("at", Time.SCHEMA)
            .field("oat", Time.builder().optional().build())
            .field("b", Schema.BYTES_SCHEMA)
            .field("ob", Schema.OPTIONAL_BYTES_SCHEMA)
            .field("n", Schema.INT32_SCHEMA)
            .build();

    /** Every edge spelling of each logical type and BYTES in each of its fields, whole, cut and under tight limits. */
    @Test
    void theLogicalTypesAndBytesReadInOnePassAsTheTokenReadReadsThem() {
        String[][] edges = {TIMESTAMP_EDGES, TIMESTAMP_EDGES, DATE_EDGES, DATE_EDGES, TIME_EDGES, TIME_EDGES,
            BYTES_EDGES, BYTES_EDGES, INT32};
        String[] canonical = {"\"2026-11-30T05:35:45.123Z\"", "null", "\"2026-11-30\"", "\"1970-01-01\"",
            "\"05:35:45.123\"", "null", "\"AAEC\"", "\"AQ==\"", "7"};
        SplittableRandom random = new SplittableRandom(37);
        int reads = 0, refused = 0, wholeRead = 0;
        for (boolean positional : new boolean[] {true, false}) {
            ValueCodec onePass = ValueCodec.of(LOGICAL, positional ? ValueCodec.Spelling.POSITIONAL : ValueCodec.Spelling.OBJECT);
            ValueCodec tokens = ValueCodec.of(LOGICAL,
                    positional ? ValueCodec.Spelling.POSITIONAL_TOKENS : ValueCodec.Spelling.OBJECT_TOKENS);
            for (int f = 0; f < edges.length; f++) {
                for (String edge : edges[f]) {
                    List<String> elements = new ArrayList<>(Arrays.asList(canonical));
                    elements.set(f, edge);
                    if (!positional) {
                        for (int i = 0; i < elements.size(); i++) {
                            elements.set(i, "\"" + LOGICAL.fields().get(i).name() + "\":" + elements.get(i));
                        }
                    }
                    String whole = (positional ? "[" : "{") + String.join(",", elements) + (positional ? "]" : "}");
                    List<String> documents = new ArrayList<>(List.of(whole, whole.substring(0, random.nextInt(whole.length()))));
                    int at = whole.indexOf(edge, positional ? 1 : whole.indexOf(':' + edge));
                    documents.add(whole.substring(0, at + random.nextInt(edge.length() + 1))); // cut within the edge
                    for (String document : documents) {
                        for (TypedJsonFormat format : FORMATS) {
                            String expected = sameOutcome(format, tokens, onePass, document);
                            reads++;
                            refused += expected.startsWith("refused") ? 1 : 0;
                            wholeRead += document == whole && format == FORMATS.get(0) && !expected.startsWith("refused") ? 1 : 0;
                        }
                    }
                }
            }
        }
        // both sides reached: whole documents read under the default limits, and refusals
        assertTrue(wholeRead > 200 && refused > reads / 2, reads + " reads, " + refused + " refused, " + wholeRead + " whole read");
    }

    // the numbers at the edges of the one-pass read's short path (at most 15 digits, no exponent, one division) and
    // of its general one: digit counts, leading zeros, exponents, -0, float and double limits; the double of
    // 1.65453439950943 and 3.96231210231781 lies halfway between two floats, where rounding it again would be off
    private static final String[] NUMBER_EDGES = {"0", "-0", "0.0", "-0.0", "00", "01", "-01.5", "0.5", "-0.5", "1.",
        ".5", "-", "-a", "5", "57.123455", "-57.123455", "99.99", "123456789012345", "1234567890123456",
        "-123456789012345", "999999999999999", "9999999999999999", "0.00000000000001", "0.000000000000001",
        "0.0000000000000001", "12345678901234.5", "1234567890123.45", "123456789012345.6", "0.123456789012345",
        "0.1234567890123456", "1.5e0", "15e-1", "1.5E2", "1.5E", "1.5e+", "1E007", "1.0E7", "1.0E-4", "16777216",
        "16777217", "16777217.0", "16777219", "33554433", "1.65453439950943", "3.96231210231781", "5.39915919303894",
        "1.3273965716362", "9007199254740992", "9007199254740993", "3.4028235E38", "3.4028236E38", "1.4E-45",
        "1.17549435E-38", "1.7976931348623157E308", "1.0E309", "4.9E-324", "1.0E-400", "1.5x", "1.5.5", "1.5,",
        "\"1.5\"", "null", "true", "1.50", "-1.50", "-0.00", "0.00", "1.500", "150e-2", "1.50E0", "0.15E1",
        "1234567890123456.78", "12345678901234567.89", "-1234567890123456.78", "9223372036854775.80", "01.50"};
    private static final Schema NUMBERS = SchemaBuilder.struct()
            .field("f32", Schema.FLOAT32_SCHEMA).field("f64", Schema.FLOAT64_SCHEMA)
            .field("of32", Schema.OPTIONAL_FLOAT32_SCHEMA).field("dec", Decimal.schema(2)).field("n", Schema.INT32_SCHEMA)
            .build();

    /**
     * Every edge number, and the floats, doubles and decimals of data sets (rows' scores and prices, amounts, random
     * doubles of every length), in each float field and a Decimal of scale 2, whole and cut, under tight limits: the one-pass read gives what the token read gives.
     */
    @Test
    void everyNumberReadsInOnePassAsTheTokenReadReadsIt() {
        SplittableRandom random = new SplittableRandom(43);
        List<String> numbers = new ArrayList<>(Arrays.asList(NUMBER_EDGES));
        for (int n = 0; n < 300; n++) {
            numbers.add(String.valueOf((float) (random.nextDouble() * 100))); // rows' scores
            numbers.add(String.valueOf(random.nextInt(1, 10_000_000) / 100.0)); // amounts
            numbers.add(String.valueOf(random.nextDouble() * Math.pow(10, random.nextInt(-8, 16)))); // 15-17 digits
            numbers.add(String.valueOf(random.nextLong(1, 1_000_000_000_000_000L) / Math.pow(10, random.nextInt(0, 16))));
            numbers.add(java.math.BigDecimal.valueOf(random.nextInt(1, 10_000_000), 2).toString()); // rows' prices
            numbers.add(java.math.BigDecimal.valueOf(random.nextLong() >> random.nextInt(64), 2).toString());
        }
        int reads = 0, refused = 0;
        for (boolean positional : new boolean[] {true, false}) {
            ValueCodec onePass = ValueCodec.of(NUMBERS, positional ? ValueCodec.Spelling.POSITIONAL : ValueCodec.Spelling.OBJECT);
            ValueCodec tokens = ValueCodec.of(NUMBERS,
                    positional ? ValueCodec.Spelling.POSITIONAL_TOKENS : ValueCodec.Spelling.OBJECT_TOKENS);
            for (int f = 0; f < 4; f++) {
                for (String number : numbers) {
                    List<String> elements = new ArrayList<>(List.of("1.5", "2.5", "null", "9.99", "7"));
                    elements.set(f, number);
                    if (!positional) {
                        for (int i = 0; i < elements.size(); i++) {
                            elements.set(i, "\"" + NUMBERS.fields().get(i).name() + "\":" + elements.get(i));
                        }
                    }
                    String whole = (positional ? "[" : "{") + String.join(",", elements) + (positional ? "]" : "}");
                    for (String document : List.of(whole, whole.substring(0, random.nextInt(whole.length())))) {
                        for (TypedJsonFormat format : FORMATS) {
                            String expected = sameOutcome(format, tokens, onePass, document);
                            reads++;
                            refused += expected.startsWith("refused") ? 1 : 0;
                        }
                    }
                }
            }
        }
        assertTrue(refused > reads / 10 && refused < reads * 9 / 10, reads + " reads, " + refused + " refused");
    }

    /** Inside an inline document, read whole by the converter: the same Structs, and Connect's validation accepts them. */
    @Test
    void structsOfEveryTypeReadInOnePassAreWhatWasWritten() {
        Struct inner = new Struct(INNER).put("a", 1).put("s", "x");
        Struct flat = new Struct(FLAT).put("i8", (byte) -128).put("i16", (short) 32767).put("i32", Integer.MIN_VALUE)
                .put("i64", 123456789012345678L).put("f32", 3.4028235E38f).put("f64", 1.0E-4).put("b", true)
                .put("s", "~a").put("tags", List.of("a", "b", "c", "d", "e")).put("oi64", -1L)
                .put("otags", Arrays.asList("a", null)).put("of64", -0.0);
        Struct mixed = new Struct(MIXED).put("id", 5).put("price", new java.math.BigDecimal("-0.01"))
                .put("ts", new java.util.Date(1_764_000_000_123L)).put("at", new java.util.Date(3_600_123L))
                .put("bytes", ByteBuffer.wrap(new byte[] {0, 1, 2})).put("inner", inner).put("f32", 1.5f)
                .put("longs", List.of(1L, -2L)).put("map", Map.of("k", 3)).put("last", "é")
                .put("odec", new java.math.BigDecimal("-12"));
        TypedJsonConverter converter = TypedJsonConverterTest.converter("inline", false);
        for (Struct s : List.of(flat, mixed, new Struct(FLAT).put("i8", (byte) 0).put("i16", (short) 0).put("i32", 0)
                .put("i64", 0L).put("f32", 0f).put("f64", 0.0).put("b", false).put("s", "").put("tags", List.of()))) {
            byte[] bytes = converter.fromConnectData("t", new org.apache.kafka.common.header.internals.RecordHeaders(), s.schema(), s);
            for (int i = 0; i < 2; i++) { // the second read takes the reader's path for a schema it has seen
                Object back = converter.toConnectData("t", new org.apache.kafka.common.header.internals.RecordHeaders(), bytes).value();
                assertEquals(describe(ValueCodec.of(s.schema(), ValueCodec.Spelling.POSITIONAL_TOKENS),
                        TypedJsonFormat.defaults(), s), describe(null, null, back));
                ((Struct) back).validate();
                ConnectSchema.validateValue(s.schema(), back);
            }
        }
    }

    /** The reader's element reads themselves: each kind in the writer's spelling taken, the reader then on the ']'. */
    @Test
    void theElementReadsTakeTheWritersSpelling() {
        byte[] d = "[-12,123456789012345678,1.5,3.4028235E38,true,\"a\",null,[\"x\",\"y\"],{\"k\":1},7]".getBytes(StandardCharsets.UTF_8);
        List<Object> read = TypedJsonFormat.defaults().read(new Codec<List<Object>>() {
            @Override public void write(JsonWriter out, List<Object> value) { throw new UnsupportedOperationException(); }
            @Override public List<Object> read(JsonReader in) {
                int one = in.onePassArray();
                assertTrue(one != 0);
                List<Object> values = new ArrayList<>();
                values.add(in.oneInt(null, true));
                values.add(in.oneLong(null, false));
                values.add(in.oneDouble(null, false));
                values.add(in.oneFloat(null, false));
                values.add(in.oneBoolean(null, false));
                values.add(in.oneString(null, false));
                values.add(in.oneIsNull(null, false));
                values.add(in.oneStrings(null, false));
                assertTrue(in.oneElement(8));
                assertEquals(JsonToken.START_OBJECT, in.currentToken());
                in.skipValue();
                in.oneResume();
                assertEquals(false, in.oneIsNull(null, false));
                values.add(in.oneInt(null, false));
                assertTrue(in.onePassClose(one));
                assertEquals(JsonToken.END_ARRAY, in.currentToken());
                return values;
            }
        }, d);
        assertEquals(List.of(-12, 123456789012345678L, 1.5, 3.4028235E38f, true, "a", true, List.of("x", "y"), 7), read);
    }

    /** {@code document} read by the token path under {@code format}, asserted the same by the one-pass read: its outcome. */
    private static String sameOutcome(TypedJsonFormat format, ValueCodec tokens, ValueCodec onePass, String document) {
        byte[] d = document.getBytes(StandardCharsets.UTF_8);
        String expected = outcome(format, tokens, d);
        assertEquals(expected, outcome(format, onePass, d), () -> "reading " + document + " under " + format.limits());
        return expected;
    }

    /** The read's Struct with the class of every value (Struct.equals would not tell a Short from an Integer), or its refusal. */
    private static String outcome(TypedJsonFormat format, ValueCodec codec, byte[] document) {
        Object value;
        try {
            value = format.read(codec, document);
        } catch (RuntimeException e) {
            return "refused " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        if (value instanceof Struct s) {
            s.validate();
            ConnectSchema.validateValue(codec.schema, s);
        }
        return describe(null, null, value);
    }

    /** A value with the classes of its parts; with a codec, the value written and read back by it first. */
    private static String describe(ValueCodec codec, TypedJsonFormat format, Object value) {
        if (codec != null) {
            value = format.read(codec, format.write(codec, value));
        }
        if (value instanceof Struct s) {
            StringBuilder b = new StringBuilder("Struct{");
            for (org.apache.kafka.connect.data.Field f : s.schema().fields()) {
                b.append(f.name()).append('=').append(describe(null, null, s.getWithoutDefault(f.name()))).append(',');
            }
            return b.append('}').toString();
        }
        if (value instanceof List<?> l) {
            List<String> parts = new ArrayList<>();
            for (Object e : l) {
                parts.add(describe(null, null, e));
            }
            return l.getClass().getSimpleName() + parts;
        }
        if (value instanceof byte[] bytes) {
            return "bytes" + Arrays.toString(bytes);
        }
        return value == null ? "null" : value.getClass().getSimpleName() + ":" + value;
    }

    private static String pick(SplittableRandom random, String[] spellings, String canonical) {
        return random.nextInt(16) == 0 ? spellings[random.nextInt(spellings.length)] : canonical;
    }

    private static List<String> flat(SplittableRandom r, int n) {
        return new ArrayList<>(List.of(
                pick(r, INT8, String.valueOf((byte) r.nextInt())),
                pick(r, INT16, String.valueOf((short) r.nextInt())),
                pick(r, INT32, String.valueOf(r.nextInt())),
                pick(r, INT64, String.valueOf(r.nextLong() >> r.nextInt(64))),
                pick(r, FLOAT32, String.valueOf(r.nextInt(1, 1_000_000) / 100.0f)),
                pick(r, FLOAT64, String.valueOf(r.nextInt(1, 1_000_000) / 100.0)),
                pick(r, BOOLEANS, r.nextBoolean() ? "true" : "false"),
                pick(r, STRINGS, "\"s" + n + "\""),
                pick(r, LISTS, "[\"t\",\"u" + n + "\"]"),
                pick(r, INT64, r.nextBoolean() ? "null" : String.valueOf(n)),
                pick(r, STRINGS, r.nextBoolean() ? "null" : "\"o\""),
                pick(r, INT16, r.nextBoolean() ? "null" : "3"),
                pick(r, STRINGS, r.nextBoolean() ? "null" : "\"d\""),
                pick(r, LISTS, r.nextBoolean() ? "null" : "[\"a\"]"),
                pick(r, FLOAT64, r.nextBoolean() ? "null" : "2.5")));
    }

    private static List<String> mixed(SplittableRandom r, int n) {
        return new ArrayList<>(List.of(
                pick(r, INT32, String.valueOf(n)),
                pick(r, DECIMALS, "12.34"),
                pick(r, TIMESTAMPS, "\"2026-11-30T05:35:4" + n % 10 + ".123Z\""),
                pick(r, DATES, r.nextBoolean() ? "null" : "\"2026-11-30\""),
                pick(r, TIMES, "\"05:35:45.123\""),
                pick(r, BYTES, r.nextBoolean() ? "null" : "\"AAEC\""),
                pick(r, INNERS, r.nextBoolean() ? "null" : "[" + n + ",\"i\"]"),
                pick(r, FLOAT32, r.nextBoolean() ? "null" : "0.5"),
                pick(r, LONGS, "[1,2]"),
                pick(r, MAPS, "{\"a\":1}"),
                pick(r, STRINGS, "\"last\""),
                pick(r, DECIMALS, r.nextBoolean() ? "null" : "-" + n)));
    }

    /** The document, and spellings around it: whitespace, an element missing, extra or moved, cut short, a byte changed. */
    private static List<String> variants(List<String> elements, SplittableRandom r, boolean positional) {
        String open = positional ? "[" : "{", close = positional ? "]" : "}";
        List<String> out = new ArrayList<>();
        String d = open + String.join(",", elements) + close;
        out.add(d);
        int k = r.nextInt(elements.size());
        switch (r.nextInt(8)) {
            case 0: {
                List<String> fewer = new ArrayList<>(elements);
                fewer.remove(k);
                out.add(open + String.join(",", fewer) + close);
                break;
            }
            case 1: {
                List<String> more = new ArrayList<>(elements);
                more.add(k, elements.get(k));
                out.add(open + String.join(",", more) + close);
                break;
            }
            case 2: {
                List<String> moved = new ArrayList<>(elements);
                Collections.swap(moved, k, r.nextInt(elements.size()));
                out.add(open + String.join(",", moved) + close);
                break;
            }
            case 3: {
                String[] spaces = {" ", "\n", "\t", "\r"};
                String s = spaces[r.nextInt(spaces.length)];
                List<String> spaced = new ArrayList<>(elements);
                spaced.set(k, r.nextBoolean() ? s + elements.get(k) : elements.get(k) + s);
                out.add(open + String.join(",", spaced) + close + (r.nextInt(4) == 0 ? s : ""));
                break;
            }
            case 4:
                out.add(d.substring(0, r.nextInt(d.length())));
                break;
            case 5: {
                char[] c = d.toCharArray();
                String odd = "[]{},:\"\\ 0-9.eEnul~x";
                c[r.nextInt(c.length)] = odd.charAt(r.nextInt(odd.length()));
                out.add(new String(c));
                break;
            }
            case 6:
                out.add(positional ? d + (r.nextBoolean() ? "]" : ",1]")
                        : d.substring(0, d.length() - 1) + (r.nextBoolean() ? ",\"zz\":1}" : ",\"~x\":1}"));
                break;
            default:
                out.add(open + close);
        }
        return out;
    }
}

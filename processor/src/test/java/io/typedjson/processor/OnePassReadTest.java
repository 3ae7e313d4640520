package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.CodecOptions;
import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.processor.fixtures.Flat;
import io.typedjson.processor.fixtures.Order;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The one-pass read of a record in the writer's spelling ({@code JsonReader.onePassBegin}, used by the compiled and the
 * generated codecs, not by the reflective one) accepts only what the token-by-token read accepts, with the same value,
 * and leaves every refusal to it: documents built from the spellings at the edges of what the one-pass read takes (numbers
 * of 18, 19 and 20 digits, leading zeros, exponents up to and beyond a double's range, out of an int's range; strings with '~', escapes, non-ASCII,
 * control characters; lists of four and more, nested, with holes; null), with whitespace, reordered, repeated, missing
 * and unknown keys, cut short or with a byte changed, read by the three kinds under tight limits and as plain JSON
 * give the same value or the same refusal (message, path, byte offset).
 */
class OnePassReadTest {
    private static final String[] INTS = {"0", "-0", "7", "-12", "2147483647", "2147483648", "-2147483648", "-2147483649",
        "00", "01", "-", "-a", "1.0", "1e2", "12345678901", "\"5\"", "null", "true"};
    private static final String[] LONGS = {"0", "-0", "1", "-1", "123456789012345678", "999999999999999999",
        "1234567890123456789", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
        "12345678901234567890", "01", "1.5", "1E3", "1e3", "-", "null", "[1]"};
    private static final String[] DOUBLES = {"0", "0.0", "-0.0", "-0", "1.5", "123.45", "0.1", "1234567890.12345678",
        "12345678901234567.8", "123456789012345678", "1234567890123456789", "12345678901234567890", "0.000000000000000001",
        "0.0000000000000000001", "1e10", "1E-5", "2.5e0", "\"NaN\"", "\"Infinity\"", "\"x\"", "1.", "-.5", ".5", "00.5",
        "-", "9007199254740993", "4.35", "99999.99", "null", "1.5x", "1.0E7", "1.0E-4", "-1.5E10", "2.5e-5", "1e+5", "1E007",
        "1.7976931348623157E308", "1.7976931348623159E308", "9.9E308", "1.0E309", "4.9E-324", "1.0E-400", "1E", "1E+",
        "1.0E12345", "12345678901234567E1"};
    private static final String[] BOOLEANS = {"true", "false", "tru", "truex", "falsey", "null", "1", "\"true\""};
    private static final String[] STRINGS = {"\"\"", "\"a\"", "\"Noor628\"", "\"~a\"", "\"~~a\"", "\"a~\"", "\"~\"",
        "\"a\\\"b\"", "\"a\\u0041\"", "\"\\ud800\"", "\"é\"", "\"\u007f\"", "\"12345678\"", "\"1234567890abcdefg\"",
        "\"tab\there\"", "null", "nul", "5", "\"unterminated", "\"2026-01-01T00:00:00.123Z\"", "[\"a\"]"};
    private static final String[] LISTS = {"[]", "[\"a\"]", "[\"a\",\"b\",\"c\",\"d\"]", "[\"a\",\"b\",\"c\",\"d\",\"e\"]",
        "[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\"]", "[\"a\",]", "[,]", "[null]", "[\"a\",null]", "[\"~x\"]",
        "[\"~~x\"]", "[\"a\" ]", "[ \"a\"]", "[[]]", "[[\"a\"]]", "null", "[1]", "[\"a\"", "[\"a\"\"b\"]", "{}", "[\"é\"]",
        "[\"a\\n\"]", "[\"12345\"]", "\"a\""};

    /**
     * Default limits; each limit the one-pass read checks made tight alone (depth 1, 4 digits, 5 characters), the others
     * left wide, so that the one-pass read gets as far as that limit; and the element limit met by some documents.
     */
    private static final List<TypedJsonFormat> FORMATS = List.of(TypedJsonFormat.defaults(),
            new TypedJsonFormat(new Limits(1, 1000, 1000, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 4, 1000, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 1000, 5, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 19, 8, 1 << 20).withMaxElements(9)));

    @Test
    void everyKindReadsTheSameAtTheEdgesOfTheOnePassRead() {
        SplittableRandom random = new SplittableRandom(37);
        int reads = 0, refused = 0;
        for (TypedJsonFormat format : FORMATS) {
            for (boolean plain : new boolean[] {false, true}) {
                for (CodecOptions options : ThreeKindsTest.OPTIONS) {
                    Kinds flat = new Kinds(Flat.class, options, format, plain);
                    Kinds order = new Kinds(Order.class, options, format, plain);
                    for (int n = 0; n < 400; n++) {
                        List<String[]> fields = n % 2 == 0 ? flatFields(random, n) : orderFields(random, n);
                        Kinds kinds = n % 2 == 0 ? flat : order;
                        for (String document : variants(fields, random)) {
                            byte[] d = document.getBytes(StandardCharsets.UTF_8);
                            List<String> outcome = kinds.read(d);
                            ThreeKindsTest.same(outcome, () -> "reading " + ThreeKindsTest.show(d) + " as " + kinds.type
                                    + " with " + options + ", " + format.limits() + (plain ? ", plain JSON" : ""));
                            reads++;
                            refused += outcome.get(0).startsWith("refused") ? 1 : 0;
                        }
                    }
                }
            }
        }
        assertTrue(refused > reads / 10 && refused < reads * 9 / 10, reads + " reads, " + refused + " refused");
    }

    /** The one-pass read's value is the one the token-by-token read gives (the reflective codec reads so). */
    @Test
    void aDocumentInTheWritersSpellingIsReadAsTheReflectiveCodecReadsIt() {
        Kinds kinds = new Kinds(Flat.class, CodecOptions.DEFAULT);
        String document = "{\"count\":-2147483648,\"flag\":true,\"id\":-123456789012345678,\"x\":1234567890.12345678,"
                + "\"s\":\"a~\",\"tags\":[\"a\",\"b\",\"c\",\"d\",\"e\"],\"last\":null}";
        List<String> outcome = kinds.read(document.getBytes(StandardCharsets.UTF_8));
        ThreeKindsTest.same(outcome, () -> document);
        assertEquals(new Flat(Integer.MIN_VALUE, true, -123456789012345678L, 1234567890.12345678, "a~",
                List.of("a", "b", "c", "d", "e"), null), TypedJsonFormat.defaults().read(kinds.codecs.get(0),
                document.getBytes(StandardCharsets.UTF_8)));
    }

    private static String pick(SplittableRandom random, String[] spellings, String canonical) {
        return random.nextInt(3) == 0 ? spellings[random.nextInt(spellings.length)] : canonical;
    }

    private static List<String[]> flatFields(SplittableRandom r, int n) {
        List<String[]> f = new ArrayList<>();
        f.add(new String[] {"count", pick(r, INTS, String.valueOf(r.nextInt()))});
        f.add(new String[] {"flag", pick(r, BOOLEANS, r.nextBoolean() ? "true" : "false")});
        f.add(new String[] {"id", pick(r, LONGS, String.valueOf(r.nextLong() >> r.nextInt(64)))});
        f.add(new String[] {"x", pick(r, DOUBLES, String.valueOf(r.nextInt(1, 1_000_000) / 100.0))});
        f.add(new String[] {"s", pick(r, STRINGS, "\"s" + n + "\"")});
        f.add(new String[] {"tags", pick(r, LISTS, "[\"t\",\"u" + n + "\"]")});
        f.add(new String[] {"last", pick(r, STRINGS, "\"z\"")});
        return f;
    }

    private static List<String[]> orderFields(SplittableRandom r, int n) {
        List<String[]> f = new ArrayList<>();
        f.add(new String[] {"id", pick(r, LONGS, String.valueOf(n))});
        f.add(new String[] {"name", pick(r, STRINGS, "\"Noor" + n + "\"")});
        f.add(new String[] {"status", pick(r, STRINGS, "\"PAID\"")});
        f.add(new String[] {"amount", pick(r, DOUBLES, String.valueOf(r.nextInt(1, 100_000) / 100.0))});
        f.add(new String[] {"tags", pick(r, LISTS, "[\"gift\",\"vip\"]")});
        f.add(new String[] {"ts", pick(r, STRINGS, "\"2026-01-01T00:00:0" + n % 10 + ".123Z\"")});
        return f;
    }

    /** The document in the writer's spelling, and changed: whitespace, keys moved, repeated, missing, unknown, bytes. */
    private static List<String> variants(List<String[]> fields, SplittableRandom r) {
        List<String> out = new ArrayList<>();
        String canonical = object(fields, "", "");
        out.add(canonical);
        out.add(object(fields, " ", ""));
        out.add(object(fields, "", "\n"));
        List<String[]> swapped = new ArrayList<>(fields);
        java.util.Collections.swap(swapped, r.nextInt(fields.size()), r.nextInt(fields.size()));
        out.add(object(swapped, "", ""));
        List<String[]> dropped = new ArrayList<>(fields);
        dropped.remove(r.nextInt(fields.size()));
        out.add(object(dropped, "", ""));
        List<String[]> repeated = new ArrayList<>(fields);
        repeated.add(r.nextInt(fields.size() + 1), fields.get(r.nextInt(fields.size())));
        out.add(object(repeated, "", ""));
        List<String[]> unknown = new ArrayList<>(fields);
        unknown.add(r.nextInt(fields.size() + 1), new String[] {r.nextBoolean() ? "other" : "~x", "1"});
        out.add(object(unknown, "", ""));
        out.add(canonical.substring(0, r.nextInt(canonical.length())));
        char[] c = canonical.toCharArray();
        String bytes = "{}[],:\"\\ 0a-.e~é";
        c[r.nextInt(c.length)] = bytes.charAt(r.nextInt(bytes.length()));
        out.add(new String(c));
        out.add(canonical + (r.nextBoolean() ? " " : "x"));
        out.add("[" + canonical + "]");
        out.add("null");
        return out;
    }

    private static String object(List<String[]> fields, String space, String newline) {
        StringBuilder b = new StringBuilder("{").append(newline);
        for (int i = 0; i < fields.size(); i++) {
            b.append(i > 0 ? "," + newline : "").append('"').append(fields.get(i)[0]).append('"').append(space).append(':')
                    .append(space).append(fields.get(i)[1]);
        }
        return b.append(newline).append('}').toString();
    }
}

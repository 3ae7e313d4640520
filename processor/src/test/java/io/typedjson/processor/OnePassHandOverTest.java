package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.CodecOptions;
import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.processor.fixtures.Mixed;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The one-pass read of a record that hands fields of other types to their reads ({@code JsonReader.oneValue}): the
 * compiled, generated and reflective codecs give the same value or refusal (message, path, byte offset) for documents
 * with the handed-over values spelled well and badly, nested records that give up or are refused, keys moved or
 * missing, cut short or with a byte changed, under default and tight limits (element limits met mid-object), some as
 * plain JSON.
 */
class OnePassHandOverTest {
    private static final String[] PARTS = {"{\"n\":1,\"day\":\"2026-01-02\",\"s\":\"x\"}", "null", "{}",
        "{\"n\":1,\"day\":\"2026-13-02\",\"s\":\"x\"}", "{\"n\":1,\"day\":\"2026-01-02\",\"s\":\"x\",\"s\":\"y\"}",
        "{\"day\":\"2026-01-02\",\"n\":1,\"s\":\"x\"}", "{\"n\":1 ,\"day\":\"2026-01-02\",\"s\":\"x\"}",
        "{\"n\":1,\"day\":null,\"s\":\"~x\"}", "{\"n\":1,\"day\":\"2026-01-02\",\"s\":\"x\",\"z\":[1,{}]}",
        "{\"n\":\"1\",\"day\":\"2026-01-02\",\"s\":\"x\"}", "[1]", "{\"n\":1,\"day\":\"2026-01-02\",\"s\":\"x\"", "7"};
    private static final String[] PRICES = {"1.50", "0", "-12345678901234567890.123", "1e400", "1E-3", "\"1.5\"", "null",
        "01", "1.", "[1]", "{}", "123456789012345678901234567890"};
    private static final String[] INSTANTS = {"\"2026-01-01T00:00:00.123Z\"", "\"2026-01-01T00:00:00Z\"", "null",
        "\"2026-02-30T00:00:00Z\"", "\"yesterday\"", "12", "\"~t\"", "\"2026-01-01T00:00:00.123\\u005a\""};
    private static final String[] SHORTS = {"0", "-32768", "32767", "32768", "-32769", "1.0", "null", "\"1\"", "01"};
    private static final String[] FLOATS = {"0.0", "1.5", "-2.5E-5", "3.4028235E38", "1e39", "\"NaN\"", "\"Infinity\"",
        "null", "1", "\"x\""};
    private static final String[] PAYLOADS = {"null", "\"\"", "\"AAEC\"", "\"AAE\"", "\"!!!!\"", "[]", "\"AAEC\\u0041\""};
    private static final String[] COUNTS = {"[]", "[1,2,3]", "null", "[1,null]", "[1,\"2\"]", "[2147483648]", "[1,]",
        "[[1]]", "[1 ,2]", "[1,2,3,4,5,6,7,8,9,10]"};
    private static final String[] STRINGS = {"\"a\"", "\"~a\"", "null", "\"a\\nb\"", "5"};

    private static final List<TypedJsonFormat> FORMATS = List.of(TypedJsonFormat.defaults(),
            new TypedJsonFormat(new Limits(2, 1000, 1000, 1 << 20)),
            new TypedJsonFormat(new Limits(3, 6, 8, 1 << 20)),
            new TypedJsonFormat(new Limits(4, 19, 40, 1 << 20).withMaxElements(12)),
            new TypedJsonFormat(new Limits(4, 19, 40, 1 << 20).withMaxElements(16)));

    @Test
    void everyKindReadsTheSameWithFieldsHandedOver() {
        SplittableRandom random = new SplittableRandom(40);
        int reads = 0, refused = 0;
        for (TypedJsonFormat format : FORMATS) {
            for (CodecOptions options : ThreeKindsTest.OPTIONS) {
                boolean plain = random.nextInt(3) == 0;
                Kinds mixed = new Kinds(Mixed.class, options, format, plain);
                Kinds two = new Kinds(Mixed.Two.class, options, format, plain);
                for (int n = 0; n < 300; n++) {
                    List<String[]> fields = fields(random, n);
                    List<String> documents = variants(fields, random);
                    // two records, the second read after the first one's give-up or refusal
                    documents.add("{\"first\":" + documents.get(random.nextInt(documents.size())) + ",\"second\":"
                            + object(fields(random, n + 1), "") + "}");
                    for (String document : documents) {
                        Kinds kinds = document.startsWith("{\"first\"") ? two : mixed;
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
        assertTrue(refused > reads / 10 && refused < reads * 9 / 10, reads + " reads, " + refused + " refused");
    }

    /** A document in the writer's spelling is read as the reflective codec reads it. */
    @Test
    void aDocumentInTheWritersSpellingIsReadAsTheReflectiveCodecReadsIt() {
        Kinds kinds = new Kinds(Mixed.class, CodecOptions.DEFAULT);
        String document = "{\"id\":7,\"part\":{\"n\":1,\"day\":\"2026-01-02\",\"s\":\"x\"},\"price\":1.50,"
                + "\"at\":\"2026-01-01T00:00:00.123Z\",\"qty\":-3,\"name\":\"n\",\"score\":1.5,\"payload\":\"AAEC\","
                + "\"counts\":[1,2],\"flag\":true}";
        List<String> outcome = kinds.read(document.getBytes(StandardCharsets.UTF_8));
        ThreeKindsTest.same(outcome, () -> document);
        assertTrue(outcome.get(0).startsWith("read "), outcome.get(0));
        Mixed m = (Mixed) TypedJsonFormat.defaults().read(kinds.codecs.get(0), document.getBytes(StandardCharsets.UTF_8));
        assertEquals(new Mixed.Part(1, java.time.LocalDate.of(2026, 1, 2), "x"), m.part());
        assertEquals(new java.math.BigDecimal("1.50"), m.price());
        assertEquals(List.of(1, 2), m.counts());
    }

    /**
     * Records nested in themselves, each giving up after its children were handed over (a space before the last key):
     * every level reads its object again, but the nested ones are not each read again in their one-pass read, which
     * would take 2^depth reads.
     */
    @Test
    void nestedRecordsGivingUpAreNotReadExponentiallyOften() {
        int depth = 60;
        String tree = "{\"name\":\"leaf\",\"kids\":[],\"end\":\"e\"}";
        for (int i = 0; i < depth; i++) {
            tree = "{\"name\":\"n" + i + "\",\"kids\":[" + tree + "], \"end\":\"e\"}";
        }
        byte[] ok = tree.getBytes(StandardCharsets.UTF_8);
        byte[] bad = tree.replace("\"leaf\"", "5").getBytes(StandardCharsets.UTF_8);
        Kinds kinds = new Kinds(Mixed.Tree.class, CodecOptions.DEFAULT);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            ThreeKindsTest.same(kinds.read(ok), () -> "a tree");
            List<String> refusal = kinds.read(bad);
            ThreeKindsTest.same(refusal, () -> "a tree refused");
            assertTrue(refusal.get(0).startsWith("refused "), refusal.get(0));
        });
    }

    private static String pick(SplittableRandom random, String[] spellings) {
        return random.nextInt(15) == 0 ? spellings[random.nextInt(spellings.length)] : spellings[0];
    }

    private static List<String[]> fields(SplittableRandom r, int n) {
        List<String[]> f = new ArrayList<>();
        f.add(new String[] {"id", r.nextInt(20) == 0 ? "1.5" : String.valueOf(n)});
        f.add(new String[] {"part", pick(r, PARTS)});
        f.add(new String[] {"price", pick(r, PRICES)});
        f.add(new String[] {"at", pick(r, INSTANTS)});
        f.add(new String[] {"qty", pick(r, SHORTS)});
        f.add(new String[] {"name", pick(r, STRINGS)});
        f.add(new String[] {"score", pick(r, FLOATS)});
        f.add(new String[] {"payload", pick(r, PAYLOADS)});
        f.add(new String[] {"counts", pick(r, COUNTS)});
        f.add(new String[] {"flag", r.nextInt(20) == 0 ? "1" : "true"});
        return f;
    }

    /** The document in the writer's spelling, and changed: whitespace, keys moved, missing, unknown, cut, a byte. */
    private static List<String> variants(List<String[]> fields, SplittableRandom r) {
        List<String> out = new ArrayList<>();
        String canonical = object(fields, "");
        out.add(canonical);
        out.add(object(fields, " "));
        List<String[]> swapped = new ArrayList<>(fields);
        java.util.Collections.swap(swapped, r.nextInt(fields.size()), r.nextInt(fields.size()));
        out.add(object(swapped, ""));
        List<String[]> dropped = new ArrayList<>(fields);
        dropped.remove(r.nextInt(fields.size()));
        out.add(object(dropped, ""));
        List<String[]> repeated = new ArrayList<>(fields);
        repeated.add(r.nextInt(fields.size() + 1), fields.get(r.nextInt(fields.size())));
        out.add(object(repeated, ""));
        List<String[]> unknown = new ArrayList<>(fields);
        unknown.add(r.nextInt(fields.size() + 1), new String[] {r.nextBoolean() ? "other" : "~x", "{\"a\":[1]}"});
        out.add(object(unknown, ""));
        out.add(canonical.substring(0, r.nextInt(canonical.length())));
        char[] c = canonical.toCharArray();
        String bytes = "{}[],:\"\\ 0a-.e~é";
        c[r.nextInt(c.length)] = bytes.charAt(r.nextInt(bytes.length()));
        out.add(new String(c));
        out.add(canonical + (r.nextBoolean() ? " " : "x"));
        return out;
    }

    private static String object(List<String[]> fields, String space) {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < fields.size(); i++) {
            b.append(i > 0 ? "," : "").append('"').append(fields.get(i)[0]).append('"').append(space).append(':')
                    .append(fields.get(i)[1]);
        }
        return b.append('}').toString();
    }
}

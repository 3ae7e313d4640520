package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A writer holds a value to the limits its readers hold documents to (SPEC.md section 2: for every value a writer
 * accepts, read(write(v)) equals v, under the same limits): a value whose document a reader with those limits would
 * refuse is refused on write, with the reader's reason, at the value's path; one at the limit is written and read back.
 */
class WriterLimitsTest {

    @Test
    void limitsBelowOneAreRefusedShowingTheValuesGiven() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Limits(-1, 1000, 5, 64, 10));
        assertEquals("limits must be positive: maxDepth=-1, maxNumberLength=1000, maxStringLength=5, maxDocumentLength=64,"
                + " maxElements=10", e.getMessage());
    }

    private static final Limits LARGE = Limits.DEFAULT;
    /** What documents under test are written with: beyond every limit a test sets. */
    private static final Limits UNLIMITED = new Limits(LARGE.maxDepth(), Integer.MAX_VALUE, Integer.MAX_VALUE,
            Long.MAX_VALUE, Integer.MAX_VALUE);

    private static Limits limits(int numberLength, int stringLength, long documentBytes, int elements) {
        return new Limits(LARGE.maxDepth(), numberLength, stringLength, documentBytes, elements);
    }

    /**
     * The writer under {@code small} refuses {@code value} exactly when the reader under {@code small} refuses its
     * document (written without limits), and with the same reason; returns the writer's error, or null.
     */
    private static <T> TypedJsonException sameVerdict(Codec<T> codec, T value, Limits small) {
        byte[] doc = new TypedJsonFormat(UNLIMITED).write(codec, value);
        TypedJsonException readError = null;
        try {
            assertEquals(value, new TypedJsonFormat(small).read(codec, doc));
        } catch (TypedJsonException e) {
            readError = e;
        }
        TypedJsonException writeError = null;
        try {
            assertArrayEquals(doc, new TypedJsonFormat(small).write(codec, value));
        } catch (TypedJsonException e) {
            writeError = e;
        }
        String verdicts = "read: " + readError + "; write: " + writeError + "; document "
                + (doc.length > 200 ? new String(doc, 0, 200) + "..." : new String(doc));
        assertEquals(readError == null, writeError == null, verdicts);
        if (readError != null) {
            assertEquals(readError.reason(), writeError.reason(), verdicts);
        }
        return writeError;
    }

    private static final Codec<Object> DYNAMIC = DynamicCodec.INSTANCE;

    /** Random values of the whole dynamic model under random small limits: the writer and the reader agree. */
    @Test
    void theWriterRefusesWhatTheReaderRefusesUnderAnyLimits() {
        io.typedjson.testing.Check.forAll(2_000, ModelGenerators.values(), value -> {
            java.util.SplittableRandom random = new java.util.SplittableRandom(ModelGenerators.describe(value).hashCode());
            Limits small = limits(1 + random.nextInt(25), 1 + random.nextInt(40), 8 + random.nextInt(400),
                    1 + random.nextInt(60));
            sameVerdictOfModel(value, small);
        });
    }

    /** {@link #sameVerdict} for a value of the dynamic model, compared as the model compares values. */
    private static void sameVerdictOfModel(Object value, Limits small) {
        byte[] doc = new TypedJsonFormat(UNLIMITED).write(DYNAMIC, value);
        String readError = null;
        try {
            assertEquals(null, ModelEquality.firstDifference(value, new TypedJsonFormat(small).read(DYNAMIC, doc)));
        } catch (TypedJsonException e) {
            readError = e.reason();
        }
        String writeError = null;
        try {
            assertArrayEquals(doc, new TypedJsonFormat(small).write(DYNAMIC, value));
        } catch (TypedJsonException e) {
            writeError = e.reason();
        }
        // the same verdict; the reason can differ where two limits are exceeded at once, as a reader checks the
        // document's length before its content, which a writer knows only at the end (the reasons of one limit
        // exceeded at a time are compared in the tests below)
        String readReason = readError, writeReason = writeError;
        assertEquals(readError == null, writeError == null,
                () -> small + " read: " + readReason + ", write: " + writeReason + ", "
                        + new String(doc, java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void numbers() {
        Limits five = limits(5, 100, 1000, 1000);
        assertEquals("number of 6 digits exceeds the limit of 5 (typedjson.max.number.length)",
                sameVerdict(DYNAMIC, List.of(1L, 123456L), five).reason());
        assertEquals("$[1]", sameVerdict(DYNAMIC, List.of(1L, 123456L), five).path());
        sameVerdict(DYNAMIC, 12345L, five);
        sameVerdict(DYNAMIC, -12345L, five);
        sameVerdict(DYNAMIC, 1.0E10, five); // digits 1, 0, 1, 0
        sameVerdict(DYNAMIC, 1.2345E10, five);
        sameVerdict(DYNAMIC, new BigDecimal("1.2345E+10"), five); // a ~d payload counts its digits too
        sameVerdict(DYNAMIC, new BigDecimal("123.45"), five);
        sameVerdict(DYNAMIC, new BigInteger("123456"), five);
        sameVerdict(Codecs.of(BigDecimal.class), new BigDecimal("123.456"), five);
        sameVerdict(Codecs.of(BigInteger.class), BigInteger.TEN.pow(5), five);
        sameVerdict(Codecs.of(int.class), 99999, five);
        sameVerdict(Codecs.of(int.class), 100000, five);
        sameVerdict(Codecs.of(double.class), 0.1234567, five);
        sameVerdict(Codecs.of(float.class), 1.5f, five);
        TypedJsonException big = sameVerdict(DYNAMIC, BigInteger.TEN.pow(1000), LARGE);
        assertEquals("number of 1001 digits exceeds the limit of 1000 (typedjson.max.number.length)", big.reason());
    }

    @Test
    void stringsAndKeys() {
        Limits four = limits(1000, 4, 1000, 1000);
        assertEquals("string of 5 UTF-16 units exceeds the limit of 4 (typedjson.max.string.length)",
                sameVerdict(DYNAMIC, List.of("abcd", "abcde"), four).reason());
        sameVerdict(DYNAMIC, "~abc", four); // written "~~abc": 5 units in the document
        sameVerdict(DYNAMIC, "a\"b\u00e9", four); // the units of the text, not of its escapes or UTF-8 bytes
        sameVerdict(DYNAMIC, "\ud83d\ude00\ud83d\ude00\ud83d\ude00", four); // 6 units
        sameVerdict(DYNAMIC, Instant.EPOCH, four); // a tagged string
        sameVerdict(DYNAMIC, new byte[] {1, 2, 3}, four);
        Map<String, Object> keyed = new LinkedHashMap<>();
        keyed.put("abcde", 1);
        TypedJsonException key = sameVerdict(DYNAMIC, keyed, four);
        assertEquals("key of 5 UTF-16 units exceeds the limit of 4 (typedjson.max.string.length)", key.reason());
        sameVerdict(Codecs.of(String.class), "abcd", four);
        sameVerdict(Codecs.of(String.class), "abcde", four);
        sameVerdict(Codecs.of(char.class), 'x', limits(1000, 1, 1000, 1000));
        sameVerdict(DYNAMIC, "x".repeat(20_000_001), LARGE);
    }

    @Test
    void elementsAndDocumentBytes() {
        Limits six = limits(1000, 1000, 1000, 6);
        sameVerdict(DYNAMIC, List.of(1L, 2L, 3L, 4L, 5L), six); // the list and its five: six values
        TypedJsonException many = sameVerdict(DYNAMIC, List.of(1L, 2L, 3L, 4L, 5L, 6L), six);
        assertEquals("element count 7 exceeds the limit of 6 (typedjson.max.elements)", many.reason());
        sameVerdict(DYNAMIC, Map.of("a", List.of(1L, 2L), "b", 3L), six);
        sameVerdict(DYNAMIC, Set.of(1L, 2L, 3L, 4L, 5L), six); // {"~set":[...]}: one object, one array, five
        sameVerdict(Codecs.of(new TypeRef<List<Integer>>() {}), List.of(1, 2, 3, 4, 5, 6), six);

        Limits twenty = limits(1000, 1000, 20, 1000);
        sameVerdict(DYNAMIC, List.of("abcdefghijklmnop"), twenty); // 20 bytes
        TypedJsonException longer = sameVerdict(DYNAMIC, List.of("abcdefghijklmnopq"), twenty);
        assertEquals("document of 21 bytes exceeds the limit of 20 bytes (typedjson.max.document.bytes)", longer.reason());
    }

    @Test
    void setsAndMapsOfOneHashCode() {
        // List.of(i, -31 * i) hashes to 961 for every i: 64 of one hash are taken, the 65th is refused; the document
        // a reader gets is made as a list's (which has no such rule) and read as the set's or the map's
        List<List<Integer>> lists = new ArrayList<>();
        for (int i = 0; i < 65; i++) {
            lists.add(List.of(i, -31 * i));
        }
        TypeRef<Set<List<Integer>>> setType = new TypeRef<>() {};
        byte[] asList = TypedJsonFormat.defaults().write(Codecs.of(new TypeRef<List<List<Integer>>>() {}), lists);
        TypedJsonException read = assertThrows(TypedJsonException.class,
                () -> TypedJsonFormat.defaults().read(Codecs.of(setType), asList));
        TypedJsonException write = assertThrows(TypedJsonException.class,
                () -> TypedJsonFormat.defaults().write(Codecs.of(setType), new LinkedHashSet<>(lists)));
        assertEquals(read.reason(), write.reason());
        assertEquals("$[64]", read.path());
        assertEquals(read.path(), write.path());
        sameVerdict(Codecs.of(setType), new LinkedHashSet<>(lists.subList(0, 64)), LARGE);

        StringBuilder pairs = new StringBuilder("[");
        Map<List<Integer>, Integer> keys = new LinkedHashMap<>();
        for (List<Integer> k : lists) {
            pairs.append(pairs.length() > 1 ? "," : "").append('[').append(k.get(0)).append(',').append(k.get(1)).append("],1");
            keys.put(k, 1);
        }
        TypeRef<Map<List<Integer>, Integer>> mapType = new TypeRef<>() {};
        byte[] asPairs = pairs.append(']').toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        TypedJsonException readMap = assertThrows(TypedJsonException.class,
                () -> TypedJsonFormat.defaults().read(Codecs.of(mapType), asPairs));
        TypedJsonException writeMap = assertThrows(TypedJsonException.class,
                () -> TypedJsonFormat.defaults().write(Codecs.of(mapType), keys));
        assertEquals(readMap.reason(), writeMap.reason());
        assertEquals(readMap.path(), writeMap.path());
    }
}

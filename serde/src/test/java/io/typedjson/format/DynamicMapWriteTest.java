package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.internal.DynamicModel;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The dynamic model writes a map as an object in one pass and, on its first key that is not a String (or an error
 * before it), cuts the writer back and writes a {@code ~map}: the bytes and errors (message, path) are those of the
 * two-pass model, which checks the keys first, under any limits, in plain JSON too, wherever the map sits.
 */
class DynamicMapWriteTest {
    /** The keys checked before the map is written. */
    private static final DynamicModel TWO_PASS = new DynamicModel() {};

    private static final Limits DEFAULT = Limits.DEFAULT;

    private static final List<Limits> LIMITS = List.of(DEFAULT,
            new Limits(3, 1_000, 20_000_000, 64L << 20), new Limits(4, 1_000, 20_000_000, 64L << 20),
            new Limits(500, 2, 20_000_000, 64L << 20), new Limits(500, 1_000, 3, 64L << 20),
            new Limits(500, 1_000, 20_000_000, 40), new Limits(500, 1_000, 20_000_000, 64L << 20, 3));

    /** The document, or the refusal's message (with its path) and byte offset. */
    private static String outcome(Codec<Object> model, Limits limits, boolean plain, Object value) {
        TypedJsonFormat format = new TypedJsonFormat(limits);
        try {
            byte[] doc = plain ? format.writePlain(model, value) : format.write(model, value);
            return new String(doc, StandardCharsets.UTF_8);
        } catch (TypedJsonException e) {
            return "refused: " + e.getMessage() + " (byte offset " + e.byteOffset() + ")";
        }
    }

    private static void sameAsTwoPasses(Object value) {
        for (Limits limits : LIMITS) {
            for (boolean plain : List.of(false, true)) {
                assertEquals(outcome(TWO_PASS, limits, plain, value), outcome(DynamicCodec.INSTANCE, limits, plain, value),
                        value + " under " + limits + (plain ? ", plain" : ""));
            }
        }
    }

    private static Map<Object, Object> map(Object... keysAndValues) {
        Map<Object, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static String write(Object value) {
        return outcome(DynamicCodec.INSTANCE, DEFAULT, false, value);
    }

    @Test
    void aKeyOtherThanAStringFirstInTheMiddleOrLast() {
        Map<Object, Object> first = map(1L, "x", "a", 2L, "b", true);
        Map<Object, Object> middle = map("a", 2L, 1L, "x", "b", true);
        Map<Object, Object> last = map("a", 2L, "b", true, 1L, "x");
        assertEquals("{\"~map\":[1,\"x\",\"a\",2,\"b\",true]}", write(first));
        assertEquals("{\"~map\":[\"a\",2,1,\"x\",\"b\",true]}", write(middle));
        assertEquals("{\"~map\":[\"a\",2,\"b\",true,1,\"x\"]}", write(last));
        assertEquals("{\"~map\":[\"a\",2,null,3]}", write(map("a", 2L, null, 3L)));
        assertEquals("{\"a\":2,\"~~b\":{}}", write(map("a", 2L, "~b", map())));
        for (Object m : List.of(first, middle, last, map("a", 2L, null, 3L), map())) {
            sameAsTwoPasses(m);
        }
    }

    /** Cut back inside an array, after a key and after a comma: the writer's comma and depth come back too. */
    @Test
    void cutBackWhereverTheMapSits() {
        Map<Object, Object> keyed = map("a", List.of(1L, map("b", 2L)), 7L, "x");
        Object value = new ArrayList<>(List.of(1L, keyed, map("k", keyed, "l", keyed), keyed, 2L));
        assertEquals("[1,{\"~map\":[\"a\",[1,{\"b\":2}],7,\"x\"]},{\"k\":{\"~map\":[\"a\",[1,{\"b\":2}],7,\"x\"]},"
                + "\"l\":{\"~map\":[\"a\",[1,{\"b\":2}],7,\"x\"]}},{\"~map\":[\"a\",[1,{\"b\":2}],7,\"x\"]},2]", write(value));
        sameAsTwoPasses(value);
    }

    @Test
    void aBadKeyDeepInsideNestedMaps() {
        Object deep = map(3L, "three");
        for (int i = 0; i < 6; i++) {
            deep = map("s" + i, 1L, "m" + i, deep, "t" + i, List.of(2L));
        }
        assertEquals("{\"s5\":1,\"m5\":{\"s4\":1,\"m4\":{\"s3\":1,\"m3\":{\"s2\":1,\"m2\":{\"s1\":1,\"m1\":{\"s0\":1,\"m0\":"
                + "{\"~map\":[3,\"three\"]},\"t0\":[2]},\"t1\":[2]},\"t2\":[2]},\"t3\":[2]},\"t4\":[2]},\"t5\":[2]}", write(deep));
        sameAsTwoPasses(deep);
        // and a map of other keys around maps of strings, whose key comes after them
        Object around = map("a", map("b", map("c", 1L)), "d", List.of(map("e", 2L)), BigInteger.ONE, map("f", 3L));
        assertEquals("{\"~map\":[\"a\",{\"b\":{\"c\":1}},\"d\",[{\"e\":2}],\"~n1\",{\"f\":3}]}", write(around));
        sameAsTwoPasses(around);
    }

    /** An error met before the map's other key is the {@code ~map}'s error, at its path there. */
    @Test
    void anErrorBeforeTheOtherKeyIsTheTaggedMapsError() {
        Object unsupported = new Object();
        Map<Object, Object> m = map("a", map("b", unsupported), 1L, "x");
        assertTrue(write(m).startsWith("refused: cannot carry java.lang.Object exactly in the dynamic model"), write(m));
        assertTrue(write(m).contains(" at $[\"~map\"][1].b ("), write(m));
        sameAsTwoPasses(m);
        // the error of an all-string map stays at its key
        assertTrue(write(map("a", map("b", unsupported), "c", "x")).contains(" at $.a.b ("));
        sameAsTwoPasses(map("a", map("b", unsupported), "c", "x"));
        // a lone surrogate in a key, and in a value, before the other key
        sameAsTwoPasses(map("\uD800", 1L, 2L, 3L));
        sameAsTwoPasses(map("a", "\uDC00", 2L, 3L));
        // a non-finite double, tagged (refused in plain JSON) before the other key
        sameAsTwoPasses(map("a", Double.NaN, 2L, 3L));
    }

    /** Under tight limits the object may fit where the ~map (a level deeper, its key strings longer) does not. */
    @Test
    void underTightLimits() {
        Object nested = map("a", map("b", map("c", 1L, 2L, 3L)));
        assertTrue(outcome(DynamicCodec.INSTANCE, new Limits(3, 1_000, 20_000_000, 64L << 20), false, nested)
                .startsWith("refused: "));
        assertEquals("{\"a\":{\"b\":{\"~map\":[\"c\",1,2,3]}}}", write(nested));
        sameAsTwoPasses(nested);
        sameAsTwoPasses(map("abcd", 1L, 2L, 3L)); // a key past the string limit before the other key
        sameAsTwoPasses(map("a", 123456L, 2L, 3L)); // a number past the number limit before it
        sameAsTwoPasses(map("a", "x".repeat(50), 2L, 3L)); // past the document limit
        sameAsTwoPasses(map("a", List.of(1L, 2L, 3L, 4L), 2L, 3L)); // past the element limit
    }

    /** Maps of other classes, and one that may hold two keys of one spelling (checked only when all are strings). */
    @Test
    void otherMaps() {
        Map<Object, Object> identity = new IdentityHashMap<>();
        identity.put("a", 1L);
        identity.put(new String("a"), 2L);
        sameAsTwoPasses(identity);
        identity.put(3L, 4L);
        sameAsTwoPasses(identity);
        Map<Object, Object> hash = new HashMap<>(map("a", 1L, "b", 2L));
        sameAsTwoPasses(hash);
        hash.put(5L, 6L);
        sameAsTwoPasses(hash);
        sameAsTwoPasses(new TreeMap<>(map("b", 1L, "a", 2L)));
        sameAsTwoPasses(new TreeMap<>(map(2L, 1L, 1L, 2L)));
    }

    @Test
    void generatedValues() {
        SplittableRandom random = new SplittableRandom(37);
        for (int i = 0; i < 1500; i++) {
            Object v = ModelGenerators.values().next(random);
            sameAsTwoPasses(v);
        }
    }

    @Test
    void cutBackRestoresSizeCommaAndDepth() {
        JsonWriter w = new JsonWriter(3);
        w.reset();
        w.writeStartArray();
        w.writeNumber(1L);
        long mark = w.mark();
        w.writeStartObject();
        w.writeFieldName("a");
        w.writeStartArray();
        w.cutBack(mark);
        w.writeNumber(2L);
        w.writeStartArray();
        w.writeStartArray(); // depth 3, the limit: the cut back levels are forgotten
        w.writeEndArray();
        w.writeEndArray();
        w.writeEndArray();
        assertEquals("[1,2,[[]]]", new String(w.toByteArray(), StandardCharsets.UTF_8));
    }
}

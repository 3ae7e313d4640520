package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.internal.DynamicModel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The dynamic model matches the keys of objects it read before byte for byte (a tree of key orders it learns): a
 * model that has learned them reads every document, valid or not, as one that has learned nothing does.
 */
class DynamicKeysTest {

    /** A model of its own, with nothing learned. */
    private static DynamicModel fresh() {
        return new DynamicModel() {};
    }

    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();

    private static final List<String> VALID = List.of(
            "{\"id\":1,\"name\":\"a\",\"tags\":[\"x\"],\"amount\":2.5}",
            "{\"name\":\"b\",\"id\":2}",
            "{\"id\":3,\"name\":\"c\",\"extra\":{\"id\":4,\"name\":\"d\"}}",
            "{\"id\":3,\"extra\":{\"name\":\"d\",\"id\":4},\"name\":\"c\"}",
            "{\"\\u0069d\":5,\"n\\u0061me\":\"e\"}",
            "{\"~~id\":6,\"id\":7}",
            "{\"id\":8,\"~~id\":9}",
            "{}",
            "[{\"id\":1},{\"id\":2,\"name\":\"x\"},{},{\"name\":null}]",
            "{\"id\":1,\"\u00e9\":2,\"\u00e9x\":3,\"\\u00e9y\":4}",
            "{\"~set\":[1,2]}",
            "{\"~map\":[1,2]}",
            "{ \"id\" : 1 ,\n \"name\" :\t\"z\" }",
            "{\"id\":1,\"i\":2,\"idx\":3,\"ids\":{\"i\":[]}}",
            "{\"customer_id\":10003085786,\"customer_id_2\":1,\"customer\":2}");

    private static final List<String> INVALID = List.of(
            "{\"id\":1,\"name\":\"a\",\"id\":2}",
            "{\"name\":\"a\",\"name\":\"b\"}",
            "{\"id\":1,\"\\u0069d\":2}",
            "{\"id\" 1}",
            "{\"id\":1,\"~x\":2}",
            "{\"id\":1,\"name\":}",
            "{\"id\":1,\"\\ud800\":2}",
            "{\"id\":1,\"name\":\"a\"",
            "{\"id\":1,\"name\":\"a\",}",
            "{\"id\":1 \"name\":2}",
            "{\"id\":1,\"name\":\"~q\"}",
            "{\"id\":1,name:2}",
            "{\"id\":1,\"na",
            "{\"~set\":[1,1]}",
            "{\"~set\":[1],\"id\":2}",
            "{\"id\":[{\"id\":1,\"id\":1}]}",
            "{\"~~id\":6,\"id\":7,\"~~id\":8}");

    @Test
    void aModelThatLearnedTheKeysReadsAsOneThatDidNot() {
        DynamicModel trained = fresh();
        for (int round = 0; round < 3; round++) {
            for (String doc : VALID) {
                read(trained, FORMAT, doc);
            }
        }
        for (String doc : concat(VALID, INVALID)) {
            assertEquals(outcome(fresh(), FORMAT, doc), outcome(trained, FORMAT, doc), doc);
            assertEquals(outcome(fresh(), FORMAT, doc), outcome(trained, FORMAT, doc), doc); // and again
        }
    }

    @Test
    void aLearnedKeyIsStillHeldToTheReadersLimits() {
        DynamicModel trained = fresh();
        String doc = "{\"abcdefgh\":1,\"b\":2}";
        read(trained, FORMAT, doc);
        read(trained, FORMAT, doc);
        TypedJsonFormat strict = new TypedJsonFormat(new Limits(8, 10, 5, 1000));
        String refused = outcome(fresh(), strict, doc);
        assertTrue(refused.contains("key of 8 UTF-16 units exceeds the limit of 5"), refused);
        assertEquals(refused, outcome(trained, strict, doc));
        TypedJsonFormat few = new TypedJsonFormat(new Limits(8, 10, 100, 1000, 1));
        assertEquals(outcome(fresh(), few, doc), outcome(trained, few, doc));
    }

    @Test
    void keysBeyondWhatTheTreeHoldsAreReadAsBefore() {
        DynamicModel model = fresh();
        for (int i = 0; i < 3000; i++) { // maps keyed by data: every key new
            String doc = "{\"k" + i + "\":" + i + ",\"j" + i + "\":" + (i + 1) + "}";
            assertEquals(outcome(fresh(), FORMAT, doc), outcome(model, FORMAT, doc), doc);
        }
        StringBuilder wide = new StringBuilder("{");
        for (int i = 0; i < 200; i++) {
            wide.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":").append(i);
        }
        String doc = wide.append('}').toString();
        for (String d : concat(List.of(doc, doc), concat(VALID, INVALID))) {
            assertEquals(outcome(fresh(), FORMAT, d), outcome(model, FORMAT, d), d);
        }
    }

    @Test
    void threadsThatShareAModelReadTheirOwnKeys() throws Exception {
        DynamicModel shared = fresh();
        List<String> expected = new ArrayList<>();
        for (String doc : VALID) {
            expected.add(outcome(fresh(), FORMAT, doc));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int offset = t;
                done.add(pool.submit(() -> {
                    for (int n = 0; n < 2000; n++) {
                        int k = (n * 7 + offset) % VALID.size();
                        assertEquals(expected.get(k), outcome(shared, FORMAT, VALID.get(k)), VALID.get(k));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    private static Object read(DynamicModel model, TypedJsonFormat format, String doc) {
        return format.read(model, doc.getBytes(StandardCharsets.UTF_8));
    }

    /** The value with its classes, or the error with its path and offset. */
    private static String outcome(DynamicModel model, TypedJsonFormat format, String doc) {
        try {
            return describe(read(model, format, doc));
        } catch (TypedJsonException e) {
            return "error " + e.getMessage() + " | " + e.path() + " | " + e.byteOffset();
        }
    }

    /** A value with the classes of its parts (maps, lists, bytes by content), so that two reads compare by them. */
    static String describe(Object v) {
        if (v instanceof Map<?, ?> m) {
            StringBuilder s = new StringBuilder(m.getClass().getSimpleName()).append('{');
            for (Map.Entry<?, ?> e : m.entrySet()) {
                s.append(describe(e.getKey())).append('=').append(describe(e.getValue())).append(';');
            }
            return s.append('}').toString();
        }
        if (v instanceof Iterable<?> list) {
            StringBuilder s = new StringBuilder(v.getClass().getSimpleName()).append('[');
            for (Object e : list) {
                s.append(describe(e)).append(';');
            }
            return s.append(']').toString();
        }
        if (v instanceof byte[] bytes) {
            return "byte[]:" + java.util.Arrays.toString(bytes);
        }
        return v == null ? "null" : v.getClass().getSimpleName() + ":" + v;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}

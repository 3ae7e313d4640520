package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Sets and pair maps of values that Java hashes without ordering a bucket (lists, maps): a document whose elements
 * all share one hash code would make every insert scan them all, quadratic time from a small document (found in a
 * review: 40,000 such lists, 589 KB, took 33 s). Past 64 values of one hash code the document is refused.
 */
class HashFloodingTest {
    private static final int N = 5_000;

    /** [i, 31 * N - 31 * i]: List.hashCode() is 961 + 31 * N for every i. */
    private static String collidingLists() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < N; i++) {
            sb.append(i == 0 ? "" : ",").append('[').append(i).append(',').append(31L * N - 31L * i).append(']');
        }
        return sb.append(']').toString();
    }

    /** [i, i]: distinct hash codes. */
    private static String distinctLists() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < N; i++) {
            sb.append(i == 0 ? "" : ",").append('[').append(i).append(',').append(i).append(']');
        }
        return sb.append(']').toString();
    }

    private static TypedJsonException refused(Codec<?> codec, String doc) {
        return assertThrows(TypedJsonException.class,
                () -> TypedJsonFormat.defaults().read(codec, doc.getBytes(StandardCharsets.UTF_8)));
    }

    private static final String FLOODING = "more than 64 elements of a set or keys of a map with one hash code:"
            + " a document made to flood Java's hash tables is refused";

    private static void assertRefusal(TypedJsonException e, String path, long offset) {
        assertEquals(FLOODING, e.reason(), e.getMessage());
        assertEquals(path, e.path(), e.getMessage());
        assertEquals(offset, e.byteOffset(), e.getMessage());
    }

    @Test
    void aSetOfListsOfOneHashCodeIsRefusedAfter64() {
        // the 65th element, at its '['
        String doc = "{\"~set\":" + collidingLists() + "}";
        assertRefusal(refused(DynamicCodec.INSTANCE, doc), "$[\"~set\"][64]", doc.indexOf("[64,"));
        // the same through a class codec
        String lists = collidingLists();
        assertRefusal(refused(Codecs.of(new TypeRef<Set<List<Long>>>() {}), lists), "$[64]", lists.indexOf("[64,"));
        // and as keys of a pair map: the 65th key is the array's element 128
        String pairs = collidingLists().replace("],[", "],1,[").replace("]]", "],1]");
        assertRefusal(refused(Codecs.of(new TypeRef<Map<List<Long>, Long>>() {}), pairs), "$[128]", pairs.indexOf("[64,"));
    }

    @Test
    void listsOfDistinctHashCodesAreRead() {
        Object set = TypedJson.read(("{\"~set\":" + distinctLists() + "}").getBytes(StandardCharsets.UTF_8));
        assertEquals(N, ((Set<?>) set).size());
        // 64 values of one hash code are still taken
        StringBuilder sb = new StringBuilder("{\"~set\":[");
        for (int i = 0; i < 64; i++) {
            sb.append(i == 0 ? "" : ",").append('[').append(i).append(',').append(31L * 64 - 31L * i).append(']');
        }
        assertEquals(64, ((Set<?>) TypedJson.read(sb.append("]}").toString().getBytes(StandardCharsets.UTF_8))).size());
    }
}

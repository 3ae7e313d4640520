package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void aSetOfListsOfOneHashCodeIsRefusedAfter64() {
        String doc = "{\"~set\":" + collidingLists() + "}";
        TypedJsonException e = refused(DynamicCodec.INSTANCE, doc);
        assertTrue(e.reason().startsWith("more than 64 elements of a set or keys of a map with one hash code"), e.getMessage());
        assertEquals("$[\"~set\"][64]", e.path());
        assertEquals(doc.indexOf("[64,"), e.byteOffset());
        // the same through a class codec
        refused(Codecs.of(new TypeRef<Set<List<Long>>>() {}), collidingLists());
        // and as keys of a pair map
        String pairs = collidingLists().replace("],[", "],1,[").replace("]]", "],1]");
        refused(Codecs.of(new TypeRef<Map<List<Long>, Long>>() {}), pairs);
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

package io.typedjson.codec;

import static io.typedjson.codec.Fixtures.read;
import static io.typedjson.codec.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Lists of every length across the ones read into an ArrayList of their exact size (up to three) and beyond: the
 * elements in order, a mutable ArrayList, and an element's error at its own index and offset; and the same array
 * written from a list of every class (ArrayList has a loop of its own), an element's error at its index.
 */
class ListsTest {

    @Test
    void everyLengthReadsBackInOrderAsAMutableArrayList() {
        Codec<List<String>> strings = Codecs.of(new TypeRef<List<String>>() {});
        Codec<List<Object>> objects = Codecs.of(new TypeRef<List<Object>>() {});
        for (int n = 0; n <= 12; n++) {
            List<String> list = IntStream.range(0, n).mapToObj(i -> "e" + i).collect(Collectors.toList());
            List<String> back = read(strings, write(strings, list));
            assertEquals(list, back);
            assertEquals(ArrayList.class, back.getClass());
            back.add("more");
            assertEquals(n + 1, back.size());
            List<Object> dynamic = read(objects, write(strings, list));
            assertEquals(list, dynamic);
            assertEquals(ArrayList.class, dynamic.getClass());
        }
    }

    @Test
    void anElementsErrorNamesItsIndexAndOffset() {
        Codec<List<Integer>> ints = Codecs.of(new TypeRef<List<Integer>>() {});
        for (int n = 1; n <= 6; n++) {
            for (int bad = 0; bad < n; bad++) {
                int at = bad;
                String doc = IntStream.range(0, n).mapToObj(i -> i == at ? "\"x\"" : Integer.toString(i))
                        .collect(Collectors.joining(",", "[", "]"));
                TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(ints, doc));
                assertEquals("$[" + bad + "]", e.path(), e.getMessage());
                assertEquals(doc.indexOf("\"x\""), e.byteOffset(), e.getMessage());
            }
            String unclosed = IntStream.range(0, n).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", ""));
            TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(ints, unclosed));
            assertEquals(unclosed.length(), e.byteOffset(), e.getMessage());
        }
    }

    @Test
    void everyListClassWritesTheSameArrayAndNamesAFailingElement() {
        Codec<List<String>> strings = Codecs.of(new TypeRef<List<String>>() {});
        List<Function<List<String>, List<String>>> classes = List.of(ArrayList::new, List::copyOf, LinkedList::new,
                l -> Arrays.asList(l.toArray(new String[0])), Collections::unmodifiableList);
        for (int n = 0; n <= 5; n++) {
            List<String> list = IntStream.range(0, n).mapToObj(i -> "e" + i).collect(Collectors.toList());
            String expected = IntStream.range(0, n).mapToObj(i -> "\"e" + i + "\"").collect(Collectors.joining(",", "[", "]"));
            for (Function<List<String>, List<String>> of : classes) {
                assertEquals(expected, write(strings, of.apply(list)), of.apply(list).getClass().getName());
                for (int bad = 0; bad < n; bad++) {
                    List<String> broken = new ArrayList<>(list);
                    broken.set(bad, "\uD800"); // a lone surrogate: refused
                    List<String> value = of.apply(broken);
                    TypedJsonException e = assertThrows(TypedJsonException.class, () -> write(strings, value));
                    assertEquals("$[" + bad + "]", e.path(), value.getClass().getName() + ": " + e.getMessage());
                }
            }
        }
    }
}

package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Codecs;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Where {@link TypedJsonFormat} starts and ends a document around the codec's read: whitespace before and after the
 * value, the end of a slice, trailing content and empty documents with their byte offsets, and the element limit
 * counting the document's own object (what a faster first or last token must keep).
 */
public class DocumentBoundsTest {

    public record Point(long x, String y) {}

    private static final Codec<Point> POINT = Codecs.of(Point.class);
    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static TypedJsonException refused(TypedJsonFormat format, String document) {
        return assertThrows(TypedJsonException.class, () -> format.read(POINT, utf8(document)));
    }

    @Test
    void theDocumentsObjectWithAndWithoutWhitespaceAround() {
        Point p = new Point(1, "a");
        for (String d : new String[] {"{\"x\":1,\"y\":\"a\"}", " {\"x\":1,\"y\":\"a\"}", "{\"x\":1,\"y\":\"a\"} ",
                "\n\t{ \"x\" : 1 , \"y\" : \"a\" }\r\n"}) {
            assertEquals(p, FORMAT.read(POINT, utf8(d)), d);
        }
        byte[] framed = utf8("xx{\"x\":1,\"y\":\"a\"}yy");
        assertEquals(p, FORMAT.read(POINT, framed, 2, framed.length - 4)); // the end is the slice's, not the array's
        assertEquals(null, FORMAT.read(POINT, utf8("null")));
    }

    @Test
    void trailingContentAfterTheObject() {
        TypedJsonException e = refused(FORMAT, "{\"x\":1,\"y\":\"a\"}{}");
        assertTrue(e.reason().startsWith("trailing content after the document's value"), e.getMessage());
        assertEquals(15, e.byteOffset());
        assertEquals(16, refused(FORMAT, "{\"x\":1,\"y\":\"a\"} x").byteOffset());
        byte[] framed = utf8("{\"x\":1,\"y\":\"a\"}1");
        assertEquals(15, assertThrows(TypedJsonException.class, () -> FORMAT.read(POINT, framed, 0, framed.length))
                .byteOffset());
        assertEquals(new Point(1, "a"), FORMAT.read(POINT, framed, 0, framed.length - 1));
    }

    @Test
    void emptyAndUnfinishedDocuments() {
        assertEquals("empty document", refused(FORMAT, "").reason());
        assertEquals("empty document", refused(FORMAT, "  ").reason());
        TypedJsonException open = refused(FORMAT, "{");
        assertEquals(1, open.byteOffset(), open.getMessage());
        TypedJsonException array = refused(FORMAT, "[1]");
        assertEquals(0, array.byteOffset(), array.getMessage());
    }

    @Test
    void theElementLimitCountsTheDocumentsObject() {
        // {"x":1,"y":"a"}: the object and its two values, three elements
        TypedJsonFormat three = new TypedJsonFormat(Limits.DEFAULT.withMaxElements(3));
        assertEquals(new Point(1, "a"), three.read(POINT, utf8("{\"x\":1,\"y\":\"a\"}")));
        TypedJsonFormat two = new TypedJsonFormat(Limits.DEFAULT.withMaxElements(2));
        TypedJsonException e = refused(two, "{\"x\":1,\"y\":\"a\"}");
        assertTrue(e.reason().startsWith("element count 3 exceeds the limit of 2"), e.getMessage());
        assertTrue(refused(two, " {\"x\":1,\"y\":\"a\"}").reason().startsWith("element count 3 exceeds"));
    }
}

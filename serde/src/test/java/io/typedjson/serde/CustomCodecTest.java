package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** A custom codec through the Kafka serde, as docs/custom-codecs.md shows it (the doc's code is this file's). */
class CustomCodecTest {

    // docs: begin
    record Point(int x, int y) {}

    /** A point as the array [x,y]: a spelling of one's own, with the format's own int32 for each coordinate. */
    static final class PointCodec implements Codec<Point> {
        private static final Codec<Integer> INT32 = Codecs.of(Integer.class);

        @Override
        public void write(JsonWriter out, Point p) {
            if (p == null) {
                out.writeNull();
                return;
            }
            out.writeStartArray();
            INT32.write(out, p.x());
            INT32.write(out, p.y());
            out.writeEndArray();
        }

        @Override
        public Point read(JsonReader in) {
            if (in.currentToken() == JsonToken.VALUE_NULL) {
                return null;
            }
            if (in.currentToken() != JsonToken.START_ARRAY) {
                throw in.error("a point is an array [x,y]");
            }
            int x = coordinate(in);
            int y = coordinate(in);
            if (in.nextToken() != JsonToken.END_ARRAY) {
                throw in.error("a point has two coordinates");
            }
            return new Point(x, y);
        }

        private static int coordinate(JsonReader in) {
            in.nextToken();
            Integer v = INT32.read(in); // the format's int32: refuses 1.5, "1", 3000000000, a missing value
            if (v == null) {
                throw in.error("null where a coordinate belongs");
            }
            return v;
        }
    }
    // docs: end

    private final TypedJsonSerde<Point> serde = new TypedJsonSerde<>(new PointCodec());

    @Test
    void writesItsOwnSpellingAndReadsItBack() {
        byte[] bytes = serde.serializer().serialize("points", new Point(3, -4));
        assertEquals("[3,-4]", new String(bytes, StandardCharsets.UTF_8));
        assertEquals(new Point(3, -4), serde.deserializer().deserialize("points", bytes));
        assertEquals(new Point(3, -4), serde.deserializer().deserialize("points", " [ 3 , -4 ] ".getBytes(StandardCharsets.UTF_8)));
        assertNull(serde.deserializer().deserialize("points", "null".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void refusesWithThePathAndOffsetOfTheOffendingToken() {
        assertEquals("string \"4\" where an int32 belongs at $[1] (byte offset 3)", refused("[3,\"4\"]"));
        assertEquals("number 3000000000 is out of range for int32 at $[0] (byte offset 1)", refused("[3000000000,1]"));
        assertEquals("a point has two coordinates at $[2] (byte offset 5)", refused("[3,4,5]"));
        assertEquals("null where a coordinate belongs at $[0] (byte offset 1)", refused("[null,4]"));
        assertEquals("']' where an int32 belongs at $ (byte offset 2)", refused("[3]"));
        assertEquals("a point is an array [x,y] at $ (byte offset 0)", refused("{\"x\":3}"));
        assertEquals("trailing content after the document's value: number 1 at $ (byte offset 6)", refused("[3,4] 1"));
    }

    @Test
    void aCodecThatFailsStillGivesKafkasException() {
        Codec<Point> broken = new Codec<>() {
            @Override
            public void write(JsonWriter out, Point value) {
                throw new IllegalStateException("a bug");
            }

            @Override
            public Point read(JsonReader in) {
                throw new IllegalStateException("a bug");
            }
        };
        SerializationException e = assertThrows(SerializationException.class,
                () -> new TypedJsonDeserializer<>(broken).deserialize("points", "[1,2]".getBytes(StandardCharsets.UTF_8)));
        assertEquals("Cannot read typed JSON from topic 'points': java.lang.IllegalStateException: a bug", e.getMessage());
    }

    private String refused(String document) {
        SerializationException e = assertThrows(SerializationException.class,
                () -> serde.deserializer().deserialize("points", document.getBytes(StandardCharsets.UTF_8)));
        String message = e.getMessage();
        return message.substring(message.indexOf(": ") + 2);
    }

    @Test
    void theGuideShowsThisCode() throws Exception {
        String source = Files.readString(Path.of("src/test/java/io/typedjson/serde/CustomCodecTest.java"));
        String code = source.substring(source.indexOf("// docs: begin\n") + "// docs: begin\n".length(), source.indexOf("    // docs: end"));
        String guide = Files.readString(Path.of("../docs/custom-codecs.md"));
        String block = code.lines().map(l -> l.startsWith("    ") ? l.substring(4) : l).reduce("", (a, l) -> a + l + "\n");
        assertTrue(guide.contains("```java\n" + block + "```"), "docs/custom-codecs.md shows CustomCodecTest's code:\n" + block);
    }
}

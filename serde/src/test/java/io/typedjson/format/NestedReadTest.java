package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A document read by a codec while the format reads another one gets its own reader: the outer read goes on intact. */
class NestedReadTest {

    /** A number. */
    static final Codec<Long> NUMBER = new Codec<>() {
        @Override
        public void write(JsonWriter out, Long value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Long read(JsonReader in) {
            return in.longValue();
        }
    };

    /** {@code ["<a document of NUMBER>", "<another>", n]}: each string's document read through the same format, then n. */
    static Codec<List<Long>> outer(TypedJsonFormat format) {
        return new Codec<>() {
            @Override
            public void write(JsonWriter out, List<Long> value) {
                throw new UnsupportedOperationException();
            }

            @Override
            public List<Long> read(JsonReader in) {
                in.nextToken();
                long first = format.read(NUMBER, in.getText().getBytes(StandardCharsets.UTF_8));
                in.nextToken();
                long second = format.read(NUMBER, in.getText().getBytes(StandardCharsets.UTF_8));
                in.nextToken();
                long after = in.longValue();
                if (in.nextToken() != JsonToken.END_ARRAY) {
                    throw in.error("three elements");
                }
                return List.of(first, second, after);
            }
        };
    }

    @Test
    void aDocumentReadWhileReadingOneLeavesTheOuterReadIntact() {
        TypedJsonFormat format = TypedJsonFormat.defaults();
        byte[] doc = "[\"12345\",\"9\",678]".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 200; i++) { // past the format's take-over of its cached reader
            assertEquals(List.of(12345L, 9L, 678L), format.read(outer(format), doc));
        }
        // a nested read that fails leaves the outer reader where it was, and the next document is read afresh
        assertThrows(TypedJsonException.class,
                () -> format.read(outer(format), "[\"1\",\"12x\",678]".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(12345L, 9L, 678L), format.read(outer(format), doc));
        assertEquals(List.of(7L, 8L, 9L), format.read(outer(format), "[\"7\",\"8\",9]".getBytes(StandardCharsets.UTF_8)));
    }
}

package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Hostile and malformed documents are refused with a path and an offset, within the limits. */
class ReaderErrorsTest {

    private static TypedJsonException refused(String document) {
        return assertThrows(TypedJsonException.class, () -> TypedJson.read(document.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void errorNamesPathAndByteOffsetOfTheToken() {
        String doc = "{\"blocks\":[{},{},{},{\"position\":\"~q\"}]}";
        TypedJsonException e = refused(doc);
        assertEquals("$.blocks[3].position", e.path());
        assertEquals(doc.indexOf("\"~q\""), e.byteOffset());
        assertTrue(e.getMessage().endsWith("at $.blocks[3].position (byte offset " + e.byteOffset() + ")"), e.getMessage());
    }

    @Test
    void offsetCountsBytesNotCharacters() {
        String doc = "[\"\u00e9\u00e9\",\"~x\"]"; // two 2-byte characters before the bad token
        assertEquals(8, refused(doc).byteOffset()); // [ " é(2) é(2) " , then the bad token
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String doc = "[".repeat(100_000) + "]".repeat(100_000);
        TypedJsonException e = refused(doc);
        assertTrue(e.getMessage().contains("nesting depth"), e.getMessage());
    }

    @Test
    void hugeNumbersAreRefusedBeforeAnyArithmetic() {
        assertTrue(refused("1" + "0".repeat(100_000)).getMessage().contains("digits exceeds the limit of 1000 (typedjson.max.number.length)"));
        assertTrue(refused("1e999999999").getMessage().contains("out of range for float64"));
        // a huge exponent on a decimal is kept as it is written, never expanded
        Object d = TypedJson.read("\"~d1E+999999999\"".getBytes(StandardCharsets.UTF_8));
        assertEquals(-999_999_999, ((java.math.BigDecimal) d).scale());
    }

    @Test
    void limitsAreConfigurable() {
        TypedJsonFormat strict = new TypedJsonFormat(new Limits(3, 10, 5, 100));
        byte[] deep = "[[[[1]]]]".getBytes(StandardCharsets.UTF_8);
        assertThrows(TypedJsonException.class, () -> strict.read(DynamicCodec.INSTANCE, deep));
        assertThrows(TypedJsonException.class, () -> strict.read(DynamicCodec.INSTANCE, "\"abcdef\"".getBytes(StandardCharsets.UTF_8)));
        assertThrows(TypedJsonException.class, () -> strict.read(DynamicCodec.INSTANCE, new byte[101]));
        assertEquals("abcde", strict.read(DynamicCodec.INSTANCE, "\"abcde\"".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everyTruncationOfAValidDocumentIsRefused() {
        byte[] doc = TypedJson.write(java.util.Map.of("a", java.util.List.of(1L, "~t", 2.5, java.util.Map.of("b", (short) 3))));
        for (int len = 0; len < doc.length; len++) {
            byte[] cut = java.util.Arrays.copyOf(doc, len);
            assertThrows(TypedJsonException.class, () -> TypedJson.read(cut), () -> "prefix of length " + cut.length);
        }
    }

    @Test
    void invalidUtf8NamesTheOffendingByte() {
        byte[] first = {(byte) 0xff, '1'};
        assertEquals(0, assertThrows(TypedJsonException.class, () -> TypedJson.read(first)).byteOffset());
        byte[] inString = {'[', '1', ',', '"', 'a', (byte) 0xff, '"', ']'};
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> TypedJson.read(inString));
        assertEquals(5, e.byteOffset(), e.getMessage());
        assertEquals("$[1]", e.path());
    }
}

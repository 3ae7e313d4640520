package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Base64 decoded from a document's bytes (the converter's one-pass read) takes and gives what the char decoder does. */
class Base64BytesTest {
    /** Every text of up to 4 characters and each 8-character one of a few, from digits that end bytes, '=' and others. */
    @Test
    void everyShortTextAsTheCharDecoder() {
        String alphabet = "AQgwBR/+=-_ \u007f~";
        int taken = 0;
        int n = alphabet.length();
        for (int length = 0; length <= 4; length++) {
            int count = (int) Math.pow(n, length);
            for (int k = 0; k < count; k++) {
                StringBuilder t = new StringBuilder();
                for (int i = 0, v = k; i < length; i++, v /= n) {
                    t.append(alphabet.charAt(v % n));
                }
                taken += same("AAEC" + t) + same(t.toString()) + same(t + "AAEC");
            }
        }
        assertTrue(taken > 3000, taken + " taken");
    }

    @Test
    void whatTheEncoderWritesAsTheCharDecoderAndTheBytes() {
        SplittableRandom random = new SplittableRandom(37);
        for (int length = 0; length < 64; length++) {
            for (int k = 0; k < 20; k++) {
                byte[] b = new byte[length];
                random.nextBytes(b);
                String text = Base64.getEncoder().encodeToString(b);
                assertTrue(same(text) == 1, text);
                byte[] doc = ("[\"" + text + "\"]").getBytes(StandardCharsets.US_ASCII);
                assertArrayEquals(b, Lexemes.canonicalBase64OrNull(doc, 2, doc.length - 2), text);
            }
        }
    }

    /**
     * The token path hands over chars that need not be ASCII, and one decoder serves the chars and the bytes: a char
     * whose low byte is a base64 digit or '=' (U+0141 for 'A') is refused, never taken for that digit.
     */
    @Test
    void aCharBeyondAsciiIsNotItsLowByte() {
        for (String text : new String[] {"AAEC", "AQ==", "AQI=", "/+9z"}) {
            for (int at = 0; at < text.length(); at++) {
                for (int high : new int[] {0x100, 0xFF00}) {
                    char[] c = (text.substring(0, at) + (char) (high | text.charAt(at)) + text.substring(at + 1)).toCharArray();
                    assertNull(Lexemes.canonicalBase64OrNull(c, 0, c.length), new String(c));
                }
            }
        }
    }

    /** 1 when both decoders take {@code text} (the same bytes), 0 when both refuse it; fails when they differ. */
    private static int same(String text) {
        char[] c = text.toCharArray();
        byte[] expected = Lexemes.canonicalBase64OrNull(c, 0, c.length);
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        byte[] actual = Lexemes.canonicalBase64OrNull(b, 0, b.length);
        assertArrayEquals(expected, actual, text);
        return expected == null ? 0 : 1;
    }
}

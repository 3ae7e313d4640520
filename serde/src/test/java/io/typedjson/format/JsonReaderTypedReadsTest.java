package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.internal.Lexemes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The typed reads at the cursor ({@link JsonReader#readLong()} and the like, issue 37) against the token path they stand
 * for ({@code nextToken()}, then {@code Lexemes}' read of the token): on every input both give the same value or the
 * same error (message, path, byte offset), leave the reader on the same token at the same offset, and the rest of the
 * document reads the same.
 */
class JsonReaderTypedReadsTest {
    private static final JsonKeys KEYS = JsonKeys.of(JsonKey.of("k"), JsonKey.of("z"));

    private enum Read {
        LONG(JsonReader::readLong, Lexemes::readLong),
        INT(JsonReader::readInt, Lexemes::readInt),
        DOUBLE(JsonReader::readDouble, Lexemes::readDouble),
        BOOLEAN(JsonReader::readBoolean, Lexemes::readBoolean),
        STRING(JsonReader::readString, r -> r.currentToken() == JsonToken.VALUE_NULL ? null : Lexemes.readString(r));

        final Function<JsonReader, Object> fused, token;

        Read(Function<JsonReader, Object> fused, Function<JsonReader, Object> token) {
            this.fused = fused;
            this.token = token;
        }
    }

    private static final String[] VALUES = {
        "0", "-0", "7", "-42", "00", "01", "-01", "-", "-a", "+1", "1.", "1.5", "-0.0", "0.05", "1e5", "1E+5", "-2.5e-3",
        "1e", "1e+", "2E-0", "123456789012345678", "-123456789012345678", "1234567890123456789", "-1234567890123456789",
        "12345678901234567890", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "2147483647", "2147483648", "-2147483648", "-2147483649", "1e400", "-1e400", "1e-400",
        "1e99999999999", "0.1234567890123456789012", "1234567890123456789.5", "4.9e-324", "1.7976931348623157e308",
        "9007199254740993", "12abc", "1x", "1,", "true", "false", "null", "tru", "truex", "true1", "fals", "nul", "nullx",
        "\"abc\"", "\"\"", "\"~\"", "\"~x\"", "\"~~x\"", "\"a~\"", "\"a\\nb\"", "\"\\u0041\"", "\"\\ud800\"", "\"é\"",
        "\"abcdefghijklmnopqrstuvwxyz0123456789\"", "\"abcdefgh\\\"ij\"", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"",
        "\"abc", "\"abcdefghijk", "\"a\tb\"", "[1]", "{}", "{\"a\":1}", "]", "}", ":", "", " ", "NaN", "\u00e9",
    };

    /** Where the value sits: the writer's spelling, whitespace, the end of the input right after it, a second key. */
    private static final String[][] FRAMES = {
        {"{\"k\":", "}"}, {"{\"k\" : ", " }"}, {"{\"k\":", ""}, {"{\"k\":\n\t", ",\"z\":1}"}, {"{\"k\":", ",\"z\":\"q\"}"},
        {"{ \"k\":", "\r\n}"},
    };

    @Test
    void everyReadGivesTheTokenPathsValueOrErrorOnEveryInput() {
        int compared = 0;
        for (String v : VALUES) {
            for (String[] f : FRAMES) {
                compared += compareAll(f[0] + v + f[1]);
            }
        }
        Random random = new Random(37);
        String alphabet = "0123456789-+.eE\"\\~ntrufals,}]{[ \té\u0001/u";
        for (int n = 0; n < 20_000; n++) {
            StringBuilder v = new StringBuilder();
            int length = random.nextInt(24);
            boolean string = random.nextInt(3) == 0;
            if (string) {
                v.append('"');
            }
            for (int i = 0; i < length; i++) {
                v.append(random.nextInt(4) == 0 ? alphabet.charAt(random.nextInt(alphabet.length()))
                        : (char) (string ? 'a' + random.nextInt(26) : '0' + random.nextInt(10)));
            }
            if (string && random.nextInt(8) != 0) {
                v.append('"');
            }
            String[] f = FRAMES[random.nextInt(FRAMES.length)];
            compared += compareAll(f[0] + v + f[1]);
        }
        assertTrue(compared > 100_000, "compared " + compared);
    }

    /** Each read on the document, with the default limits, tight ones, the element limit reached, and plain JSON. */
    private static int compareAll(String document) {
        byte[] doc = document.getBytes(StandardCharsets.UTF_8);
        Limits[] limits = {Limits.DEFAULT, new Limits(4, 3, 4, 1000), new Limits(4, 19, 8, 1000, 1),
            new Limits(4, 1000, 1000, 1000, 2)};
        int n = 0;
        for (Read read : Read.values()) {
            for (Limits l : limits) {
                for (boolean plain : new boolean[] {false, true}) {
                    String fused = run(doc, l, plain, read, true);
                    String token = run(doc, l, plain, read, false);
                    assertEquals(token, fused, () -> read + " of " + document + " with " + l + (plain ? ", plain" : ""));
                    n++;
                }
            }
        }
        return n;
    }

    /** What a read gives and where it leaves the reader, then the rest of the document token by token, or the error. */
    private static String run(byte[] doc, Limits limits, boolean plain, Read read, boolean fused) {
        JsonReader r = new JsonReader(limits);
        r.reset(doc, 0, doc.length);
        r.plainJson(plain);
        StringBuilder out = new StringBuilder();
        try {
            r.nextToken();
            // key 0's value read by the typed read, or by nextKey as a token (then its value's first token)
            int i = r.nextKey(KEYS, 0, fused ? 1 : 0);
            Object value = i == 0 ? (fused ? read.fused.apply(r) : read.token.apply(r)) : "(key " + i + ")";
            out.append("key ").append(i).append(" = ").append(value)
                    .append(value == null ? "" : " " + value.getClass().getSimpleName()).append(" on ").append(r.currentToken()).append('@').append(r.tokenOffset()).append(" text ")
                    .append(r.getText()).append(" name ").append(r.currentName());
            for (JsonToken t = r.nextToken(); t != null; t = r.nextToken()) {
                out.append(", ").append(t).append('@').append(r.tokenOffset()).append(' ').append(r.getText());
            }
        } catch (TypedJsonException e) {
            out.append(" ! ").append(e.getMessage());
        }
        return out.toString();
    }

    @Test
    void theCommonSpellingsAreReadWhereTheyStart() {
        assertEquals("key 0 = -42 Long on VALUE_NUMBER_INT@6 text -42 name k, END_OBJECT@9 }",
                run("{\"k\": -42}".getBytes(StandardCharsets.UTF_8), Limits.DEFAULT, false, Read.LONG, true));
        assertEquals("key 0 = ab~ String on VALUE_STRING@5 text ab~ name k, END_OBJECT@10 }",
                run("{\"k\":\"ab~\"}".getBytes(StandardCharsets.UTF_8), Limits.DEFAULT, false, Read.STRING, true));
        // a string where a number belongs: the token path's error, at the value
        assertEquals(" ! string \"x\" where a number belongs (only \"NaN\", \"Infinity\" and"
                + " \"-Infinity\" are spelled as strings) at $.k (byte offset 5)",
                run("{\"k\":\"x\"}".getBytes(StandardCharsets.UTF_8), Limits.DEFAULT, false, Read.DOUBLE, true));
        // the value that reaches the element limit is refused as nextToken() refuses it
        assertEquals(" ! element count 2 exceeds the limit of 1 (typedjson.max.elements) at $.k"
                + " (byte offset 5)",
                run("{\"k\":\"x\"}".getBytes(StandardCharsets.UTF_8), new Limits(4, 19, 8, 1000, 1), false, Read.STRING,
                        true));
    }
}

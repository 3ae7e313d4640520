package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.typedjson.fuzz.Show;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * typedjson's own reader against jackson-core's strict parser as an oracle: the same tokens and texts for JSON
 * both accept, and nothing accepted that jackson-core refuses. Limits, offsets and key matching are checked on
 * their own.
 */
class JsonReaderTest {
    private static final JsonFactory JACKSON = new JsonFactory();

    /** Every token as "KIND text", or the error; the reader walks the whole document. */
    private static List<String> tokens(byte[] doc, Limits limits) {
        JsonReader r = new JsonReader(limits);
        r.reset(doc, 0, doc.length);
        List<String> out = new ArrayList<>();
        for (JsonToken t = r.nextToken(); t != null; t = r.nextToken()) {
            if (!out.isEmpty() && depthOf(out) == 0) {
                throw r.error("trailing content"); // a document is one value, as TypedJsonFormat reads
            }
            out.add(t + " " + (t == JsonToken.FIELD_NAME ? r.currentName() : r.getText()));
            if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
                // the char view and the String agree
                assertEquals(r.getText(), new String(r.getTextCharacters(), r.getTextOffset(), r.getTextLength()));
            }
        }
        return out;
    }

    /** The nesting after the tokens so far. */
    private static int depthOf(List<String> tokens) {
        int depth = 0;
        for (String t : tokens) {
            depth += t.startsWith("START_") ? 1 : t.startsWith("END_") ? -1 : 0;
        }
        return depth;
    }

    private static List<String> jacksonTokens(byte[] doc) throws Exception {
        List<String> out = new ArrayList<>();
        try (JsonParser p = JACKSON.createParser(doc)) {
            for (com.fasterxml.jackson.core.JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (!out.isEmpty() && depthOf(out) == 0) {
                    throw new IllegalStateException("a second value");
                }
                String kind = switch (t) {
                    case START_OBJECT -> "START_OBJECT";
                    case END_OBJECT -> "END_OBJECT";
                    case START_ARRAY -> "START_ARRAY";
                    case END_ARRAY -> "END_ARRAY";
                    case FIELD_NAME -> "FIELD_NAME";
                    case VALUE_STRING -> "VALUE_STRING";
                    case VALUE_NUMBER_INT -> "VALUE_NUMBER_INT";
                    case VALUE_NUMBER_FLOAT -> "VALUE_NUMBER_FLOAT";
                    case VALUE_TRUE -> "VALUE_TRUE";
                    case VALUE_FALSE -> "VALUE_FALSE";
                    case VALUE_NULL -> "VALUE_NULL";
                    default -> t.name();
                };
                out.add(kind + " " + p.getText());
            }
        }
        return out;
    }

    private static final String[] PIECES = {"{", "}", "[", "]", ",", ":", " ", "\n", "\"a\"", "\"~b\"", "\"\\u00e9\\n\"",
        "\"\\uD83D\\uDE00\"", "\"é€😀\"", "0", "-0", "12", "1.5", "-2.5e-3", "1E+2", "true", "false", "null", "\"\"",
        "\"\\\\\\\"\\/\"", "99999999999999999999", "1e400", "01", "1.", ".5", "+1", "tru", "nul", "NaN", "\"\t\"", "\\",
        "\"x", "[1,]", "{\"a\":}", "/*c*/"};

    @Test
    void tokensAsJacksonCoreReadsThemAndNothingItRefuses() {
        Random random = new Random(42);
        int agreed = 0;
        int refused = 0;
        for (int n = 0; n < 60_000; n++) {
            StringBuilder sb = new StringBuilder();
            int parts = 1 + random.nextInt(12);
            for (int i = 0; i < parts; i++) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            }
            byte[] doc = sb.toString().getBytes(StandardCharsets.UTF_8);
            if (random.nextInt(8) == 0 && doc.length > 0) {
                doc[random.nextInt(doc.length)] = (byte) random.nextInt(256); // raw bytes, ill-formed UTF-8 among them
            }
            String invalid = whyInvalid(doc);
            List<String> ours;
            try {
                ours = tokens(doc, Limits.DEFAULT);
            } catch (TypedJsonException e) {
                assertTrue(e.byteOffset() >= 0 && e.byteOffset() <= doc.length, e.getMessage());
                // refused only what jackson-core refuses or SPEC.md section 1 forbids (the UTF-8 jackson-core lets through)
                assertNotNull(invalid, () -> "refused JSON that jackson-core reads and SPEC.md section 1 allows: "
                        + Show.bytes(doc) + " (" + e.getMessage() + ")");
                refused++;
                continue;
            }
            // the tokens hand a string's text over as it is: a lone surrogate is refused by what reads the string
            // (skipValue, the codecs), so it is the one rule a token may pass on
            assertTrue(invalid == null || invalid.startsWith(LONE_SURROGATE),
                    () -> "accepted a document that is not JSON by SPEC.md section 1 (" + invalid + "): " + Show.bytes(doc));
            assertEquals(jacksonTokensOrNull(doc), ours, () -> Show.bytes(doc));
            agreed++;
        }
        assertTrue(agreed > 1_000 && refused > 1_000, "too few valid or invalid documents: " + agreed + " read, " + refused + " refused");
    }

    private static final String LONE_SURROGATE = "a lone surrogate";

    /**
     * Why a document is not JSON by SPEC.md section 1, or null when it is: jackson-core's strict parser refuses it,
     * or it breaks a byte rule jackson-core does not check (ill-formed UTF-8, a NUL byte, a lone surrogate in a
     * string or key). An oracle independent of the reader under test.
     */
    private static String whyInvalid(byte[] doc) {
        for (byte b : doc) {
            if (b == 0) {
                return "a NUL byte";
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(doc));
        } catch (CharacterCodingException e) {
            return "ill-formed UTF-8";
        }
        List<String> theirs;
        try {
            theirs = jacksonTokens(doc);
        } catch (Exception e) {
            return "jackson-core refuses it: " + e.getMessage();
        }
        for (String token : theirs) {
            for (int i = 0; i < token.length(); i++) {
                char c = token.charAt(i);
                boolean paired = Character.isHighSurrogate(c) ? i + 1 < token.length() && Character.isLowSurrogate(token.charAt(++i))
                        : !Character.isLowSurrogate(c);
                if (!paired) {
                    return LONE_SURROGATE + " in " + token;
                }
            }
        }
        return null;
    }

    private static List<String> jacksonTokensOrNull(byte[] doc) {
        try {
            return jacksonTokens(doc);
        } catch (Exception e) {
            return null;
        }
    }

    /**
     * Strings are scanned eight bytes at a time: a special byte (the closing quote, an escape, a character beyond
     * ASCII, a control character, a stray byte) at every position of a long run, as key and as value.
     */
    @Test
    void longStringsWithASpecialByteAtEveryPosition() throws Exception {
        String[] specials = {"\\\"", "\\n", "\\u00e9", "é", "😀", "~", " "};
        for (int length = 0; length < 40; length++) {
            for (int at = 0; at <= length; at++) {
                for (String special : specials) {
                    String text = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEF".substring(0, length);
                    String string = "\"" + text.substring(0, at) + special + text.substring(at) + "\"";
                    byte[] doc = ("{" + string + ":" + string + "}").getBytes(StandardCharsets.UTF_8);
                    assertEquals(jacksonTokens(doc), tokens(doc, Limits.DEFAULT), new String(doc, StandardCharsets.UTF_8));
                }
                for (int bad : new int[] {0x01, 0x1F, 0x80, 0xFF}) {
                    byte[] doc = ("[\"" + "a".repeat(length) + "\"]").getBytes(StandardCharsets.UTF_8);
                    byte[] broken = java.util.Arrays.copyOf(doc, doc.length);
                    broken[2 + at] = (byte) bad; // replaces a letter, or the closing quote when at == length
                    TypedJsonException e = assertThrows(TypedJsonException.class, () -> tokens(broken, Limits.DEFAULT));
                    assertEquals(2 + at, e.byteOffset(), e.getMessage());
                }
            }
        }
        // the length limit counts a run scanned by words as one unit per byte
        Limits limits = new Limits(10, 10, 17, 1000);
        tokens("[\"abcdefghijklmnopq\"]".getBytes(StandardCharsets.UTF_8), limits);
        TypedJsonException tooLong = assertThrows(TypedJsonException.class,
                () -> tokens("[\"abcdefghijklmnopqr\"]".getBytes(StandardCharsets.UTF_8), limits));
        assertTrue(tooLong.getMessage().startsWith("string of 18 UTF-16 units exceeds the limit of 17"), tooLong.getMessage());
    }

    /**
     * Short ASCII keys come back as cached Strings, known by their bytes, and strings as copies: keys and values of one
     * or two letters in every order (so that "ab" and "ba" meet in the cache), at the end of the array and inside it,
     * in one reader after another document.
     */
    @Test
    void cachedKeysAndStringsAreTheirOwnText() throws Exception {
        Random random = new Random(29);
        JsonReader reader = new JsonReader(Limits.DEFAULT);
        for (int n = 0; n < 20_000; n++) {
            StringBuilder sb = new StringBuilder("{");
            int entries = 1 + random.nextInt(4);
            java.util.Set<String> keys = new java.util.HashSet<>();
            for (int i = 0; i < entries; i++) {
                String ab = "ab".repeat(1 + random.nextInt(10));
                String key = "abAB".substring(0, random.nextInt(3)) + ab.substring(random.nextInt(2), 2 + random.nextInt(ab.length() - 1));
                String value = random.nextBoolean() ? key : new StringBuilder(key).reverse().toString();
                if (keys.add(key)) {
                    sb.append(keys.size() > 1 ? "," : "").append('"').append(key).append("\":\"").append(value).append('"');
                }
            }
            byte[] doc = sb.append('}').toString().getBytes(StandardCharsets.UTF_8);
            int lead = random.nextInt(3);
            byte[] inside = new byte[lead + doc.length + random.nextInt(12)];
            System.arraycopy(doc, 0, inside, lead, doc.length);
            List<String> theirs = jacksonTokens(doc);
            for (int round = 0; round < 2; round++) {
                byte[] array = round == 0 ? doc : inside;
                int from = round == 0 ? 0 : lead;
                reader.reset(array, from, doc.length);
                List<String> ours = new ArrayList<>();
                for (JsonToken t = reader.nextToken(); t != null; t = reader.nextToken()) {
                    ours.add(t + " " + (t == JsonToken.FIELD_NAME ? reader.currentName() : reader.getText()));
                }
                assertEquals(theirs, ours, new String(doc, StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void limitsNameTheirPropertyAndPointAtTheToken() {
        Limits small = new Limits(2, 3, 4, 1000);
        TypedJsonException depth = assertThrows(TypedJsonException.class, () -> tokens("[[[1]]]".getBytes(StandardCharsets.UTF_8), small));
        assertEquals("nesting depth 3 exceeds the limit of 2 (typedjson.max.depth) at $[0][0] (byte offset 2)", depth.getMessage());
        TypedJsonException number = assertThrows(TypedJsonException.class, () -> tokens("[1,-1.25E+7]".getBytes(StandardCharsets.UTF_8), small));
        assertEquals("number of 4 digits exceeds the limit of 3 (typedjson.max.number.length) at $[1] (byte offset 3)", number.getMessage());
        TypedJsonException string = assertThrows(TypedJsonException.class, () -> tokens("{\"a\":\"abcd😀\"}".getBytes(StandardCharsets.UTF_8), small));
        assertEquals("string of 6 UTF-16 units exceeds the limit of 4 (typedjson.max.string.length) at $.a (byte offset 5)", string.getMessage());
        TypedJsonException key = assertThrows(TypedJsonException.class, () -> tokens("{\"\\u0041bcde\":1}".getBytes(StandardCharsets.UTF_8), small));
        assertTrue(key.getMessage().startsWith("key of 5 UTF-16 units exceeds the limit of 4 (typedjson.max.string.length)"), key.getMessage());
        // within the limits: read
        assertEquals(List.of("START_ARRAY [", "VALUE_NUMBER_FLOAT -1.25E+7", "END_ARRAY ]"),
                tokens("[-1.25E+7]".getBytes(StandardCharsets.UTF_8), new Limits(2, 4, 4, 1000)));
    }

    @Test
    void aClassKeyLongerThanTheStringLimitIsRefusedWhereShorterKeysOfTheSameClassAreRead() {
        JsonKeys keys = JsonKeys.of(JsonKey.of("id"), JsonKey.of("longer"));
        byte[] doc = "{\"id\":1,\"longer\":2}".getBytes(StandardCharsets.UTF_8);
        JsonReader r = new JsonReader(new Limits(4, 19, 4, 1000));
        r.reset(doc, 0, doc.length);
        r.nextToken();
        assertEquals(0, r.nextKey(keys, 0));
        assertEquals(1, r.longValue());
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> r.nextKey(keys, 1));
        assertEquals("key of 6 UTF-16 units exceeds the limit of 4 (typedjson.max.string.length) at $ (byte offset 8)",
                e.getMessage());
    }

    /**
     * The fast paths of longValue, doubleValue and floatValue (significand and power of ten from the lexeme's bytes)
     * give the lexeme's value: leading zeros of a fraction, 19 and 20 significant digits, exponents out of range.
     */
    @Test
    void numbersReadByTheFastPathsAreTheirLexemesValues() {
        String[] lexemes = {"0", "-0", "7", "-42", "123456789012345678", "-123456789012345678", "1234567890123456789",
            "-9223372036854775808", "0.05", "-0.0", "0.000123", "100.25", "1e5", "1E+5", "-2.5e-3", "0.0000000000000000001234",
            "1234567890123456789.5", "12345678901234567890", "0.12345678901234567890123", "1e400", "1E-400",
            "4.9e-324", "1.7976931348623157e308", "123.456e-7", "9007199254740993", "0e10"};
        for (String lexeme : lexemes) {
            byte[] doc = ("[" + lexeme + "]").getBytes(StandardCharsets.UTF_8);
            JsonReader r = new JsonReader(Limits.DEFAULT);
            r.reset(doc, 0, doc.length);
            r.nextToken();
            JsonToken t = r.nextToken();
            assertEquals(Double.parseDouble(lexeme), r.doubleValue(), lexeme);
            assertEquals(Float.parseFloat(lexeme), r.floatValue(), lexeme);
            if (t == JsonToken.VALUE_NUMBER_INT && r.fitsLong()) {
                assertEquals(Long.parseLong(lexeme), r.longValue(), lexeme);
            }
            assertSmallDecimal(r, lexeme);
        }
    }

    /** smallDecimalValue() is new BigDecimal(lexeme), scale included, for at most 18 digits and no exponent; else null. */
    private static void assertSmallDecimal(JsonReader r, String lexeme) {
        boolean small = lexeme.replaceAll("[^0-9]", "").length() <= 18 && !lexeme.contains("e") && !lexeme.contains("E");
        assertEquals(small ? new java.math.BigDecimal(lexeme) : null, r.smallDecimalValue(), lexeme);
    }

    /** A plain string's text straight from its bytes; null where an escape or a leading '~' asks for more. */
    @Test
    void untaggedTextIsAPlainStringsTextAndNullForAnythingElse() {
        String doc = "[\"plain\",\"\",\"caf\u00e9 \u20ac \ud83d\ude00\",\"a\\nb\",\"~~t\",\"~t\",\"t~\",12,null,{\"k\":true}]";
        String[] expected = {"plain", "", "caf\u00e9 \u20ac \ud83d\ude00", null, null, null, "t~", null, null, null, null, null};
        JsonReader r = new JsonReader(Limits.DEFAULT);
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        r.reset(bytes, 0, bytes.length);
        r.nextToken();
        for (String text : expected) {
            r.nextToken();
            assertEquals(text, r.untaggedText(), String.valueOf(r.currentToken()));
            if (text != null) {
                assertEquals(r.getText(), text);
            }
        }
    }

    @Test
    void illFormedUtf8IsRefusedAtItsFirstByte() {
        byte[][] bad = {{'"', (byte) 0xC0, (byte) 0xAF, '"'}, {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'},
            {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'}, {'"', (byte) 0x80, '"'}, {'"', (byte) 0xE2, (byte) 0x82, '"'}};
        for (byte[] doc : bad) {
            TypedJsonException e = assertThrows(TypedJsonException.class, () -> tokens(doc, Limits.DEFAULT));
            assertEquals(1, e.byteOffset(), e.getMessage());
            assertTrue(e.getMessage().startsWith("Invalid UTF-8"), e.getMessage());
        }
    }

    @Test
    void aKeyMatchesItsEncodedFormByBytesOrByTextWhenEscaped() {
        JsonKey a = JsonKey.of("a"), tilde = JsonKey.of("~t");
        for (String doc : new String[] {"{\"a\":1,\"~~t\":2}", "{ \"\\u0061\" : 1 , \"\\u007e~t\":2}"}) {
            JsonReader r = new JsonReader(Limits.DEFAULT);
            byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
            r.reset(bytes, 0, bytes.length);
            assertEquals(JsonToken.START_OBJECT, r.nextToken());
            assertTrue(r.nextFieldName(a), doc);
            assertEquals("a", r.currentName());
            r.nextToken();
            assertEquals(1, r.longValue());
            assertFalse(r.nextFieldName(a), doc); // the next key is another
            assertEquals("~~t", r.currentName());
            r.nextToken();
            assertFalse(r.nextFieldName(tilde), doc); // the end of the object
            assertEquals(JsonToken.END_OBJECT, r.currentToken());
            assertNull(r.nextToken());
        }
    }

    @Test
    void numbersAreReadInPlace() {
        String doc = "[0,-0,9223372036854775807,-9223372036854775808,9223372036854775808,123456789012345678,1.5e3]";
        JsonReader r = new JsonReader(Limits.DEFAULT);
        byte[] bytes = doc.getBytes(StandardCharsets.UTF_8);
        r.reset(bytes, 0, bytes.length);
        r.nextToken();
        long[] longs = {0, 0, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long expected : longs) {
            r.nextToken();
            assertTrue(r.fitsLong());
            assertEquals(expected, r.longValue());
        }
        r.nextToken();
        assertFalse(r.fitsLong());
        assertEquals(new java.math.BigInteger("9223372036854775808"), r.bigIntegerValue());
        r.nextToken();
        assertEquals(123456789012345678L, r.longValue());
        r.nextToken();
        assertEquals(1500.0, r.doubleValue());
    }

    @Test
    void doublesAndFloatsAreRoundedOnceFromTheDecimal() {
        Random random = new Random(5);
        for (int i = 0; i < 300_000; i++) {
            String lexeme = switch (i % 3) {
                case 0 -> (random.nextBoolean() ? "-" : "") + random.nextInt(100_000) + "." + random.nextInt(1_000_000_000);
                case 1 -> Long.toString(random.nextLong() >> random.nextInt(64));
                default -> String.format("%.7f", random.nextFloat() * Math.pow(10, random.nextInt(8))); // the float fast path
            };
            JsonReader r = new JsonReader(Limits.DEFAULT);
            byte[] b = lexeme.getBytes(StandardCharsets.US_ASCII);
            r.reset(b, 0, b.length);
            r.nextToken();
            assertEquals(Double.parseDouble(lexeme), r.doubleValue(), lexeme);
            assertEquals(Float.parseFloat(lexeme), r.floatValue(), lexeme);
            assertSmallDecimal(r, lexeme);
        }
    }

    @Test
    void errorsAfterAValueInAContainerNameTheNextPosition() {
        TypedJsonException e = assertThrows(TypedJsonException.class,
                () -> tokens("{\"a\":[1,".getBytes(StandardCharsets.UTF_8), Limits.DEFAULT));
        assertEquals("$.a[1]", e.path());
        assertEquals(8, e.byteOffset());
        assertTrue(e.reason().contains("end-of-input"), e.reason());
    }
}

package io.typedjson.codec;

import static io.typedjson.codec.Fixtures.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Drawing;
import io.typedjson.codec.Fixtures.Invoice;
import io.typedjson.codec.Fixtures.Order;
import io.typedjson.codec.Fixtures.Point;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.codec.Fixtures.Sized;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Documents that are not a value of the class: refused with the reason, the JSON path and the byte offset. */
class ReadErrorTest {

    private static final Codec<Order> ORDER = Codecs.of(Order.class);

    /** Reads {@code doc} expecting a refusal at {@code path}, at the offset where {@code token} starts. */
    private static TypedJsonException refused(Codec<?> codec, String doc, String path, String token, String reason) {
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(codec, doc));
        assertEquals(path, e.path(), e.getMessage());
        assertEquals(doc.indexOf(token), e.byteOffset(), e.getMessage());
        assertTrue(e.reason().contains(reason), e.getMessage());
        return e;
    }

    @Test
    void aStringWhereAnInt64Belongs() {
        TypedJsonException e = refused(ORDER, "{\"id\":\"12\",\"name\":\"a\"}", "$.id", "\"12\"",
                "string \"12\" where an int64 belongs");
        assertEquals("string \"12\" where an int64 belongs at $.id (byte offset 6)", e.getMessage());
    }

    @Test
    void aFractionWhereAnInt64Belongs() {
        refused(ORDER, "{\"id\":1.5}", "$.id", "1.5", "number 1.5 has a fraction or exponent where an int64 belongs");
        refused(ORDER, "{\"id\":1e3}", "$.id", "1e3", "fraction or exponent");
    }

    @Test
    void outOfRangeNumbersAreNeverTruncated() {
        Codec<Sized> sized = Codecs.of(Sized.class);
        refused(sized, "{\"s\":40000}", "$.s", "40000", "number 40000 is out of range for int16");
        refused(sized, "{\"b\":-129}", "$.b", "-129", "out of range for int8");
        refused(sized, "{\"i\":2147483648}", "$.i", "2147483648", "out of range for int32");
        refused(sized, "{\"l\":9223372036854775808}", "$.l", "9223372036854775808", "out of range for int64");
        refused(sized, "{\"f\":1e39}", "$.f", "1e39", "out of range for float32");
        refused(sized, "{\"c\":\"ab\"}", "$.c", "\"ab\"", "string of 2 chars where a char belongs");
        refused(sized, "{\"flag\":1}", "$.flag", "1", "number 1 where a boolean belongs");
    }

    @Test
    void nullWhereAPrimitiveBelongs() {
        refused(Codecs.of(Sized.class), "{\"i\":null}", "$.i", "null", "null where an int32 belongs");
    }

    @Test
    void nestedPathsAndOffsets() {
        String doc = "{\"id\":1,\"items\":[{\"sku\":\"a\",\"qty\":1},{\"sku\":\"b\",\"qty\":\"2\"}]}";
        refused(Codecs.of(Invoice.class), doc, "$.items[1].qty", "\"2\"", "where an int32 belongs");
        String tagged = "{\"title\":\"~x\"}";
        refused(Codecs.of(Drawing.class), tagged, "$.title", "\"~x\"", "tagged value \"~x\" where a plain string belongs");
        refused(Codecs.of(Invoice.class), "{\"created\":\"yesterday\"}", "$.created", "\"yesterday\"", "malformed instant");
        refused(Codecs.of(Invoice.class), "{\"items\":{}}", "$.items", "{}", "an object where an array belongs");
        refused(ORDER, "[1]", "$", "[", "an array where an object of Order belongs");
    }

    @Test
    void unknownFieldsAreSkippedByDefaultAndRefusedOnRequest() {
        String doc = "{\"id\":1,\"extra\":{\"deep\":[1,{\"x\":2}]},\"name\":\"n\",\"more\":null}";
        assertEquals(new Order(1, "n", null, 0.0, null, null), read(ORDER, doc));
        Codec<Order> strict = Codecs.of(Order.class, new CodecOptions(true, false));
        refused(strict, doc, "$", "\"extra\"", "unknown field \"extra\" of Order (typedjson.unknown.fields=fail)");
    }

    @Test
    void aSkippedFieldIsHeldToTheRulesOfEveryValue() {
        // found by the fuzz tests (DeserializerFuzzTestInputs/classValue/skipped-*, unknown-key-given-twice)
        refused(ORDER, "{\"z\":{\"a\":1,\"a\":2}}", "$.z.a", "2", "duplicate key \"a\"");
        refused(ORDER, "{\"z\":[{\"a\":1},{\"b\":[{\"c\":1,\"c\":[]}]}]}", "$.z[1].b[0].c", "[]", "duplicate key \"c\"");
        refused(ORDER, "{\"z\":\"\\uD800\"}", "$.z", "\"\\uD800\"", "lone surrogate U+D800");
        refused(ORDER, "{\"z\":{\"\\uDC00\":1}}", "$.z", "\"\\uDC00\"", "lone surrogate U+DC00");
        refused(ORDER, "{\"z\":1,\"z\":2}", "$.z", "2", "duplicate key \"z\"");
        // the same keys in sibling objects are no duplicates
        assertEquals(new Order(1, null, null, 0.0, null, null),
                read(ORDER, "{\"id\":1,\"z\":[{\"a\":1},{\"a\":2}],\"y\":{\"a\":{\"a\":1}}}"));
    }

    @Test
    void unknownKeysAreToldApartByTheirBytesOrTheirText() {
        // a field's key spelled with an escape is that field; an unknown key with one is skipped like any other
        assertEquals(new Order(7, "n", null, 0.0, null, null),
                read(ORDER, "{\"\\u0069d\":7,\"n\\u0061me\":\"n\",\"\\u0078\":1}"));
        // an unknown key and its escaped spelling are the same key: the second is refused
        refused(ORDER, "{\"x\":1,\"\\u0078\":2}", "$.x", "2", "duplicate key \"x\"");
        refused(ORDER, "{\"\\u0078\":1,\"x\":2}", "$.x", "2", "duplicate key \"x\"");
        // '~' read from the key's bytes: a doubled '~' is an unknown key, a single one a format key, escaped or not
        assertEquals(new Order(1, null, null, 0.0, null, null), read(ORDER, "{\"~~x\":1,\"id\":1,\"\\u007E~y\":2}"));
        refused(ORDER, "{\"id\":1,\"~\":1}", "$", "\"~\"", "format key \"~\" where a field of Order belongs");
        refused(ORDER, "{\"\\u007Ex\":1}", "$", "\"\\u007Ex\"", "format key \"~x\" where a field of Order belongs");
        // past the eight unknown keys an object's set holds in an array, a repeated one is still refused
        StringBuilder doc = new StringBuilder("{");
        for (int i = 0; i < 12; i++) {
            doc.append("\"k").append(i).append("\":").append(i).append(',');
        }
        assertEquals(new Order(0, null, null, 0.0, null, null), read(ORDER, doc + "\"k12\":0}"));
        refused(ORDER, doc + "\"k3\":-5}", "$.k3", "-5", "duplicate key \"k3\"");
        refused(ORDER, doc + "\"k11\":-5}", "$.k11", "-5", "duplicate key \"k11\"");
    }

    @Test
    void aFormatKeyIsNeverAField() {
        refused(ORDER, "{\"id\":1,\"~type\":\"x\"}", "$", "\"~type\"", "format key \"~type\" where a field of Order belongs");
    }

    @Test
    void missingFieldsGetJavaDefaultsOrAreRefusedForPrimitives() {
        assertEquals(new Sized((short) 0, (byte) 0, 0L, 5, 0f, '\0', false), read(Codecs.of(Sized.class), "{\"i\":5}"));
        Codec<Sized> strict = Codecs.of(Sized.class, new CodecOptions(false, true));
        TypedJsonException e = refused(strict, "{\"i\":5}", "$", "}", "missing field \"s\" (short) of Sized");
        assertEquals("missing field \"s\" (short) of Sized (typedjson.missing.primitives=fail) at $ (byte offset 6)", e.getMessage());
        String nested = "{\"shapes\":[{\"Sq\":{\"color\":\"RED\"}}]}";
        refused(Codecs.of(Drawing.class, new CodecOptions(false, true)), nested, "$.shapes[0].Sq", "}",
                "missing field \"side\" (int) of Square");
        // reference fields are null, Optional fields empty
        assertEquals(new Invoice(0, null, null, java.util.Optional.empty(), null, null, null), read(Codecs.of(Invoice.class), "{}"));
    }

    @Test
    void duplicateKeysAreRefused() {
        // SPEC.md 8: the second key's own path, at the first byte of the value that follows it
        refused(ORDER, "{\"id\":1,\"name\":\"a\",\"id\":2}", "$.id", "2", "duplicate key \"id\"");
        refused(ORDER, "{\"name\":\"a\",\"id\":1,\"name\":\"b\"}", "$.name", "\"b\"", "duplicate key \"name\"");
        refused(Codecs.of(new TypeRef<Map<String, Object>>() {}), "{\"a\":1,\"a\":[1]}", "$.a", "[1]", "duplicate key \"a\"");
        Type intMap = Types.parameterized(Map.class, Integer.class, String.class);
        refused(Codecs.of(intMap), "{\"1\":\"a\",\"1\":\"b\"}", "$[\"1\"]", "\"b\"", "duplicate key \"1\"");
    }

    @Test
    void fieldsInAnyOrder() {
        assertEquals(new Order(2, "b", "s", 1.5, List.of(), "t"),
                read(ORDER, "{\"ts\":\"t\",\"tags\":[],\"amount\":1.5,\"status\":\"s\",\"name\":\"b\",\"id\":2}"));
    }

    @Test
    void mapKeysMustBeCanonicalSpellingsOfTheKeyType() {
        Type intMap = Types.parameterized(Map.class, Integer.class, String.class);
        refused(Codecs.of(intMap), "{\"01\":\"a\"}", "$", "\"01\"", "key \"01\" is not the canonical spelling of an int32");
        refused(Codecs.of(intMap), "{\"x\":\"a\"}", "$", "\"x\"", "key \"x\" is not an int32");
        refused(Codecs.of(intMap), "{\"4294967296\":\"a\"}", "$", "\"4294967296\"", "is not an int32");
        Type stringMap = Types.parameterized(Map.class, String.class, String.class);
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> read(Codecs.of(stringMap), "{\"\\uD800\":\"a\"}"));
        assertTrue(e.getMessage().contains("surrogate"), e.getMessage());
    }

    @Test
    void enumAndVariantNamesComeOnlyFromTheDeclaredType() {
        Type colors = Types.parameterized(List.class, Fixtures.Color.class);
        refused(Codecs.of(colors), "[\"RED\",\"BLUE\"]", "$[1]", "\"BLUE\"",
                "unknown constant \"BLUE\" of Color (expected one of RED, GREEN, bleu)");
        refused(Codecs.of(Shape.class), "{\"Square\":{\"side\":1}}", "$", "\"Square\"",
                "unknown variant \"Square\" of Shape (expected one of Circle, Sq, Nothing)");
        refused(Codecs.of(Shape.class), "{\"Circle\":{\"r\":1.0},\"Nothing\":{}}", "$", "\"Nothing\"",
                "a variant of Shape is an object with exactly one key");
        refused(Codecs.of(Shape.class), "{}", "$", "}", "empty object where a variant of Shape belongs");
        refused(Codecs.of(Shape.class), "{\"Circle\":null}", "$.Circle", "null", "null where the value of variant Circle belongs");
    }

    @Test
    void compositeKeyMapsAlternateKeysAndValues() {
        Type pointMap = Types.parameterized(Map.class, Point.class, String.class);
        refused(Codecs.of(pointMap), "[{\"x\":1,\"y\":1}]", "$", "]", "its last key has no value");
        refused(Codecs.of(pointMap), "[{\"x\":1,\"y\":1},\"a\",{\"y\":1,\"x\":1},\"b\"]", "$[2]", "{\"y\"", "duplicate key in a map");
    }

    @Test
    void setsRefuseDuplicates() {
        Type set = Types.parameterized(java.util.Set.class, Integer.class);
        refused(Codecs.of(set), "[1,2,1]", "$[2]", "1]", "duplicate element in a set");
    }

    @Test
    void aCompactConstructorThatRefusesItsValues() {
        refused(Codecs.of(Positive.class), "{\"n\":-1}", "$", "}", "the constructor of Positive refused the values");
    }

    public static class Account {
        private int balance = -1;
        String owner = "nobody";

        public int getBalance() {
            return balance;
        }

        public void setBalance(int balance) {
            if (balance < 0) {
                throw new IllegalArgumentException("negative balance");
            }
            this.balance = balance;
        }
    }

    @Test
    void classesKeepConstructorValuesForMissingKeysAndReportSetterRefusals() {
        Account a = read(Codecs.of(Account.class), "{\"owner\":\"ann\"}");
        assertEquals(-1, a.getBalance());
        assertEquals("ann", a.owner);
        refused(Codecs.of(Account.class, new CodecOptions(false, true)), "{\"owner\":\"ann\"}", "$", "}",
                "missing field \"balance\" (int) of Account");
        refused(Codecs.of(Account.class), "{\"balance\":-5}", "$.balance", "-5",
                "the setter of Account.balance refused the value: java.lang.IllegalArgumentException: negative balance");
    }

    public record Positive(int n) {
        public Positive {
            if (n < 0) {
                throw new IllegalArgumentException("negative");
            }
        }
    }
}

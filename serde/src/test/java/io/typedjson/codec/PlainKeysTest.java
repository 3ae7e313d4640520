package io.typedjson.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Names given by {@link TypedJsonName} that start with {@code ~} in plain JSON (SPEC.md section 13.1): a key, a variant's
 * name or an enum constant is that text, written and read as it is, in every kind; in typed JSON the {@code ~} is
 * doubled as before. (The compiled kind: the processor module's ThreeKindsTest.)
 */
class PlainKeysTest {
    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();
    private static final List<CodecOptions> KINDS = List.of(CodecOptions.DEFAULT.withKind(CodecKind.GENERATED),
            CodecOptions.DEFAULT.withKind(CodecKind.REFLECTIVE));

    public enum Level { @TypedJsonName("~low") LOW, HIGH }

    public sealed interface Shape permits Dot, Square {}

    @TypedJsonName("~dot")
    public record Dot(int x) implements Shape {}

    public record Square(int side) implements Shape {}

    public record Renamed(@TypedJsonName("~id") long id, String name, Level level, Shape shape) {}

    /** A class: its fields set one by one (the generated kind's other path). */
    public static class Bean {
        @TypedJsonName("~id")
        public long id;
        public String name;
    }

    public sealed interface Note permits Memo {}

    @TypedJsonName("~memo")
    public record Memo(@TypedJsonName("~text") String text) implements Note {}

    public record Noted(@TypedJsonName("~first") String first, Note note) {}

    static final String LONE_SURROGATE =
            "string holds a lone surrogate U+D800 at index 0, which is not Unicode text and has no UTF-8 spelling";

    static final Renamed VALUE = new Renamed(7, "~n", Level.LOW, new Dot(1));
    static final String PLAIN = "{\"~id\":7,\"name\":\"~n\",\"level\":\"~low\",\"shape\":{\"~dot\":{\"x\":1}}}";
    static final String TYPED = "{\"~~id\":7,\"name\":\"~~n\",\"level\":\"~~low\",\"shape\":{\"~~dot\":{\"x\":1}}}";

    static String plain(Codec<Object> codec, Object value) {
        return new String(FORMAT.writePlain(codec, value), StandardCharsets.UTF_8);
    }

    static Object readPlain(Codec<Object> codec, String document) {
        byte[] b = document.getBytes(StandardCharsets.UTF_8);
        return FORMAT.readPlain(codec, b, 0, b.length);
    }

    @Test
    void aNameStartingWithTildeIsThatTextInPlainJsonInEveryKind() {
        for (CodecOptions kind : KINDS) {
            Codec<Object> codec = Codecs.of(Renamed.class, kind);
            assertEquals(PLAIN, plain(codec, VALUE), kind.toString());
            assertEquals(VALUE, readPlain(codec, PLAIN), kind.toString());
            // typed JSON as before
            assertEquals(TYPED, Fixtures.write(codec, VALUE), kind.toString());
            assertEquals(VALUE, Fixtures.read(codec, TYPED), kind.toString());
        }
    }

    @Test
    void inPlainJsonTheDoubledSpellingIsAnotherKey() {
        for (CodecOptions kind : KINDS) {
            Codec<Object> codec = Codecs.of(Renamed.class, kind);
            // "~~id" is the key ~~id, which no field has: skipped, and id is missing
            assertEquals(new Renamed(0, "x", null, null), readPlain(codec, "{\"~~id\":7,\"name\":\"x\"}"), kind.toString());
            // a key ~x is no format key in plain JSON: an unknown key
            assertEquals(new Renamed(3, null, null, null), readPlain(codec, "{\"~x\":[1],\"~id\":3}"), kind.toString());
            TypedJsonException e = assertThrows(TypedJsonException.class,
                    () -> readPlain(codec, "{\"shape\":{\"~~dot\":{\"x\":1}}}"));
            assertEquals("unknown variant \"~~dot\" of Shape (expected one of ~dot, Square) at $.shape (byte offset 10)",
                    e.getMessage(), kind.toString());
            e = assertThrows(TypedJsonException.class, () -> readPlain(codec, "{\"level\":\"~~low\"}"));
            assertEquals("unknown constant \"~~low\" of Level (expected one of ~low, HIGH) at $.level (byte offset 9)",
                    e.getMessage(), kind.toString());
            // unknown keys refused by option: the plain key named as it is
            Codec<Object> strict = Codecs.of(Renamed.class, new CodecOptions(true, false).withKind(kind.kind()));
            e = assertThrows(TypedJsonException.class, () -> readPlain(strict, "{\"~~id\":7}"));
            assertEquals("unknown field \"~~id\" of Renamed (typedjson.unknown.fields=fail) at $ (byte offset 1)",
                    e.getMessage(), kind.toString());
        }
    }

    @Test
    void aClassWithARenamedFieldToo() {
        for (CodecOptions kind : KINDS) {
            Codec<Object> codec = Codecs.of(Bean.class, kind);
            Bean bean = new Bean();
            bean.id = 5;
            bean.name = "b";
            assertEquals("{\"~id\":5,\"name\":\"b\"}", plain(codec, bean), kind.toString());
            assertEquals("{\"~~id\":5,\"name\":\"b\"}", Fixtures.write(codec, bean), kind.toString());
            assertEquals(5, ((Bean) readPlain(codec, "{\"name\":\"b\",\"~id\":5}")).id, kind.toString());
            assertEquals(0, ((Bean) readPlain(codec, "{\"~~id\":5}")).id, kind.toString());
        }
    }

    @Test
    void aValueThatCannotBeWrittenIsNamedAtTheKeyAsTheDocumentSpellsIt() {
        String lone = "\uD800";
        for (CodecOptions kind : KINDS) {
            Codec<Object> codec = Codecs.of(Noted.class, kind);
            for (Noted value : List.of(new Noted(lone, null), new Noted("a", new Memo(lone)))) {
                TypedJsonException typed = assertThrows(TypedJsonException.class, () -> FORMAT.write(codec, value));
                TypedJsonException plain = assertThrows(TypedJsonException.class, () -> FORMAT.writePlain(codec, value));
                String where = value.first() == lone ? "$[\"~~first\"]" : "$.note[\"~~memo\"][\"~~text\"]";
                assertEquals(LONE_SURROGATE + " at " + where, typed.getMessage(), kind.toString());
                assertEquals(LONE_SURROGATE + " at " + where.replace("~~", "~"), plain.getMessage(), kind.toString());
            }
        }
    }
}

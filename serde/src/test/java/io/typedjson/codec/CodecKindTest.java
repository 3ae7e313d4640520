package io.typedjson.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Color;
import io.typedjson.codec.Fixtures.Customer;
import io.typedjson.codec.Fixtures.Invoice;
import io.typedjson.codec.Fixtures.Node;
import io.typedjson.codec.Fixtures.Order;
import io.typedjson.codec.Fixtures.Point;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.testing.LogCapture;
import java.lang.invoke.MethodHandles;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

/**
 * Which kind of codec a class gets (issue 30): without the annotation processor (as here), a codec generated at run
 * time for records and classes, the reflective one when asked for; enums and sealed types are built by reflection
 * (no per-record reflection to remove); {@code compiled} is refused for a class no processor wrote a codec for. The
 * three kinds' documents and errors are compared in the processor module (ThreeKindsTest, ThreeKindsFuzzTest).
 */
class CodecKindTest {

    private static final CodecOptions GENERATED = CodecOptions.DEFAULT.withKind(CodecKind.GENERATED);
    private static final CodecOptions REFLECTIVE = CodecOptions.DEFAULT.withKind(CodecKind.REFLECTIVE);

    /**
     * Asserts that {@code codec} is of {@code kind} by what it is, not only by the label {@link Codecs#kindOf} reads: a
     * generated codec is a hidden class, a reflective one of a record or class is an {@link ObjectCodec}.
     */
    static void assertKind(CodecKind kind, Codec<?> codec, Class<?> of) {
        assertEquals(kind, Codecs.kindOf(codec), of.getName());
        Class<?> c = codec.getClass();
        switch (kind) {
            case GENERATED -> assertTrue(c.isHidden(), of.getName() + "'s generated codec is a hidden class, not " + c.getName());
            case REFLECTIVE -> assertSame(of.isEnum() ? EnumCodec.class : of.isSealed() ? VariantCodec.class : ObjectCodec.class,
                    c, of.getName() + "'s reflective codec");
            default -> throw new AssertionError(kind + " is not made here");
        }
    }

    @Test
    void recordsAndClassesGetACodecGeneratedAtRunTimeByDefault() {
        for (Class<?> c : List.of(Order.class, Customer.class, Invoice.class, Node.class, Point.class)) {
            assertKind(CodecKind.GENERATED, Codecs.of(c), c);
            assertKind(CodecKind.GENERATED, Codecs.of(c, GENERATED), c);
            assertKind(CodecKind.REFLECTIVE, Codecs.of(c, REFLECTIVE), c);
        }
        assertKind(CodecKind.REFLECTIVE, Codecs.of(Color.class), Color.class);
        assertKind(CodecKind.REFLECTIVE, Codecs.of(Shape.class), Shape.class);
        // the format's own codecs are of no kind
        assertNull(Codecs.kindOf(Codecs.of(String.class)));
        assertNull(Codecs.kindOf(Codecs.of(new TypeRef<List<Order>>() {})));
    }

    @Test
    void aGeneratedAndAReflectiveCodecWriteAndReadAlike() {
        Order order = new Order(7, "~tilde", "NEW", Double.NaN, List.of("a", "é"), null);
        Codec<Order> generated = Codecs.of(Order.class, GENERATED);
        Codec<Order> reflective = Codecs.of(Order.class, REFLECTIVE);
        assertKind(CodecKind.GENERATED, generated, Order.class); // two kinds compared, not one codec with two labels
        assertKind(CodecKind.REFLECTIVE, reflective, Order.class);
        String document = Fixtures.write(reflective, order);
        assertEquals("{\"id\":7,\"name\":\"~~tilde\",\"status\":\"NEW\",\"amount\":\"NaN\",\"tags\":[\"a\",\"é\"],\"ts\":null}", document);
        assertEquals(document, Fixtures.write(generated, order));
        assertEquals(order.toString(), Fixtures.read(generated, document).toString());
        Customer customer = new Customer(3, "Ada", 2, List.of(new Point(1, 2)));
        assertEquals(Fixtures.write(Codecs.of(Customer.class, REFLECTIVE), customer), Fixtures.write(Codecs.of(Customer.class), customer));
        assertEquals(customer, Fixtures.read(Codecs.of(Customer.class), "{\"visits\":2,\"name\":\"Ada\",\"id\":3,\"addresses\":[{\"x\":1,\"y\":2}]}"));
    }

    @Test
    void compiledIsRefusedForAClassNoProcessorWroteACodecFor() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Codecs.of(Order.class, CodecOptions.DEFAULT.withKind(CodecKind.COMPILED)));
        assertEquals("no codec generated at compile time for io.typedjson.codec.Fixtures$Order (typedjson.codec.kind=compiled):"
                + " mark it @TypedJson and run typedjson-processor when compiling it (docs/custom-codecs.md)", e.getMessage());
    }

    @Test
    void theOptionsKeyTheCache() {
        assertSame(Codecs.of(Order.class), Codecs.of(Order.class, new CodecOptions(false, false)));
        assertTrue(Codecs.of(Order.class, GENERATED) != Codecs.of(Order.class, REFLECTIVE));
    }

    public record Tilde(@io.typedjson.annotation.TypedJsonName("~x") int x, int y) {}

    @Test
    void keysAreMatchedAsTheWriterSpellsThemInEveryKind() {
        for (CodecOptions options : List.of(GENERATED, REFLECTIVE)) {
            Codec<Tilde> codec = Codecs.of(Tilde.class, options);
            assertEquals("{\"~~x\":1,\"y\":2}", Fixtures.write(codec, new Tilde(1, 2)));
            assertEquals(new Tilde(1, 2), Fixtures.read(codec, "{\"y\":2,\"~~x\":1}"));
            assertEquals(new Tilde(1, 2), Fixtures.read(codec, "{\"\\u007e~x\":1,\"y\":2}"));
            // "~x" is a format key, not the field's key spelled another way: one spelling both ways
            TypedJsonException e = assertThrows(TypedJsonException.class, () -> Fixtures.read(codec, "{\"~x\":1}"));
            assertEquals("format key \"~x\" where a field of Tilde belongs (a key starting with '~' is written with the"
                    + " '~' doubled) at $ (byte offset 1)", e.getMessage());
        }
    }

    public record Refused(int a, String b) {}

    /** The text of each line {@code Codecs}'s logger warned while {@code log} was open (after level and logger). */
    private static List<String> warned(LogCapture log) {
        return log.warnings(Codecs.class).stream().map(l -> l.substring(l.indexOf(" - ") + 3)).toList();
    }

    @Test
    void aGeneratedClassTheJvmRefusesIsAWarningNamingTheClassOncePerCodec() {
        // bytes the JVM refuses in place of Refused's generated class (a ClassFormatError): no class the generator
        // makes is known to be refused, so its bytes are cut short on their way to the JVM
        var before = CodecGenerator.toDefine;
        CodecGenerator.toDefine = (type, bytes) -> type == Refused.class ? java.util.Arrays.copyOf(bytes, bytes.length / 2) : bytes;
        try (LogCapture log = LogCapture.start()) {
            Codec<Refused> codec = Codecs.of(Refused.class);
            assertKind(CodecKind.REFLECTIVE, codec, Refused.class);
            assertEquals("{\"a\":1,\"b\":\"x\"}", Fixtures.write(codec, new Refused(1, "x")));
            assertSame(codec, Codecs.of(Refused.class)); // the same codec: not warned again
            String warning = "the codec of io.typedjson.codec.CodecKindTest$Refused generated at run time was refused"
                    + " by the JVM; its reflective codec is used instead (same documents, slower). Please report this"
                    + " with the class";
            assertEquals(List.of(warning), warned(log));
            // another codec of the class (other options): warned for it too
            assertKind(CodecKind.REFLECTIVE, Codecs.of(Refused.class, new CodecOptions(true, false)), Refused.class);
            assertEquals(List.of(warning, warning), warned(log));
            // asked for by name, the kind is refused instead
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Codecs.of(Refused.class, GENERATED));
            assertTrue(e.getMessage().startsWith("cannot generate the codec of io.typedjson.codec.CodecKindTest$Refused at"
                    + " run time (typedjson.codec.kind=generated): java.lang.ClassFormatError"), e.getMessage());
            assertEquals(2, warned(log).size());
        } finally {
            CodecGenerator.toDefine = before;
        }
    }

    @io.typedjson.annotation.TypedJson
    public record Marked(int a) {}

    @Test
    void aTypedJsonClassWithoutACompiledCodecIsAWarningOncePerCodec() {
        try (LogCapture log = LogCapture.start()) {
            Codec<Marked> codec = Codecs.of(Marked.class);
            assertKind(CodecKind.GENERATED, codec, Marked.class);
            assertSame(codec, Codecs.of(Marked.class));
            String warning = "io.typedjson.codec.CodecKindTest$Marked is marked @TypedJson but no codec generated at"
                    + " compile time was found: is typedjson-processor among the compiler's annotation processors, and,"
                    + " in a named module, its registry in a 'provides io.typedjson.codec.CompiledCodecs with ...'"
                    + " directive? Its codec is made at run time";
            assertEquals(List.of(warning), warned(log));
            Codecs.of(Marked.class, new CodecOptions(true, false));
            assertEquals(List.of(warning, warning), warned(log));
            // a kind asked for by name looks for no compiled codec: nothing to warn of
            assertKind(CodecKind.REFLECTIVE, Codecs.of(Marked.class, REFLECTIVE), Marked.class);
            assertKind(CodecKind.GENERATED, Codecs.of(Marked.class, GENERATED), Marked.class);
            assertEquals(2, warned(log).size());
        }
    }

    @Test
    void thePropertyChoosesTheKind() {
        assertEquals(CodecKind.AUTO, new TypedJsonConfig(Map.of()).codecOptions().kind());
        assertEquals(CodecKind.REFLECTIVE, new TypedJsonConfig(Map.of(TypedJsonConfig.CODEC_KIND, "reflective")).codecOptions().kind());
        assertEquals(CodecKind.COMPILED, new TypedJsonConfig(Map.of(TypedJsonConfig.CODEC_KIND, "compiled")).codecOptions().kind());
        ConfigException bad = assertThrows(ConfigException.class,
                () -> new TypedJsonConfig(Map.of(TypedJsonConfig.CODEC_KIND, "fast")));
        assertTrue(bad.getMessage().contains(TypedJsonConfig.CODEC_KIND), bad.getMessage());
        // through configure: a class without a compiled codec is refused, naming the property's value
        ConfigException refused = assertThrows(ConfigException.class, () -> new TypedJsonDeserializer<>().configure(Map.of(
                TypedJsonConfig.VALUE_TYPE, Order.class.getName(), TypedJsonConfig.CODEC_KIND, "compiled"), false));
        assertTrue(refused.getMessage().contains("typedjson.codec.kind=compiled"), refused.getMessage());
    }

    @Test
    void aLookupHandedOverMustHaveFullPrivilege() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Codecs.allowAccess(MethodHandles.publicLookup()));
        assertTrue(e.getMessage().startsWith("a lookup with full privilege access is needed"), e.getMessage());
        Codecs.allowAccess(MethodHandles.lookup()); // this module: accepted
    }
}

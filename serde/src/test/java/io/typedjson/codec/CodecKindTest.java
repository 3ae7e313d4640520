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

    /** 254 parameter slots (a long takes two), the JVM's most for a constructor and more than a method handle takes. */
    public record Slots254(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8,
                             long a9, long a10, long a11, long a12, long a13, long a14, long a15, long a16, long a17,
                             long a18, long a19, long a20, long a21, long a22, long a23, long a24, long a25, long a26,
                             long a27, long a28, long a29, long a30, long a31, long a32, long a33, long a34, long a35,
                             long a36, long a37, long a38, long a39, long a40, long a41, long a42, long a43, long a44,
                             long a45, long a46, long a47, long a48, long a49, long a50, long a51, long a52, long a53,
                             long a54, long a55, long a56, long a57, long a58, long a59, long a60, long a61, long a62,
                             long a63, long a64, long a65, long a66, long a67, long a68, long a69, long a70, long a71,
                             long a72, long a73, long a74, long a75, long a76, long a77, long a78, long a79, long a80,
                             long a81, long a82, long a83, long a84, long a85, long a86, long a87, long a88, long a89,
                             long a90, long a91, long a92, long a93, long a94, long a95, long a96, long a97, long a98,
                             long a99, long a100, long a101, long a102, long a103, long a104, long a105, long a106, long a107,
                             long a108, long a109, long a110, long a111, long a112, long a113, long a114, long a115, long a116,
                             long a117, long a118, long a119, long a120, long a121, long a122, long a123, long a124, long a125,
                             long a126) {}

    @Test
    void aRecordOf254ParameterSlotsIsReadAndWrittenAlikeByBothKinds() throws Exception {
        Object[] args = new Object[127];
        StringBuilder expected = new StringBuilder("{");
        for (int i = 0; i < 127; i++) {
            args[i] = (long) i * i - 1000;
            expected.append(i == 0 ? "" : ",").append("\"a").append(i).append("\":").append(args[i]);
        }
        Class<?>[] types = new Class<?>[127];
        java.util.Arrays.fill(types, long.class);
        Slots254 value = Slots254.class.getDeclaredConstructor(types).newInstance(args);
        Codec<Slots254> generated = Codecs.of(Slots254.class, GENERATED);
        Codec<Slots254> reflective = Codecs.of(Slots254.class, REFLECTIVE);
        assertKind(CodecKind.GENERATED, generated, Slots254.class);
        assertKind(CodecKind.REFLECTIVE, reflective, Slots254.class);
        String document = expected.append('}').toString();
        assertEquals(document, Fixtures.write(generated, value));
        assertEquals(document, Fixtures.write(reflective, value));
        assertEquals(value, Fixtures.read(generated, document));
        assertEquals(value, Fixtures.read(reflective, document));
        assertEquals(0, Fixtures.read(generated, "{\"a1\":7}").a0()); // a missing key: 0, as in every record
        assertEquals(7, Fixtures.read(reflective, "{\"a1\":7}").a1());
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

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

    @Test
    void recordsAndClassesGetACodecGeneratedAtRunTimeByDefault() {
        for (Class<?> c : List.of(Order.class, Customer.class, Invoice.class, Node.class, Point.class)) {
            assertEquals(CodecKind.GENERATED, Codecs.kindOf(Codecs.of(c)), c.getName());
            assertEquals(CodecKind.GENERATED, Codecs.kindOf(Codecs.of(c, GENERATED)), c.getName());
            assertEquals(CodecKind.REFLECTIVE, Codecs.kindOf(Codecs.of(c, REFLECTIVE)), c.getName());
        }
        assertEquals(CodecKind.REFLECTIVE, Codecs.kindOf(Codecs.of(Color.class)));
        assertEquals(CodecKind.REFLECTIVE, Codecs.kindOf(Codecs.of(Shape.class)));
        // the format's own codecs are of no kind
        assertNull(Codecs.kindOf(Codecs.of(String.class)));
        assertNull(Codecs.kindOf(Codecs.of(new TypeRef<List<Order>>() {})));
    }

    @Test
    void aGeneratedAndAReflectiveCodecWriteAndReadAlike() {
        Order order = new Order(7, "~tilde", "NEW", Double.NaN, List.of("a", "é"), null);
        Codec<Order> generated = Codecs.of(Order.class, GENERATED);
        Codec<Order> reflective = Codecs.of(Order.class, REFLECTIVE);
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

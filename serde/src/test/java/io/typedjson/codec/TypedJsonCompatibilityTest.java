package io.typedjson.codec;

import static io.typedjson.codec.TypedJsonCompatibility.Direction.BACKWARD;
import static io.typedjson.codec.TypedJsonCompatibility.Direction.BOTH;
import static io.typedjson.codec.TypedJsonCompatibility.Direction.FORWARD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.codec.TypedJsonCompatibility.Direction;
import io.typedjson.codec.TypedJsonCompatibility.Kind;
import io.typedjson.codec.TypedJsonCompatibility.Problem;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every kind of change the check names, compatible and not, each cross-checked by writing a value with one class
 * and reading the document with the other: what the check accepts reads back, what it refuses is refused (or read
 * differently) at the path it names.
 */
class TypedJsonCompatibilityTest {

    private static final CodecOptions STRICT_UNKNOWN = new CodecOptions(true, false);
    private static final CodecOptions STRICT_MISSING = new CodecOptions(false, true);

    // ---- the versions -------------------------------------------------------------------------------------------

    public record OrderV1(long id, String name) {}

    public record OrderV2(long id, String name, String note) {}

    public record OrderV3(long id, String name, int priority) {}

    public record OrderText(String id, String name) {}

    public record CountInt(int count) {}

    public record CountLong(long count) {}

    public record CountBig(java.math.BigInteger count) {}

    public record MaybeCount(Integer count) {}

    public record OptionalNote(long id, String name, Optional<String> note) {}

    public enum ColorV1 { RED, GREEN, BLUE }

    public enum ColorV2 { RED, GREEN }

    public enum ColorRenamed { RED, GREEN, @TypedJsonName("BLUE") AZURE }

    public record Paint(ColorV1 color) {}

    public record PaintV2(ColorV2 color) {}

    public record PaintRenamed(ColorRenamed color) {}

    public record PaintText(String color) {}

    public sealed interface ShapeV1 permits CircleV1, SquareV1 {}

    public record CircleV1(double r) implements ShapeV1, ShapeV2, ShapeV3, ShapeV5 {}

    public record SquareV1(int side) implements ShapeV1, ShapeV4 {}

    public sealed interface ShapeV2 permits CircleV1, Box {}

    /** SquareV1 renamed: documents say "Box" now. */
    public record Box(int side) implements ShapeV2 {}

    public sealed interface ShapeV3 permits CircleV1, Quad {}

    /** SquareV1 renamed as a class, its name kept on the wire. */
    @TypedJsonName("SquareV1")
    public record Quad(int side) implements ShapeV3 {}

    public sealed interface ShapeV4 permits CircleF, SquareV1 {}

    @TypedJsonName("CircleV1")
    public record CircleF(float r) implements ShapeV4 {}

    /** SquareV1 removed. */
    public sealed interface ShapeV5 permits CircleV1 {}

    public record Drawing(ShapeV1 shape) {}

    public record DrawingV5(ShapeV5 shape) {}

    public record IntKeys(Map<Integer, String> m) {}

    public record LongKeys(Map<Long, String> m) {}

    public record DrawingV2(ShapeV2 shape) {}

    public record DrawingV3(ShapeV3 shape) {}

    public record DrawingV4(ShapeV4 shape) {}

    public record Tags(List<String> tags) {}

    public record TagSet(Set<String> tags) {}

    public record Ints(int[] xs) {}

    public record IntList(List<Integer> xs) {}

    public record Bytes(byte[] data) {}

    public record Buffer(ByteBuffer data) {}

    public record Loose(Object value) {}

    public record Strict(long value) {}

    public record Item(String sku, long price) {}

    public record ItemDecimal(String sku, java.math.BigDecimal price) {}

    public record Cart(List<Item> items, Map<String, Integer> counts) {}

    public record CartV2(List<ItemDecimal> items, SortedMap<String, String> counts) {}

    public record Point(int x, int y) {}

    public record ByName(Map<String, String> m) {}

    public record ByPoint(Map<Point, String> m) {}

    public record Node(int value, List<Node> children) {}

    public record NodeV2(long value, List<NodeV2> children) {}

    public record Customer(@TypedJsonName("customer_name") String customer) {}

    /** The same document as Customer, from a class with a no-argument constructor. */
    public static class CustomerBean {
        public String customer_name;

        @Override
        public boolean equals(Object o) {
            return o instanceof CustomerBean && java.util.Objects.equals(customer_name, ((CustomerBean) o).customer_name);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(customer_name);
        }
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    /** Writes {@code value} as a {@code writer} and reads the document as a {@code reader} under {@code options}. */
    private static Object cross(Type writer, Type reader, Object value, CodecOptions options) {
        byte[] document = TypedJsonFormat.defaults().write(Codecs.of(writer), value);
        return TypedJsonFormat.defaults().read(Codecs.of(reader, options), document);
    }

    private static Object cross(Type writer, Type reader, Object value) {
        return cross(writer, reader, value, CodecOptions.DEFAULT);
    }

    private static TypedJsonException refused(Type writer, Type reader, Object value, CodecOptions options, String path) {
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> cross(writer, reader, value, options));
        assertEquals(path, e.path(), e.getMessage());
        return e;
    }

    private static List<String> summary(List<Problem> problems) {
        List<String> out = new ArrayList<>();
        for (Problem p : problems) {
            out.add(p.reading() + " " + p.path() + " " + p.kind());
        }
        return out;
    }

    private static List<String> check(Type oldType, Type newType, CodecOptions options) {
        return summary(TypedJsonCompatibility.check(oldType, newType, BOTH, options));
    }

    private static List<String> check(Type oldType, Type newType) {
        return check(oldType, newType, CodecOptions.DEFAULT);
    }

    // ---- fields added and removed -------------------------------------------------------------------------------

    @Test
    void anAddedReferenceFieldIsCompatibleUnlessUnknownFieldsFail() {
        assertEquals(List.of(), check(OrderV1.class, OrderV2.class));
        assertEquals(new OrderV2(1, "a", null), cross(OrderV1.class, OrderV2.class, new OrderV1(1, "a")));
        assertEquals(new OrderV1(1, "a"), cross(OrderV2.class, OrderV1.class, new OrderV2(1, "a", "n")));

        // old readers that refuse unknown keys cannot read the new producer's documents
        assertEquals(List.of("FORWARD $.note UNKNOWN_FIELD"), check(OrderV1.class, OrderV2.class, STRICT_UNKNOWN));
        // the reader's error points at the object holding the key, and names it
        assertTrue(refused(OrderV2.class, OrderV1.class, new OrderV2(1, "a", "n"), STRICT_UNKNOWN, "$").getMessage().contains("\"note\""));
        // a removed field is the same change seen the other way
        assertEquals(List.of("BACKWARD $.note UNKNOWN_FIELD"), check(OrderV2.class, OrderV1.class, STRICT_UNKNOWN));
        assertEquals(List.of(), summary(TypedJsonCompatibility.check(OrderV1.class, OrderV2.class, BACKWARD, STRICT_UNKNOWN)));
    }

    @Test
    void anAddedPrimitiveIsCompatibleUnlessMissingPrimitivesFail() {
        assertEquals(List.of(), check(OrderV1.class, OrderV3.class));
        assertEquals(new OrderV3(1, "a", 0), cross(OrderV1.class, OrderV3.class, new OrderV1(1, "a")));

        assertEquals(List.of("BACKWARD $.priority MISSING_PRIMITIVE"), check(OrderV1.class, OrderV3.class, STRICT_MISSING));
        assertTrue(refused(OrderV1.class, OrderV3.class, new OrderV1(1, "a"), STRICT_MISSING, "$").getMessage().contains("\"priority\""));
        // old readers skip the new key: a producer may go first
        assertEquals(List.of(), summary(TypedJsonCompatibility.check(OrderV1.class, OrderV3.class, FORWARD, STRICT_MISSING)));
        assertEquals(new OrderV1(1, "a"), cross(OrderV3.class, OrderV1.class, new OrderV3(1, "a", 5), STRICT_MISSING));
    }

    @Test
    void aRenamedClassWithTheSameKeysIsCompatibleAndTypedJsonNameCounts() {
        assertEquals(List.of(), check(Customer.class, CustomerBean.class, new CodecOptions(true, true)));
        CustomerBean bean = new CustomerBean();
        bean.customer_name = "Ada";
        assertEquals(bean, cross(Customer.class, CustomerBean.class, new Customer("Ada"), new CodecOptions(true, true)));
        assertEquals(new Customer("Ada"), cross(CustomerBean.class, Customer.class, bean, new CodecOptions(true, true)));
    }

    // ---- types of values ----------------------------------------------------------------------------------------

    @Test
    void aChangedFieldTypeIsReportedBothWays() {
        assertEquals(List.of("BACKWARD $.id TYPE_CHANGED", "FORWARD $.id TYPE_CHANGED"), check(OrderV1.class, OrderText.class));
        refused(OrderV1.class, OrderText.class, new OrderV1(1, "a"), CodecOptions.DEFAULT, "$.id");
        refused(OrderText.class, OrderV1.class, new OrderText("1", "a"), CodecOptions.DEFAULT, "$.id");
    }

    @Test
    void integralWideningReadsBackNarrowingIsReported() {
        assertEquals(List.of("FORWARD $.count NUMBER_NARROWED"), check(CountInt.class, CountLong.class));
        assertEquals(new CountLong(Integer.MIN_VALUE), cross(CountInt.class, CountLong.class, new CountInt(Integer.MIN_VALUE)));
        refused(CountLong.class, CountInt.class, new CountLong(1L << 40), CodecOptions.DEFAULT, "$.count");
        // a BigInteger may also be null where the long cannot: the narrowing is reported at that path, the null is not repeated
        assertEquals(List.of("FORWARD $.count NUMBER_NARROWED"), check(CountLong.class, CountBig.class));
        assertEquals(new CountBig(java.math.BigInteger.valueOf(Long.MAX_VALUE)),
                cross(CountLong.class, CountBig.class, new CountLong(Long.MAX_VALUE)));
        refused(CountBig.class, CountLong.class, new CountBig(java.math.BigInteger.TWO.pow(70)), CodecOptions.DEFAULT, "$.count");
    }

    @Test
    void aNullableValueWhereTheReaderHasAPrimitive() {
        assertEquals(List.of("FORWARD $.count NULL_INTO_PRIMITIVE"), check(CountInt.class, MaybeCount.class));
        assertEquals(new MaybeCount(7), cross(CountInt.class, MaybeCount.class, new CountInt(7)));
        refused(MaybeCount.class, CountInt.class, new MaybeCount(null), CodecOptions.DEFAULT, "$.count");
        assertEquals(List.of("BACKWARD $.xs[*] NULL_INTO_PRIMITIVE"), check(IntList.class, Ints.class));
        List<Integer> withNull = new ArrayList<>(List.of(1));
        withNull.add(null);
        refused(IntList.class, Ints.class, new IntList(withNull), CodecOptions.DEFAULT, "$.xs[1]");
        assertEquals(new IntList(List.of(1, 2)), cross(Ints.class, IntList.class, new Ints(new int[] {1, 2})));
    }

    @Test
    void optionalAndItsValueReadEachOther() {
        assertEquals(List.of(), check(OrderV2.class, OptionalNote.class));
        assertEquals(new OptionalNote(1, "a", Optional.empty()), cross(OrderV2.class, OptionalNote.class, new OrderV2(1, "a", null)));
        assertEquals(new OrderV2(1, "a", "n"), cross(OptionalNote.class, OrderV2.class, new OptionalNote(1, "a", Optional.of("n"))));
    }

    @Test
    void bytesAndByteBufferAreOneSpelling() {
        assertEquals(List.of(), check(Bytes.class, Buffer.class));
        Buffer b = (Buffer) cross(Bytes.class, Buffer.class, new Bytes(new byte[] {1, 2, 3}));
        assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3}), b.data());
        assertEquals(List.of(1, 2), List.of(((Bytes) cross(Buffer.class, Bytes.class, new Buffer(ByteBuffer.wrap(new byte[] {1, 2})))).data()[0] + 0,
                ((Bytes) cross(Buffer.class, Bytes.class, new Buffer(ByteBuffer.wrap(new byte[] {1, 2})))).data()[1] + 0));
    }

    @Test
    void aFieldThatBecomesObjectIsReported() {
        // a long read through the dynamic model would not come back as a Long in every case: reported, conservatively
        assertEquals(List.of("BACKWARD $.value TYPE_CHANGED", "FORWARD $.value TYPE_CHANGED"), check(Strict.class, Loose.class));
        refused(Loose.class, Strict.class, new Loose("text"), CodecOptions.DEFAULT, "$.value");
    }

    // ---- enums and sealed types ---------------------------------------------------------------------------------

    @Test
    void aRemovedEnumConstantIsReportedForTheNewReaderAnAddedOneForTheOld() {
        assertEquals(List.of("BACKWARD $.color ENUM_CONSTANT_MISSING"), check(Paint.class, PaintV2.class));
        TypedJsonException e = refused(Paint.class, PaintV2.class, new Paint(ColorV1.BLUE), CodecOptions.DEFAULT, "$.color");
        assertTrue(e.getMessage().contains("BLUE"), e.getMessage());
        assertEquals(new PaintV2(ColorV2.GREEN), cross(Paint.class, PaintV2.class, new Paint(ColorV1.GREEN)));
        assertEquals(List.of("FORWARD $.color ENUM_CONSTANT_MISSING"), check(PaintV2.class, Paint.class));
        // renaming a constant in Java while keeping its name on the wire is compatible
        assertEquals(List.of(), check(Paint.class, PaintRenamed.class));
        assertEquals(new PaintRenamed(ColorRenamed.AZURE), cross(Paint.class, PaintRenamed.class, new Paint(ColorV1.BLUE)));
    }

    @Test
    void anEnumReadAsAStringButNotTheOtherWay() {
        assertEquals(List.of("FORWARD $.color TYPE_CHANGED"), check(Paint.class, PaintText.class));
        assertEquals(new PaintText("BLUE"), cross(Paint.class, PaintText.class, new Paint(ColorV1.BLUE)));
        refused(PaintText.class, Paint.class, new PaintText("PINK"), CodecOptions.DEFAULT, "$.color");
    }

    @Test
    void aRenamedVariantIsMissingBothWays() {
        assertEquals(List.of("BACKWARD $.shape VARIANT_MISSING", "FORWARD $.shape VARIANT_MISSING"),
                check(Drawing.class, DrawingV2.class));
        refused(Drawing.class, DrawingV2.class, new Drawing(new SquareV1(2)), CodecOptions.DEFAULT, "$.shape");
        refused(DrawingV2.class, Drawing.class, new DrawingV2(new Box(2)), CodecOptions.DEFAULT, "$.shape");
        // the other variant still reads both ways
        assertEquals(new DrawingV2(new CircleV1(1.5)), cross(Drawing.class, DrawingV2.class, new Drawing(new CircleV1(1.5))));
        // a class renamed with its wire name kept is compatible
        assertEquals(List.of(), check(Drawing.class, DrawingV3.class));
        assertEquals(new DrawingV3(new Quad(2)), cross(Drawing.class, DrawingV3.class, new Drawing(new SquareV1(2))));
    }

    @Test
    void aRemovedVariantIsMissingForNewReadersAnAddedOneForOldReaders() {
        assertEquals(List.of("BACKWARD $.shape VARIANT_MISSING"), check(Drawing.class, DrawingV5.class));
        assertEquals(List.of("FORWARD $.shape VARIANT_MISSING"), check(DrawingV5.class, Drawing.class));
        refused(Drawing.class, DrawingV5.class, new Drawing(new SquareV1(1)), CodecOptions.DEFAULT, "$.shape");
        assertEquals(new Drawing(new CircleV1(2.0)), cross(DrawingV5.class, Drawing.class, new DrawingV5(new CircleV1(2.0))));
    }

    @Test
    void aChangeInsideAVariantHasTheVariantInItsPath() {
        assertEquals(List.of("BACKWARD $.shape.CircleV1.r TYPE_CHANGED", "FORWARD $.shape.CircleV1.r TYPE_CHANGED"),
                check(Drawing.class, DrawingV4.class));
        // a double beyond float's range is refused by the float reader where the check said; a smaller one is rounded
        refused(Drawing.class, DrawingV4.class, new Drawing(new CircleV1(1e300)), CodecOptions.DEFAULT, "$.shape.CircleV1.r");
        // (refused too if the float reader is strict about exactness; never read back as the value written)
        try {
            CircleF rounded = (CircleF) ((DrawingV4) cross(Drawing.class, DrawingV4.class, new Drawing(new CircleV1(0.1)))).shape();
            assertTrue((double) rounded.r() != 0.1, "not the value written");
        } catch (TypedJsonException e) {
            assertEquals("$.shape.CircleV1.r", e.path(), e.getMessage());
        }
    }

    // ---- containers ---------------------------------------------------------------------------------------------

    @Test
    void aListThatBecomesASetRefusesRepeatedElements() {
        assertEquals(List.of("BACKWARD $.tags DUPLICATES_REFUSED"), check(Tags.class, TagSet.class));
        refused(Tags.class, TagSet.class, new Tags(List.of("a", "a")), CodecOptions.DEFAULT, "$.tags[1]");
        assertEquals(new Tags(List.of("a")), cross(TagSet.class, Tags.class, new TagSet(Set.of("a"))));
    }

    @Test
    void nestedChangesInListsAndMapsNameTheirPath() {
        assertEquals(List.of("BACKWARD $.counts.* TYPE_CHANGED", "FORWARD $.items[*].price TYPE_CHANGED",
                        "FORWARD $.counts.* TYPE_CHANGED"),
                check(Cart.class, CartV2.class));
        refused(Cart.class, CartV2.class, new Cart(List.of(), Map.of("k", 1)), CodecOptions.DEFAULT, "$.counts.k");
        refused(CartV2.class, Cart.class, new CartV2(List.of(new ItemDecimal("x", new java.math.BigDecimal("5.25"))),
                new TreeMap<>()), CodecOptions.DEFAULT, "$.items[0].price");
        // an integer reads as an exact BigDecimal: a price may move from long to BigDecimal for new readers
        assertEquals(new CartV2(List.of(new ItemDecimal("x", new java.math.BigDecimal(5))), new TreeMap<>()),
                cross(Cart.class, CartV2.class, new Cart(List.of(new Item("x", 5)), Map.of())));
        // Map and SortedMap read each other
        record Counts(Map<String, Integer> counts) {}
        record SortedCounts(SortedMap<String, Integer> counts) {}
        assertEquals(List.of(), check(Counts.class, SortedCounts.class));
        assertEquals(new SortedCounts(new TreeMap<>(Map.of("b", 2, "a", 1))),
                cross(Counts.class, SortedCounts.class, new Counts(Map.of("a", 1, "b", 2))));
    }

    @Test
    void mapKeysAreCheckedLikeValues() {
        assertEquals(List.of("FORWARD $.m (key) NUMBER_NARROWED"), check(IntKeys.class, LongKeys.class));
        assertEquals(new LongKeys(Map.of(-1L, "a")), cross(IntKeys.class, LongKeys.class, new IntKeys(Map.of(-1, "a"))));
        refused(LongKeys.class, IntKeys.class, new LongKeys(Map.of(1L << 40, "a")), CodecOptions.DEFAULT, "$.m");
    }

    @Test
    void mapKeysSpelledAsObjectKeysAndAsPairsDoNotMix() {
        assertEquals(List.of("BACKWARD $.m TYPE_CHANGED", "FORWARD $.m TYPE_CHANGED"), check(ByName.class, ByPoint.class));
        refused(ByName.class, ByPoint.class, new ByName(Map.of("a", "b")), CodecOptions.DEFAULT, "$.m");
    }

    @Test
    void recursiveTypesTerminate() {
        assertEquals(List.of("FORWARD $.value NUMBER_NARROWED"), check(Node.class, NodeV2.class));
        assertEquals(new NodeV2(1, List.of(new NodeV2(2, List.of()))),
                cross(Node.class, NodeV2.class, new Node(1, List.of(new Node(2, List.of())))));
    }

    // ---- the assertion ------------------------------------------------------------------------------------------

    @Test
    void assertCompatibleThrowsAssertionErrorListingEveryProblem() {
        TypedJsonCompatibility.assertCompatible(OrderV1.class, OrderV2.class, BOTH);
        TypedJsonCompatibility.assertCompatible(OrderV1.class, OrderV3.class, FORWARD, STRICT_MISSING);
        AssertionError e = assertThrows(AssertionError.class,
                () -> TypedJsonCompatibility.assertCompatible(Cart.class, CartV2.class, Direction.BACKWARD));
        String m = e.getMessage();
        assertTrue(m.contains("is not BACKWARD compatible") && m.contains("1 problem"), m);
        assertTrue(m.contains("\n  $.counts.*: TYPE_CHANGED: the writer's Integer is not readable as the reader's String"
                + " (new reader, old document)"), m);
        e = assertThrows(AssertionError.class, () -> TypedJsonCompatibility.assertCompatible(Cart.class, CartV2.class, BOTH));
        assertTrue(e.getMessage().contains("3 problems"), e.getMessage());
        assertThrows(AssertionError.class, () -> TypedJsonCompatibility.assertCompatible(Paint.class, PaintV2.class, BOTH));
    }

    @Test
    void aTypeThatCannotBeCarriedIsAnIllegalArgument() {
        record WithThread(Thread t) {}
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TypedJsonCompatibility.check(OrderV1.class, WithThread.class, BOTH));
        assertTrue(e.getMessage().contains("WithThread.t"), e.getMessage());
    }
}

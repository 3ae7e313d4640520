package io.typedjson.codec;

import static io.typedjson.codec.Fixtures.read;
import static io.typedjson.codec.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.codec.Fixtures.Circle;
import io.typedjson.codec.Fixtures.Color;
import io.typedjson.codec.Fixtures.Customer;
import io.typedjson.codec.Fixtures.Drawing;
import io.typedjson.codec.Fixtures.Invoice;
import io.typedjson.codec.Fixtures.Item;
import io.typedjson.codec.Fixtures.Node;
import io.typedjson.codec.Fixtures.Nothing;
import io.typedjson.codec.Fixtures.Order;
import io.typedjson.codec.Fixtures.Point;
import io.typedjson.codec.Fixtures.Sized;
import io.typedjson.codec.Fixtures.Square;
import io.typedjson.codec.Fixtures.Tagged;
import io.typedjson.format.Codec;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The exact documents of representative classes: this is the specification of the class spellings. */
class ClassDocumentTest {

    private static <T> void spec(Codec<T> codec, T value, String document) {
        assertEquals(document, write(codec, value));
        assertEquals(value, read(codec, document));
        assertEquals(document, write(codec, read(codec, document)));
    }

    @Test
    void recordOnTheOrdersShape() {
        spec(Codecs.of(Order.class),
                new Order(9007199254740993L, "Ada", "~new", 12.5, List.of("a", "b"), "2024-01-01T00:00:00Z"),
                "{\"id\":9007199254740993,\"name\":\"Ada\",\"status\":\"~~new\",\"amount\":12.5,\"tags\":[\"a\",\"b\"],"
                        + "\"ts\":\"2024-01-01T00:00:00Z\"}");
    }

    @Test
    void primitivesNeedNoTags() {
        spec(Codecs.of(Sized.class), new Sized((short) -300, (byte) 7, -1L, 42, 1.5f, '~', true),
                "{\"s\":-300,\"b\":7,\"l\":-1,\"i\":42,\"f\":1.5,\"c\":\"~~\",\"flag\":true}");
    }

    @Test
    void renamedFieldsOptionalNestedRecordsStringMapAndVariant() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("~x", 1);
        counts.put("y", 2);
        spec(Codecs.of(Invoice.class),
                new Invoice(7, "Bob", Instant.parse("2024-01-01T00:00:00.000000001Z"), Optional.empty(),
                        List.of(new Item("A-1", 2, new BigDecimal("1.10"))), counts, new Circle(0.5)),
                "{\"id\":7,\"customer_name\":\"Bob\",\"created\":\"2024-01-01T00:00:00.000000001Z\",\"due\":null,"
                        + "\"items\":[{\"sku\":\"A-1\",\"qty\":2,\"price\":1.10}],\"counts\":{\"~~x\":1,\"y\":2},"
                        + "\"stamp\":{\"Circle\":{\"r\":0.5}}}");
        spec(Codecs.of(Invoice.class),
                new Invoice(8, null, null, Optional.of(LocalDate.of(2024, 2, 29)), List.of(), Map.of(), null),
                "{\"id\":8,\"customer_name\":null,\"created\":null,\"due\":\"2024-02-29\",\"items\":[],\"counts\":{},"
                        + "\"stamp\":null}");
    }

    @Test
    void sealedVariantsByShortNameAndMapsWithCompositeKeys() {
        Map<Point, Color> marks = new LinkedHashMap<>();
        marks.put(new Point(1, 2), Color.BLUE);
        marks.put(new Point(3, 4), Color.RED);
        spec(Codecs.of(Drawing.class),
                new Drawing("d", List.of(new Circle(1.5), new Square(2, Color.GREEN), new Nothing()),
                        Optional.of(new Square(9, null)), marks),
                "{\"title\":\"d\",\"shapes\":[{\"Circle\":{\"r\":1.5}},{\"Sq\":{\"side\":2,\"color\":\"GREEN\"}},"
                        + "{\"Nothing\":{}}],\"background\":{\"Sq\":{\"side\":9,\"color\":null}},"
                        + "\"marks\":[{\"x\":1,\"y\":2},\"bleu\",{\"x\":3,\"y\":4},\"RED\"]}");
    }

    public sealed interface Op permits Builtin, Call {}

    public enum Builtin implements Op { ADD { }, NEG }

    public record Call(String name, List<Op> args) implements Op {}

    @Test
    void anEnumAsAVariant() {
        spec(Codecs.of(Op.class), new Call("f", List.of(Builtin.ADD, Builtin.NEG, new Call("g", List.of()))),
                "{\"Call\":{\"name\":\"f\",\"args\":[{\"Builtin\":\"ADD\"},{\"Builtin\":\"NEG\"},"
                        + "{\"Call\":{\"name\":\"g\",\"args\":[]}}]}}");
    }

    public sealed interface Result<T> permits Ok, Err {}

    public record Ok<T>(T value) implements Result<T> {}

    public record Err<T>(String message) implements Result<T> {}

    @Test
    void aGenericSealedTypeBindsItsVariantsTypeArguments() {
        spec(Codecs.of(new TypeRef<List<Result<Point>>>() {}), List.of(new Ok<>(new Point(1, 2)), new Err<>("no")),
                "[{\"Ok\":{\"value\":{\"x\":1,\"y\":2}}},{\"Err\":{\"message\":\"no\"}}]");
    }

    @Test
    void selfReferencingRecord() {
        spec(Codecs.of(Node.class), new Node(1, List.of(new Node(2, List.of()), new Node(3, null))),
                "{\"value\":1,\"children\":[{\"value\":2,\"children\":[]},{\"value\":3,\"children\":null}]}");
    }

    @Test
    void pojoWithBeanAccessorsAndFields() {
        spec(Codecs.of(Customer.class), new Customer(5, "Eve", 3, List.of(new Point(0, -1))),
                "{\"id\":5,\"name\":\"Eve\",\"visits\":3,\"addresses\":[{\"x\":0,\"y\":-1}]}");
    }

    @Test
    void pojoInheritsFieldsAndBindsTypeVariables() {
        Tagged t = new Tagged();
        t.payload = new Point(1, 1);
        t.label = "L";
        t.number = 4;
        Codec<Tagged> codec = Codecs.of(Tagged.class);
        String doc = "{\"payload\":{\"x\":1,\"y\":1},\"label\":\"L\",\"n\":4}";
        assertEquals(doc, write(codec, t));
        Tagged back = read(codec, doc);
        assertEquals(new Point(1, 1), back.payload);
        assertEquals(4, back.number);
        assertEquals(doc, write(codec, back));
    }

    @Test
    void genericRecordsThroughTypeRefs() {
        spec(Codecs.of(new TypeRef<List<Fixtures.Box<Map<Integer, Color>>>>() {}),
                List.of(new Fixtures.Box<>(Map.of(1, Color.BLUE))), "[{\"value\":{\"1\":\"bleu\"}}]");
    }
}

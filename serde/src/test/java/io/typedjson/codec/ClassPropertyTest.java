package io.typedjson.codec;

import static io.typedjson.codec.Fixtures.read;
import static io.typedjson.codec.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.codec.Fixtures.Circle;
import io.typedjson.codec.Fixtures.Color;
import io.typedjson.codec.Fixtures.Nothing;
import io.typedjson.codec.Fixtures.Point;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.codec.Fixtures.Square;
import io.typedjson.format.Codec;
import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Both contracts over generated records that hold every kind of field: value round trip and document round trip. */
class ClassPropertyTest {

    public record Wide(boolean bo, byte b, short s, int i, long l, float f, double d, char c, String str, Integer boxed,
                       BigDecimal dec, BigInteger big, Instant t, LocalDate day, UUID id, Color color, Optional<String> opt,
                       List<Long> longs, Set<String> names, Map<Integer, Double> byInt, Map<Point, String> byPoint,
                       List<Shape> shapes, Object any) {}

    private static final Codec<Wide> CODEC = Codecs.of(Wide.class);

    @Test
    void valueAndDocumentRoundTrips() {
        Check.forAll(2_000, wide(), ClassPropertyTest::describe, w -> {
            String doc = write(CODEC, w);
            Wide back = read(CODEC, doc);
            assertEquals(w, back, doc);
            assertEquals(doc, write(CODEC, back));
        });
    }

    /** Any order of the keys reads the same value. */
    @Test
    void keyOrderDoesNotMatter() {
        Check.forAll(1_000, wide(), ClassPropertyTest::describe, w -> {
            String doc = write(CODEC, w);
            List<String> names = new ArrayList<>();
            for (RecordComponent rc : Wide.class.getRecordComponents()) {
                names.add(rc.getName());
            }
            StringBuilder reversed = new StringBuilder("{");
            for (int k = names.size() - 1; k >= 0; k--) {
                // the document has the keys in declaration order: a value ends where the next key starts
                int start = doc.indexOf("\"" + names.get(k) + "\":");
                int end = k + 1 < names.size() ? doc.indexOf(",\"" + names.get(k + 1) + "\":", start) : doc.length() - 1;
                reversed.append(reversed.length() > 1 ? "," : "").append(doc, start, end);
            }
            assertEquals(w, read(CODEC, reversed.append('}').toString()));
        });
    }

    private static String describe(Wide w) {
        String doc;
        try {
            doc = write(CODEC, w);
        } catch (RuntimeException e) {
            doc = "(not written: " + e.getMessage() + ")";
        }
        return Check.describe(w) + "\ndocument: " + Check.describe(doc);
    }

    /** Records with every kind of field: primitives at their bounds, specials, nulls, empty and nested collections. */
    static Gen<Wide> wide() {
        Gen<String> strings = Gens.oneOf(
                Gens.strings(Gens.codePoints('\u0000', '\uD7FF'), 0, 12),
                Gens.alpha(0, 5).map(s -> "~" + s),
                Gens.elements("", "~", "~~", "emoji \uD83D\uDE00", "q\"\\"));
        Gen<Double> doubles = Gens.doubles();
        Gen<Color> colors = Gens.elements(Color.values());
        Gen<Shape> shapes = Gens.oneOf(
                doubles.map(Circle::new),
                Gens.combine(Gens.ints(), colors.orNull(0.2), Square::new),
                Gens.constant(new Nothing()));
        Gen<Object> any = Gens.oneOf(Gens.ints(), Gens.longs(), strings, Gens.floats(), Gens.constant(null));
        return Gens.records(Wide.class,
                Gens.booleans(),
                Gens.bytes(),
                Gens.shorts(),
                Gens.ints(),
                Gens.longs(),
                Gens.floats(),
                doubles,
                Gens.codePoints('\u0000', '\uD7FF').map(cp -> (char) (int) cp),
                strings.orNull(0.1),
                Gens.ints().orNull(0.2),
                Gens.bigDecimals(BigInteger.TEN.pow(20), 3, 3).orNull(0.1),
                Gens.bigIntegers(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                Gens.combine(Gens.longs(-10_000_000_000L, 10_000_000_000L), Gens.ints(0, 999_999_999), Instant::ofEpochSecond),
                Gens.longs(-100_000, 100_000).map(LocalDate::ofEpochDay),
                Gens.longs().map(x -> new UUID(x, ~x)),
                colors.orNull(0.1),
                strings.optional(),
                Gens.longs().list(4).orNull(0.1),
                strings.set(4),
                Gens.maps(Gens.ints(), doubles, 3),
                Gens.maps(Gens.ints().map(x -> new Point(x, -x)), strings, 3),
                shapes.list(3),
                any);
    }
}

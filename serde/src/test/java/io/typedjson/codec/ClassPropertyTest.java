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
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Both contracts over generated records that hold every kind of field: value round trip and document round trip. */
class ClassPropertyTest {

    public record Wide(boolean bo, byte b, short s, int i, long l, float f, double d, char c, String str, Integer boxed,
                       BigDecimal dec, BigInteger big, Instant t, LocalDate day, UUID id, Color color, Optional<String> opt,
                       List<Long> longs, Set<String> names, Map<Integer, Double> byInt, Map<Point, String> byPoint,
                       List<Shape> shapes, Object any) {}

    private static final Codec<Wide> CODEC = Codecs.of(Wide.class);

    @Property(tries = 500)
    void valueAndDocumentRoundTrips(@ForAll("wide") Wide w) {
        String doc = write(CODEC, w);
        Wide back = read(CODEC, doc);
        assertEquals(w, back, doc);
        assertEquals(doc, write(CODEC, back));
    }

    /** Any order of the keys reads the same value. */
    @Property(tries = 100)
    void keyOrderDoesNotMatter(@ForAll("wide") Wide w) {
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
    }

    @Provide
    Arbitrary<Wide> wide() {
        Arbitrary<String> strings = Arbitraries.oneOf(
                Arbitraries.strings().withCharRange('\u0000', '\uD7FF').ofMaxLength(12),
                Arbitraries.strings().alpha().ofMaxLength(5).map(s -> "~" + s),
                Arbitraries.of("", "~", "~~", "emoji \uD83D\uDE00", "q\"\\"));
        Arbitrary<Double> doubles = Arbitraries.doubles().withStandardSpecialValues();
        Arbitrary<Shape> shapes = Arbitraries.oneOf(
                doubles.map(Circle::new),
                Arbitraries.integers().flatMap(n -> Arbitraries.of(Color.class).injectNull(0.2).map(c -> new Square(n, c))),
                Arbitraries.just(new Nothing()));
        Arbitrary<Object> any = Arbitraries.oneOf(
                Arbitraries.integers().map(x -> (Object) x), Arbitraries.longs().map(x -> (Object) x), strings.map(x -> (Object) x),
                Arbitraries.floats().map(x -> (Object) x), Arbitraries.just(null));
        return Builders.withBuilder(Builder::new)
                .use(Arbitraries.of(true, false)).in((b, v) -> { b.bo = v; return b; })
                .use(Arbitraries.bytes()).in((b, v) -> { b.b = v; return b; })
                .use(Arbitraries.shorts()).in((b, v) -> { b.s = v; return b; })
                .use(Arbitraries.integers()).in((b, v) -> { b.i = v; return b; })
                .use(Arbitraries.longs()).in((b, v) -> { b.l = v; return b; })
                .use(Arbitraries.floats().withStandardSpecialValues()).in((b, v) -> { b.f = v; return b; })
                .use(doubles).in((b, v) -> { b.d = v; return b; })
                .use(Arbitraries.chars().range('\u0000', '\uD7FF')).in((b, v) -> { b.c = v; return b; })
                .use(strings.injectNull(0.1)).in((b, v) -> { b.str = v; return b; })
                .use(Arbitraries.integers().injectNull(0.2)).in((b, v) -> { b.boxed = v; return b; })
                .use(Arbitraries.bigDecimals().ofScale(3).injectNull(0.1)).in((b, v) -> { b.dec = v; return b; })
                .use(Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)))
                .in((b, v) -> { b.big = v; return b; })
                .use(Arbitraries.longs().between(-10_000_000_000L, 10_000_000_000L)
                        .flatMap(sec -> Arbitraries.integers().between(0, 999_999_999).map(n -> Instant.ofEpochSecond(sec, n))))
                .in((b, v) -> { b.t = v; return b; })
                .use(Arbitraries.longs().between(-100_000, 100_000).map(LocalDate::ofEpochDay)).in((b, v) -> { b.day = v; return b; })
                .use(Arbitraries.longs().map(x -> new UUID(x, ~x))).in((b, v) -> { b.id = v; return b; })
                .use(Arbitraries.of(Color.class).injectNull(0.1)).in((b, v) -> { b.color = v; return b; })
                .use(strings.optional()).in((b, v) -> { b.opt = v; return b; })
                .use(Arbitraries.longs().list().ofMaxSize(4).injectNull(0.1)).in((b, v) -> { b.longs = v; return b; })
                .use(strings.set().ofMaxSize(4)).in((b, v) -> { b.names = v; return b; })
                .use(Arbitraries.maps(Arbitraries.integers(), doubles).ofMaxSize(3)).in((b, v) -> { b.byInt = v; return b; })
                .use(Arbitraries.maps(Arbitraries.integers().map(x -> new Point(x, -x)), strings).ofMaxSize(3))
                .in((b, v) -> { b.byPoint = v; return b; })
                .use(shapes.list().ofMaxSize(3)).in((b, v) -> { b.shapes = v; return b; })
                .use(any).in((b, v) -> { b.any = v; return b; })
                .build(Builder::build);
    }

    static final class Builder {
        boolean bo; byte b; short s; int i; long l; float f; double d; char c; String str; Integer boxed; BigDecimal dec;
        BigInteger big; Instant t; LocalDate day; UUID id; Color color; Optional<String> opt; List<Long> longs;
        Set<String> names; Map<Integer, Double> byInt; Map<Point, String> byPoint; List<Shape> shapes; Object any;

        Wide build() {
            return new Wide(bo, b, s, i, l, f, d, c, str, boxed, dec, big, t, day, id, color, opt, longs, names, byInt, byPoint,
                    shapes, any);
        }
    }
}

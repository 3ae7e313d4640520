package io.typedjson.format.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.testing.Check;
import io.typedjson.testing.Gen;
import io.typedjson.testing.Gens;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The fast ISO paths give what java.time gives: the same text and the same value. Typed positions take a subset of
 * what java.time takes (SPEC.md section 5.2: no leap second, canonical dates, RFC 3339 shapes): every canonical text
 * is read, and whatever is read has java.time's value.
 */
class IsoTimesProperties {

    /** Instants from year -1200 to 11476, with nanoseconds of milli, micro and nano precision. */
    static Gen<Instant> instants() {
        return Gens.longs(-100_000_000_000L, 300_000_000_000L).flatMap(s -> Gens.oneOf(
                Gens.constant(0), Gens.ints(0, 999).map(n -> n * 1_000_000),
                Gens.ints(0, 999_999).map(n -> n * 1_000), Gens.ints(0, 999_999_999))
                .map(n -> Instant.ofEpochSecond(s, n)));
    }

    @Test
    void instantTextAndParseMatchJavaTime() {
        Check.forAll(3_000, instants(), i -> {
            assertEquals(i.toString(), IsoTimes.text(i));
            assertEquals(i, IsoTimes.parseInstant(i.toString()));
        });
    }

    /**
     * What the writers put straight into their buffer (JsonWriter.writeInstant/writeDate): the typed string of the class
     * codecs and the dynamic model's tagged one are java.time's text, years outside 0000 to 9999 included.
     */
    @Test
    void instantsAndDatesWrittenIntoTheBufferAreJavaTimesText() {
        io.typedjson.format.internal.scalar.ScalarType instant = io.typedjson.format.internal.scalar.ScalarTypes.of(Instant.class);
        io.typedjson.format.internal.scalar.ScalarType date = io.typedjson.format.internal.scalar.ScalarTypes.of(LocalDate.class);
        Check.forAll(3_000, instants(), i -> {
            LocalDate d = LocalDate.ofEpochDay(Math.floorDiv(i.getEpochSecond(), 86_400L));
            assertEquals("\"" + i + "\"", written(out -> Lexemes.writeInstant(out, i)));
            assertEquals("[\"~" + instant.tag() + i + "\"]", written(out -> {
                out.writeStartArray();
                instant.writeDynamic(out, i);
                out.writeEndArray();
            }));
            assertEquals("\"" + d + "\"", written(out -> Lexemes.writeLocalDate(out, d)));
            assertEquals("[\"~" + date.tag() + d + "\",1]", written(out -> {
                out.writeStartArray();
                date.writeDynamic(out, d);
                out.writeNumber(1);
                out.writeEndArray();
            }));
        });
    }

    private static String written(java.util.function.Consumer<io.typedjson.format.JsonWriter> write) {
        byte[] b = io.typedjson.format.TypedJsonFormat.defaults().write(new io.typedjson.format.Codec<Object>() {
            @Override
            public void write(io.typedjson.format.JsonWriter out, Object ignored) {
                write.accept(out);
            }

            @Override
            public Object read(io.typedjson.format.JsonReader in) {
                throw new UnsupportedOperationException();
            }
        }, null);
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void localTypesParseLikeJavaTime() {
        Check.forAll(3_000, instants(), i -> {
            LocalDateTime ldt = LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), java.time.ZoneOffset.UTC);
            assertEquals(ldt, IsoTimes.parseLocalDateTime(ldt.toString()));
            assertEquals(ldt.toLocalDate(), IsoTimes.parseLocalDate(ldt.toLocalDate().toString()));
            assertEquals(ldt.toLocalTime(), IsoTimes.parseLocalTime(ldt.toLocalTime().toString()));
        });
    }

    /** Text of almost the right shape: both accept it with the same value, or both refuse it. */
    @Test
    void nearMissesAreJudgedLikeJavaTime() {
        Check.forAll(3_000, nearMisses(), s -> {
            same(s, Instant::parse, IsoTimes::parseInstant);
            same(s, LocalDate::parse, IsoTimes::parseLocalDate);
            same(s, LocalTime::parse, IsoTimes::parseLocalTime);
            same(s, LocalDateTime::parse, IsoTimes::parseLocalDateTime);
            if (s.length() > 11) {
                same(s.substring(11), LocalTime::parse, IsoTimes::parseLocalTime);
                same(s.substring(0, 10), LocalDate::parse, IsoTimes::parseLocalDate);
            }
        });
    }

    /** The canonical fast paths of the tags take exactly the canonical text: every value's, and nothing else. */
    @Test
    void canonicalFastPathsTakeOnlyTheCanonicalText() {
        Check.forAll(3_000, instants(), nearMisses(), IsoTimesProperties::canonicalFastPaths);
    }

    private static void canonicalFastPaths(Instant i, String s) {
        LocalDateTime ldt = LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), java.time.ZoneOffset.UTC);
        if (i.getEpochSecond() >= -62_167_219_200L && i.getEpochSecond() < 253_402_300_800L) { // years 0000 to 9999
            assertEquals(i, IsoTimes.canonicalInstantOrNull(i.toString()));
            assertEquals(ldt, IsoTimes.canonicalLocalDateTimeOrNull(ldt.toString()));
            assertEquals(ldt.toLocalDate(), IsoTimes.canonicalLocalDateOrNull(ldt.toLocalDate().toString()));
        }
        assertEquals(ldt.toLocalTime(), IsoTimes.canonicalLocalTimeOrNull(ldt.toLocalTime().toString()));
        for (String t : new String[] {s, s.length() > 11 ? s.substring(11) : s, s.length() > 1 ? s.substring(0, s.length() - 1) : s}) {
            Instant fi = IsoTimes.canonicalInstantOrNull(t);
            LocalDateTime fl = IsoTimes.canonicalLocalDateTimeOrNull(t);
            LocalDate fd = IsoTimes.canonicalLocalDateOrNull(t);
            LocalTime ft = IsoTimes.canonicalLocalTimeOrNull(t);
            if (fi != null) assertEquals(fi.toString(), t);
            if (fl != null) assertEquals(fl.toString(), t);
            if (fd != null) assertEquals(fd.toString(), t);
            if (ft != null) assertEquals(ft.toString(), t);
        }
    }

    /**
     * Texts of almost the right shape with one character replaced (or none: {@code x} at 0 keeps the text); the texts
     * themselves are the edge cases.
     */
    static Gen<String> nearMisses() {
        String[] texts = {"2024-02-29T23:59:59.123456789Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
            "2024-01-01T24:00:00Z", "2024-01-01T23:59:60Z", "2024-01-01T10:15Z", "2024-01-01T10:15:30.Z",
            "2024-01-01T10:15:30.1234567891Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
            "2024-01-01T10:15:30", "2024-01-01T10:15", "2024-04-31", "+12345-01-01T00:00:00Z"};
        return Gens.elements(texts)
                .flatMap(base -> Gens.ints(0, base.length() - 1)
                        .flatMap(at -> Gens.elements('0', '9', '-', ':', 'T', '.', 'Z', '5', '2', 'x')
                                .map(c -> at == 0 && c == 'x' ? base
                                        : base.substring(0, at) + c + base.substring(at + 1))))
                .withEdges(texts);
    }

    @Test
    void leapDayAndBoundaries() {
        assertEquals(LocalDate.of(2024, 2, 29), IsoTimes.parseLocalDate("2024-02-29"));
        assertEquals(Instant.parse("0000-01-01T00:00:00Z"), IsoTimes.parseInstant("0000-01-01T00:00:00Z"));
        assertEquals(LocalTime.of(10, 15), IsoTimes.parseLocalTime("10:15"));
    }

    private static <T> void same(String s, Function<String, T> javaTime, Function<String, T> fast) {
        Object expected;
        try {
            expected = javaTime.apply(s);
        } catch (java.time.DateTimeException e) {
            expected = java.time.DateTimeException.class;
        }
        Object actual;
        try {
            actual = fast.apply(s);
        } catch (java.time.DateTimeException e) {
            actual = java.time.DateTimeException.class;
        }
        if (actual == java.time.DateTimeException.class && expected != actual) {
            // refused where java.time reads a value: only a spelling that is not the value's canonical one
            String canonical = expected instanceof Instant ? IsoTimes.text((Instant) expected) : expected.toString();
            org.junit.jupiter.api.Assertions.assertNotEquals(canonical, s, "canonical text refused");
            return;
        }
        assertEquals(expected, actual, s);
    }

    @Test
    void typedPositionsTakeOtherProducersSpellingsButNotJavaTimesFreedoms() {
        Instant i = Instant.parse("2024-01-01T00:00:00Z");
        assertEquals(i, IsoTimes.parseInstant("2024-01-01T00:00:00.000Z")); // JavaScript's toISOString()
        assertEquals(i, IsoTimes.parseInstant("2024-01-01T02:00:00+02:00"));
        assertEquals(i, IsoTimes.parseInstant("2024-01-01T00:00:00.000000+00:00")); // Python's isoformat()
        assertEquals(LocalTime.of(10, 15), IsoTimes.parseLocalTime("10:15:00"));
        assertEquals(LocalTime.of(10, 15, 0, 100_000_000), IsoTimes.parseLocalTime("10:15:00.10"));
        assertEquals(i, IsoTimes.parseInstant("2024-01-01t00:00:00z")); // RFC 3339 allows lower case
        for (String refused : new String[] {"2024-01-01 00:00:00Z", "-0000-01-01T00:00:00Z", "2024-01-01T23:59:60Z",
                "2024-01-01T00:00Z", "2024-1-01T00:00:00Z", "+2024-01-01T00:00:00Z", "2024-01-01T24:00:00Z",
                "2024-01-01T24:00:00.000Z", "2024-01-01t24:00:00z", "2024-01-01T24:00:00+00:00"}) {
            org.junit.jupiter.api.Assertions.assertThrows(java.time.DateTimeException.class,
                    () -> IsoTimes.parseInstant(refused), refused);
        }
        org.junit.jupiter.api.Assertions.assertThrows(java.time.DateTimeException.class, () -> IsoTimes.parseLocalTime("10:15:30."));
        org.junit.jupiter.api.Assertions.assertThrows(java.time.DateTimeException.class, () -> IsoTimes.parseLocalDateTime("2024-01-01 10:15"));
        org.junit.jupiter.api.Assertions.assertThrows(java.time.DateTimeException.class, () -> IsoTimes.parseOffsetDateTime("2024-01-01T10:15+0200"));
        assertEquals(java.time.OffsetDateTime.parse("2024-01-01T10:15Z"), IsoTimes.parseOffsetDateTime("2024-01-01T10:15+00:00"));
    }
}

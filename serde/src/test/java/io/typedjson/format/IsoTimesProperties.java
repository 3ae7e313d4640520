package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The fast ISO paths give exactly what java.time gives: the same text, the same value, the same refusals. */
class IsoTimesProperties {

    @Provide
    Arbitrary<Instant> instants() {
        return Arbitraries.longs().between(-100_000_000_000L, 300_000_000_000L).flatMap(s -> Arbitraries.oneOf(
                Arbitraries.just(0), Arbitraries.integers().between(0, 999).map(n -> n * 1_000_000),
                Arbitraries.integers().between(0, 999_999).map(n -> n * 1_000), Arbitraries.integers().between(0, 999_999_999))
                .map(n -> Instant.ofEpochSecond(s, n)));
    }

    @Property(tries = 1000)
    void instantTextAndParseMatchJavaTime(@ForAll("instants") Instant i) {
        assertEquals(i.toString(), IsoTimes.text(i));
        assertEquals(i, IsoTimes.parseInstant(i.toString()));
    }

    @Property(tries = 2000)
    void localTypesParseLikeJavaTime(@ForAll("instants") Instant i) {
        LocalDateTime ldt = LocalDateTime.ofEpochSecond(i.getEpochSecond(), i.getNano(), java.time.ZoneOffset.UTC);
        assertEquals(ldt, IsoTimes.parseLocalDateTime(ldt.toString()));
        assertEquals(ldt.toLocalDate(), IsoTimes.parseLocalDate(ldt.toLocalDate().toString()));
        assertEquals(ldt.toLocalTime(), IsoTimes.parseLocalTime(ldt.toLocalTime().toString()));
    }

    /** Text of almost the right shape: both accept it with the same value, or both refuse it. */
    @Property(tries = 2000)
    void nearMissesAreJudgedLikeJavaTime(@ForAll("nearMisses") String s) {
        same(s, Instant::parse, IsoTimes::parseInstant);
        same(s, LocalDate::parse, IsoTimes::parseLocalDate);
        same(s, LocalTime::parse, IsoTimes::parseLocalTime);
        same(s, LocalDateTime::parse, IsoTimes::parseLocalDateTime);
        if (s.length() > 11) {
            same(s.substring(11), LocalTime::parse, IsoTimes::parseLocalTime);
            same(s.substring(0, 10), LocalDate::parse, IsoTimes::parseLocalDate);
        }
    }

    @Provide
    Arbitrary<String> nearMisses() {
        return Arbitraries.of("2024-02-29T23:59:59.123456789Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
                        "2024-01-01T24:00:00Z", "2024-01-01T23:59:60Z", "2024-01-01T10:15Z", "2024-01-01T10:15:30.Z",
                        "2024-01-01T10:15:30.1234567891Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
                        "2024-01-01T10:15:30", "2024-01-01T10:15", "2024-04-31", "+12345-01-01T00:00:00Z")
                .flatMap(base -> Arbitraries.integers().between(0, base.length() - 1)
                        .flatMap(at -> Arbitraries.of('0', '9', '-', ':', 'T', '.', 'Z', '5', '2', 'x')
                                .map(c -> at == 0 && c == 'x' ? base
                                        : base.substring(0, at) + c + base.substring(at + 1))));
    }

    @Example
    void leapDayAndBoundaries() {
        assertEquals(LocalDate.of(2024, 2, 29), IsoTimes.parseLocalDate("2024-02-29"));
        assertEquals(Instant.parse("0000-01-01T00:00:00Z"), IsoTimes.parseInstant("0000-01-01T00:00:00Z"));
        assertEquals(LocalTime.of(10, 15), IsoTimes.parseLocalTime("10:15"));
    }

    private static <T> void same(String s, Function<String, T> javaTime, Function<String, T> fast) {
        Object expected;
        try {
            expected = javaTime.apply(s);
        } catch (RuntimeException e) {
            expected = e.getClass();
        }
        Object actual;
        try {
            actual = fast.apply(s);
        } catch (RuntimeException e) {
            actual = e.getClass();
        }
        assertEquals(expected, actual, s);
    }
}

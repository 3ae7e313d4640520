package io.typedjson.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The property runner and the generators: what a failure says, what the seed repeats, what comes first. */
class GeneratorKitTest {

    private static <T> List<T> values(String name, int tries, Gen<T> gen) {
        List<T> seen = new ArrayList<>();
        Check.run(name, tries, gen, Check::describe, seen::add);
        return seen;
    }

    @Test
    void aFailureNamesTheTryTheSeedAndTheCommandThatRepeatsIt() {
        AssertionError e = assertThrows(AssertionError.class, () -> Check.run("Some#property", 1_000,
                Gens.strings(Gens.anyCodePoints(), 0, 20), Check::describe, s -> assertTrue(s.length() < 3, "too long")));
        String m = e.getMessage();
        assertTrue(m.startsWith("property Some#property failed at try "), m);
        assertTrue(m.contains(", seed " + Check.SEED + "\n"), m);
        assertTrue(m.contains("\nvalue: \""), m);
        assertTrue(m.contains("too long"), m);
        assertTrue(m.contains("-Dtest='Some#property' -Dtypedjson.seed=" + Check.SEED), m);
        assertTrue(e.getCause() instanceof AssertionError, "the property's own failure is the cause");
    }

    @Test
    void aSeedAndANameGiveTheSameValuesEveryTime() {
        Gen<Object> gen = Gens.oneOf(Gens.doubles(), Gens.longs(), Gens.strings(Gens.anyCodePoints(), 0, 9), Gens.byteArrays(0, 9));
        Function<List<Object>, String> shown = l -> l.stream().map(Check::describe).toList().toString();
        assertEquals(shown.apply(values("A#a", 500, gen)), shown.apply(values("A#a", 500, gen)));
        assertNotEquals(shown.apply(values("A#a", 500, gen)), shown.apply(values("B#b", 500, gen)));
    }

    @Test
    void edgeCasesComeFirst() {
        List<Long> longs = values("L#l", 10, Gens.longs());
        assertEquals(List.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1), longs.subList(0, 7));
        List<Double> doubles = values("D#d", 30, Gens.doubles());
        for (double d : new double[] {-0.0, Double.NaN, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Math.nextDown(Double.MIN_NORMAL),
                Double.MAX_VALUE}) {
            assertTrue(doubles.stream().anyMatch(x -> Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(d)), "" + d);
        }
        List<String> strings = values("S#s", 10, Gens.strings(Gens.anyCodePoints(), 0, 5));
        assertEquals("", strings.get(0));
        assertEquals("\u0000", strings.get(1));
        List<List<Integer>> lists = values("C#c", 3, Gens.ints(5, 9).list(1, 4));
        assertEquals(List.of(List.of(5), List.of(9), List.of(6)), lists);
    }

    @Test
    void sizesAreBiasedTowardsSmallButReachTheMaximum() {
        List<List<Boolean>> lists = values("Z#z", 2_000, Gens.booleans().list(100));
        long empty = lists.stream().filter(List::isEmpty).count();
        long full = lists.stream().filter(l -> l.size() == 100).count();
        long small = lists.stream().filter(l -> l.size() <= 25).count();
        assertTrue(empty > 100 && full > 50 && small > 1_000, empty + " empty, " + full + " full, " + small + " of 25 or fewer");
    }

    @Test
    void textReachesBeyondTheBasicPlaneAndLoneSurrogates() {
        List<String> strings = values("T#t", 2_000, Gens.strings(Gens.anyCodePoints(), 0, 20));
        assertTrue(strings.stream().anyMatch(s -> s.codePoints().anyMatch(Character::isSupplementaryCodePoint)));
        assertTrue(strings.stream().anyMatch(s -> s.codePoints().anyMatch(cp -> cp >= 0xD800 && cp <= 0xDFFF)));
    }

    @Test
    void triesCanBeRaisedForALongRun() {
        String before = System.getProperty(Check.TRIES_PROPERTY);
        try {
            System.setProperty(Check.TRIES_PROPERTY, "12345");
            assertEquals(12_345, Check.tries(10));
            System.clearProperty(Check.TRIES_PROPERTY);
            assertEquals(10, Check.tries(10));
        } finally {
            if (before != null) {
                System.setProperty(Check.TRIES_PROPERTY, before);
            }
        }
    }
}

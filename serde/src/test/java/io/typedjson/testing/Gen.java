package io.typedjson.testing;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A generator of random values for the property tests ({@link Check}): {@link #next} draws one value from a seeded
 * source, {@link #edges} lists the values tried first (bounds, zero, empty, special spellings). Combine them with
 * {@link Gens}; everything here is deterministic for a given seed.
 */
@FunctionalInterface
public interface Gen<T> {

    /** One random value. */
    T next(SplittableRandom random);

    /**
     * The edge cases, tried before any random value: for a number its bounds, zero, infinities, NaN; for a text the
     * empty string and surrogate pairs; for a collection the empty one. None unless given ({@link #withEdges}).
     */
    default List<T> edges(SplittableRandom random) {
        return List.of();
    }

    default <R> Gen<R> map(Function<? super T, ? extends R> f) {
        Gen<T> self = this;
        return new Gen<>() {
            @Override
            public R next(SplittableRandom random) {
                return f.apply(self.next(random));
            }

            @Override
            public List<R> edges(SplittableRandom random) {
                List<R> out = new ArrayList<>();
                for (T e : self.edges(random)) {
                    out.add(f.apply(e));
                }
                return out;
            }
        };
    }

    /** A generator chosen by a value: the edges are one value of the chosen generator per edge of this one. */
    default <R> Gen<R> flatMap(Function<? super T, ? extends Gen<R>> f) {
        Gen<T> self = this;
        return new Gen<>() {
            @Override
            public R next(SplittableRandom random) {
                return f.apply(self.next(random)).next(random);
            }

            @Override
            public List<R> edges(SplittableRandom random) {
                List<R> out = new ArrayList<>();
                List<T> outer = self.edges(random);
                for (int i = 0; i < outer.size(); i++) {
                    Gen<R> inner = f.apply(outer.get(i));
                    List<R> innerEdges = inner.edges(random);
                    out.add(innerEdges.isEmpty() ? inner.next(random) : innerEdges.get(i % innerEdges.size()));
                }
                return out;
            }
        };
    }

    /** Only the values {@code keep} accepts; a generator that rarely gives one is a bug in the test (it fails). */
    default Gen<T> filter(Predicate<? super T> keep) {
        Gen<T> self = this;
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                for (int attempt = 0; attempt < 10_000; attempt++) {
                    T value = self.next(random);
                    if (keep.test(value)) {
                        return value;
                    }
                }
                throw new IllegalStateException("the filter kept none of 10000 generated values");
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                List<T> out = new ArrayList<>();
                for (T e : self.edges(random)) {
                    if (keep.test(e)) {
                        out.add(e);
                    }
                }
                return out;
            }
        };
    }

    /** These values are tried first, and one in 16 random values is one of them. */
    @SuppressWarnings("unchecked")
    default Gen<T> withEdges(T... special) {
        Gen<T> self = this;
        List<T> given = java.util.Arrays.asList(special.clone());
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                return random.nextInt(16) == 0 ? given.get(random.nextInt(given.size())) : self.next(random);
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                List<T> out = new ArrayList<>(given);
                out.addAll(self.edges(random));
                return out;
            }
        };
    }

    /** {@code null} with the given probability, and first among the edges. */
    default Gen<T> orNull(double probability) {
        Gen<T> self = this;
        return new Gen<>() {
            @Override
            public T next(SplittableRandom random) {
                return random.nextDouble() < probability ? null : self.next(random);
            }

            @Override
            public List<T> edges(SplittableRandom random) {
                List<T> out = new ArrayList<>();
                out.add(null);
                out.addAll(self.edges(random));
                return out;
            }
        };
    }

    /** Empty one time in five, and first among the edges. */
    default Gen<Optional<T>> optional() {
        return orNull(0.2).map(Optional::ofNullable);
    }

    default Gen<List<T>> list(int maxSize) {
        return Gens.lists(this, 0, maxSize);
    }

    default Gen<List<T>> list(int minSize, int maxSize) {
        return Gens.lists(this, minSize, maxSize);
    }

    /** Sets in insertion order, of at most {@code maxSize} elements (fewer when elements repeat). */
    default Gen<Set<T>> set(int maxSize) {
        return list(maxSize).map(l -> (Set<T>) new LinkedHashSet<>(l));
    }
}

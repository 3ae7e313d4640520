package io.typedjson.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.api.fixture.Shapes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The renderer behind every module's api.txt, and the difference it prints. */
class ApiSignaturesTest {

    @Test
    void typesAreSpelledWithTheirKindModifiersAndSupertypes() {
        assertEquals("public final class io.typedjson.api.fixture.Shapes", ApiSignatures.typeLineOf(Shapes.class));
        assertEquals("public sealed interface io.typedjson.api.fixture.Shapes$Shape permits "
                + "io.typedjson.api.fixture.Shapes$Circle, io.typedjson.api.fixture.Shapes$Square",
                ApiSignatures.typeLineOf(Shapes.Shape.class));
        assertEquals("public record io.typedjson.api.fixture.Shapes$Circle(double radius) implements "
                + "io.typedjson.api.fixture.Shapes$Shape", ApiSignatures.typeLineOf(Shapes.Circle.class));
        assertEquals("public static non-sealed class io.typedjson.api.fixture.Shapes$Square implements "
                + "io.typedjson.api.fixture.Shapes$Shape", ApiSignatures.typeLineOf(Shapes.Square.class));
        // the package-private base class is no part of the API: its members are Derived's (below)
        assertEquals("public static class io.typedjson.api.fixture.Shapes$Derived",
                ApiSignatures.typeLineOf(Shapes.Derived.class));
    }

    @Test
    void membersArePublicAndProtectedOnlyWithGenericsVarargsAndThrows() {
        assertEquals(List.of(
                "protected int count",
                "public static final java.lang.String NAME",
                "public <init>()",
                "@java.lang.Deprecated public int[][] grid()",
                "public static <T extends java.lang.Comparable<? super T>> java.util.List<T> sorted("
                        + "java.util.Map<java.lang.String, ? extends T>, T...) throws java.io.IOException"),
                ApiSignatures.membersOf(Shapes.class));
        assertEquals(List.of("public default java.lang.String label()", "public double area()"),
                ApiSignatures.membersOf(Shapes.Shape.class));
        assertEquals(List.of(
                "public io.typedjson.api.fixture.Shapes$Kind[] kinds() default "
                        + "{io.typedjson.api.fixture.Shapes$Kind.ROUND}",
                "public java.lang.String value() default \"x\""),
                ApiSignatures.membersOf(Shapes.Tag.class));
    }

    @Test
    void aPackagePrivateBaseClassLendsItsPublicMembers() {
        assertEquals(List.of("public <init>()", "protected void step()", "public T first(java.util.List<T>)"),
                ApiSignatures.membersOf(Shapes.Derived.class));
    }

    @Test
    void theDifferenceShowsWhatWasRemovedAndAdded() {
        String before = "a\nb\nc\nd\ne\nf\ng\nh\ni\n";
        String after = "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\n";
        String diff = ApiSignatures.diff(before, after, "api.txt");
        assertTrue(diff.contains("@@ -2 +2 @@\n b\n c\n-d\n+D\n e\n f\n"), diff);
        assertTrue(diff.contains("+j\n"), diff);
        assertTrue(diff.startsWith("--- api.txt\n+++ compiled classes\n"), diff);
    }
}

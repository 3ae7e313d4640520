package io.typedjson.testing;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs a property: a check over many generated values, edge cases first, then random ones from a seed. A failure
 * names the try, the seed and the command that runs the property again on the same values, and shows the value.
 *
 * <pre>{@code
 * @Test
 * void valueRoundTrip() {
 *     Check.forAll(2_000, ModelGenerators.values(), ModelGenerators::describe, v -> assertEquals(...));
 * }
 * }</pre>
 *
 * <p>System properties (Maven passes {@code -D} options of the command line to the tests):
 * <ul>
 *   <li>{@value #SEED_PROPERTY}: the seed of the run (decimal, or hexadecimal with {@code 0x}); a new one each run
 *       when absent. Each property draws from this seed mixed with its own name, so a property run alone
 *       ({@code -Dtest=Class#method}) sees the same values as in the whole run.
 *   <li>{@value #TRIES_PROPERTY}: the number of tries of every property, instead of each one's own (for a long run:
 *       {@code -Dtypedjson.tries=1000000}).
 * </ul>
 */
public final class Check {
    private Check() {}

    public static final String SEED_PROPERTY = "typedjson.seed";
    public static final String TRIES_PROPERTY = "typedjson.tries";

    /** The seed of this run: given, or new. */
    public static final long SEED = initialSeed();

    private static long initialSeed() {
        String given = System.getProperty(SEED_PROPERTY, "").trim();
        if (given.isEmpty()) {
            return new java.security.SecureRandom().nextLong();
        }
        return given.startsWith("0x") ? Long.parseUnsignedLong(given.substring(2), 16) : Long.parseLong(given);
    }

    /** The tries a property makes: {@value #TRIES_PROPERTY} if given, else its own. */
    public static int tries(int own) {
        String given = System.getProperty(TRIES_PROPERTY, "").trim();
        return given.isEmpty() ? own : Integer.parseInt(given);
    }

    public static <T> void forAll(int tries, Gen<T> gen, Consumer<? super T> property) {
        run(caller(), tries(tries), gen, Check::describe, property);
    }

    /** {@code describe} shows a failing value (a document's bytes beside the value, for instance). */
    public static <T> void forAll(int tries, Gen<T> gen, Function<? super T, String> describe, Consumer<? super T> property) {
        run(caller(), tries(tries), gen, describe, property);
    }

    public static <A, B> void forAll(int tries, Gen<A> first, Gen<B> second, BiConsumer<? super A, ? super B> property) {
        run(caller(), tries(tries), Gens.combine(first, second, Gens.Pair::new), Check::describe,
                p -> property.accept(p.first(), p.second()));
    }

    static <T> void run(String name, int tries, Gen<T> gen, Function<? super T, String> describe, Consumer<? super T> property) {
        SplittableRandom master = new SplittableRandom(SEED ^ (0x9E3779B97F4A7C15L * name.hashCode()));
        List<T> edges;
        try {
            edges = gen.edges(master.split());
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("property " + name + ": the generator failed making its edge cases, seed " + SEED
                    + "\n" + rerun(name), e);
        }
        for (int i = 0; i < tries; i++) {
            SplittableRandom random = master.split();
            boolean edge = i < edges.size();
            T value;
            try {
                value = edge ? edges.get(i) : gen.next(random);
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError(header(name, i, tries, edge, edges.size()) + "the generator failed\n" + rerun(name), e);
            }
            try {
                property.accept(value);
            } catch (Throwable t) {
                String shown;
                try {
                    shown = describe.apply(value);
                } catch (RuntimeException | StackOverflowError e) {
                    shown = "(cannot be shown: " + e + ")";
                }
                throw new AssertionError(header(name, i, tries, edge, edges.size()) + "value: " + shown + "\nfailure: " + t
                        + "\n" + rerun(name), t);
            }
        }
        // into the test's output file (target/surefire-reports/<class>-output.txt): how much a passing run tried
        System.out.println("property " + name + " passed " + tries + " tries (" + Math.min(tries, edges.size())
                + " edge cases), seed " + SEED);
    }

    private static String header(String name, int i, int tries, boolean edge, int edges) {
        return "property " + name + " failed at try " + (i + 1) + " of " + tries
                + (edge ? " (edge case " + (i + 1) + " of " + edges + ")" : " (random)") + ", seed " + SEED + "\n";
    }

    /** The command that runs this property again on the same values (the module is the test's working directory). */
    private static String rerun(String name) {
        String module = Path.of("").toAbsolutePath().getFileName().toString();
        return "rerun: mvn -q -B -pl " + module + " -am verify -DskipITs -Dsurefire.failIfNoSpecifiedTests=false -Dtest='"
                + name + "' -D" + SEED_PROPERTY + "=" + SEED;
    }

    /** {@code Class#method} of the test that called forAll. */
    private static String caller() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(frames -> frames.filter(f -> f.getDeclaringClass() != Check.class).findFirst())
                .map(f -> f.getDeclaringClass().getSimpleName() + "#" + f.getMethodName())
                .orElse("?");
    }

    private static final int MAX_SHOWN = 4_000;

    /**
     * A value with its types: {@code Long 1} is not {@code Integer 1}, a double shows its bits, a decimal its scale,
     * a string is escaped ({@code \u2028}, lone surrogates), bytes are shown as text and base64. Cut at 4,000 chars.
     */
    public static String describe(Object value) {
        StringBuilder sb = new StringBuilder();
        describe(value, sb);
        return sb.length() > MAX_SHOWN ? sb.substring(0, MAX_SHOWN) + "... (" + sb.length() + " chars)" : sb.toString();
    }

    private static void describe(Object v, StringBuilder sb) {
        if (sb.length() > MAX_SHOWN) {
            return;
        }
        if (v == null) {
            sb.append("null");
        } else if (v instanceof byte[]) {
            sb.append("byte[").append(((byte[]) v).length).append("] ").append(io.typedjson.fuzz.Show.bytes((byte[]) v));
        } else if (v instanceof String) {
            sb.append(quoted((String) v));
        } else if (v instanceof Double) {
            sb.append("Double ").append(v).append(" (bits 0x").append(Long.toHexString(Double.doubleToRawLongBits((Double) v))).append(')');
        } else if (v instanceof Float) {
            sb.append("Float ").append(v).append(" (bits 0x").append(Integer.toHexString(Float.floatToRawIntBits((Float) v))).append(')');
        } else if (v instanceof BigDecimal) {
            sb.append("BigDecimal ").append(v).append(" (scale ").append(((BigDecimal) v).scale()).append(')');
        } else if (v instanceof Character) {
            sb.append("Character ").append(quoted(v.toString()));
        } else if (v instanceof Map) {
            sb.append(v.getClass().getSimpleName()).append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                sb.append(sep);
                describe(e.getKey(), sb);
                sb.append('=');
                describe(e.getValue(), sb);
                sep = ", ";
            }
            sb.append('}');
        } else if (v instanceof Collection) {
            sb.append(v.getClass().getSimpleName()).append('[');
            String sep = "";
            for (Object e : (Collection<?>) v) {
                sb.append(sep);
                describe(e, sb);
                sep = ", ";
            }
            sb.append(']');
        } else if (v.getClass().isArray()) {
            sb.append(v.getClass().getComponentType().getSimpleName()).append("[]{");
            for (int i = 0; i < Array.getLength(v); i++) {
                sb.append(i > 0 ? ", " : "");
                describe(Array.get(v, i), sb);
            }
            sb.append('}');
        } else if (v instanceof Record) {
            sb.append(v.getClass().getSimpleName()).append('[');
            String sep = "";
            for (RecordComponent rc : v.getClass().getRecordComponents()) {
                sb.append(sep).append(rc.getName()).append('=');
                try {
                    rc.getAccessor().setAccessible(true);
                    describe(rc.getAccessor().invoke(v), sb);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    sb.append('?');
                }
                sep = ", ";
            }
            sb.append(']');
        } else {
            sb.append(v.getClass().getSimpleName()).append(' ').append(v);
        }
    }

    private static String quoted(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                sb.append(c);
            } else {
                sb.append(String.format("\\u%04X", (int) c));
            }
        }
        return sb.append('"').toString();
    }
}

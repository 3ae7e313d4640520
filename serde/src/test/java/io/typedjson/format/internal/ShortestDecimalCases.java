package io.typedjson.format.internal;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates {@code shortest-decimals.txt}, the edge cases of {@link ShortestDecimalTest} with the strings JDK 19+'s
 * {@code Double.toString} and {@code Float.toString} give them (SPEC.md 5.1). Two steps, as the JDK 17 differences
 * can only be found on JDK 17:
 *
 * <pre>
 * CP=serde/target/test-classes:serde/target/classes:$(ls ~/.m2/repository/com/fasterxml/jackson/core/jackson-core/2.*&#47;jackson-core-2.*.jar | tail -1)
 * java -cp $CP io.typedjson.format.internal.ShortestDecimalCases jdk17 > jdk17.txt          # on JDK 17
 * /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -cp $CP io.typedjson.format.internal.ShortestDecimalCases expected \
 *     &lt; jdk17.txt > serde/src/test/resources/io/typedjson/format/internal/shortest-decimals.txt
 * </pre>
 *
 * Lines: {@code d <bits in hex> <string>} or {@code f <bits in hex> <string>}, and {@code #} comments.
 */
public final class ShortestDecimalCases {
    private ShortestDecimalCases() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("jdk17")) {
            jdk17Differences();
        } else if (args.length == 1 && args[0].equals("expected")) {
            expected();
        } else {
            System.err.println("usage: ShortestDecimalCases jdk17 | expected < jdk17.txt");
            System.exit(2);
        }
    }

    /** On JDK 17: doubles and floats whose toString differs from the shortest (jackson-core's Schubfach), in hex. */
    private static void jdk17Differences() {
        if (Runtime.version().feature() >= 19) {
            throw new IllegalStateException("run this step on JDK 17, whose toString is the old algorithm");
        }
        SplittableRandom random = new SplittableRandom(4511638);
        int doubles = 0;
        int floats = 0;
        for (int i = 0; doubles < 300 || floats < 100; i++) {
            double d = Double.longBitsToDouble(random.nextLong());
            if (doubles < 300 && Double.isFinite(d) && !Double.toString(d).equals(NumberOutput.toString(d, true))) {
                System.out.println("d " + Long.toHexString(Double.doubleToRawLongBits(d)));
                doubles++;
            }
            float f = Float.intBitsToFloat(random.nextInt());
            if (floats < 100 && Float.isFinite(f) && !Float.toString(f).equals(NumberOutput.toString(f, true))) {
                System.out.println("f " + Integer.toHexString(Float.floatToRawIntBits(f)));
                floats++;
            }
        }
    }

    /** On JDK 19 or later: the edge list and the JDK 17 differences read from stdin, with their strings. */
    private static void expected() throws Exception {
        if (Runtime.version().feature() < 19) {
            throw new IllegalStateException("run this step on JDK 19 or later, whose toString is Schubfach's");
        }
        Set<Double> doubles = new LinkedHashSet<>();
        Set<Float> floats = new LinkedHashSet<>();
        for (double d : new double[] {0.0, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL,
            Math.nextDown(Double.MIN_NORMAL), 2e23, 1e23, 8.41e21, 5.92e48, 1e-3, 1e7, 9999999.999999998, 0.001,
            Math.nextDown(1e-3), Math.nextDown(1e7), 1.0, 0.1, 0.3, 100.0, Math.PI, Math.E}) {
            doubles.add(d);
            doubles.add(-d);
        }
        for (int i = 1; i <= 100; i++) {
            doubles.add(i * Double.MIN_VALUE);
        }
        for (int e = -324; e <= 308; e++) {
            double p = Double.parseDouble("1e" + e);
            doubles.add(p);
            doubles.add(Math.nextUp(p));
            doubles.add(Math.nextDown(p));
        }
        for (int e = -1074; e <= 1023; e++) {
            doubles.add(Math.scalb(1.0, e));
        }
        for (float f : new float[] {0.0f, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL,
            Math.nextDown(Float.MIN_NORMAL), 1e-3f, 1e7f, Math.nextDown(1e7f), 1.0f, 0.1f, 0.3f, 100.0f, 3.4028235e38f,
            1.1754944e-38f, 16777216f, 16777217f}) {
            floats.add(f);
            floats.add(-f);
        }
        for (int i = 1; i <= 100; i++) {
            floats.add(i * Float.MIN_VALUE);
        }
        for (int e = -45; e <= 38; e++) {
            float p = Float.parseFloat("1e" + e);
            floats.add(p);
            floats.add(Math.nextUp(p));
            floats.add(Math.nextDown(p));
        }
        for (int e = -149; e <= 127; e++) {
            floats.add(Math.scalb(1.0f, e));
        }
        List<String> jdk17 = new ArrayList<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        for (String line; (line = in.readLine()) != null; ) {
            if (!line.isBlank()) {
                jdk17.add(line.trim());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("# Expected shortest decimals (SPEC.md 5.1) from Double.toString and Float.toString of ")
                .append(Runtime.version()).append("; generated by ShortestDecimalCases.\n");
        out.append("# edges: zeros, extremes, subnormal multiples, powers of ten and their neighbours, powers of two\n");
        doubles.stream().filter(Double::isFinite).forEach(d -> line(out, d));
        floats.stream().filter(Float::isFinite).forEach(f -> line(out, f));
        out.append("# values whose JDK 17 toString is not the shortest (JDK-4511638), found on JDK 17\n");
        for (String hex : jdk17) {
            String[] kind = hex.split(" ");
            if (kind[0].equals("d")) {
                line(out, Double.longBitsToDouble(Long.parseUnsignedLong(kind[1], 16)));
            } else {
                line(out, Float.intBitsToFloat(Integer.parseUnsignedInt(kind[1], 16)));
            }
        }
        System.out.print(out);
    }

    private static void line(StringBuilder out, double d) {
        out.append("d ").append(Long.toHexString(Double.doubleToRawLongBits(d))).append(' ').append(d).append('\n');
    }

    private static void line(StringBuilder out, float f) {
        out.append("f ").append(Integer.toHexString(Float.floatToRawIntBits(f))).append(' ').append(f).append('\n');
    }
}

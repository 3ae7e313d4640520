package io.typedjson.bench.jmh;

import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * ClassCodecBenchmark's operations run in turns, many short rounds each, in one JVM: on a shared machine whose
 * load changes from second to second, typedjson and Jackson then see the same load, which separate JMH forks
 * do not. Prints the minimum, first quartile and median ns/op of the rounds after the first third (warm-up).
 * Run: {@code java -cp ... io.typedjson.bench.jmh.ClassCodecInterleaved [rounds]}.
 */
public final class ClassCodecInterleaved {
    private ClassCodecInterleaved() {}

    public static void main(String[] args) throws Exception {
        ClassCodecBenchmark b = new ClassCodecBenchmark();
        b.setup();
        String[] names = {"orderWriteTypedJson", "orderWriteJackson", "orderReadTypedJson", "orderReadJackson",
            "purchaseWriteTypedJson", "purchaseWriteJackson", "purchaseReadTypedJson", "purchaseReadJackson"};
        Callable<?>[] ops = {b::orderWriteTypedJson, b::orderWriteJackson, b::orderReadTypedJson, b::orderReadJackson,
            b::purchaseWriteTypedJson, b::purchaseWriteJackson, b::purchaseReadTypedJson, b::purchaseReadJackson};
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int perRound = 20_000;
        double[][] nsPerOp = new double[ops.length][rounds];
        int sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < ops.length; i++) {
                long start = System.nanoTime();
                for (int k = 0; k < perRound; k++) {
                    sink += ops[i].call().hashCode();
                }
                nsPerOp[i][r] = (System.nanoTime() - start) / (double) perRound;
            }
        }
        for (int i = 0; i < ops.length; i++) {
            double[] x = Arrays.copyOfRange(nsPerOp[i], rounds / 3, rounds);
            Arrays.sort(x);
            System.out.printf("%-24s min %6.0f  p25 %6.0f  median %6.0f ns/op%n", names[i], x[0], x[x.length / 4], x[x.length / 2]);
        }
        System.out.println(sink == 42 ? "" : "(done)");
    }
}

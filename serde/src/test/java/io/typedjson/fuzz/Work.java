package io.typedjson.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;

/**
 * The work check of the fuzz tests, without a clock: the bytes the current thread allocates while reading a document
 * of n bytes (HotSpot's per-thread allocation counter, {@code com.sun.management.ThreadMXBean}) must stay under
 * {@code 256 n + 1 MiB}.
 *
 * <p>Why these constants: a reader turns a byte into at most a few dozen bytes of objects (an element {@code [],}
 * of three bytes becomes an {@code ArrayList} and a slot in its parent, about 40 bytes; a long string is a
 * parser buffer, its growth and the {@code String}, about 10 bytes a byte), and the first megabyte absorbs what
 * every read pays once (the parser, a refusal's message, a hard decimal-to-binary conversion of a
 * 1,000-digit number). A reader that is quadratic in its input, or that expands a short lexeme into a large value
 * ({@code 1E+999999999} as a BigInteger), goes far beyond it at the input sizes the fuzzer tries (up to 4 KiB:
 * 16 M byte pairs). The read measured is the second of the same input, so class loading and caches filled by the
 * first do not count. While fuzzing ({@code JAZZER_FUZZ} set) there is no check: Jazzer's instrumentation allocates
 * on its own (a refused 3 KB document counted 8 MB instrumented, 56 KB not); libFuzzer's limit per input stands in
 * for it (10 s, set by the parent pom's profile "fuzzing").
 *
 * <p>Shared with the connect-converter's fuzz tests through serde's test jar.
 */
public final class Work {
    private Work() {}

    static final long PER_BYTE = 256;
    static final long CONSTANT = 1 << 20;

    // through reflection: the serde tests run inside the serde module, which reads neither java.management nor
    // jdk.management (reflection needs no readability)
    private static final Object BEAN = threadBean();
    private static final Method ALLOCATED = isFuzzing() ? null : allocatedBytes();

    private static boolean isFuzzing() {
        String fuzz = System.getenv("JAZZER_FUZZ");
        return fuzz != null && !fuzz.isEmpty();
    }

    private static Object threadBean() {
        try {
            return Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static Method allocatedBytes() {
        try {
            Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
            Method supported = type.getMethod("isThreadAllocatedMemoryEnabled");
            return type.isInstance(BEAN) && (Boolean) supported.invoke(BEAN) ? type.getMethod("getThreadAllocatedBytes", long.class) : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** Runs {@code read} (the second read of {@code document}) and checks what it allocated; no check without the counter or while fuzzing. */
    public static void assertLinear(byte[] document, Runnable read) {
        assertLinear(document.length, document, read);
    }

    /** As above for an input of {@code size} bytes in all (a document and its schema header). */
    public static void assertLinear(int size, byte[] document, Runnable read) {
        if (ALLOCATED == null) {
            read.run();
            return;
        }
        long before = allocated();
        read.run();
        long used = allocated() - before;
        long bound = PER_BYTE * size + CONSTANT;
        assertTrue(used <= bound, () -> "reading " + size + " bytes allocated " + used + " bytes, more than "
                + bound + ": " + Show.bytes(document));
    }

    private static long allocated() {
        try {
            return (Long) ALLOCATED.invoke(BEAN, Thread.currentThread().getId());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}

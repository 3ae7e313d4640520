package io.typedjson.bench.codec;

/** Decides whether a decoded value is exactly the value that was encoded. */
public final class Exactness {
    private Exactness() {}

    /** Null when {@code actual} is exactly {@code expected}; otherwise a short description of the first difference. */
    public static String firstDifference(Object expected, Object actual) {
        throw new UnsupportedOperationException("not built yet");
    }
}

package io.typedjson.bench.cluster;

/** The values of command-line options, checked: the cluster, scale, failover and faults commands parse theirs with these. */
final class OptionValues {

    private OptionValues() {}

    /**
     * For an option given last, without its value: an option not in {@code options} (those that take a value) is
     * said to be unknown, as it is when a value follows it.
     */
    static IllegalArgumentException missingValue(String option, java.util.List<String> options) {
        return new IllegalArgumentException(options.contains(option) ? option + " needs a value" : "unknown option " + option);
    }

    static int positive(String name, String v) {
        int n = nonNegative(name, v);
        if (n == 0) {
            throw new IllegalArgumentException(name + " must be at least 1");
        }
        return n;
    }

    static int nonNegative(String name, String v) {
        long n = parseLong(name, v.replace("_", "").replace(",", ""));
        if (n < 0 || n > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException(name + " out of range: " + v);
        }
        return (int) n;
    }

    static long parseLong(String name, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " needs a number, not " + v);
        }
    }

    static String oneOf(String name, String v, String... allowed) {
        for (String s : allowed) {
            if (s.equals(v)) {
                return v;
            }
        }
        throw new IllegalArgumentException(name + " must be one of " + String.join(", ", allowed));
    }
}

package io.typedjson.bench.cluster;

/** Placeholder: the end-to-end cluster benchmark replaces this file. */
public final class ClusterCommand {
    private ClusterCommand() {}

    public static int run(String[] args) {
        System.err.println("cluster benchmark not built yet");
        return 2;
    }
}

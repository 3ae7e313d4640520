package io.typedjson.bench.codec;

import java.util.List;

/** The codecs compared on each data set. */
public final class Codecs {
    private Codecs() {}

    /** Every codec that can carry the named data set, typedjson's first. */
    public static List<BenchCodec<?>> forDataset(String dataset) {
        throw new UnsupportedOperationException("not built yet: " + dataset);
    }
}

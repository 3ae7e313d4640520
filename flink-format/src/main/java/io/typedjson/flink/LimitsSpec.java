package io.typedjson.flink;

import io.typedjson.format.Limits;
import java.io.Serializable;

/** {@link Limits} in a form Flink can ship to its task managers with a schema. */
record LimitsSpec(int maxDepth, int maxNumberLength, int maxStringLength, long maxDocumentLength, int maxElements)
        implements Serializable {

    static final LimitsSpec DEFAULT = of(Limits.DEFAULT);

    static LimitsSpec of(Limits limits) {
        return new LimitsSpec(limits.maxDepth(), limits.maxNumberLength(), limits.maxStringLength(), limits.maxDocumentLength(),
                limits.maxElements());
    }

    Limits limits() {
        return new Limits(maxDepth, maxNumberLength, maxStringLength, maxDocumentLength, maxElements);
    }
}

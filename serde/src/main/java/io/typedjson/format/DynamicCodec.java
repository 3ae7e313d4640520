package io.typedjson.format;

import io.typedjson.format.internal.DynamicModel;

/**
 * The dynamic model: values whose type no class or schema gives, so the document alone must say it
 * (SPEC.md, "The dynamic model"). Plain JSON carries null, Boolean, Long, Double, String, List and
 * Map&lt;String,?&gt;; every other type of the model is a tagged string or a tagged object.
 *
 * <p>Reading gives ArrayList, LinkedHashMap (document order) and LinkedHashSet.
 */
public final class DynamicCodec extends DynamicModel {

    public static final DynamicCodec INSTANCE = new DynamicCodec();

    private DynamicCodec() {}
}

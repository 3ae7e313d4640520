package io.typedjson.format;

import io.typedjson.format.internal.DynamicModel;

/**
 * The dynamic model: values whose type no class or schema gives, so the document alone must say it
 * (SPEC.md, "The dynamic model"). Plain JSON carries null, Boolean, Long, Double, String, List and
 * Map&lt;String,?&gt;; every other type of the model is a tagged string or a tagged object.
 *
 * <p>Reading gives ArrayList, LinkedHashMap (document order) and LinkedHashSet. It learns the order of the keys of
 * the objects it reads (at most 1024 keys, shared by all threads) and compares a document's keys with those first.
 */
public final class DynamicCodec extends DynamicModel {

    public static final DynamicCodec INSTANCE = new DynamicCodec();

    private DynamicCodec() {
        super(new WriterMarks() {
            @Override
            public long mark(JsonWriter out) {
                return out.mark();
            }

            @Override
            public void cutBack(JsonWriter out, long mark) {
                out.cutBack(mark);
            }
        });
    }
}

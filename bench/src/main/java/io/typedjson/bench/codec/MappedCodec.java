package io.typedjson.bench.codec;

import java.util.function.Function;

/** The parts every library-backed codec shares: its name and settings, and how records map to its values and back. */
abstract class MappedCodec<V> implements BenchCodec<V> {
    private final String name;
    private final String settings;
    private final Function<Object, V> prepare;
    private final Function<V, Object> toRecord;

    /**
     * @param prepare  turns a canonical record into the value the codec takes
     * @param toRecord turns a decoded value back into the canonical record, or null when there is no way back
     */
    MappedCodec(String name, String settings, Function<Object, V> prepare, Function<V, Object> toRecord) {
        this.name = name;
        this.settings = settings;
        this.prepare = prepare;
        this.toRecord = toRecord;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String settings() {
        return settings;
    }

    @Override
    public V prepare(Object record) {
        return prepare.apply(record);
    }

    @Override
    public Object toRecord(V decoded) {
        return toRecord == null ? null : toRecord.apply(decoded);
    }
}

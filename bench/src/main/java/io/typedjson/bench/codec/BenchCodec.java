package io.typedjson.bench.codec;

/**
 * One way of turning a data set's records into bytes and back, as a Kafka application would use it.
 * Instances made by {@link Codecs} are thread-safe.
 *
 * @param <V> the value type this codec takes and gives back (a Map, a Java record, a Connect Struct, a protobuf message...)
 */
public interface BenchCodec<V> {

    /** Short stable name used in tables and topic names, e.g. {@code typedjson-dynamic}. */
    String name();

    /** Converts a canonical record of the data set into this codec's own value; done before any timing. */
    V prepare(Object record);

    /** Serializes one value. */
    byte[] encode(V value);

    /** Deserializes one value; must give back something {@code Exactness.firstDifference} can compare to the prepared value. */
    V decode(byte[] bytes);

    /** How the codec is set up (library, configuration, the type it carries), for the report. */
    default String settings() {
        return "";
    }

    /**
     * The data set's canonical record a user of this codec would build from a decoded value, or null when the codec
     * has no way back to it (a schemaless map or tree). Not timed.
     */
    default Object toRecord(V decoded) {
        return null;
    }
}

package io.typedjson.format;

/**
 * Where a Kafka Connect schema travels with a typed JSON record (SPEC.md, section 11, "Schema locations"): the two
 * format keys of an inline document, {@code {"~s":"<schema notation>","~v":<value>}}, and the record headers of
 * header mode. Defined once here for the writer and reader (the Connect converter) and for the tools that only look
 * (the console formatter).
 */
public final class ConnectEnvelope {

    /** First key of an inline document: the schema notation, as a JSON string. */
    public static final String SCHEMA_KEY = "~s";
    /** Second and last key of an inline document: the value, spelled as the schema says. */
    public static final String VALUE_KEY = "~v";
    /** Record header carrying a value's schema notation (UTF-8) in header mode. */
    public static final String VALUE_SCHEMA_HEADER = "typedjson.schema";
    /** Record header carrying a key's schema notation (UTF-8) in header mode. */
    public static final String KEY_SCHEMA_HEADER = "typedjson.key.schema";

    private ConnectEnvelope() {
    }
}

package io.typedjson.format;

/**
 * Shortcuts for the dynamic model with the default limits: {@code TypedJson.read(TypedJson.write(v))} equals
 * {@code v} for every value of the model (SPEC.md).
 */
public final class TypedJson {
    private TypedJson() {}

    /** Writes a value of the dynamic model as a typed JSON document (UTF-8 bytes). */
    public static byte[] write(Object value) {
        return TypedJsonFormat.defaults().write(DynamicCodec.INSTANCE, value);
    }

    /** Reads a typed JSON document into a value of the dynamic model. */
    public static Object read(byte[] document) {
        return TypedJsonFormat.defaults().read(DynamicCodec.INSTANCE, document);
    }
}

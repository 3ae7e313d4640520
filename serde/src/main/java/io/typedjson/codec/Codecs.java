package io.typedjson.codec;

import io.typedjson.format.Codec;
import io.typedjson.format.DynamicCodec;
import java.lang.reflect.Type;

/** Finds the codec for a Java type; codecs are built once per type and cached. */
public final class Codecs {
    private Codecs() {}

    /** The codec for {@code type}: the dynamic model for {@code Object}. */
    @SuppressWarnings("unchecked")
    public static <T> Codec<T> of(Type type) {
        if (type == Object.class) {
            return (Codec<T>) DynamicCodec.INSTANCE;
        }
        throw new IllegalArgumentException("no typed JSON codec for " + type.getTypeName());
    }
}

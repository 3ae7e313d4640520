package io.typedjson.serde;

import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import java.lang.reflect.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.Utils;

/** What the serializer and deserializer share: finding the configured codec. */
final class SerdeSupport {
    private SerdeSupport() {}

    @SuppressWarnings("unchecked")
    static <T> Codec<T> dynamic() {
        return (Codec<T>) Codecs.of((Type) Object.class);
    }

    /** The codec of the type given in code, or else of the configured class name, or else the dynamic model. */
    static <T> Codec<T> codecFor(TypedJsonConfig config, boolean isKey, Type given) {
        CodecOptions options = config.codecOptions();
        if (given != null) {
            return Codecs.of(given, options);
        }
        String name = config.typeName(isKey);
        if (name == null) {
            return Codecs.of(Object.class, options);
        }
        String key = isKey ? TypedJsonConfig.KEY_TYPE : TypedJsonConfig.VALUE_TYPE;
        Class<?> type;
        try {
            type = Utils.loadClass(name, Object.class);
        } catch (ClassNotFoundException e) {
            throw new ConfigException(key, name, "class not found on the classpath");
        }
        try {
            return Codecs.of(type, options);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, name, e.getMessage());
        }
    }
}

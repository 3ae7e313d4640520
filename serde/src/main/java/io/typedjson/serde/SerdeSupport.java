package io.typedjson.serde;

import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.Utils;

/** What the serializer and deserializer share: finding the configured codec. */
final class SerdeSupport {
    private SerdeSupport() {}

    static <T> Codec<T> dynamic() {
        return Codecs.of(Object.class);
    }

    static <T> Codec<T> codecFor(TypedJsonConfig config, boolean isKey) {
        String name = config.typeName(isKey);
        if (name == null) {
            return dynamic();
        }
        String key = isKey ? TypedJsonConfig.KEY_TYPE : TypedJsonConfig.VALUE_TYPE;
        Class<?> type;
        try {
            type = Utils.loadClass(name, Object.class);
        } catch (ClassNotFoundException e) {
            throw new ConfigException(key, name, "class not found on the classpath");
        }
        try {
            return Codecs.of(type);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, name, e.getMessage());
        }
    }
}

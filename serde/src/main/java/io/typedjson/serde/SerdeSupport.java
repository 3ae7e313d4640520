package io.typedjson.serde;

import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.codec.EventTypes;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import java.lang.reflect.Type;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/**
 * What the serializer and the deserializer share: the format with its limits and the codec of the carried type,
 * from code (a type or a codec given to a constructor) or from Kafka properties.
 */
final class SerdeSupport<T> {

    /** A type given in code, recompiled with the configured options on configure; null otherwise. */
    private final Type type;
    /** A codec given in code: {@code typedjson.*.type} properties are then ignored. */
    private final boolean codecGiven;
    /** Event types given in code; null otherwise. */
    private final EventTypes eventTypes;
    TypedJsonFormat format = TypedJsonFormat.defaults();
    Codec<T> codec;
    /** Several event types on the topic (typedjson.value.types, or given in code); null for one type. */
    EventTypeSupport events;
    /** A topic shared with plain JSON during a migration (typedjson.other.writers, ...); null with the defaults. */
    OtherFormats other;
    /** A record key's serde (the header typedjson-format describes the value); false until configured. */
    boolean isKey;
    /**
     * The class the codec carries (a type's raw class, boxed), to name a value of another class in the serializer's
     * refusal; null for the dynamic model and a codec given in code. {@code classConfigured}: named by a property.
     */
    Class<?> valueClass;
    boolean classConfigured;

    private SerdeSupport(Type type, Codec<T> codec, boolean codecGiven, EventTypes eventTypes) {
        this.type = type;
        this.codec = codec;
        this.codecGiven = codecGiven;
        this.eventTypes = eventTypes;
        this.valueClass = type == null ? null : boxed(rawClass(type));
        this.events = eventTypes == null ? null : EventTypeSupport.configure(new TypedJsonConfig(Map.of()), eventTypes, false);
    }

    /** The type comes from configuration; the dynamic model until then. */
    @SuppressWarnings("unchecked")
    static <T> SerdeSupport<T> configurable() {
        return new SerdeSupport<>(null, (Codec<T>) Codecs.of((Type) Object.class), false, null);
    }

    static <T> SerdeSupport<T> ofType(Type type) {
        return new SerdeSupport<>(type, Codecs.of(type), false, null);
    }

    static <T> SerdeSupport<T> ofCodec(Codec<T> codec) {
        return new SerdeSupport<>(null, codec, true, null);
    }

    /** Several event types by name, given in code: {@code typedjson.value.types} is then ignored. */
    @SuppressWarnings("unchecked")
    static <T> SerdeSupport<T> ofEventTypes(EventTypes types) {
        return new SerdeSupport<>(null, (Codec<T>) Codecs.of((Type) Object.class), true, java.util.Objects.requireNonNull(types));
    }

    void configure(Map<String, ?> configs, boolean isKey) {
        this.isKey = isKey;
        TypedJsonConfig config = new TypedJsonConfig(configs);
        format = config.format();
        other = OtherFormats.configure(config, isKey);
        if (!codecGiven) {
            codec = codecFor(config, isKey, type);
            String name = config.typeName(isKey);
            classConfigured = type == null && name != null;
            valueClass = type != null ? boxed(rawClass(type)) : classConfigured ? loadedClass(name) : null;
        }
        events = type != null || codecGiven && eventTypes == null ? null : EventTypeSupport.configure(config, eventTypes, isKey);
    }

    /** The codec of the type given in code, or else of the configured class name, or else the dynamic model. */
    private static <T> Codec<T> codecFor(TypedJsonConfig config, boolean isKey, Type given) {
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
            type = loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new ConfigException(key, name, name.indexOf('<') >= 0
                    ? "a class name, not a generic type: a type such as List<Order> is given in code,"
                            + " TypedJsonSerde.forType(new TypeRef<List<Order>>() {})"
                    : "class not found on the classpath");
        }
        try {
            return Codecs.of(type, options);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, name, e.getMessage());
        }
    }

    private static Class<?> loadedClass(String name) {
        try {
            return loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // loaded just before by codecFor
        }
    }

    private static Class<?> rawClass(Type type) {
        Type t = type instanceof java.lang.reflect.WildcardType w ? w.getUpperBounds()[0] : type;
        return t instanceof Class<?> c ? c
                : t instanceof java.lang.reflect.ParameterizedType p ? (Class<?>) p.getRawType()
                : t instanceof java.lang.reflect.GenericArrayType a ? rawClass(a.getGenericComponentType()).arrayType()
                : Object.class; // a type variable: anything
    }

    private static Class<?> boxed(Class<?> c) {
        return c == Object.class ? null : java.lang.invoke.MethodType.methodType(c).wrap().returnType();
    }

    /**
     * The class as Kafka loads configured classes: through the thread's context class loader (Connect and
     * application servers set it), else the one that loaded typedjson; static initialisers are not run here.
     */
    static Class<?> loadClass(String name) throws ClassNotFoundException {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return Class.forName(name, false, context != null ? context : SerdeSupport.class.getClassLoader());
    }
}

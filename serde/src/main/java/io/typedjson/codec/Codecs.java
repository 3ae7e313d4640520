package io.typedjson.codec;

import io.typedjson.codec.WrapperCodecs.Ref;
import io.typedjson.format.Codec;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Type;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the codec for a Java type. Codecs are made once per type and options, cached, and thread-safe. What a class
 * may contain, and how each type is spelled, is in SPEC.md section 10. A record, a class, an enum or a sealed type
 * gets a codec of the {@link CodecKind} the options ask for: by default the one {@code typedjson-processor} wrote at
 * compile time, else one generated at run time, else the reflective one; all read and write alike.
 */
public final class Codecs {
    private Codecs() {}

    private static final Map<CodecOptions, CodecFactory> FACTORIES = new ConcurrentHashMap<>();
    private static final Map<Codec<?>, CodecKind> KINDS = Collections.synchronizedMap(new WeakHashMap<>());

    /** The codec for {@code type} with {@link CodecOptions#DEFAULT}. */
    public static <T> Codec<T> of(Type type) {
        return of(type, CodecOptions.DEFAULT);
    }

    public static <T> Codec<T> of(Class<T> type) {
        return of((Type) type, CodecOptions.DEFAULT);
    }

    public static <T> Codec<T> of(TypeRef<T> type) {
        return of(type.type(), CodecOptions.DEFAULT);
    }

    /**
     * The codec for {@code type}. Throws {@link IllegalArgumentException} naming the offending field when the
     * type, or a type it contains, cannot be carried.
     */
    @SuppressWarnings("unchecked")
    public static <T> Codec<T> of(Type type, CodecOptions options) {
        return (Codec<T>) FACTORIES.computeIfAbsent(options, CodecFactory::new).get(Types.canonical(type));
    }

    /**
     * Which kind of codec {@code codec} is (compiled, generated at run time, or reflective) for the codec of a record,
     * a class, an enum or a sealed type; null for the format's own codecs (scalars, containers, the dynamic model) and
     * for codecs made elsewhere.
     */
    public static CodecKind kindOf(Codec<?> codec) {
        Codec<?> c = codec;
        while (c instanceof Ref r) {
            c = r.target();
        }
        return c == null ? null : KINDS.get(c);
    }

    static void recordKind(Codec<?> codec, CodecKind kind) {
        KINDS.put(codec, kind);
    }

    /**
     * Lets typedjson reach the classes of the caller's module without the module opening their packages to it: call
     * once, before asking for their codecs, with {@code MethodHandles.lookup()} (full privilege access, from any class
     * of that module). The codecs generated at run time and the reflective ones then reach non-public constructors,
     * accessors and fields through it. Not needed on the class path, nor for codecs generated at compile time.
     */
    public static void allowAccess(MethodHandles.Lookup lookup) {
        Access.allow(lookup);
    }
}

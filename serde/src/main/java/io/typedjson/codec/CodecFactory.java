package io.typedjson.codec;

import io.typedjson.annotation.TypedJson;
import io.typedjson.annotation.TypedJsonName;
import io.typedjson.codec.WrapperCodecs.OpenCodec;
import io.typedjson.codec.WrapperCodecs.OptionalCodec;
import io.typedjson.codec.WrapperCodecs.Ref;
import io.typedjson.format.Codec;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.JsonKey;
import io.typedjson.format.internal.Containers;
import io.typedjson.format.internal.Containers.CollectionCodec;
import io.typedjson.format.internal.Containers.ObjectArrayCodec;
import io.typedjson.format.internal.Containers.ObjectMapCodec;
import io.typedjson.format.internal.Containers.PairMapCodec;
import io.typedjson.format.internal.KeySpelling;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The codecs of one set of options, built once per type and cached. Records, classes, enums and sealed types get the
 * kind {@link CodecOptions#kind()} asks for ({@link CodecKind}); building is serialized, lookups are not.
 */
final class CodecFactory {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Codecs.class);

    private final CodecOptions options;
    /**
     * The finished codecs, each kept on the class of its type whose loader is the deepest ({@link Types#anchor}):
     * when that loader goes away (an application redeployed, a Connect plugin or a Flink job's classes unloaded) its
     * codecs go with it, and nothing static in typedjson keeps them.
     */
    private final ClassValue<Map<Type, Codec<Object>>> cache = new ClassValue<>() {
        @Override
        protected Map<Type, Codec<Object>> computeValue(Class<?> anchor) {
            return new ConcurrentHashMap<>();
        }
    };
    /** Types being built by the current (locked) build, with a stand-in once something refers back to them. */
    private final Map<Type, Ref> building = new HashMap<>();
    /** Codecs the current build made; cached only when the whole build succeeds (no dangling stand-ins). */
    private final Map<Type, Codec<Object>> staged = new HashMap<>();

    CodecFactory(CodecOptions options) {
        this.options = options;
    }

    CodecOptions options() {
        return options;
    }

    Codec<Object> get(Type type) {
        Codec<Object> codec = cached(type);
        if (codec != null) {
            return codec;
        }
        synchronized (this) {
            try {
                codec = build(type);
                staged.forEach((t, c) -> cache.get(Types.anchor(t)).put(t, c));
                return codec;
            } finally {
                building.clear();
                staged.clear();
            }
        }
    }

    private Codec<Object> cached(Type type) {
        return cache.get(Types.anchor(type)).get(type);
    }

    private Codec<Object> build(Type type) {
        Codec<Object> codec = cached(type);
        codec = codec != null ? codec : staged.get(type);
        if (codec != null) {
            return codec;
        }
        if (building.containsKey(type)) {
            Ref ref = building.get(type);
            if (ref == null) {
                ref = new Ref();
                building.put(type, ref);
            }
            return ref;
        }
        building.put(type, null);
        codec = create(type);
        Ref ref = building.remove(type);
        if (ref != null) {
            ref.set(codec);
        }
        staged.put(type, codec);
        return codec;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Codec<Object> create(Type type) {
        Class<?> raw = Types.raw(type);
        if (raw == Object.class) {
            return (Codec) DynamicCodec.INSTANCE;
        }
        Codec<?> scalar = ScalarCodecs.of(raw);
        if (scalar != null) {
            return (Codec) scalar;
        }
        if (raw.isArray()) {
            Class<?> component = raw.getComponentType();
            return component.isPrimitive() ? new PrimitiveArrayCodec(component)
                    : (Codec) new ObjectArrayCodec(build(Types.canonical(elementType(type))), component);
        }
        if (raw == Optional.class) {
            Type inner = Types.arg(type, 0);
            if (Types.raw(inner) == Optional.class) {
                throw new IllegalArgumentException("Optional<Optional<...>> cannot be carried exactly (both empties are null)");
            }
            return (Codec) new OptionalCodec(build(inner));
        }
        if (Collection.class.isAssignableFrom(raw)) {
            return (Codec) collection(type, raw);
        }
        if (Map.class.isAssignableFrom(raw)) {
            return (Codec) map(type, raw);
        }
        if (!raw.isEnum() && !raw.isSealed() && !raw.isRecord()
                && (raw.isInterface() || Modifier.isAbstract(raw.getModifiers()))) {
            return new OpenCodec((Codec) DynamicCodec.INSTANCE, raw);
        }
        return classCodec(type, raw);
    }

    // ------------------------------------------------------------------ records, classes, enums, sealed types

    /** The codec of a record, class, enum or sealed type, of the kind the options ask for. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Codec<Object> classCodec(Type type, Class<?> raw) {
        CodecKind kind = options.kind();
        if (kind == CodecKind.AUTO || kind == CodecKind.COMPILED) {
            Codec<Object> compiled = (Codec) CompiledCodecRegistry.find(raw, new CodecContext(this, type, raw));
            if (compiled != null) {
                return chosen(compiled, CodecKind.COMPILED, raw, null);
            }
            if (kind == CodecKind.COMPILED) {
                throw new IllegalArgumentException("no codec generated at compile time for " + raw.getName()
                        + " (typedjson.codec.kind=compiled): mark it @TypedJson and run typedjson-processor when"
                        + " compiling it (docs/custom-codecs.md)");
            }
            if (raw.isAnnotationPresent(TypedJson.class)) {
                LOG.warn("{} is marked @TypedJson but no codec generated at compile time"
                        + " was found: is typedjson-processor among the compiler's annotation processors, and, in a"
                        + " named module, its registry in a 'provides io.typedjson.codec.CompiledCodecs with ...'"
                        + " directive? Its codec is made at run time", raw.getName());
            }
        }
        if (raw.isEnum()) {
            return chosen((Codec) new EnumCodec(raw), CodecKind.REFLECTIVE, raw, null);
        }
        if (raw.isSealed()) {
            Class<?>[] classes = raw.getPermittedSubclasses();
            String[] names = new String[classes.length];
            for (int i = 0; i < classes.length; i++) {
                TypedJsonName rename = classes[i].getAnnotation(TypedJsonName.class);
                names[i] = rename != null ? rename.value() : classes[i].getSimpleName();
            }
            return chosen(variants(type, raw, classes, names), CodecKind.REFLECTIVE, raw, null);
        }
        ClassModel model = ClassModel.of(type, raw);
        List<ClassModel.Member> members = model.members;
        int n = members.size();
        JsonKey[] keys = new JsonKey[n];
        Type[] types = new Type[n];
        for (int i = 0; i < n; i++) {
            keys[i] = JsonKey.of(members.get(i).name());
            types[i] = members.get(i).type();
        }
        // the fields first, the codecs of their types after, as a compiled codec's constructor makes them (the same
        // refusal first when a class has both defects)
        ClassFields fields = new ClassFields(raw, options, keys, types);
        Codec<Object>[] codecs = new Codec[n];
        for (int i = 0; i < n; i++) {
            ClassModel.Member m = members.get(i);
            codecs[i] = hasOwnCodec(m.raw()) ? within(raw, m.name(), m.type()) : null;
        }
        String notGenerated = null;
        if (kind == CodecKind.AUTO || kind == CodecKind.GENERATED) {
            try {
                return chosen(CodecGenerator.generate(model, fields, codecs), CodecKind.GENERATED, raw, null);
            } catch (RuntimeException | LinkageError e) {
                if (kind == CodecKind.GENERATED) {
                    throw new IllegalArgumentException("cannot generate the codec of " + raw.getName()
                            + " at run time (typedjson.codec.kind=generated): " + e, e);
                }
                notGenerated = e.toString();
                if (e instanceof LinkageError) {
                    // a class the generator made that the JVM refused is a defect of ours, not a property of the
                    // class (those are RuntimeExceptions): said once per class, where operators look
                    LOG.warn("the codec of {} generated at run time was refused by the JVM; its reflective codec is"
                            + " used instead (same documents, slower). Please report this with the class", raw.getName(), e);
                }
            }
        }
        ObjectCodec.Property[] properties = new ObjectCodec.Property[n];
        for (int i = 0; i < n; i++) {
            properties[i] = new ObjectCodec.Property(members.get(i), codecs[i]);
        }
        return chosen(new ObjectCodec(model, fields, properties), CodecKind.REFLECTIVE, raw, notGenerated);
    }

    /**
     * Whether a field of this type is read and written through a codec of its own; the primitives and String are
     * spelled in place by every kind ({@link ScalarFields}).
     */
    static boolean hasOwnCodec(Class<?> raw) {
        return !raw.isPrimitive() && raw != String.class;
    }

    private static Codec<Object> chosen(Codec<Object> codec, CodecKind kind, Class<?> raw, String whyNotGenerated) {
        Codecs.recordKind(codec, kind);
        if (LOG.isDebugEnabled()) {
            LOG.debug("codec of {}: {}{}", raw.getName(), kind.name().toLowerCase(java.util.Locale.ROOT),
                    whyNotGenerated == null ? "" : " (not generated at run time: " + whyNotGenerated + ")");
        }
        return codec;
    }

    /** The codec of a sealed type: its permitted subclasses written under their names. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Codec<Object> variants(Type type, Class<?> sealed, Class<?>[] classes, String[] names) {
        Codec<Object>[] codecs = new Codec[classes.length];
        Map<String, Class<?>> seen = new HashMap<>();
        for (int i = 0; i < classes.length; i++) {
            Class<?> other = seen.put(names[i], classes[i]);
            if (other != null) {
                throw new IllegalArgumentException("variants " + other.getName() + " and " + classes[i].getName()
                        + " of " + sealed.getName() + " are both named " + names[i] + " (rename one with @TypedJsonName)");
            }
            if (Modifier.isAbstract(classes[i].getModifiers()) && !classes[i].isSealed()) {
                throw new IllegalArgumentException("variant " + classes[i].getName() + " of " + sealed.getName()
                        + " is abstract and not sealed: its subclasses could not be named");
            }
            codecs[i] = within(sealed, names[i], Types.subtype(type, classes[i]));
        }
        return new VariantCodec(sealed, classes.clone(), names.clone(), codecs);
    }

    /** Builds a member's codec, naming the member when its type cannot be carried. */
    Codec<Object> within(Class<?> owner, String member, Type type) {
        try {
            return build(Types.canonical(type));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(owner.getSimpleName() + "." + member + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ containers

    private static Type elementType(Type arrayType) {
        return arrayType instanceof java.lang.reflect.GenericArrayType
                ? ((java.lang.reflect.GenericArrayType) arrayType).getGenericComponentType()
                : ((Class<?>) arrayType).getComponentType();
    }

    private Codec<?> collection(Type type, Class<?> raw) {
        Codec<Object> element = build(Types.canonical(Types.arg(type, 0)));
        if (raw.isAssignableFrom(ArrayList.class)) {
            return new CollectionCodec<>(element, Containers.ARRAY_LIST, false);
        }
        if (raw.isAssignableFrom(LinkedHashSet.class)) {
            return new CollectionCodec<>(element, Containers.LINKED_HASH_SET, true);
        }
        if (raw.isAssignableFrom(TreeSet.class)) {
            return new CollectionCodec<>(element, TreeSet::new, true);
        }
        throw new IllegalArgumentException("collection type " + raw.getName()
                + " is not supported (use List, Set, SortedSet or Collection)");
    }

    @SuppressWarnings("unchecked")
    private Codec<?> map(Type type, Class<?> raw) {
        Supplier<Map<Object, Object>> factory;
        if (raw.isAssignableFrom(LinkedHashMap.class)) {
            factory = Containers.LINKED_HASH_MAP;
        } else if (raw.isAssignableFrom(TreeMap.class)) {
            factory = TreeMap::new;
        } else {
            throw new IllegalArgumentException("map type " + raw.getName() + " is not supported (use Map or SortedMap)");
        }
        Type keyType = Types.canonical(Types.arg(type, 0));
        Class<?> keyRaw = Types.raw(keyType);
        Codec<Object> values = build(Types.canonical(Types.arg(type, 1)));
        // an enum's codec is its key spelling too: every kind makes an EnumCodec
        KeySpelling<?> keys = keyRaw.isEnum() ? (EnumCodec) (Codec<?>) build(keyType) : KeySpelling.of(keyRaw);
        if (keys != null) {
            return new ObjectMapCodec<>((KeySpelling<Object>) keys, values, factory);
        }
        return new PairMapCodec<>(build(keyType), values, factory);
    }
}

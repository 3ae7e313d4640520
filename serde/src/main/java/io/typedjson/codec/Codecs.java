package io.typedjson.codec;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.codec.WrapperCodecs.OpenCodec;
import io.typedjson.codec.WrapperCodecs.OptionalCodec;
import io.typedjson.codec.WrapperCodecs.Ref;
import io.typedjson.format.Codec;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.internal.Containers;
import io.typedjson.format.internal.Containers.CollectionCodec;
import io.typedjson.format.internal.Containers.ObjectArrayCodec;
import io.typedjson.format.internal.Containers.ObjectMapCodec;
import io.typedjson.format.internal.Containers.PairMapCodec;
import io.typedjson.format.internal.KeySpelling;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Finds the codec for a Java type. Codecs are compiled once per type and options (method handles for the
 * accessors and constructors, resolved generic types), cached, and thread-safe. What a class may contain,
 * and how each type is spelled, is in SPEC.md section 10.
 */
public final class Codecs {
    private Codecs() {}

    private static final Map<CodecOptions, Codecs.Factory> FACTORIES = new ConcurrentHashMap<>();

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
        return (Codec<T>) FACTORIES.computeIfAbsent(options, Factory::new).get(Types.canonical(type));
    }

    /** The codecs of one set of options; building is serialized, lookups are not. */
    private static final class Factory {
        private final CodecOptions options;
        private final Map<Type, Codec<Object>> cache = new ConcurrentHashMap<>();
        /** Types being built by the current (locked) build, with a stand-in once something refers back to them. */
        private final Map<Type, Ref> building = new HashMap<>();
        /** Codecs the current build made; cached only when the whole build succeeds (no dangling stand-ins). */
        private final Map<Type, Codec<Object>> staged = new HashMap<>();

        Factory(CodecOptions options) {
            this.options = options;
        }

        Codec<Object> get(Type type) {
            Codec<Object> codec = cache.get(type);
            if (codec != null) {
                return codec;
            }
            synchronized (this) {
                try {
                    codec = build(type);
                    cache.putAll(staged);
                    return codec;
                } finally {
                    building.clear();
                    staged.clear();
                }
            }
        }

        private Codec<Object> build(Type type) {
            Codec<Object> codec = cache.get(type);
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
            if (raw.isEnum()) {
                return (Codec) new EnumCodec(raw);
            }
            if (raw.isSealed()) {
                return variants(type, raw);
            }
            if (raw.isRecord()) {
                return record(type, raw);
            }
            if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers())) {
                return new OpenCodec((Codec) DynamicCodec.INSTANCE, raw);
            }
            return pojo(type, raw);
        }

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
            KeySpelling<?> keys = keyRaw.isEnum() ? (EnumCodec) (Codec<?>) build(keyType) : KeySpelling.of(keyRaw);
            if (keys != null) {
                return new ObjectMapCodec<>((KeySpelling<Object>) keys, values, factory);
            }
            return new PairMapCodec<>(build(keyType), values, factory);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private Codec<Object> variants(Type type, Class<?> sealed) {
            Class<?>[] classes = sealed.getPermittedSubclasses();
            String[] names = new String[classes.length];
            Codec<Object>[] codecs = new Codec[classes.length];
            Map<String, Class<?>> seen = new HashMap<>();
            for (int i = 0; i < classes.length; i++) {
                TypedJsonName rename = classes[i].getAnnotation(TypedJsonName.class);
                names[i] = rename != null ? rename.value() : classes[i].getSimpleName();
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
            return new VariantCodec(sealed, classes, names, codecs);
        }

        private Codec<Object> record(Type type, Class<?> raw) {
            MethodHandles.Lookup lookup = lookup(raw);
            Map<TypeVariable<?>, Type> bindings = Types.bindings(type);
            RecordComponent[] components = raw.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
            }
            MethodHandle constructor;
            try {
                constructor = lookup.findConstructor(raw, MethodType.methodType(void.class, types))
                        .asType(MethodType.genericMethodType(types.length))
                        .asSpreader(Object[].class, types.length);
            } catch (ReflectiveOperationException e) {
                throw inaccessible(raw, e);
            }
            List<ObjectCodec.Property> properties = new ArrayList<>();
            for (RecordComponent c : components) {
                TypedJsonName rename = c.getAnnotation(TypedJsonName.class);
                String name = rename != null ? rename.value() : c.getName();
                Type fieldType = Types.resolve(c.getGenericType(), bindings);
                try {
                    properties.add(property(raw, name, fieldType, lookup, lookup.unreflect(c.getAccessor()), null));
                } catch (IllegalAccessException e) {
                    throw inaccessible(raw, e);
                }
            }
            return new ObjectCodec(raw, options, constructor, properties.toArray(new ObjectCodec.Property[0]));
        }

        private Codec<Object> pojo(Type type, Class<?> raw) {
            String pkg = raw.getPackageName();
            if (pkg.startsWith("java.") || pkg.startsWith("javax.") || pkg.startsWith("jdk.") || pkg.startsWith("sun.")
                    || raw.isPrimitive()) {
                throw new IllegalArgumentException("no typed JSON codec for " + raw.getName());
            }
            if (raw.isAnonymousClass() || raw.isLocalClass() || (raw.isMemberClass() && !Modifier.isStatic(raw.getModifiers()))) {
                throw new IllegalArgumentException(raw.getName() + " is an inner, local or anonymous class: make it a static nested or top-level class");
            }
            MethodHandles.Lookup lookup = lookup(raw);
            MethodHandle constructor;
            try {
                constructor = lookup.findConstructor(raw, MethodType.methodType(void.class)).asType(MethodType.methodType(Object.class));
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException(raw.getName() + " is neither a record nor a class with a no-argument constructor");
            } catch (IllegalAccessException e) {
                throw inaccessible(raw, e);
            }
            Map<TypeVariable<?>, Type> bindings = Types.bindings(type);
            ArrayDeque<Class<?>> hierarchy = new ArrayDeque<>();
            for (Class<?> c = raw; c != Object.class; c = c.getSuperclass()) {
                hierarchy.addFirst(c);
            }
            List<ObjectCodec.Property> properties = new ArrayList<>();
            for (Class<?> c : hierarchy) {
                MethodHandles.Lookup fieldLookup = lookup(c);
                for (Field f : c.getDeclaredFields()) {
                    int mod = f.getModifiers();
                    if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || f.isSynthetic()) {
                        continue;
                    }
                    Method getter = accessor(raw, f, true);
                    Method setter = accessor(raw, f, false);
                    TypedJsonName rename = f.getAnnotation(TypedJsonName.class);
                    if (rename == null && getter != null) {
                        rename = getter.getAnnotation(TypedJsonName.class);
                    }
                    String name = rename != null ? rename.value() : f.getName();
                    try {
                        MethodHandle get;
                        MethodHandle set;
                        MethodHandles.Lookup getLookup = lookup;
                        if (getter != null && setter != null) {
                            get = lookup.unreflect(getter);
                            set = lookup.unreflect(setter);
                        } else if (Modifier.isFinal(mod)) {
                            throw new IllegalArgumentException(c.getSimpleName() + "." + f.getName()
                                    + " is final and has no setter: make it non-final, add a setter, or use a record");
                        } else {
                            getLookup = fieldLookup;
                            get = fieldLookup.unreflectGetter(f);
                            set = fieldLookup.unreflectSetter(f);
                        }
                        properties.add(property(raw, name, Types.resolve(f.getGenericType(), bindings), getLookup, get, set));
                    } catch (IllegalAccessException e) {
                        throw inaccessible(c, e);
                    }
                }
            }
            for (int i = 0; i < properties.size(); i++) {
                for (int j = 0; j < i; j++) {
                    if (properties.get(i).name.equals(properties.get(j).name)) {
                        throw new IllegalArgumentException(raw.getName() + " has two fields named " + properties.get(i).name);
                    }
                }
            }
            return new ObjectCodec(raw, options, constructor, properties.toArray(new ObjectCodec.Property[0]));
        }

        /** The public bean getter (getX / isX) or setter (setX) of a field, or null. */
        private static Method accessor(Class<?> raw, Field f, boolean getter) {
            String cap = Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1);
            for (Method m : raw.getMethods()) {
                if (Modifier.isStatic(m.getModifiers())) {
                    continue;
                }
                if (getter && m.getParameterCount() == 0 && m.getReturnType() == f.getType()
                        && (m.getName().equals("get" + cap) || (f.getType() == boolean.class && m.getName().equals("is" + cap)))) {
                    return m;
                }
                if (!getter && m.getParameterCount() == 1 && m.getParameterTypes()[0] == f.getType()
                        && m.getName().equals("set" + cap)) {
                    return m;
                }
            }
            return null;
        }

        @SuppressWarnings("unchecked")
        private ObjectCodec.Property property(Class<?> owner, String name, Type type, MethodHandles.Lookup lookup,
                                             MethodHandle getter, MethodHandle setter) {
            Class<?> raw = Types.raw(type);
            int kind = ObjectCodec.Property.kindOf(raw);
            Codec<Object> codec = kind == ObjectCodec.REF ? within(owner, name, type) : null;
            Object missing = raw == Optional.class ? Optional.empty() : raw.isPrimitive() ? zero(raw) : null;
            return new ObjectCodec.Property(name, type, raw, codec, lookup, getter, setter, missing);
        }

        private static Object zero(Class<?> primitive) {
            try {
                return MethodHandles.zero(primitive).invoke();
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        /** Builds a member's codec, naming the member when its type cannot be carried. */
        private Codec<Object> within(Class<?> owner, String member, Type type) {
            try {
                return build(Types.canonical(type));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(owner.getSimpleName() + "." + member + ": " + e.getMessage(), e);
            }
        }

        private static MethodHandles.Lookup lookup(Class<?> c) {
            try {
                return MethodHandles.privateLookupIn(c, MethodHandles.lookup());
            } catch (IllegalAccessException e) {
                throw inaccessible(c, e);
            }
        }

        private static IllegalArgumentException inaccessible(Class<?> c, Exception e) {
            return new IllegalArgumentException(c.getName() + " is not accessible to typedjson (" + e.getMessage()
                    + "); open its package to typedjson's module", e);
        }
    }
}

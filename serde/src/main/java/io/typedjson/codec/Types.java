package io.typedjson.codec;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** Generic types: raw classes, type arguments, and type variables bound by the type a member is seen through. */
final class Types {
    private Types() {}

    static Class<?> raw(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (t instanceof GenericArrayType a) {
            return Array.newInstance(raw(a.getGenericComponentType()), 0).getClass();
        }
        if (t instanceof WildcardType w) {
            return raw(w.getUpperBounds()[0]);
        }
        if (t instanceof TypeVariable<?> v) {
            return raw(v.getBounds()[0]);
        }
        throw new IllegalArgumentException("unsupported type " + t);
    }

    /** The i-th type argument of {@code t}, or Object when {@code t} is raw. */
    static Type arg(Type t, int i) {
        return t instanceof ParameterizedType p ? p.getActualTypeArguments()[i] : Object.class;
    }

    /** The type variables of {@code type} and of its superclasses, bound to what {@code type} gives them. */
    static Map<TypeVariable<?>, Type> bindings(Type type) {
        Map<TypeVariable<?>, Type> map = new HashMap<>();
        for (Type t = type; t != null && raw(t) != Object.class; t = raw(t).getGenericSuperclass()) {
            TypeVariable<?>[] vars = raw(t).getTypeParameters();
            for (int i = 0; i < vars.length; i++) {
                map.put(vars[i], resolve(arg(t, i), map));
            }
        }
        return map;
    }

    /** {@code t} with the bound type variables replaced; unbound ones become their bound, wildcards their upper bound. */
    static Type resolve(Type t, Map<TypeVariable<?>, Type> bindings) {
        if (t instanceof Class) {
            return t;
        }
        if (t instanceof TypeVariable<?> v) {
            Type bound = bindings.get(v);
            // an unbound variable is its erasure: resolving its bound could recurse forever (T extends Comparable<T>)
            return bound != null ? bound : raw(v.getBounds()[0]);
        }
        if (t instanceof WildcardType w) {
            return resolve(w.getUpperBounds()[0], bindings);
        }
        if (t instanceof GenericArrayType a) {
            Type component = resolve(a.getGenericComponentType(), bindings);
            return component instanceof Class<?> c ? Array.newInstance(c, 0).getClass() : new GenericArray(component);
        }
        if (t instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments().clone();
            for (int i = 0; i < args.length; i++) {
                args[i] = resolve(args[i], bindings);
            }
            return new Parameterized((Class<?>) p.getRawType(), args, p.getOwnerType());
        }
        throw new IllegalArgumentException("unsupported type " + t);
    }

    /**
     * The permitted subclass {@code sub} of the generic {@code parent} with the type arguments that {@code parent}
     * gives it: {@code Ok<T> implements Result<T>} seen from {@code Result<Order>} is {@code Ok<Order>}.
     * Type variables of {@code sub} that the parent does not determine stay unbound (their erasure).
     */
    static Type subtype(Type parent, Class<?> sub) {
        TypeVariable<?>[] vars = sub.getTypeParameters();
        if (vars.length == 0 || !(parent instanceof ParameterizedType parentType)) {
            return sub;
        }
        Class<?> parentRaw = raw(parent);
        Type[] given = parentType.getActualTypeArguments();
        Type[] supers = sub.getGenericInterfaces();
        Type[] all = Arrays.copyOf(supers, supers.length + 1);
        all[supers.length] = sub.getGenericSuperclass();
        Map<TypeVariable<?>, Type> bound = new HashMap<>();
        for (Type s : all) {
            if (s instanceof ParameterizedType p && raw(s) == parentRaw) {
                Type[] declared = p.getActualTypeArguments();
                for (int i = 0; i < declared.length; i++) {
                    if (declared[i] instanceof TypeVariable<?> v) {
                        bound.put(v, given[i]);
                    }
                }
            }
        }
        Type[] args = new Type[vars.length];
        for (int i = 0; i < vars.length; i++) {
            args[i] = bound.getOrDefault(vars[i], raw(vars[i]));
        }
        return parameterized(sub, args);
    }

    /** {@code raw<args>}, e.g. for building a codec of a generic type in code. */
    static ParameterizedType parameterized(Class<?> raw, Type... args) {
        return new Parameterized(raw, args.clone(), raw.getDeclaringClass());
    }

    /** {@code component[]} for a generic component type. */
    static GenericArrayType genericArray(Type component) {
        return new GenericArray(component);
    }

    /**
     * The class in {@code t} whose class loader is the deepest (Order in {@code List<Order>}), on which a cache keeps
     * the codec of {@code t}: the codec refers to every class in {@code t}, and goes away with that loader. Of classes
     * from unrelated loaders the first is kept.
     */
    static Class<?> anchor(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof GenericArrayType a) {
            return anchor(a.getGenericComponentType());
        }
        ParameterizedType p = (ParameterizedType) t;
        Class<?> anchor = (Class<?>) p.getRawType();
        for (Type arg : p.getActualTypeArguments()) {
            Class<?> c = anchor(arg);
            if (c.getClassLoader() != anchor.getClassLoader() && isAncestor(anchor.getClassLoader(), c.getClassLoader())) {
                anchor = c;
            }
        }
        return anchor;
    }

    private static boolean isAncestor(ClassLoader ancestor, ClassLoader of) {
        for (ClassLoader l = of; l != null; l = l.getParent()) {
            if (l == ancestor) {
                return true;
            }
        }
        return ancestor == null;
    }

    /** A canonical form so that equal types from different sources hit the same cache entry. */
    static Type canonical(Type t) {
        return t instanceof Class ? t : resolve(t, Map.of());
    }

    private record Parameterized(Class<?> rawType, Type[] args, Type ownerType) implements ParameterizedType {
        @Override public Type[] getActualTypeArguments() { return args.clone(); }
        @Override public Type getRawType() { return rawType; }
        @Override public Type getOwnerType() { return ownerType; }

        @Override
        public boolean equals(Object o) {
            return o instanceof ParameterizedType p && rawType.equals(p.getRawType())
                    && Arrays.equals(args, p.getActualTypeArguments()) && Objects.equals(ownerType, p.getOwnerType());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(args) ^ rawType.hashCode() ^ Objects.hashCode(ownerType);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(rawType.getTypeName()).append('<');
            for (int i = 0; i < args.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(args[i].getTypeName());
            }
            return sb.append('>').toString();
        }
    }

    private record GenericArray(Type component) implements GenericArrayType {
        @Override public Type getGenericComponentType() { return component; }

        @Override
        public boolean equals(Object o) {
            return o instanceof GenericArrayType a && component.equals(a.getGenericComponentType());
        }

        @Override
        public int hashCode() {
            return component.hashCode();
        }

        @Override
        public String toString() {
            return component.getTypeName() + "[]";
        }
    }
}

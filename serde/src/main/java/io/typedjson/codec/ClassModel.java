package io.typedjson.codec;

import io.typedjson.annotation.TypedJsonName;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a record's or a class's fields are (SPEC.md section 10), found once by reflection: their keys in order, their
 * types with type variables resolved, and how each is got and set. The one model the reflective codec and the run-time
 * generator build from; the annotation processor follows the same rules on {@code javax.lang.model} (its
 * {@code Fields}), and the differential tests hold the three kinds to the same documents and errors.
 *
 * <p>A record: its components in order, read through their accessors, built by the canonical constructor. A class:
 * a no-argument constructor; its non-static, non-transient fields, superclasses' first; each through its public
 * bean getter and setter when it has both ({@code getX}/{@code isX} for a boolean, {@code setX}), else the field
 * itself, which must then not be final. {@link TypedJsonName} on a component, a field or its getter renames the key.
 * (Two fields with one key, and what a missing key leaves, are {@link ClassFields}' rules, which every kind shares.)
 */
final class ClassModel {

    /**
     * One field.
     *
     * @param name    its key
     * @param type    its type, type variables resolved
     * @param getter  (owner) -> value
     * @param setter  (owner, value) -> void; null for a record's component
     * @param lookup  the lookup the getter was made with (the run-time codecs link through it)
     */
    record Member(String name, Type type, MethodHandle getter, MethodHandle setter, MethodHandles.Lookup lookup) {
        Class<?> raw() {
            return Types.raw(type);
        }
    }

    /**
     * The most parameter slots (a long or a double takes two) of a constructor that a method handle can call: the JVM
     * allows 255 with the receiver, a method handle's invoker takes one more for itself.
     */
    static final int MAX_HANDLE_SLOTS = 253;

    final Class<?> type;
    final boolean isRecord;
    /**
     * A record's canonical constructor (the components' types) -> type, or (Object[]) -> Object where {@link #spread};
     * a class's no-argument one () -> type.
     */
    final MethodHandle constructor;
    /** A record whose constructor has more than {@link #MAX_HANDLE_SLOTS} slots: called by core reflection. */
    final boolean spread;
    final List<Member> members;

    private ClassModel(Class<?> type, MethodHandle constructor, boolean spread, List<Member> members) {
        this.type = type;
        this.isRecord = type.isRecord();
        this.constructor = constructor;
        this.spread = spread;
        this.members = List.copyOf(members);
    }

    /** The model of {@code raw} seen as {@code type} (which binds its type variables). */
    static ClassModel of(Type type, Class<?> raw) {
        return raw.isRecord() ? record(type, raw) : pojo(type, raw);
    }

    private static ClassModel record(Type type, Class<?> raw) {
        MethodHandles.Lookup lookup = Access.lookup(raw);
        Map<TypeVariable<?>, Type> bindings = Types.bindings(type);
        RecordComponent[] components = raw.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        int slots = 0;
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            slots += types[i] == long.class || types[i] == double.class ? 2 : 1;
        }
        boolean spread = slots > MAX_HANDLE_SLOTS;
        MethodHandle constructor;
        try {
            constructor = spread ? spreadConstructor(raw, types, slots)
                    : lookup.findConstructor(raw, MethodType.methodType(void.class, types));
        } catch (ReflectiveOperationException e) {
            throw Access.inaccessible(raw, e);
        }
        List<Member> members = new ArrayList<>();
        for (RecordComponent c : components) {
            TypedJsonName rename = c.getAnnotation(TypedJsonName.class);
            String name = rename != null ? rename.value() : c.getName();
            try {
                members.add(new Member(name, Types.resolve(c.getGenericType(), bindings),
                        lookup.unreflect(c.getAccessor()), null, lookup));
            } catch (IllegalAccessException e) {
                throw Access.inaccessible(raw, e);
            }
        }
        return new ClassModel(raw, constructor, spread, members);
    }

    /**
     * (Object[]) -> Object calling a canonical constructor too wide for a method handle of its parameters (the JVM
     * refuses one: "bad parameter count"), through {@link Constructor#newInstance}, whose own accessor calls it directly.
     */
    private static MethodHandle spreadConstructor(Class<?> raw, Class<?>[] types, int slots) throws ReflectiveOperationException {
        Constructor<?> constructor = raw.getDeclaredConstructor(types);
        if (!constructor.canAccess(null) && !constructor.trySetAccessible()) {
            throw new IllegalArgumentException(raw.getName() + "'s canonical constructor takes " + slots
                    + " parameter slots (a long or a double takes two), more than a method handle can call ("
                    + MAX_HANDLE_SLOTS + "), and typedjson calls it by reflection, which needs the class public or"
                    + " its package open to typedjson's module");
        }
        return MethodHandles.lookup().findStatic(ClassModel.class, "construct",
                MethodType.methodType(Object.class, Constructor.class, Object[].class)).bindTo(constructor);
    }

    private static Object construct(Constructor<?> constructor, Object[] args) throws Throwable {
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw e.getCause(); // what the constructor threw, as a method handle would throw it
        }
    }

    private static ClassModel pojo(Type type, Class<?> raw) {
        String pkg = raw.getPackageName();
        if (pkg.startsWith("java.") || pkg.startsWith("javax.") || pkg.startsWith("jdk.") || pkg.startsWith("sun.")
                || raw.isPrimitive()) {
            throw new IllegalArgumentException("no typed JSON codec for " + raw.getName());
        }
        if (raw.isAnonymousClass() || raw.isLocalClass() || (raw.isMemberClass() && !Modifier.isStatic(raw.getModifiers()))) {
            throw new IllegalArgumentException(raw.getName() + " is an inner, local or anonymous class: make it a static nested or top-level class");
        }
        MethodHandles.Lookup lookup = Access.lookup(raw);
        MethodHandle constructor;
        try {
            constructor = lookup.findConstructor(raw, MethodType.methodType(void.class));
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(raw.getName() + " is neither a record nor a class with a no-argument constructor");
        } catch (IllegalAccessException e) {
            throw Access.inaccessible(raw, e);
        }
        Map<TypeVariable<?>, Type> bindings = Types.bindings(type);
        ArrayDeque<Class<?>> hierarchy = new ArrayDeque<>();
        for (Class<?> c = raw; c != Object.class; c = c.getSuperclass()) {
            hierarchy.addFirst(c);
        }
        List<Member> members = new ArrayList<>();
        for (Class<?> c : hierarchy) {
            MethodHandles.Lookup fieldLookup = Access.lookup(c);
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
                Type fieldType = Types.resolve(f.getGenericType(), bindings);
                try {
                    if (getter != null && setter != null) {
                        members.add(new Member(name, fieldType, lookup.unreflect(getter), lookup.unreflect(setter), lookup));
                    } else if (Modifier.isFinal(mod)) {
                        throw new IllegalArgumentException(c.getSimpleName() + "." + f.getName()
                                + " is final and has no setter: make it non-final, add a setter, or use a record");
                    } else {
                        members.add(new Member(name, fieldType, fieldLookup.unreflectGetter(f),
                                fieldLookup.unreflectSetter(f), fieldLookup));
                    }
                } catch (IllegalAccessException e) {
                    throw Access.inaccessible(c, e);
                }
            }
        }
        return new ClassModel(raw, constructor, false, members);
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
}

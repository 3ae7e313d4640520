package io.typedjson.codec;

import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * How typedjson reaches the constructors, accessors and fields of a user's class: through a {@link MethodHandles.Lookup}
 * the class's module handed over ({@link Codecs#allowAccess}), else through typedjson's own, which needs the package
 * open to typedjson (always so on the class path).
 */
final class Access {
    private Access() {}

    /*
     * A lookup handed over is kept on its lookup class, and a module refers to that class weakly: a lookup refers to
     * its class, its module and its loader, which typedjson must not keep from being unloaded.
     */
    private static final ClassValue<MethodHandles.Lookup[]> GRANTED_ON = new ClassValue<>() {
        @Override
        protected MethodHandles.Lookup[] computeValue(Class<?> lookupClass) {
            return new MethodHandles.Lookup[1];
        }
    };
    private static final Map<Module, WeakReference<Class<?>>> GRANTED_BY =
            Collections.synchronizedMap(new WeakHashMap<>());

    static void allow(MethodHandles.Lookup lookup) {
        if (!lookup.hasFullPrivilegeAccess()) {
            throw new IllegalArgumentException("a lookup with full privilege access is needed (MethodHandles.lookup() in"
                    + " the class's module), not " + lookup);
        }
        Class<?> lookupClass = lookup.lookupClass();
        GRANTED_ON.get(lookupClass)[0] = lookup;
        GRANTED_BY.put(lookupClass.getModule(), new WeakReference<>(lookupClass));
    }

    private static MethodHandles.Lookup granted(Module module) {
        WeakReference<Class<?>> by = GRANTED_BY.get(module);
        Class<?> lookupClass = by != null ? by.get() : null;
        return lookupClass != null ? GRANTED_ON.get(lookupClass)[0] : null;
    }

    /** A lookup with private access to {@code c}. */
    static MethodHandles.Lookup lookup(Class<?> c) {
        MethodHandles.Lookup granted = granted(c.getModule());
        try {
            return MethodHandles.privateLookupIn(c, granted != null ? granted : MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw inaccessible(c, e);
        }
    }

    static IllegalArgumentException inaccessible(Class<?> c, Exception e) {
        return new IllegalArgumentException(c.getName() + " is not accessible to typedjson (" + e.getMessage()
                + "); open its package to typedjson's module, or hand typedjson a lookup of that module once:"
                + " Codecs.allowAccess(MethodHandles.lookup())", e);
    }
}

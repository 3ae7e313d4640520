package io.typedjson.codec;

import java.lang.invoke.MethodHandles;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How typedjson reaches the constructors, accessors and fields of a user's class: through a {@link MethodHandles.Lookup}
 * the class's module handed over ({@link Codecs#allowAccess}), else through typedjson's own, which needs the package
 * open to typedjson (always so on the class path).
 */
final class Access {
    private Access() {}

    private static final Map<Module, MethodHandles.Lookup> GRANTED = new ConcurrentHashMap<>();

    static void allow(MethodHandles.Lookup lookup) {
        if (!lookup.hasFullPrivilegeAccess()) {
            throw new IllegalArgumentException("a lookup with full privilege access is needed (MethodHandles.lookup() in"
                    + " the class's module), not " + lookup);
        }
        GRANTED.put(lookup.lookupClass().getModule(), lookup);
    }

    /** A lookup with private access to {@code c}. */
    static MethodHandles.Lookup lookup(Class<?> c) {
        MethodHandles.Lookup granted = GRANTED.get(c.getModule());
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

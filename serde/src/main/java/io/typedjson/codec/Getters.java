package io.typedjson.codec;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * A property's getter as a functional interface, by kind: {@code Predicate} for boolean, {@code ToIntFunction}
 * for byte, short, int and char, {@code ToLongFunction}, {@code ToDoubleFunction} for float and double,
 * {@code Function} for references. Accessor methods get a class spun by LambdaMetafactory, which the JIT
 * calls like any interface; invoking a method handle held in a field instead goes through a LambdaForm
 * invoker on every call (a fifth of the time of writing nested records). Field getters, and accessors the
 * metafactory may not link (a class in another module), fall back to the method handle.
 */
final class Getters {
    private Getters() {}

    static Object of(MethodHandles.Lookup lookup, MethodHandle getter, int kind) {
        Class<?> iface;
        String name;
        Class<?> slot;
        switch (kind) {
            case ObjectCodec.BOOLEAN: iface = Predicate.class; name = "test"; slot = boolean.class; break;
            case ObjectCodec.BYTE: case ObjectCodec.SHORT: case ObjectCodec.INT: case ObjectCodec.CHAR:
                iface = ToIntFunction.class; name = "applyAsInt"; slot = int.class; break;
            case ObjectCodec.LONG: iface = ToLongFunction.class; name = "applyAsLong"; slot = long.class; break;
            case ObjectCodec.FLOAT: case ObjectCodec.DOUBLE:
                iface = ToDoubleFunction.class; name = "applyAsDouble"; slot = double.class; break;
            default: iface = Function.class; name = "apply"; slot = Object.class;
        }
        Class<?> owner = getter.type().parameterType(0);
        Class<?> returned = slot.isPrimitive() ? slot : getter.type().returnType();
        try {
            CallSite site = LambdaMetafactory.metafactory(lookup, name, MethodType.methodType(iface),
                    MethodType.methodType(slot, Object.class), getter, MethodType.methodType(returned, owner));
            return site.getTarget().invoke();
        } catch (Throwable notLinkable) {
            return wrap(MethodHandles.explicitCastArguments(getter, MethodType.methodType(slot, Object.class)), kind);
        }
    }

    private static Object wrap(MethodHandle h, int kind) {
        switch (kind) {
            case ObjectCodec.BOOLEAN:
                return (Predicate<Object>) o -> {
                    try {
                        return (boolean) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw unchecked(t);
                    }
                };
            case ObjectCodec.BYTE: case ObjectCodec.SHORT: case ObjectCodec.INT: case ObjectCodec.CHAR:
                return (ToIntFunction<Object>) o -> {
                    try {
                        return (int) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw unchecked(t);
                    }
                };
            case ObjectCodec.LONG:
                return (ToLongFunction<Object>) o -> {
                    try {
                        return (long) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw unchecked(t);
                    }
                };
            case ObjectCodec.FLOAT: case ObjectCodec.DOUBLE:
                return (ToDoubleFunction<Object>) o -> {
                    try {
                        return (double) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw unchecked(t);
                    }
                };
            default:
                return (Function<Object, Object>) o -> {
                    try {
                        return (Object) h.invokeExact(o);
                    } catch (Throwable t) {
                        throw unchecked(t);
                    }
                };
        }
    }

    private static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException) {
            return (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        return new UndeclaredThrowableException(t);
    }
}

package io.typedjson.codec;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonKey;
import java.lang.reflect.Array;
import java.lang.reflect.Type;

/**
 * What a codec generated at compile time gets from {@link Codecs} when it is made: the type arguments of the type it
 * is made for, its {@link ClassFields}, and the codecs of its fields, built by the same factory as every other codec (so a
 * type that refers to itself, or a field whose type cannot be carried, is handled as for any codec).
 * <b>For generated code</b> ({@link CompiledCodecs}); see docs/custom-codecs.md.
 */
public final class CodecContext {
    private final CodecFactory factory;
    private final Type type;
    private final Class<?> raw;

    CodecContext(CodecFactory factory, Type type, Class<?> raw) {
        this.factory = factory;
        this.type = type;
        this.raw = raw;
    }

    /** The {@code i}-th type argument of the type the codec is made for ({@code Order} of {@code Box<Order>}); Object for a raw type. */
    public Type typeArgument(int i) {
        return Types.arg(type, i);
    }

    /**
     * The fields of the class: their keys in order and their types with the type variables resolved, as
     * {@link #field} takes them ({@code context.typeArgument(0)} for a field of type {@code T}). Two fields with one key
     * are refused.
     */
    public ClassFields fields(JsonKey[] keys, Type[] types) {
        return new ClassFields(raw, factory.options(), keys, types);
    }

    /**
     * The codec of field {@code name} of type {@code type} (type variables already resolved, e.g. with
     * {@link #typeArgument}); a type that cannot be carried is refused naming the field.
     */
    @SuppressWarnings("unchecked")
    public <T> Codec<T> field(String name, Type type) {
        return (Codec<T>) (Codec<?>) factory.within(raw, name, type);
    }

    /** The codec of an enum: {@code constants} in ordinal order ({@code values()}), written as {@code names}. */
    @SuppressWarnings("unchecked")
    public <E extends Enum<E>> Codec<E> enumCodec(E[] constants, String... names) {
        return (Codec<E>) (Codec<?>) new EnumCodec(raw, constants, names);
    }

    /** The codec of a sealed type: its permitted subclasses in declaration order, written under {@code names}. */
    @SuppressWarnings("unchecked")
    public <T> Codec<T> variants(Class<?>[] permitted, String... names) {
        if (permitted.length != names.length) {
            throw new IllegalArgumentException(names.length + " names for " + permitted.length + " variants of " + raw.getName());
        }
        return (Codec<T>) (Codec<?>) factory.variants(type, raw, permitted, names);
    }

    /** {@code raw<args>}: a field's generic type, as reflection would give it. */
    public static Type parameterized(Class<?> raw, Type... args) {
        return Types.parameterized(raw, args);
    }

    /** {@code component[]}: an array of a generic type ({@code List<String>[]}), or of a class. */
    public static Type arrayOf(Type component) {
        return component instanceof Class<?> c ? Array.newInstance(c, 0).getClass() : Types.canonical(Types.genericArray(component));
    }
}

package io.typedjson.codec;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Captures a generic type for {@link Codecs#of(Type)}: {@code new TypeRef<List<Order>>() {}}.
 *
 * @param <T> the type captured
 */
public abstract class TypeRef<T> {
    private final Type type;

    protected TypeRef() {
        Type superclass = getClass().getGenericSuperclass();
        if (!(superclass instanceof ParameterizedType p)) {
            throw new IllegalArgumentException("TypeRef must be created with a type argument: new TypeRef<List<Order>>() {}");
        }
        this.type = p.getActualTypeArguments()[0];
    }

    public final Type type() {
        return type;
    }

    @Override
    public String toString() {
        return type.getTypeName();
    }
}

package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonKey;
import io.typedjson.format.Codec;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * The reflective codec of a record or a class with a no-argument constructor ({@link CodecKind#REFLECTIVE}): a JSON
 * object whose keys are the field names, in declaration order, read and written through method handles per field
 * ({@link ClassModel}). The keys are found, and unknown, duplicate and missing ones handled, by {@link ClassFields},
 * as in the generated kinds. A record gets the Java default for a missing key (0, false, null, Optional.empty());
 * a class keeps what its constructor set.
 */
final class ObjectCodec implements Codec<Object> {

    static final int BOOLEAN = 0, BYTE = 1, SHORT = 2, INT = 3, LONG = 4, FLOAT = 5, DOUBLE = 6, CHAR = 7, STRING = 8, REF = 9;

    /** One field: its key, how to get and set it without reflection per record, and its codec for non-scalar kinds. */
    static final class Property {
        final String name;
        final JsonKey key;
        final int kind;
        final Codec<Object> codec;
        final Object getter; // a functional interface by kind (Getters)
        final MethodHandle setter; // (Object, same) -> void; null for records
        final String typeName;
        /** The field's type as declared, type variables resolved: for the compatibility check. */
        final java.lang.reflect.Type declared;

        Property(ClassModel.Member member, Codec<Object> codec) {
            this.name = member.name().intern();
            this.key = JsonKey.of(name);
            this.kind = kindOf(member.raw());
            this.codec = codec;
            this.typeName = member.type().getTypeName();
            this.declared = member.type();
            Class<?> slot = slotOf(kind);
            this.getter = Getters.of(member.lookup(), member.getter(), kind);
            this.setter = member.setter() == null ? null
                    : MethodHandles.explicitCastArguments(member.setter(), MethodType.methodType(void.class, Object.class, slot));
        }

        static int kindOf(Class<?> type) {
            if (type == boolean.class) return BOOLEAN;
            if (type == byte.class) return BYTE;
            if (type == short.class) return SHORT;
            if (type == int.class) return INT;
            if (type == long.class) return LONG;
            if (type == float.class) return FLOAT;
            if (type == double.class) return DOUBLE;
            if (type == char.class) return CHAR;
            return type == String.class ? STRING : REF;
        }

        private static Class<?> slotOf(int kind) {
            switch (kind) {
                case BOOLEAN: return boolean.class;
                case BYTE: case SHORT: case INT: case CHAR: return int.class;
                case LONG: return long.class;
                case FLOAT: return float.class;
                case DOUBLE: return double.class;
                default: return Object.class;
            }
        }

        boolean isPrimitive() {
            return kind < STRING;
        }

        @SuppressWarnings("unchecked")
        void write(JsonWriter out, Object o) {
            switch (kind) {
                case BOOLEAN: out.writeBoolean(((Predicate<Object>) getter).test(o)); break;
                case BYTE: case SHORT: case INT: out.writeNumber(((ToIntFunction<Object>) getter).applyAsInt(o)); break;
                case LONG: out.writeNumber(((ToLongFunction<Object>) getter).applyAsLong(o)); break;
                case FLOAT: ScalarFields.writeFloat(out, (float) ((ToDoubleFunction<Object>) getter).applyAsDouble(o)); break;
                case DOUBLE: ScalarFields.writeDouble(out, ((ToDoubleFunction<Object>) getter).applyAsDouble(o)); break;
                case CHAR: ScalarFields.writeChar(out, (char) ((ToIntFunction<Object>) getter).applyAsInt(o)); break;
                case STRING: ScalarFields.writeString(out, (String) ((Function<Object, Object>) getter).apply(o)); break;
                default: codec.write(out, ((Function<Object, Object>) getter).apply(o));
            }
        }

        Object read(JsonReader in) {
            switch (kind) {
                case BOOLEAN: return ScalarFields.readBoolean(in);
                case BYTE: return ScalarFields.readByte(in);
                case SHORT: return ScalarFields.readShort(in);
                case INT: return ScalarFields.readInt(in);
                case LONG: return ScalarFields.readLong(in);
                case FLOAT: return ScalarFields.readFloat(in);
                case DOUBLE: return ScalarFields.readDouble(in);
                case CHAR: return ScalarFields.readChar(in);
                case STRING: return ScalarFields.readString(in);
                default: return codec.read(in);
            }
        }

        void readInto(JsonReader in, Object target) throws Throwable {
            switch (kind) {
                case BOOLEAN: setter.invokeExact(target, ScalarFields.readBoolean(in)); break;
                case BYTE: setter.invokeExact(target, (int) ScalarFields.readByte(in)); break;
                case SHORT: setter.invokeExact(target, (int) ScalarFields.readShort(in)); break;
                case INT: setter.invokeExact(target, ScalarFields.readInt(in)); break;
                case LONG: setter.invokeExact(target, ScalarFields.readLong(in)); break;
                case FLOAT: setter.invokeExact(target, ScalarFields.readFloat(in)); break;
                case DOUBLE: setter.invokeExact(target, ScalarFields.readDouble(in)); break;
                case CHAR: setter.invokeExact(target, (int) ScalarFields.readChar(in)); break;
                default: setter.invokeExact(target, read(in));
            }
        }
    }

    private final Class<?> type;
    private final boolean isRecord;
    private final ClassFields fields;
    /** Records: the canonical constructor as (Object[]) -> Object; classes: the no-argument one as () -> Object. */
    private final MethodHandle constructor;
    private final Property[] props;
    private final Object[] missing;

    ObjectCodec(ClassModel model, ClassFields fields, Property[] properties) {
        this.type = model.type;
        this.isRecord = model.isRecord;
        this.fields = fields;
        int n = properties.length;
        this.constructor = model.spread ? model.constructor : isRecord
                ? model.constructor.asType(MethodType.genericMethodType(n)).asSpreader(Object[].class, n)
                : model.constructor.asType(MethodType.methodType(Object.class));
        this.props = properties;
        this.missing = new Object[n];
        for (int i = 0; i < n; i++) {
            missing[i] = fields.missing(i);
        }
    }

    // for CodecSchemas (the JSON Schema of a codec)
    Class<?> type() { return type; }
    Property[] properties() { return props; }

    @Override
    public void write(JsonWriter out, Object value) {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        Property[] ps = props;
        for (int i = 0; i < ps.length; i++) {
            out.writeFieldName(ps[i].key);
            try {
                ps[i].write(out, value);
            } catch (RuntimeException e) {
                throw fields.writeFailed(out, i, e);
            }
        }
        out.writeEndObject();
    }

    @Override
    public Object read(JsonReader in) {
        ClassFields f = fields;
        if (f.isNull(in)) {
            return null;
        }
        Property[] ps = props;
        Object[] args = isRecord ? missing.clone() : null;
        Object target = isRecord ? null : instantiate(in);
        boolean wide = ps.length > 64;
        long seen = 0;
        long[] seenWide = wide ? new long[(ps.length >> 6) + 1] : null;
        Set<String> skipped = null;
        for (int i = f.next(in, 0); i != ClassFields.END; i = f.next(in, i + 1)) {
            if (i == ClassFields.UNKNOWN) {
                skipped = f.skip(in, skipped);
                continue;
            }
            if (wide) {
                f.value(in, seenWide, i);
            } else {
                seen = f.value(in, seen, i);
            }
            Property p = ps[i];
            if (isRecord) {
                args[i] = p.read(in);
            } else {
                try {
                    p.readInto(in, target);
                } catch (Throwable e) {
                    throw f.setterRefused(in, i, e);
                }
            }
        }
        if (wide) {
            f.checkPresent(in, seenWide);
        } else {
            f.checkPresent(in, seen);
        }
        return isRecord ? construct(in, args) : target;
    }

    private Object instantiate(JsonReader in) {
        try {
            return (Object) constructor.invokeExact();
        } catch (Throwable e) {
            throw fields.constructorFailed(in, e);
        }
    }

    private Object construct(JsonReader in, Object[] args) {
        try {
            return (Object) constructor.invokeExact(args);
        } catch (Throwable e) {
            throw fields.constructorRefused(in, e);
        }
    }
}

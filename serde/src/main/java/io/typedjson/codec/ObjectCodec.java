package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonKey;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ObjectKeys;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.TypedJsonException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * A record or a class with a no-argument constructor: a JSON object whose keys are the field names, in
 * declaration order. Reading expects that order (a byte compare of the next key per field through
 * {@link JsonReader#nextFieldName(JsonKey)}) and falls back to comparing the decoded name with each field's for
 * any other order; no hashing. Unknown keys are skipped or refused,
 * duplicate keys refused. A record gets the Java default for a missing key (0, false, null, Optional.empty());
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
        final Object missing;
        final String typeName;
        /** The field's type as declared, type variables resolved: for the compatibility check. */
        final java.lang.reflect.Type declared;

        Property(String name, java.lang.reflect.Type declared, Class<?> type, Codec<Object> codec, MethodHandles.Lookup lookup,
                 MethodHandle getter, MethodHandle setter, Object missing) {
            this.name = name.intern();
            this.key = JsonKey.of(name);
            this.kind = kindOf(type);
            this.codec = codec;
            this.typeName = declared.getTypeName();
            this.declared = declared;
            Class<?> slot = slotOf(kind);
            this.getter = Getters.of(lookup, getter, kind);
            this.setter = setter == null ? null
                    : MethodHandles.explicitCastArguments(setter, MethodType.methodType(void.class, Object.class, slot));
            this.missing = missing;
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
                case FLOAT: Lexemes.writeFloat(out, (float) ((ToDoubleFunction<Object>) getter).applyAsDouble(o)); break;
                case DOUBLE: Lexemes.writeDouble(out, ((ToDoubleFunction<Object>) getter).applyAsDouble(o)); break;
                case CHAR: Lexemes.writeChar(out, (char) ((ToIntFunction<Object>) getter).applyAsInt(o)); break;
                case STRING: {
                    String s = (String) ((Function<Object, Object>) getter).apply(o);
                    if (s == null) {
                        out.writeNull();
                    } else {
                        Lexemes.writeString(out, s);
                    }
                    break;
                }
                default: codec.write(out, ((Function<Object, Object>) getter).apply(o));
            }
        }

        Object read(JsonReader in) {
            switch (kind) {
                case BOOLEAN: return Lexemes.readBoolean(in);
                case BYTE: return Lexemes.readByte(in);
                case SHORT: return Lexemes.readShort(in);
                case INT: return Lexemes.readInt(in);
                case LONG: return Lexemes.readLong(in);
                case FLOAT: return Lexemes.readFloat(in);
                case DOUBLE: return Lexemes.readDouble(in);
                case CHAR: return Lexemes.readChar(in);
                case STRING: return in.currentToken() == JsonToken.VALUE_NULL ? null : Lexemes.readString(in);
                default: return codec.read(in);
            }
        }

        void readInto(JsonReader in, Object target) throws Throwable {
            switch (kind) {
                case BOOLEAN: setter.invokeExact(target, Lexemes.readBoolean(in)); break;
                case BYTE: setter.invokeExact(target, (int) Lexemes.readByte(in)); break;
                case SHORT: setter.invokeExact(target, (int) Lexemes.readShort(in)); break;
                case INT: setter.invokeExact(target, Lexemes.readInt(in)); break;
                case LONG: setter.invokeExact(target, Lexemes.readLong(in)); break;
                case FLOAT: setter.invokeExact(target, Lexemes.readFloat(in)); break;
                case DOUBLE: setter.invokeExact(target, Lexemes.readDouble(in)); break;
                case CHAR: setter.invokeExact(target, (int) Lexemes.readChar(in)); break;
                default: setter.invokeExact(target, read(in));
            }
        }
    }

    private final Class<?> type;
    private final CodecOptions options;
    private final boolean isRecord;
    /** Records: the canonical constructor as (Object[]) -> Object; classes: the no-argument one as () -> Object. */
    private final MethodHandle constructor;
    private final Property[] props;
    private final String[] names;
    private final Object[] missing;
    private final int[] primitives;

    ObjectCodec(Class<?> type, CodecOptions options, MethodHandle constructor, Property[] properties) {
        this.type = type;
        this.options = options;
        this.isRecord = type.isRecord();
        this.constructor = constructor;
        this.props = properties;
        this.names = new String[properties.length];
        this.missing = new Object[properties.length];
        int primitiveCount = 0;
        for (int i = 0; i < properties.length; i++) {
            names[i] = properties[i].name;
            missing[i] = properties[i].missing;
            primitiveCount += properties[i].isPrimitive() ? 1 : 0;
        }
        this.primitives = new int[primitiveCount];
        for (int i = 0, j = 0; i < properties.length; i++) {
            if (properties[i].isPrimitive()) {
                primitives[j++] = i;
            }
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
        for (Property p : props) {
            out.writeFieldName(p.key);
            try {
                p.write(out, value);
            } catch (TypedJsonException e) {
                throw e.inField(p.name);
            } catch (RuntimeException e) {
                // a getter that throws: refused with the path, like a value that cannot be carried
                throw new TypedJsonException("the getter of " + type.getSimpleName() + "." + p.name + " failed: " + e, e)
                        .inField(p.name);
            }
        }
        out.writeEndObject();
    }

    @Override
    public Object read(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.START_OBJECT) {
            throw ReadErrors.error(in, ReadErrors.describe(in) + " where an object of " + type.getSimpleName() + " belongs");
        }
        Property[] ps = props;
        Object[] args = isRecord ? missing.clone() : null;
        Object target = isRecord ? null : instantiate(in);
        long seen = 0;
        long[] seenMore = null;
        java.util.Set<String> unknown = null; // the unknown keys skipped, made for the first
        int expected = 0;
        for (int i = nextKey(in, 0); i != END; i = nextKey(in, expected)) {
            if (i == UNKNOWN) {
                unknown = ObjectKeys.skipUnknown(in, unknown);
                continue;
            }
            expected = i + 1;
            if (i < 64) {
                long bit = 1L << i;
                if ((seen & bit) != 0) {
                    throw ObjectKeys.duplicate(in);
                }
                seen |= bit;
            } else {
                seenMore = seenMore != null ? seenMore : new long[(ps.length >> 6) + 1];
                long bit = 1L << i;
                if ((seenMore[i >> 6] & bit) != 0) {
                    throw ObjectKeys.duplicate(in);
                }
                seenMore[i >> 6] |= bit;
            }
            in.nextToken();
            Property p = ps[i];
            if (isRecord) {
                args[i] = p.read(in);
            } else {
                try {
                    p.readInto(in, target);
                } catch (TypedJsonException | Error e) {
                    throw e;
                } catch (Throwable e) {
                    // e.g. a setter that validates: a refused record, like any other, for the consumer
                    throw ReadErrors.error(in, "the setter of " + type.getSimpleName() + "." + p.name + " refused the value: " + e, e);
                }
            }
        }
        if (options.failOnMissingPrimitives()) {
            for (int i : primitives) {
                boolean present = i < 64 ? (seen & (1L << i)) != 0 : seenMore != null && (seenMore[i >> 6] & (1L << i)) != 0;
                if (!present) {
                    throw ReadErrors.error(in, "missing field \"" + ps[i].name + "\" (" + ps[i].typeName + ") of "
                            + type.getSimpleName() + " (typedjson.missing.primitives=fail)");
                }
            }
        }
        return isRecord ? construct(in, args) : target;
    }

    private static final int END = -1, UNKNOWN = -2;

    /**
     * The index of the next key's property; {@link #UNKNOWN} on a key of no property (when unknown keys are not
     * refused); {@link #END} at the end of the object.
     */
    private int nextKey(JsonReader in, int expected) {
        JsonToken t;
        if (expected < props.length) {
            if (in.nextFieldName(props[expected].key)) {
                return expected;
            }
            t = in.currentToken();
        } else {
            t = in.nextToken();
        }
        if (t == JsonToken.FIELD_NAME) {
            String name = in.currentName();
            int i = find(name);
            if (i >= 0) {
                return i;
            }
            if (name.length() > 1 && name.charAt(0) == '~' && name.charAt(1) != '~' || name.equals("~")) {
                throw ReadErrors.error(in, "format key " + ReadErrors.quote(in.currentName()) + " where a field of "
                        + type.getSimpleName() + " belongs (a key starting with '~' is written with the '~' doubled)");
            }
            if (options.failOnUnknownFields()) {
                throw ReadErrors.error(in, "unknown field " + ReadErrors.quote(in.currentName()) + " of "
                        + type.getSimpleName() + " (typedjson.unknown.fields=fail)");
            }
            return UNKNOWN;
        }
        return END;
    }

    /** Keys are JSON-unescaped names (the format's '~' escape still on): compared with each field's name. */
    private int find(String name) {
        String[] ns = names;
        String unescaped = name.startsWith("~~") ? name.substring(1) : name;
        for (int i = 0; i < ns.length; i++) {
            if (ns[i].equals(unescaped)) {
                return i;
            }
        }
        return -1;
    }

    private Object instantiate(JsonReader in) {
        try {
            return (Object) constructor.invokeExact();
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw ReadErrors.error(in, "the constructor of " + type.getSimpleName() + " failed: " + e, e);
        }
    }

    private Object construct(JsonReader in, Object[] args) {
        try {
            return (Object) constructor.invokeExact(args);
        } catch (Throwable e) {
            // e.g. a compact constructor that validates its components
            throw ReadErrors.error(in, "the constructor of " + type.getSimpleName() + " refused the values: " + e, e);
        }
    }
}

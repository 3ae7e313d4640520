package io.typedjson.codec;

import io.typedjson.format.JsonKey;
import io.typedjson.format.JsonKeys;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.internal.ObjectKeys;
import io.typedjson.format.internal.ReadErrors;
import java.lang.reflect.Array;
import java.lang.reflect.Type;
import java.util.Optional;
import java.util.Set;

/**
 * The fields of one record or class as a codec reads and writes them: their keys, and every rule of SPEC.md sections 8
 * and 10 about an object read into fields, with its error. One instance per codec, from
 * {@link CodecContext#fields}. <b>For codecs</b>: the codecs generated at compile time and at run time and the
 * reflective one all read through it, so the three kinds find the same keys and refuse the same documents with the
 * same messages, paths and offsets.
 *
 * <p>A codec's read loop: {@link #isNull} on the first token; {@link #next} for each key, which gives the field's index
 * (or {@link #UNKNOWN}, or {@link #END}), the reader then on the field's value; {@link #value} to mark the field read (a
 * second key of the same field is refused there); {@link #skip} for an unknown key; after the object, {@link #checkPresent}, then the
 * constructor, whose failure is {@link #constructorRefused}; a record's field without a key is {@link #missing}.
 * Writing: a {@link RuntimeException} while writing a field goes through {@link #writeFailed}.
 *
 * <p>The compiled and generated codecs of a record whose fields are all long, int, double, boolean, String or
 * List&lt;String&gt; first try {@link JsonReader#onePassBegin()}'s read of the writer's spelling, which gives up on
 * anything else before it has changed the reader; this loop then reads the object, so every refusal is its own. A
 * record with fields of other types hands each of those to its read ({@link JsonReader#oneValue}); a give-up or a
 * refusal after one moves the reader back to the object's '{' for this loop.
 */
public final class ClassFields {
    /** {@link #next}: the object ends (the reader is on its '}'). */
    public static final int END = JsonReader.END_OF_OBJECT;
    /** {@link #next}: a key of no field, to be skipped with {@link #skip}. */
    public static final int UNKNOWN = JsonReader.OTHER_KEY;

    private final String typeName;
    private final CodecOptions options;
    private final JsonKeys keys;
    private final String[] names;
    /** Whether a name starts with '~': plain JSON spells it otherwise than the keys ({@link #nextPlain}). */
    private final boolean tildeNames;
    /** Each field's class, type variables resolved (a primitive's class for a primitive). */
    private final Class<?>[] types;
    /** What each field of a record is when the document has no key for it. */
    private final Object[] missing;

    /**
     * Refuses two fields with one key: the writer would write an object every reader refuses (a duplicate key). Every
     * kind of codec makes its fields here, so every kind refuses such a class alike, with this message.
     */
    ClassFields(Class<?> type, CodecOptions options, JsonKey[] keys, Type[] types) {
        if (keys.length != types.length) {
            throw new IllegalArgumentException(keys.length + " keys for " + types.length + " field types");
        }
        this.typeName = type.getSimpleName();
        this.options = options;
        this.names = new String[keys.length];
        this.types = new Class<?>[keys.length];
        this.missing = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            names[i] = keys[i].name();
            for (int j = 0; j < i; j++) {
                if (names[j].equals(names[i])) {
                    throw new IllegalArgumentException(type.getName() + " has two fields named " + names[i]);
                }
            }
            this.types[i] = Types.raw(types[i]);
            missing[i] = missingValue(this.types[i]);
        }
        this.keys = JsonKeys.of(keys);
        boolean tilde = false;
        for (String name : names) {
            tilde |= name.startsWith("~");
        }
        this.tildeNames = tilde;
    }

    /** A missing key: the primitive's zero, Optional.empty() for an Optional (SPEC.md section 10), else null. */
    private static Object missingValue(Class<?> raw) {
        if (raw == Optional.class) {
            return Optional.empty();
        }
        return raw.isPrimitive() ? Array.get(Array.newInstance(raw, 1), 0) : null;
    }

    /** The key of field {@code i}. */
    JsonKey key(int i) {
        return keys.get(i);
    }

    /**
     * What a record's field {@code field} is when the document has no key for it (SPEC.md section 10): the
     * primitive's zero (boxed), {@code Optional.empty()} for an {@code Optional}, else null; from the field's type with
     * its type variables resolved, so {@code T value} of a {@code Box<Optional<String>>} is {@code Optional.empty()}.
     * The one rule every kind starts a record's fields from (a codec written as source spells a primitive's zero in
     * place).
     */
    @SuppressWarnings("unchecked")
    public <T> T missing(int field) {
        return (T) missing[field];
    }

    // ------------------------------------------------------------------ reading

    /**
     * Whether the value, whose first token is the reader's current one, is null; false on the '{' of an object, and
     * anything else is refused.
     */
    public boolean isNull(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t == JsonToken.START_OBJECT) {
            return false;
        }
        if (t == JsonToken.VALUE_NULL) {
            return true;
        }
        throw ReadErrors.error(in, ReadErrors.describe(in) + " where an object of " + typeName + " belongs");
    }

    /**
     * Moves to the object's next key: the index of its field (the reader on its value), {@link #UNKNOWN} for a key of no
     * field when unknown keys are skipped (the reader on the key), {@link #END} at the object's '}'. {@code expected} is the field tried first:
     * the one after the last read. A format key ({@code ~x}) is refused, and an unknown key with
     * {@code typedjson.unknown.fields=fail}.
     */
    public int next(JsonReader in, int expected) {
        int i = tildeNames && in.plainJson() ? nextPlain(in) : in.nextKey(keys, expected);
        if (i != JsonReader.OTHER_KEY) {
            return i;
        }
        // (the key's bytes looked at first: most unknown keys are skipped without their String)
        if (!in.plainJson() && in.textStartsWith('~')) {
            String name = in.currentName();
            if (name.length() == 1 || name.charAt(1) != '~') {
                throw ReadErrors.error(in, "format key " + ReadErrors.quote(name) + " where a field of " + typeName
                        + " belongs (a key starting with '~' is written with the '~' doubled)");
            }
        }
        if (options.failOnUnknownFields()) {
            throw ReadErrors.error(in, "unknown field " + ReadErrors.quote(in.currentName()) + " of " + typeName
                    + " (typedjson.unknown.fields=fail)");
        }
        return UNKNOWN;
    }

    /**
     * {@link JsonReader#nextKey} in plain JSON (SPEC.md section 13.1) for a class with a name starting with '~', which
     * the keys spell doubled: the document's key is compared with the names as they are.
     */
    private int nextPlain(JsonReader in) {
        if (in.nextToken() != JsonToken.FIELD_NAME) {
            return END;
        }
        String name = in.currentName();
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                in.nextToken();
                return i;
            }
        }
        return JsonReader.OTHER_KEY;
    }

    /**
     * On the value of field {@code field} (below 64), where {@link #next} left the reader: refuses it when {@code seen}
     * has the field already (a duplicate key, refused at its value with the key's path, as {@code ObjectKeys} does);
     * returns {@code seen} with it.
     */
    public long value(JsonReader in, long seen, int field) {
        long bit = 1L << field;
        if ((seen & bit) != 0) {
            throw duplicate(in);
        }
        return seen | bit;
    }

    /** {@link #value(JsonReader, long, int)} for a class of more than 64 fields: {@code seen} holds a bit per field. */
    public void value(JsonReader in, long[] seen, int field) {
        long bit = 1L << field;
        if ((seen[field >> 6] & bit) != 0) {
            throw duplicate(in);
        }
        seen[field >> 6] |= bit;
    }

    /** {@code ObjectKeys.duplicate}'s error, the reader already on the value. */
    private static TypedJsonException duplicate(JsonReader in) {
        return ReadErrors.error(in, "duplicate key " + ReadErrors.quote(in.currentName()));
    }

    /** Skips the unknown key the reader is on and its value; {@code skipped}: those skipped so far, null before the first. */
    public Set<String> skip(JsonReader in, Set<String> skipped) {
        return ObjectKeys.skipUnknown(in, skipped);
    }

    /**
     * At the object's end (a class of at most 64 fields): with {@code typedjson.missing.primitives=fail}, refuses it
     * when a primitive field has no key.
     */
    public void checkPresent(JsonReader in, long seen) {
        if (options.failOnMissingPrimitives()) {
            for (int i = 0; i < names.length; i++) {
                if (types[i].isPrimitive() && (seen & (1L << i)) == 0) {
                    throw missing(in, i);
                }
            }
        }
    }

    /** {@link #checkPresent(JsonReader, long)} for a class of more than 64 fields. */
    public void checkPresent(JsonReader in, long[] seen) {
        if (options.failOnMissingPrimitives()) {
            for (int i = 0; i < names.length; i++) {
                if (types[i].isPrimitive() && (seen[i >> 6] & (1L << i)) == 0) {
                    throw missing(in, i);
                }
            }
        }
    }

    private TypedJsonException missing(JsonReader in, int i) {
        return ReadErrors.error(in, "missing field \"" + names[i] + "\" (" + types[i].getTypeName() + ") of "
                + typeName + " (typedjson.missing.primitives=fail)");
    }

    /** A record's canonical constructor threw (a compact constructor that validates): the record is refused. */
    public TypedJsonException constructorRefused(JsonReader in, Throwable e) {
        return ReadErrors.error(in, "the constructor of " + typeName + " refused the values: " + e, e);
    }

    /** A class's no-argument constructor threw: the record is refused (an {@link Error} is thrown as it is). */
    public TypedJsonException constructorFailed(JsonReader in, Throwable e) {
        if (e instanceof Error error) {
            throw error;
        }
        return ReadErrors.error(in, "the constructor of " + typeName + " failed: " + e, e);
    }

    /**
     * Reading field {@code field} of a class threw: a {@link TypedJsonException} is returned as it is, an {@link Error}
     * thrown as it is, anything else is the setter refusing the value.
     */
    public RuntimeException setterRefused(JsonReader in, int field, Throwable e) {
        if (e instanceof TypedJsonException t) {
            return t;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return ReadErrors.error(in, "the setter of " + typeName + "." + names[field] + " refused the value: " + e, e);
    }

    // ------------------------------------------------------------------ writing

    /**
     * Writing field {@code field} to {@code out} threw {@code e}: a {@link TypedJsonException} gets the field's key in
     * its path, spelled as {@code out}'s document has it; any other exception is the getter failing, refused with the
     * path like a value that cannot be carried.
     */
    public TypedJsonException writeFailed(JsonWriter out, int field, RuntimeException e) {
        String key = keys.get(field).spelledBy(out);
        if (e instanceof TypedJsonException t) {
            return t.inField(key);
        }
        return new TypedJsonException("the getter of " + typeName + "." + names[field] + " failed: " + e, e).inField(key);
    }
}

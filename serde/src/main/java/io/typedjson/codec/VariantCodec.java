package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonKey;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.TypedJsonException;

/**
 * A sealed type: an object with one key, the variant's short name, whose value is the permitted subclass's
 * own spelling: {@code {"Circle":{"r":1.5}}}. Only the permitted subclasses are ever instantiated; any other
 * name is refused without looking it up.
 */
final class VariantCodec extends NullableCodec<Object> {
    private final Class<?> sealed;
    private final Class<?>[] classes;
    private final String[] names;
    private final JsonKey[] keys;
    /** The names as typed JSON spells them (a leading '~' doubled). */
    private final String[] spelled;
    private final Codec<Object>[] codecs;

    VariantCodec(Class<?> sealed, Class<?>[] classes, String[] names, Codec<Object>[] codecs) {
        this.sealed = sealed;
        this.classes = classes;
        this.names = names;
        this.codecs = codecs;
        this.keys = new JsonKey[names.length];
        this.spelled = new String[names.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = names[i].intern();
            keys[i] = JsonKey.of(names[i]);
            spelled[i] = Lexemes.escapeKey(names[i]).intern();
        }
    }

    // for CodecSchemas (the JSON Schema of a codec) and TypedJsonCompatibility
    Class<?> sealed() { return sealed; }
    Class<?>[] classes() { return classes; }
    String[] names() { return names; }
    Codec<Object>[] codecs() { return codecs; }

    @Override
    void writeValue(JsonWriter out, Object value) {
        // an enum constant with a body has its own anonymous class; the variant is the enum
        Class<?> c = value instanceof Enum<?> e ? e.getDeclaringClass() : value.getClass();
        for (int i = 0; i < classes.length; i++) {
            if (classes[i] == c) {
                out.writeStartObject();
                out.writeFieldName(keys[i]);
                try {
                    codecs[i].write(out, value);
                } catch (TypedJsonException e) {
                    throw e.inField(keys[i].spelledBy(out));
                }
                out.writeEndObject();
                return;
            }
        }
        throw new TypedJsonException(c.getName() + " is not a permitted subclass of " + sealed.getName()
                + " (a subclass of a non-sealed variant cannot be carried)");
    }

    @Override
    Object readValue(JsonReader in) {
        ReadErrors.expect(in, JsonToken.START_OBJECT, "a variant of " + sealed.getSimpleName() + " ({\"Name\":value})");
        if (in.nextToken() != JsonToken.FIELD_NAME) {
            throw ReadErrors.error(in, "empty object where a variant of " + sealed.getSimpleName() + " belongs");
        }
        // the key as the writer spells it: a name starting with '~' doubled in typed JSON, as it is in plain JSON
        int i = find(in.currentName(), in.plainJson() ? names : spelled);
        if (i < 0) {
            throw ReadErrors.error(in, "unknown variant " + ReadErrors.quote(in.currentName()) + " of "
                    + sealed.getSimpleName() + " (expected one of " + String.join(", ", names) + ")");
        }
        in.nextToken();
        Object value = codecs[i].read(in);
        if (value == null) {
            throw ReadErrors.error(in, "null where the value of variant " + names[i] + " belongs");
        }
        if (in.nextToken() != JsonToken.END_OBJECT) {
            throw ReadErrors.error(in, "a variant of " + sealed.getSimpleName() + " is an object with exactly one key");
        }
        return value;
    }

    private static int find(String name, String[] names) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                return i;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}

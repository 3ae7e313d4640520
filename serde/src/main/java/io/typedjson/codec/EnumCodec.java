package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.annotation.TypedJsonName;
import io.typedjson.format.internal.KeySpelling;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ReadErrors;
import java.util.Arrays;

/** An enum: the constant's name (or its {@link TypedJsonName}) as a string; also the spelling of enum map keys. */
final class EnumCodec extends NullableCodec<Enum<?>> implements KeySpelling<Enum<?>> {
    private final Class<?> type;
    private final Enum<?>[] constants;
    private final String[] names;
    private final String[] spelled;
    /** Whether a name starts with '~' (spelled otherwise in typed JSON). */
    private final boolean tildeNames;

    /** The enum's codec by reflection: its constants' names, or their {@link TypedJsonName}. */
    EnumCodec(Class<?> type) {
        this(type, (Enum<?>[]) type.getEnumConstants(), reflectedNames(type));
    }

    /** The codec of {@code constants} (in ordinal order) written as {@code names}. */
    EnumCodec(Class<?> type, Enum<?>[] constants, String[] names) {
        if (constants.length != names.length) {
            throw new IllegalArgumentException(names.length + " names for the " + constants.length + " constants of " + type.getName());
        }
        this.type = type;
        this.constants = constants.clone();
        this.names = new String[constants.length];
        this.spelled = new String[constants.length];
        for (Enum<?> c : constants) {
            String name = names[c.ordinal()];
            if (Arrays.asList(this.names).contains(name)) {
                throw new IllegalArgumentException("two constants of " + type.getName() + " are named " + name);
            }
            this.names[c.ordinal()] = name;
            spelled[c.ordinal()] = Lexemes.escapeKey(name);
        }
        this.tildeNames = !Arrays.equals(this.names, spelled);
    }

    private static String[] reflectedNames(Class<?> type) {
        Enum<?>[] constants = (Enum<?>[]) type.getEnumConstants();
        String[] names = new String[constants.length];
        for (Enum<?> c : constants) {
            try {
                TypedJsonName rename = type.getField(c.name()).getAnnotation(TypedJsonName.class);
                names[c.ordinal()] = rename != null ? rename.value() : c.name();
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(e);
            }
        }
        return names;
    }

    // for CodecSchemas (the JSON Schema of a codec) and TypedJsonCompatibility
    Class<?> type() { return type; }
    String[] names() { return names; }

    @Override
    void writeValue(JsonWriter out, Enum<?> value) {
        int i = value.ordinal();
        // (plain JSON writes a name starting with '~' as it is, SPEC.md section 13.1)
        out.writeString(tildeNames && out.plainJson() ? names[i] : spelled[i]);
    }

    @Override
    Enum<?> readValue(JsonReader in) {
        return parse(in, Lexemes.readString(in));
    }

    @Override
    public String text(Enum<?> key) {
        return names[key.ordinal()];
    }

    @Override
    public Enum<?> parse(JsonReader in, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return constants[i];
            }
        }
        throw ReadErrors.error(in, "unknown constant " + ReadErrors.quote(name)
                + " of " + type.getSimpleName() + " (expected one of " + String.join(", ", names) + ")");
    }
}

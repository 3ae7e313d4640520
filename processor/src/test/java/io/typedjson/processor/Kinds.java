package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.CodecKind;
import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One type's codec of each kind, and what each does with a value or a document, as text that must be the same for
 * all three: the document written (base64) or the refusal's message (reason, path, byte offset); a document read gives
 * the value's document as the reflective codec writes it (and whether the value is the reflective codec's), or the
 * refusal.
 */
final class Kinds {
    static final List<CodecKind> ALL = List.of(CodecKind.COMPILED, CodecKind.GENERATED, CodecKind.REFLECTIVE);
    private static final TypedJsonFormat DEFAULTS = TypedJsonFormat.defaults();

    final Type type;
    final CodecOptions options;
    /** The format (its limits) every read and write goes through. */
    final TypedJsonFormat format;
    /** Whether documents are read as plain JSON ({@link TypedJsonFormat#readPlain}). */
    final boolean plain;
    final List<Codec<Object>> codecs;
    private final Codec<Object> reflective;

    Kinds(Type type, CodecOptions options) {
        this(type, options, DEFAULTS, false);
    }

    Kinds(Type type, CodecOptions options, TypedJsonFormat format, boolean plain) {
        this.type = type;
        this.options = options;
        this.format = format;
        this.plain = plain;
        this.codecs = ALL.stream().map(k -> Codecs.<Object>of(type, options.withKind(k))).toList();
        this.reflective = codecs.get(2);
        Class<?> raw = type instanceof Class<?> c ? c : (Class<?>) ((java.lang.reflect.ParameterizedType) type).getRawType();
        for (int i = 0; i < ALL.size(); i++) {
            // enums and sealed types do no reflection per record: no code is generated for them at run time
            CodecKind expected = ALL.get(i) == CodecKind.GENERATED && (raw.isEnum() || raw.isSealed()) ? CodecKind.REFLECTIVE : ALL.get(i);
            assertEquals(expected, Codecs.kindOf(codecs.get(i)), () -> "the kind of " + type.getTypeName() + "'s codec");
            assertIs(expected, codecs.get(i), raw);
        }
    }

    /**
     * Asserts what a codec of {@code kind} is, not only its label: a compiled codec is the processor's class beside
     * {@code raw} ({@code Outer_InnerTypedJsonCodec}), a generated one a hidden class, a reflective one typedjson's own
     * class, neither hidden nor beside {@code raw}. An enum's or a sealed type's codec is typedjson's in every kind
     * (the compiled kind's made from the names the processor wrote into its registry).
     */
    static void assertIs(CodecKind kind, Codec<?> codec, Class<?> raw) {
        Class<?> c = codec.getClass();
        String what = kind + " codec of " + raw.getName() + ": " + c.getName();
        if (raw.isEnum() || raw.isSealed()) {
            assertEquals(raw.isEnum() ? "io.typedjson.codec.EnumCodec" : "io.typedjson.codec.VariantCodec", c.getName(), what);
            return;
        }
        switch (kind) {
            case COMPILED -> {
                String nested = raw.getName().substring(raw.getPackageName().length() + 1).replace('$', '_');
                assertEquals(raw.getPackageName() + "." + nested + "TypedJsonCodec", c.getName(), what);
                assertFalse(c.isHidden(), what);
            }
            case GENERATED -> assertTrue(c.isHidden() && c.getPackageName().equals("io.typedjson.codec"), what);
            case REFLECTIVE -> assertTrue(!c.isHidden() && c.getPackageName().equals("io.typedjson.codec"), what);
            default -> throw new AssertionError(what);
        }
    }

    /** What writing {@code value} gives with each kind. */
    List<String> written(Object value) {
        return codecs.stream().map(c -> write(c, value)).toList();
    }

    /**
     * What reading {@code document} gives with each kind: a value read is told by what the reflective codec writes of
     * it, and a value of the compiled or generated kind that is not {@link #sameValue the same} as the reflective
     * codec's says so (two values can write the same bytes: a null and an empty Optional in a dynamic position, say).
     */
    List<String> read(byte[] document) {
        List<Object> values = new ArrayList<>();
        List<String> outcomes = new ArrayList<>();
        for (Codec<Object> codec : codecs) {
            Object value = null;
            String outcome;
            try {
                value = plain ? format.readPlain(codec, document, 0, document.length) : format.read(codec, document);
                outcome = "read " + write(reflective, value);
            } catch (TypedJsonException e) {
                outcome = "refused " + e.getMessage();
            } catch (RuntimeException | StackOverflowError e) {
                outcome = "failed " + e;
            }
            values.add(value);
            outcomes.add(outcome);
        }
        for (int i = 0; i < 2; i++) {
            if (outcomes.get(i).startsWith("read ") && outcomes.get(2).startsWith("read ")
                    && !sameValue(values.get(i), values.get(2))) {
                outcomes.set(i, "read another value than the reflective codec: " + values.get(i) + "; " + outcomes.get(i));
            }
        }
        return outcomes;
    }

    /**
     * Whether two values read are the same: the same classes all the way down, arrays, collections and maps element
     * by element in their order, records and the fixtures' classes field by field, anything else
     * by {@code equals} (a double's bits, a BigDecimal's scale).
     */
    static boolean sameValue(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        Class<?> c = a.getClass();
        if (c.isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!sameValue(Array.get(a, i), Array.get(b, i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Optional<?> o) {
            return sameValue(o.orElse(null), ((Optional<?>) b).orElse(null));
        }
        if (a instanceof Collection<?> x) {
            return sameValue(x.toArray(), ((Collection<?>) b).toArray());
        }
        if (a instanceof Map<?, ?> x) {
            return sameValue(x.keySet().toArray(), ((Map<?, ?>) b).keySet().toArray())
                    && sameValue(x.values().toArray(), ((Map<?, ?>) b).values().toArray());
        }
        if (c.isRecord() || c.getPackageName().startsWith("io.typedjson.processor")) {
            // field by field (not through accessors, which a fixture makes fail)
            try {
                for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
                    for (Field f : k.getDeclaredFields()) {
                        if (!Modifier.isStatic(f.getModifiers())) {
                            f.setAccessible(true);
                            if (!sameValue(f.get(a), f.get(b))) {
                                return false;
                            }
                        }
                    }
                }
                return true;
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return a.equals(b);
    }

    /** The document written by the reflective codec, or null when it refuses the value. */
    byte[] document(Object value) {
        try {
            return DEFAULTS.write(reflective, value);
        } catch (TypedJsonException e) {
            return null;
        }
    }

    private static String write(Codec<Object> codec, Object value) {
        try {
            return "written " + Base64.getEncoder().encodeToString(DEFAULTS.write(codec, value));
        } catch (TypedJsonException e) {
            return "refused " + e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            return "failed " + e; // a bug of every kind alike, or of one: compared all the same
        }
    }

}

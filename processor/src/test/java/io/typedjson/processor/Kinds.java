package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.codec.CodecKind;
import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.lang.reflect.Type;
import java.util.Base64;
import java.util.List;

/**
 * One type's codec of each kind, and what each does with a value or a document, as text that must be the same for
 * all three: the document written (base64) or the refusal's message (reason, path, byte offset); a document read gives
 * the value's document as the reflective codec writes it, or the refusal.
 */
final class Kinds {
    static final List<CodecKind> ALL = List.of(CodecKind.COMPILED, CodecKind.GENERATED, CodecKind.REFLECTIVE);
    private static final TypedJsonFormat FORMAT = TypedJsonFormat.defaults();

    final Type type;
    final CodecOptions options;
    final List<Codec<Object>> codecs;
    private final Codec<Object> reflective;

    Kinds(Type type, CodecOptions options) {
        this.type = type;
        this.options = options;
        this.codecs = ALL.stream().map(k -> Codecs.<Object>of(type, options.withKind(k))).toList();
        this.reflective = codecs.get(2);
        Class<?> raw = type instanceof Class<?> c ? c : (Class<?>) ((java.lang.reflect.ParameterizedType) type).getRawType();
        for (int i = 0; i < ALL.size(); i++) {
            // enums and sealed types do no reflection per record: no code is generated for them at run time
            CodecKind expected = ALL.get(i) == CodecKind.GENERATED && (raw.isEnum() || raw.isSealed()) ? CodecKind.REFLECTIVE : ALL.get(i);
            assertEquals(expected, Codecs.kindOf(codecs.get(i)), () -> "the kind of " + type.getTypeName() + "'s codec");
        }
    }

    /** What writing {@code value} gives with each kind. */
    List<String> written(Object value) {
        return codecs.stream().map(c -> write(c, value)).toList();
    }

    /** What reading {@code document} gives with each kind. */
    List<String> read(byte[] document) {
        return codecs.stream().map(c -> read(c, document)).toList();
    }

    /** The document written by the reflective codec, or null when it refuses the value. */
    byte[] document(Object value) {
        try {
            return FORMAT.write(reflective, value);
        } catch (TypedJsonException e) {
            return null;
        }
    }

    private static String write(Codec<Object> codec, Object value) {
        try {
            return "written " + Base64.getEncoder().encodeToString(FORMAT.write(codec, value));
        } catch (TypedJsonException e) {
            return "refused " + e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            return "failed " + e; // a bug of every kind alike, or of one: compared all the same
        }
    }

    private String read(Codec<Object> codec, byte[] document) {
        Object value;
        try {
            value = FORMAT.read(codec, document);
        } catch (TypedJsonException e) {
            return "refused " + e.getMessage();
        } catch (RuntimeException | StackOverflowError e) {
            return "failed " + e;
        }
        return "read " + write(reflective, value);
    }
}

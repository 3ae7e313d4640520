package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.format.internal.scalar.ScalarTypes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dynamic model writes a tagged Integer, Short or Byte with digits of its own: the same bytes, and the same
 * refusals (plain JSON, the number and string limits), as the type's {@code writeDynamic}.
 */
class DynamicIntWriteTest {
    private static final List<Object> VALUES = List.of(0, 7, -7, 9, 10, -10, 99, 100, 999_999_999, 1_000_000_000,
            -1_000_000_000, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, (short) 0, (short) 113,
            Short.MIN_VALUE, Short.MAX_VALUE, (byte) 0, (byte) -1, Byte.MIN_VALUE, Byte.MAX_VALUE);

    private static final List<Limits> LIMITS = List.of(Limits.DEFAULT,
            new Limits(500, 3, 20_000_000, 64L << 20), new Limits(500, 1, 20_000_000, 64L << 20),
            new Limits(500, 1_000, 5, 64L << 20), new Limits(500, 1_000, 12, 64L << 20));

    /** What a writer holds after the value, or the refusal's message. */
    private static String outcome(Limits limits, boolean plain, Object value, boolean dynamicModel) {
        JsonWriter w = new JsonWriter(limits);
        w.reset();
        w.plainJson(plain);
        try {
            if (dynamicModel) {
                DynamicCodec.INSTANCE.write(w, value);
            } else {
                ScalarTypes.ofValueClass(value.getClass()).writeDynamic(w, value);
            }
        } catch (TypedJsonException e) {
            return "refused: " + e.getMessage();
        }
        return new String(w.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void sameAsTheTypesWriteDynamic() {
        for (Limits limits : LIMITS) {
            for (boolean plain : List.of(false, true)) {
                for (Object v : VALUES) {
                    assertEquals(outcome(limits, plain, v, false), outcome(limits, plain, v, true),
                            v + " (" + v.getClass().getSimpleName() + ") under " + limits + (plain ? ", plain" : ""));
                }
            }
        }
    }

    @Test
    void spelledWithTheirTags() {
        assertEquals("\"~i-2147483648\"", outcome(Limits.DEFAULT, false, Integer.MIN_VALUE, true));
        assertEquals("\"~s-32768\"", outcome(Limits.DEFAULT, false, Short.MIN_VALUE, true));
        assertEquals("\"~y127\"", outcome(Limits.DEFAULT, false, Byte.MAX_VALUE, true));
        assertEquals("\"~i0\"", outcome(Limits.DEFAULT, false, 0, true));
    }
}

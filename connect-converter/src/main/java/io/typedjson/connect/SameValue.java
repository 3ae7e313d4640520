package io.typedjson.connect;

import io.typedjson.format.internal.Equality;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

/**
 * The format's equality (SPEC.md section 7.1, {@link Equality}) over Connect values: a Struct is compared field by
 * field (the values it holds, without defaults put in), each by the same rule, so a {@code byte[]} or ByteBuffer
 * compares by content wherever it is. The recursion follows the key schema, which the converter has bounded.
 */
final class SameValue {
    private SameValue() {}

    static final Equality EQUALITY = Equality.withParts(v -> v instanceof Struct s ? fieldValues(s) : null);

    /** An object whose equals and hashCode are the format's equality of {@code v}. */
    static Object of(Object v) {
        return EQUALITY.key(v);
    }

    private static List<Object> fieldValues(Struct s) {
        List<Object> values = new ArrayList<>();
        for (Field f : s.schema().fields()) {
            values.add(s.getWithoutDefault(f.name()));
        }
        return values;
    }
}

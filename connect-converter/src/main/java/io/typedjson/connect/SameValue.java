package io.typedjson.connect;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

/**
 * The format's equality of map keys (SPEC.md section 7.1) for Connect values whose Java {@code equals} is not it:
 * a {@code byte[]} (or ByteBuffer) compares by content, a list element by element, a set or a map as a set or map (any order), a
 * Struct field by field, each by the same rule. Other values (numbers, strings, BigDecimal with its scale,
 * java.util.Date, Double and Float by bits with one NaN) already compare that way in Java. The recursion follows
 * the key schema, which the converter has bounded.
 */
final class SameValue {
    private SameValue() {}

    /** An object whose equals and hashCode are the format's equality of {@code v}. */
    static Object of(Object v) {
        if (v instanceof byte[]) {
            return ByteBuffer.wrap((byte[]) v);
        }
        if (v instanceof ByteBuffer) {
            return ((ByteBuffer) v).duplicate();
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object e : (List<?>) v) {
                out.add(of(e));
            }
            return out;
        }
        if (v instanceof java.util.Set) {
            java.util.Set<Object> out = new java.util.HashSet<>();
            for (Object e : (java.util.Set<?>) v) {
                out.add(of(e));
            }
            return out;
        }
        if (v instanceof Map) {
            Map<Object, Object> out = new HashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(of(e.getKey()), of(e.getValue()));
            }
            return out;
        }
        if (v instanceof Struct) {
            Struct s = (Struct) v;
            List<Object> out = new ArrayList<>();
            for (Field f : s.schema().fields()) {
                out.add(of(s.getWithoutDefault(f.name())));
            }
            return out;
        }
        return v;
    }
}

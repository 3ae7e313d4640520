package io.typedjson.connect;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;

/**
 * Fills the Structs the reader builds without {@link Struct#put(Field, Object)}'s validation.
 *
 * <p>{@code put} runs {@code ConnectSchema.validateValue} on every call: it builds a message String, looks up the
 * classes of the schema, and for a nested Struct compares the schemas by equality and validates the nested Struct
 * again, every element of a list and every entry of a map too. That was a fifth of the time reading a flat record
 * and over a third reading a nested one. The reader's values need none of it: each is built by the codec compiled
 * from the field's own schema ({@link ValueCodec#of}), so its class is the one the schema wants, a nested Struct
 * has that very schema with its required fields present, and a null is never set (the reader refuses null where
 * the schema does). Connect has no public way to fill a Struct without validation, so this writes Struct's value
 * array through a {@link VarHandle}; if a Kafka version lays Struct out differently, it falls back to {@code put}.
 * A field whose schema carries one of Connect's logical names on another type still goes through {@code put},
 * which refuses its value ({@link ValueCodec#readsValid}).
 */
final class StructFill {

    /** Struct's {@code Object[] values}, or null when this Kafka version's Struct does not have it. */
    private static final VarHandle VALUES = find();

    private StructFill() {
    }

    /**
     * The array a new Struct keeps its values in, indexed by {@link Field#index()}, or null when this Kafka's
     * Struct has none (then use put). Only for values built by the codec of the field's own schema; reading it gives
     * each field as set, a null where {@link Struct#get(Field)} would give the field's default.
     */
    static Object[] values(Struct struct) {
        return VALUES == null ? null : (Object[]) VALUES.get(struct);
    }

    /** Whether fields are set directly (false: through put, with Connect's validation). */
    static boolean direct() {
        return VALUES != null;
    }

    private static VarHandle find() {
        try {
            VarHandle values = MethodHandles.privateLookupIn(Struct.class, MethodHandles.lookup())
                    .findVarHandle(Struct.class, "values", Object[].class);
            // the array must be what get() reads, indexed by Field.index()
            Schema probeSchema = SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA).field("b", Schema.STRING_SCHEMA).build();
            Struct probe = new Struct(probeSchema);
            Object[] array = (Object[]) values.get(probe);
            if (array == null || array.length != 2) {
                return null;
            }
            array[probeSchema.field("b").index()] = "x";
            array[probeSchema.field("a").index()] = 7;
            if (!"x".equals(probe.get("b")) || !Integer.valueOf(7).equals(probe.get("a"))) {
                return null;
            }
            probe.validate();
            return values;
        } catch (ReflectiveOperationException | RuntimeException e) { // no such field, or not accessible
            return null;
        }
    }
}

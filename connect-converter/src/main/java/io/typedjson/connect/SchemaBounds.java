package io.typedjson.connect;

import io.typedjson.serde.TypedJsonConfig;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.DataException;

/**
 * Bounds a schema handed to the converter before anything recursive touches it: Connect's own
 * {@code Schema.hashCode()} and {@code equals()}, the notation writer and the codec compiler all recurse once
 * per level, and a schema built by a connector or a transform (or one a record made another converter build)
 * may be nested arbitrarily deep, share sub-schemas (a tree of 2^40 nodes in 40 objects), or, built from
 * mutable {@code SchemaBuilder}s, contain itself. This walk is iterative, visits each schema object once, and
 * refuses with a {@link DataException} naming the limit's property.
 */
final class SchemaBounds {
    private SchemaBounds() {}

    /**
     * Checks that {@code root} nests arrays, maps and structs at most {@code maxDepth} levels and expands to at
     * most {@code maxNodes} schemas as a tree (its notation has at least one character per node).
     */
    static void check(Schema root, int maxDepth, long maxNodes) {
        // per schema object: {composite depth, tree size}, once all its children are done
        Map<Schema, long[]> done = new IdentityHashMap<>();
        Map<Schema, Boolean> onPath = new IdentityHashMap<>();
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root));
        onPath.put(root, Boolean.TRUE);
        while (!stack.isEmpty()) {
            Frame f = stack.peek();
            if (f.next < f.children.length) {
                Schema child = f.children[f.next++];
                if (child == null) {
                    throw new DataException(f.schema.type() + " schema without its " + (f.schema.type() == Schema.Type.STRUCT
                            ? "field schema" : "key or value schema"));
                }
                if (done.containsKey(child)) {
                    continue;
                }
                if (onPath.put(child, Boolean.TRUE) != null) {
                    throw new DataException("a schema that contains itself cannot be written");
                }
                if (stack.size() > maxDepth) { // the stack holds the composites above the child
                    throw tooDeep(maxDepth);
                }
                stack.push(new Frame(child));
                continue;
            }
            stack.pop();
            onPath.remove(f.schema);
            long depth = 0;
            long size = 1;
            for (Schema child : f.children) {
                long[] c = done.get(child);
                depth = Math.max(depth, c[0]);
                size = Math.min(size + c[1], Long.MAX_VALUE / 4);
            }
            if (f.children.length > 0 || isComposite(f.schema)) {
                depth++;
            }
            if (depth > maxDepth) {
                throw tooDeep(maxDepth);
            }
            if (size > maxNodes) {
                throw new DataException("a schema of more than " + maxNodes + " nested schemas (as a tree) has a notation longer "
                        + "than the limit of " + maxNodes + " characters (raise " + TypedJsonConfig.MAX_STRING_LENGTH + ")");
            }
            done.put(f.schema, new long[] {depth, size});
        }
    }

    private static DataException tooDeep(int maxDepth) {
        return new DataException("schema nested deeper than the limit of " + maxDepth + " levels (raise "
                + TypedJsonConfig.MAX_DEPTH + " to allow deeper schemas)");
    }

    private static boolean isComposite(Schema s) {
        Schema.Type t = s.type();
        return t == Schema.Type.ARRAY || t == Schema.Type.MAP || t == Schema.Type.STRUCT;
    }

    private static final class Frame {
        final Schema schema;
        final Schema[] children;
        int next;

        Frame(Schema schema) {
            this.schema = schema;
            this.children = children(schema);
        }
    }

    private static Schema[] children(Schema s) {
        if (s.type() == null) {
            throw new DataException("schema without a type");
        }
        switch (s.type()) {
            case ARRAY:
                return new Schema[] {s.valueSchema()};
            case MAP:
                return new Schema[] {s.keySchema(), s.valueSchema()};
            case STRUCT: {
                List<Field> fields = s.fields();
                if (fields == null) {
                    throw new DataException("STRUCT schema without a field list");
                }
                Schema[] out = new Schema[fields.size()];
                for (int i = 0; i < out.length; i++) {
                    Field field = fields.get(i);
                    out[i] = field == null ? null : field.schema();
                }
                return out;
            }
            default:
                return new Schema[0];
        }
    }
}

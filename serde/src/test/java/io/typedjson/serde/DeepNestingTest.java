package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * Deep nesting within typedjson.max.depth: the largest depth the serde takes is read and written on a thread's
 * default stack, a larger one is refused at configure, and a thread whose stack runs out first (a small one) gets
 * the serde's exception, not a StackOverflowError, and goes on reading.
 */
class DeepNestingTest {

    /** A typed value nested through a record and a list: a few frames per level in every codec. */
    record Node(int v, List<Node> kids) {}

    private static byte[] arrays(int depth) {
        return ("[".repeat(depth) + "]".repeat(depth)).getBytes(StandardCharsets.UTF_8);
    }

    private static List<Object> nestedLists(int depth) {
        List<Object> root = new ArrayList<>();
        List<Object> at = root;
        for (int i = 1; i < depth; i++) {
            List<Object> inner = new ArrayList<>();
            at.add(inner);
            at = inner;
        }
        return root;
    }

    private static Node nodes(int levels) {
        Node n = new Node(0, List.of());
        for (int i = 1; i < levels; i++) {
            n = new Node(i, List.of(n));
        }
        return n;
    }

    private static Map<String, Object> deepest() {
        return Map.of(TypedJsonConfig.MAX_DEPTH, String.valueOf(TypedJsonConfig.MAX_SUPPORTED_DEPTH));
    }

    @Test
    void theLargestDepthTakenIsReadAndWrittenOnADefaultStack() {
        int depth = TypedJsonConfig.MAX_SUPPORTED_DEPTH;
        TypedJsonSerializer<Object> dynamicOut = new TypedJsonSerializer<>();
        dynamicOut.configure(deepest(), false);
        TypedJsonDeserializer<Object> dynamicIn = new TypedJsonDeserializer<>();
        dynamicIn.configure(deepest(), false);
        byte[] doc = dynamicOut.serialize("t", nestedLists(depth));
        assertEquals(new String(arrays(depth), StandardCharsets.UTF_8), new String(doc, StandardCharsets.UTF_8));
        assertEquals(nestedLists(depth), dynamicIn.deserialize("t", doc));

        TypedJsonSerde<Node> typed = TypedJsonSerde.forClass(Node.class);
        typed.configure(deepest(), false);
        Node deep = nodes(depth / 2); // each node is two levels: its object and its list
        assertEquals(deep, typed.deserializer().deserialize("t", typed.serializer().serialize("t", deep)));
    }

    @Test
    void aLargerDepthIsRefusedAtConfigureNamingTheKey() {
        ConfigException e = assertThrows(ConfigException.class, () -> new TypedJsonDeserializer<>().configure(
                Map.of(TypedJsonConfig.MAX_DEPTH, String.valueOf(TypedJsonConfig.MAX_SUPPORTED_DEPTH + 1)), false));
        assertEquals("Invalid value " + (TypedJsonConfig.MAX_SUPPORTED_DEPTH + 1) + " for configuration typedjson.max.depth:"
                + " the serde takes at most " + TypedJsonConfig.MAX_SUPPORTED_DEPTH + ": reading and writing recurse, and a"
                + " deeper document would exhaust a thread's stack", e.getMessage());
        assertTrue(TypedJsonConfig.configDef().configKeys().get(TypedJsonConfig.MAX_DEPTH).validator.toString()
                .contains("[1,...," + TypedJsonConfig.MAX_SUPPORTED_DEPTH + "]"), "the documented range says the bound");
    }

    @Test
    void aThreadWhoseStackRunsOutGetsTheSerdesExceptionAndGoesOn() throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                TypedJsonDeserializer<Object> in = new TypedJsonDeserializer<>();
                in.configure(deepest(), false);
                SerializationException read = assertThrows(SerializationException.class,
                        () -> in.deserialize("t", arrays(TypedJsonConfig.MAX_SUPPORTED_DEPTH)));
                assertTrue(read.getMessage().contains("nesting too deep for this thread's stack")
                        && read.getMessage().contains("typedjson.max.depth") && read.getMessage().contains("byte offset"),
                        read.getMessage());
                assertEquals(List.of(List.of()), in.deserialize("t", arrays(2)), "the thread reads on");

                TypedJsonSerializer<Object> out = new TypedJsonSerializer<>();
                out.configure(deepest(), false);
                SerializationException write = assertThrows(SerializationException.class,
                        () -> out.serialize("t", nestedLists(TypedJsonConfig.MAX_SUPPORTED_DEPTH)));
                assertTrue(write.getMessage().contains("nesting too deep for this thread's stack"), write.getMessage());
                assertEquals("[[]]", new String(out.serialize("t", nestedLists(2)), StandardCharsets.UTF_8));
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "small-stack", 64 * 1024);
        small.start();
        small.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }
}

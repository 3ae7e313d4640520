package io.typedjson.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJson;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.format.VectorsAccess;
import io.typedjson.processor.fixtures.Beans.Covariant;
import io.typedjson.processor.fixtures.Beans.Customer;
import io.typedjson.processor.fixtures.Beans.Strict;
import io.typedjson.processor.fixtures.Beans.Tagged;
import io.typedjson.processor.fixtures.Checked;
import io.typedjson.processor.fixtures.Many;
import io.typedjson.processor.fixtures.Order;
import io.typedjson.processor.fixtures.Shapes.Box;
import io.typedjson.processor.fixtures.Shapes.Boxes;
import io.typedjson.processor.fixtures.Shapes.Color;
import io.typedjson.processor.fixtures.Shapes.Drawing;
import io.typedjson.processor.fixtures.Shapes.Node;
import io.typedjson.processor.fixtures.Shapes.Point;
import io.typedjson.processor.fixtures.Shapes.Shape;
import io.typedjson.processor.fixtures.Slots;
import io.typedjson.processor.fixtures.Wide;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * One behaviour, three kinds (issue 30): the codec written at compile time by this module's processor, the one
 * generated at run time and the reflective one write byte-identical documents and refuse the same values and documents
 * with the same message, path and byte offset, and read equal values (compared field by field, not only as the
 * reflective codec writes them): on random values of every fixture (seeded), on mutations of their documents (bytes
 * changed, keys reordered, repeated, unknown, escaped differently, all missing), and on every document of SPEC.md's
 * vectors, alone and as the value of each field of {@link Wide}; under each option that changes what a class reads.
 */
class ThreeKindsTest {
    private static final long SEED = 30L;
    private static final int VALUES_PER_TYPE = 150;

    static final List<Type> TYPES = List.of(Wide.class, Order.class, keysType(), Many.class, Checked.class, Drawing.class,
            Boxes.class, Node.class, Customer.class, Tagged.class, Strict.class, Covariant.class, Shape.class, Color.class,
            new TypeRef<Box<List<Point>>>() {}.type(),
            // a type variable bound to an Optional: a missing key is Optional.empty() in every kind
            new TypeRef<Box<Optional<String>>>() {}.type(), new TypeRef<Box<Optional<Point>>>() {}.type(),
            // constructors of 254 parameter slots, which no method handle calls, and of 253
            Slots.Longs.class, Slots.Doubles.class, Slots.Mixed.class, Slots.Edge.class);

    static final List<CodecOptions> OPTIONS = List.of(CodecOptions.DEFAULT, new CodecOptions(true, false),
            new CodecOptions(false, true));

    /** {@code Keys} is package-private in the fixtures' package (a codec written there reaches it all the same). */
    private static Type keysType() {
        try {
            return Class.forName("io.typedjson.processor.fixtures.Keys");
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void eachKindIsTheOneAskedForAndAutoTakesTheCompiledOne() {
        for (Type t : TYPES) {
            for (CodecOptions o : OPTIONS) {
                new Kinds(t, o); // asserts the kind of each
            }
            Codec<Object> auto = Codecs.of(t);
            assertEquals(io.typedjson.codec.CodecKind.COMPILED, Codecs.kindOf(auto), t.getTypeName());
            Kinds.assertIs(io.typedjson.codec.CodecKind.COMPILED, auto,
                    t instanceof Class<?> c ? c : (Class<?>) ((java.lang.reflect.ParameterizedType) t).getRawType());
        }
    }

    @TestFactory
    Stream<DynamicTest> randomValuesAndTheirMutations() {
        return TYPES.stream().map(t -> DynamicTest.dynamicTest(t.getTypeName(), () -> {
            SplittableRandom random = new SplittableRandom(SEED ^ t.getTypeName().hashCode());
            Values values = new Values(random);
            int refusedWrites = 0, refusedReads = 0, reads = 0;
            for (CodecOptions options : OPTIONS) {
                Kinds kinds = new Kinds(t, options);
                for (int n = 0; n < VALUES_PER_TYPE; n++) {
                    Object value = values.of(t);
                    List<String> written = kinds.written(value);
                    same(written, () -> "writing " + value);
                    refusedWrites += written.get(0).startsWith("refused") ? 1 : 0;
                    byte[] document = kinds.document(value);
                    if (document == null) {
                        continue;
                    }
                    for (byte[] d : mutations(document, t, random)) {
                        List<String> read = kinds.read(d);
                        same(read, () -> "reading " + show(d) + " with " + options);
                        refusedReads += read.get(0).startsWith("refused") ? 1 : 0;
                        reads++;
                    }
                }
            }
            // the inputs reach both sides of every kind: values written and refused, documents read and refused
            assertTrue(reads > 0 && refusedReads > 0 && refusedReads < reads, reads + " reads, " + refusedReads + " refused");
            assertTrue(t == Color.class || refusedWrites < VALUES_PER_TYPE * OPTIONS.size(), "every value refused");
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyVectorDocumentAloneAndInEveryFieldOfWide() throws Exception {
        List<byte[]> documents = new ArrayList<>();
        for (String file : List.of("valid.json", "invalid.json", "accepted.json")) {
            for (Object o : VectorsAccess.load(file)) {
                Map<?, ?> v = (Map<?, ?>) o;
                documents.add(v.containsKey("document_base64") ? Base64.getDecoder().decode((String) v.get("document_base64"))
                        : ((String) v.get("document")).getBytes(StandardCharsets.UTF_8));
            }
        }
        List<String> keys = new ArrayList<>();
        for (RecordComponent c : Wide.class.getRecordComponents()) {
            keys.add(c.getName());
        }
        return OPTIONS.stream().map(options -> DynamicTest.dynamicTest(options.toString(), () -> {
            Kinds wide = new Kinds(Wide.class, options);
            Kinds order = new Kinds(Order.class, options);
            int refused = 0, read = 0;
            for (byte[] d : documents) {
                same(wide.read(d), () -> "Wide reading " + show(d));
                same(order.read(d), () -> "Order reading " + show(d));
                for (String key : keys) {
                    byte[] inField = concat(("{\"" + key + "\":").getBytes(StandardCharsets.UTF_8), d, new byte[] {'}'});
                    List<String> outcome = wide.read(inField);
                    same(outcome, () -> "Wide reading " + show(inField));
                    refused += outcome.get(0).startsWith("refused") ? 1 : 0;
                    read++;
                }
            }
            // (with typedjson.missing.primitives=fail every one-key document is refused: Wide has primitives)
            assertTrue(refused > 0 && (refused < read || options.failOnMissingPrimitives()), read + " documents, " + refused + " refused");
        }));
    }

    @Test
    void namedRefusalsAreTheSameInEveryKind() {
        Kinds checked = new Kinds(Checked.class, CodecOptions.DEFAULT);
        List<String> refused = checked.read("{\"n\":-1,\"s\":\"x\"}".getBytes(StandardCharsets.UTF_8));
        same(refused, () -> "a constructor that refuses");
        assertEquals("refused the constructor of Checked refused the values: java.lang.IllegalArgumentException: n -1 is"
                + " negative at $ (byte offset 15)", refused.get(0));
        List<String> getter = checked.written(new Checked(1, "boom"));
        same(getter, () -> "a getter that fails");
        assertEquals("refused the getter of Checked.s failed: java.lang.IllegalStateException: s boom at $.s", getter.get(0));

        Kinds strict = new Kinds(Strict.class, CodecOptions.DEFAULT);
        List<String> setter = strict.read("{\"count\":-2}".getBytes(StandardCharsets.UTF_8));
        same(setter, () -> "a setter that refuses");
        assertEquals("refused the setter of Strict.count refused the value: java.lang.IllegalArgumentException: count -2 is"
                + " negative at $.count (byte offset 9)", setter.get(0));
        List<String> laterSetter = strict.read("{\"count\":1,\"code\":\"!x\"}".getBytes(StandardCharsets.UTF_8));
        same(laterSetter, () -> "a setter of the second field that refuses");
        assertEquals("refused the setter of Strict.code refused the value: java.lang.IllegalArgumentException: code !x"
                + " starts with '!' at $.code (byte offset 18)", laterSetter.get(0));

        Kinds missing = new Kinds(Order.class, new CodecOptions(false, true));
        List<String> absent = missing.read("{\"name\":\"a\"}".getBytes(StandardCharsets.UTF_8));
        same(absent, () -> "a missing primitive");
        assertEquals("refused missing field \"id\" (long) of Order (typedjson.missing.primitives=fail) at $ (byte offset 11)",
                absent.get(0));

        Kinds unknown = new Kinds(Order.class, new CodecOptions(true, false));
        same(unknown.read("{\"id\":1,\"extra\":2}".getBytes(StandardCharsets.UTF_8)), () -> "an unknown key");
        assertEquals("refused unknown field \"extra\" of Order (typedjson.unknown.fields=fail) at $ (byte offset 8)",
                unknown.read("{\"id\":1,\"extra\":2}".getBytes(StandardCharsets.UTF_8)).get(0));
        Kinds order = new Kinds(Order.class, CodecOptions.DEFAULT);
        assertEquals("refused duplicate key \"id\" at $.id (byte offset 13)",
                order.read("{\"id\":1,\"id\":2}".getBytes(StandardCharsets.UTF_8)).get(0));
        assertEquals("refused format key \"~id\" where a field of Order belongs (a key starting with '~' is written with"
                + " the '~' doubled) at $ (byte offset 1)", order.read("{\"~id\":1}".getBytes(StandardCharsets.UTF_8)).get(0));
    }

    @Test
    void recordsOfAsManyParameterSlotsAsTheJvmAllowsAreReadAndWrittenAlikeByEveryKind() {
        Values values = new Values(new SplittableRandom(SEED));
        for (Class<?> type : List.of(Slots.Longs.class, Slots.Doubles.class, Slots.Mixed.class, Slots.Edge.class)) {
            Kinds kinds = new Kinds(type, CodecOptions.DEFAULT);
            int roundTrips = 0;
            for (int n = 0; n < 20; n++) {
                Object value = type == Slots.Mixed.class ? mixed(values) : values.of(type);
                List<String> written = kinds.written(value);
                same(written, () -> "writing " + value);
                byte[] document = kinds.document(value);
                if (document == null) {
                    continue; // a random string that no document holds (a lone surrogate), refused alike
                }
                for (Codec<Object> codec : kinds.codecs) {
                    assertEquals(value, TypedJsonFormat.defaults().read(codec, document), () -> type + " read back by " + codec);
                }
                roundTrips++;
            }
            assertTrue(roundTrips >= 10, type + ": " + roundTrips + " round trips");
        }
        Kinds mixed = new Kinds(Slots.Mixed.class, CodecOptions.DEFAULT);
        List<String> refused = mixed.read("{\"n\":-1}".getBytes(StandardCharsets.UTF_8));
        same(refused, () -> "the constructor of 254 slots refusing");
        assertEquals("refused the constructor of Mixed refused the values: java.lang.IllegalArgumentException: n is"
                + " negative: -1 at $ (byte offset 7)", refused.get(0));
    }

    /** A random {@link Slots.Mixed} its constructor takes (Values gives null for one it refuses). */
    private static Object mixed(Values values) {
        Object value;
        do {
            value = values.of(Slots.Mixed.class);
        } while (value == null);
        return value;
    }

    @Test
    void aKeyStartingWithTildeIsThatTextInPlainJsonInEveryKind() {
        Kinds keys = new Kinds(keysType(), CodecOptions.DEFAULT);
        Values values = new Values(new SplittableRandom(SEED));
        TypedJsonFormat format = TypedJsonFormat.defaults();
        int checked = 0;
        for (int n = 0; n < 20; n++) {
            Object value = values.of(keys.type);
            byte[] typed = keys.document(value);
            if (value == null || typed == null) {
                continue; // (a random string no document holds)
            }
            List<String> plain = keys.codecs.stream().map(c -> {
                try {
                    return new String(format.writePlain(c, value), StandardCharsets.UTF_8);
                } catch (TypedJsonException e) {
                    return "refused " + e.getMessage();
                }
            }).toList();
            same(plain, () -> "writing plain " + value);
            if (plain.get(0).startsWith("refused")) {
                continue; // a value in the dynamic field that only a tag carries
            }
            assertTrue(plain.get(0).startsWith("{\"~tilde\":"), plain.get(0));
            byte[] document = plain.get(0).getBytes(StandardCharsets.UTF_8);
            for (Codec<Object> c : keys.codecs) {
                assertEquals(new String(typed, StandardCharsets.UTF_8),
                        new String(format.write(c, format.readPlain(c, document, 0, document.length)), StandardCharsets.UTF_8));
            }
            checked++;
        }
        assertTrue(checked >= 10, checked + " values");
        // in plain JSON "~~tilde" is the key ~~tilde, no field's; "~x" an unknown key, no format key
        byte[] doubled = "{\"~~tilde\":\"a\",\"~x\":1,\"in\":2}".getBytes(StandardCharsets.UTF_8);
        List<String> read = keys.codecs.stream().map(c -> String.valueOf(format.readPlain(c, doubled, 0, doubled.length))).toList();
        same(read, () -> "reading plain");
        assertTrue(read.get(0).contains("tilde=null") && read.get(0).contains("in=2"), read.get(0));
    }

    @Test
    void aValueThatCannotBeWrittenIsNamedAtItsKeyAsTheDocumentSpellsItInEveryKind() throws ReflectiveOperationException {
        Kinds keys = new Kinds(keysType(), CodecOptions.DEFAULT);
        Object value;
        Values values = new Values(new SplittableRandom(SEED));
        do {
            value = values.of(keys.type);
        } while (value == null || keys.document(value) == null);
        // the same value with a lone surrogate in the field whose key is "~tilde"
        Class<?> record = (Class<?>) keysType();
        RecordComponent[] components = record.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            components[i].getAccessor().setAccessible(true);
            args[i] = components[i].getName().equals("tilde") ? "\uD800" : components[i].getAccessor().invoke(value);
            types[i] = components[i].getType();
        }
        var constructor = record.getDeclaredConstructor(types);
        constructor.setAccessible(true);
        Object lone = constructor.newInstance(args);
        String refusal = "string holds a lone surrogate U+D800 at index 0, which is not Unicode text and has no UTF-8 spelling";
        List<String> typed = keys.written(lone);
        same(typed, () -> "writing typed " + lone);
        assertEquals("refused " + refusal + " at $[\"~~tilde\"]", typed.get(0));
        TypedJsonFormat format = TypedJsonFormat.defaults();
        List<String> plain = keys.codecs.stream().map(c -> {
            try {
                return "written " + new String(format.writePlain(c, lone), StandardCharsets.UTF_8);
            } catch (TypedJsonException e) {
                return "refused " + e.getMessage();
            }
        }).toList();
        same(plain, () -> "writing plain " + lone);
        assertEquals("refused " + refusal + " at $[\"~tilde\"]", plain.get(0));
    }

    @Test
    void keysSpelledWithOtherEscapesAreTheSameKeys() {
        Kinds order = new Kinds(Order.class, CodecOptions.DEFAULT);
        List<String> escaped = order.read("{\"\\u0069d\":7,\"na\\u006de\":\"x\"}".getBytes(StandardCharsets.UTF_8));
        same(escaped, () -> "escaped keys");
        assertEquals(order.read("{\"id\":7,\"name\":\"x\"}".getBytes(StandardCharsets.UTF_8)), escaped);
    }

    // ------------------------------------------------------------------ documents derived from one

    /**
     * The document, a few byte-level mutations, an empty object (every key missing), and for a record its entries
     * reordered, repeated and joined by others.
     */
    private static List<byte[]> mutations(byte[] document, Type type, SplittableRandom random) {
        List<byte[]> out = new ArrayList<>();
        out.add(document);
        out.add(new byte[] {'{', '}'});
        for (int k = 0; k < 4; k++) {
            out.add(mutate(document, random));
        }
        if (type instanceof Class<?> c && c.isRecord()) {
            out.add(entries(document, c, random));
        }
        return out;
    }

    private static final byte[] SPECIAL = "\"{}[],:~\\ 0-.eEtfn\u00e9".getBytes(StandardCharsets.UTF_8);

    private static byte[] mutate(byte[] d, SplittableRandom random) {
        if (d.length == 0) {
            return d;
        }
        int at = random.nextInt(d.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        switch (random.nextInt(5)) {
            case 0: // delete a byte
                out.write(d, 0, at);
                out.write(d, at + 1, d.length - at - 1);
                break;
            case 1: // insert one
                out.write(d, 0, at);
                out.write(SPECIAL[random.nextInt(SPECIAL.length)]);
                out.write(d, at, d.length - at);
                break;
            case 2: // replace one
                out.write(d, 0, d.length);
                byte[] b = out.toByteArray();
                b[at] = SPECIAL[random.nextInt(SPECIAL.length)];
                return b;
            case 3: // repeat a stretch
                int len = random.nextInt(1, Math.min(12, d.length - at) + 1);
                out.write(d, 0, at + len);
                out.write(d, at, d.length - at);
                break;
            default: // cut short
                out.write(d, 0, at);
        }
        return out.toByteArray();
    }

    /**
     * The record's entries, each written by its own codec, in a shuffled order, with now and then one repeated, an
     * unknown key (with a nested value), a format key, a key spelled with a {@code \\u} escape, whitespace.
     */
    private static byte[] entries(byte[] document, Class<?> record, SplittableRandom random) {
        Object value = TypedJsonFormat.defaults().read(Codecs.of(record, CodecOptions.DEFAULT.withKind(io.typedjson.codec.CodecKind.REFLECTIVE)), document);
        if (value == null) {
            return document;
        }
        List<String> entries = new ArrayList<>();
        for (RecordComponent c : record.getRecordComponents()) {
            TypedJsonName rename = c.getAnnotation(TypedJsonName.class);
            String name = rename != null ? rename.value() : c.getName();
            Object v;
            try {
                c.getAccessor().setAccessible(true);
                v = c.getAccessor().invoke(value);
            } catch (ReflectiveOperationException e) {
                continue; // an accessor that fails: the entry is left out
            }
            Codec<Object> codec = Codecs.of(c.getGenericType(), CodecOptions.DEFAULT.withKind(io.typedjson.codec.CodecKind.REFLECTIVE));
            String key = key(name);
            if (random.nextInt(8) == 0 && name.length() > 0 && name.charAt(0) < 0x80 && name.charAt(0) != '~') {
                key = String.format("\"\\u%04x", (int) name.charAt(0)) + key.substring(2);
            }
            entries.add(key + (random.nextInt(6) == 0 ? " : " : ":")
                    + new String(TypedJsonFormat.defaults().write(codec, v), StandardCharsets.UTF_8));
        }
        Collections.shuffle(entries, new java.util.Random(random.nextLong()));
        if (!entries.isEmpty() && random.nextInt(5) == 0) {
            entries.add(random.nextInt(entries.size() + 1), entries.get(random.nextInt(entries.size())));
        }
        if (random.nextInt(4) == 0) {
            entries.add(random.nextInt(entries.size() + 1), "\"zz\":[1,{\"a\":[true,null]}]");
        }
        if (random.nextInt(10) == 0) {
            entries.add(random.nextInt(entries.size() + 1), "\"~t\":1");
        }
        return ("{" + String.join(",", entries) + "}").getBytes(StandardCharsets.UTF_8);
    }

    /** The key as a writer spells it (JSON escapes, a leading '~' doubled), quoted. */
    private static String key(String name) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put(name, 0L);
        String d = new String(TypedJson.write(one), StandardCharsets.UTF_8);
        return d.substring(1, d.length() - 3);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.write(p, 0, p.length);
        }
        return out.toByteArray();
    }

    static void same(List<String> outcomes, java.util.function.Supplier<String> what) {
        if (!outcomes.get(0).equals(outcomes.get(1)) || !outcomes.get(0).equals(outcomes.get(2))) {
            throw new AssertionError(what.get() + ":\n  compiled:   " + outcomes.get(0) + "\n  generated:  " + outcomes.get(1)
                    + "\n  reflective: " + outcomes.get(2));
        }
        if (outcomes.get(0).startsWith("failed") || outcomes.get(0).startsWith("read failed")) {
            throw new AssertionError(what.get() + ": not a refusal but " + outcomes.get(0));
        }
    }

    static String show(byte[] d) {
        return new String(d, StandardCharsets.UTF_8) + " (base64 " + Base64.getEncoder().encodeToString(d) + ")";
    }
}

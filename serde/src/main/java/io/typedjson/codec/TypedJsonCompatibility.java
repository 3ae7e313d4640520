package io.typedjson.codec;

import io.typedjson.format.Codec;
import io.typedjson.format.internal.KeySpelling;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks, in a build, that a class can change without breaking the readers of a topic: given the old and the new
 * version of a class, says whether readers of each can read the documents the other writes, under the configured
 * {@code typedjson.unknown.fields} and {@code typedjson.missing.primitives} ({@link CodecOptions}), and lists each
 * problem with its JSON path.
 *
 * <pre>{@code
 * // in a unit test of the service that owns the topic (JUnit or any other: it throws AssertionError)
 * TypedJsonCompatibility.assertCompatible(OrderV1.class, Order.class, Direction.BOTH);
 * }</pre>
 *
 * <p>The check follows the codecs' reading rules (SPEC.md section 10): a key the reader has no field for is
 * skipped (refused under {@code unknown.fields=fail}); a field without a key is null, empty or 0 (a primitive is
 * refused under {@code missing.primitives=fail}); every written value must be one the reader's type accepts. It is
 * conservative: a change it cannot prove harmless is reported (e.g. a field that becomes {@code Object}); what it
 * accepts reads back without error. The accepted changes: the same type, a primitive and its box, integral widening
 * ({@code byte < short < int < long < BigInteger}, and any of them to {@code BigDecimal}), {@code byte[]} and {@link ByteBuffer}, an enum read as a
 * {@code String}, {@code T} and {@code Optional<T>}, arrays and lists (and sets read as lists), {@code Map} and
 * {@code SortedMap}, renamed classes with the same keys, added enum constants and sealed variants (for readers that
 * have them), and added or removed fields within the configured options. A record whose compact constructor
 * refuses a null or a 0 it is given for a missing key cannot be seen from outside: test that case with values.
 */
public final class TypedJsonCompatibility {
    private TypedJsonCompatibility() {}

    /** Which readers must read which documents, in the words of schema registries. */
    public enum Direction {
        /** Readers of the new class read documents of the old one (upgrade consumers first). */
        BACKWARD,
        /** Readers of the old class read documents of the new one (upgrade producers first). */
        FORWARD,
        /** Both: producers and consumers may be upgraded in any order. */
        BOTH
    }

    /** What goes wrong when a reader meets the other version's document. */
    public enum Kind {
        /** The value's type changed to one whose reader refuses (or changes) what the writer writes. */
        TYPE_CHANGED,
        /** An integral type narrowed ({@code long} to {@code int}, ...): larger values are refused. */
        NUMBER_NARROWED,
        /** A value the writer may leave null ({@code Integer}, {@code Optional}) where the reader has a primitive. */
        NULL_INTO_PRIMITIVE,
        /** A primitive field the writer does not have, under {@code typedjson.missing.primitives=fail}. */
        MISSING_PRIMITIVE,
        /** A field the reader does not have, under {@code typedjson.unknown.fields=fail}. */
        UNKNOWN_FIELD,
        /** An enum constant (its name as written) that the reader's enum does not have. */
        ENUM_CONSTANT_MISSING,
        /** A variant of a sealed type (its name as written) that the reader's sealed type does not have. */
        VARIANT_MISSING,
        /** A list or array where the reader has a set: a document with a repeated element is refused. */
        DUPLICATES_REFUSED,
        /**
         * An event type name of the writer's list that the reader's list does not have (SPEC.md section 12.4): a removed
         * or renamed name (new readers, old records), or an added one (old readers, whose typedjson.unknown.types decides).
         */
        EVENT_TYPE_MISSING
    }

    /**
     * One way a reader can fail to read (or read differently) a document of the other version.
     *
     * @param reading BACKWARD: the new class reading the old one's documents; FORWARD: the old class reading the new one's
     * @param path    the JSON path of the value ({@code $.items[*].price}; {@code [*]} any element, {@code .*} any map value)
     * @param kind    what goes wrong
     * @param detail  what goes wrong, in words, with the types involved
     */
    public record Problem(Direction reading, String path, Kind kind, String detail) {
        @Override
        public String toString() {
            String who = reading == Direction.BACKWARD ? "new reader, old document" : "old reader, new document";
            return path + ": " + kind + ": " + detail + " (" + who + ")";
        }
    }

    /** The problems of reading in {@code direction} with {@link CodecOptions#DEFAULT} (skip unknown keys, default missing primitives). */
    public static List<Problem> check(Type oldType, Type newType, Direction direction) {
        return check(oldType, newType, direction, CodecOptions.DEFAULT);
    }

    /**
     * The problems of reading in {@code direction} under {@code options} (a Kafka configuration's are
     * {@code new TypedJsonConfig(props).codecOptions()}); empty when compatible. Throws
     * {@link IllegalArgumentException} when either type cannot be carried at all, naming the field.
     */
    public static List<Problem> check(Type oldType, Type newType, Direction direction, CodecOptions options) {
        Codecs.of(oldType, options);
        Codecs.of(newType, options);
        List<Problem> problems = new ArrayList<>();
        if (direction != Direction.FORWARD) {
            new Checker(Direction.BACKWARD, options, problems).readable(Types.canonical(oldType), Types.canonical(newType), "$", true);
        }
        if (direction != Direction.BACKWARD) {
            new Checker(Direction.FORWARD, options, problems).readable(Types.canonical(newType), Types.canonical(oldType), "$", true);
        }
        return List.copyOf(problems);
    }

    /** Throws {@link AssertionError} listing every problem when the change is not compatible in {@code direction}. */
    public static void assertCompatible(Type oldType, Type newType, Direction direction) {
        assertCompatible(oldType, newType, direction, CodecOptions.DEFAULT);
    }

    /** Throws {@link AssertionError} listing every problem when the change is not compatible in {@code direction} under {@code options}. */
    public static void assertCompatible(Type oldType, Type newType, Direction direction, CodecOptions options) {
        List<Problem> problems = check(oldType, newType, direction, options);
        if (!problems.isEmpty()) {
            StringBuilder sb = new StringBuilder(name(oldType)).append(" -> ").append(name(newType))
                    .append(" is not ").append(direction).append(" compatible (typedjson.unknown.fields=")
                    .append(options.failOnUnknownFields() ? "fail" : "skip").append(", typedjson.missing.primitives=")
                    .append(options.failOnMissingPrimitives() ? "fail" : "default").append("): ")
                    .append(problems.size()).append(problems.size() == 1 ? " problem" : " problems");
            for (Problem p : problems) {
                sb.append("\n  ").append(p);
            }
            throw new AssertionError(sb.toString());
        }
    }

    /**
     * The problems of changing a topic's list of event types (SPEC.md section 12.4) in {@code direction} under
     * {@code options}: a name of the writer's list that the reader's lacks ({@link Kind#EVENT_TYPE_MISSING}: adding a
     * name is backward compatible, removing or renaming one is not), and, for each name both lists have, the problems
     * of its classes as {@link #check(Type, Type, Direction, CodecOptions)} finds them, each path prefixed with the
     * name ({@code order.created:$.total}).
     */
    public static List<Problem> check(EventTypes oldTypes, EventTypes newTypes, Direction direction, CodecOptions options) {
        List<Problem> problems = new ArrayList<>();
        if (direction != Direction.FORWARD) {
            events(Direction.BACKWARD, oldTypes, newTypes, options, problems);
        }
        if (direction != Direction.BACKWARD) {
            events(Direction.FORWARD, newTypes, oldTypes, options, problems);
        }
        return List.copyOf(problems);
    }

    /** {@link #check(EventTypes, EventTypes, Direction, CodecOptions)} with {@link CodecOptions#DEFAULT}. */
    public static List<Problem> check(EventTypes oldTypes, EventTypes newTypes, Direction direction) {
        return check(oldTypes, newTypes, direction, CodecOptions.DEFAULT);
    }

    /** Throws {@link AssertionError} listing every problem when the list's change is not compatible in {@code direction}. */
    public static void assertCompatible(EventTypes oldTypes, EventTypes newTypes, Direction direction) {
        List<Problem> problems = check(oldTypes, newTypes, direction);
        if (!problems.isEmpty()) {
            StringBuilder sb = new StringBuilder(oldTypes.names().toString()).append(" -> ").append(newTypes.names())
                    .append(" is not ").append(direction).append(" compatible: ").append(problems.size())
                    .append(problems.size() == 1 ? " problem" : " problems");
            for (Problem p : problems) {
                sb.append("\n  ").append(p);
            }
            throw new AssertionError(sb.toString());
        }
    }

    /** Records of the writer's list read with the reader's. */
    private static void events(Direction reading, EventTypes writer, EventTypes reader, CodecOptions options,
                               List<Problem> problems) {
        for (Map.Entry<String, Class<?>> w : writer.asMap().entrySet()) {
            Class<?> r = reader.typeOf(w.getKey());
            if (r == null) {
                problems.add(new Problem(reading, w.getKey(), Kind.EVENT_TYPE_MISSING, "event type \"" + w.getKey()
                        + "\" of the writer's list is not in the reader's list " + reader.names()
                        + " (its policy typedjson.unknown.types decides: fail refuses the record)"));
            } else {
                new Checker(reading, options, problems).readable(Types.canonical(w.getValue()), Types.canonical(r),
                        w.getKey() + ":$", true);
            }
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    /** How Codecs spells a type, decided in the same order as {@code Codecs.Factory.create}. */
    private enum Shape { OPEN, SCALAR, SEQUENCE, OPTIONAL, OBJECT_KEYED_MAP, PAIR_MAP, ENUM, VARIANTS, OBJECT }

    private static Shape shapeOf(Class<?> raw) {
        if (raw == Object.class) return Shape.OPEN;
        if (ScalarCodecs.of(raw) != null) return Shape.SCALAR;
        if (raw.isArray()) return Shape.SEQUENCE;
        if (raw == Optional.class) return Shape.OPTIONAL;
        if (Collection.class.isAssignableFrom(raw)) return Shape.SEQUENCE;
        if (Map.class.isAssignableFrom(raw)) return Shape.PAIR_MAP; // refined by mapShape
        if (raw.isEnum()) return Shape.ENUM;
        if (raw.isSealed()) return Shape.VARIANTS;
        if (raw.isRecord()) return Shape.OBJECT;
        if (raw.isInterface() || Modifier.isAbstract(raw.getModifiers())) return Shape.OPEN;
        return Shape.OBJECT;
    }

    private static Shape mapShape(Type mapType) {
        Class<?> key = Types.raw(Types.canonical(Types.arg(mapType, 0)));
        return key.isEnum() || KeySpelling.of(key) != null ? Shape.OBJECT_KEYED_MAP : Shape.PAIR_MAP;
    }

    private static final List<Class<?>> INTEGRAL = List.of(Byte.class, Short.class, Integer.class, Long.class, BigInteger.class);

    private static final class Checker {
        private final Direction reading;
        private final CodecOptions options;
        private final List<Problem> problems;
        private final Set<List<Type>> visited = new HashSet<>();

        Checker(Direction reading, CodecOptions options, List<Problem> problems) {
            this.reading = reading;
            this.options = options;
            this.problems = problems;
        }

        private void problem(String path, Kind kind, String detail) {
            problems.add(new Problem(reading, path, kind, detail));
        }

        /** Adds the problems of reading, with type {@code r}, every document a writer of type {@code w} writes. */
        void readable(Type w, Type r, String path, boolean root) {
            if (Types.raw(w) == Optional.class || Types.raw(r) == Optional.class) {
                // Optional.empty() is written null, present is the value's own spelling: T and Optional<T> read each other
                readable(Types.raw(w) == Optional.class ? Types.arg(w, 0) : w, Types.raw(r) == Optional.class
                        ? Types.arg(r, 0) : r, path, root);
                return;
            }
            int before = problems.size();
            shapes(w, r, path);
            // a null at the root is a tombstone, not a document; elsewhere a reference may be written null
            // (reported when nothing else is wrong here: a changed type says enough)
            boolean samePath = false;
            for (int i = before; i < problems.size(); i++) {
                samePath |= problems.get(i).path().equals(path);
            }
            if (!root && !samePath && !Types.raw(w).isPrimitive() && Types.raw(r).isPrimitive()) {
                problems.add(before, new Problem(reading, path, Kind.NULL_INTO_PRIMITIVE, "the writer's " + name(w)
                        + " may be null; the reader's " + name(r) + " refuses null"));
            }
        }

        private void shapes(Type w, Type r, String path) {
            Class<?> wRaw = Types.raw(w);
            Class<?> rRaw = Types.raw(r);
            if (!visited.add(List.of(w, r))) {
                return; // a recursive type: this pair is being (or was) checked
            }
            Shape ws = shape(w);
            Shape rs = shape(r);
            switch (rs) {
                case OPEN:
                    if (ws != Shape.OPEN || !rRaw.isAssignableFrom(wRaw)) {
                        changed(path, w, r, ws == Shape.OPEN ? "" : " (read through the dynamic model it may come back as another type)");
                    }
                    return;
                case SCALAR:
                    scalar(w, r, ws, path);
                    return;
                case SEQUENCE:
                    if (ws != Shape.SEQUENCE) {
                        changed(path, w, r, "");
                        return;
                    }
                    if (Set.class.isAssignableFrom(rRaw) && !Set.class.isAssignableFrom(wRaw)) {
                        problem(path, Kind.DUPLICATES_REFUSED, "the writer's " + name(w) + " may repeat an element; the reader's "
                                + name(r) + " refuses a repeated element");
                    }
                    readable(element(w), element(r), path + "[*]", false);
                    return;
                case OBJECT_KEYED_MAP:
                case PAIR_MAP:
                    if (ws != rs) {
                        changed(path, w, r, ws == Shape.OBJECT_KEYED_MAP || ws == Shape.PAIR_MAP
                                ? " (keys spelled as object keys on one side, as an array of pairs on the other)" : "");
                        return;
                    }
                    readable(Types.arg(w, 0), Types.arg(r, 0), path + " (key)", true);
                    readable(Types.arg(w, 1), Types.arg(r, 1), path + ".*", false);
                    return;
                case ENUM:
                    if (ws != Shape.ENUM) {
                        changed(path, w, r, "");
                        return;
                    }
                    List<String> known = enumNames(rRaw);
                    for (String n : enumNames(wRaw)) {
                        if (!known.contains(n)) {
                            problem(path, Kind.ENUM_CONSTANT_MISSING, "constant \"" + n + "\" of the writer's " + name(w)
                                    + " is not one of the reader's " + name(r) + " " + known);
                        }
                    }
                    return;
                case VARIANTS:
                    if (ws != Shape.VARIANTS) {
                        changed(path, w, r, "");
                        return;
                    }
                    Map<String, Type> readerVariants = variants(r);
                    for (Map.Entry<String, Type> v : variants(w).entrySet()) {
                        Type rv = readerVariants.get(v.getKey());
                        if (rv == null) {
                            problem(path, Kind.VARIANT_MISSING, "variant \"" + v.getKey() + "\" of the writer's " + name(w)
                                    + " is not one of the reader's " + name(r) + " " + readerVariants.keySet());
                        } else {
                            readable(v.getValue(), rv, path + segment(v.getKey()), true);
                        }
                    }
                    return;
                case OBJECT:
                    if (ws != Shape.OBJECT) {
                        changed(path, w, r, "");
                        return;
                    }
                    object(w, r, path);
                    return;
                default:
                    throw new IllegalStateException(rs.toString());
            }
        }

        private void scalar(Type w, Type r, Shape ws, String path) {
            Class<?> wb = box(Types.raw(w));
            Class<?> rb = box(Types.raw(r));
            if (wb == rb || isBytes(wb) && isBytes(rb) || ws == Shape.ENUM && rb == String.class) {
                return;
            }
            int wi = INTEGRAL.indexOf(wb);
            int ri = INTEGRAL.indexOf(rb);
            if (wi >= 0 && rb == java.math.BigDecimal.class) {
                return; // an integer lexeme is an exact BigDecimal of scale 0
            }
            if (wi >= 0 && ri >= 0) {
                if (wi > ri) {
                    problem(path, Kind.NUMBER_NARROWED, "the writer's " + name(w) + " may not fit the reader's " + name(r));
                }
                return;
            }
            changed(path, w, r, "");
        }

        private void object(Type w, Type r, String path) {
            Map<String, Type> wf = fields(w);
            Map<String, Type> rf = fields(r);
            for (Map.Entry<String, Type> f : wf.entrySet()) {
                Type rt = rf.get(f.getKey());
                if (rt != null) {
                    readable(f.getValue(), rt, path + segment(f.getKey()), false);
                } else if (options.failOnUnknownFields()) {
                    problem(path + segment(f.getKey()), Kind.UNKNOWN_FIELD, "the reader's " + name(r) + " has no field \""
                            + f.getKey() + "\" (typedjson.unknown.fields=fail)");
                }
            }
            for (Map.Entry<String, Type> f : rf.entrySet()) {
                if (!wf.containsKey(f.getKey()) && Types.raw(f.getValue()).isPrimitive() && options.failOnMissingPrimitives()) {
                    problem(path + segment(f.getKey()), Kind.MISSING_PRIMITIVE, "the reader's " + name(r) + " requires "
                            + name(f.getValue()) + " " + f.getKey() + "; the writer's " + name(w)
                            + " has no such field (typedjson.missing.primitives=fail)");
                }
            }
        }

        private void changed(String path, Type w, Type r, String why) {
            problem(path, Kind.TYPE_CHANGED, "the writer's " + name(w) + " is not readable as the reader's " + name(r) + why);
        }
    }

    private static Shape shape(Type t) {
        Shape s = shapeOf(Types.raw(t));
        return s == Shape.PAIR_MAP ? mapShape(t) : s;
    }

    private static boolean isBytes(Class<?> c) {
        return c == byte[].class || c == ByteBuffer.class;
    }

    private static Class<?> box(Class<?> c) {
        return c.isPrimitive() ? java.lang.invoke.MethodType.methodType(c).wrap().returnType() : c;
    }

    private static String name(Type t) {
        String n = t.getTypeName();
        return n.replaceAll("\\b[a-z][\\w]*\\.", "").replace('$', '.');
    }

    private static Type element(Type sequence) {
        Class<?> raw = Types.raw(sequence);
        if (raw.isArray()) {
            return sequence instanceof java.lang.reflect.GenericArrayType g ? g.getGenericComponentType() : raw.getComponentType();
        }
        return Types.arg(sequence, 0);
    }

    /** JSON path segment of a key, as the reader's errors spell it. */
    private static String segment(String key) {
        boolean identifier = !key.isEmpty() && Character.isJavaIdentifierStart(key.charAt(0));
        for (int i = 1; identifier && i < key.length(); i++) {
            identifier = Character.isJavaIdentifierPart(key.charAt(i));
        }
        return identifier ? "." + key : "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    /**
     * The reflective codec of a type, whose structure is read here (any options: which keys and names it reads does not
     * depend on them; every kind reads the same keys and names).
     */
    private static Codec<?> compiled(Type type) {
        Codec<?> codec = Codecs.of(type, CodecOptions.DEFAULT.withKind(CodecKind.REFLECTIVE));
        while (codec instanceof WrapperCodecs.Ref r) {
            codec = r.target();
        }
        return codec;
    }

    /** An enum's constants by the name they are written with, read off its codec. */
    private static List<String> enumNames(Class<?> type) {
        return List.of(((EnumCodec) compiled(type)).names());
    }

    /** The variants of a sealed type by the name they are written with, typed as its codec types them. */
    private static Map<String, Type> variants(Type sealed) {
        VariantCodec codec = (VariantCodec) compiled(sealed);
        Map<String, Type> variants = new LinkedHashMap<>();
        for (int i = 0; i < codec.names().length; i++) {
            variants.put(codec.names()[i], Types.subtype(sealed, codec.classes()[i]));
        }
        return variants;
    }

    /** The keys of a record or class and their resolved types, read off its compiled codec (as CodecSchemas does). */
    private static Map<String, Type> fields(Type type) {
        Map<String, Type> fields = new LinkedHashMap<>();
        for (ObjectCodec.Property p : ((ObjectCodec) compiled(type)).properties()) {
            fields.put(p.name, p.declared);
        }
        return fields;
    }
}

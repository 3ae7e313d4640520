package io.typedjson.format.internal;

import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.internal.Containers.CollectionCodec;
import io.typedjson.format.internal.Containers.ObjectMapCodec;
import io.typedjson.format.internal.Containers.PairMapCodec;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonKey;
import io.typedjson.format.JsonKeys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The dynamic model's rules (SPEC.md, "The dynamic model"), the body of {@code io.typedjson.format.DynamicCodec}: values
 * whose type no class or schema gives, so the document alone must say it. Plain JSON carries null, Boolean, Long,
 * Double, String, List and Map&lt;String,?&gt;; every other type of the model is a tagged string or a tagged object.
 *
 * <p>Reading gives ArrayList, LinkedHashMap (document order) and LinkedHashSet. Here, in the core, so that the
 * containers (which call it directly, see {@link Containers}) need nothing from the API above them; its one
 * instance is {@code DynamicCodec.INSTANCE}.
 */
public abstract class DynamicModel implements Codec<Object> {

    /** A model that checks a map's keys before writing it (two passes): kept for tests to compare with. */
    protected DynamicModel() {
        this(null);
    }

    /**
     * The containers of the model, each holding values of the model again (this codec); {@code marks} lets it write a
     * map in one pass (see writeMap).
     */
    protected DynamicModel(WriterMarks marks) {
        this.marks = marks;
        list = new CollectionCodec<>(this, Containers.ARRAY_LIST, false);
        set = new CollectionCodec<>(this, Containers.LINKED_HASH_SET, true);
        object = new ObjectMapCodec<>(Containers.STRING_KEYS, this, Containers.LINKED_HASH_MAP);
        pairs = new PairMapCodec<>(this, this, Containers.LINKED_HASH_MAP);
    }

    // ------------------------------------------------------------------ writing

    /**
     * Classes are tested before interfaces: {@code instanceof} a class is one compare, while {@code instanceof Map}
     * on an Integer or an Instant scans its interfaces (HotSpot's secondary supers, JDK-8180450) and cost about 40 %
     * of writing rows. The JDK's usual maps and lists are recognised by their exact class first for the same reason.
     */
    @Override
    public final void write(JsonWriter out, Object v) {
        if (v == null) {
            out.writeNull();
            return;
        }
        Class<?> c = v.getClass();
        ScalarType scalar;
        // the plain JSON types (ScalarType.writeDynamic spelled out for speed) and the JDK's usual containers by
        // exact class first; the other scalars through their row
        if (c == String.class) {
            Lexemes.writeString(out, (String) v);
        } else if (c == Long.class) {
            out.writeNumber((Long) v);
        } else if (c == Double.class) {
            double d = (Double) v;
            if (Double.isFinite(d)) {
                out.writeNumber(d);
            } else {
                ScalarTypes.FLOAT64.writeDynamic(out, v); // tagged
            }
        } else if (c == Boolean.class) {
            out.writeBoolean((Boolean) v);
        } else if (c == LinkedHashMap.class || c == HashMap.class) {
            writeMap(out, (Map<?, ?>) v);
        } else if (c == ArrayList.class) {
            writeList(out, (List<?>) v);
        } else if ((scalar = ScalarTypes.ofValueClass(c)) != null && scalar.dynamic()) {
            if (scalar == ScalarTypes.INT32 || scalar == ScalarTypes.INT16 || scalar == ScalarTypes.INT8) {
                writeTaggedInt(out, scalar, ((Number) v).intValue());
            } else {
                scalar.writeDynamic(out, v);
            }
        } else if (v instanceof Map<?, ?> map) {
            writeMap(out, map);
        } else if (v instanceof List<?> list) {
            writeList(out, list);
        } else if (v instanceof Set<?> set) {
            writeTaggedArray(out, Tags.SET, set);
        } else {
            throw new TypedJsonException("cannot carry " + v.getClass().getName() + " exactly in the dynamic model"
                    + " (supported: null, " + SUPPORTED + ", List, Set, Map)");
        }
    }

    /**
     * {@code "~i123"} (or {@code ~s}, {@code ~y}) as {@link ScalarType#writeDynamic} writes it, with its digits placed
     * straight into the chars the writer copies instead of through Integer.toString.
     */
    private static void writeTaggedInt(JsonWriter out, ScalarType type, int value) {
        if (out.plainJson()) {
            throw PlainJson.needsTag(type.type().getSimpleName());
        }
        long v = Math.abs((long) value);
        int n = 2 + (value < 0 ? 1 : 0) + digits(v);
        char[] c = new char[n];
        c[0] = Tags.PREFIX;
        c[1] = type.tag();
        int at = n;
        do {
            c[--at] = (char) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        if (value < 0) {
            c[2] = '-';
        }
        out.checkNumberLength(c, 2, n - 2);
        out.writeString(c, 0, n);
    }

    /** The decimal digits of {@code v} (0 to 2^31). */
    private static int digits(long v) {
        int n = 1;
        for (long p = 10; p <= v && n < 10; p *= 10) {
            n++;
        }
        return n;
    }

    /** The scalar classes of the model, for the error on any other class. */
    private static final String SUPPORTED = ScalarTypes.all().stream().filter(ScalarType::dynamic)
            .map(s -> s.type().getSimpleName()).collect(java.util.stream.Collectors.joining(", "));

    // The containers of the model, each holding values of the model again (their loops call this codec directly,
    // see Containers).
    private final CollectionCodec<List<Object>> list;
    private final CollectionCodec<Set<Object>> set;
    private final ObjectMapCodec<Map<Object, Object>> object;
    private final PairMapCodec<Map<Object, Object>> pairs;

    @SuppressWarnings("unchecked")
    private void writeList(JsonWriter out, List<?> elements) {
        list.writeValue(out, (List<Object>) elements);
    }

    /**
     * JsonWriter's mark and cut back, which it keeps to its package: handed in by DynamicCodec, there.
     */
    public interface WriterMarks {
        long mark(JsonWriter out);

        void cutBack(JsonWriter out, long mark);
    }

    private final WriterMarks marks;

    /**
     * A map whose keys are all strings is a plain object; any other is a {@code ~map} of alternating keys and values.
     * Written as an object in one pass, checking each key as it comes (a pass over the keys first cost about a fifth
     * of writing cdc, in cache misses): on the first other key, or on an error before it, the writer is cut back and
     * a map with another key is written as a {@code ~map} from the start, so bytes and errors are those of two passes.
     */
    @SuppressWarnings("unchecked")
    private void writeMap(JsonWriter out, Map<?, ?> map) {
        if (marks == null) {
            if (allStrings(map.keySet())) {
                object.writeValue(out, (Map<Object, Object>) map);
            } else {
                writeTaggedArray(out, Tags.MAP, map);
            }
            return;
        }
        long mark = marks.mark(out);
        try {
            if (object.writeObject(out, map, true)) {
                return;
            }
        } catch (TypedJsonException e) {
            if (allStrings(map.keySet())) {
                throw e;
            }
        }
        marks.cutBack(out, mark);
        writeTaggedArray(out, Tags.MAP, map);
    }

    /**
     * {@code {"~set":[...]}} or {@code {"~map":[k1,v1,k2,v2,...]}}. Paths go through the format key (SPEC.md 8):
     * {@code $["~map"][3]} is the second entry's value, {@code $["~set"][1]} the second element.
     */
    private void writeTaggedArray(JsonWriter out, String tag, Object value) {
        if (out.plainJson()) {
            throw PlainJson.needsTag(tag.equals(Tags.SET) ? "Set" : "Map with keys other than strings");
        }
        out.writeStartObject();
        out.writeFieldName(tag);
        TypedJsonException duplicate;
        try {
            if (value instanceof Set<?> elements) {
                set.writeArray(out, elements);
                duplicate = set.duplicateIn(elements);
            } else {
                Map<?, ?> map = (Map<?, ?>) value;
                pairs.writeArray(out, map);
                duplicate = pairs.duplicateIn(map);
            }
        } catch (TypedJsonException e) {
            throw e.inField(tag);
        }
        if (duplicate != null) {
            throw duplicate.inField(tag);
        }
        out.writeEndObject();
    }

    // ------------------------------------------------------------------ reading

    @Override
    public final Object read(JsonReader in) {
        JsonToken t = in.currentToken();
        if (t == null) {
            throw ReadErrors.error(in, "unexpected end of document");
        }
        switch (t) {
            case VALUE_STRING: return readStringOrTagged(in);
            case VALUE_NUMBER_INT:
                return in.fitsLong() ? in.longValue() : in.bigIntegerValue();
            case VALUE_NUMBER_FLOAT: return Lexemes.readDouble(in);
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            case START_ARRAY: return Containers.readList(in, this);
            case START_OBJECT: return readObject(in, keyRoot);
            default: throw ReadErrors.error(in, "unexpected " + ReadErrors.describe(in));
        }
    }

    private Object readStringOrTagged(JsonReader in) {
        if (!in.textStartsWith(Tags.PREFIX) || in.plainJson()) {
            return Lexemes.checkUnicode(in, in.getText()); // a plain string
        }
        // a tagged scalar of the common shapes straight from the reader's buffer, without the string and its payload
        int length = in.getTextLength();
        if (length > 2) {
            char[] c = in.getTextCharacters();
            int offset = in.getTextOffset();
            ScalarType tagged = c[offset] == Tags.PREFIX ? ScalarTypes.ofTag(c[offset + 1]) : null;
            Object value = tagged == null ? null : tagged.canonicalTaggedOrNull(c, offset + 2, length - 2,
                    in.limits().maxNumberLength());
            if (value != null) {
                return value;
            }
        }
        String s = Lexemes.checkUnicode(in, in.getText());
        if (s.isEmpty() || s.charAt(0) != Tags.PREFIX) {
            return s;
        }
        if (s.length() < 2) {
            throw ReadErrors.error(in, "lone tag prefix \"~\" (a string \"~\" is written \"~~\")");
        }
        char tag = s.charAt(1);
        if (tag == Tags.PREFIX) {
            return s.substring(1);
        }
        ScalarType scalar = ScalarTypes.ofTag(tag);
        if (scalar == null) {
            throw ReadErrors.error(in, "unknown tag " + ReadErrors.quote(s.substring(0, 2)) + " in " + ReadErrors.quote(s)
                    + " (a string starting with '~' is written with the '~' doubled)");
        }
        return scalar.parseTagged(in, s.substring(2));
    }

    /** The value of the key {@code node}: an object through the hint of its first key there. */
    private Object readValue(JsonReader in, KeyNode node) {
        return in.currentToken() == JsonToken.START_OBJECT ? readObject(in, node) : read(in);
    }

    /** {@code parent}: the key whose value the object is (keyRoot: none), whose {@code inner} is a hint. */
    private Object readObject(JsonReader in, KeyNode parent) {
        LinkedHashMap<Object, Object> map = null;
        KeyNode node = keyRoot;
        KeyNode start = oneStart(in, parent);
        if (start != null) { // the reader on its first value
            map = new LinkedHashMap<>();
            node = readLearned(in, start, map);
            if (node == null) {
                return map;
            }
            if (node == FROM_START) { // nothing handed over: the token path reads the object from its '{'
                map = null;
                node = keyRoot;
            }
        }
        while (true) {
            Followers followers = node.followers;
            // (with none to compare, the token is all nextKey would find)
            int i = followers.nodes.length > 0 ? in.nextKey(followers.keys, 0)
                    : in.nextToken() == JsonToken.END_OBJECT ? JsonReader.END_OF_OBJECT : JsonReader.OTHER_KEY;
            String key;
            String raw;
            if (i >= 0) { // a key seen here before (never one with the prefix): the reader is on its value
                node = followers.nodes[i];
                if (map == null && parent.inner != node && parent != UNKNOWN) {
                    parent.inner = node;
                }
                key = raw = node.text;
            } else if (i == JsonReader.END_OF_OBJECT) {
                break;
            } else {
                raw = in.currentName();
                if (map == null && raw.length() > 1 && raw.charAt(0) == Tags.PREFIX && raw.charAt(1) != Tags.PREFIX
                        && !in.plainJson()) {
                    return readTaggedObject(in, raw);
                }
                key = Lexemes.unescapeKey(in, raw);
                node = node.follower(key, keyCount);
                in.nextToken();
            }
            if (map == null) {
                map = new LinkedHashMap<>();
            }
            long valueStart = in.tokenOffset();
            Object value = readValue(in, node);
            byte kind = kindOf(value, node.kind);
            if (kind != node.kind && node != UNKNOWN) {
                node.kind = kind;
            }
            int before = map.size();
            map.put(key, value);
            if (map.size() == before) {
                throw Containers.duplicateKey(in, raw, valueStart);
            }
        }
        return map == null ? new LinkedHashMap<>() : map;
    }

    /**
     * Begins the one-pass read of the object the reader is on ({@link JsonReader#onePassOpen}) with its first key: the
     * one the last object under {@code parent} began with, else each key an object began with. The node of that key
     * (readLearned reads its value); null when none is the object's first key. The reader is left untouched.
     */
    private KeyNode oneStart(JsonReader in, KeyNode parent) {
        KeyNode hint = parent.inner;
        if (hint != null) {
            if (in.onePassOpen() == 0) {
                return null;
            }
            if (in.oneFirstKey(hint.key)) {
                return hint;
            }
        }
        for (KeyNode start : keyRoot.followers.nodes) {
            if (start != hint) {
                if (in.onePassOpen() == 0) {
                    return null;
                }
                if (in.oneFirstKey(start.key)) {
                    if (parent != UNKNOWN) {
                        parent.inner = start;
                    }
                    return start;
                }
            }
        }
        return null;
    }

    /**
     * Reads the object begun by oneStart in one pass from its first key {@code node} along the keys learned after it,
     * each the first of its node's followers, each value as its node's kind says (see kindOf), into {@code map}. Null
     * when the object ends where those keys do; otherwise the node of the last value handed to readValue, the reader
     * after that value and the map holding the values up to it, for the token path to go on from there (so that
     * nothing is read twice but the values read in one pass after it); FROM_START when no value was handed over: the
     * reader is on the object's '{', the map to be dropped.
     */
    private KeyNode readLearned(JsonReader in, KeyNode start, LinkedHashMap<Object, Object> map) {
        Chain chain = chain(start);
        KeyNode[] path = chain.nodes;
        boolean distinct = chain.distinct; // no key twice on the path: no put into the fresh map can meet a duplicate
        int handed = -1; // the last value handed over: path[handed]
        int after = 0; // the values read in one pass since
        boolean first = true;
        for (int j = 0; ; j++) {
            if (j == path.length) {
                if (path[j - 1].followers.nodes.length == 0 && in.onePassEnd()) {
                    return null;
                }
                break; // (or a key learned after the path was built: the token path reads it)
            }
            KeyNode node = path[j];
            JsonKey key = node.key;
            Object value;
            byte kind = node.kind; // (once: another thread may change it)
            switch (kind) {
                case LONG: value = in.oneLong(key, first); break;
                case STRING: value = in.oneString(key, first); break;
                case BOOLEAN: value = in.oneBoolean(key, first); break;
                case STRINGS: value = in.oneStrings(key, first); break;
                case NULLS:
                    if (!in.oneIsNull(key, first)) {
                        in.oneGiveUp();
                        return rollBack(path, handed, after, map);
                    }
                    value = null;
                    break;
                case F32: case DEC: case BYTES: case INSTANT: case DATE: case I8: case I16: case I32:
                    if (in.plainJson()) {
                        return rollBack(path, handed, after, map);
                    }
                    int n = in.oneTagged(key, first, TAGGED[kind - F32].tag());
                    if (n == -1) {
                        value = null;
                    } else if (n < 0 || (value = canonicalTagged(kind, in.oneTaggedChars(), n,
                            in.limits().maxNumberLength())) == null) {
                        if (n >= 0) { // a payload of another shape: its key's values are read token by token from now
                            in.oneGiveUp();
                            node.kind = OTHER;
                        }
                        return rollBack(path, handed, after, map);
                    }
                    break;
                case DOUBLE:
                    double v = in.oneDouble(key, first);
                    value = v;
                    if (v == Math.rint(v)) { // (or given up) the lexeme may be an integer, a Long: the token path's
                        return rollBack(path, handed, after, map);
                    }
                    break;
                case OTHER:
                    if (!in.oneValue(key, first)) {
                        return rollBack(path, handed, after, map);
                    }
                    // the values before are the reader's now: a refusal in this one, or a duplicate, is the token path's
                    long valueStart = in.tokenOffset();
                    value = readValue(in, node);
                    in.oneResume();
                    int before = distinct ? 0 : map.size();
                    map.put(node.text, value);
                    if (!distinct && map.size() == before) {
                        throw Containers.duplicateKey(in, node.text, valueStart);
                    }
                    handed = j;
                    after = 0;
                    first = false;
                    continue;
                default:
                    return rollBack(path, handed, after, map); // (a key whose first value is still being read)
            }
            if (distinct) {
                map.put(node.text, value);
                after++;
                first = false;
                continue;
            }
            int before = map.size();
            Object was = map.put(node.text, value);
            if (map.size() == before) { // a duplicate, or a give-up on a key seen twice: as it was, for the token path
                map.put(node.text, was);
                return rollBack(path, handed, after, map);
            }
            after++;
            first = false;
        }
        return rollBack(path, handed, after, map);
    }

    /**
     * The values read in one pass after {@code handed} taken out of the map again: the token path reads them (all of
     * them, from the object's '{', when none was handed over: FROM_START, the map dropped).
     */
    private static KeyNode rollBack(KeyNode[] path, int handed, int after, LinkedHashMap<Object, Object> map) {
        if (!live(path)) {
            path[0].chain = null; // (built again: a node on it was lost to a race, and is learned nothing after)
        }
        if (handed < 0) {
            return FROM_START;
        }
        for (int i = 1; i <= after; i++) {
            map.remove(path[handed + i].text);
        }
        return path[handed];
    }

    /**
     * {@code start} and the first follower of each node after it, as readLearned reads them: kept in the node (an
     * array, not a walk from node to followers to node for each key, which were loads each waiting for the one before)
     * and built again when its last node has followers now (a node's first follower stays its first, so a path only
     * grows at its end; but for a race: a follower lost to one is checked for when a read along the path gave up).
     */
    private static Chain chain(KeyNode start) {
        Chain c = start.chain;
        if (c != null && c.nodes[c.nodes.length - 1].followers.nodes.length == 0) {
            return c;
        }
        KeyNode[] nodes = new KeyNode[8];
        int n = 0;
        for (KeyNode k = start; ; k = k.followers.nodes[0]) {
            if (n == nodes.length) {
                nodes = java.util.Arrays.copyOf(nodes, 2 * n);
            }
            nodes[n++] = k;
            if (k.followers.nodes.length == 0) {
                break;
            }
        }
        nodes = java.util.Arrays.copyOf(nodes, n);
        c = new Chain(nodes);
        start.chain = c;
        return c;
    }

    /** Whether each node of {@code path} after its first is still the first follower of the one before. */
    private static boolean live(KeyNode[] path) {
        for (int i = 0; i + 1 < path.length; i++) {
            KeyNode[] next = path[i].followers.nodes;
            if (next.length == 0 || next[0] != path[i + 1]) {
                return false;
            }
        }
        return true;
    }

    /** A path of keys (see chain); its array reached through a final field, so a thread that sees it sees it whole. */
    private static final class Chain {
        final KeyNode[] nodes;
        /**
         * Whether no key text is on the path twice (a document with a duplicate key can teach one that is): then
         * readLearned's puts into its fresh map need no check for a duplicate (the map's size before and after).
         */
        final boolean distinct;

        Chain(KeyNode[] nodes) {
            this.nodes = nodes;
            java.util.Set<String> texts = new java.util.HashSet<>();
            boolean d = true;
            for (KeyNode k : nodes) {
                d &= texts.add(k.text);
            }
            this.distinct = d;
        }
    }

    /** What a key's values were: how readLearned reads the next (UNSEEN: nothing yet; OTHER: by read()). */
    private static final byte UNSEEN = 0, LONG = 1, STRING = 2, BOOLEAN = 3, DOUBLE = 4, STRINGS = 5, OTHER = 6;
    /** Tagged strings of the types whose common payloads canonicalTaggedOrNull reads: kind F32 + i, TAGGED[i]. */
    private static final byte F32 = 7, DEC = 8, BYTES = 9, INSTANT = 10, DATE = 11, I8 = 12, I16 = 13, I32 = 14;
    /** Only nulls so far. */
    private static final byte NULLS = 15;
    private static final ScalarType[] TAGGED = {ScalarTypes.FLOAT32, ScalarTypes.DECIMAL, ScalarTypes.BYTES,
            ScalarTypes.INSTANT, ScalarTypes.LOCAL_DATE, ScalarTypes.INT8, ScalarTypes.INT16, ScalarTypes.INT32};

    /**
     * TAGGED[kind - F32].canonicalTaggedOrNull of the payload {@code c[0, n)}, called on each type's constant so that
     * the JIT can inline it (called through the array, the call is megamorphic: a call through the vtable each).
     */
    private static Object canonicalTagged(byte kind, char[] c, int n, int maxNumberLength) {
        switch (kind) {
            case F32: return ScalarTypes.FLOAT32.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            case DEC: return ScalarTypes.DECIMAL.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            case BYTES: return ScalarTypes.BYTES.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            case INSTANT: return ScalarTypes.INSTANT.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            case DATE: return ScalarTypes.LOCAL_DATE.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            case I8: return ScalarTypes.INT8.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            case I16: return ScalarTypes.INT16.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
            default: return ScalarTypes.INT32.canonicalTaggedOrNull(c, 0, n, maxNumberLength);
        }
    }

    /**
     * The kind after a value read token by token where {@code was} was: once set, it only goes to OTHER, so that a key
     * with values of two kinds costs one give-up, not one every other time. A null keeps the kinds that read one; nulls
     * first are a kind of their own (NULLS) until the first value.
     */
    private static byte kindOf(Object value, byte was) {
        if (value == null) {
            return was == UNSEEN ? NULLS : was == STRING || was == STRINGS || was >= F32 ? was : OTHER;
        }
        Class<?> c = value.getClass();
        byte kind = c == String.class ? STRING : c == Long.class ? LONG : c == Double.class ? DOUBLE
                : c == Boolean.class ? BOOLEAN : c == ArrayList.class && allStrings((List<?>) value) ? STRINGS
                : tagged(c);
        return was == UNSEEN || was == NULLS || was == kind ? kind : OTHER;
    }

    /** The tagged kind of a value of class {@code c} (only a tagged string reads as one of those), else OTHER. */
    private static byte tagged(Class<?> c) {
        ScalarType type = ScalarTypes.ofValueClass(c);
        for (int i = 0; i < TAGGED.length; i++) {
            if (TAGGED[i] == type) {
                return (byte) (F32 + i);
            }
        }
        return OTHER;
    }

    private static boolean allStrings(List<?> elements) {
        for (Object e : elements) {
            if (!(e instanceof String)) {
                return false;
            }
        }
        return true;
    }

    /*
     * The keys of the objects read so far, as a tree of key orders: from the root, the keys that began an object; from
     * a key, the keys that followed it. JsonReader.nextKey compares the document's next key with a node's followers
     * byte for byte and moves on to its value, so a key seen before costs neither its scan nor a String (in a
     * profile of reading rows, the keys' scan and String were a third of the time). The tree is shared by every
     * thread: a node's followers are replaced, never changed, so a reader sees the old or the new ones; a follower
     * lost to a race is learned again. Bounded: FOLLOWERS per node, an object's first MAX_RUN keys, MAX_KEYS in all,
     * keys of at most MAX_KEY_LENGTH chars and without the tag prefix; past that, keys are read as before. (Maps keyed
     * by data, such as ids, spend that room on keys met once; shapes first met after it is spent are read as before.)
     */
    private static final int FOLLOWERS = 8, MAX_RUN = 64, MAX_KEYS = 1024, MAX_KEY_LENGTH = 64;
    private final KeyNode keyRoot = new KeyNode(null, 0);
    private final AtomicInteger keyCount = new AtomicInteger();

    private static final class KeyNode {
        final String text;
        final JsonKey key;
        /** Its place in an object: the root 0, an object's first key 1. */
        final int run;
        /** What its values were (kindOf): how readLearned reads it (racy: a wrong guess only makes it give up). */
        byte kind;
        /** The first key of the object that was this key's value last (a hint for the next: readObject). */
        KeyNode inner;
        /** The keys read after this one when it begins an object (see chain; null: to be built). */
        Chain chain;
        volatile Followers followers = Followers.NONE;

        KeyNode(String text, int run) {
            this.text = text;
            this.key = text == null ? null : JsonKey.of(text);
            this.run = run;
        }

        /** The node of {@code key} after this one, learned if there is room; a node that learns nothing else if not. */
        KeyNode follower(String key, AtomicInteger count) {
            Followers f = followers;
            if (f.nodes.length == FOLLOWERS || run == MAX_RUN || key.length() > MAX_KEY_LENGTH || key.isEmpty()
                    || key.charAt(0) == Tags.PREFIX || count.get() >= MAX_KEYS) {
                return UNKNOWN;
            }
            count.incrementAndGet();
            KeyNode n = new KeyNode(key, run + 1);
            KeyNode[] nodes = java.util.Arrays.copyOf(f.nodes, f.nodes.length + 1);
            nodes[f.nodes.length] = n;
            followers = new Followers(nodes);
            return n;
        }
    }

    /** A node's followers: their keys as nextKey matches them, and their nodes, by the same index. */
    private static final class Followers {
        static final Followers NONE = new Followers(new KeyNode[0]);
        final JsonKeys keys;
        final KeyNode[] nodes;

        Followers(KeyNode[] nodes) {
            this.nodes = nodes;
            JsonKey[] keys = new JsonKey[nodes.length];
            for (int i = 0; i < nodes.length; i++) {
                keys[i] = nodes[i].key;
            }
            this.keys = JsonKeys.of(keys);
        }
    }

    /** Where the keys of an object are past what the tree holds: nothing is learned after it. */
    private static final KeyNode UNKNOWN = new KeyNode(null, MAX_RUN);
    /** readLearned's answer when it handed no value over (see there). */
    private static final KeyNode FROM_START = new KeyNode(null, 0);

    private Object readTaggedObject(JsonReader in, String tag) {
        long keyOffset = ReadErrors.offset(in);
        Object value;
        if (tag.equals(Tags.SET)) {
            expectArray(in, tag);
            value = set.readValue(in);
        } else if (tag.equals(Tags.MAP)) {
            expectArray(in, tag);
            Map<Object, Object> map = pairs.readValue(in);
            if (allStrings(map.keySet())) {
                throw ReadErrors.error(in, "non-canonical ~map: a map whose keys are all strings"
                        + (map.isEmpty() ? " (here: none)" : "") + " is written as a plain object").outside(keyOffset);
            }
            value = map;
        } else {
            throw ReadErrors.error(in, "unknown tag " + ReadErrors.quote(tag)
                    + " (a key starting with '~' is written with the '~' doubled)");
        }
        if (in.nextToken() != JsonToken.END_OBJECT) {
            throw ReadErrors.error(in, "a tagged object " + ReadErrors.quote(tag) + " must have exactly one key");
        }
        return value;
    }

    private static boolean allStrings(Set<?> keys) {
        for (Object key : keys) {
            if (!(key instanceof String)) {
                return false;
            }
        }
        return true;
    }

    private static void expectArray(JsonReader in, String tag) {
        if (in.nextToken() != JsonToken.START_ARRAY) {
            ReadErrors.expect(in, JsonToken.START_ARRAY, "the array of " + ReadErrors.quote(tag));
        }
    }
}

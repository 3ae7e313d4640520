package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.function.Function;

/**
 * One scalar type of the format (SPEC.md sections 5 to 7) with all of its rules: its typed spelling (read and
 * write), its canonical text (a map key, a tag payload, the formatter's text) and the key parse, its tagged spelling
 * in the dynamic model (write, the strict parse and the fast path beside it), and its JSON Schema. Each type is one
 * final class of this package, registered in {@link ScalarTypes}; the dynamic model, the class codecs, map keys,
 * the console formatter, JSON Schema and the Connect converter iterate over the registry instead of switching.
 *
 * <p>What a user of the core calls a type (Connect's schema names, the formatter's layout) lives with that user,
 * keyed by the type.
 */
public abstract class ScalarType {
    private final Class<?> type;
    /** The primitive of a box, else the class itself. */
    private final Class<?> primitive;
    private final char tag;
    /** {@code ~} and the tag. */
    private final String tagPrefix;
    private final boolean dynamic;
    private final boolean jsonString;
    private final String name;
    private final String description;
    private final String textPattern;
    private final String tagPayloadPattern;

    /**
     * @param type        the class (a box stands for its primitive too)
     * @param tag         the tag in the dynamic model, {@link Tags#NONE} when the type is plain JSON there or not in it
     * @param dynamic     whether the dynamic model carries the type
     * @param jsonString  whether the typed spelling is a JSON string (else a number or a boolean)
     * @param name        the type's name in SPEC.md section 5 ({@code int32}, {@code duration}): the label of the
     *                    vectors' explicit notation and of the console formatter
     * @param description the type in words for errors ({@code "an int32"})
     * @param patterns    the pattern of the canonical text (null: any string in its escaped spelling), then of the
     *                    tag payload when the type has a tag and it differs: a tag's payload is the canonical text
     *                    ({@link #textPattern()}, {@link #tagPayloadPattern()})
     */
    protected ScalarType(Class<?> type, char tag, boolean dynamic, boolean jsonString, String name, String description,
                         String... patterns) {
        this.type = type;
        this.primitive = MethodType.methodType(type).unwrap().returnType(); // int for Integer, else the class itself
        this.tag = tag;
        this.tagPrefix = "" + Tags.PREFIX + tag;
        this.dynamic = dynamic;
        this.jsonString = jsonString;
        this.name = name;
        this.description = description;
        this.textPattern = patterns.length > 0 ? patterns[0] : null;
        this.tagPayloadPattern = patterns.length > 1 ? patterns[1] : tag != Tags.NONE ? textPattern : null;
    }

    /** The class (a box for a primitive). */
    public final Class<?> type() { return type; }

    /** The primitive of a box, else {@link #type()}. */
    final Class<?> primitive() { return primitive; }

    /** The tag in the dynamic model, or {@link Tags#NONE}. */
    public final char tag() { return tag; }

    /** Whether the dynamic model carries the type (Character and ByteBuffer are class-codec types only). */
    public final boolean dynamic() { return dynamic; }

    /** Whether the typed spelling is a JSON string (else a number or a boolean). */
    public final boolean jsonString() { return jsonString; }

    /** The type's name in SPEC.md section 5: the vectors' explicit notation and the console formatter's label. */
    public final String name() { return name; }

    /** The type in words for errors ("an int32"). */
    public final String description() { return description; }

    /** Whether the type has a map-key spelling (its {@link #text} and {@link #parseKey}). */
    public boolean hasKeySpelling() { return true; }

    @Override
    public final String toString() { return name + " (" + type.getSimpleName() + ")"; }

    // ------------------------------------------------------------------ the typed spelling

    /** Writes a non-null value in the typed spelling: here its text as a JSON string. */
    public void write(JsonWriter out, Object value) {
        out.writeString(text(value));
    }

    /** Reads a value in the typed spelling from the current token (not null). */
    public abstract Object read(JsonReader in);

    // ------------------------------------------------------------------ the canonical text

    /**
     * The canonical text of a non-null value: a map key's text before escaping, a tag's payload, the formatter's
     * text. Numbers as their lexemes (NaN and the infinities by name), bytes in base64, times in ISO-8601; here the
     * value's {@code toString()}.
     */
    public String text(Object value) {
        return value.toString();
    }

    /** A map key's unescaped text to a value; a RuntimeException when it is not one (the caller checks it is canonical). */
    public Object parseKey(String text) {
        throw new IllegalStateException(this + " has no map-key spelling");
    }

    // ------------------------------------------------------------------ the dynamic model

    /** Writes a non-null value of a {@link #dynamic()} type as the dynamic model spells it: plain JSON or tagged. */
    public void writeDynamic(JsonWriter out, Object value) {
        writeTagged(out, text(value));
    }

    /** A tagged string's payload to its value, refusing anything but the writer's spelling of it. */
    public Object parseTagged(JsonReader in, String payload) {
        throw new IllegalStateException(this + " has no tag");
    }

    /**
     * The value of a tag payload in {@code c[offset, offset + length)} (the parser's buffer) when it is the writer's
     * spelling of one of the common shapes, read without a String; null for anything else, which
     * {@link #parseTagged} then reads or refuses with its message. {@code maxNumberLength} is the reader's number
     * limit: a longer payload takes the checked path.
     */
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return null;
    }

    /** {@code ~}, the tag and the payload as one JSON string. */
    protected final void writeTagged(JsonWriter out, String payload) {
        if (tag == Tags.NONE) {
            throw new IllegalStateException(this + " is not in the dynamic model");
        }
        // into a char array, which the writer copies from as it would from a String, without a StringBuilder
        char[] c = new char[payload.length() + 2];
        payload.getChars(0, payload.length(), c, 2);
        writeTagged(out, c);
    }

    /** The tagged string from the payload's characters after two free slots, or from the text when they are null. */
    protected final void writeTagged(JsonWriter out, char[] twoFreeThenPayloadOrNull, Object value) {
        if (twoFreeThenPayloadOrNull != null) {
            writeTagged(out, twoFreeThenPayloadOrNull);
        } else {
            writeTagged(out, text(value));
        }
    }

    /**
     * The tag's prefix ({@code ~} and the tag) for a tagged value written straight into the writer, which refuses it in
     * plain JSON (it has no tags) as {@link #writeTagged(JsonWriter, String)} does.
     */
    protected final String tagPrefix(JsonWriter out) {
        if (out.plainJson()) {
            throw io.typedjson.format.internal.PlainJson.needsTag(type().getSimpleName());
        }
        return tagPrefix;
    }

    /**
     * A tag payload's value: {@code fast} (the fast path's value of a canonical payload) when not null, else what
     * {@code parse} reads, refused unless the payload is its {@link #text}: a second spelling names the one spelling.
     */
    protected final <T> Object parseCanonical(JsonReader in, String payload, T fast, Function<String, T> parse) {
        return fast != null ? fast : Lexemes.parseCanonical(in, tag, payload, parse, this::text);
    }

    /** The tagged string from its payload's characters after two free slots. */
    private void writeTagged(JsonWriter out, char[] twoFreeThenPayload) {
        tagPrefix(out);
        twoFreeThenPayload[0] = Tags.PREFIX;
        twoFreeThenPayload[1] = tag;
        if (!jsonString) { // a number's payload: its digits are held to the number limit, as a reader holds them
            out.checkNumberLength(twoFreeThenPayload, 2, twoFreeThenPayload.length - 2);
        }
        out.writeString(twoFreeThenPayload, 0, twoFreeThenPayload.length);
    }

    /** The error for a tag payload that is a second spelling of a value; names the writer's spelling. */
    protected final RuntimeException nonCanonical(JsonReader in, String payload, String canonical) {
        return Lexemes.nonCanonical(in, tag, payload, canonical);
    }

    // ------------------------------------------------------------------ JSON Schema

    /** The JSON Schema of a value in a typed position (a fresh map each call); here a string of the text's pattern. */
    public Map<String, Object> jsonSchema() {
        return JsonSchemaFragments.string(textPattern);
    }

    /**
     * The pattern (unanchored, ECMA-262 in the subset Java reads alike) of the canonical text: a map key, the
     * formatter's text; null for any string in its escaped spelling.
     */
    public final String textPattern() {
        return textPattern;
    }

    /** The pattern (unanchored) of the payload after {@code ~} and the tag; null when the type has no tag. */
    public final String tagPayloadPattern() {
        return tagPayloadPattern;
    }
}

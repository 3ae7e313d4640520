package io.typedjson.format;

/**
 * Turns values into typed JSON documents and back through a {@link Codec}, within {@link Limits}.
 *
 * <p>One instance is shared by every thread of an application: each thread reuses its own {@link JsonWriter}
 * (and its output buffer) and {@link JsonReader}. A document is one JSON value in UTF-8 with nothing after it.
 */
public final class TypedJsonFormat {

    private static final TypedJsonFormat DEFAULT = new TypedJsonFormat(Limits.DEFAULT);

    private final Limits limits;
    /** The size beyond which a written document is read back for the limits a reader checks of every token. */
    private final int readBackAbove;
    /**
     * Each thread's writer and reader, and the slots of the thread that writes or reads here most (a producer's or a
     * consumer's thread, a Streams thread), found without the ThreadLocal lookup. Racy on purpose: a slot is only used
     * by its owner thread, and another thread takes the field over after 64 calls of its own, so threads sharing the
     * format do not write it on every record.
     */
    private final ThreadLocal<Slot<JsonWriter>> writers;
    private final ThreadLocal<Slot<JsonReader>> readers;
    private Slot<JsonWriter> lastWriter;
    private Slot<JsonReader> lastReader;

    /** A thread's writer or reader; {@code busy} while in use (a document written or read meanwhile gets its own). */
    private static final class Slot<V> {
        final Thread owner = Thread.currentThread();
        final V value;
        boolean busy;
        /** This thread's calls since it last took the format's field over. */
        int misses;

        Slot(V value) {
            this.value = value;
        }

        /** Whether the thread should take the format's field over (this slot its own, not the field's). */
        boolean takeOver(Slot<V> last) {
            if (++misses >= 64 || last == null) {
                misses = 0;
                return true;
            }
            return false;
        }
    }

    public TypedJsonFormat(Limits limits) {
        this.limits = limits;
        this.writers = ThreadLocal.withInitial(() -> new Slot<>(new JsonWriter(limits)));
        this.readers = ThreadLocal.withInitial(() -> new Slot<>(new JsonReader(limits)));
        // a document has no more values than bytes, and no string of more UTF-16 units: only a larger one can hold
        // too many values or too long a string; a long or a double has at most 20 digits
        this.readBackAbove = limits.maxNumberLength() <= 20 ? -1
                : Math.min(limits.maxElements(), limits.maxStringLength());
    }

    /** The format with {@link Limits#DEFAULT}. */
    public static TypedJsonFormat defaults() {
        return DEFAULT;
    }

    public Limits limits() {
        return limits;
    }

    /**
     * Writes {@code value} as one document. Nothing is returned, and no partial output escapes, when the
     * value cannot be carried exactly: the {@link TypedJsonException} names the path of the offending value.
     */
    public <T> byte[] write(Codec<T> codec, T value) {
        return write(codec, value, false);
    }

    /**
     * Writes {@code value} as plain JSON for readers that do not read typed JSON (SPEC.md section 13): strings and keys
     * as they are, without the escape of a leading {@code ~}; a value that only a tag could carry (in a position the
     * type does not fix) is refused with its path.
     */
    public <T> byte[] writePlain(Codec<T> codec, T value) {
        return write(codec, value, true);
    }

    private <T> byte[] write(Codec<T> codec, T value, boolean plain) {
        Slot<JsonWriter> slot = lastWriter;
        if (slot == null || slot.owner != Thread.currentThread()) {
            slot = writers.get();
            if (slot.takeOver(lastWriter)) {
                lastWriter = slot;
            }
        }
        boolean nested = slot.busy;
        JsonWriter w = nested ? new JsonWriter(limits) : slot.value;
        slot.busy = true;
        try {
            w.reset();
            w.plainJson(plain);
            codec.write(w, value);
            if (w.size() > readBackAbove) {
                readBack(w, plain);
            }
            return w.toByteArray();
        } catch (StackOverflowError e) {
            throw new TypedJsonException(tooDeepForTheStack());
        } finally {
            slot.busy = nested;
        }
    }

    public <T> T read(Codec<T> codec, byte[] document) {
        return read(codec, document, 0, document.length);
    }

    /**
     * Reads one document. Throws {@link TypedJsonException} with the JSON path and byte offset for anything
     * that is not a valid document of the codec's type: malformed JSON or UTF-8, a limit exceeded, an unknown
     * tag, a value of the wrong type or out of range, duplicate keys, trailing content.
     */
    public <T> T read(Codec<T> codec, byte[] document, int offset, int length) {
        return read(codec, document, offset, length, false);
    }

    /**
     * Reads one document of plain JSON from a writer that does not write typed JSON (SPEC.md section 13): a string or
     * key that starts with {@code ~} is that text, never a tag or an escape; everything else as {@link #read}.
     */
    public <T> T readPlain(Codec<T> codec, byte[] document, int offset, int length) {
        return read(codec, document, offset, length, true);
    }

    private <T> T read(Codec<T> codec, byte[] document, int offset, int length, boolean plain) {
        java.util.Objects.checkFromIndexSize(offset, length, document.length);
        if (length > limits.maxDocumentLength()) {
            throw limits.documentTooLong(length);
        }
        checkEncoding(document, offset, length);
        Slot<JsonReader> slot = lastReader;
        if (slot == null || slot.owner != Thread.currentThread()) {
            slot = readers.get();
            if (slot.takeOver(lastReader)) {
                lastReader = slot;
            }
        }
        boolean nested = slot.busy;
        JsonReader r = nested ? new JsonReader(limits) : slot.value;
        slot.busy = true;
        try {
            r.reset(document, offset, length);
            r.plainJson(plain);
            if (r.nextToken() == null) {
                throw new TypedJsonException("empty document").at(new java.util.ArrayDeque<>(), length);
            }
            T value = codec.read(r);
            if (r.nextToken() != null) {
                throw r.error("trailing content after the document's value: " + io.typedjson.format.internal.ReadErrors.describe(r));
            }
            return value;
        } catch (StackOverflowError e) {
            TypedJsonException tooDeep;
            try {
                tooDeep = r.error(tooDeepForTheStack()); // the reader still knows where it was
            } catch (RuntimeException | StackOverflowError unknownPlace) {
                tooDeep = new TypedJsonException(tooDeepForTheStack());
            }
            throw tooDeep;
        } finally {
            r.release();
            slot.busy = nested;
        }
    }

    /**
     * Refuses a written document that a reader with these limits refuses (a string or key too long, too many
     * elements, a number of too many digits), with the reader's reason at the value's path: what a writer accepts, a
     * reader reads (SPEC.md section 9). The writer checks what a reader checks in typed reads only (a tag payload's
     * number, a decimal's lexeme) as it writes them.
     */
    private void readBack(JsonWriter w, boolean plain) {
        JsonReader r = new JsonReader(limits);
        r.reset(w.buffer(), 0, w.size());
        r.plainJson(plain);
        try {
            r.nextToken();
            r.skipValue();
        } catch (TypedJsonException e) {
            throw e.asWritten();
        }
    }

    /**
     * A thread whose stack ran out within the depth limit (a small stack, or a value whose codecs recurse deeply per
     * level) gets the format's error rather than a StackOverflowError: the record is refused, the thread goes on.
     */
    private String tooDeepForTheStack() {
        return "nesting too deep for this thread's stack, within " + limits.maxDepth() + " levels ("
                + Limits.DEPTH_PROPERTY + "): lower the limit or give the thread a larger stack (-Xss)";
    }

    /**
     * A document is UTF-8 (SPEC.md section 1). jackson-core would detect and decode UTF-16 and UTF-32 and skip a
     * UTF-8 byte order mark; both show in the first four bytes: a byte order mark, or a NUL byte, which UTF-8 JSON
     * text never holds raw.
     */
    private static void checkEncoding(byte[] document, int offset, int length) {
        if (length == 0) {
            return;
        }
        int first = document[offset] & 0xFF;
        if (first == 0xEF && length >= 3 && (document[offset + 1] & 0xFF) == 0xBB && (document[offset + 2] & 0xFF) == 0xBF) {
            throw new TypedJsonException("byte order mark EF BB BF before the document (a document is UTF-8 without one)")
                    .at(new java.util.ArrayDeque<>(), 0);
        }
        if (first == 0xFE || first == 0xFF) {
            throw new TypedJsonException(String.format("byte %02X where a document starts: UTF-16 or UTF-32 text"
                    + " (a document is UTF-8, without a byte order mark)", first)).at(new java.util.ArrayDeque<>(), 0);
        }
        for (int i = 0; i < Math.min(4, length); i++) {
            if (document[offset + i] == 0) {
                throw new TypedJsonException("NUL byte 00 in the first bytes of the document: UTF-16 or UTF-32 text"
                        + " (a document is UTF-8, where NUL is written as the escape \\u0000)").at(new java.util.ArrayDeque<>(), i);
            }
        }
    }
}

package io.typedjson.format;

import io.typedjson.format.internal.ReadErrors;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A value that cannot be written exactly, or a document that is not a valid typed JSON document.
 *
 * <p>Carries the JSON path of the offending value ({@code $.blocks[3].position}) and, when reading,
 * the byte offset in the document where the offending token starts. Writers build the path while the
 * exception unwinds through nested values, so the happy path pays nothing for it.
 */
public class TypedJsonException extends RuntimeException {
    private static final int MAX_PATH_SEGMENTS_SHOWN = 32;

    private final String reason;
    private final Deque<String> path = new ArrayDeque<>();
    private long byteOffset = -1;

    public TypedJsonException(String reason) {
        super(reason, null, false, false);
        this.reason = reason;
    }

    public TypedJsonException(String reason, Throwable cause) {
        super(reason, cause, false, false);
        this.reason = reason;
    }

    /** For writers unwinding through nested values: the exception itself, or another as a TypedJsonException that can take a path. */
    public static TypedJsonException of(Exception e) {
        return e instanceof TypedJsonException t ? t : new TypedJsonException(e.getMessage(), e);
    }

    /** The problem itself, without the path and offset. */
    public String reason() {
        return reason;
    }

    /** The JSON path of the offending value, {@code $} for the root. */
    public String path() {
        StringBuilder sb = new StringBuilder("$");
        int shown = 0;
        for (String segment : path) {
            if (shown++ == MAX_PATH_SEGMENTS_SHOWN) {
                sb.append("...(").append(path.size() - MAX_PATH_SEGMENTS_SHOWN).append(" more)");
                break;
            }
            sb.append(segment);
        }
        return sb.toString();
    }

    /** The byte offset in the document where the offending token starts, or -1 when writing. */
    public long byteOffset() {
        return byteOffset;
    }

    @Override
    public String getMessage() {
        String where = byteOffset >= 0 ? " at " + path() + " (byte offset " + byteOffset + ")" : " at " + path();
        return reason + where;
    }

    /** Records that the problem lies inside the array element {@code index}; called while unwinding. */
    public TypedJsonException inElement(int index) {
        path.addFirst("[" + index + "]");
        return this;
    }

    /** Records that the problem lies inside the value of object key {@code key}; called while unwinding. */
    public TypedJsonException inField(String key) {
        path.addFirst(ReadErrors.pathSegment(key));
        return this;
    }

    /** Sets the whole path at once (readers take it from the parser's context) and the byte offset. */
    public TypedJsonException at(Deque<String> segments, long offset) {
        path.clear();
        path.addAll(segments);
        byteOffset = offset;
        return this;
    }

    /** The same reason at the same path, as a writer's error (no byte offset: nothing was written). */
    TypedJsonException asWritten() {
        return new TypedJsonException(reason).at(path, -1);
    }

    /** The problem is the container the path names last (a tagged object), whose format key is at {@code offset}. */
    public TypedJsonException outside(long offset) {
        path.pollLast();
        byteOffset = offset;
        return this;
    }

}

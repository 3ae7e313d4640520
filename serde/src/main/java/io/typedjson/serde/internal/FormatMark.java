package io.typedjson.serde.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The header that marks a record's format on a topic shared with writers of plain JSON (SPEC.md section 13.2), for the
 * serde, the console formatter and the Connect converter alike: {@value #HEADER}, {@value #TYPED} or {@value #PLAIN}.
 */
public final class FormatMark {
    private FormatMark() {}

    public static final String HEADER = "typedjson-format";
    public static final String TYPED = "typed";
    public static final String PLAIN = "plain";
    public static final byte[] TYPED_BYTES = TYPED.getBytes(StandardCharsets.US_ASCII);
    public static final byte[] PLAIN_BYTES = PLAIN.getBytes(StandardCharsets.US_ASCII);

    /** What the record's mark says. */
    public enum Mark { NONE, TYPED, PLAIN }

    /**
     * The record's mark; {@link Mark#NONE} without one. The header given twice, or with another value, is refused with
     * {@code refusal} of the reason.
     */
    public static Mark of(Headers headers, Function<String, RuntimeException> refusal) {
        if (headers == null) {
            return Mark.NONE;
        }
        Header found = null;
        for (Header h : headers.headers(HEADER)) {
            if (found != null) {
                throw refusal.apply("the header " + HEADER + " is given twice");
            }
            found = h;
        }
        if (found == null) {
            return Mark.NONE;
        }
        byte[] v = found.value();
        if (Arrays.equals(v, TYPED_BYTES)) {
            return Mark.TYPED;
        }
        if (Arrays.equals(v, PLAIN_BYTES)) {
            return Mark.PLAIN;
        }
        throw refusal.apply("the header " + HEADER + " is " + (v == null ? "null" : "'" + new String(v, StandardCharsets.UTF_8)
                + "'") + ", neither '" + TYPED + "' nor '" + PLAIN + "'");
    }

    /**
     * Removes a mark that says bytes written as typed JSON are something else: one copied from a record read (Kafka
     * Streams copies a record's headers to what it writes) by a writer that does not mark. A {@value #TYPED} mark is
     * true of them and stays.
     */
    public static void dropUntrue(Headers headers) {
        if (headers.lastHeader(HEADER) == null) {
            return; // (the common case: one pass over the headers, nothing made)
        }
        for (Header h : headers.headers(HEADER)) {
            if (!Arrays.equals(h.value(), TYPED_BYTES)) {
                headers.remove(HEADER);
                return;
            }
        }
    }

    /** Marks a record (a mark copied from a record read is replaced). */
    public static void write(Headers headers, Mark mark) {
        headers.remove(HEADER);
        if (mark != Mark.NONE) {
            headers.add(HEADER, mark == Mark.PLAIN ? PLAIN_BYTES : TYPED_BYTES);
        }
    }
}

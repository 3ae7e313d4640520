package io.typedjson.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The keys of one kind of object (the fields of a class), which {@link JsonReader#nextKey(JsonKeys, int)} tells the
 * document's next key apart by: the document's bytes are compared with each key's quoted bytes as the writer spells
 * them, eight at a time, the expected key first; no hashing. Immutable; built once per class codec.
 */
public final class JsonKeys {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final JsonKey[] keys;
    /** Each key's quoted bytes ({@code "name"}), its first (up to) eight of them as a word, and the mask of those bytes. */
    private final byte[][] quoted;
    private final long[] heads, masks;
    /** The length of the longest key's text: when within the string limit, no key matched needs checking against it. */
    final int longest;

    private JsonKeys(JsonKey[] keys) {
        this.keys = keys.clone();
        int n = keys.length;
        this.quoted = new byte[n][];
        this.heads = new long[n];
        this.masks = new long[n];
        int longestText = 0;
        for (int i = 0; i < n; i++) {
            byte[] q = keys[i].quoted;
            quoted[i] = q;
            int m = Math.min(8, q.length);
            long head = 0;
            for (int k = m - 1; k >= 0; k--) {
                head = head << 8 | (q[k] & 0xFF);
            }
            heads[i] = head;
            masks[i] = m == 8 ? -1L : (1L << (8 * m)) - 1;
            longestText = Math.max(longestText, keys[i].spelled.length());
        }
        this.longest = longestText;
    }

    /** The keys in their order: {@link JsonReader#nextKey} returns an index into them. */
    public static JsonKeys of(JsonKey... keys) {
        return new JsonKeys(keys);
    }

    public JsonKey get(int i) {
        return keys[i];
    }

    /**
     * The index of the key whose quoted bytes are {@code b[p, ...)} ({@code p} on the opening quote) before
     * {@code end}, {@code expected} tried first; -1 for none.
     */
    int match(byte[] b, int p, int end, int expected) {
        int n = keys.length;
        if (p + 8 > b.length) {
            // a key at the very end of the array: byte by byte
            for (int i = 0; i < n; i++) {
                if (sameBytes(b, p, end, quoted[i])) {
                    return i;
                }
            }
            return -1;
        }
        long word = (long) LONG.get(b, p);
        if (expected >= 0 && expected < n && same(word, b, p, end, expected)) {
            return expected;
        }
        for (int i = 0; i < n; i++) {
            if (same(word, b, p, end, i)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether key {@code i} is at {@code p}, given the word there: the head, then the rest a word at a time. */
    private boolean same(long word, byte[] b, int p, int end, int i) {
        if ((word & masks[i]) != heads[i]) {
            return false;
        }
        byte[] q = quoted[i];
        int n = q.length;
        if (n <= 8) {
            return p + n <= end;
        }
        if (p + n > end) {
            return false;
        }
        int k = 8;
        for (; k + 8 < n; k += 8) {
            if ((long) LONG.get(b, p + k) != (long) LONG.get(q, k)) {
                return false;
            }
        }
        // the last (up to) eight bytes, overlapping what was compared
        return (long) LONG.get(b, p + n - 8) == (long) LONG.get(q, n - 8);
    }

    private static boolean sameBytes(byte[] b, int p, int end, byte[] q) {
        if (p + q.length > end) {
            return false;
        }
        for (int k = 0; k < q.length; k++) {
            if (b[p + k] != q[k]) {
                return false;
            }
        }
        return true;
    }

    /** The index of the key a document spells as {@code text} (JSON escapes undone), or -1. */
    int indexOf(String text) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i].spelled.equals(text)) {
                return i;
            }
        }
        return -1;
    }
}

package io.typedjson.bench.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import io.typedjson.bench.codec.BenchCodec;

/**
 * The checks the timed loop makes on each record, without keeping what it decoded: the key (unknown, seen twice,
 * out of order within its partition and producer thread), the CRC of the bytes against the one produced, and
 * whether the value decodes; and which record stood at each offset of each partition, so that a timed pass is
 * compared with the untimed read partition by partition ({@link #faultAgainst}). The last few decoded values stay in
 * a small ring so that decoding cannot be optimised away. One per consumer thread and pass.
 */
final class ConsumeCheck {
    private static final int RING = 64;
    private final int count;
    private final int producers;
    private final int[] producedCrcs;
    private final int[] lastSeq;
    private final CRC32 crc = new CRC32();
    private final Object[] ring = new Object[RING];
    final java.util.BitSet seen;
    int consumed;
    long bytes;
    int duplicated;
    int reordered;
    int changed;
    int unknownKeys;
    String firstChange;
    /** Per partition: the sequence number read at each offset, plus one (0: not read). */
    private int[][] seqAt;
    /** Per partition: the highest offset read (-1: none). */
    private long[] lastOffset;
    /** Records read again at an offset already read: a consumer group's re-delivery after a rebalance. */
    int reRead;
    /** Records read at an offset below one already read of their partition, and not read before. */
    int offsetsBackwards;

    ConsumeCheck(int count, int producers, int partitions, int[] producedCrcs) {
        this.count = count;
        this.producers = producers;
        this.producedCrcs = producedCrcs;
        this.lastSeq = new int[Math.max(1, partitions) * producers];
        Arrays.fill(lastSeq, -1);
        this.seen = new java.util.BitSet(count);
        this.seqAt = new int[Math.max(1, partitions)][];
        this.lastOffset = new long[Math.max(1, partitions)];
        Arrays.fill(lastOffset, -1);
    }

    /** The sequence number read at this partition's offset, plus one; 0 when not read. */
    private int at(int partition, long offset) {
        if (partition >= seqAt.length) {
            return 0;
        }
        int[] row = seqAt[partition];
        return row == null || offset >= row.length ? 0 : row[(int) offset];
    }

    private void put(int partition, long offset, int seq) {
        if (partition >= seqAt.length) {
            seqAt = Arrays.copyOf(seqAt, partition + 1);
            lastOffset = Arrays.copyOf(lastOffset, partition + 1);
            lastOffset[partition] = -1;
        }
        int[] row = seqAt[partition];
        if (row == null || offset >= row.length) {
            row = Arrays.copyOf(row == null ? new int[0] : row, (int) Math.max(offset + 1, Math.min(count + 16L,
                    Integer.MAX_VALUE - 8)));
            seqAt[partition] = row;
        }
        row[(int) offset] = seq + 1;
    }

    /** The record's key checked and noted; its sequence number, or -1 for a key that is no record's. */
    int key(ConsumerRecord<byte[], byte[]> r) {
        consumed++;
        int seq = ClusterBench.seqOf(r.key());
        if (seq < 0 || seq >= count) {
            unknownKeys++;
            return -1;
        }
        int partition = r.partition();
        if (at(partition, r.offset()) != 0) {
            reRead++; // this offset again: the group moved the partition and its new owner read from the last commit
            return seq;
        }
        put(partition, r.offset(), seq);
        if (r.offset() < lastOffset[partition]) {
            offsetsBackwards++;
        }
        lastOffset[partition] = Math.max(lastOffset[partition], r.offset());
        if (seen.get(seq)) {
            duplicated++;
        } else {
            seen.set(seq);
        }
        int slot = r.partition() * producers + seq % producers;
        if (slot < lastSeq.length) {
            if (lastSeq[slot] >= seq) {
                reordered++;
            }
            lastSeq[slot] = seq;
        }
        return seq;
    }

    /** Whether the value's bytes are those produced as record {@code seq}. */
    boolean sameBytes(int seq, byte[] value) {
        if (value == null) {
            return false;
        }
        bytes += value.length;
        crc.reset();
        crc.update(value);
        return (int) crc.getValue() == producedCrcs[seq];
    }

    /** The timed loop's work on one record: checks, decode, the value kept in the ring. */
    void accept(ConsumerRecord<byte[], byte[]> r, BenchCodec<?> codec) {
        int seq = key(r);
        if (seq < 0) {
            return;
        }
        byte[] value = r.value();
        boolean same = sameBytes(seq, value);
        try {
            ring[consumed & (RING - 1)] = codec.decode(value);
        } catch (RuntimeException e) {
            same = false;
        }
        if (!same) {
            changed++;
            if (firstChange == null) {
                firstChange = "record " + seq + " changed";
            }
        }
    }

    /** Another consumer thread's checks of the same pass added to these. */
    void add(ConsumeCheck o) {
        consumed += o.consumed;
        bytes += o.bytes;
        reordered += o.reordered;
        changed += o.changed;
        unknownKeys += o.unknownKeys;
        offsetsBackwards += o.offsetsBackwards;
        reRead += o.reRead;
        for (int p = 0; p < o.seqAt.length; p++) {
            int[] row = o.seqAt[p];
            for (int off = 0; row != null && off < row.length; off++) {
                if (row[off] == 0) {
                    continue;
                }
                if (at(p, off) != 0) {
                    reRead++; // both threads read it: the partition moved between them
                } else {
                    put(p, off, row[off] - 1);
                }
            }
        }
        // a record twice in the pass at two offsets is a duplicate; at one offset read twice, a re-read
        java.util.BitSet once = new java.util.BitSet(count);
        int twice = 0;
        for (int[] row : seqAt) {
            for (int off = 0; row != null && off < row.length; off++) {
                if (row[off] != 0) {
                    if (once.get(row[off] - 1)) {
                        twice++;
                    }
                    once.set(row[off] - 1);
                }
            }
        }
        duplicated = twice;
        seen.or(o.seen);
        if (firstChange == null) {
            firstChange = o.firstChange;
        }
    }

    /**
     * What a timed pass saw that the untimed read did not, compared partition by partition (a consumer group fixes the
     * order within each partition, not across them): a record changed or with an unknown key; a partition read out of
     * its order; an offset holding another record, or a record not read, or one the untimed read did not see; or
     * another set of records. Null when it saw the same. Offsets read twice (a group's re-delivery after a rebalance)
     * are not a fault.
     */
    String faultAgainst(ConsumeCheck exact) {
        List<String> f = new ArrayList<>();
        if (changed > exact.changed) f.add((changed - exact.changed) + " changed (" + firstChange + ")");
        if (unknownKeys > exact.unknownKeys) f.add((unknownKeys - exact.unknownKeys) + " unknown keys");
        if (offsetsBackwards > exact.offsetsBackwards) {
            f.add((offsetsBackwards - exact.offsetsBackwards) + " reordered in their partition");
        }
        int elsewhere = 0;
        int notRead = 0;
        int unseen = 0;
        for (int p = 0; p < Math.max(seqAt.length, exact.seqAt.length); p++) {
            int[] mine = p < seqAt.length ? seqAt[p] : null;
            int[] theirs = p < exact.seqAt.length ? exact.seqAt[p] : null;
            int n = Math.max(mine == null ? 0 : mine.length, theirs == null ? 0 : theirs.length);
            for (int off = 0; off < n; off++) {
                int a = mine == null || off >= mine.length ? 0 : mine[off];
                int b = theirs == null || off >= theirs.length ? 0 : theirs[off];
                if (a != 0 && b != 0 && a != b) {
                    elsewhere++;
                } else if (a == 0 && b != 0) {
                    notRead++;
                } else if (a != 0 && b == 0) {
                    unseen++;
                }
            }
        }
        if (elsewhere > 0) f.add(elsewhere + " at another offset of their partition than the untimed read saw");
        if (notRead > 0) f.add(notRead + " the untimed read saw not read");
        if (unseen > 0) f.add(unseen + " not seen by the untimed read");
        if (!seen.equals(exact.seen)) {
            f.add(seen.cardinality() + " distinct records where the untimed read had " + exact.seen.cardinality());
        }
        return f.isEmpty() ? null : String.join(", ", f);
    }
}

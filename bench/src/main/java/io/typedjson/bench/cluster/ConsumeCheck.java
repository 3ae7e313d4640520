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
 * whether the value decodes. The last few decoded values stay in a small ring so that decoding cannot be
 * optimised away. One per consumer thread and pass.
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

    ConsumeCheck(int count, int producers, int partitions, int[] producedCrcs) {
        this.count = count;
        this.producers = producers;
        this.producedCrcs = producedCrcs;
        this.lastSeq = new int[Math.max(1, partitions) * producers];
        Arrays.fill(lastSeq, -1);
        this.seen = new java.util.BitSet(count);
    }

    /** The record's key checked and noted; its sequence number, or -1 for a key that is no record's. */
    int key(ConsumerRecord<byte[], byte[]> r) {
        consumed++;
        int seq = ClusterBench.seqOf(r.key());
        if (seq < 0 || seq >= count) {
            unknownKeys++;
            return -1;
        }
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
        java.util.BitSet both = (java.util.BitSet) seen.clone();
        both.and(o.seen);
        duplicated += o.duplicated + both.cardinality();
        seen.or(o.seen);
        if (firstChange == null) {
            firstChange = o.firstChange;
        }
    }

    /**
     * What a timed pass saw that the untimed read did not: a record changed, duplicated, reordered or with an
     * unknown key, or a different set of records; null when it saw the same.
     */
    String faultAgainst(ConsumeCheck exact) {
        List<String> f = new ArrayList<>();
        if (changed > exact.changed) f.add((changed - exact.changed) + " changed (" + firstChange + ")");
        if (duplicated > exact.duplicated) f.add((duplicated - exact.duplicated) + " duplicated");
        if (reordered > exact.reordered) f.add((reordered - exact.reordered) + " reordered");
        if (unknownKeys > exact.unknownKeys) f.add((unknownKeys - exact.unknownKeys) + " unknown keys");
        if (!seen.equals(exact.seen)) {
            f.add(seen.cardinality() + " distinct records where the untimed read had " + exact.seen.cardinality());
        }
        return f.isEmpty() ? null : String.join(", ", f);
    }
}

package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * A timed pass of a consumer group compared with the untimed read partition by partition (issue 33: the published
 * {@code scale} flagged a correct 2-consumer pass of {@code bytes-only}): two producer threads' records interleaved in
 * two partitions and read by two consumers, a partition moved between them and read again from the last commit — all
 * the same records in each partition's order, so no fault; a partition read out of its order, a record at another
 * offset, or one missing still is one.
 */
class ConsumeCheckTest {

    private static final int COUNT = 40;
    private static final int PRODUCERS = 2;
    private static final int PARTITIONS = 2;

    private static byte[] value(int i) {
        return ("record " + i).getBytes(StandardCharsets.UTF_8);
    }

    private static int[] crcs() {
        int[] crcs = new int[COUNT];
        CRC32 crc = new CRC32();
        for (int i = 0; i < COUNT; i++) {
            crc.reset();
            crc.update(value(i));
            crcs[i] = (int) crc.getValue();
        }
        return crcs;
    }

    /** The log: producer t sends t, t+2, ...; records go to partition seq % 3 % 2, the two threads' sends interleaved. */
    private static List<List<ConsumerRecord<byte[], byte[]>>> log() {
        List<List<ConsumerRecord<byte[], byte[]>>> partitions = List.of(new ArrayList<>(), new ArrayList<>());
        // the two threads' records arrive at the broker in an order of their own: 1 before 0, 3 before 2, ...
        for (int pair = 0; pair < COUNT / 2; pair++) {
            for (int seq : new int[] {2 * pair + 1, 2 * pair}) {
                List<ConsumerRecord<byte[], byte[]>> p = partitions.get(seq % 3 % 2);
                p.add(new ConsumerRecord<>("t", seq % 3 % 2, p.size(), ClusterBench.key(seq), value(seq)));
            }
        }
        return partitions;
    }

    private static ConsumeCheck check() {
        return new ConsumeCheck(COUNT, PRODUCERS, PARTITIONS, crcs());
    }

    /** Decodes nothing: the bytes are the value. */
    private static final io.typedjson.bench.codec.BenchCodec<byte[]> BYTES = new io.typedjson.bench.codec.BenchCodec<>() {
        @Override
        public String name() {
            return "bytes";
        }

        @Override
        public byte[] prepare(Object record) {
            return (byte[]) record;
        }

        @Override
        public byte[] encode(byte[] value) {
            return value;
        }

        @Override
        public byte[] decode(byte[] bytes) {
            return bytes;
        }

        @Override
        public String settings() {
            return "";
        }
    };

    /** One assigned consumer reads partition 0, then partition 1 (as the untimed read's poll loop may). */
    private static ConsumeCheck untimed() {
        ConsumeCheck exact = check();
        log().forEach(p -> p.forEach(r -> exact.accept(r, BYTES)));
        return exact;
    }

    @Test
    void twoConsumersOfAGroupReadingThePartitionsInTheirOrderSeeWhatTheUntimedReadSaw() {
        ConsumeCheck exact = untimed();
        ConsumeCheck a = check();
        ConsumeCheck b = check();
        List<List<ConsumerRecord<byte[], byte[]>>> log = log();
        // the threads read their partitions interleaved in time, each partition in its order
        for (int i = 0; i < Math.max(log.get(0).size(), log.get(1).size()); i++) {
            if (i < log.get(1).size()) {
                b.accept(log.get(1).get(i), BYTES);
            }
            if (i < log.get(0).size()) {
                a.accept(log.get(0).get(i), BYTES);
            }
        }
        a.add(b);
        assertNull(a.faultAgainst(exact));
    }

    @Test
    void aPartitionMovedBetweenTheConsumersAndReadAgainFromTheLastCommitIsNoFault() {
        ConsumeCheck exact = untimed();
        ConsumeCheck a = check();
        ConsumeCheck b = check();
        List<List<ConsumerRecord<byte[], byte[]>>> log = log();
        List<ConsumerRecord<byte[], byte[]>> p0 = log.get(0);
        for (int i = 0; i < 10; i++) {
            a.accept(p0.get(i), BYTES); // a reads 10 records of partition 0, then loses it in a rebalance
        }
        for (int i = 6; i < p0.size(); i++) {
            b.accept(p0.get(i), BYTES); // b takes it over from the last commit (offset 6): 6..9 read again
        }
        log.get(1).forEach(r -> b.accept(r, BYTES));
        a.add(b);
        assertEquals(4, a.reRead);
        assertEquals(0, a.duplicated, "read again at the same offsets: no record is in the log twice");
        assertNull(a.faultAgainst(exact));
    }

    @Test
    void aPartitionReadOutOfItsOrderARecordAtAnotherOffsetOrOneMissingIsAFault() {
        ConsumeCheck exact = untimed();
        List<List<ConsumerRecord<byte[], byte[]>>> log = log();

        ConsumeCheck backwards = check();
        List<ConsumerRecord<byte[], byte[]>> p0 = new ArrayList<>(log.get(0));
        p0.add(3, p0.remove(5)); // offset 5 read before 3 and 4
        p0.forEach(r -> backwards.accept(r, BYTES));
        log.get(1).forEach(r -> backwards.accept(r, BYTES));
        String fault = backwards.faultAgainst(exact);
        assertTrue(fault != null && fault.contains("2 reordered in their partition"), fault);

        ConsumeCheck moved = check();
        List<ConsumerRecord<byte[], byte[]>> p1 = log.get(1);
        for (ConsumerRecord<byte[], byte[]> r : log.get(0)) {
            long offset = r.offset() == 0 ? 1 : r.offset() == 1 ? 0 : r.offset(); // the log itself differs
            moved.accept(new ConsumerRecord<>("t", 0, offset, r.key(), r.value()), BYTES);
        }
        p1.forEach(r -> moved.accept(r, BYTES));
        fault = moved.faultAgainst(exact);
        assertTrue(fault != null && fault.contains("2 at another offset of their partition than the untimed read saw"), fault);

        ConsumeCheck missing = check();
        log.get(0).stream().skip(1).forEach(r -> missing.accept(r, BYTES));
        p1.forEach(r -> missing.accept(r, BYTES));
        fault = missing.faultAgainst(exact);
        assertTrue(fault != null && fault.contains("1 the untimed read saw not read"), fault);
    }
}

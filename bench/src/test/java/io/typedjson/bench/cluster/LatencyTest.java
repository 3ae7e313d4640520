package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.typedjson.bench.cluster.ClusterBench.Latency;
import org.junit.jupiter.api.Test;

class LatencyTest {

    @Test
    void percentilesOfTheSamplesInMillisecondsWhateverTheirOrder() {
        long[] nanos = new long[100];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = (100 - i) * 1_000_000L; // 100 ms down to 1 ms
        }
        Latency latency = Latency.of(nanos);
        assertEquals(50.0, latency.p50Ms());
        assertEquals(99.0, latency.p99Ms());
        assertEquals(100, latency.samples());
        assertEquals(100 * 1_000_000L, nanos[0], "the samples given are left as they were");
    }

    @Test
    void noSamplesIsNoMeasurement() {
        assertSame(Latency.NONE, Latency.of(new long[0]));
        assertEquals(Double.NaN, Latency.NONE.p50Ms());
        assertEquals(0, Latency.NONE.samples());
    }
}

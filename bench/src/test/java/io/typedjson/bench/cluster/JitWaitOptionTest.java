package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@code --jit-wait-ms}: how long the cluster and scale commands wait for quiet JIT compilers before a timed window. */
class JitWaitOptionTest {

    @Test
    void theWaitIsFiveSecondsAtMostUnlessToldAndZeroTurnsItOff() {
        assertEquals(ClusterBench.MAX_COMPILER_WAIT_MS, ClusterOptions.parse(new String[0]).jitWaitMs);
        assertEquals(5_000, ClusterBench.MAX_COMPILER_WAIT_MS);
        assertEquals(0, ClusterOptions.parse(new String[] {"--jit-wait-ms", "0"}).jitWaitMs);
        assertEquals(1_500, ClusterOptions.parse(new String[] {"--jit-wait-ms", "1500"}).jitWaitMs);
        assertEquals(ClusterBench.MAX_COMPILER_WAIT_MS, ScaleOptions.parse(new String[0]).jitWaitMs);
        assertEquals(0, ScaleOptions.parse(new String[] {"--jit-wait-ms", "0"}).jitWaitMs);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterOptions.parse(new String[] {"--jit-wait-ms", "-1"}));
        assertEquals("--jit-wait-ms out of range: -1", e.getMessage());
    }
}

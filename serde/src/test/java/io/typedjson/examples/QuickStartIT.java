package io.typedjson.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.apache.kafka.common.errors.InterruptException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * README's quick start against a real broker, as pasted: the producer sends to a topic the broker creates on first
 * use, and the consumer's endless poll loop prints the record (it is stopped by interrupting its thread).
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class QuickStartIT extends OneBroker {

    /** Runs {@code loop} in a thread until what it printed contains every one of {@code expected}, then stops it. */
    private static String printedBy(Consumer<String> loop, String... expected) throws Exception {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        Thread thread = new Thread(() -> {
            try {
                loop.accept(kafka.bootstrapServers());
            } catch (InterruptException stopped) {
                // the endless loop ends when its thread is interrupted
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        try {
            thread.start();
            long deadline = System.nanoTime() + 90_000_000_000L;
            while (System.nanoTime() < deadline && failure.get() == null && !containsAll(captured, expected)) {
                Thread.sleep(100);
            }
            thread.interrupt();
            thread.join(30_000);
        } finally {
            System.setOut(original);
        }
        if (failure.get() != null) {
            throw new AssertionError("the loop failed", failure.get());
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertTrue(containsAll(captured, expected), "printed: " + out);
        return out;
    }

    private static boolean containsAll(ByteArrayOutputStream captured, String... expected) {
        String out = captured.toString(StandardCharsets.UTF_8);
        for (String e : expected) {
            if (!out.contains(e)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theDynamicModelProducerAndConsumerPrintTheRecordWithItsTypes() throws Exception {
        QuickStartExample.produce(kafka.bootstrapServers());
        String out = printedBy(QuickStartExample::consume, "42 {", "id=42", "qty=3", "price=19.90", "qty Short");
        System.out.print(out);
    }

    @Test
    void theClassSerdeProducerAndConsumerPrintTheRecord() throws Exception {
        QuickStartExample.produceOrders(kafka.bootstrapServers());
        String out = printedBy(QuickStartExample::consumeOrders, "Order[id=7, customer=Ada, total=19.90, at=");
        System.out.print(out);
    }
}

package io.typedjson.examples;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.RecordDeserializationException;

/**
 * The poison-pill loop README shows verbatim (between the markers), run against a real broker by
 * {@link PoisonPillIT}.
 */
final class SkipBadRecordsExample {
    private SkipBadRecordsExample() {}

    /** What the loop hands to the application: a good record, or a bad one it skipped. */
    interface Handler<K, V> {
        void record(ConsumerRecord<K, V> record);

        void skipped(RecordDeserializationException bad);
    }

    // README: begin
    static <K, V> void consume(Consumer<K, V> consumer, BooleanSupplier running, Handler<K, V> handler) {
        while (running.getAsBoolean()) {
            try {
                for (ConsumerRecord<K, V> record : consumer.poll(Duration.ofMillis(500))) {
                    handler.record(record);
                }
            } catch (RecordDeserializationException e) {
                // the typedjson deserializer refused one record: e.topicPartition() and e.offset() say which,
                // e.getCause().getMessage() says why (topic, JSON path, byte offset), e.valueBuffer() has its bytes
                handler.skipped(e);
                consumer.seek(e.topicPartition(), e.offset() + 1); // skip exactly that record
            }
        }
    }
    // README: end
}

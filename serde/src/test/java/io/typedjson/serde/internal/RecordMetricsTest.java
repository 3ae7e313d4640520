package io.typedjson.serde.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.Limits;
import io.typedjson.serde.TypedJsonSerde;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.internals.PluginMetricsImpl;
import org.junit.jupiter.api.Test;

/**
 * The record metrics through Kafka's own plugin metrics (what a client builds for a plugin, KIP-877): a Serde registers
 * both halves in one registry, the refusal kinds are what the bytes are (checked against documents whose kind is
 * known), and a rate is the change of its exact total over the metrics window.
 */
class RecordMetricsTest {

    private static final TypedJsonFormat FORMAT = new TypedJsonFormat(new Limits(8, 20, 100, 1000));

    private static Map<String, Double> values(Metrics metrics) {
        Map<String, Double> out = new HashMap<>();
        for (Map.Entry<MetricName, KafkaMetric> e : metrics.metrics().entrySet()) {
            if (e.getKey().group().equals("plugins")) {
                out.put(e.getKey().name(), ((Number) e.getValue().metricValue()).doubleValue());
            }
        }
        return out;
    }

    @Test
    void aSerdeRegistersBothHalvesInOneRegistryAndCountsWhatEachDoes() {
        Metrics metrics = new Metrics();
        TypedJsonSerde<Object> serde = new TypedJsonSerde<>();
        serde.configure(Map.of(), false);
        serde.withPluginMetrics(new PluginMetricsImpl(metrics, Map.of("config", "default.value.serde", "class", "TypedJsonSerde")));
        byte[] one = serde.serializer().serialize("t", List.of(1L, "a"));
        serde.serializer().serialize("t", null);
        assertEquals(List.of(1L, "a"), serde.deserializer().deserialize("t", one));
        assertThrows(SerializationException.class, () -> serde.deserializer().deserialize("t", "[1,".getBytes(StandardCharsets.UTF_8)));
        Map<String, Double> v = values(metrics);
        assertEquals(1, v.get("records-written-total"));
        assertEquals(one.length, v.get("bytes-written-total"));
        assertEquals(1, v.get("records-read-total"));
        assertEquals(one.length, v.get("bytes-read-total"));
        assertEquals(1, v.get("read-refused-syntax-total"));
        assertEquals(0, v.get("write-refused-type-total"));
        assertTrue(metrics.metrics().keySet().stream().allMatch(n -> !n.group().equals("plugins")
                || n.tags().equals(Map.of("config", "default.value.serde", "class", "TypedJsonSerde"))));
    }

    @Test
    void withoutPluginMetricsNothingIsCountedAndNothingFails() {
        TypedJsonSerde<Object> serde = new TypedJsonSerde<>();
        serde.configure(Map.of(), false);
        assertEquals(List.of(1L), serde.deserializer().deserialize("t", serde.serializer().serialize("t", List.of(1L))));
        assertThrows(SerializationException.class, () -> serde.deserializer().deserialize("t", new byte[] {'['}));
    }

    private static Refusal readRefusal(String document) {
        byte[] bytes = document.getBytes(StandardCharsets.UTF_8);
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> FORMAT.read(DynamicCodec.INSTANCE, bytes));
        return Refusal.ofRead(e, FORMAT, bytes, 0, bytes.length);
    }

    @Test
    void aRefusedReadIsSyntaxWhenTheBytesAreNotJsonLimitWhenBeyondALimitElseType() {
        for (String notJson : List.of("", "[1,", "{\"a\":}", "[1,]", "01", "[1] [2]", "tru", "\"\\x\"", "{'a':1}", "[NaN]")) {
            assertEquals(Refusal.SYNTAX, readRefusal(notJson), notJson);
        }
        byte[] badUtf8 = {'"', (byte) 0xC3, '"'};
        TypedJsonException utf8 = assertThrows(TypedJsonException.class, () -> FORMAT.read(DynamicCodec.INSTANCE, badUtf8));
        assertEquals(Refusal.SYNTAX, Refusal.ofRead(utf8, FORMAT, badUtf8, 0, badUtf8.length));
        for (String notTypedJson : List.of("\"~q1\"", "{\"a\":1,\"a\":2}", "{\"~set\":[1,1]}", "\"~\"", "{\"~map\":[1,2,3]}")) {
            assertEquals(Refusal.TYPE, readRefusal(notTypedJson), notTypedJson);
        }
        for (String beyond : List.of("[[[[[[[[[1]]]]]]]]]", "1" + "0".repeat(30), "\"" + "a".repeat(101) + "\"",
                "[" + "1,".repeat(600) + "1]")) {
            assertEquals(Refusal.LIMIT, readRefusal(beyond), beyond.substring(0, Math.min(30, beyond.length())));
        }
    }

    @Test
    void aRefusedWriteIsLimitWhenBeyondALimitElseType() {
        TypedJsonException deep = assertThrows(TypedJsonException.class, () -> FORMAT.write(DynamicCodec.INSTANCE,
                List.of(List.of(List.of(List.of(List.of(List.of(List.of(List.of(List.of(1)))))))))));
        assertEquals(Refusal.LIMIT, Refusal.ofWrite(deep));
        TypedJsonException object = assertThrows(TypedJsonException.class, () -> FORMAT.write(DynamicCodec.INSTANCE, new Object()));
        assertEquals(Refusal.TYPE, Refusal.ofWrite(object));
    }

    @Test
    void aRateIsTheChangeOfItsTotalOverTheMetricsWindow() {
        java.util.concurrent.atomic.LongAdder total = new java.util.concurrent.atomic.LongAdder();
        RecordMetrics.RateOfTotal rate = new RecordMetrics.RateOfTotal(total, 0);
        MetricConfig config = new MetricConfig().timeWindow(30_000, java.util.concurrent.TimeUnit.MILLISECONDS).samples(2);
        total.add(100);
        assertEquals(10.0, rate.measure(config, 10_000), 1e-9, "100 since the start, 10 s ago");
        total.add(500);
        assertEquals(20.0, rate.measure(config, 30_000), 1e-9, "600 in 30 s");
        total.add(600);
        // the window is 60 s: at 80 s the rate starts at the last point at least a window old (10 s), not at 0
        assertEquals((1200 - 100) / 70.0, rate.measure(config, 80_000), 1e-9);
        assertEquals(0.0, new RecordMetrics.RateOfTotal(total, 5_000).measure(config, 5_000), "no time: no rate");
    }
}

package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.codec.Fixtures.Order;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.Test;

/** TypedJsonSerde in Kafka Streams topologies, given in code and as the default serde from properties. */
class StreamsTest {

    public record Big(long id, double amount) {}

    private static final List<Order> ORDERS = List.of(
            new Order(1, "a", "new", 5.0, List.of(), "t1"),
            new Order(2, "b", "paid", 50.25, List.of("x"), "t2"),
            new Order(3, "c", "~odd", 1e6, List.of("y", "z"), "t3"));

    private static Properties props() {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "typedjson-test");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "dummy:9092");
        return p;
    }

    @Test
    void serdeForClassInCode() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream("orders", Consumed.with(Serdes.String(), TypedJsonSerde.forClass(Order.class)))
                .filter((k, o) -> o.amount() > 10)
                .mapValues(o -> new Big(o.id(), o.amount()))
                .to("big", Produced.with(Serdes.String(), TypedJsonSerde.forClass(Big.class)));
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props())) {
            TestInputTopic<String, Order> in = driver.createInputTopic("orders", new StringSerializer(),
                    TypedJsonSerializer.forClass(Order.class));
            TestOutputTopic<String, Big> out = driver.createOutputTopic("big", new StringDeserializer(),
                    TypedJsonDeserializer.forClass(Big.class));
            ORDERS.forEach(o -> in.pipeInput(o.name(), o));
            assertEquals(List.of(KeyValue.pair("b", new Big(2, 50.25)), KeyValue.pair("c", new Big(3, 1e6))),
                    out.readKeyValuesToList());
        }
    }

    @Test
    void defaultValueSerdeConfiguredByProperties() {
        Properties p = props();
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, TypedJsonSerde.class.getName());
        p.put(TypedJsonConfig.VALUE_TYPE, Order.class.getName());
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, Order>stream("orders")
                .filter((k, o) -> o.status().startsWith("~"))
                .mapValues(o -> new Order(o.id(), o.name().toUpperCase(), o.status(), o.amount(), o.tags(), o.ts()))
                .to("odd");
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), p)) {
            TestInputTopic<String, Order> in = driver.createInputTopic("orders", new StringSerializer(),
                    TypedJsonSerializer.forClass(Order.class));
            TestOutputTopic<String, byte[]> out = driver.createOutputTopic("odd", new StringDeserializer(),
                    new org.apache.kafka.common.serialization.ByteArrayDeserializer());
            ORDERS.forEach(o -> in.pipeInput(o.name(), o));
            List<KeyValue<String, byte[]>> records = out.readKeyValuesToList();
            assertEquals(1, records.size());
            assertEquals("{\"id\":3,\"name\":\"C\",\"status\":\"~~odd\",\"amount\":1000000.0,\"tags\":[\"y\",\"z\"],\"ts\":\"t3\"}",
                    new String(records.get(0).value, java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}

package io.typedjson.examples.streams;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;

/**
 * A Kafka Streams application: orders with a positive amount go from {@code orders} to {@code paid-orders}. The
 * serdes and the error handling come from streams.properties alone; the topology names no serde.
 */
public final class PaidOrders {
    private PaidOrders() {}

    public static Topology topology() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, Order>stream("orders")
                .filter((id, order) -> order.amount().signum() > 0)
                .to("paid-orders");
        return builder.build();
    }

    /** streams.properties from the class path, with {@code bootstrap.servers} from KAFKA_BOOTSTRAP_SERVERS when set. */
    public static Properties config() {
        Properties props = new Properties();
        try (InputStream in = PaidOrders.class.getResourceAsStream("/streams.properties")) {
            props.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String servers = System.getenv("KAFKA_BOOTSTRAP_SERVERS");
        if (servers != null && !servers.isBlank()) {
            props.setProperty("bootstrap.servers", servers);
        }
        return props;
    }

    public static void main(String[] args) {
        KafkaStreams streams = new KafkaStreams(topology(), config());
        Runtime.getRuntime().addShutdownHook(new Thread(streams::close, "paid-orders-shutdown"));
        streams.start();
    }
}

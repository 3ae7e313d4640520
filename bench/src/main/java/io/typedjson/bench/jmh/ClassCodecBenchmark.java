package io.typedjson.bench.jmh;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.typedjson.codec.Codecs;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * typedjson's codecs compiled per class against Jackson databind's ObjectMapper on the same classes, with the
 * same document (Jackson is told to wrap the sealed variant the way typedjson does). Run:
 * {@code java -cp ... org.openjdk.jmh.Main ClassCodecBenchmark -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ClassCodecBenchmark {

    /** The orders data set's shape. */
    public record Order(long id, String name, String status, double amount, List<String> tags, String ts) {}

    public record Customer(String name, String email, int tier) {}

    public record Line(String sku, int qty, double price) {}

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT)
    @JsonSubTypes({@JsonSubTypes.Type(value = Card.class, name = "Card"), @JsonSubTypes.Type(value = Transfer.class, name = "Transfer")})
    public sealed interface Payment permits Card, Transfer {}

    public record Card(String last4, int expMonth, int expYear) implements Payment {}

    public record Transfer(String iban, String reference) implements Payment {}

    /** A nested class with a sealed variant. */
    public record Purchase(long id, Customer customer, List<Line> lines, Payment payment, String ts) {}

    private final TypedJsonFormat format = TypedJsonFormat.defaults();
    private final ObjectMapper mapper = new ObjectMapper();
    private final Codec<Order> orderCodec = Codecs.of(Order.class);
    private final Codec<Purchase> purchaseCodec = Codecs.of(Purchase.class);

    private Order order;
    private Purchase purchase;
    private byte[] orderJson;
    private byte[] purchaseJson;

    @Setup
    public void setup() throws IOException {
        order = new Order(1_234_567_890_123L, "Grace Hopper", "SHIPPED", 1234.56, List.of("priority", "gift"),
                "2024-03-01T12:34:56.789Z");
        purchase = new Purchase(98_765_432_101L, new Customer("Ada Lovelace", "ada@example.com", 3),
                List.of(new Line("SKU-0001", 2, 19.99), new Line("SKU-0042", 1, 5.5)),
                new Card("4242", 12, 2030), "2024-03-01T12:34:56.789Z");
        orderJson = format.write(orderCodec, order);
        purchaseJson = format.write(purchaseCodec, purchase);
        // both libraries must write and read the very same documents
        check(Arrays.equals(orderJson, mapper.writeValueAsBytes(order)), "order documents differ");
        check(Arrays.equals(purchaseJson, mapper.writeValueAsBytes(purchase)), "purchase documents differ: "
                + new String(mapper.writeValueAsBytes(purchase)) + " vs " + new String(purchaseJson));
        check(order.equals(mapper.readValue(orderJson, Order.class)), "Jackson reads the order differently");
        check(purchase.equals(format.read(purchaseCodec, purchaseJson)), "typedjson reads the purchase differently");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }

    @Benchmark
    public byte[] orderWriteTypedJson() {
        return format.write(orderCodec, order);
    }

    @Benchmark
    public byte[] orderWriteJackson() throws IOException {
        return mapper.writeValueAsBytes(order);
    }

    @Benchmark
    public Order orderReadTypedJson() {
        return format.read(orderCodec, orderJson);
    }

    @Benchmark
    public Order orderReadJackson() throws IOException {
        return mapper.readValue(orderJson, Order.class);
    }

    @Benchmark
    public byte[] purchaseWriteTypedJson() {
        return format.write(purchaseCodec, purchase);
    }

    @Benchmark
    public byte[] purchaseWriteJackson() throws IOException {
        return mapper.writeValueAsBytes(purchase);
    }

    @Benchmark
    public Purchase purchaseReadTypedJson() {
        return format.read(purchaseCodec, purchaseJson);
    }

    @Benchmark
    public Purchase purchaseReadJackson() throws IOException {
        return mapper.readValue(purchaseJson, Purchase.class);
    }
}

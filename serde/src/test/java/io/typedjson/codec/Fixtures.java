package io.typedjson.codec;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Classes the tests carry, and shortcuts to write and read them. */
public final class Fixtures {
    private Fixtures() {}

    public record Order(long id, String name, String status, double amount, List<String> tags, String ts) {}

    public record Point(int x, int y) {}

    public record Box<T>(T value) {}

    public enum Color { RED, GREEN, @TypedJsonName("bleu") BLUE }

    public sealed interface Shape permits Circle, Square, Nothing {}

    public record Circle(double r) implements Shape {}

    @TypedJsonName("Sq")
    public record Square(int side, Color color) implements Shape {}

    public record Nothing() implements Shape {}

    public record Drawing(String title, List<Shape> shapes, Optional<Shape> background, Map<Point, Color> marks) {}

    public record Node(int value, List<Node> children) {}

    public record Item(String sku, int qty, BigDecimal price) {}

    public record Invoice(long id, @TypedJsonName("customer_name") String customer, Instant created,
                          Optional<LocalDate> due, List<Item> items, Map<String, Integer> counts, Shape stamp) {}

    public record Sized(short s, byte b, long l, int i, float f, char c, boolean flag) {}

    /** A mutable class with bean accessors for some fields and plain fields for the others. */
    public static class Customer {
        private long id;
        private String name;
        int visits;
        List<Point> addresses;
        transient String cache = "not carried";

        public Customer() {}

        public Customer(long id, String name, int visits, List<Point> addresses) {
            this.id = id;
            this.name = name;
            this.visits = visits;
            this.addresses = addresses;
        }

        public long getId() {
            return id;
        }

        public void setId(long id) {
            this.id = id;
        }

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Customer && id == ((Customer) o).id && Objects.equals(name, ((Customer) o).name)
                    && visits == ((Customer) o).visits && Objects.equals(addresses, ((Customer) o).addresses);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, name, visits, addresses);
        }

        @Override
        public String toString() {
            return "Customer[" + id + ", " + name + ", " + visits + ", " + addresses + "]";
        }
    }

    /** A POJO that inherits fields and binds a type variable of its superclass. */
    public static class Base<T> {
        T payload;
        String label;
    }

    public static class Tagged extends Base<Point> {
        @TypedJsonName("n")
        int number;
    }

    public static <T> String write(Codec<T> codec, T value) {
        return new String(TypedJsonFormat.defaults().write(codec, value), StandardCharsets.UTF_8);
    }

    public static <T> T read(Codec<T> codec, String document) {
        return TypedJsonFormat.defaults().read(codec, document.getBytes(StandardCharsets.UTF_8));
    }
}

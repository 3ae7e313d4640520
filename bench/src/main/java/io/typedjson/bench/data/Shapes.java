package io.typedjson.bench.data;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.typedjson.annotation.TypedJson;
import java.util.List;

/** One value per shape for the per-shape micro benchmarks: record, tuple, enum, sealed variant, nested document. */
public final class Shapes {
    private Shapes() {}

    /** A fixed-length array of mixed types, written by Jackson as {@code [id, label, weight]}. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @TypedJson
    public record Tuple(long id, String label, double weight) {}

    @TypedJson
    public enum Status { NEW, PAID, SHIPPED, DELIVERED, CANCELLED }

    /** A sealed variant; Jackson needs a type property to tell the cases apart. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({@JsonSubTypes.Type(value = Circle.class, name = "circle"), @JsonSubTypes.Type(value = Rect.class, name = "rect")})
    @TypedJson
    public sealed interface Figure permits Circle, Rect {}

    public record Circle(double radius) implements Figure {}

    public record Rect(double width, double height) implements Figure {}

    public static List<String> names() {
        return List.of("record", "tuple", "enum", "variant", "document");
    }

    /** The declared type a class-aware codec is built for. */
    public static Class<?> type(String shape) {
        return switch (shape) {
            case "record" -> Order.class;
            case "tuple" -> Tuple.class;
            case "enum" -> Status.class;
            case "variant" -> Figure.class;
            case "document" -> Board.class;
            default -> throw new IllegalArgumentException("unknown shape '" + shape + "'; known: " + names());
        };
    }

    public static Object sample(String shape) {
        return switch (shape) {
            case "record" -> Datasets.generate("orders", 1, Datasets.SEED).get(0);
            case "tuple" -> new Tuple(4_000_000_017L, "Noor628", 0.1 + 0.2);
            case "enum" -> Status.SHIPPED;
            case "variant" -> new Rect(3.5, 2.25);
            case "document" -> Datasets.generate("board", 1, Datasets.SEED).get(0);
            default -> throw new IllegalArgumentException("unknown shape '" + shape + "'; known: " + names());
        };
    }
}

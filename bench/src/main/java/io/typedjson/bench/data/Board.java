package io.typedjson.bench.data;

import io.typedjson.annotation.TypedJson;
import java.time.Instant;
import java.util.List;

/** One large nested document: the worst case for any tagging scheme (many doubles, ints and short strings). */
@TypedJson
public record Board(Instant ts, List<Block> blocks) {

    /** {@code flags} is always [true, false, null]. */
    public record Block(List<String> labels, List<Double> values, List<Integer> counts, List<Boolean> flags,
                        String note, Position position) {}

    public record Position(double x, double y) {}
}

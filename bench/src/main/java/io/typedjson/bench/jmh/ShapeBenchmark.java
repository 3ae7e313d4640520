package io.typedjson.bench.jmh;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.data.Shapes;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Per-shape micro benchmarks: one value of a declared type to bytes and back. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ShapeBenchmark {
    @Param({"record", "tuple", "enum", "variant", "document"})
    public String shape;

    @Param({"typedjson-class", "jackson-record"})
    public String codec;

    private BenchCodec<Object> c;
    private Object value;
    private byte[] encoded;

    @Setup
    public void setup() {
        c = Codecs.forShape(shape, codec);
        value = c.prepare(Shapes.sample(shape));
        encoded = c.encode(value);
    }

    @Benchmark
    public byte[] serialize() {
        return c.encode(value);
    }

    @Benchmark
    public Object deserialize() {
        return c.decode(encoded);
    }
}

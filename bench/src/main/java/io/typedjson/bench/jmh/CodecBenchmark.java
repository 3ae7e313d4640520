package io.typedjson.bench.jmh;

import io.typedjson.bench.codec.BenchCodec;
import io.typedjson.bench.codec.Codecs;
import io.typedjson.bench.codec.SchemaTopicBroker;
import io.typedjson.bench.data.Datasets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** One record (one board document) serialized or deserialized per operation, cycling over a pool of records. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {
    /** Distinct records cycled through, so branch predictors and caches see varied data. */
    private static final int POOL = 1024;

    @Param({"orders", "rows", "cdc", "board"})
    public String dataset;

    // the report passes the codecs of the build (Codecs.names()); this list is only JMH's default
    // typedjson-connect-reference starts a broker for its schema topic in the fork (SchemaTopicBroker)
    @Param({"typedjson-dynamic", "typedjson-class", "typedjson-connect", "typedjson-connect-header",
            "typedjson-connect-reference", "typedjson-connect-none", "jsonconverter-schemas", "jsonconverter-plain", "jsonconverter-schema-content",
            "typedjson-connect-plain", "kafka-jsonnode", "jackson-record",
            "jackson-map", "fastjson2", "dsl-json", "protobuf", "avro"})
    public String codec;

    private BenchCodec<Object> c;
    private Object[] values;
    private byte[][] encoded;
    private int next;

    @Setup
    public void setup() {
        c = Codecs.get(dataset, codec);
        List<?> records = Datasets.generate(dataset, dataset.equals("board") ? 4 : POOL, Datasets.SEED);
        values = new Object[records.size()];
        encoded = new byte[records.size()][];
        for (int i = 0; i < values.length; i++) {
            values[i] = c.prepare(records.get(i));
            encoded[i] = c.encode(values[i]);
        }
    }

    /** The broker of typedjson-connect-reference's schema topic, if this fork started one. */
    @TearDown
    public void tearDown() {
        SchemaTopicBroker.stop();
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == values.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public byte[] serialize() {
        return c.encode(values[nextIndex()]);
    }

    @Benchmark
    public Object deserialize() {
        return c.decode(encoded[nextIndex()]);
    }
}

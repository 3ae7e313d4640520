package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.Shapes;
import java.util.ArrayList;
import java.util.List;

/** The codecs compared on each data set. */
public final class Codecs {
    /** The topic name passed to serializers and converters. */
    static final String TOPIC = "bench";

    private Codecs() {}

    /** Every codec that can carry the named data set, typedjson's first. */
    public static List<BenchCodec<?>> forDataset(String dataset) {
        Dataset<Object> d = Datasets.get(dataset);
        List<BenchCodec<?>> codecs = new ArrayList<>();
        codecs.add(new TypedJsonDynamicCodec(d));
        // typedjson codecs: add the class serde and the Connect converter here (see TypedJson*Codec)
        codecs.add(new JsonConverterCodec(d, true));
        codecs.add(new JsonConverterCodec(d, false));
        codecs.add(new KafkaJsonNodeCodec(d));
        codecs.add(new JacksonRecordCodec(d.recordClass()));
        codecs.add(new JacksonMapCodec(d));
        codecs.add(new ProtobufCodec(d));
        codecs.add(new AvroCodec(d));
        return codecs;
    }

    /** The codecs of the per-shape micro benchmarks (see {@link Shapes}), each built for the shape's declared type. */
    public static List<BenchCodec<?>> forShape(String shape) {
        Class<?> type = Shapes.type(shape);
        List<BenchCodec<?>> codecs = new ArrayList<>();
        // typedjson class serde: add it here for the shape's type
        codecs.add(new JacksonRecordCodec(type));
        return codecs;
    }

    /** The codec of that name for the shape. */
    @SuppressWarnings("unchecked")
    public static BenchCodec<Object> forShape(String shape, String codec) {
        return (BenchCodec<Object>) find(forShape(shape), codec, "shape " + shape);
    }

    /** The codec of that name for the data set. */
    @SuppressWarnings("unchecked")
    public static BenchCodec<Object> get(String dataset, String codec) {
        return (BenchCodec<Object>) find(forDataset(dataset), codec, "data set " + dataset);
    }

    private static BenchCodec<?> find(List<BenchCodec<?>> codecs, String name, String what) {
        for (BenchCodec<?> c : codecs) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no codec '" + name + "' for " + what);
    }

    /** The names of the codecs, in report order. */
    public static List<String> names() {
        return forDataset("orders").stream().map(BenchCodec::name).toList();
    }
}

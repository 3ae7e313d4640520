package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.JsonNode;
import io.typedjson.bench.data.Dataset;
import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.Shapes;
import io.typedjson.codec.CodecKind;
import io.typedjson.codec.CodecOptions;
import io.typedjson.format.Codec;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerde;
import io.typedjson.serde.TypedJsonSerializer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.json.JsonDeserializer;
import org.apache.kafka.connect.json.JsonSerializer;

/** The codecs compared on each data set. */
public final class Codecs {
    /** The topic name passed to serializers and converters. */
    static final String TOPIC = "bench";

    /**
     * TypedJsonConverter with schema location reference: it needs a broker for its schema topic, so it is in
     * {@link #forDataset(String, Supplier)} and {@link #forReport}, not in {@link #forDataset(String)}.
     */
    public static final String REFERENCE = "typedjson-connect-reference";

    private Codecs() {}

    /**
     * Every codec that can carry the named data set without a broker, typedjson's first: all but {@link #REFERENCE}.
     */
    public static List<BenchCodec<?>> forDataset(String dataset) {
        return forDataset(Datasets.get(dataset), null);
    }

    /**
     * Every codec that can carry the named data set, typedjson's first, {@link #REFERENCE} among them with its schema
     * topic on the broker {@code bootstrapServers} gives: asked at the codec's first record encoded or decoded, so a
     * broker started after this call, or only when the codec is used, will do.
     */
    public static List<BenchCodec<?>> forDataset(String dataset, Supplier<String> bootstrapServers) {
        Dataset<Object> d = Datasets.get(dataset);
        return forDataset(d, new ReferenceCodec(d, bootstrapServers));
    }

    /** The codecs of the data set; {@code reference} after the header location's when not null. */
    private static List<BenchCodec<?>> forDataset(Dataset<Object> d, ReferenceCodec reference) {
        List<BenchCodec<?>> codecs = new ArrayList<>();
        codecs.add(new SerdeCodec<>("typedjson-dynamic", "TypedJsonSerializer / TypedJsonDeserializer with no configuration "
                + "(the dynamic model), on the record as a Map<String, Object> with narrow types kept (Short, Integer, "
                + "BigDecimal, Instant, LocalDate, byte[])",
                new TypedJsonSerializer<>(), new TypedJsonDeserializer<>(), d::toMap, null));
        codecs.add(typedjsonClass(d.recordClass()));
        codecs.add(new ConverterCodec("typedjson-connect", "TypedJsonConverter with its defaults "
                + "(typedjson.schema.location=inline: a compact schema written with each value); Struct in, Struct out",
                new TypedJsonConverter(), Map.of(), d, false));
        codecs.add(new ConverterCodec("typedjson-connect-header", "TypedJsonConverter, typedjson.schema.location=header: "
                + "plain typed JSON value, the schema in a record header",
                new TypedJsonConverter(), Map.of("typedjson.schema.location", "header"), d, true));
        if (reference != null) {
            codecs.add(reference);
        }
        codecs.add(new ConverterCodec("typedjson-connect-none", "TypedJsonConverter, typedjson.schema.location=none: "
                + "no schema sent, the reader derives one from the lexemes and tags",
                new TypedJsonConverter(), Map.of("typedjson.schema.location", "none"), d, false));
        codecs.add(new ConverterCodec("jsonconverter-schemas", "JsonConverter, schemas.enable=true, other settings at their "
                + "defaults (decimal.format=BASE64, replace.null.with.default=true); Struct in, Struct out",
                new JsonConverter(), Map.of("schemas.enable", "true"), d, false));
        codecs.add(new ConverterCodec("jsonconverter-plain", "JsonConverter, schemas.enable=false, other settings at their "
                + "defaults: the Struct and its schema in, a schemaless Map out (no setting makes schemaless JSON exact)",
                new JsonConverter(), Map.of("schemas.enable", "false"), d, false));
        // KIP-1054: the source writes plain JSON, the sink reads it with one schema from its configuration
        Map<String, String> plainWriter = Map.of("schemas.enable", "false", "decimal.format", "NUMERIC");
        String schemaJson = schemaContent(d);
        codecs.add(new ConverterCodec("jsonconverter-schema-content", "JsonConverter as KIP-1054 sets it up: the writer "
                + "with schemas.enable=false, decimal.format=NUMERIC; the reader with schemas.enable=true (its default, "
                + "without which 4.4.0 ignores schema.content) and schema.content set to the schema's JSON",
                new JsonConverter(), plainWriter, new JsonConverter(),
                Map.of("schema.content", schemaJson, "decimal.format", "NUMERIC"), d));
        codecs.add(new ConverterCodec("typedjson-connect-plain", "the same plain JSON (JsonConverter's writer, "
                + "schemas.enable=false, decimal.format=NUMERIC) read by TypedJsonConverter with typedjson.schema.content "
                + "set to the same schema JSON and typedjson.decimal.format=NUMERIC",
                new JsonConverter(), plainWriter, new TypedJsonConverter(),
                Map.of("typedjson.schema.content", schemaJson, "typedjson.decimal.format", "NUMERIC"), d));
        codecs.add(new SerdeCodec<JsonNode>("kafka-jsonnode", "Kafka's org.apache.kafka.connect.json.JsonSerializer / "
                + "JsonDeserializer, defaults, on a JsonNode built with ObjectMapper.valueToTree from the record's map",
                new JsonSerializer(), new JsonDeserializer(), r -> Jackson.MAPPER.valueToTree(d.toMap(r)), null));
        codecs.add(Jackson.onRecord(d.recordClass()));
        codecs.add(new JacksonCodec("jackson-map", "the same ObjectMapper on Map<String, Object> (what a generic JSON "
                + "serde returns)", Jackson.MAPPER, Map.class, d::toMap, null));
        codecs.add(new ProtobufCodec(d));
        codecs.add(new AvroCodec(d));
        return codecs;
    }

    /** The schema JSON JsonConverter's schema.content takes for the data set's Connect schema. */
    private static String schemaContent(Dataset<Object> d) {
        JsonConverter c = new JsonConverter();
        c.configure(Map.of("decimal.format", "NUMERIC"), false);
        return c.asJsonSchema(d.connectSchema()).toString();
    }

    /**
     * Every codec the report measures on the data set: those of {@link #forDataset}, after the class serde its other two
     * kinds of codec ({@link #CLASS_RUNTIME}, {@link #CLASS_REFLECTIVE}), and after Jackson the fastest
     * JSON codecs on the JVM on the Java record (fastjson2, dsl-json), rivals of the class serde only: the cluster
     * benchmark, which takes {@link #forDataset}, leaves them out. {@link #REFERENCE} is among them, its schema topic
     * on the broker {@link SchemaTopicBroker} starts at its first record (the report runs without a cluster).
     */
    public static List<BenchCodec<?>> forReport(String dataset) {
        Dataset<Object> d = Datasets.get(dataset);
        Class<?> type = d.recordClass();
        List<BenchCodec<?>> codecs = forDataset(d, ReferenceCodec.onSchemaTopicBroker(d));
        codecs.addAll(codecs.indexOf(find(codecs, "typedjson-class", dataset)) + 1, otherKinds(type));
        int afterJackson = codecs.indexOf(find(codecs, "jackson-map", dataset)) + 1;
        codecs.addAll(afterJackson, List.of(new FastjsonCodec(type), new DslJsonCodec(type, true)));
        return codecs;
    }

    /**
     * protobuf with the mapping between the generated message and the data set's Java record timed too: the rival of
     * typedjson's class serde, which starts and ends at the same record. Not in {@link #forDataset}: its bytes are
     * protobuf's.
     */
    public static BenchCodec<Object> protobufOnRecord(String dataset) {
        return ProtoRecords.codec(dataset);
    }

    /** The codecs of the per-shape micro benchmarks (see {@link Shapes}), each built for the shape's declared type. */
    public static List<BenchCodec<?>> forShape(String shape) {
        Class<?> type = Shapes.type(shape);
        List<BenchCodec<?>> codecs = new ArrayList<>();
        codecs.add(typedjsonClass(type));
        codecs.add(Jackson.onRecord(type));
        return codecs;
    }

    /** The class serde with its default codec: the one typedjson-processor wrote at compile time (the records are @TypedJson). */
    @SuppressWarnings("unchecked")
    private static BenchCodec<Object> typedjsonClass(Class<?> type) {
        TypedJsonSerde<Object> serde = TypedJsonSerde.forClass((Class<Object>) type);
        return new SerdeCodec<>("typedjson-class", "TypedJsonSerde.forClass on the Java record: the codec "
                + "typedjson-processor wrote at compile time (@TypedJson; typedjson.codec.kind=auto picks it)",
                serde.serializer(), serde.deserializer(), r -> r, r -> r);
    }

    /** The class serde on a codec of another kind, checked to be that kind (the rows compare the kinds alone). */
    private static BenchCodec<Object> typedjsonClass(Class<?> type, CodecKind kind, String name, String settings) {
        Codec<Object> codec = io.typedjson.codec.Codecs.of(type, CodecOptions.DEFAULT.withKind(kind));
        if (io.typedjson.codec.Codecs.kindOf(codec) != kind) {
            throw new IllegalStateException(name + " measures a " + io.typedjson.codec.Codecs.kindOf(codec) + " codec");
        }
        return new SerdeCodec<>(name, settings, new TypedJsonSerializer<>(codec), new TypedJsonDeserializer<>(codec),
                r -> r, r -> r);
    }

    /** typedjson-class-runtime: a codec generated at run time (typedjson.codec.kind=generated). */
    public static final String CLASS_RUNTIME = "typedjson-class-runtime";
    /** typedjson-class-reflective: the reflective codec (typedjson.codec.kind=reflective). */
    public static final String CLASS_REFLECTIVE = "typedjson-class-reflective";

    private static List<BenchCodec<?>> otherKinds(Class<?> type) {
        return List.of(typedjsonClass(type, CodecKind.GENERATED, CLASS_RUNTIME, "the class serde on the codec generated"
                        + " at run time (typedjson.codec.kind=generated: a hidden class per record)"),
                typedjsonClass(type, CodecKind.REFLECTIVE, CLASS_REFLECTIVE, "the class serde on the reflective codec"
                        + " (typedjson.codec.kind=reflective: method handles per field, the fallback where no code can be"
                        + " generated)"));
    }

    /** The codec of that name for the shape. */
    @SuppressWarnings("unchecked")
    public static BenchCodec<Object> forShape(String shape, String codec) {
        return (BenchCodec<Object>) find(forShape(shape), codec, "shape " + shape);
    }

    /** The codec of that name for the data set. */
    @SuppressWarnings("unchecked")
    public static BenchCodec<Object> get(String dataset, String codec) {
        return (BenchCodec<Object>) find(forReport(dataset), codec, "data set " + dataset);
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
        return forReport("orders").stream().map(BenchCodec::name).toList();
    }
}

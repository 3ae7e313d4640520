package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import io.typedjson.connect.TypedJsonConverter;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.connect.data.SchemaAndValue;

/**
 * {@link Codecs#REFERENCE}: TypedJsonConverter with {@code typedjson.schema.location=reference}, a {@link ConverterCodec}
 * that counts the value and its headers. Its schema topic needs a broker, whose address is asked for at the first
 * record encoded or decoded (not when the codec is made or a record prepared), so that listing the codecs, sizing a
 * heap or preparing records starts nothing. The first record writes the schema to the topic (acknowledged by the
 * broker); the first read resolves it from the topic, every later one from the converter's cache: what a deployment
 * sees after its first record.
 */
final class ReferenceCodec implements BenchCodec<SchemaAndValue>, AutoCloseable {
    private static final String BASE_SETTINGS = "TypedJsonConverter, typedjson.schema.location=reference: the value as "
            + "inline writes it under ~v (no schema, no tags), the schema's 16-byte fingerprint in header "
            + "typedjson.schema.ref; the schema written once to the compacted topic _typedjson-schemas on a real "
            + "broker, read back once, then from the converter's cache";
    static final String SETTINGS = ConverterCodec.settings(BASE_SETTINGS, true);

    private final Dataset<Object> dataset;
    private final Supplier<String> bootstrapServers;
    private final Function<Object, SchemaAndValue> prepare;
    private final Function<SchemaAndValue, Object> toRecord;
    /** Whether the broker is {@link SchemaTopicBroker}'s, which then closes this codec's clients before it stops. */
    private final boolean onSchemaTopicBroker;
    private volatile ConverterCodec codec;
    private TypedJsonConverter converter;

    /** @param bootstrapServers the schema topic's broker; asked once, at the first record encoded or decoded */
    ReferenceCodec(Dataset<Object> dataset, Supplier<String> bootstrapServers) {
        this(dataset, bootstrapServers, false);
    }

    /** On the broker {@link SchemaTopicBroker} starts when the first record is encoded or decoded. */
    static ReferenceCodec onSchemaTopicBroker(Dataset<Object> dataset) {
        return new ReferenceCodec(dataset, SchemaTopicBroker::bootstrapServers, true);
    }

    private ReferenceCodec(Dataset<Object> dataset, Supplier<String> bootstrapServers, boolean onSchemaTopicBroker) {
        this.dataset = dataset;
        this.bootstrapServers = bootstrapServers;
        this.onSchemaTopicBroker = onSchemaTopicBroker;
        this.prepare = ConverterCodec.toConnect(dataset);
        this.toRecord = ConverterCodec.fromConnect(dataset);
    }

    @Override
    public String name() {
        return Codecs.REFERENCE;
    }

    @Override
    public String settings() {
        return SETTINGS;
    }

    @Override
    public SchemaAndValue prepare(Object record) {
        return prepare.apply(record);
    }

    @Override
    public byte[] encode(SchemaAndValue value) {
        return codec().encode(value);
    }

    @Override
    public SchemaAndValue decode(byte[] bytes) {
        return codec().decode(bytes);
    }

    @Override
    public Object toRecord(SchemaAndValue decoded) {
        return toRecord.apply(decoded);
    }

    private ConverterCodec codec() {
        ConverterCodec c = codec;
        return c != null ? c : connect();
    }

    private synchronized ConverterCodec connect() {
        if (codec == null) {
            String servers = bootstrapServers.get();
            if (servers == null) {
                throw new IllegalStateException(Codecs.REFERENCE + " needs a broker for its schema topic, and none "
                        + "is known yet");
            }
            if (onSchemaTopicBroker) {
                SchemaTopicBroker.register(this);
            }
            converter = new TypedJsonConverter();
            codec = new ConverterCodec(Codecs.REFERENCE, BASE_SETTINGS, converter, Map.of(
                    "typedjson.schema.location", "reference", "bootstrap.servers", servers), dataset, true);
        }
        return codec;
    }

    /** Closes the converter's producer and consumer of the schema topic, if they were made. */
    @Override
    public synchronized void close() {
        if (converter != null) {
            converter.close();
        }
    }
}

package io.typedjson.serde;

import io.typedjson.codec.EventTypes;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import java.util.Map;
import org.apache.kafka.common.metrics.Monitorable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A Kafka {@link Serde} for typed JSON, for Kafka Streams and for code that wants both halves at once.
 * The no-argument constructor carries the dynamic model, or the class named by
 * {@code typedjson.key.type} / {@code typedjson.value.type} (e.g. through Streams' {@code default.value.serde}).
 *
 * @param <T> the type carried
 */
public class TypedJsonSerde<T> implements Serde<T>, Monitorable {

    private final TypedJsonSerializer<T> serializer;
    private final TypedJsonDeserializer<T> deserializer;

    public TypedJsonSerde() {
        this.serializer = new TypedJsonSerializer<>();
        this.deserializer = new TypedJsonDeserializer<>();
    }

    /** Carries values through the given codec; {@code typedjson.*.type} properties are then ignored. */
    public TypedJsonSerde(Codec<T> codec) {
        this.serializer = new TypedJsonSerializer<>(codec);
        this.deserializer = new TypedJsonDeserializer<>(codec);
    }

    private TypedJsonSerde(TypedJsonSerializer<T> serializer, TypedJsonDeserializer<T> deserializer) {
        this.serializer = serializer;
        this.deserializer = deserializer;
    }

    /** For values of a class: a record, a class with a no-argument constructor, an enum, a sealed type, ... (SPEC.md section 10). */
    public static <T> TypedJsonSerde<T> forClass(Class<T> type) {
        return new TypedJsonSerde<>(TypedJsonSerializer.forClass(type), TypedJsonDeserializer.forClass(type));
    }

    /** For values of a generic type: {@code forType(new TypeRef<List<Order>>() {})}. */
    public static <T> TypedJsonSerde<T> forType(TypeRef<T> type) {
        return new TypedJsonSerde<>(TypedJsonSerializer.forType(type), TypedJsonDeserializer.forType(type));
    }

    /**
     * For a topic of several event types (SPEC.md section 12), as Kafka Streams' value serde of a topic whose records
     * say their type by name: {@code TypedJsonSerde.forEventTypes(EventTypes.of(OrderEvent.class))}. Location, policy
     * and CloudEvents attributes come from {@link #configure} ({@code typedjson.type.location}, ...), header and fail
     * unless configured.
     */
    public static TypedJsonSerde<Object> forEventTypes(EventTypes types) {
        return new TypedJsonSerde<>(TypedJsonSerializer.forEventTypes(types), TypedJsonDeserializer.forEventTypes(types));
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    /**
     * Registers the metrics of both halves in one registry (their names differ: written and read), for a client or
     * framework that hands plugin metrics to a Serde. A producer or consumer given {@link #serializer()} or
     * {@link #deserializer()} calls that half's own method.
     */
    @Override
    public void withPluginMetrics(PluginMetrics metrics) {
        serializer.withPluginMetrics(metrics);
        deserializer.withPluginMetrics(metrics);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}

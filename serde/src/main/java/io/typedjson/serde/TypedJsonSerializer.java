package io.typedjson.serde;

import io.typedjson.codec.EventTypes;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.serde.internal.FormatMark;
import io.typedjson.serde.internal.RecordMetrics;
import io.typedjson.serde.internal.Refusal;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.metrics.Monitorable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A Kafka {@link Serializer} that writes typed JSON (SPEC.md).
 *
 * <p>With the no-argument constructor and no {@code typedjson.key.type} / {@code typedjson.value.type}
 * property it carries values of the dynamic model exactly. A null value is written as a null record value
 * (a tombstone). A value that cannot be carried exactly throws {@link SerializationException} naming the
 * topic and the JSON path of the offending value; nothing is written. Thread-safe.
 *
 * <p>A producer (Kafka 4.1 and later, KIP-877) gives it {@link PluginMetrics}: it then counts records and bytes
 * written, refusals by kind and the time per record in the producer's own metrics (docs/operations.md).
 *
 * @param <T> the type of the values serialized
 */
public class TypedJsonSerializer<T> implements Serializer<T>, Monitorable {

    private final SerdeSupport<T> support;
    /** Null until a client gives this serializer its plugin metrics. */
    private volatile RecordMetrics metrics;

    /** For Kafka's {@code key.serializer} / {@code value.serializer} properties; the type comes from configuration. */
    public TypedJsonSerializer() {
        this.support = SerdeSupport.configurable();
    }

    private TypedJsonSerializer(SerdeSupport<T> support) {
        this.support = support;
    }

    /** For values of a class: a record, a class with a no-argument constructor, an enum, a sealed type, ... (SPEC.md section 10). */
    public static <T> TypedJsonSerializer<T> forClass(Class<T> type) {
        return new TypedJsonSerializer<>(SerdeSupport.ofType(type));
    }

    /** For values of a generic type: {@code forType(new TypeRef<List<Order>>() {})}. */
    public static <T> TypedJsonSerializer<T> forType(TypeRef<T> type) {
        return new TypedJsonSerializer<>(SerdeSupport.ofType(type.type()));
    }

    /**
     * For a topic of several event types (SPEC.md section 12): writes a value of a listed class with its name in the
     * record ({@code typedjson.type.location}); refuses any other class. {@code typedjson.value.types} is then ignored.
     */
    public static TypedJsonSerializer<Object> forEventTypes(EventTypes types) {
        return new TypedJsonSerializer<>(SerdeSupport.ofEventTypes(types));
    }

    /** Carries values through the given codec; {@code typedjson.*.type} properties are then ignored. */
    public TypedJsonSerializer(Codec<T> codec) {
        this.support = SerdeSupport.ofCodec(codec);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        support.configure(configs, isKey);
    }

    /**
     * Registers this serializer's metrics (group {@code plugins}, tagged by Kafka with the producer's client id, the
     * config key and the class) in the registry of the producer that calls it; a second call moves them to its registry.
     */
    @Override
    public void withPluginMetrics(PluginMetrics metrics) {
        this.metrics = RecordMetrics.register(metrics, RecordMetrics.Direction.WRITE, Refusal.WRITES, "records");
    }

    @Override
    public byte[] serialize(String topic, T data) {
        return serialize(topic, null, data);
    }

    /** With event types, the name goes into {@code headers} (or an envelope, and always when {@code headers} is null). */
    @Override
    public byte[] serialize(String topic, Headers headers, T data) {
        if (data == null) {
            return null;
        }
        RecordMetrics m = metrics;
        long start = m == null ? RecordMetrics.NOT_TIMED : m.start();
        try {
            EventTypeSupport events = support.events;
            OtherFormats other = support.other;
            byte[] bytes;
            if (other == null) {
                bytes = events != null ? events.write(support.format, topic, headers, data, false)
                        : support.format.write(support.codec, data);
                if (headers != null && !support.isKey) {
                    FormatMark.dropUntrue(headers); // a 'plain' mark copied from the record read would misname them
                }
            } else if (data instanceof UnknownEvent forwarded && events != null) {
                // a record of a type not listed, forwarded: its bytes as they came, with the mark they came with (or
                // none), never this writer's, which would say another spelling than its bytes have
                bytes = events.write(support.format, topic, headers, data, false);
                other.markAs(headers, forwarded.headers());
            } else {
                boolean plain = other.writesPlain(topic, headers);
                bytes = events != null ? events.write(support.format, topic, headers, data, plain)
                        : plain ? support.format.writePlain(support.codec, data) : support.format.write(support.codec, data);
                other.mark(topic, headers);
            }
            if (m != null) {
                m.done(bytes.length, start);
            }
            return bytes;
        } catch (SerializationException e) {
            // thrown only by the event types: a class that is not one of the topic's
            if (m != null) {
                m.refused(Refusal.UNKNOWN_TYPE_NAME);
            }
            throw e;
        } catch (TypedJsonException e) {
            if (m != null) {
                m.refused(Refusal.ofWrite(e));
            }
            if (isOtherClass(data)) {
                throw otherClass(topic, data, e);
            }
            throw new SerializationException("Cannot write typed JSON for topic '" + topic + "': " + e.getMessage()
                    + (support.other != null && support.other.writesPlain(topic, headers) ? " (" + TypedJsonConfig.FORMAT_HEADER
                    + "=" + support.other.mark.name().toLowerCase(java.util.Locale.ROOT) + ": plain JSON for readers without typedjson)" : ""), e);
        } catch (RuntimeException e) {
            // a custom codec's bug (the library's own codecs throw nothing else): still only Kafka's exception leaves
            if (m != null) {
                m.refused(Refusal.TYPE);
            }
            if (isOtherClass(data)) {
                throw otherClass(topic, data, e);
            }
            throw new SerializationException("Cannot write typed JSON for topic '" + topic + "': " + e, e);
        }
    }

    /**
     * A value of another class than the configured one (a raw {@code Serializer<Object>}): checked only once the codec
     * has failed on it, which every kind does in its own words (a getter's ClassCastException, or a cast's).
     */
    private boolean isOtherClass(Object data) {
        Class<?> c = support.valueClass;
        return c != null && !c.isInstance(data);
    }

    private SerializationException otherClass(String topic, Object data, RuntimeException e) {
        String where = support.classConfigured ? (support.isKey ? TypedJsonConfig.KEY_TYPE : TypedJsonConfig.VALUE_TYPE)
                : "the serializer's type";
        return new SerializationException("Cannot write typed JSON for topic '" + topic + "': "
                + new TypedJsonException(data.getClass().getName() + " given where " + support.valueClass.getName()
                        + " belongs (" + where + ")").getMessage(), e);
    }
}

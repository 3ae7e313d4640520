package io.typedjson.serde;

import io.typedjson.codec.EventTypes;
import io.typedjson.codec.TypeRef;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.serde.internal.RecordMetrics;
import io.typedjson.serde.internal.Refusal;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.metrics.Monitorable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * A Kafka {@link Deserializer} that reads typed JSON (SPEC.md).
 *
 * <p>With the no-argument constructor and no {@code typedjson.key.type} / {@code typedjson.value.type}
 * property it reads values of the dynamic model. A null record value (tombstone) reads as null. Anything
 * that is not a valid document of the configured type (malformed JSON or UTF-8, an unknown tag, a number
 * out of range, a limit exceeded) throws {@link SerializationException} naming the topic, the JSON path and
 * the byte offset; the consumer then reports the record's partition and offset. Never instantiates a class
 * named by a message. Thread-safe.
 *
 * <p>A consumer (Kafka 4.1 and later, KIP-877) gives it {@link PluginMetrics}: it then counts records and bytes read,
 * refusals by kind and the time per record in the consumer's own metrics (docs/operations.md).
 *
 * @param <T> the type of the values deserialized
 */
public class TypedJsonDeserializer<T> implements Deserializer<T>, Monitorable {

    private final SerdeSupport<T> support;
    /** Null until a client gives this deserializer its plugin metrics. */
    private volatile RecordMetrics metrics;
    /** Records read as plain JSON and in Confluent's framing (SPEC.md section 13); null until plugin metrics come. */
    private volatile LongAdder plainRead, framedRead;

    /** For Kafka's {@code key.deserializer} / {@code value.deserializer} properties; the type comes from configuration. */
    public TypedJsonDeserializer() {
        this.support = SerdeSupport.configurable();
    }

    private TypedJsonDeserializer(SerdeSupport<T> support) {
        this.support = support;
    }

    /** For values of a class: a record, a class with a no-argument constructor, an enum, a sealed type, ... (SPEC.md section 10). */
    public static <T> TypedJsonDeserializer<T> forClass(Class<T> type) {
        return new TypedJsonDeserializer<>(SerdeSupport.ofType(type));
    }

    /** For values of a generic type: {@code forType(new TypeRef<List<Order>>() {})}. */
    public static <T> TypedJsonDeserializer<T> forType(TypeRef<T> type) {
        return new TypedJsonDeserializer<>(SerdeSupport.ofType(type.type()));
    }

    /**
     * For a topic of several event types (SPEC.md section 12): reads a record's value as the class its name maps
     * to; a name not listed is decided by {@code typedjson.unknown.types}. {@code typedjson.value.types} is then ignored.
     */
    public static TypedJsonDeserializer<Object> forEventTypes(EventTypes types) {
        return new TypedJsonDeserializer<>(SerdeSupport.ofEventTypes(types));
    }

    /** Carries values through the given codec; {@code typedjson.*.type} properties are then ignored. */
    public TypedJsonDeserializer(Codec<T> codec) {
        this.support = SerdeSupport.ofCodec(codec);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        support.configure(configs, isKey);
        if (support.other != null && support.other.otherWriters && support.events != null
                && support.events.location == EventTypeSupport.Location.DOCUMENT) {
            // (SPEC.md 12.2: location document never looks at headers; 13: another writer writes no envelope)
            throw new ConfigException(TypedJsonConfig.OTHER_WRITERS, "json", "another writer's plain JSON has no event"
                    + " envelope, and " + TypedJsonConfig.TYPE_LOCATION + "=document takes the event type from the"
                    + " envelope only: no record of another writer would have one (" + TypedJsonConfig.UNKNOWN_TYPES
                    + " would refuse, skip or pass every such record, never read it); use "
                    + TypedJsonConfig.TYPE_LOCATION + "=header or both");
        }
    }

    /**
     * Registers this deserializer's metrics (group {@code plugins}, tagged by Kafka with the consumer's client id, the
     * config key and the class) in the registry of the consumer that calls it; a second call moves them to its registry.
     */
    @Override
    public void withPluginMetrics(PluginMetrics metrics) {
        this.metrics = RecordMetrics.register(metrics, RecordMetrics.Direction.READ, Refusal.READS, "records");
        this.plainRead = RecordMetrics.counter(metrics, "records-read-plain-total", "The number of records read as "
                + "plain JSON from another writer (typedjson.other.writers=json: unmarked, or marked plain); 0 for a "
                + "while means the other writers' records are gone from the topic.");
        this.framedRead = RecordMetrics.counter(metrics, "records-read-framed-total", "The number of records read "
                + "in Confluent's JSON Schema framing (typedjson.confluent.framing=strip).");
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        return data == null ? null : read(topic, null, data, 0, data.length);
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        return data == null ? null : read(topic, headers, data, 0, data.length);
    }

    @Override
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        if (data == null) {
            return null;
        }
        if (data.hasArray()) {
            // the consumer hands out a view of its fetch buffer: read it in place instead of copying
            return read(topic, headers, data.array(), data.arrayOffset() + data.position(), data.remaining());
        }
        byte[] copy = new byte[data.remaining()];
        data.duplicate().get(copy);
        return read(topic, headers, copy, 0, copy.length);
    }

    private T read(String topic, Headers headers, byte[] data, int offset, int length) {
        OtherFormats other = support.other;
        return other == null ? read(topic, headers, data, offset, length, false)
                : readShared(other, topic, headers, data, offset, length);
    }

    /** A record of a topic shared with other writers (SPEC.md section 13): framed, plain or typed JSON. */
    private T readShared(OtherFormats other, String topic, Headers headers, byte[] data, int offset, int length) {
        boolean framed = other.stripFraming && OtherFormats.framed(data, offset, length);
        int id = 0;
        boolean plain;
        try {
            if (framed) {
                id = OtherFormats.schemaId(topic, data, offset, length);
            }
            plain = framed || other.readsPlain(topic, headers);
        } catch (SerializationException e) {
            RecordMetrics m = metrics;
            if (m != null) {
                m.refused(Refusal.TYPE);
            }
            throw e;
        }
        int skip = framed ? OtherFormats.FRAMING_LENGTH : 0;
        T value = read(topic, headers, data, offset + skip, length - skip, plain);
        if (framed) {
            OtherFormats.keepSchemaId(headers, id);
        }
        LongAdder count = framed ? framedRead : plain ? plainRead : null;
        if (count != null) {
            count.increment();
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private T read(String topic, Headers headers, byte[] data, int offset, int length, boolean plain) {
        RecordMetrics m = metrics;
        long start = m == null ? RecordMetrics.NOT_TIMED : m.start();
        EventTypeSupport events = support.events;
        if (events != null) {
            try {
                T value = (T) events.read(support.format, topic, headers, data, offset, length, plain);
                if (m != null) {
                    m.done(length, start);
                }
                return value;
            } catch (SerializationException e) {
                if (m != null) {
                    // a document the event's type refuses (or a custom codec's bug), else the name itself: unknown,
                    // missing, or given twice
                    m.refused(e.getCause() instanceof TypedJsonException t ? Refusal.ofRead(t, support.format, data, offset, length)
                            : e.getCause() != null ? Refusal.TYPE : Refusal.UNKNOWN_TYPE_NAME);
                }
                String hint = e.getCause() instanceof TypedJsonException t ? hint(t, data, offset, length) : null;
                throw hint == null ? e : new SerializationException(e.getMessage() + " (" + hint + ")", e.getCause());
            }
        }
        try {
            T value = plain ? support.format.readPlain(support.codec, data, offset, length)
                    : support.format.read(support.codec, data, offset, length);
            if (m != null) {
                m.done(length, start);
            }
            return value;
        } catch (TypedJsonException e) {
            if (m != null) {
                m.refused(Refusal.ofRead(e, support.format, data, offset, length));
            }
            String hint = hint(e, data, offset, length);
            throw new SerializationException("Cannot read typed JSON from topic '" + topic + "': " + e.getMessage()
                    + (hint == null ? "" : " (" + hint + ")"), e);
        } catch (RuntimeException e) {
            // a custom codec's bug (the library's own codecs throw nothing else): still only Kafka's exception leaves
            if (m != null) {
                m.refused(Refusal.TYPE);
            }
            throw new SerializationException("Cannot read typed JSON from topic '" + topic + "': " + e, e);
        }
    }

    /** On a refusal only: the property to set when the value looks like another writer's (OtherFormats#hint). */
    private String hint(TypedJsonException e, byte[] data, int offset, int length) {
        return OtherFormats.hint(support.other, e.reason(), data, offset, length);
    }
}

package io.typedjson.serde;

import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.Codecs;
import io.typedjson.codec.EventTypes;
import io.typedjson.format.Codec;
import io.typedjson.format.EventEnvelope;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.serde.internal.EventHeaders;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Several event types on one topic (SPEC.md section 12), for the serializer and the deserializer: the closed list
 * of names and classes, where the name travels (a header, an envelope, both), and what a reader does with a name
 * that is not listed. Immutable; made by {@link SerdeSupport#configure} when the list is configured or given in code.
 */
final class EventTypeSupport {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EventTypeSupport.class);

    enum Location { HEADER, DOCUMENT, BOTH }

    enum Policy { FAIL, SKIP, PASS }

    /** One listed type: its name (and the name's bytes for the header), its codec, and its codec inside an envelope. */
    private record Entry(String name, byte[] nameBytes, Codec<Object> codec, Codec<Object> envelope, byte[] idBytes) {}

    final EventTypes types;
    final Location location;
    final String header;
    final Policy policy;
    /** {@code typedjson.cloudevents.source}, or null: the CloudEvents attributes are then not written. */
    private final byte[] source;
    /** {@code typedjson.type.id.header} (Spring Kafka's {@code __TypeId__}), or null. */
    private final String idHeader;
    /** {@code typedjson.type.ids}: an id in {@link #idHeader} to a listed name; a listed name is its own id too. */
    private final Map<String, String> ids;
    private final Map<String, Entry> byName = new HashMap<>();
    private final Map<Class<?>, Entry> byClass = new HashMap<>();
    /** Unknown names already logged at WARN when skipped; bounded, then DEBUG. */
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    private EventTypeSupport(EventTypes types, CodecOptions options, Location location, String header, Policy policy,
                             String source, String idHeader, Map<String, String> ids) {
        this.types = types;
        this.location = location;
        this.header = header;
        this.policy = policy;
        this.source = source == null ? null : source.getBytes(StandardCharsets.UTF_8);
        this.idHeader = idHeader;
        this.ids = ids;
        for (Map.Entry<String, Class<?>> e : types.asMap().entrySet()) {
            Codec<Object> codec = Codecs.of(e.getValue(), options);
            String id = e.getKey(); // the first id mapped to the name, else the name
            for (Map.Entry<String, String> i : ids.entrySet()) {
                if (i.getValue().equals(e.getKey())) {
                    id = i.getKey();
                    break;
                }
            }
            Entry entry = new Entry(e.getKey(), e.getKey().getBytes(StandardCharsets.US_ASCII), codec, envelope(e.getKey(), codec),
                    id.getBytes(StandardCharsets.UTF_8));
            byName.put(e.getKey(), entry);
            byClass.put(e.getValue(), entry);
        }
    }

    // ------------------------------------------------------------------ configuration

    /** Defines the keys of event types; {@link TypedJsonConfig} has them. */
    static void define(ConfigDef def) {
        def.define(TypedJsonConfig.VALUE_TYPES, Type.LIST, "", NAMES, Importance.HIGH,
                        "The event types a topic carries, by logical name (SPEC.md section 12): a comma-separated list of "
                                + "name=class entries (order.created=com.acme.OrderCreated), or of classes named by "
                                + "@TypedJsonName, or of sealed types standing for their permitted subclasses (each named by "
                                + "@TypedJsonName). The list is the allowlist: the serializer writes only these classes and the "
                                + "name in the record; the deserializer reads a name only as the class it maps to, and nothing "
                                + "is ever resolved from a record (not a class name, not a package). Values only; not with "
                                + TypedJsonConfig.VALUE_TYPE + ". Empty: one type per topic.")
                .define(TypedJsonConfig.TYPE_LOCATION, Type.STRING, "header", ValidString.in("header", "document", "both"),
                        Importance.MEDIUM,
                        "Where the serializer writes an event's type name. header: the record header named by "
                                + TypedJsonConfig.TYPE_HEADER + " (ce_type: each record is a CloudEvents binary-mode event), "
                                + "the value the plain document; document: the value is the envelope "
                                + "{\"~type\":\"<name>\",\"~v\":<document>} (for pipelines that drop headers); both. Without "
                                + "a Headers object (serialize(topic, value), as state stores call it) the envelope is "
                                + "written. A deserializer of header or both reads the name from either place and refuses a "
                                + "record whose two names disagree; one of document reads the envelope's name only and does "
                                + "not look at headers (what a Kafka Streams state store that drops headers needs, of "
                                + "dsl.store.format=default or in memory: it hands a stored value the headers of another record).")
                .define(TypedJsonConfig.TYPE_HEADER, Type.STRING, EventEnvelope.DEFAULT_TYPE_HEADER, EventHeaders.HEADER_NAME,
                        Importance.LOW,
                        "The record header holding an event's type name (UTF-8). ce_type is CloudEvents' type attribute "
                                + "in its Kafka binding.")
                .define(TypedJsonConfig.UNKNOWN_TYPES, Type.STRING, "fail", ValidString.in("fail", "skip", "pass"),
                        Importance.MEDIUM,
                        "What the deserializer does with a record whose type name is not in " + TypedJsonConfig.VALUE_TYPES
                                + ", or that has none. fail: SerializationException naming the name (the consumer, Kafka "
                                + "Streams' deserialization handler and Spring's error handler decide). skip: the value "
                                + "reads as null (Kafka's value of a record without one; never with a table, where null "
                                + "deletes: docs/event-types.md), the first skip of each name is logged at WARN. pass: an "
                                + "io.typedjson.serde.UnknownEvent with the name, the raw bytes and the headers, to forward "
                                + "or dead-letter in order (the serializer writes it back unchanged).")
                .define(TypedJsonConfig.CLOUDEVENTS_SOURCE, Type.STRING, "", EventHeaders.SOURCE, Importance.LOW,
                        "CloudEvents' source attribute (a URI reference naming the producer, e.g. /orders-service). When "
                                + "set, the serializer also writes ce_specversion 1.0, ce_id (a random UUID unless the record "
                                + "has one), ce_source (this, unless the record has one) and content-type application/json, "
                                + "so each record is a complete CloudEvents binary-mode event. Empty: only the type header. "
                                + "Not with " + TypedJsonConfig.TYPE_LOCATION + "=document.")
                .define(TypedJsonConfig.TYPE_ID_HEADER, Type.STRING, "", ID_HEADER, Importance.LOW,
                        "A second header with the event's type, as Spring Kafka's JSON serializers write __TypeId__ "
                                + "(docs/migrating.md). Set to __TypeId__: the serializer writes the type's id there beside "
                                + TypedJsonConfig.TYPE_HEADER + " (for Spring consumers not yet switched); the "
                                + "deserializer, for a record without " + TypedJsonConfig.TYPE_HEADER + ", takes the name "
                                + "from it: an id of " + TypedJsonConfig.TYPE_IDS + ", or a listed name. The id is looked up "
                                + "in these lists only; no class is ever loaded because a header names it. Empty: not used.")
                .define(TypedJsonConfig.TYPE_IDS, Type.LIST, "", IDS, Importance.LOW,
                        "The ids of " + TypedJsonConfig.TYPE_ID_HEADER + " that stand for listed names: id=name entries, "
                                + "comma-separated; an id is a token of Spring's spring.json.type.mapping (order) or a "
                                + "class name as Spring writes it (com.acme.Order$Created), matched as text. The serializer "
                                + "writes a name's first id (else the name itself).");
    }

    /** {@code typedjson.type.id.header}: empty, or a header name. */
    private static final ConfigDef.Validator ID_HEADER = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            if (value != null && !value.toString().isBlank()) {
                EventHeaders.HEADER_NAME.ensureValid(name, value);
            }
        }

        @Override
        public String toString() {
            return "empty, or printable ASCII without spaces";
        }
    };

    /** {@code typedjson.type.ids}: id=name entries. */
    private static final ConfigDef.Validator IDS = entries("id=name entries, comma-separated", entry -> {
        int eq = entry.lastIndexOf('=');
        return eq <= 0 || eq == entry.length() - 1 ? "entry '" + entry + "' is not id=name" : null;
    });

    /** Each entry: name=class, or a class name; names in the grammar of SPEC.md section 12.1. */
    private static final ConfigDef.Validator NAMES = entries("name=class or class entries, comma-separated", entry -> {
        int eq = entry.indexOf('=');
        if (entry.isBlank() || eq == 0 || eq == entry.length() - 1) {
            return "entry '" + entry + "' is neither name=class nor a class name";
        }
        if (eq > 0 && !EventEnvelope.isName(entry.substring(0, eq).trim())) {
            return "'" + entry.substring(0, eq).trim() + "' is not an event type "
                    + "name: 1 to 255 ASCII letters, digits and . _ - : /, starting with a letter or a digit";
        }
        return null;
    });

    /** A list property whose every entry {@code problem} accepts (null) or says what is wrong with. */
    private static ConfigDef.Validator entries(String described, java.util.function.Function<String, String> problem) {
        return new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                if (!(value instanceof List<?> list)) {
                    throw new ConfigException(name, value, "must be a list");
                }
                for (Object o : list) {
                    String wrong = problem.apply(String.valueOf(o));
                    if (wrong != null) {
                        throw new ConfigException(name, value, wrong);
                    }
                }
            }

            @Override
            public String toString() {
                return described;
            }
        };
    }

    /**
     * The event types of a serializer or deserializer: those given in code, or those of {@code typedjson.value.types};
     * null when neither (one type per topic) and for keys (a record's type is its value's).
     */
    static EventTypeSupport configure(TypedJsonConfig config, EventTypes given, boolean isKey) {
        List<String> entries = config.getList(TypedJsonConfig.VALUE_TYPES);
        EventTypes types = given;
        if (types != null && isKey) {
            // a key read so would take its type from the record's header, which names the value's type
            throw new ConfigException("event types are carried by record values (a record's type is its value's): "
                    + "forEventTypes(...) is a value serializer, deserializer or serde, not configured for keys");
        }
        if (types == null) {
            if (isKey || entries.isEmpty()) {
                return null;
            }
            if (config.typeName(false) != null) {
                throw new ConfigException(TypedJsonConfig.VALUE_TYPES, String.join(",", entries), "give "
                        + TypedJsonConfig.VALUE_TYPE + " (one type) or " + TypedJsonConfig.VALUE_TYPES
                        + " (several, by name), not both");
            }
            types = parse(entries);
        }
        Location location = Location.valueOf(config.getString(TypedJsonConfig.TYPE_LOCATION).toUpperCase(Locale.ROOT));
        String source = config.getString(TypedJsonConfig.CLOUDEVENTS_SOURCE);
        if (!source.isEmpty() && location == Location.DOCUMENT) {
            throw new ConfigException(TypedJsonConfig.CLOUDEVENTS_SOURCE, source, "CloudEvents attributes travel in "
                    + "headers beside ce_type, and " + TypedJsonConfig.TYPE_LOCATION + "=document writes no header: use "
                    + "header or both");
        }
        String idHeader = config.getString(TypedJsonConfig.TYPE_ID_HEADER).trim();
        String typeHeader = config.getString(TypedJsonConfig.TYPE_HEADER).trim();
        if (idHeader.equals(typeHeader)) {
            throw new ConfigException(TypedJsonConfig.TYPE_ID_HEADER, idHeader, "must differ from "
                    + TypedJsonConfig.TYPE_HEADER + ": the id written there would replace the event type's name");
        }
        Map<String, String> ids = new java.util.LinkedHashMap<>();
        for (String entry : config.getList(TypedJsonConfig.TYPE_IDS)) {
            int eq = entry.lastIndexOf('=');
            String name = entry.substring(eq + 1).trim();
            if (!types.asMap().containsKey(name)) {
                throw new ConfigException(TypedJsonConfig.TYPE_IDS, entry, "'" + name + "' is not one of the topic's "
                        + "event types (" + types.describe() + ")");
            }
            String id = entry.substring(0, eq).trim();
            String earlier = ids.put(id, name);
            if (earlier != null && !earlier.equals(name)) {
                throw new ConfigException(TypedJsonConfig.TYPE_IDS, entry, "the id " + id + " is given twice, to "
                        + earlier + " and " + name + " (an id stands for one name)");
            }
        }
        try {
            return new EventTypeSupport(types, config.codecOptions(), location,
                    typeHeader,
                    Policy.valueOf(config.getString(TypedJsonConfig.UNKNOWN_TYPES).toUpperCase(Locale.ROOT)),
                    source.isEmpty() ? null : source, idHeader.isEmpty() ? null : idHeader,
                    java.util.Collections.unmodifiableMap(ids)); // in order: a name's first id is the one written
        } catch (IllegalArgumentException e) {
            // a listed class without a codec (typedjson.codec.kind=compiled and none written), or one it cannot carry;
            // the setting named only when the list came from it
            throw given == null ? new ConfigException(TypedJsonConfig.VALUE_TYPES, types.describe(), e.getMessage())
                    : new ConfigException("The event types given in code (" + types.describe() + ") cannot be carried"
                            + " with " + TypedJsonConfig.CODEC_KIND + "=" + config.getString(TypedJsonConfig.CODEC_KIND)
                            + ": " + e.getMessage());
        }
    }

    private static EventTypes parse(List<String> entries) {
        EventTypes.Builder builder = EventTypes.builder();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            String className = (eq < 0 ? entry : entry.substring(eq + 1)).trim();
            Class<?> type;
            try {
                type = SerdeSupport.loadClass(className);
            } catch (ClassNotFoundException e) {
                throw new ConfigException(TypedJsonConfig.VALUE_TYPES, entry, "class " + className + " not found on the classpath");
            }
            try {
                if (eq < 0) {
                    builder.add(type);
                } else {
                    builder.add(entry.substring(0, eq).trim(), type);
                }
            } catch (IllegalArgumentException e) {
                throw new ConfigException(TypedJsonConfig.VALUE_TYPES, entry, e.getMessage());
            }
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(TypedJsonConfig.VALUE_TYPES, String.join(",", entries), e.getMessage());
        }
    }

    // ------------------------------------------------------------------ writing

    /** The document of a listed value, its name where the location says; an unknown event as it came. */
    byte[] write(TypedJsonFormat format, String topic, Headers headers, Object value, boolean plain) {
        if (value instanceof UnknownEvent unknown) {
            byte[] bytes = unknown.value();
            if (headers == null && unknown.type() != null && !EventEnvelope.isEnvelope(bytes, 0, bytes.length)) {
                throw new SerializationException("Cannot write typed JSON for topic '" + topic + "': an UnknownEvent of"
                        + " event type " + EventEnvelope.quote(unknown.type()) + " has its name in a header, and"
                        + " serialize(topic, value) has no headers to write it into (its bytes alone would read back as an"
                        + " event of no type): forward it with serialize(topic, headers, value)");
            }
            if (headers != null) {
                Header came = unknown.headers().lastHeader(header);
                headers.remove(header);
                if (came != null) {
                    headers.add(header, came.value());
                }
            }
            return bytes;
        }
        Class<?> c = value instanceof Enum<?> e ? e.getDeclaringClass() : value.getClass();
        Entry entry = byClass.get(c);
        if (entry == null) {
            // the simple name and the configured names: nothing of the value itself
            throw new SerializationException("Cannot write typed JSON for topic '" + topic + "': " + c.getSimpleName()
                    + " is not one of the topic's event types (" + types.describe() + ": " + TypedJsonConfig.VALUE_TYPES + ")");
        }
        if (plain && headers != null) {
            // plain JSON for readers without typedjson (SPEC.md section 13): no envelope, the name in headers only
            byte[] document = format.writePlain(entry.codec, value);
            writeNames(headers, entry);
            return document;
        }
        if (headers == null) {
            return format.write(entry.envelope, value); // nowhere else to put the name
        }
        byte[] document = format.write(location == Location.HEADER ? entry.codec : entry.envelope, value);
        if (location == Location.DOCUMENT) {
            headers.remove(header); // a header copied from the record read must not contradict this value
            if (idHeader != null) {
                headers.remove(idHeader);
            }
        } else {
            writeNames(headers, entry);
        }
        return document;
    }

    /** The name in the type header, and its id in {@code typedjson.type.id.header} when set. */
    private void writeNames(Headers headers, Entry entry) {
        EventHeaders.write(headers, header, entry.nameBytes, source);
        if (idHeader != null) {
            headers.remove(idHeader);
            headers.add(idHeader, entry.idBytes);
        }
    }

    /** A listed type's codec inside an envelope; errors inside name their path under {@code ~v}. */
    private static Codec<Object> envelope(String name, Codec<Object> codec) {
        return new Codec<>() {
            @Override
            public void write(JsonWriter out, Object value) {
                EventEnvelope.write(out, name, codec, value);
            }

            @Override
            public Object read(JsonReader in) {
                throw new UnsupportedOperationException("read by readEnvelope");
            }
        };
    }

    // ------------------------------------------------------------------ reading

    /** The value of a record (not a tombstone): the listed type its name maps to, or what the policy says. */
    Object read(TypedJsonFormat format, String topic, Headers headers, byte[] data, int offset, int length, boolean plain) {
        // location document takes the envelope's name only: Kafka Streams' state stores (dsl.store.format=default)
        // hand a stored value the headers of the record being processed, another record's
        java.util.function.Function<String, RuntimeException> refusal =
                reason -> new SerializationException("Cannot read typed JSON from topic '" + topic + "': " + reason);
        String fromHeader = headers == null || location == Location.DOCUMENT ? null : EventHeaders.typeName(headers, header, refusal);
        String where = header;
        if (fromHeader == null && idHeader != null && headers != null && location != Location.DOCUMENT) {
            // Spring's __TypeId__: an id listed in typedjson.type.ids, or a listed name; nothing else is looked up
            String id = EventHeaders.typeName(headers, idHeader, refusal);
            fromHeader = id == null ? null : ids.getOrDefault(id, id);
            where = idHeader;
        }
        boolean envelope = EventEnvelope.isEnvelope(data, offset, length);
        if (plain && envelope) {
            // typedjson's envelope, unmarked (a writer with no headers: a state store), met by a reader of plain JSON:
            // refused, never read as an object of its keys (SPEC.md 13.2)
            throw refusal.apply(PLAIN_ENVELOPE);
        }
        if (!envelope) {
            Entry entry = fromHeader == null ? null : byName.get(fromHeader);
            if (entry == null) {
                return unknown(topic, fromHeader, where, headers, data, offset, length);
            }
            return read(format, topic, entry.codec, data, offset, length, plain, null);
        }
        Object[] name = new Object[2];
        String headerName = fromHeader;
        Object value = read(format, topic, new Codec<>() {
            @Override
            public void write(JsonWriter out, Object v) {
                throw new UnsupportedOperationException("reads only");
            }

            @Override
            public Object read(JsonReader in) {
                return readEnvelope(in, headerName, name);
            }
        }, data, offset, length, false, name);
        if (value != SKIPPED) {
            return value;
        }
        return unknown(topic, (String) name[0], null, headers, data, offset, length);
    }

    static final String PLAIN_ENVELOPE = "an event envelope (first key \"~type\") in a record read as plain JSON "
            + "(typedjson.other.writers=json, no header typedjson-format): typedjson's writers mark their records while "
            + "other writers share the topic (typedjson.format.header=typed)";

    /** Marks an envelope whose name is not listed, read to its end under policy skip or pass. */
    private static final Object SKIPPED = new Object();

    /**
     * An envelope: the name (checked against the header's), then the value of its type; {@code name[0]} gets the name,
     * {@code name[1]} the advice an error adds after its position.
     */
    private Object readEnvelope(JsonReader in, String fromHeader, Object[] name) {
        String type = EventEnvelope.readName(in); // (isEnvelope said it has one)
        name[0] = type;
        if (fromHeader != null && !fromHeader.equals(type)) {
            // the reason is every reader's (SPEC.md 12); the advice is this serde's, so it follows the position
            name[1] = "(in a Kafka Streams state store that drops headers, of dsl.store.format=default or in memory, a "
                    + "value meets the headers of another record: give stores a serde of " + TypedJsonConfig.TYPE_LOCATION
                    + "=document, or set dsl.store.format=headers with RocksDB stores)";
            throw in.error(EventEnvelope.disagreeing(header, fromHeader, type));
        }
        Entry entry = type == null ? null : byName.get(type);
        if (entry == null && policy == Policy.FAIL) {
            throw in.error(EventEnvelope.unknownName(type, EventEnvelope.IN_DOCUMENT, types.describe()));
        }
        EventEnvelope.readValueKey(in);
        Object value;
        if (entry == null) {
            in.skipValue(); // not read as any type: only checked to be JSON
            value = SKIPPED;
        } else {
            value = entry.codec.read(in);
        }
        EventEnvelope.readEnd(in);
        return value;
    }

    /** {@code advice}: null, or {@code advice[1]} what to add after an error's position (set by {@link #readEnvelope}). */
    private static Object read(TypedJsonFormat format, String topic, Codec<Object> codec, byte[] data, int offset, int length,
            boolean plain, Object[] advice) {
        try {
            return plain ? format.readPlain(codec, data, offset, length) : format.read(codec, data, offset, length);
        } catch (TypedJsonException e) {
            String after = advice == null || advice[1] == null ? "" : " " + advice[1];
            throw new SerializationException("Cannot read typed JSON from topic '" + topic + "': " + e.getMessage() + after, e);
        } catch (RuntimeException e) {
            throw new SerializationException("Cannot read typed JSON from topic '" + topic + "': " + e, e);
        }
    }

    /** A name that is not listed, or none: the policy. {@code from}: the header the name came from, null for the envelope. */
    private Object unknown(String topic, String name, String from, Headers headers, byte[] data, int offset, int length) {
        // the one place an unknown or missing name is decided: a metric of refusals by kind hooks in here
        switch (policy) {
            case SKIP:
                String key = name == null ? "" : name;
                if (warned.size() < 100 && warned.add(key)) {
                    LOG.warn("skipping records of topic '{}' with {} (typedjson.unknown.types=skip; the first of each name "
                            + "is logged)", topic,
                            name == null ? "no event type" : "event type " + EventEnvelope.quote(name));
                } else {
                    LOG.debug("skipped a record of topic '{}' with event type {}", topic,
                            EventEnvelope.quote(name));
                }
                return null;
            case PASS:
                byte[] copy = java.util.Arrays.copyOfRange(data, offset, offset + length);
                return new UnknownEvent(name, copy, headers);
            default:
                throw new SerializationException("Cannot read typed JSON from topic '" + topic + "': "
                        + (name == null ? EventHeaders.missingName(location == Location.DOCUMENT ? null : headers, header,
                                types.describe()) : EventHeaders.unknownName(headers, from, name, types.describe())));
        }
    }
}

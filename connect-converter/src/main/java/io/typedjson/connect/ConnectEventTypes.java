package io.typedjson.connect;

import io.typedjson.format.EventEnvelope;
import io.typedjson.format.JsonReader;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.serde.internal.EventHeaders;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
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
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;

/**
 * Several event types on one topic in Kafka Connect (SPEC.md section 12): the Connect schema's name is the event
 * type's name, so an SMT or a sink can route per type. Writing takes the name from the schema and refuses a name that
 * is not listed; reading takes it from the record (the header, the envelope, or both, which must agree), refuses a
 * name that is not listed, and gives the schema that name. Connect decides what a refused record does
 * ({@code errors.tolerance}, the dead letter queue): the converter's only refusal is {@link DataException}.
 */
final class ConnectEventTypes {

    enum Location { HEADER, DOCUMENT, BOTH }

    private final Set<String> names;
    private final String described;
    final Location location;
    final String header;
    private final byte[] source;
    /** Schemas read without a name, named: by the schema read (an instance of the converter's caches) and the name. */
    private final Map<Schema, Map<String, Schema>> named = new ConcurrentHashMap<>();
    private final int maxNamed;

    private ConnectEventTypes(List<String> names, Location location, String header, String source, int maxNamed) {
        this.names = new LinkedHashSet<>(names);
        this.described = String.join(", ", names);
        this.location = location;
        this.header = header;
        this.source = source.isEmpty() ? null : source.getBytes(StandardCharsets.UTF_8);
        this.maxNamed = maxNamed;
    }

    static void define(ConfigDef def) {
        def.define(TypedJsonConverterConfig.VALUE_TYPES, Type.LIST, "", NAMES, Importance.HIGH,
                        "The event types a topic carries, by logical name (SPEC.md section 12): a comma-separated list of "
                                + "names (order.created,order.shipped). A value's Connect schema is named by its type: "
                                + "writing takes the name from the schema and refuses a schema whose name is not listed "
                                + "(or that has none); reading takes the name from the record, refuses one that is not "
                                + "listed (Connect's errors.tolerance and dead letter queue decide what that record does) "
                                + "and gives the schema that name, so an SMT or a sink can route per type. Value "
                                + "converters only. Empty: one type per topic.")
                .define(TypedJsonConverterConfig.TYPE_LOCATION, Type.STRING, "header", ValidString.in("header", "document", "both"),
                        Importance.MEDIUM,
                        "Where an event's type name travels: header (the record header " + TypedJsonConverterConfig.TYPE_HEADER
                                + ", ce_type: a CloudEvents binary-mode event, the value as " + TypedJsonConverterConfig.SCHEMA_LOCATION
                                + " writes it), document (the value is the envelope {\"~type\":\"<name>\",\"~v\":<what "
                                + TypedJsonConverterConfig.SCHEMA_LOCATION + " writes>}), or both. Without a Headers object the "
                                + "envelope is written. A reader of header or both takes the name from either place and "
                                + "refuses a record whose two names disagree; one of document looks at the envelope only.")
                .define(TypedJsonConverterConfig.TYPE_HEADER, Type.STRING, EventEnvelope.DEFAULT_TYPE_HEADER, EventHeaders.HEADER_NAME,
                        Importance.LOW, "The record header holding an event's type name (UTF-8); ce_type is CloudEvents' "
                                + "type attribute in its Kafka binding. The header converter reads and writes it, and every "
                                + "ce_* and content-type header, as plain text.")
                .define(TypedJsonConverterConfig.CLOUDEVENTS_SOURCE, Type.STRING, "", EventHeaders.SOURCE, Importance.LOW,
                        "CloudEvents' source attribute (a URI reference naming the producer). When set, writing also adds "
                                + "ce_specversion 1.0, ce_id (a random UUID unless the record has one), ce_source (this, "
                                + "unless the record has one) and content-type application/json. Not with "
                                + TypedJsonConverterConfig.TYPE_LOCATION + "=document.");
    }

    private static final ConfigDef.Validator NAMES = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            if (!(value instanceof List<?> list)) {
                throw new ConfigException(name, value, "must be a list of names");
            }
            Set<String> seen = new LinkedHashSet<>();
            for (Object o : list) {
                String n = String.valueOf(o).trim();
                if (!EventEnvelope.isName(n)) {
                    throw new ConfigException(name, value, EventEnvelope.quote(n) + " is not an event type name: 1 to 255 "
                            + "ASCII letters, digits and . _ - : /, starting with a letter or a digit (the converter takes "
                            + "names only: Connect schemas carry the values)");
                }
                if (!seen.add(n)) {
                    throw new ConfigException(name, value, "the name " + n + " is given twice");
                }
            }
        }

        @Override
        public String toString() {
            return "event type names, comma-separated";
        }
    };

    /** The converter's event types, or null when none are listed. */
    static ConnectEventTypes of(TypedJsonConverterConfig config) {
        List<String> names = new ArrayList<>();
        config.getList(TypedJsonConverterConfig.VALUE_TYPES).forEach(n -> names.add(n.trim()));
        if (names.isEmpty()) {
            return null;
        }
        if (config.isKey()) {
            throw new ConfigException(TypedJsonConverterConfig.VALUE_TYPES, String.join(",", names),
                    "event types are carried by record values: list them for the value converter only");
        }
        Location location = Location.valueOf(config.getString(TypedJsonConverterConfig.TYPE_LOCATION).toUpperCase(Locale.ROOT));
        String source = config.getString(TypedJsonConverterConfig.CLOUDEVENTS_SOURCE);
        if (!source.isEmpty() && location == Location.DOCUMENT) {
            throw new ConfigException(TypedJsonConverterConfig.CLOUDEVENTS_SOURCE, source, "CloudEvents attributes travel "
                    + "in headers beside ce_type, and " + TypedJsonConverterConfig.TYPE_LOCATION + "=document writes no "
                    + "header: use header or both");
        }
        return new ConnectEventTypes(names, location, config.getString(TypedJsonConverterConfig.TYPE_HEADER).trim(), source,
                config.getInt(TypedJsonConverterConfig.SCHEMA_CACHE_SIZE));
    }

    // ------------------------------------------------------------------ writing

    /** The listed name of a value's schema; refuses a schema without a name or with one that is not listed. */
    String nameOf(Schema schema) {
        String name = schema == null ? null : schema.name();
        if (name == null || !names.contains(name)) {
            throw new UnknownEventTypeException((schema == null ? "a schemaless value" : name == null ? "a schema without a name"
                    : "schema name " + EventEnvelope.quote(name)) + " is not one of the topic's event types (" + described
                    + ": " + TypedJsonConverterConfig.VALUE_TYPES + "); an event's Connect schema is named by its type");
        }
        return name;
    }

    /** The value written for {@code name}: the name in the header, the envelope, or both. */
    byte[] write(Headers headers, String name, byte[] document) {
        if (headers == null) {
            return EventEnvelope.wrap(name, document);
        }
        if (location == Location.DOCUMENT) {
            headers.remove(header); // a header copied from the record read must not contradict this value
            return EventEnvelope.wrap(name, document);
        }
        EventHeaders.write(headers, header, name.getBytes(StandardCharsets.US_ASCII), source);
        return location == Location.BOTH ? EventEnvelope.wrap(name, document) : document;
    }

    // ------------------------------------------------------------------ reading

    /** A record's name and the bytes of its value inside (the envelope's {@code ~v}, or the whole value). */
    /** {@code offset}: where {@code value} starts in the record's value (an envelope's {@code ~v}; 0 otherwise). */
    record Event(String name, byte[] value, int offset) {}

    /** The name of a record (not a tombstone) and its value's bytes; refuses a record without a listed name. */
    Event read(TypedJsonFormat format, Headers headers, byte[] value) {
        String fromHeader = headers == null || location == Location.DOCUMENT ? null
                : EventHeaders.typeName(headers, header, DataException::new);
        if (!EventEnvelope.isEnvelope(value, 0, value.length)) {
            return new Event(listed(fromHeader, location == Location.DOCUMENT ? null : headers), value, 0);
        }
        String expected = fromHeader;
        int[] span = new int[2];
        String name = format.read(new io.typedjson.format.Codec<String>() {
            @Override
            public void write(io.typedjson.format.JsonWriter out, String v) {
                throw new UnsupportedOperationException("reads only");
            }

            @Override
            public String read(JsonReader in) {
                String type = EventEnvelope.readName(in); // (isEnvelope said it has one)
                if (expected != null && !expected.equals(type)) {
                    throw in.error(EventEnvelope.disagreeing(header, expected, type));
                }
                if (type == null || !names.contains(type)) {
                    throw new UnknownEventTypeException(in.error(EventEnvelope.unknownName(type, EventEnvelope.IN_DOCUMENT,
                            described)));
                }
                EventEnvelope.readValueKey(in);
                span[0] = (int) in.tokenOffset();
                in.skipValue(); // read below with the converter's own readers, which know its schema
                // the value's last token ends before the envelope's closing brace; found from the end below
                EventEnvelope.readEnd(in);
                span[1] = (int) in.tokenOffset();
                return type;
            }
        }, value);
        byte[] inner = java.util.Arrays.copyOfRange(value, span[0], span[1]);
        return new Event(name, trimEnd(inner), span[0]);
    }

    /** The value's bytes up to its last token: JSON whitespace before the envelope's closing brace is not the value's. */
    private static byte[] trimEnd(byte[] b) {
        int end = b.length;
        while (end > 0 && (b[end - 1] == ' ' || b[end - 1] == '\t' || b[end - 1] == '\n' || b[end - 1] == '\r')) {
            end--;
        }
        return end == b.length ? b : java.util.Arrays.copyOf(b, end);
    }

    /** The name from the type header; {@code headers}: those looked at for it, or null. */
    private String listed(String name, Headers headers) {
        if (name == null) {
            throw new UnknownEventTypeException(EventHeaders.missingName(headers, header, described));
        }
        if (!names.contains(name)) {
            throw new UnknownEventTypeException(EventHeaders.unknownName(headers, header, name, described));
        }
        return name;
    }

    /**
     * The record's schema named by its event type: a schema already so named as it is, one without a name named (a
     * struct value rebuilt on the named schema), one named otherwise refused; a schemaless value stays schemaless (the
     * name is in the record's header for a sink or an SMT that routes on it).
     */
    SchemaAndValue named(String name, SchemaAndValue read) {
        Schema schema = read.schema();
        if (schema == null || name.equals(schema.name())) {
            return read;
        }
        if (schema.name() != null) {
            throw new DataException("event types disagree: the record says " + EventEnvelope.quote(name)
                    + " and its schema is named " + EventEnvelope.quote(schema.name()));
        }
        if (named.size() >= maxNamed && !named.containsKey(schema)) {
            // a bound, as the schema caches have (outside computeIfAbsent, whose function must not change the map)
            named.clear();
        }
        Map<String, Schema> byName = named.computeIfAbsent(schema, s -> new ConcurrentHashMap<>());
        Schema renamed = byName.computeIfAbsent(name, n -> rename(schema, n));
        Object value = read.value();
        if (value instanceof Struct struct) {
            Struct copy = new Struct(renamed);
            for (Field f : schema.fields()) {
                copy.put(f.name(), struct.getWithoutDefault(f.name()));
            }
            value = copy;
        }
        return new SchemaAndValue(renamed, value);
    }

    /** How many schemas read are named now (for the bound's test). */
    int namedCount() {
        return named.size();
    }

    /** A copy of {@code schema} (no name of its own) named {@code name}. */
    private static Schema rename(Schema schema, String name) {
        SchemaBuilder b;
        switch (schema.type()) {
            case STRUCT:
                b = SchemaBuilder.struct();
                for (Field f : schema.fields()) {
                    b.field(f.name(), f.schema());
                }
                break;
            case ARRAY:
                b = SchemaBuilder.array(schema.valueSchema());
                break;
            case MAP:
                b = SchemaBuilder.map(schema.keySchema(), schema.valueSchema());
                break;
            default:
                b = SchemaBuilder.type(schema.type());
        }
        b.name(name);
        if (schema.version() != null) {
            b.version(schema.version());
        }
        if (schema.doc() != null) {
            b.doc(schema.doc());
        }
        if (schema.parameters() != null) {
            b.parameters(schema.parameters());
        }
        if (schema.isOptional()) {
            b.optional();
        }
        if (schema.defaultValue() != null && schema.type() != Schema.Type.STRUCT) {
            b.defaultValue(schema.defaultValue());
        }
        return b.build();
    }
}

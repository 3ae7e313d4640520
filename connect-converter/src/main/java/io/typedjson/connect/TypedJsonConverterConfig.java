package io.typedjson.connect;

import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.serde.TypedJsonConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.storage.ConverterConfig;
import org.apache.kafka.connect.storage.ConverterType;

/**
 * The configuration of {@link TypedJsonConverter}; every key is documented, has a default and a validator.
 * Like Kafka's own {@code JsonConverterConfig} it extends {@link ConverterConfig}: {@code converter.type} is
 * Kafka's key, and {@link #type()} reads it.
 */
public final class TypedJsonConverterConfig extends ConverterConfig {

    /** Where the schema travels: {@code inline} (the default), {@code header}, {@code none} or {@code reference}. */
    public static final String SCHEMA_LOCATION = "typedjson.schema.location";
    /** The record header carrying the schema in header mode; empty for the default of a key or value converter. */
    public static final String SCHEMA_HEADER = "typedjson.schema.header";
    /** Most schemas kept in each of the converter's two schema caches. */
    public static final String SCHEMA_CACHE_SIZE = "typedjson.schema.cache.size";
    /**
     * A schema for documents that carry none: typedjson's schema notation or Kafka JsonConverter's schema JSON
     * (its {@code schema.content}); such a document is read as JsonConverter's plain JSON (KIP-1054).
     */
    public static final String SCHEMA_CONTENT = "typedjson.schema.content";
    /** How plain JSON read with {@value #SCHEMA_CONTENT} spells a Decimal: BASE64 or NUMERIC (JsonConverter's decimal.format). */
    public static final String DECIMAL_FORMAT = "typedjson.decimal.format";
    /** The compacted topic of schema location reference ({@link SchemaTopicSettings}). */
    public static final String SCHEMA_TOPIC = "typedjson.schema.topic";
    /** Replication factor of the schema topic when the converter creates it; -1 for the broker's default. */
    public static final String SCHEMA_TOPIC_REPLICATION_FACTOR = "typedjson.schema.topic.replication.factor";
    /** How long a reader waits for a schema not yet in the schema topic; 0: read the topic to its end once. */
    public static final String SCHEMA_TOPIC_WAIT_MS = "typedjson.schema.topic.wait.ms";
    /** How long a fingerprint found missing from the schema topic is refused without looking, the first time. */
    public static final String SCHEMA_TOPIC_MISSING_BACKOFF_MS = "typedjson.schema.topic.missing.backoff.ms";
    /** The longest that time grows to while the fingerprint stays missing. */
    public static final String SCHEMA_TOPIC_MISSING_BACKOFF_MAX_MS = "typedjson.schema.topic.missing.backoff.max.ms";
    /** How often a writer checks that the schema topic is the one it wrote its schemas to. */
    public static final String SCHEMA_TOPIC_CHECK_INTERVAL_MS = "typedjson.schema.topic.check.interval.ms";
    /** The event types of a topic of several, by name (SPEC.md section 12; {@link ConnectEventTypes}). */
    public static final String VALUE_TYPES = "typedjson.value.types";
    /** Where an event's type name travels: {@code header} (the default), {@code document} or {@code both}. */
    public static final String TYPE_LOCATION = "typedjson.type.location";
    /** The record header of an event's type name, {@code ce_type} unless set. */
    public static final String TYPE_HEADER = "typedjson.type.header";
    /** CloudEvents' source attribute; when set, the other CloudEvents attributes are written too. */
    public static final String CLOUDEVENTS_SOURCE = "typedjson.cloudevents.source";
    /** Record headers of other producers that the header converter reads as STRING text and writes back as that text. */
    public static final String HEADER_TEXT_NAMES = "typedjson.header.text.names";
    /** Set by the worker: key, value or header ({@link ConverterConfig#TYPE_CONFIG}). */
    public static final String CONVERTER_TYPE = TYPE_CONFIG;

    /** The default schema header of a value converter ({@link ConnectEnvelope#VALUE_SCHEMA_HEADER}). */
    public static final String VALUE_SCHEMA_HEADER = ConnectEnvelope.VALUE_SCHEMA_HEADER;
    /** The default schema header of a key converter ({@link ConnectEnvelope#KEY_SCHEMA_HEADER}). */
    public static final String KEY_SCHEMA_HEADER = ConnectEnvelope.KEY_SCHEMA_HEADER;

    /** Where the schema of a record travels. */
    public enum Location { INLINE, HEADER, NONE, REFERENCE }

    private static final ConfigDef.Validator HEADER_NAME = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            String s = value == null ? null : value.toString().trim();
            if (s == null || s.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
                throw new ConfigException(name, value, "must be printable ASCII without spaces (empty: the default header name)");
            }
        }

        @Override
        public String toString() {
            return "empty, or printable ASCII without spaces";
        }
    };

    /**
     * W3C trace context and baggage (OpenTelemetry), and the type headers of Spring Kafka's JSON serializers
     * (AbstractJavaTypeMapper's names, for a value and for a key).
     */
    static final String HEADER_TEXT_NAMES_DEFAULT = "traceparent,tracestate,baggage,__TypeId__,__KeyTypeId__,"
            + "__ContentTypeId__,__Key_TypeId__,__Key_KeyTypeId__,__Key_ContentTypeId__";

    /** The converter's own schema and reference headers are read as themselves, never as someone else's text. */
    private static final List<String> OWN_HEADERS = List.of(VALUE_SCHEMA_HEADER, KEY_SCHEMA_HEADER,
            ConnectEnvelope.VALUE_SCHEMA_REF_HEADER, ConnectEnvelope.KEY_SCHEMA_REF_HEADER);

    private static final ConfigDef.Validator TEXT_NAMES = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            if (!(value instanceof List<?> list)) {
                throw new ConfigException(name, value, "must be a list of header names");
            }
            for (Object entry : list) {
                String header = entry.toString().trim();
                if (header.isEmpty()) {
                    throw new ConfigException(name, value, "has an empty header name (an empty value names none)");
                }
                if (OWN_HEADERS.contains(header)) {
                    throw new ConfigException(name, value, "names " + header + ", a header the converter writes for itself");
                }
            }
        }

        @Override
        public String toString() {
            return "header names, none empty, none of " + OWN_HEADERS;
        }
    };

    /** Never handed out: {@link #configDef()} gives a copy, so no caller can change what every instance validates. */
    private static final ConfigDef CONFIG_DEF = new ConfigDef()
            .define(SCHEMA_LOCATION, Type.STRING, "inline", ValidString.in("inline", "header", "none", "reference"), Importance.HIGH,
                    "Where the schema travels. inline: each document is {\"~s\":\"<schema>\",\"~v\":<value>}, "
                            + "self-describing, with struct values as positional arrays (the schema names the fields once). "
                            + "header: the value is plain typed JSON (structs as objects) and the schema goes in the "
                            + "record header named by " + SCHEMA_HEADER + " (without a Headers object the converter writes inline). "
                            + "none: no schema travels; the value is written in the dynamic model (tags keep narrow types) "
                            + "and the reader derives a schema from the lexemes and tags (SPEC.md section 11). "
                            + "reference: the value is written as inline writes \"~v\" (no schema in it) and the record "
                            + "header " + ConnectEnvelope.VALUE_SCHEMA_REF_HEADER + " (" + ConnectEnvelope.KEY_SCHEMA_REF_HEADER
                            + " for a key converter) carries the 16-byte fingerprint of the schema, whose notation is "
                            + "written once to the compacted topic " + SCHEMA_TOPIC + " (without a Headers object the "
                            + "converter writes inline). "
                            + "A reader understands all four: this setting only decides what a document without a schema means.")
            .define(SCHEMA_HEADER, Type.STRING, "", HEADER_NAME, Importance.LOW,
                    "Name of the record header carrying the schema in header mode. Empty: \"" + VALUE_SCHEMA_HEADER
                            + "\" for a value converter, \"" + KEY_SCHEMA_HEADER + "\" for a key converter.")
            .define(SCHEMA_CACHE_SIZE, Type.INT, 1000, Range.atLeast(1), Importance.LOW,
                    "Most schemas kept in each of the schema caches (Schema to text when writing, text to Schema when "
                            + "reading; in location reference also the fingerprints written and those resolved from the "
                            + "schema topic); a full cache drops its least recently used schema. Each cache also keeps at "
                            + "most 64 Mi characters of schema notation.")
            .define(SCHEMA_CONTENT, Type.STRING, "", SchemaContent.VALIDATOR, Importance.MEDIUM,
                    "A schema for records that carry none, read as Kafka JsonConverter's plain JSON (what it writes with "
                            + "schemas.enable=false; KIP-1054's schema.content): a reader moving from JsonConverter keeps the "
                            + "topic as it is. Either typedjson's schema notation ({id:i32,price:dec(2),note?}) or "
                            + "JsonConverter's schema JSON ({\"type\":\"struct\",\"fields\":[...]}, the same string as its "
                            + "schema.content): text whose first two characters other than whitespace are {\" is "
                            + "JsonConverter's JSON, anything else notation. A record with a schema header, or an inline "
                            + "document, is still read with its own schema; writing is unaffected. Plain JSON: no tags and "
                            + "no ~ escapes (a string starting with ~ is that string), integers and floats as numbers, "
                            + "\"NaN\"/\"Infinity\"/\"-Infinity\" as Jackson writes them, bytes as base64, Date as int "
                            + "days, Time as int milliseconds of the day, Timestamp as epoch milliseconds, decimals as "
                            + DECIMAL_FORMAT + " says, maps with STRING keys as objects and others as arrays of [key, value] "
                            + "pairs, structs as objects by field name (keys the schema does not name are skipped, a missing "
                            + "optional field is null). What is not exact (1.5 for an int32, 128 for an int8, a decimal "
                            + "finer than the schema's scale) is refused with the path and byte offset. Empty: not used.")
            .define(DECIMAL_FORMAT, Type.STRING, "BASE64", ConfigDef.CaseInsensitiveValidString.in("BASE64", "NUMERIC"),
                    Importance.LOW,
                    "How the plain JSON read with " + SCHEMA_CONTENT + " spells a Decimal, as JsonConverter's "
                            + "decimal.format: BASE64 (JsonConverter's default) a string of the unscaled value's "
                            + "two's-complement bytes, NUMERIC a JSON number (taken at its exact value and given the "
                            + "schema's scale; a number that scale cannot hold exactly is refused). The other spelling is "
                            + "refused, naming this key.")
            .define(HEADER_TEXT_NAMES, Type.LIST, HEADER_TEXT_NAMES_DEFAULT, TEXT_NAMES, Importance.LOW,
                    "Record headers of other producers that the header converter (header.converter) reads as STRING "
                            + "text and writes back as that text byte for byte, as it does every ce_* header: a "
                            + "comma-separated list of header names. The default names W3C trace context and baggage "
                            + "(traceparent, tracestate, baggage, as OpenTelemetry writes them) and Spring Kafka's type "
                            + "headers. Setting it replaces the default (list the default's names too to keep them); "
                            + "empty: none. Any other header is read as a typed JSON document, and one that is not (plain "
                            + "text) is refused naming this key. Text that is not UTF-8 is refused. The converter's own "
                            + "schema and reference headers cannot be named.");

    static {
        defineConverterType(CONFIG_DEF);
        SchemaTopicSettings.define(CONFIG_DEF);
        ConnectEventTypes.define(CONFIG_DEF);
        TypedJsonConfig.defineLimits(CONFIG_DEF, TypedJsonConverterConfig.MAX_SUPPORTED_DEPTH, "the Connect converter "
                + "takes at most " + TypedJsonConverterConfig.MAX_SUPPORTED_DEPTH + ": Connect's schemas are hashed and compared recursively, and a deeper "
                + "schema would exhaust a worker thread's stack");
    }

    /**
     * Kafka's {@code converter.type} (name, type, valid values, importance from {@link ConverterConfig#newConfigDef()})
     * with a default of {@code value}: Kafka's has none, but a converter configured through
     * {@code configure(Map)} alone (a program, not the worker) converts values, as it always has here.
     */
    private static void defineConverterType(ConfigDef def) {
        ConfigDef.ConfigKey kafka = ConverterConfig.newConfigDef().configKeys().get(TYPE_CONFIG);
        def.define(kafka.name, kafka.type, ConverterType.VALUE.getName(), kafka.validator, kafka.importance,
                "Set by the Connect worker: whether this instance converts record keys, values or headers.");
    }

    /** A copy of the definition of every key (as Kafka's {@code ProducerConfig.configDef()}): changing it changes nothing here. */
    public static ConfigDef configDef() {
        return new ConfigDef(CONFIG_DEF);
    }

    /**
     * The deepest schema the converter accepts whatever {@code typedjson.max.depth} says (the default: it can be
     * lowered, not raised). Connect's own {@code Schema.hashCode()}, {@code equals()} and {@code Struct.put}
     * (which validates the whole value below the field) recurse several frames per level; at 1,000 levels a
     * struct value overflowed a thread's default stack (1 MiB) once the JIT had compiled them, so the bound
     * keeps a margin of about 2x.
     */
    public static final int MAX_SUPPORTED_DEPTH = 500;

    /**
     * Validates {@code props} against {@link #configDef()}.
     *
     * @throws ConfigException for an unknown value, a value out of range, or a {@code typedjson.max.depth} above
     *     {@link #MAX_SUPPORTED_DEPTH}
     */
    public TypedJsonConverterConfig(Map<String, ?> props) {
        super(CONFIG_DEF, props); // (typedjson.max.depth's validator refuses a depth above MAX_SUPPORTED_DEPTH)
    }

    /** {@value #SCHEMA_LOCATION}. */
    public Location location() {
        return Location.valueOf(getString(SCHEMA_LOCATION).toUpperCase(Locale.ROOT));
    }

    /** The header carrying a schema's fingerprint in location reference, for a key or a value converter. */
    public String schemaRefHeader() {
        return isKey() ? ConnectEnvelope.KEY_SCHEMA_REF_HEADER : ConnectEnvelope.VALUE_SCHEMA_REF_HEADER;
    }

    /** Whether {@code converter.type} is {@code key}. */
    public boolean isKey() {
        return type() == ConverterType.KEY;
    }

    /** The header name of header mode: {@value #SCHEMA_HEADER}, or the key or value default when it is empty. */
    public String schemaHeader() {
        String name = getString(SCHEMA_HEADER).trim();
        return !name.isEmpty() ? name : isKey() ? KEY_SCHEMA_HEADER : VALUE_SCHEMA_HEADER;
    }

    /**
     * {@value #HEADER_TEXT_NAMES}, trimmed.
     *
     * @throws ConfigException when one is the header {@value #SCHEMA_HEADER} configures
     */
    Set<String> headerTextNames() {
        Set<String> names = new HashSet<>();
        for (String name : getList(HEADER_TEXT_NAMES)) {
            names.add(name.trim());
        }
        String own = getString(SCHEMA_HEADER).trim();
        if (names.contains(own)) {
            throw new ConfigException(HEADER_TEXT_NAMES, getList(HEADER_TEXT_NAMES), "names " + own + ", the header "
                    + SCHEMA_HEADER + " has the converter write for itself");
        }
        return Set.copyOf(names);
    }

    /** {@value #DECIMAL_FORMAT}. */
    PlainJsonCodec.DecimalFormat decimalFormat() {
        return PlainJsonCodec.DecimalFormat.valueOf(getString(DECIMAL_FORMAT).toUpperCase(Locale.ROOT));
    }

    /**
     * The schema of {@value #SCHEMA_CONTENT}, or null when it is empty.
     *
     * @throws ConfigException naming the key when it is neither a valid notation nor valid JsonConverter schema JSON
     */
    public Schema schemaContent() {
        return SchemaContent.parse(getString(SCHEMA_CONTENT), format(), decimalFormat());
    }

    /** The format with this configuration's {@code typedjson.*} limits. */
    public TypedJsonFormat format() {
        return TypedJsonConfig.format(this);
    }

    /** Prints the configuration table of docs/configuration.md (markdown); a build tool, not API. */
    public static void main(String[] args) {
        System.out.println(markdownTable());
    }

    static String markdownTable() {
        return TypedJsonConfig.markdownTable(CONFIG_DEF);
    }
}

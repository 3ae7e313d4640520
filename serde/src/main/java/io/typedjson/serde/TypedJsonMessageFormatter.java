package io.typedjson.serde;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.EventEnvelope;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.serde.internal.SchemaTopicReader;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.MessageFormatter;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Prints typed JSON records for Kafka's console consumer:
 * {@code kafka-console-consumer.sh --formatter io.typedjson.serde.TypedJsonMessageFormatter}, with this class's jar
 * and jackson-core on the {@code CLASSPATH} (docs/console-formatter.md has the commands and real output).
 *
 * <p>Properties ({@code --formatter-property name=value}) follow Kafka's {@code DefaultMessageFormatter} where it has
 * one: {@code print.timestamp}, {@code print.partition}, {@code print.offset}, {@code print.delivery},
 * {@code print.epoch}, {@code print.headers}, {@code print.key} (all false), {@code print.value} (true),
 * {@code key.separator} (a tab), {@code line.separator} (a newline), {@code headers.separator} (a comma),
 * {@code null.literal} ({@value #DEFAULT_NULL_LITERAL}) and {@code key.deserializer}. typedjson adds
 * {@code key.format} (how keys are read: {@code string}, {@code typedjson}, {@code bytes}, {@code base64},
 * {@code auto}), {@code pretty}, {@code print.types}, {@code print.schema} and {@code print.type} (an event's type
 * name, from its envelope or its {@code type.header}, {@code ce_type} unless set); see {@link #configure(Map)}. With
 * {@code print.schema}, a Connect record of schema location reference shows the notation its fingerprint points to,
 * read (and checked against the fingerprint) from the schema topic with the formatter's own consumer:
 * {@code bootstrap.servers}, {@code typedjson.schema.topic}, {@code typedjson.schema.topic.wait.ms} and
 * {@code typedjson.schema.topic.consumer.*} say where.
 *
 * <p>A tombstone (a record without a value) prints the {@code null.literal}, {@code <null>} unless set, never
 * {@code null}: that is the typed JSON document {@code null}, a different thing on a compacted topic.
 *
 * <p>A key or value that is not a valid document is printed as {@code ERROR: <reason> at <path> (byte offset n)}
 * in its place and the consumer goes on with the next record. Documents are printed as written: numbers keep
 * their lexemes.
 */
public class TypedJsonMessageFormatter implements MessageFormatter {

    /** Printed for a key or value that is Kafka's null; {@code null} would be the typed JSON document null. */
    public static final String DEFAULT_NULL_LITERAL = "<null>";

    /** How keys are read. */
    enum KeyFormat {
        /** UTF-8 text, as Kafka's StringDeserializer (and its default formatter) reads it. */
        STRING,
        /** A typed JSON document, printed as values are. */
        TYPEDJSON,
        /** The bytes in lowercase hexadecimal, two digits a byte. */
        BYTES,
        /** The bytes in standard base64 (RFC 4648, padded). */
        BASE64,
        /** A typed JSON document if it is one; else the text if it is UTF-8 without control characters, else hex. */
        AUTO;

        String configName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final String KEY_FORMAT = "key.format";
    private static final String KEY_DESERIALIZER = "key.deserializer";
    /** Schema references (Connect's location reference): the brokers and topic they are resolved from. */
    private static final String BOOTSTRAP_SERVERS = "bootstrap.servers";
    private static final String SCHEMA_TOPIC = "typedjson.schema.topic";
    private static final String SCHEMA_TOPIC_WAIT_MS = "typedjson.schema.topic.wait.ms";
    private static final String SCHEMA_TOPIC_CONSUMER = "typedjson.schema.topic.consumer.";
    private static final List<String> FLAGS = List.of("print.timestamp", "print.partition", "print.offset",
            "print.delivery", "print.epoch", "print.headers", "print.key", "print.value", "pretty", "print.types",
            "print.schema", "print.type");
    private static final List<String> TEXTS = List.of("key.separator", "line.separator", "headers.separator",
            "null.literal", "type.header");

    private final TypedJsonFormat format = TypedJsonFormat.defaults();
    private boolean printTimestamp;
    private boolean printPartition;
    private boolean printOffset;
    private boolean printDelivery;
    private boolean printEpoch;
    private boolean printHeaders;
    private boolean printKey;
    private boolean printValue = true;
    private boolean pretty;
    private boolean printTypes;
    private boolean printSchema;
    private boolean printType;
    /** The record header holding an event type's name (SPEC.md section 12), as typedjson.type.header names it. */
    private String typeHeader = EventEnvelope.DEFAULT_TYPE_HEADER;
    private String keySeparator = "\t";
    private String lineSeparator = "\n";
    private String headersSeparator = ",";
    private String nullLiteral = DEFAULT_NULL_LITERAL;
    private KeyFormat keyFormat = KeyFormat.STRING;
    private Deserializer<?> keyDeserializer;
    private String schemaTopic = ConnectEnvelope.DEFAULT_SCHEMA_TOPIC;
    private long schemaTopicWaitMillis = 10_000;
    /** Made when {@code bootstrap.servers} is given; its consumer on first use. */
    private SchemaTopicReader schemaReader;

    /**
     * Reads the formatter properties. Booleans are {@code true} or {@code false}; {@code key.format} is one of
     * {@code string} (default), {@code typedjson}, {@code bytes}, {@code base64}, {@code auto};
     * {@code key.deserializer} names a Kafka {@link Deserializer} class instead (as with Kafka's default
     * formatter; the console consumer sets it from {@code --key-deserializer}), configured with the
     * {@code key.deserializer.}-prefixed properties, and the key is printed as {@code String.valueOf} its result.
     * Separators and the null literal are taken as given, with {@code \t} and {@code \n} read as tab and newline.
     *
     * @throws ConfigException naming the property, the value given and the values allowed; the console consumer
     *     prints this message first, then its usage text
     */
    @Override
    public void configure(Map<String, ?> configs) {
        for (String key : configs.keySet()) {
            if (key.equals("value.deserializer")) {
                throw refused("values are read as typed JSON documents: leave out --value-deserializer "
                        + "(formatter property value.deserializer)");
            }
            if (!FLAGS.contains(key) && !TEXTS.contains(key) && !key.equals(KEY_FORMAT)
                    && !key.equals(KEY_DESERIALIZER) && !key.startsWith(KEY_DESERIALIZER + ".")
                    && !key.equals(BOOTSTRAP_SERVERS) && !key.equals(SCHEMA_TOPIC) && !key.equals(SCHEMA_TOPIC_WAIT_MS)
                    && !key.startsWith(SCHEMA_TOPIC_CONSUMER)) {
                throw refused("unknown formatter property " + key + "; the properties are "
                        + String.join(", ", FLAGS) + ", " + String.join(", ", TEXTS) + ", " + KEY_FORMAT + ", "
                        + KEY_DESERIALIZER + ", " + BOOTSTRAP_SERVERS + ", " + SCHEMA_TOPIC + ", " + SCHEMA_TOPIC_WAIT_MS
                        + " and " + SCHEMA_TOPIC_CONSUMER + "*");
            }
        }
        printTimestamp = flag(configs, "print.timestamp", printTimestamp);
        printPartition = flag(configs, "print.partition", printPartition);
        printOffset = flag(configs, "print.offset", printOffset);
        printDelivery = flag(configs, "print.delivery", printDelivery);
        printEpoch = flag(configs, "print.epoch", printEpoch);
        printHeaders = flag(configs, "print.headers", printHeaders);
        printKey = flag(configs, "print.key", printKey);
        printValue = flag(configs, "print.value", printValue);
        pretty = flag(configs, "pretty", pretty);
        printTypes = flag(configs, "print.types", printTypes);
        printSchema = flag(configs, "print.schema", printSchema);
        printType = flag(configs, "print.type", printType);
        typeHeader = text(configs, "type.header", typeHeader).trim();
        if (typeHeader.isEmpty() || typeHeader.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw invalid("type.header", configs.get("type.header"), "must be a non-empty header name of printable ASCII "
                    + "without spaces, as the serde's typedjson.type.header");
        }
        keySeparator = text(configs, "key.separator", keySeparator);
        lineSeparator = text(configs, "line.separator", lineSeparator);
        headersSeparator = text(configs, "headers.separator", headersSeparator);
        nullLiteral = text(configs, "null.literal", nullLiteral);
        Object keyFormatValue = configs.get(KEY_FORMAT);
        if (keyFormatValue != null) {
            keyFormat = keyFormat(keyFormatValue);
        }
        Object deserializerValue = configs.get(KEY_DESERIALIZER);
        if (deserializerValue != null) {
            if (keyFormatValue != null) {
                throw refused("formatter properties key.format and key.deserializer (--key-deserializer) both "
                        + "say how to read keys: give one");
            }
            keyDeserializer = keyDeserializer(deserializerValue, configs);
        }
        configureSchemaTopic(configs);
    }

    /**
     * Schema references: {@code bootstrap.servers} (the brokers of the schema topic; the console consumer does not
     * hand its own to a formatter), {@code typedjson.schema.topic} ({@value ConnectEnvelope#DEFAULT_SCHEMA_TOPIC}),
     * {@code typedjson.schema.topic.wait.ms} (10000) and any consumer setting under
     * {@code typedjson.schema.topic.consumer.} (security, for one).
     */
    private void configureSchemaTopic(Map<String, ?> configs) {
        Object topic = configs.get(SCHEMA_TOPIC);
        if (topic != null) {
            if (topic.toString().isBlank()) {
                throw invalid(SCHEMA_TOPIC, topic, "must name a topic");
            }
            schemaTopic = topic.toString().trim();
        }
        Object wait = configs.get(SCHEMA_TOPIC_WAIT_MS);
        if (wait != null) {
            try {
                schemaTopicWaitMillis = Long.parseLong(wait.toString().trim());
            } catch (NumberFormatException e) {
                schemaTopicWaitMillis = -1;
            }
            if (schemaTopicWaitMillis < 0 || schemaTopicWaitMillis > 86_400_000L) {
                throw invalid(SCHEMA_TOPIC_WAIT_MS, wait, "must be a number of milliseconds from 0 to 86400000 (a day)");
            }
        }
        Map<String, Object> consumer = new HashMap<>();
        Object servers = configs.get(BOOTSTRAP_SERVERS);
        if (servers != null) {
            consumer.put(BOOTSTRAP_SERVERS, servers);
        }
        configs.forEach((k, v) -> {
            if (k.startsWith(SCHEMA_TOPIC_CONSUMER) && k.length() > SCHEMA_TOPIC_CONSUMER.length()) {
                consumer.put(k.substring(SCHEMA_TOPIC_CONSUMER.length()), v);
            }
        });
        if (schemaReader != null) {
            schemaReader.close();
            schemaReader = null;
        }
        if (consumer.get(BOOTSTRAP_SERVERS) != null && !consumer.get(BOOTSTRAP_SERVERS).toString().isBlank()) {
            schemaReader = new SchemaTopicReader(consumer, SchemaTopicReader.Options.of(schemaTopic, 1000,
                    3L * format.limits().maxStringLength(), 64L << 20));
        }
    }

    private static KeyFormat keyFormat(Object value) {
        String s = value.toString().trim();
        for (KeyFormat f : KeyFormat.values()) {
            if (f.configName().equals(s)) {
                return f;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (KeyFormat f : KeyFormat.values()) {
            allowed.append(allowed.length() == 0 ? "" : ", ").append(f.configName());
        }
        throw invalid(KEY_FORMAT, value, "must be one of " + allowed);
    }

    private static Deserializer<?> keyDeserializer(Object className, Map<String, ?> configs) {
        Deserializer<?> d;
        try {
            Class<?> c = Class.forName(className.toString().trim());
            d = (Deserializer<?>) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw invalid(KEY_DESERIALIZER, className, "must name a public org.apache.kafka.common.serialization."
                    + "Deserializer class with a no-argument constructor on the class path (" + e + ")");
        }
        Map<String, Object> own = new HashMap<>();
        String prefix = KEY_DESERIALIZER + ".";
        configs.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                own.put(k.substring(prefix.length()), v);
            }
        });
        d.configure(own, true);
        return d;
    }

    private static boolean flag(Map<String, ?> configs, String key, boolean dflt) {
        Object v = configs.get(key);
        if (v == null) {
            return dflt;
        }
        String s = v.toString().trim();
        if (!s.equalsIgnoreCase("true") && !s.equalsIgnoreCase("false")) {
            throw invalid(key, v, "must be true or false");
        }
        return Boolean.parseBoolean(s);
    }

    private static String text(Map<String, ?> configs, String key, String dflt) {
        Object v = configs.get(key);
        return unescape(v == null ? dflt : v.toString());
    }

    private static String unescape(String s) {
        return s.replace("\\t", "\t").replace("\\n", "\n");
    }

    /**
     * The console consumer prints the message of an exception from {@code configure} and then its whole usage
     * text: the message names this formatter, the property, the value and what is allowed, and ends with a newline
     * so that an empty line sets it apart from the usage that follows.
     */
    private static ConfigException invalid(String key, Object value, String allowed) {
        return refused("invalid value '" + value + "' for formatter property " + key + ": " + allowed);
    }

    private static ConfigException refused(String message) {
        return new ConfigException("TypedJsonMessageFormatter: " + message + "\n");
    }

    @Override
    public void writeTo(ConsumerRecord<byte[], byte[]> record, PrintStream out) {
        List<String> fields = new ArrayList<>(10);
        if (printTimestamp) {
            fields.add(record.timestampType() == TimestampType.NO_TIMESTAMP_TYPE ? "NO_TIMESTAMP"
                    : record.timestampType() + ":" + record.timestamp());
        }
        if (printPartition) {
            fields.add("Partition:" + record.partition());
        }
        if (printOffset) {
            fields.add("Offset:" + record.offset());
        }
        if (printDelivery) {
            fields.add("Delivery:" + record.deliveryCount().map(String::valueOf).orElse("NOT_PRESENT"));
        }
        if (printEpoch) {
            fields.add("Epoch:" + record.leaderEpoch().map(String::valueOf).orElse("NOT_PRESENT"));
        }
        if (printHeaders) {
            fields.add(headers(record));
        }
        if (printSchema) {
            Header schema = record.headers().lastHeader(ConnectEnvelope.VALUE_SCHEMA_HEADER);
            Header ref = record.headers().lastHeader(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER);
            if (ref != null && ref.value() != null) {
                fields.add("schema: " + referencedSchema(ref.value()));
            } else if (schema != null && schema.value() != null) {
                fields.add("schema: " + new String(schema.value(), StandardCharsets.UTF_8));
            }
        }
        if (printType) {
            fields.add(eventType(record));
        }
        if (printKey) {
            fields.add(key(record));
        }
        if (printValue) {
            fields.add(record.value() == null ? nullLiteral : document(record.value(), pretty, markedPlain(record)));
        }
        out.print(String.join(keySeparator, fields) + lineSeparator);
    }

    /**
     * {@code type:<name>} of an event (SPEC.md section 12): the envelope's {@code ~type}, else the type header's;
     * {@code NO_TYPE} when the record has neither. The name is shown quoted and cut as errors show it when it is not a
     * name of the grammar (a hostile header cannot forge a line).
     */
    private String eventType(ConsumerRecord<byte[], byte[]> record) {
        String name = null;
        byte[] value = record.value();
        if (value != null && EventEnvelope.isEnvelope(value, 0, value.length)) {
            try {
                name = envelopeName(value);
            } catch (TypedJsonException e) {
                return "type:ERROR: " + e.getMessage();
            }
        } else {
            Header h = record.headers().lastHeader(typeHeader);
            name = h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
        }
        return name == null ? "NO_TYPE" : "type:" + (EventEnvelope.isName(name) ? name : EventEnvelope.quote(name));
    }

    /**
     * The name of an envelope {@code {"~type":"<name>","~v":…}} whose document is one of the dynamic model (a value
     * of a class is one), as a document without an envelope must be.
     */
    private static final Codec<String> ENVELOPE_NAME = envelopeName(false);

    /** {@link #ENVELOPE_NAME} of an envelope whose document is an inline Connect document: checked as JSON only, as without one. */
    private static final Codec<String> CONNECT_ENVELOPE_NAME = envelopeName(true);

    private static Codec<String> envelopeName(boolean connect) {
        return new Codec<>() {
            @Override
            public void write(JsonWriter out, String value) {
                throw new UnsupportedOperationException("reads only");
            }

            @Override
            public String read(JsonReader in) {
                String name = EventEnvelope.readName(in); // (isEnvelope said it has one)
                if (name != null) {
                    EventEnvelope.readValueKey(in);
                    if (connect) {
                        in.skipValue();
                    } else {
                        DynamicCodec.INSTANCE.read(in);
                    }
                    EventEnvelope.readEnd(in);
                }
                return name;
            }
        };
    }

    /** Set by {@link #CONNECT_PEEK}: whether the envelope's document starts as an inline Connect document. */
    private boolean connectInEnvelope;

    /** Looks at the envelope's document's first key ({@code ~s}: an inline Connect document), then reads on to the end. */
    private final Codec<String> CONNECT_PEEK = new Codec<>() {
        @Override
        public void write(JsonWriter out, String value) {
            throw new UnsupportedOperationException("reads only");
        }

        @Override
        public String read(JsonReader in) {
            if (EventEnvelope.readName(in) != null) {
                EventEnvelope.readValueKey(in);
                connectInEnvelope = in.currentToken() == JsonToken.START_OBJECT && in.nextToken() == JsonToken.FIELD_NAME
                        && ConnectEnvelope.SCHEMA_KEY.equals(in.currentName());
            }
            while (in.nextToken() != null) {
                // the rest, for the reader's end of document
            }
            return null;
        }
    };

    /** The envelope's name, its document read as {@link #ENVELOPE_NAME} or {@link #CONNECT_ENVELOPE_NAME} says. */
    private String envelopeName(byte[] document) {
        connectInEnvelope = false;
        try {
            format.read(CONNECT_PEEK, document);
        } catch (TypedJsonException e) {
            // said again, with its path, by the reading below
        }
        return format.read(connectInEnvelope ? CONNECT_ENVELOPE_NAME : ENVELOPE_NAME, document);
    }

    /** The notation a schema reference points to in the schema topic, or an error in its place. */
    private String referencedSchema(byte[] fingerprint) {
        if (fingerprint.length != ConnectEnvelope.FINGERPRINT_LENGTH) {
            return "ERROR: header " + ConnectEnvelope.VALUE_SCHEMA_REF_HEADER + " has " + fingerprint.length
                    + " bytes; a schema reference is the " + ConnectEnvelope.FINGERPRINT_LENGTH + " bytes of a fingerprint";
        }
        String hex = ConnectEnvelope.hex(fingerprint);
        if (schemaReader == null) {
            return "ERROR: the schema of fingerprint " + hex + " is in schema topic '" + schemaTopic
                    + "': give formatter property " + BOOTSTRAP_SERVERS + " to read it";
        }
        SchemaTopicReader.Lookup found;
        try {
            found = schemaReader.resolve(fingerprint, schemaTopicWaitMillis);
        } catch (RuntimeException e) {
            return "ERROR: cannot read schema topic '" + schemaTopic + "' for fingerprint " + hex + ": " + e;
        }
        if (found.notation() == null) {
            return "ERROR: " + found.describe(fingerprint, schemaTopic, schemaTopicWaitMillis, null, null);
        }
        byte[] notation = found.notation();
        String text = strictUtf8(notation);
        return text != null ? text : "ERROR: the schema of fingerprint " + hex + " is not UTF-8 text";
    }

    private String headers(ConsumerRecord<byte[], byte[]> record) {
        StringBuilder sb = new StringBuilder();
        for (Header h : record.headers()) {
            sb.append(sb.length() == 0 ? "" : headersSeparator).append(h.key()).append(':')
                    .append(h.value() == null ? nullLiteral : new String(h.value(), StandardCharsets.UTF_8));
        }
        return sb.length() == 0 ? "NO_HEADERS" : sb.toString();
    }

    private String key(ConsumerRecord<byte[], byte[]> record) {
        byte[] key = record.key();
        if (keyDeserializer != null) {
            try {
                Object k = keyDeserializer.deserialize(record.topic(), record.headers(), key);
                return k == null ? nullLiteral : String.valueOf(k);
            } catch (RuntimeException e) {
                return "ERROR: " + e.getMessage();
            }
        }
        if (key == null) {
            return nullLiteral;
        }
        switch (keyFormat) {
            case TYPEDJSON: return document(key, false);
            case BYTES: return hex(key);
            case BASE64: return Lexemes.base64(key);
            case AUTO: return auto(key);
            default: return new String(key, StandardCharsets.UTF_8);
        }
    }

    private String auto(byte[] key) {
        try {
            return render(key, false, false);
        } catch (TypedJsonException notADocument) {
            String text = strictUtf8(key);
            return text != null && text.codePoints().noneMatch(Character::isISOControl) ? text : hex(key);
        }
    }

    private static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            sb.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return sb.toString();
    }

    /**
     * Whether the record's value is plain JSON by its mark (SPEC.md section 13: the header typedjson-format is
     * "plain"): its strings are then read as they are. A console tool: the header is looked at on every record.
     */
    private static boolean markedPlain(ConsumerRecord<byte[], byte[]> record) {
        Header mark = record.headers().lastHeader(io.typedjson.serde.internal.FormatMark.HEADER);
        return mark != null && java.util.Arrays.equals(mark.value(), io.typedjson.serde.internal.FormatMark.PLAIN_BYTES);
    }

    /** One document as written (compact or pretty) or typed, or a one-line error in its place. */
    String document(byte[] document, boolean prettyPrint) {
        return document(document, prettyPrint, false);
    }

    /** {@link #document(byte[], boolean)}, of a plain JSON document when {@code plain} (SPEC.md section 13). */
    String document(byte[] document, boolean prettyPrint, boolean plain) {
        try {
            return render(document, prettyPrint, plain);
        } catch (TypedJsonException e) {
            return "ERROR: " + e.getMessage() + (OtherFormats.framed(document, 0, document.length)
                    && document.length >= OtherFormats.FRAMING_LENGTH ? " (the bytes start as Confluent's JSON Schema "
                    + "serializer frames JSON: magic byte 0, schema id " + OtherFormats.schemaId("", document, 0, document.length)
                    + ")" : "");
        }
    }

    private String render(byte[] document, boolean prettyPrint, boolean plain) {
        Object value = null;
        boolean connect = false;
        try {
            value = plain ? format.readPlain(DynamicCodec.INSTANCE, document, 0, document.length)
                    : format.read(DynamicCodec.INSTANCE, document);
        } catch (TypedJsonException e) {
            // an inline Connect document is not a value of the dynamic model (its "~s" is no tag of it), nor is an
            // event envelope (its "~type"): both are printed as written
            connect = isConnectDocument(document) || isEnvelope(document);
            if (!connect) {
                throw e;
            }
        }
        if (printTypes && !connect) {
            StringBuilder sb = new StringBuilder();
            typed(value, sb, prettyPrint, 0);
            return sb.toString();
        }
        return copy(document, prettyPrint);
    }

    private boolean isEnvelope(byte[] document) {
        if (!EventEnvelope.isEnvelope(document, 0, document.length)) {
            return false;
        }
        envelopeName(document); // a malformed envelope is an error, with its path and offset
        return true;
    }

    private boolean isConnectDocument(byte[] document) {
        try {
            return format.read(ConnectEnvelope.INLINE_NOTATION, document) != null;
        } catch (TypedJsonException e) {
            return false;
        }
    }

    /**
     * Copies the document's tokens, numbers by their text, so nothing is re-spelled on the way to the screen; pretty:
     * an object's entries one per line, indented by two spaces, arrays on one line ({@code "a" : [ 1, 2 ]}).
     */
    private String copy(byte[] document, boolean prettyPrint) {
        return format.read(new Codec<String>() {
            @Override
            public void write(JsonWriter out, String value) {
                throw new UnsupportedOperationException("reads only");
            }

            @Override
            public String read(JsonReader in) {
                StringBuilder sb = new StringBuilder(document.length + 16);
                copyValue(in, sb, prettyPrint, 0);
                return sb.toString();
            }
        }, document);
    }

    private static void copyValue(JsonReader in, StringBuilder sb, boolean pretty, int level) {
        switch (in.currentToken()) {
            case START_OBJECT: {
                sb.append('{');
                int n = 0;
                while (in.nextToken() != JsonToken.END_OBJECT) {
                    sb.append(n++ == 0 ? "" : ",");
                    if (pretty) {
                        sb.append('\n').append("  ".repeat(level + 1));
                    }
                    jsonQuote(in.currentName(), sb);
                    sb.append(pretty ? " : " : ":");
                    in.nextToken();
                    copyValue(in, sb, pretty, level + 1);
                }
                if (pretty) {
                    sb.append(n == 0 ? " " : "\n" + "  ".repeat(level));
                }
                sb.append('}');
                break;
            }
            case START_ARRAY: {
                sb.append(pretty ? "[ " : "[");
                int n = 0;
                while (in.nextToken() != JsonToken.END_ARRAY) {
                    sb.append(n++ == 0 ? "" : pretty ? ", " : ",");
                    copyValue(in, sb, pretty, level + 1);
                }
                sb.append(pretty && n > 0 ? " ]" : "]");
                break;
            }
            case VALUE_STRING: jsonQuote(in.getText(), sb); break;
            default: sb.append(in.getText()); // numbers by their lexeme, true, false, null
        }
    }

    /**
     * The value with every scalar's type spelled out, Ion-style: {@code {"qty":int16::3,"at":instant::"2024-..."}};
     * pretty: laid out as {@link #copyValue} lays out a document.
     */
    private static void typed(Object v, StringBuilder sb, boolean pretty, int level) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Map<?, ?> m) {
            boolean stringKeys = m.keySet().stream().allMatch(k -> k instanceof String);
            sb.append(stringKeys ? "{" : "map::{");
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(i++ == 0 ? "" : ",");
                if (pretty) {
                    sb.append('\n').append("  ".repeat(level + 1));
                }
                if (stringKeys) {
                    jsonQuote((String) e.getKey(), sb);
                } else {
                    typed(e.getKey(), sb, pretty, level + 1);
                }
                sb.append(pretty ? " : " : ":");
                typed(e.getValue(), sb, pretty, level + 1);
            }
            if (pretty) {
                sb.append(i == 0 ? " " : "\n" + "  ".repeat(level));
            }
            sb.append('}');
        } else if (v instanceof Collection<?> c) {
            sb.append(c instanceof Set ? "set::[" : "[").append(pretty ? " " : "");
            int i = 0;
            for (Object e : c) {
                sb.append(i++ == 0 ? "" : pretty ? ", " : ",");
                typed(e, sb, pretty, level + 1);
            }
            sb.append(pretty && i > 0 ? " ]" : "]");
        } else if (v instanceof String s) {
            jsonQuote(s, sb);
        } else {
            // the dynamic model's reader gives nothing else than containers and scalars of the table
            ScalarType scalar = ScalarTypes.ofValueClass(v.getClass());
            String text = scalar.text(v);
            sb.append(scalar.name()).append("::");
            if (scalar.jsonString()) {
                sb.append('"').append(text).append('"');
            } else {
                sb.append(text);
            }
        }
    }

    /** A string as a writer spells it (SPEC.md section 1): the short escapes where JSON has them. */
    private static void jsonQuote(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int shortEscape = "\"\\\b\t\n\f\r".indexOf(c);
            if (shortEscape >= 0) {
                sb.append('\\').append("\"\\btnfr".charAt(shortEscape));
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    @Override
    public void close() {
        if (keyDeserializer != null) {
            keyDeserializer.close();
        }
        if (schemaReader != null) {
            schemaReader.close();
        }
    }
}

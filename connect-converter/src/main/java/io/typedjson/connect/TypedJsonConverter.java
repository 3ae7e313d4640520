package io.typedjson.connect;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.Codec;
import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.serde.internal.FormatMark;
import io.typedjson.serde.internal.Refusal;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.metrics.Monitorable;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.components.Versioned;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;

/**
 * A Kafka Connect {@link Converter} and {@link HeaderConverter} for typed JSON (SPEC.md section 11): what
 * {@code toConnectData} gives back equals what {@code fromConnectData} was given, schema and value, with the
 * schema carried in a compact notation inline (the default), in a record header, not at all, or once in a compacted
 * schema topic that a 16-byte fingerprint in a record header refers to (location reference, {@link #close()} releases
 * its clients).
 *
 * <p>Bytes that are not a valid document throw {@link DataException} naming the topic, the JSON path and the
 * byte offset. Thread-safe: configure once, then share.
 *
 * <p>A Connect worker (Kafka 4.1 and later, KIP-877) gives each task's key, value and header converter
 * {@link PluginMetrics}: records and bytes written and read, refusals by kind, the time per record, and where schemas
 * come from (caches, the schema topic) then show in the worker's metrics (docs/operations.md).
 */
public class TypedJsonConverter implements Converter, HeaderConverter, Versioned, Monitorable {

    static final String SCHEMA_KEY = ConnectEnvelope.SCHEMA_KEY;
    static final String VALUE_KEY = ConnectEnvelope.VALUE_KEY;

    private static final String VERSION = loadVersion();

    private TypedJsonFormat format = TypedJsonFormat.defaults();
    /** The format for the value inside an inline envelope read on its own: one level less deep. */
    private TypedJsonFormat inlineValueFormat = KnownInlineReader.valueFormat(format);
    private TypedJsonConverterConfig.Location location = TypedJsonConverterConfig.Location.INLINE;
    private String schemaHeader = TypedJsonConverterConfig.VALUE_SCHEMA_HEADER;
    private SchemaCache cache = new SchemaCache(format, 1000);
    private final Codec<SchemaAndValue> inline = new InlineCodec();
    /** The reader of plain JSON with the schema of typedjson.schema.content, or null. */
    private PlainJsonCodec plain;
    /** The schema of the last inline document read, to recognise the next one by its bytes. */
    private volatile KnownInlineReader lastInline;
    /** Location reference: the header with the schema's fingerprint, and the schema topic. */
    private String schemaRefHeader = ConnectEnvelope.VALUE_SCHEMA_REF_HEADER;
    private SchemaReferences references;
    private RefHeaders refHeaders = new RefHeaders(schemaRefHeader);
    /** Several event types on the topic (typedjson.value.types), or null. */
    private ConnectEventTypes events;
    /** The header of an event's type name: text, as CloudEvents' other ce_* headers and content-type are. */
    private String typeHeader = io.typedjson.format.EventEnvelope.DEFAULT_TYPE_HEADER;
    /** Headers of other producers read and written as text (typedjson.header.text.names). */
    private Set<String> textNames = Set.of();
    /** Null until a worker or client gives this converter its plugin metrics. */
    private volatile ConverterMetrics metrics;

    public TypedJsonConverter() {
    }

    /**
     * Registers this converter's metrics (group {@code plugins}; a worker tags them with the connector, the task and
     * {@code converter=key|value|header}) in the registry of the worker or client that calls it.
     */
    @Override
    public void withPluginMetrics(PluginMetrics pluginMetrics) {
        ConverterMetrics m = new ConverterMetrics(pluginMetrics, () -> {
            SchemaReferences r = references;
            return r == null ? 0 : r.knownMissing();
        });
        metrics = m;
        cache.metrics = m;
        SchemaReferences r = references;
        if (r != null) {
            r.metrics = m;
        }
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public ConfigDef config() {
        return TypedJsonConverterConfig.configDef();
    }

    @Override
    public void configure(Map<String, ?> configs) {
        TypedJsonConverterConfig config = new TypedJsonConverterConfig(configs);
        format = config.format();
        inlineValueFormat = KnownInlineReader.valueFormat(format);
        location = config.location();
        schemaHeader = config.schemaHeader();
        cache = new SchemaCache(format, config.getInt(TypedJsonConverterConfig.SCHEMA_CACHE_SIZE));
        lastInline = null;
        Schema content = config.schemaContent();
        plain = content == null ? null : new PlainJsonCodec(content, config.decimalFormat());
        schemaRefHeader = config.schemaRefHeader();
        refHeaders = new RefHeaders(schemaRefHeader);
        closeReferences();
        SchemaTopicSettings topic = new SchemaTopicSettings(config, configs);
        if (location == TypedJsonConverterConfig.Location.REFERENCE && !SchemaTopicSettings.hasBootstrap(topic.producer)) {
            throw new org.apache.kafka.common.config.ConfigException("schema location reference writes and reads "
                    + "schemas in topic '" + topic.topic + "' and needs bootstrap.servers among the converter's own keys "
                    + "(in a worker or connector: value.converter.bootstrap.servers or key.converter.bootstrap.servers; "
                    + "a converter is not given the worker's)");
        }
        SchemaReferences r = new SchemaReferences(topic, cache, config.getInt(TypedJsonConverterConfig.SCHEMA_CACHE_SIZE),
                3L * format.limits().maxStringLength());
        ConverterMetrics m = metrics;
        cache.metrics = m;
        r.metrics = m;
        references = r;
        events = ConnectEventTypes.of(config);
        typeHeader = config.getString(TypedJsonConverterConfig.TYPE_HEADER).trim();
        textNames = config.headerTextNames();
    }

    /**
     * Whether a record header is CloudEvents' (every {@code ce_*} header and {@code content-type}, in Kafka's binding),
     * the type header, the format mark or one named in typedjson.header.text.names: plain UTF-8 text, never a typed JSON
     * document, for the header converter both ways.
     */
    private boolean isTextHeader(String key) {
        return key.equals(typeHeader) || key.startsWith("ce_") || key.equals(io.typedjson.format.EventEnvelope.CONTENT_TYPE_HEADER)
                || key.equals(FormatMark.HEADER) || textNames.contains(key);
    }

    /** The header of header mode's schema (its notation as text), for a key or a value converter or as configured. */
    private boolean isSchemaHeader(String key) {
        return key.equals(TypedJsonConverterConfig.VALUE_SCHEMA_HEADER) || key.equals(TypedJsonConverterConfig.KEY_SCHEMA_HEADER)
                || key.equals(schemaHeader);
    }

    /** The header of location reference's fingerprint (its bytes), for a key or a value converter. */
    private static boolean isSchemaRefHeader(String key) {
        return key.equals(ConnectEnvelope.VALUE_SCHEMA_REF_HEADER) || key.equals(ConnectEnvelope.KEY_SCHEMA_REF_HEADER);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        Map<String, Object> conf = new HashMap<>(configs);
        conf.put(TypedJsonConverterConfig.CONVERTER_TYPE, isKey ? "key" : "value");
        configure(conf);
    }

    // ------------------------------------------------------------------ Converter

    @Override
    public byte[] fromConnectData(String topic, Schema schema, Object value) {
        return fromConnectData(topic, null, schema, value);
    }

    @Override
    public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
        ConverterMetrics m = metrics;
        if (m == null) {
            return fromConnect(topic, headers, schema, value);
        }
        long start = m.write.start();
        try {
            byte[] bytes = fromConnect(topic, headers, schema, value);
            if (bytes != null) {
                m.write.done(bytes.length, start);
            }
            return bytes;
        } catch (SchemaTopicException e) {
            throw e; // the schema topic's failure, not the record's: counted in schema-topic-errors-total
        } catch (DataException e) {
            m.write.refused(UnknownEventTypeException.refused(e) ? Refusal.UNKNOWN_TYPE_NAME
                    : Refusal.ofWrite(e.getCause() != null ? e.getCause() : e));
            throw e;
        }
    }

    /** With event types the value's schema name travels with it (the header, the envelope or both). */
    private byte[] fromConnect(String topic, Headers headers, Schema schema, Object value) {
        ConnectEventTypes events = this.events;
        if (events == null || schema == null && value == null) {
            return fromConnectValue(topic, headers, schema, value);
        }
        String name;
        try {
            name = events.nameOf(schema);
        } catch (DataException e) {
            throw new DataException("Cannot write typed JSON for topic '" + topic + "': " + e.getMessage(), e);
        }
        return events.write(headers, name, fromConnectValue(topic, headers, schema, value));
    }

    private byte[] fromConnectValue(String topic, Headers headers, Schema schema, Object value) {
        if (schema == null && value == null) {
            return null; // a tombstone stays a tombstone
        }
        if (headers != null) {
            // a schema header copied from another record (an SMT, a source that copies headers) would be read
            // before this record's own schema: each location adds back only what it writes
            removeAll(headers, schemaHeader);
            removeAll(headers, schemaRefHeader);
        }
        try {
            if (location == TypedJsonConverterConfig.Location.NONE) {
                // with a schema: checked against it as inline and header check it, written as the dynamic model
                return schema != null ? format.write(cache.forSchema(schema).dynamic(), value)
                        : format.write(DynamicCodec.INSTANCE, value instanceof ByteBuffer b ? ValueCodec.bytesOf(b) : value);
            }
            if (schema == null) {
                return format.write(DynamicCodec.INSTANCE, value);
            }
            if (location == TypedJsonConverterConfig.Location.HEADER && headers != null) {
                SchemaCache.Entry entry = cache.forSchema(schema);
                byte[] bytes = format.write(entry.object, value);
                headers.add(schemaHeader, entry.textBytes);
                return bytes;
            }
            if (location == TypedJsonConverterConfig.Location.REFERENCE && headers != null) {
                return writeReferenced(headers, schema, value);
            }
            return writeInline(schema, value);
        } catch (SchemaTopicException e) { // the schema could not be written: the topic's failure, not the record's
            throw new SchemaTopicException("Cannot write typed JSON for topic '" + topic + "': " + message(e), e);
        } catch (RuntimeException e) { // a value of another type than its schema's, a schema beyond the limits, ...
            throw new DataException("Cannot write typed JSON for topic '" + topic + "': " + message(e), e);
        }
    }

    /**
     * The headers of {@code key} removed, when there are any: Kafka's {@code RecordHeaders.remove} makes an iterator
     * even when none is there (two of them cost a few percent of writing a small record).
     */
    private static void removeAll(Headers headers, String key) {
        if (headers.lastHeader(key) != null) {
            headers.remove(key);
        }
    }

    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
        return toConnectData(topic, null, value);
    }

    @Override
    public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
        ConverterMetrics m = metrics;
        if (m == null || value == null) {
            return toConnect(topic, headers, value);
        }
        long start = m.read.start();
        try {
            SchemaAndValue read = toConnect(topic, headers, value);
            m.read.done(value.length, start);
            return read;
        } catch (DataException e) {
            m.read.refused(refusal(e, value));
            throw e;
        }
    }

    /** The kind of a refused read of {@code value}, for the refusal metrics (a cold path: it may walk the bytes again). */
    private Refusal refusal(DataException e, byte[] value) {
        if (e.getCause() instanceof DataException inner) {
            e = inner; // wrapped once more with event types: the error in an envelope's "~v", a refused type name
        }
        if (e instanceof SchemaTopicException) {
            return Refusal.UNKNOWN_SCHEMA;
        }
        if (UnknownEventTypeException.refused(e)) {
            return Refusal.UNKNOWN_TYPE_NAME;
        }
        Throwable cause = e.getCause();
        if (cause instanceof TypedJsonException) {
            return Refusal.ofRead(cause, format, value, 0, value.length);
        }
        return Refusal.namesLimit(e.getMessage()) ? Refusal.LIMIT : Refusal.TYPE;
    }

    /** With event types the record's name is read, checked against the list and given to its schema. */
    private SchemaAndValue toConnect(String topic, Headers headers, byte[] value) {
        ConnectEventTypes events = this.events;
        if (events == null || value == null) {
            return toConnectValue(topic, headers, value);
        }
        ConnectEventTypes.Event event;
        try {
            event = events.read(format, headers, value);
        } catch (RuntimeException e) {
            throw new DataException("Cannot read typed JSON from topic '" + topic + "': " + message(e), e);
        }
        SchemaAndValue read;
        try {
            read = toConnectValue(topic, headers, event.value());
        } catch (DataException e) {
            throw event.offset() == 0 ? e : new DataException(e.getMessage() + " (in the event envelope's \"~v\", which "
                    + "starts at byte offset " + event.offset() + ")", e);
        }
        try {
            return events.named(event.name(), read);
        } catch (RuntimeException e) {
            throw new DataException("Cannot read typed JSON from topic '" + topic + "': " + message(e), e);
        }
    }

    private SchemaAndValue toConnectValue(String topic, Headers headers, byte[] value) {
        if (value == null) {
            return SchemaAndValue.NULL;
        }
        Header ref = headers == null ? null : headers.lastHeader(schemaRefHeader);
        if (ref != null && ref.value() != null) {
            return readReferenced(topic, ref.value(), value);
        }
        Header header = headers == null ? null : headers.lastHeader(schemaHeader);
        SchemaCache.Entry entry = null;
        if (header != null && header.value() != null) {
            try {
                entry = cache.forText(header.value());
            } catch (RuntimeException e) {
                throw new DataException("Cannot read the schema in header '" + schemaHeader + "' of a record from topic '"
                        + topic + "': " + message(e), e);
            }
        }
        if (entry == null && plain != null) {
            // a topic shared with typedjson's serde during a migration (SPEC.md section 13.2): its records marked
            // typed are the typed spelling of the configured schema, those marked plain plain JSON
            FormatMark.Mark mark = FormatMark.of(headers, reason -> new DataException("Cannot read a record from topic '"
                    + topic + "': " + reason));
            if (mark == FormatMark.Mark.TYPED) {
                try {
                    return new SchemaAndValue(plain.schema, format.read(cache.forSchema(plain.schema).object, value));
                } catch (RuntimeException e) {
                    throw new DataException("Cannot read typed JSON from topic '" + topic + "': " + message(e), e);
                }
            }
            if (mark == FormatMark.Mark.PLAIN || !plain.yieldsTo(value)) {
                return readPlain(topic, value);
            }
        }
        try {
            return entry != null ? new SchemaAndValue(entry.schema, format.read(entry.object, value)) : read(value);
        } catch (RuntimeException e) {
            throw new DataException("Cannot read typed JSON from topic '" + topic + "': " + message(e), e);
        }
    }

    /** A document without a schema, read as plain JSON with the schema of typedjson.schema.content. */
    private SchemaAndValue readPlain(String topic, byte[] value) {
        try {
            return new SchemaAndValue(plain.schema, format.read(plain, value));
        } catch (RuntimeException e) {
            throw new DataException("Cannot read plain JSON with the schema of " + TypedJsonConverterConfig.SCHEMA_CONTENT
                    + " from topic '" + topic + "': " + message(e), e);
        }
    }

    private byte[] writeInline(Schema schema, Object value) {
        try {
            return format.write(inline, new SchemaAndValue(schema, value));
        } catch (TypedJsonException e) {
            throw e.path().startsWith("$[\"~v\"]") ? atTheValuesPath(e, schema, value) : e;
        }
    }

    /** Location reference: the value as inline writes "~v", the schema's fingerprint in a header. */
    private byte[] writeReferenced(Headers headers, Schema schema, Object value) {
        SchemaCache.Entry entry = cache.forSchema(schema);
        byte[] bytes;
        try {
            bytes = format.write(entry.positional, value);
        } catch (TypedJsonException e) {
            throw atTheValuesPath(e, schema, value);
        }
        byte[] fingerprint = references.written(entry); // durable in the schema topic before the record exists
        headers.add(refHeaders.of(fingerprint));
        return bytes;
    }

    /**
     * A refusal of a value written inline or by reference, named as header mode names it (SPEC.md section 11). A limit
     * the document exceeds is found by reading the written document back, at the document's path, where a struct is
     * positional ({@code $["~v"][6]}); the value written as header mode writes it is refused at the value's path
     * ({@code $.note}) for the same reason. Only on the way to a refusal, so a record written pays nothing for it.
     * When header mode refuses it for another reason or not at all (the inline envelope's own two elements made the
     * document exceed {@code typedjson.max.elements}), the document's path is the one that is true.
     */
    private TypedJsonException atTheValuesPath(TypedJsonException refused, Schema schema, Object value) {
        try {
            format.write(cache.forSchema(schema).object, value);
        } catch (TypedJsonException asAnObject) {
            return asAnObject.reason().equals(refused.reason()) ? asAnObject : refused;
        }
        return refused;
    }

    /**
     * The reference header of the fingerprint written last, added again to each record of its schema, so that a run of
     * records of one schema makes one header, not one each. Sharing Kafka's {@link RecordHeader} is safe: its key and
     * value are set once, and the producer copies them into the batch in {@code send} and keeps neither. Its value is
     * another matter: {@code value()} hands out the array itself, which a caller (an SMT, an interceptor) may write
     * into. So the header's array is its own copy, never the schema's fingerprint (which the writer keeps and keys its
     * memory of written schemas by), and it is compared with the fingerprint (16 bytes) before each reuse: a header
     * written into is replaced, not passed on to the next record. Records written before such a write and not yet
     * sent share it, as they share any header a caller adds to several records.
     */
    static final class RefHeaders {
        private final String key;
        private volatile Header last;

        RefHeaders(String key) {
            this.key = key;
        }

        Header of(byte[] fingerprint) {
            Header h = last;
            if (h == null || !Arrays.equals(h.value(), fingerprint)) {
                last = h = new RecordHeader(key, fingerprint.clone());
            }
            return h;
        }
    }

    private SchemaAndValue readReferenced(String topic, byte[] fingerprint, byte[] value) {
        if (fingerprint.length != ConnectEnvelope.FINGERPRINT_LENGTH) {
            throw new SchemaTopicException("Cannot read the schema reference in header '" + schemaRefHeader + "' of a record "
                    + "from topic '" + topic + "': it has " + fingerprint.length + " bytes, and a reference is the "
                    + ConnectEnvelope.FINGERPRINT_LENGTH + " bytes of a schema's fingerprint", null);
        }
        SchemaCache.Entry entry;
        try {
            entry = references.resolve(fingerprint);
        } catch (SchemaTopicException e) {
            throw new SchemaTopicException("Cannot resolve the schema reference in header '" + schemaRefHeader
                    + "' of a record from topic '" + topic + "': " + message(e), e);
        } catch (RuntimeException e) {
            throw new DataException("Cannot resolve the schema reference in header '" + schemaRefHeader
                    + "' of a record from topic '" + topic + "': " + message(e), e);
        }
        try {
            return new SchemaAndValue(entry.schema, format.read(entry.positional, value));
        } catch (RuntimeException e) {
            throw new DataException("Cannot read typed JSON from topic '" + topic + "' (schema "
                    + ConnectEnvelope.hex(fingerprint) + "): " + message(e), e);
        }
    }

    /**
     * The message of a refusal. Anything but our own exceptions is a bug the fuzz tests look for; it is still reported
     * as a {@link DataException}, so that Connect's error handling can skip the record.
     */
    static String message(RuntimeException e) {
        String m = e.getMessage();
        if (!(e instanceof TypedJsonException || e instanceof DataException)) {
            m = e.getClass().getName() + ": " + m;
        }
        return m;
    }

    /** An inline document, or a document without a schema: schemaless, or derived in location none. */
    private SchemaAndValue read(byte[] value) {
        KnownInlineReader known = lastInline;
        if (known != null && known.startsDocument(value)) {
            ConverterMetrics m = metrics;
            if (m != null) {
                m.cacheHit();
            }
            return known.read(format, inlineValueFormat, value);
        }
        if (isInline(value)) {
            return format.read(inline, value);
        }
        Object dynamic = format.read(DynamicCodec.INSTANCE, value);
        return location == TypedJsonConverterConfig.Location.NONE
                ? DerivedSchemas.derive(dynamic)
                : new SchemaAndValue(null, dynamic);
    }

    // ------------------------------------------------------------------ HeaderConverter: inline documents

    @Override
    public byte[] fromConnectHeader(String topic, String headerKey, Schema schema, Object value) {
        ConverterMetrics m = metrics;
        if (m == null) {
            return writeHeader(topic, headerKey, schema, value);
        }
        long start = m.write.start();
        try {
            byte[] bytes = writeHeader(topic, headerKey, schema, value);
            if (bytes != null) {
                m.write.done(bytes.length, start);
            }
            return bytes;
        } catch (DataException e) {
            m.write.refused(Refusal.ofWrite(e.getCause() != null ? e.getCause() : e));
            throw e;
        }
    }

    private byte[] writeHeader(String topic, String headerKey, Schema schema, Object value) {
        if (schema == null && value == null) {
            return null;
        }
        // the headers toConnectHeader reads as text or bytes are written back as they were read
        boolean text = isTextHeader(headerKey) || isSchemaHeader(headerKey);
        if (text || isSchemaRefHeader(headerKey)) {
            if (value == null) {
                return null;
            }
            if (text && value instanceof String s) {
                try {
                    Lexemes.checkUnicode(s, "its text"); // getBytes would write '?' for a lone surrogate
                } catch (TypedJsonException e) {
                    throw new DataException("Cannot write header '" + headerKey + "' of topic '" + topic + "': "
                            + e.reason(), e);
                }
                return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
            if (!text && value instanceof byte[] bytes) {
                return bytes;
            }
            if (!text && value instanceof java.nio.ByteBuffer buffer) {
                byte[] bytes = new byte[buffer.remaining()];
                buffer.duplicate().get(bytes);
                return bytes;
            }
            throw new DataException("Cannot write header '" + headerKey + "' of topic '" + topic + "': its value is "
                    + (text ? "plain UTF-8 text, a String" : "a schema fingerprint, bytes") + ", not "
                    + (schema != null ? schema.type() : value.getClass().getName()));
        }
        try {
            return schema == null
                    ? format.write(DynamicCodec.INSTANCE, value)
                    : writeInline(schema, value);
        } catch (RuntimeException e) {
            throw new DataException("Cannot write typed JSON for header '" + headerKey + "' of topic '" + topic + "': "
                    + message(e), e);
        }
    }

    @Override
    public SchemaAndValue toConnectHeader(String topic, String headerKey, byte[] value) {
        ConverterMetrics m = metrics;
        if (m == null || value == null) {
            return readHeader(topic, headerKey, value);
        }
        long start = m.read.start();
        try {
            SchemaAndValue read = readHeader(topic, headerKey, value);
            m.read.done(value.length, start);
            return read;
        } catch (DataException e) {
            m.read.refused(refusal(e, value));
            throw e;
        }
    }

    private SchemaAndValue readHeader(String topic, String headerKey, byte[] value) {
        if (value == null) {
            return SchemaAndValue.NULL;
        }
        if (isSchemaRefHeader(headerKey)) {
            return new SchemaAndValue(Schema.BYTES_SCHEMA, value); // a schema reference: the fingerprint's bytes
        }
        if (isTextHeader(headerKey)) {
            return new SchemaAndValue(Schema.STRING_SCHEMA, utf8(topic, headerKey, value));
        }
        if (isSchemaHeader(headerKey)) {
            // the schema header of header mode: its text, not a document
            try {
                return new SchemaAndValue(Schema.STRING_SCHEMA, SchemaCache.utf8Text(value, format.limits().maxStringLength()));
            } catch (DataException e) {
                throw new DataException("Cannot read header '" + headerKey + "' of a record from topic '" + topic + "': "
                        + e.getMessage(), e);
            }
        }
        try {
            if (isInline(value)) {
                return format.read(inline, value);
            }
            return new SchemaAndValue(null, format.read(DynamicCodec.INSTANCE, value));
        } catch (TypedJsonException e) {
            if (isInline(value)) {
                throw new DataException("Cannot read typed JSON from header '" + headerKey + "' of a record from topic '"
                        + topic + "': " + message(e), e);
            }
            // most likely another producer's plain text (a trace id, a class name): say how to read it
            throw new DataException("Cannot read header '" + headerKey + "' of a record from topic '" + topic + "': it is "
                    + "not a typed JSON document (" + message(e) + "); a header of plain text is read as a STRING when "
                    + "named in " + TypedJsonConverterConfig.HEADER_TEXT_NAMES, e);
        } catch (RuntimeException e) {
            throw new DataException("Cannot read typed JSON from header '" + headerKey + "' of a record from topic '"
                    + topic + "': " + message(e), e);
        }
    }

    /** A text header's value; bytes that are not UTF-8 are refused, as they could not be written back as they were. */
    private static String utf8(String topic, String headerKey, byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(value.length);
        java.nio.charset.CoderResult r = StandardCharsets.UTF_8.newDecoder().decode(in, out, true);
        if (r.isError()) {
            throw new DataException(String.format("Cannot read header '%s' of a record from topic '%s': it is read as "
                    + "text and is not UTF-8 (byte %02X at index %d)", headerKey, topic, value[in.position()] & 0xFF, in.position()));
        }
        return out.flip().toString();
    }

    /** Releases the producer and consumer of the schema topic (location reference), if it made them. */
    @Override
    public void close() {
        closeReferences();
    }

    private void closeReferences() {
        SchemaReferences r = references;
        if (r != null) {
            r.close();
        }
    }

    // ------------------------------------------------------------------ inline documents

    /** Whether the document's first key is {@code ~s} ({@link ConnectEnvelope#isInline}). */
    static boolean isInline(byte[] document) {
        return ConnectEnvelope.isInline(document);
    }

    /** Inline documents {@code {"~s":"<schema notation>","~v":<value, structs positional>}}, both ways. */
    private final class InlineCodec implements Codec<SchemaAndValue> {
        @Override
        public void write(JsonWriter out, SchemaAndValue document) {
            writeInline(out, cache.forSchema(document.schema()), document.value());
        }

        @Override
        public SchemaAndValue read(JsonReader in) {
            if (in.nextToken() != JsonToken.FIELD_NAME || !SCHEMA_KEY.equals(in.currentName())) { // checked by isInline
                throw ReadErrors.error(in, ReadErrors.describe(in) + " where the key \"~s\" of an inline document belongs");
            }
            if (in.nextToken() != JsonToken.VALUE_STRING) {
                throw ReadErrors.error(in, ReadErrors.describe(in) + " where the schema notation belongs");
            }
            SchemaCache.Entry entry;
            try {
                entry = cache.forText(Lexemes.checkUnicode(in, in.getText()));
            } catch (TypedJsonException e) {
                throw e.byteOffset() >= 0 ? e : ReadErrors.error(in, e.getMessage());
            } catch (DataException e) {
                throw ReadErrors.error(in, e.getMessage());
            }
            KnownInlineReader known = lastInline;
            if (known == null || known.entry != entry) {
                lastInline = new KnownInlineReader(entry);
            }
            return readValue(in, entry);
        }
    }

    private static void writeInline(JsonWriter out, SchemaCache.Entry entry, Object value) {
        out.writeStartObject();
        out.writeFieldName(SCHEMA_KEY);
        out.writeString(entry.quoted);
        out.writeFieldName(VALUE_KEY);
        entry.positional.write(out, value);
        out.writeEndObject();
    }

    /** The rest of an inline document after its schema: {@code ,"~v":<value>}}. */
    private static SchemaAndValue readValue(JsonReader in, SchemaCache.Entry entry) {
        if (in.nextToken() != JsonToken.FIELD_NAME || !VALUE_KEY.equals(in.currentName())) {
            throw ReadErrors.error(in, ReadErrors.describe(in) + " where the key \"~v\" belongs");
        }
        in.nextToken();
        Object value = entry.positional.read(in);
        if (in.nextToken() != JsonToken.END_OBJECT) {
            throw ReadErrors.error(in, ReadErrors.describe(in) + " after the value of an inline document (it has only the keys \"~s\" and \"~v\")");
        }
        return new SchemaAndValue(entry.schema, value);
    }

    /**
     * Reads inline documents of one schema that start with the writer's bytes {@code {"~s":"<notation>","~v":}:
     * the notation is compared as bytes and never decoded into a String or looked up. Any other spelling (other
     * whitespace, escapes, another schema) goes through {@link InlineCodec}.
     */
    private static final class KnownInlineReader implements Codec<SchemaAndValue> {
        final SchemaCache.Entry entry;
        private final byte[] prefix;

        KnownInlineReader(SchemaCache.Entry entry) {
            this.entry = entry;
            byte[] start = ("{\"" + SCHEMA_KEY + "\":").getBytes(StandardCharsets.UTF_8);
            byte[] notation = entry.quoted.quotedUtf8();
            byte[] end = (",\"" + VALUE_KEY + "\":").getBytes(StandardCharsets.UTF_8);
            this.prefix = new byte[start.length + notation.length + end.length];
            System.arraycopy(start, 0, prefix, 0, start.length);
            System.arraycopy(notation, 0, prefix, start.length, notation.length);
            System.arraycopy(end, 0, prefix, start.length + notation.length, end.length);
        }

        /**
         * One level less deep than {@code format} and two elements fewer (the envelope and its notation), for the value
         * inside the envelope; null when that leaves no depth or element at all.
         */
        static TypedJsonFormat valueFormat(TypedJsonFormat format) {
            io.typedjson.format.Limits l = format.limits();
            return l.maxDepth() < 2 || l.maxElements() < 3 ? null : new TypedJsonFormat(new io.typedjson.format.Limits(
                    l.maxDepth() - 1, l.maxNumberLength(), l.maxStringLength(), l.maxDocumentLength(), l.maxElements() - 2));
        }

        /**
         * A document that starts with this reader's prefix: the value after the prefix is read on its own, as a
         * document that ends before the envelope's last '}', so that the notation is never scanned again. Whatever
         * that refuses is read again whole, which gives the refusal its path and offset in the whole document (or
         * reads a spelling the shortcut does not take, such as whitespace before the last '}').
         */
        SchemaAndValue read(TypedJsonFormat format, TypedJsonFormat valueFormat, byte[] document) {
            int valueLength = document.length - prefix.length - 1;
            if (valueFormat != null && document[document.length - 1] == '}'
                    && document.length <= format.limits().maxDocumentLength()) {
                try {
                    return new SchemaAndValue(entry.schema, valueFormat.read(entry.positional, document, prefix.length, valueLength));
                } catch (TypedJsonException e) {
                    // read whole below, for the error in the document's own terms
                }
            }
            return format.read(this, document);
        }

        boolean startsDocument(byte[] document) {
            return document.length > prefix.length
                    && Arrays.equals(document, 0, prefix.length, prefix, 0, prefix.length);
        }

        /** Writes a value of this reader's schema as the document it reads (the schema of {@code value} is not looked at). */
        @Override
        public void write(JsonWriter out, SchemaAndValue value) {
            writeInline(out, entry, value.value());
        }

        @Override
        public SchemaAndValue read(JsonReader in) {
            // the prefix was compared: "~s", then the notation as a string token
            if (in.nextToken() != JsonToken.FIELD_NAME || in.nextToken() != JsonToken.VALUE_STRING) {
                throw ReadErrors.error(in, ReadErrors.describe(in) + " where the schema of an inline document belongs");
            }
            return readValue(in, entry);
        }
    }

    private static String loadVersion() {
        try (InputStream in = TypedJsonConverter.class.getResourceAsStream("version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

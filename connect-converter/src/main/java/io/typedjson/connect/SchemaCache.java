package io.typedjson.connect;

import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.EncodedString;
import io.typedjson.format.TypedJsonFormat;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import io.typedjson.format.Limits;
import io.typedjson.serde.TypedJsonConfig;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.data.Schema;

/**
 * Compiled schemas, looked up by Schema identity (then equality) when writing and by schema text when reading,
 * so that a steady stream does no schema work per record. Thread-safe.
 */
final class SchemaCache {

    /** A schema with its notation and its codecs. */
    static final class Entry {
        final Schema schema;
        final String text;
        final byte[] textBytes;
        /** The text as a JSON string, encoded once. */
        final EncodedString quoted;
        final ValueCodec positional;
        final ValueCodec object;

        Entry(Schema schema, String text) {
            this.schema = schema;
            this.text = text;
            this.textBytes = text.getBytes(StandardCharsets.UTF_8);
            this.quoted = EncodedString.of(text);
            this.positional = ValueCodec.of(schema, true);
            this.object = ValueCodec.of(schema, false);
        }

        /** Location none's codec (the dynamic model's spelling, written only), made on first use. */
        private volatile ValueCodec dynamic;

        ValueCodec dynamic() {
            ValueCodec d = dynamic;
            if (d == null) {
                dynamic = d = ValueCodec.of(schema, ValueCodec.Spelling.DYNAMIC);
            }
            return d;
        }

        /** Location reference's fingerprint of the text, made on first use (the other locations never need it). */
        private volatile byte[] fingerprint;

        byte[] fingerprint() {
            byte[] f = fingerprint;
            if (f == null) {
                fingerprint = f = ConnectEnvelope.fingerprint(textBytes);
            }
            return f;
        }
    }

    private final TypedJsonFormat format;
    private final Lru<Schema> bySchema;
    private final Lru<String> byText;
    private final SchemaNotation.Defaults defaults = new SchemaNotation.Defaults() {
        // default values in the notation are typed JSON with structs as objects, whatever the location
        @Override
        public String write(Schema schema, Object value) {
            return new String(format.write(ValueCodec.of(schema, false), value), StandardCharsets.UTF_8);
        }

        @Override
        public Object read(Schema schema, String json) {
            return format.read(ValueCodec.of(schema, false), json.getBytes(StandardCharsets.UTF_8));
        }
    };
    /** Counts hits and misses once a worker or client gave the converter its plugin metrics; null until then. */
    volatile ConverterMetrics metrics;
    private volatile Entry lastOut;
    private volatile Entry lastIn;
    /** The last schema {@link #checkBounds} accepted, so that a steady stream walks its schema once. */
    private volatile Schema lastChecked;

    /**
     * @param maxSize    most entries in each of the two maps
     * @param maxWeight  most characters of notation kept in each map: a hostile stream of large distinct schemas
     *                   cannot fill the heap
     */
    SchemaCache(TypedJsonFormat format, int maxSize, long maxWeight) {
        this.format = format;
        this.bySchema = new Lru<>(maxSize, maxWeight);
        this.byText = new Lru<>(maxSize, maxWeight);
    }

    SchemaCache(TypedJsonFormat format, int maxSize) {
        this(format, maxSize, DEFAULT_MAX_WEIGHT);
    }

    /** 64 Mi characters of notation per map (a notation is rarely more than a few KiB). */
    static final long DEFAULT_MAX_WEIGHT = 64L << 20;

    Entry forSchema(Schema schema) {
        Entry e = lastOut;
        ConverterMetrics m = metrics;
        if (e != null && e.schema == schema) {
            if (m != null) {
                m.cacheHit();
            }
            return e;
        }
        checkBounds(schema); // before hashCode(), which recurses
        e = bySchema.get(schema);
        if (e == null) {
            String text = SchemaNotation.write(schema, defaults, format.limits().maxStringLength());
            e = new Entry(schema, text);
            bySchema.put(schema, e);
            if (m != null) {
                m.cacheMiss();
            }
        } else if (m != null) {
            m.cacheHit();
        }
        lastOut = e;
        return e;
    }

    /** Refuses a schema too deep or too large for {@link Limits}; Connect's own schema methods recurse. */
    void checkBounds(Schema schema) {
        if (schema != lastChecked) {
            Limits limits = format.limits();
            SchemaBounds.check(schema, limits.maxDepth(), limits.maxStringLength());
            lastChecked = schema;
        }
    }

    Entry forText(String text) {
        Entry e = lastIn;
        ConverterMetrics m = metrics;
        if (e != null && e.text.equals(text)) {
            if (m != null) {
                m.cacheHit();
            }
            return e;
        }
        e = byText.get(text);
        if (e == null) {
            e = new Entry(SchemaNotation.parse(text, defaults, format.limits()), text);
            byText.put(text, e);
            if (m != null) {
                m.cacheMiss();
            }
        } else if (m != null) {
            m.cacheHit();
        }
        lastIn = e;
        return e;
    }

    /** Reading a header's schema: compares the bytes with the last one before decoding them, strictly, as UTF-8. */
    Entry forText(byte[] utf8) {
        Entry e = lastIn;
        if (e != null && Arrays.equals(e.textBytes, utf8)) {
            ConverterMetrics m = metrics;
            if (m != null) {
                m.cacheHit();
            }
            return e;
        }
        return forText(utf8Text(utf8, format.limits().maxStringLength()));
    }

    /** Header bytes as text: invalid UTF-8 (which {@code new String} would turn into U+FFFD) is refused. */
    static String utf8Text(byte[] utf8, int maxLength) {
        if (utf8.length / 3 > maxLength) { // at most 3 bytes per UTF-16 unit: surely too long, do not decode
            throw new DataException("a schema notation of " + utf8.length + " bytes is longer than the limit of "
                    + maxLength + " characters (raise " + TypedJsonConfig.MAX_STRING_LENGTH + " to allow longer schemas)");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(utf8)).toString();
        } catch (CharacterCodingException e) {
            throw new DataException("the schema notation is not UTF-8 text (" + e + ")");
        }
    }

    int sizeForTest() {
        return byText.size() + bySchema.size();
    }

    boolean holdsText(String text) {
        return byText.contains(text);
    }

    /**
     * A map that drops its least recently used entries when it holds more than {@code maxSize} of them or more
     * than {@code maxWeight} characters of notation. Lookups are rare (the converter first compares with the
     * last entry used), so one lock is enough.
     */
    static final class Lru<K> {
        private final int maxSize;
        private final long maxWeight;
        private final LinkedHashMap<K, Entry> map = new LinkedHashMap<>(16, 0.75f, true);
        private long weight;

        Lru(int maxSize, long maxWeight) {
            this.maxSize = maxSize;
            this.maxWeight = maxWeight;
        }

        synchronized Entry get(K key) {
            return map.get(key);
        }

        synchronized boolean contains(K key) {
            return map.containsKey(key);
        }

        synchronized int size() {
            return map.size();
        }

        synchronized void clear() {
            map.clear();
            weight = 0;
        }

        synchronized void put(K key, Entry e) {
            if (e.text.length() > maxWeight) {
                return; // larger than the whole cache: used, not kept
            }
            Entry old = map.put(key, e);
            weight += e.text.length() - (old == null ? 0 : old.text.length());
            Iterator<Map.Entry<K, Entry>> eldest = map.entrySet().iterator();
            while (map.size() > maxSize || weight > maxWeight) {
                Entry dropped = eldest.next().getValue();
                eldest.remove();
                weight -= dropped.text.length();
            }
        }
    }
}

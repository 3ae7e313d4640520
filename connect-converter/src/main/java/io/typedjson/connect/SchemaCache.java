package io.typedjson.connect;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.io.SerializedString;
import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
        final SerializedString quoted;
        final ValueCodec positional;
        final ValueCodec object;
        /** Writes {@code {"~s":"<text>","~v":<value>}}. */
        final Codec<Object> inline;

        Entry(Schema schema, String text) {
            this.schema = schema;
            this.text = text;
            this.textBytes = text.getBytes(StandardCharsets.UTF_8);
            this.quoted = new SerializedString(text);
            this.positional = ValueCodec.of(schema, true);
            this.object = ValueCodec.of(schema, false);
            this.inline = new Codec<>() {
                @Override
                public void write(JsonGenerator out, Object value) throws IOException {
                    out.writeStartObject();
                    out.writeFieldName(TypedJsonConverter.SCHEMA_KEY);
                    out.writeString(quoted);
                    out.writeFieldName(TypedJsonConverter.VALUE_KEY);
                    positional.write(out, value);
                    out.writeEndObject();
                }

                @Override
                public Object read(JsonParser in) {
                    throw new UnsupportedOperationException("inline documents are read by TypedJsonConverter");
                }
            };
        }
    }

    private final TypedJsonFormat format;
    private final int maxSize;
    private final Map<Schema, Entry> bySchema = new ConcurrentHashMap<>();
    private final Map<String, Entry> byText = new ConcurrentHashMap<>();
    private volatile Entry lastOut;
    private volatile Entry lastIn;

    SchemaCache(TypedJsonFormat format, int maxSize) {
        this.format = format;
        this.maxSize = maxSize;
    }

    Entry forSchema(Schema schema) {
        Entry e = lastOut;
        if (e != null && e.schema == schema) {
            return e;
        }
        e = bySchema.get(schema);
        if (e == null) {
            e = new Entry(schema, SchemaNotation.write(schema, this::writeDefault));
            bound(bySchema);
            bySchema.put(schema, e);
        }
        lastOut = e;
        return e;
    }

    Entry forText(String text) {
        Entry e = lastIn;
        if (e != null && e.text.equals(text)) {
            return e;
        }
        e = byText.get(text);
        if (e == null) {
            e = new Entry(SchemaNotation.parse(text, this::readDefault), text);
            bound(byText);
            byText.put(text, e);
        }
        lastIn = e;
        return e;
    }

    /** Reading a header's schema: compares the bytes with the last one before decoding them. */
    Entry forText(byte[] utf8) {
        Entry e = lastIn;
        if (e != null && java.util.Arrays.equals(e.textBytes, utf8)) {
            return e;
        }
        return forText(new String(utf8, StandardCharsets.UTF_8));
    }

    private void bound(Map<?, ?> map) {
        if (map.size() >= maxSize) {
            map.clear();
        }
    }

    // default values in the notation are typed JSON with structs as objects, whatever the location
    private String writeDefault(Schema schema, Object value) {
        return new String(format.write(ValueCodec.of(schema, false), value), StandardCharsets.UTF_8);
    }

    private Object readDefault(Schema schema, String json) {
        return format.read(ValueCodec.of(schema, false), json.getBytes(StandardCharsets.UTF_8));
    }
}

package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.storage.Converter;

/**
 * A Kafka Connect value converter on the data set's Struct and schema, called as a Connect worker calls it (with the
 * record's headers), and timed with the work Kafka does for every record: the value copied into a record and back out
 * of it. When the converter may put something in record headers, the encoded bytes are the value followed by the
 * headers in Kafka's record layout (varint lengths), so sizes count value plus headers; without headers they are a
 * copy of the value, so sizes count the value alone. A converter that writes headers and one that does not are thus
 * timed on the same work, besides the headers themselves.
 */
public final class ConverterCodec extends MappedCodec<SchemaAndValue> {
    private final Converter converter;
    /** What reads the bytes back: {@link #converter}, or another converter configured for them. */
    private final Converter reader;
    private final boolean headers;

    /** What a codec's settings add about what is counted and timed: {@code headers} as for the constructor. */
    static String settings(String settings, boolean headers) {
        return settings + (headers
                ? ". Counted: the value, then its record headers in Kafka's record layout (varint lengths and count, "
                + "each header's key and value). Timed: the converter, the value and headers framed in that layout and "
                + "read back out of it (keys decoded, values copied), as Kafka's producer and consumer do"
                : ". Counted: the value alone. Timed: the converter, the value copied into a record and back out of it, "
                + "as Kafka's producer and consumer do (a record without headers, its lengths not counted)");
    }

    /**
     * @param config  the converter's configuration; it is configured as a value converter
     * @param headers whether the converter may write record headers (then they are counted and passed back)
     */
    public ConverterCodec(String name, String settings, Converter converter, Map<String, ?> config,
                          Dataset<Object> dataset, boolean headers) {
        super(name, settings(settings, headers), toConnect(dataset), fromConnect(dataset));
        this.converter = converter;
        this.reader = converter;
        this.headers = headers;
        converter.configure(config, false);
    }

    /**
     * A writer and a reader configured apart, as a source and a sink that agree on a schema out of band (KIP-1054's
     * {@code schema.content}); neither writes record headers.
     */
    public ConverterCodec(String name, String settings, Converter writer, Map<String, ?> writerConfig,
                          Converter reader, Map<String, ?> readerConfig, Dataset<Object> dataset) {
        super(name, settings(settings, false), toConnect(dataset), fromConnect(dataset));
        this.converter = writer;
        this.reader = reader;
        this.headers = false;
        writer.configure(writerConfig, false);
        reader.configure(readerConfig, false);
    }

    static Function<Object, SchemaAndValue> toConnect(Dataset<Object> dataset) {
        return r -> new SchemaAndValue(dataset.connectSchema(), dataset.toStruct(r));
    }

    static Function<SchemaAndValue, Object> fromConnect(Dataset<Object> dataset) {
        return v -> v.value() instanceof Struct s ? dataset.fromStruct(s) : null;
    }

    @Override
    public byte[] encode(SchemaAndValue value) {
        Headers h = new RecordHeaders(); // what a Connect worker gives every converter
        byte[] bytes = converter.fromConnectData(Codecs.TOPIC, h, value.schema(), value.value());
        if (headers) {
            return frame(bytes, h);
        }
        if (h.toArray().length != 0) {
            throw new IllegalStateException(name() + " wrote a record header, which its bytes do not count");
        }
        return bytes.clone(); // into the record: the value alone is counted
    }

    @Override
    public SchemaAndValue decode(byte[] bytes) {
        Headers h = new RecordHeaders(); // what a consumer gives every record
        return reader.toConnectData(Codecs.TOPIC, h, headers ? unframe(bytes, h) : bytes.clone());
    }

    /** The value and headers in Kafka's record layout, each header key encoded per record as the producer does. */
    private static byte[] frame(byte[] value, Headers h) {
        Header[] all = h.toArray();
        byte[][] keys = new byte[all.length][];
        int size = sizeOf(value) + sizeOfVarint(all.length);
        for (int i = 0; i < all.length; i++) {
            keys[i] = all[i].key().getBytes(StandardCharsets.UTF_8);
            size += sizeOf(keys[i]) + sizeOf(all[i].value());
        }
        byte[] out = new byte[size];
        int at = writeBytes(out, 0, value);
        at = writeVarint(out, at, all.length);
        for (int i = 0; i < all.length; i++) {
            at = writeBytes(out, at, keys[i]);
            at = writeBytes(out, at, all[i].value());
        }
        return out;
    }

    /** The value of a {@link #frame}d record, its headers added to {@code h} (keys decoded, values copied, as a consumer does). */
    private static byte[] unframe(byte[] in, Headers h) {
        int length = readVarint(in, 0);
        int at = sizeOfVarint(length);
        byte[] value = Arrays.copyOfRange(in, at, at += length);
        int count = readVarint(in, at);
        at += sizeOfVarint(count);
        for (; count > 0; count--) {
            length = readVarint(in, at);
            at += sizeOfVarint(length);
            String key = new String(in, at, length, StandardCharsets.UTF_8);
            at += length;
            length = readVarint(in, at);
            at += sizeOfVarint(length);
            h.add(key, Arrays.copyOfRange(in, at, at += length));
        }
        return value;
    }

    // Kafka's record format writes lengths and counts as zig-zag varints, each in the fewest bytes

    private static int sizeOfVarint(int n) {
        int v = (n << 1) ^ (n >> 31);
        int bytes = 1;
        while ((v & 0xffffff80) != 0) {
            bytes++;
            v >>>= 7;
        }
        return bytes;
    }

    private static int writeVarint(byte[] out, int at, int n) {
        int v = (n << 1) ^ (n >> 31);
        while ((v & 0xffffff80) != 0) {
            out[at++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out[at++] = (byte) v;
        return at;
    }

    private static int readVarint(byte[] in, int at) {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = in[at++];
            v |= (b & 0x7f) << shift;
            if (b >= 0) {
                return (v >>> 1) ^ -(v & 1);
            }
        }
    }

    private static int sizeOf(byte[] b) {
        return sizeOfVarint(b.length) + b.length;
    }

    private static int writeBytes(byte[] out, int at, byte[] b) {
        at = writeVarint(out, at, b.length);
        System.arraycopy(b, 0, out, at, b.length);
        return at + b.length;
    }
}

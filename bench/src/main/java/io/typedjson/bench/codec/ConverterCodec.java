package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.storage.Converter;

/**
 * A Kafka Connect value converter on the data set's Struct and schema. When the converter may put something in
 * record headers, the encoded bytes are the value followed by the headers in Kafka's record layout (varint lengths),
 * so sizes count value plus headers.
 */
public final class ConverterCodec extends MappedCodec<SchemaAndValue> {
    private final Converter converter;
    /** What reads the bytes back: {@link #converter}, or another converter configured for them. */
    private final Converter reader;
    private final boolean headers;

    /**
     * @param config  the converter's configuration; it is configured as a value converter
     * @param headers whether the converter may write record headers (then they are counted and passed back)
     */
    public ConverterCodec(String name, String settings, Converter converter, Map<String, ?> config,
                          Dataset<Object> dataset, boolean headers) {
        super(name, settings, toConnect(dataset), fromConnect(dataset));
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
        super(name, settings, toConnect(dataset), fromConnect(dataset));
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
        if (!headers) {
            return converter.fromConnectData(Codecs.TOPIC, value.schema(), value.value());
        }
        Headers h = new RecordHeaders();
        byte[] bytes = converter.fromConnectData(Codecs.TOPIC, h, value.schema(), value.value());
        return frame(bytes, h);
    }

    @Override
    public SchemaAndValue decode(byte[] bytes) {
        if (!headers) {
            return reader.toConnectData(Codecs.TOPIC, bytes);
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte[] value = readBytes(in);
        Headers h = new RecordHeaders();
        for (int n = readVarint(in); n > 0; n--) {
            h.add(new String(readBytes(in), StandardCharsets.UTF_8), readBytes(in));
        }
        return reader.toConnectData(Codecs.TOPIC, h, value);
    }

    private static byte[] frame(byte[] value, Headers h) {
        Header[] all = h.toArray();
        byte[][] keys = new byte[all.length][];
        int size = sizeOf(value) + sizeOfVarint(all.length);
        for (int i = 0; i < all.length; i++) {
            keys[i] = all[i].key().getBytes(StandardCharsets.UTF_8);
            size += sizeOf(keys[i]) + sizeOf(all[i].value());
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        writeBytes(out, value);
        writeVarint(all.length, out);
        for (int i = 0; i < all.length; i++) {
            writeBytes(out, keys[i]);
            writeBytes(out, all[i].value());
        }
        return out.array();
    }

    // Kafka's record format writes lengths and counts as zig-zag varints

    private static int sizeOfVarint(int n) {
        int v = (n << 1) ^ (n >> 31);
        int bytes = 1;
        while ((v & 0xffffff80) != 0) {
            bytes++;
            v >>>= 7;
        }
        return bytes;
    }

    private static void writeVarint(int n, ByteBuffer out) {
        int v = (n << 1) ^ (n >> 31);
        while ((v & 0xffffff80) != 0) {
            out.put((byte) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        out.put((byte) v);
    }

    private static int readVarint(ByteBuffer in) {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = in.get();
            v |= (b & 0x7f) << shift;
            if (b >= 0) {
                return (v >>> 1) ^ -(v & 1);
            }
        }
    }

    private static int sizeOf(byte[] b) {
        return sizeOfVarint(b.length) + b.length;
    }

    private static void writeBytes(ByteBuffer out, byte[] b) {
        writeVarint(b.length, out);
        out.put(b);
    }

    private static byte[] readBytes(ByteBuffer in) {
        byte[] b = new byte[readVarint(in)];
        in.get(b);
        return b;
    }
}

package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.common.utils.internals.ByteBufferOutputStream;
import org.apache.kafka.common.utils.internals.ByteUtils;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.storage.Converter;

/**
 * A Kafka Connect value converter on the data set's Struct and schema, called as a Connect worker calls it (with the
 * record's headers), and timed with the work Kafka does for every record: the value copied into a record and back out
 * of it. When the converter may put something in record headers, the encoded bytes are the value followed by the
 * headers in Kafka's record layout (varint lengths), so sizes count value plus headers; without headers they are a
 * copy of the value, so sizes count the value alone. A converter that writes headers and one that does not are thus
 * timed on the same work, besides the headers themselves, on which the work is the one Kafka's own code does
 * ({@link #frame}, {@link #headers}).
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
                + "read back out of it, with the work Kafka's producer and consumer do on headers (sized four times and "
                + "written with keys encoded; read as slices, keys decoded and values copied when asked for)"
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
        if (!headers) {
            return reader.toConnectData(Codecs.TOPIC, new RecordHeaders(), bytes.clone()); // what a consumer gives
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte[] value = value(in);
        return reader.toConnectData(Codecs.TOPIC, headers(in), value);
    }

    /** How many times Kafka's producer sizes a record's headers (DefaultRecord.sizeOf) to send it; see {@link #frame}. */
    private static final int SIZINGS = 4;

    /**
     * The value and headers in Kafka's record layout, with the producer's work on the headers of each record: their
     * {@code toArray} (KafkaProducer.doSend), their size taken {@value #SIZINGS} times (the upper bounds of doSend and
     * ProducerBatch.tryAppend, MemoryRecordsBuilder.hasRoomFor, DefaultRecord.writeTo), each time each key measured as
     * UTF-8 ({@code Utils.utf8Length}), and their bytes written as DefaultRecord.writeTo writes them: the key encoded
     * ({@code Utils.utf8}), varints and bytes through a {@link DataOutputStream}, whose writes take its lock.
     */
    static byte[] frame(byte[] value, Headers h) {
        Header[] all = h.toArray();
        int headersSize = 0;
        for (int i = 0; i < SIZINGS; i++) {
            headersSize = sizeOfHeaders(all);
        }
        byte[] out = new byte[sizeOfVarint(value.length) + value.length + headersSize];
        int at = writeVarint(out, 0, value.length);
        System.arraycopy(value, 0, out, at, value.length); // the value, copied as every converter codec's is
        at += value.length;
        DataOutputStream record = new DataOutputStream(new ByteBufferOutputStream(ByteBuffer.wrap(out, at, out.length - at)));
        try {
            ByteUtils.writeVarint(all.length, record);
            for (Header header : all) {
                byte[] key = Utils.utf8(header.key());
                ByteUtils.writeVarint(key.length, record);
                record.write(key);
                byte[] v = header.value();
                if (v == null) {
                    ByteUtils.writeVarint(-1, record);
                } else {
                    ByteUtils.writeVarint(v.length, record);
                    record.write(v);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** DefaultRecord.sizeOf's part for headers. */
    private static int sizeOfHeaders(Header[] headers) {
        int size = ByteUtils.sizeOfVarint(headers.length);
        for (Header header : headers) {
            int keySize = Utils.utf8Length(header.key());
            byte[] v = header.value();
            size += ByteUtils.sizeOfVarint(keySize) + keySize + (v == null ? 1 : ByteUtils.sizeOfVarint(v.length) + v.length);
        }
        return size;
    }

    /** The value of a {@link #frame}d record, copied out of it as a consumer's ByteArrayDeserializer does. */
    static byte[] value(ByteBuffer in) {
        int length = ByteUtils.readVarint(in);
        int at = in.position();
        in.position(at + length);
        return Arrays.copyOfRange(in.array(), at, at + length);
    }

    /**
     * The headers after a {@link #frame}d record's value, as Kafka's consumer gives them: each key and value a slice of
     * the record (DefaultRecord.readHeaders), the key decoded and the value copied only when asked for (RecordHeader),
     * all in the record's RecordHeaders (CompletedFetch.parseRecord).
     */
    static Headers headers(ByteBuffer in) {
        Header[] all = new Header[ByteUtils.readVarint(in)];
        for (int i = 0; i < all.length; i++) {
            ByteBuffer key = Utils.readBytes(in, ByteUtils.readVarint(in));
            int valueSize = ByteUtils.readVarint(in);
            all[i] = new RecordHeader(key, valueSize < 0 ? null : Utils.readBytes(in, valueSize));
        }
        return new RecordHeaders(all);
    }

    // Kafka's record format writes lengths and counts as zig-zag varints, each in the fewest bytes

    private static int sizeOfVarint(int n) {
        return ByteUtils.sizeOfVarint(n);
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
}

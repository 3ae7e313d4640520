package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/** Avro binary encoding of GenericRecords, the writer's schema known to the reader (no registry, no header). */
final class AvroCodec implements BenchCodec<GenericRecord> {
    private final Dataset<Object> dataset;
    private final Schema schema;
    private final GenericDatumWriter<GenericRecord> writer;
    private final GenericDatumReader<GenericRecord> reader;

    AvroCodec(Dataset<Object> dataset) {
        this.dataset = dataset;
        schema = AvroMapping.avroSchema(dataset.connectSchema());
        writer = new GenericDatumWriter<>(schema);
        reader = new GenericDatumReader<>(schema);
    }

    @Override
    public String settings() {
        return "Avro GenericDatumWriter / GenericDatumReader, binary, the schema (derived from the Connect schema) known to "
                + "both sides, no header; strings read as java.lang.String; Decimal, timestamp-millis, date logical types";
    }

    @Override
    public String name() {
        return "avro";
    }

    @Override
    public GenericRecord prepare(Object record) {
        return AvroMapping.toRecord(dataset.toStruct(record), schema);
    }

    @Override
    public byte[] encode(GenericRecord value) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(256);
            BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
            writer.write(value, encoder);
            encoder.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public GenericRecord decode(byte[] bytes) {
        try {
            return reader.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Object toRecord(GenericRecord decoded) {
        return dataset.fromStruct(AvroMapping.toStruct(decoded, dataset.connectSchema()));
    }
}

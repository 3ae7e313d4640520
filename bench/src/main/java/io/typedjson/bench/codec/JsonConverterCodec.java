package io.typedjson.bench.codec;

import io.typedjson.bench.data.Dataset;
import java.util.Map;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * Kafka Connect's JsonConverter on the data set's Struct, with its defaults and {@code schemas.enable} on or off.
 * Off, the schema is used to write but not sent, so what comes back is a schemaless map.
 */
final class JsonConverterCodec implements BenchCodec<SchemaAndValue> {
    private final Dataset<Object> dataset;
    private final boolean schemas;
    private final JsonConverter converter = new JsonConverter();

    JsonConverterCodec(Dataset<Object> dataset, boolean schemas) {
        this.dataset = dataset;
        this.schemas = schemas;
        converter.configure(Map.of("schemas.enable", Boolean.toString(schemas)), false);
    }

    @Override
    public String settings() {
        return schemas
                ? "JsonConverter, schemas.enable=true, other settings at their defaults (decimal.format=BASE64, "
                + "replace.null.with.default=true); Struct in, Struct out"
                : "JsonConverter, schemas.enable=false, other settings at their defaults: the Struct and its schema in, "
                + "a schemaless Map out (no setting makes schemaless JSON exact)";
    }

    @Override
    public String name() {
        return schemas ? "jsonconverter-schemas" : "jsonconverter-plain";
    }

    @Override
    public SchemaAndValue prepare(Object record) {
        return new SchemaAndValue(dataset.connectSchema(), dataset.toStruct(record));
    }

    @Override
    public byte[] encode(SchemaAndValue value) {
        return converter.fromConnectData(Codecs.TOPIC, value.schema(), value.value());
    }

    @Override
    public SchemaAndValue decode(byte[] bytes) {
        return converter.toConnectData(Codecs.TOPIC, bytes);
    }

    @Override
    public Object toRecord(SchemaAndValue decoded) {
        return decoded.value() instanceof Struct s ? dataset.fromStruct(s) : null;
    }
}

package io.typedjson.bench.codec;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;

/**
 * Derives an Avro schema from a Connect schema and maps Structs to GenericRecords and back (never timed).
 * Plain GenericData without logical-type conversions: Decimal as unscaled bytes, Timestamp as epoch ms, Date as
 * epoch days; strings read back as java.lang.String.
 */
final class AvroMapping {
    private AvroMapping() {}

    static org.apache.avro.Schema avroSchema(Schema schema) {
        return avroSchema(schema, new HashMap<>());
    }

    private static org.apache.avro.Schema avroSchema(Schema schema, Map<String, org.apache.avro.Schema> named) {
        org.apache.avro.Schema base = baseSchema(schema, named);
        return schema.isOptional()
                ? org.apache.avro.Schema.createUnion(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.NULL), base)
                : base;
    }

    private static org.apache.avro.Schema baseSchema(Schema schema, Map<String, org.apache.avro.Schema> named) {
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Decimal.LOGICAL_NAME:
                int scale = Integer.parseInt(schema.parameters().get(Decimal.SCALE_FIELD));
                return LogicalTypes.decimal(38, scale).addToSchema(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.BYTES));
            case Timestamp.LOGICAL_NAME:
                return LogicalTypes.timestampMillis().addToSchema(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.LONG));
            case Date.LOGICAL_NAME:
                return LogicalTypes.date().addToSchema(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.INT));
            default:
                break;
        }
        switch (schema.type()) {
            case INT8:
            case INT16:
            case INT32:
                return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.INT);
            case INT64:
                return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.LONG);
            case FLOAT32:
                return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.FLOAT);
            case FLOAT64:
                return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.DOUBLE);
            case BOOLEAN:
                return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.BOOLEAN);
            case BYTES:
                return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.BYTES);
            case STRING:
                org.apache.avro.Schema string = org.apache.avro.Schema.create(org.apache.avro.Schema.Type.STRING);
                string.addProp(GenericData.STRING_PROP, GenericData.StringType.String.name());
                return string;
            case ARRAY:
                return org.apache.avro.Schema.createArray(avroSchema(schema.valueSchema(), named));
            case STRUCT:
                // Avro records must be named; an unnamed Connect struct gets a name Avro alone sees
                String recordName = schema.name() != null ? schema.name() : "Record" + named.size();
                org.apache.avro.Schema known = named.get(recordName);
                if (known != null) {
                    return known;
                }
                List<org.apache.avro.Schema.Field> fields = new ArrayList<>();
                for (Field f : schema.fields()) {
                    fields.add(new org.apache.avro.Schema.Field(f.name(), avroSchema(f.schema(), named)));
                }
                org.apache.avro.Schema record = org.apache.avro.Schema.createRecord(recordName, null, null, false, fields);
                named.put(recordName, record);
                return record;
            default:
                throw new IllegalArgumentException("no Avro mapping for " + schema.type());
        }
    }

    static GenericRecord toRecord(Struct struct, org.apache.avro.Schema schema) {
        GenericData.Record record = new GenericData.Record(nonNull(schema));
        for (Field f : struct.schema().fields()) {
            record.put(f.name(), toAvro(f.schema(), struct.get(f), record.getSchema().getField(f.name()).schema()));
        }
        return record;
    }

    private static Object toAvro(Schema schema, Object v, org.apache.avro.Schema avro) {
        if (v == null) {
            return null;
        }
        switch (schema.type()) {
            case ARRAY:
                List<Object> list = new ArrayList<>();
                for (Object e : (List<?>) v) {
                    list.add(toAvro(schema.valueSchema(), e, nonNull(avro).getElementType()));
                }
                return list;
            case STRUCT:
                return toRecord((Struct) v, avro);
            default:
                Object wire = WireValues.toWire(schema, v);
                return wire instanceof byte[] b ? ByteBuffer.wrap(b) : wire;
        }
    }

    static Struct toStruct(GenericRecord record, Schema schema) {
        Struct struct = new Struct(schema);
        for (Field f : schema.fields()) {
            struct.put(f, fromAvro(f.schema(), record.get(f.name())));
        }
        return struct;
    }

    private static Object fromAvro(Schema schema, Object v) {
        if (v == null) {
            return null;
        }
        switch (schema.type()) {
            case STRING:
                return v.toString();
            case ARRAY:
                List<Object> list = new ArrayList<>();
                for (Object e : (List<?>) v) {
                    list.add(fromAvro(schema.valueSchema(), e));
                }
                return list;
            case STRUCT:
                return toStruct((GenericRecord) v, schema);
            default:
                return WireValues.fromWire(schema, v instanceof ByteBuffer b ? bytes(b) : v);
        }
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    private static org.apache.avro.Schema nonNull(org.apache.avro.Schema s) {
        if (s.getType() != org.apache.avro.Schema.Type.UNION) {
            return s;
        }
        return s.getTypes().stream().filter(t -> t.getType() != org.apache.avro.Schema.Type.NULL).findFirst().orElseThrow();
    }
}

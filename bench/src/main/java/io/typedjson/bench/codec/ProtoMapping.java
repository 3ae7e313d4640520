package io.typedjson.bench.codec;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;

/**
 * Maps a Connect Struct to the generated protobuf message of the same field names and back, by reflection
 * (never timed). Conventions of bench.proto: Decimal as unscaled bytes, Timestamp as epoch ms, Date as epoch days,
 * a nullable list element wrapped in a message with one optional field {@code value}.
 */
final class ProtoMapping {
    private static final long DAY_MS = TimeUnit.DAYS.toMillis(1);

    private ProtoMapping() {}

    static Message toMessage(Struct struct, Message.Builder builder) {
        for (Field f : struct.schema().fields()) {
            FieldDescriptor fd = builder.getDescriptorForType().findFieldByName(f.name());
            Object v = struct.get(f);
            if (v == null) {
                continue;
            }
            if (fd.isRepeated()) {
                for (Object e : (List<?>) v) {
                    builder.addRepeatedField(fd, toProto(f.schema().valueSchema(), e, fd, builder));
                }
            } else {
                builder.setField(fd, toProto(f.schema(), v, fd, builder));
            }
        }
        return builder.build();
    }

    private static Object toProto(Schema schema, Object v, FieldDescriptor fd, Message.Builder parent) {
        if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE && schema.type() != Schema.Type.STRUCT) {
            Message.Builder wrapper = parent.newBuilderForField(fd);
            FieldDescriptor value = wrapper.getDescriptorForType().findFieldByName("value");
            if (v != null) {
                wrapper.setField(value, toProto(schema, v, value, wrapper));
            }
            return wrapper.build();
        }
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Decimal.LOGICAL_NAME:
                return ByteString.copyFrom(((BigDecimal) v).unscaledValue().toByteArray());
            case Timestamp.LOGICAL_NAME:
                return ((java.util.Date) v).getTime();
            case Date.LOGICAL_NAME:
                return (int) Math.floorDiv(((java.util.Date) v).getTime(), DAY_MS);
            default:
                break;
        }
        switch (schema.type()) {
            case INT8:
            case INT16:
                return ((Number) v).intValue();
            case BYTES:
                return ByteString.copyFrom((byte[]) v);
            case STRUCT:
                return toMessage((Struct) v, parent.newBuilderForField(fd));
            default:
                return v;
        }
    }

    static Struct toStruct(Message message, Schema schema) {
        Struct struct = new Struct(schema);
        for (Field f : schema.fields()) {
            FieldDescriptor fd = message.getDescriptorForType().findFieldByName(f.name());
            if (fd.isRepeated()) {
                List<Object> list = new ArrayList<>();
                for (Object e : (List<?>) message.getField(fd)) {
                    list.add(fromProto(f.schema().valueSchema(), e));
                }
                struct.put(f, list);
            } else if (!fd.hasPresence() || message.hasField(fd)) {
                struct.put(f, fromProto(f.schema(), message.getField(fd)));
            }
        }
        return struct;
    }

    private static Object fromProto(Schema schema, Object v) {
        if (v instanceof Message m && schema.type() != Schema.Type.STRUCT) {
            FieldDescriptor value = m.getDescriptorForType().findFieldByName("value");
            return m.hasField(value) ? fromProto(schema, m.getField(value)) : null;
        }
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Decimal.LOGICAL_NAME:
                int scale = Integer.parseInt(schema.parameters().get(Decimal.SCALE_FIELD));
                return new BigDecimal(new BigInteger(((ByteString) v).toByteArray()), scale);
            case Timestamp.LOGICAL_NAME:
                return new java.util.Date((Long) v);
            case Date.LOGICAL_NAME:
                return new java.util.Date((Integer) v * DAY_MS);
            default:
                break;
        }
        switch (schema.type()) {
            case INT8:
                return ((Integer) v).byteValue();
            case INT16:
                return ((Integer) v).shortValue();
            case BYTES:
                return ((ByteString) v).toByteArray();
            case STRUCT:
                return toStruct((Message) v, schema);
            default:
                return v;
        }
    }
}

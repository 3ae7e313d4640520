package io.typedjson.bench.codec;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * Maps a Connect Struct to the generated protobuf message of the same field names and back, by reflection
 * (never timed). Conventions of bench.proto: Decimal as unscaled bytes, Timestamp as epoch ms, Date as epoch days,
 * a nullable list element wrapped in a message with one optional field {@code value}.
 */
final class ProtoMapping {
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
        if (schema.type() == Schema.Type.STRUCT) {
            return toMessage((Struct) v, parent.newBuilderForField(fd));
        }
        Object wire = WireValues.toWire(schema, v);
        return wire instanceof byte[] b ? ByteString.copyFrom(b) : wire;
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
        if (schema.type() == Schema.Type.STRUCT) {
            return toStruct((Message) v, schema);
        }
        return WireValues.fromWire(schema, v instanceof ByteString b ? b.toByteArray() : v);
    }
}

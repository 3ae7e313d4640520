package io.typedjson.bench.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Timestamp;

/**
 * How the schema-first binary codecs (protobuf, Avro) carry Connect's scalar values: Decimal as its unscaled
 * two's-complement bytes (the scale is in the schema), Timestamp as epoch ms, Date as epoch days, INT8 and INT16
 * widened to int. Containers are left to the caller.
 */
final class WireValues {
    private static final long DAY_MS = TimeUnit.DAYS.toMillis(1);

    private WireValues() {}

    /** The wire form of a non-null scalar: byte[] for bytes and decimals, Integer, Long, Float, Double, Boolean, String. */
    static Object toWire(Schema schema, Object v) {
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Decimal.LOGICAL_NAME:
                return ((BigDecimal) v).unscaledValue().toByteArray();
            case Timestamp.LOGICAL_NAME:
                return ((java.util.Date) v).getTime();
            case Date.LOGICAL_NAME:
                return (int) Math.floorDiv(((java.util.Date) v).getTime(), DAY_MS);
            default:
                break;
        }
        return schema.type() == Schema.Type.INT8 || schema.type() == Schema.Type.INT16 ? ((Number) v).intValue() : v;
    }

    /** The Connect value of a non-null scalar in wire form (bytes as byte[]). */
    static Object fromWire(Schema schema, Object v) {
        String logical = schema.name() == null ? "" : schema.name();
        switch (logical) {
            case Decimal.LOGICAL_NAME:
                int scale = Integer.parseInt(schema.parameters().get(Decimal.SCALE_FIELD));
                return new BigDecimal(new BigInteger((byte[]) v), scale);
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
            default:
                return v;
        }
    }
}

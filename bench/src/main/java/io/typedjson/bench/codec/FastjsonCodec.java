package io.typedjson.bench.codec;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;

/**
 * fastjson2 on a Java record, the class known on both sides: the fastest JSON codec on the JVM measured here, a rival
 * of the class serde only (never in a record's path of the library).
 *
 * <p>Configured as its documentation presents it for speed: nothing at all. {@code JSON.toJSONBytes} and
 * {@code JSON.parseObject(byte[], Class)} with the default features, which write UTF-8 bytes directly and use the
 * codecs fastjson2 generates per class (ASM) on first use; java.time needs no module (an {@code Instant} is an ISO-8601
 * string by default). Field names stay fastjson2's default, the Java names (customerId where the other codecs write
 * customer_id: the same length, so the sizes compare); nulls are left out, as fastjson2 does by default.
 */
final class FastjsonCodec extends MappedCodec<Object> {
    private final Class<?> type;

    FastjsonCodec(Class<?> type) {
        super("fastjson2", "fastjson2 with its defaults: JSON.toJSONBytes / JSON.parseObject(bytes, the Java record's "
                + "class), codecs generated per class; not a Kafka serde, the fastest JSON on the JVM for comparison",
                r -> r, r -> r);
        this.type = type;
    }

    @Override
    public byte[] encode(Object value) {
        return JSON.toJSONBytes(value);
    }

    @Override
    public Object decode(byte[] bytes) {
        try {
            return JSON.parseObject(bytes, type);
        } catch (JSONException e) {
            throw new CannotCarryException("fastjson2 cannot read back " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }
}

package io.typedjson.connect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/** Random Connect schemas (every type, logical types, annotations, defaults) and random values of them. */
final class RandomConnect {
    private final Random random;

    RandomConnect(long seed) {
        this.random = new Random(seed);
    }

    private static final String[] NAMES = {"a", "id", "b_2", "~t", "~~", "a b", "back`tick", "\u00e9t\u00e9", "x.y", "$k", "-", "\ud83d\ude00", "n"};

    Schema schema(int depth) {
        SchemaBuilder b;
        int kind = random.nextInt(depth > 0 ? 19 : 15);
        switch (kind) {
            case 0: b = SchemaBuilder.int8(); break;
            case 1: b = SchemaBuilder.int16(); break;
            case 2: b = SchemaBuilder.int32(); break;
            case 3: b = SchemaBuilder.int64(); break;
            case 4: b = SchemaBuilder.float32(); break;
            case 5: b = SchemaBuilder.float64(); break;
            case 6: b = SchemaBuilder.bool(); break;
            case 7: b = SchemaBuilder.string(); break;
            case 8: b = SchemaBuilder.bytes(); break;
            case 9: b = Decimal.builder(random.nextInt(9) - 3); break;
            case 10: b = Decimal.builder(random.nextInt(4)).parameter("connect.decimal.precision", Integer.toString(1 + random.nextInt(20))); break;
            case 11: b = Date.builder(); break;
            case 12: b = Time.builder(); break;
            case 13: b = Timestamp.builder(); break;
            case 14: b = SchemaBuilder.string(); break;
            case 15: b = SchemaBuilder.array(schema(depth - 1)); break;
            case 16: b = SchemaBuilder.map(random.nextBoolean() ? Schema.STRING_SCHEMA : schema(depth - 1), schema(depth - 1)); break;
            default: {
                b = SchemaBuilder.struct();
                int n = random.nextInt(5);
                Set<String> used = new HashSet<>();
                for (int i = 0; i < n; i++) {
                    String name = NAMES[random.nextInt(NAMES.length)] + (random.nextInt(3) == 0 ? Integer.toString(i) : "");
                    if (used.add(name)) {
                        b.field(name, schema(depth - 1));
                    }
                }
            }
        }
        if (b.name() == null && random.nextInt(10) == 0) b.name(random.nextBoolean() ? "com.acme.T" + random.nextInt(3) : "a name `x`");
        if (b.version() == null && random.nextInt(10) == 0) b.version(random.nextInt(5) - 1);
        if (random.nextInt(10) == 0) b.doc(random.nextBoolean() ? "doc" : "a \"doc\" with `ticks`");
        if (random.nextInt(12) == 0) b.parameter("k", random.nextBoolean() ? "v" : "").parameter("p" + random.nextInt(2), "w x");
        if (random.nextInt(4) == 0) b.optional();
        if (random.nextInt(8) == 0 && b.type() != Schema.Type.STRUCT) {
            Object dflt = value(b.build(), 2, false);
            if (dflt != null) {
                b.defaultValue(dflt);
            }
        }
        return b.build();
    }

    Object value(Schema s) {
        return value(s, 4, true);
    }

    /** {@code inStruct}: a struct field may be null (unset) when its schema has a default; a list element may not. */
    private Object value(Schema s, int depth, boolean inStruct) {
        if ((s.isOptional() || (inStruct && s.defaultValue() != null)) && random.nextInt(5) == 0) {
            return null;
        }
        if (s.name() != null) {
            switch (s.name()) {
                case Decimal.LOGICAL_NAME: {
                    int scale = Integer.parseInt(s.parameters().get(Decimal.SCALE_FIELD));
                    BigInteger unscaled = random.nextInt(4) == 0 ? BigInteger.ZERO : new BigInteger(1 + random.nextInt(90), random);
                    return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale);
                }
                case Date.LOGICAL_NAME:
                    return new java.util.Date((random.nextInt(5_000_000) - 1_000_000L) * 86_400_000L);
                case Time.LOGICAL_NAME:
                    return new java.util.Date(random.nextInt(86_400_000));
                case Timestamp.LOGICAL_NAME:
                    return new java.util.Date(random.nextInt(10) == 0 ? (random.nextBoolean() ? -62_167_219_200_001L : 253_402_300_800_000L)
                            : (long) (random.nextDouble() * 4e12) - 1_000_000_000_000L);
                default:
                    break;
            }
        }
        switch (s.type()) {
            case INT8: return (byte) random.nextInt();
            case INT16: return (short) random.nextInt();
            case INT32: return random.nextBoolean() ? random.nextInt() : random.nextInt(100);
            case INT64: return random.nextBoolean() ? random.nextLong() : (long) random.nextInt(1000);
            case FLOAT32: {
                float[] special = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 0.1f};
                return random.nextInt(4) == 0 ? special[random.nextInt(special.length)] : Float.intBitsToFloat(random.nextInt());
            }
            case FLOAT64: {
                double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, 0.1, 2e23};
                return random.nextInt(4) == 0 ? special[random.nextInt(special.length)] : Double.longBitsToDouble(random.nextLong());
            }
            case BOOLEAN: return random.nextBoolean();
            case STRING: return string();
            case BYTES: {
                byte[] b = new byte[random.nextInt(6)];
                random.nextBytes(b);
                return b;
            }
            case ARRAY: {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.add(value(s.valueSchema(), depth - 1, false));
                }
                return list;
            }
            case MAP: {
                Map<Object, Object> map = new LinkedHashMap<>();
                Set<Object> keys = new HashSet<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    Object k = value(s.keySchema(), depth - 1, false);
                    if (keys.add(SameValue.of(k))) {
                        map.put(k, value(s.valueSchema(), depth - 1, false));
                    }
                }
                return map;
            }
            case STRUCT: {
                Struct struct = new Struct(s);
                for (Field f : s.fields()) {
                    Object v = value(f.schema(), depth - 1, true);
                    if (v != null) {
                        struct.put(f, v);
                    }
                }
                return struct;
            }
            default:
                throw new IllegalStateException(s.type().toString());
        }
    }

    private static final String[] STRINGS = {"", "~", "~t", "~~x", "a\"b\\c", "\u0000\u001f", "\u2028", "\ud83d\ude00", "~s", "null", "1", "é"};

    String string() {
        if (random.nextBoolean()) {
            return STRINGS[random.nextInt(STRINGS.length)];
        }
        StringBuilder sb = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            sb.append((char) (random.nextBoolean() ? 'a' + random.nextInt(26) : random.nextInt(0xd000)));
        }
        return sb.toString();
    }
}

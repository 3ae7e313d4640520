package io.typedjson.connect;

import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/**
 * Location {@code none}: Connect values go out in the dynamic model (tags keep the narrow types, {@link ValueCodec}'s
 * dynamic spelling) and come back with a schema derived from the lexemes and tags (SPEC.md section 11, "Derived schemas").
 */
final class DerivedSchemas {
    private DerivedSchemas() {}

    /** A value of the dynamic model that no schema can be derived for. */
    private static final class NotDerivable extends RuntimeException {
        NotDerivable() {
            super(null, null, false, false);
        }
    }

    // ------------------------------------------------------------------ dynamic model -> Connect

    /** The derived schema and the value converted to it; schemaless when nothing can be derived. */
    static SchemaAndValue derive(Object dynamic) {
        if (dynamic == null) {
            // the document null, which this location writes for a null value with a schema: not a tombstone
            return new SchemaAndValue(Schema.OPTIONAL_STRING_SCHEMA, null);
        }
        try {
            Schema schema = schemaOf(dynamic);
            return new SchemaAndValue(schema, convert(schema, dynamic));
        } catch (NotDerivable e) {
            return new SchemaAndValue(null, dynamic);
        }
    }

    /** The schema of a non-null value. */
    static Schema schemaOf(Object v) {
        ScalarType scalar = ScalarTypes.ofValueClass(v.getClass());
        if (scalar != null) return scalarSchema(scalar, v);
        if (v instanceof Collection<?> c) return SchemaBuilder.array(common(c)).build();
        if (v instanceof Map<?, ?> map) {
            boolean stringKeys = true;
            for (Object k : map.keySet()) {
                stringKeys &= k instanceof String;
            }
            if (stringKeys) {
                SchemaBuilder struct = SchemaBuilder.struct();
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (((String) e.getKey()).isEmpty()) {
                        throw new NotDerivable(); // Connect has no field named ""
                    }
                    struct.field((String) e.getKey(), e.getValue() == null ? Schema.OPTIONAL_STRING_SCHEMA : schemaOf(e.getValue()));
                }
                return struct.build();
            }
            return SchemaBuilder.map(common(map.keySet()), common(map.values())).build();
        }
        throw new NotDerivable();
    }

    /**
     * The format's scalar types that a plain Connect {@code Schema.Type} holds, keyed by the core's type (Connect's
     * side of the table: the format knows nothing of Connect). Decimal, Timestamp, Date and Time are Connect's logical
     * types of BigDecimal, Instant, LocalDate and LocalTime; no Connect type holds the others (BigInteger,
     * LocalDateTime, OffsetDateTime, UUID, Duration, Character, ByteBuffer).
     */
    private static final Map<ScalarType, Schema.Type> PLAIN_TYPES = new IdentityHashMap<>();
    private static final Map<Schema.Type, ScalarType> BY_PLAIN_TYPE = new EnumMap<>(Schema.Type.class);
    private static final Map<ScalarType, Schema> PLAIN = new IdentityHashMap<>();

    static {
        PLAIN_TYPES.put(ScalarTypes.STRING, Schema.Type.STRING);
        PLAIN_TYPES.put(ScalarTypes.BOOLEAN, Schema.Type.BOOLEAN);
        PLAIN_TYPES.put(ScalarTypes.INT8, Schema.Type.INT8);
        PLAIN_TYPES.put(ScalarTypes.INT16, Schema.Type.INT16);
        PLAIN_TYPES.put(ScalarTypes.INT32, Schema.Type.INT32);
        PLAIN_TYPES.put(ScalarTypes.INT64, Schema.Type.INT64);
        PLAIN_TYPES.put(ScalarTypes.FLOAT32, Schema.Type.FLOAT32);
        PLAIN_TYPES.put(ScalarTypes.FLOAT64, Schema.Type.FLOAT64);
        PLAIN_TYPES.put(ScalarTypes.BYTES, Schema.Type.BYTES);
        PLAIN_TYPES.forEach((scalar, type) -> {
            BY_PLAIN_TYPE.put(type, scalar);
            PLAIN.put(scalar, SchemaBuilder.type(type).build());
        });
    }

    /** The scalar type whose values a plain Connect schema type holds (INT8 to FLOAT64, BOOLEAN, STRING, BYTES), or null. */
    static ScalarType scalarOf(Schema.Type type) {
        return BY_PLAIN_TYPE.get(type);
    }

    /** The Connect schema of a scalar value; a Decimal's scale is the value's own. */
    private static Schema scalarSchema(ScalarType scalar, Object v) {
        if (scalar == ScalarTypes.DECIMAL) return Decimal.schema(((BigDecimal) v).scale());
        if (scalar == ScalarTypes.INSTANT) return Timestamp.SCHEMA;
        if (scalar == ScalarTypes.LOCAL_DATE) return Date.SCHEMA;
        if (scalar == ScalarTypes.LOCAL_TIME) return Time.SCHEMA;
        Schema plain = PLAIN.get(scalar);
        if (plain == null) {
            throw new NotDerivable(); // no Connect type holds it
        }
        return plain;
    }

    /** The one schema of all elements, optional when one is null; a required string when there is none. */
    private static Schema common(Collection<?> values) {
        Schema common = null;
        boolean sawNull = false;
        for (Object e : values) {
            if (e == null) {
                sawNull = true;
                continue;
            }
            Schema s = schemaOf(e);
            if (common == null) {
                common = s;
            } else if (!common.equals(s)) {
                throw new NotDerivable();
            }
        }
        if (common == null) {
            return sawNull ? Schema.OPTIONAL_STRING_SCHEMA : Schema.STRING_SCHEMA;
        }
        return sawNull ? optional(common) : common;
    }

    private static Schema optional(Schema s) {
        SchemaBuilder b;
        switch (s.type()) {
            case ARRAY: b = SchemaBuilder.array(s.valueSchema()); break;
            case MAP: b = SchemaBuilder.map(s.keySchema(), s.valueSchema()); break;
            case STRUCT:
                b = SchemaBuilder.struct();
                for (Field f : s.fields()) {
                    b.field(f.name(), f.schema());
                }
                break;
            default: b = SchemaBuilder.type(s.type());
        }
        if (s.name() != null) b.name(s.name());
        if (s.version() != null) b.version(s.version());
        if (s.parameters() != null) b.parameters(s.parameters());
        return b.optional().build();
    }

    private static Object convert(Schema schema, Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Instant t) {
            if (t.getNano() % 1_000_000 != 0) {
                throw new NotDerivable();
            }
            try {
                return new java.util.Date(t.toEpochMilli());
            } catch (ArithmeticException e) {
                throw new NotDerivable(); // beyond the epoch milliseconds of a long
            }
        }
        if (v instanceof LocalDate date) {
            long day = date.toEpochDay();
            if (day != (int) day) {
                throw new NotDerivable();
            }
            return Date.toLogical(schema, (int) day);
        }
        if (v instanceof LocalTime t) {
            if (t.getNano() % 1_000_000 != 0) {
                throw new NotDerivable();
            }
            return Time.toLogical(schema, (int) (t.toNanoOfDay() / 1_000_000L));
        }
        if (v instanceof Collection<?> c) {
            List<Object> list = new ArrayList<>();
            for (Object e : c) {
                list.add(convert(schema.valueSchema(), e));
            }
            return list;
        }
        if (v instanceof Map<?, ?> map) {
            if (schema.type() == Schema.Type.STRUCT) {
                Struct struct = new Struct(schema);
                for (Field f : schema.fields()) {
                    struct.put(f, convert(f.schema(), map.get(f.name())));
                }
                return struct;
            }
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.put(convert(schema.keySchema(), e.getKey()), convert(schema.valueSchema(), e.getValue()));
            }
            return out;
        }
        return v;
    }
}

package io.typedjson.flink;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * A Flink scalar type as the Java type whose typedjson spelling it takes (a {@code SMALLINT} is a {@code Short},
 * a {@code TIMESTAMP_LTZ} an {@code Instant}), and the conversions between Flink's internal value and that Java
 * value. Reading refuses a value the Flink type cannot hold exactly ({@link CannotCarry}) instead of rounding it.
 * No JSON here: the spellings are typedjson's own scalar codecs ({@code Codecs.of(javaType)}).
 */
abstract class FlinkScalar {

    /** A value read that the column's type cannot hold exactly; the reader adds the path and offset. */
    static final class CannotCarry extends RuntimeException {
        CannotCarry(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The Java type whose spelling the Flink type takes. */
    final Class<?> javaType;

    private FlinkScalar(Class<?> javaType) {
        this.javaType = javaType;
    }

    /** Flink's internal value (not null) as the Java value to write. */
    abstract Object toJava(Object internal);

    /** The Java value read (not null) as Flink's internal value; throws {@link CannotCarry}. */
    abstract Object toInternal(Object value);

    /**
     * The scalar of {@code type}, or null when the type is not a scalar typedjson carries. Throws {@link
     * IllegalArgumentException} for a scalar whose values Flink's runtime itself cannot hold (TIME above 3 digits).
     */
    static FlinkScalar of(LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN: return new Same(Boolean.class);
            case TINYINT: return new Same(Byte.class);
            case SMALLINT: return new Same(Short.class);
            case INTEGER: return new Same(Integer.class);
            case BIGINT: return new Same(Long.class);
            case FLOAT: return new Same(Float.class);
            case DOUBLE: return new Same(Double.class);
            case BINARY:
            case VARBINARY: return new Same(byte[].class);
            case CHAR:
            case VARCHAR: return new Text();
            case DECIMAL: return new Decimal((DecimalType) type);
            case DATE: return new Date();
            case TIME_WITHOUT_TIME_ZONE: return new Time((TimeType) type);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return new Timestamp(((TimestampType) type).getPrecision(), LocalDateTime.class, type);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return new Timestamp(((LocalZonedTimestampType) type).getPrecision(), Instant.class, type);
            default: return null;
        }
    }

    /** Flink holds the Java value itself (boxed numbers, booleans, byte[]). */
    private static final class Same extends FlinkScalar {
        Same(Class<?> javaType) {
            super(javaType);
        }

        @Override
        Object toJava(Object internal) {
            return internal;
        }

        @Override
        Object toInternal(Object value) {
            return value;
        }
    }

    private static final class Text extends FlinkScalar {
        Text() {
            super(String.class);
        }

        @Override
        Object toJava(Object internal) {
            return internal.toString();
        }

        @Override
        Object toInternal(Object value) {
            return StringData.fromString((String) value);
        }
    }

    /**
     * DECIMAL(p, s): a typedjson decimal keeps its scale (1.1 and 1.10 are two values), a Flink column has one, so a
     * decimal of another scale is refused rather than rescaled, and one with more than p digits rather than nulled.
     */
    private static final class Decimal extends FlinkScalar {
        private final DecimalType type;

        Decimal(DecimalType type) {
            super(BigDecimal.class);
            this.type = type;
        }

        @Override
        Object toJava(Object internal) {
            return ((DecimalData) internal).toBigDecimal();
        }

        @Override
        Object toInternal(Object value) {
            BigDecimal d = (BigDecimal) value;
            if (d.scale() != type.getScale()) {
                // the value Flink would round it to is not shown: rescaling 1E+999999999 takes minutes
                throw new CannotCarry("decimal " + d + " has scale " + d.scale() + " where " + type.asSummaryString()
                        + " (scale " + type.getScale() + ") belongs: Flink would round it");
            }
            DecimalData decimal = DecimalData.fromBigDecimal(d, type.getPrecision(), type.getScale());
            if (decimal == null) {
                throw new CannotCarry("decimal " + d + " has " + d.precision() + " digits, more than "
                        + type.asSummaryString() + " holds");
            }
            return decimal;
        }
    }

    /** DATE: Flink's int of days since 1970-01-01. */
    private static final class Date extends FlinkScalar {
        Date() {
            super(LocalDate.class);
        }

        @Override
        Object toJava(Object internal) {
            return LocalDate.ofEpochDay((Integer) internal);
        }

        @Override
        Object toInternal(Object value) {
            long days = ((LocalDate) value).toEpochDay();
            if (days != (int) days) {
                throw new CannotCarry("date " + value + " is beyond the range of Flink's DATE");
            }
            return (int) days;
        }
    }

    /** TIME(p): Flink's runtime keeps an int of milliseconds of the day whatever p says, so p is at most 3. */
    private static final class Time extends FlinkScalar {
        private final TimeType type;

        Time(TimeType type) {
            super(LocalTime.class);
            if (type.getPrecision() > 3) {
                throw new IllegalArgumentException(type.asSummaryString() + ": Flink's runtime keeps TIME in"
                        + " milliseconds, so it cannot hold more than 3 fraction digits (declare TIME(3) or less)");
            }
            this.type = type;
        }

        @Override
        Object toJava(Object internal) {
            return LocalTime.ofNanoOfDay((Integer) internal * 1_000_000L);
        }

        @Override
        Object toInternal(Object value) {
            long nanos = ((LocalTime) value).toNanoOfDay();
            checkFraction(nanos % 1_000_000_000L, type.getPrecision(), value, type,
                    " (Flink keeps at most milliseconds of a TIME, and its SQL planner hands a format TIME(0))");
            return (int) (nanos / 1_000_000L);
        }
    }

    /** TIMESTAMP(p) as LocalDateTime, TIMESTAMP_LTZ(p) as Instant; Flink's TimestampData holds nanoseconds. */
    private static final class Timestamp extends FlinkScalar {
        private final int precision;
        private final LogicalType type;

        Timestamp(int precision, Class<?> javaType, LogicalType type) {
            super(javaType);
            this.precision = precision;
            this.type = type;
        }

        @Override
        Object toJava(Object internal) {
            TimestampData t = (TimestampData) internal;
            return javaType == Instant.class ? t.toInstant() : t.toLocalDateTime();
        }

        @Override
        Object toInternal(Object value) {
            if (value instanceof Instant i) {
                checkFraction(i.getNano(), precision, value, type, UP_TO_9);
                if (i.isBefore(MIN_INSTANT) || i.isAfter(MAX_INSTANT)) {
                    throw beyond(value);
                }
                return TimestampData.fromInstant(i);
            }
            LocalDateTime t = (LocalDateTime) value;
            checkFraction(t.getNano(), precision, value, type, UP_TO_9);
            if (t.isBefore(MIN_LOCAL) || t.isAfter(MAX_LOCAL)) {
                throw beyond(value);
            }
            return TimestampData.fromLocalDateTime(t);
        }

        private CannotCarry beyond(Object value) {
            return new CannotCarry(value + " is beyond the range of Flink's " + type.asSummaryString());
        }

        // TimestampData's long of epoch milliseconds would wrap around beyond these (Instant.MAX read as 4479003 BC);
        // toLocalDateTime() casts the epoch day to an int, so a TIMESTAMP holds a narrower range
        private static final Instant MIN_INSTANT = Instant.ofEpochMilli(Long.MIN_VALUE);
        private static final Instant MAX_INSTANT = Instant.ofEpochMilli(Long.MAX_VALUE).plusNanos(999_999);
        private static final LocalDateTime MIN_LOCAL = LocalDate.ofEpochDay(Integer.MIN_VALUE).atStartOfDay();
        private static final LocalDateTime MAX_LOCAL = LocalDate.ofEpochDay(Integer.MAX_VALUE).atTime(LocalTime.MAX);
    }

    private static final long[] POWERS = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
            100_000_000L, 1_000_000_000L};

    private static final String UP_TO_9 = " (declare a precision up to 9 to keep them)";

    /** Refuses a fraction of a second with more digits than the column's precision keeps. */
    private static void checkFraction(long nanos, int precision, Object value, LogicalType type, String hint) {
        if (nanos % POWERS[9 - precision] != 0) {
            throw new CannotCarry(value + " has more fraction digits than " + type.asSummaryString() + " holds" + hint);
        }
    }
}

package io.typedjson.flink;

import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.util.Objects;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * Writes Flink's {@link RowData} as typedjson documents, each row as a Java record with those fields is written, so
 * {@code TypedJsonDeserializer} reads them into that record. What {@code 'format' = 'typedjson'} creates for a sink.
 */
public final class TypedJsonRowDataSerializationSchema implements SerializationSchema<RowData> {
    private static final long serialVersionUID = 1L;

    private final RowType rowType;
    /** A topic of several event types: rows written as envelopes of the table's type or name column; null otherwise. */
    private final EventRows events;
    private final LimitsSpec limits;
    private transient Codec<RowData> codec;
    private transient TypedJsonFormat format;

    /** Throws {@link IllegalArgumentException} naming the column of a type typedjson cannot carry. */
    public TypedJsonRowDataSerializationSchema(RowType rowType) {
        this(rowType, null);
    }

    TypedJsonRowDataSerializationSchema(RowType rowType, EventRows events) {
        this(rowType, events, LimitsSpec.DEFAULT);
    }

    /** With the table's limits: a row its own table could not read back is refused. */
    TypedJsonRowDataSerializationSchema(RowType rowType, EventRows events, LimitsSpec limits) {
        this.rowType = Objects.requireNonNull(rowType);
        this.events = events;
        this.limits = Objects.requireNonNull(limits);
        codec();
    }

    private Codec<RowData> codec() {
        return events == null ? RowDataCodecs.forRow(rowType, new RowDataCodecs.ReadOptions(false, false)) : events.writer(rowType);
    }

    @Override
    public void open(InitializationContext context) {
        codec = codec();
        format = new TypedJsonFormat(limits.limits());
    }

    /** The document; a row holding what typedjson cannot carry fails with the path of the value. */
    @Override
    public byte[] serialize(RowData row) {
        if (codec == null) {
            open(null);
        }
        try {
            return format.write(codec, row);
        } catch (TypedJsonException e) {
            throw new FlinkRuntimeException("typedjson: cannot write a row of " + rowType.asSummaryString() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypedJsonRowDataSerializationSchema s && s.rowType.equals(rowType) && Objects.equals(s.events, events)
                && s.limits.equals(limits);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rowType, events, limits);
    }
}

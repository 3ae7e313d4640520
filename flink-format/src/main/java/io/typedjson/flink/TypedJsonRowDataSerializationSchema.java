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
    private transient Codec<RowData> codec;

    /** Throws {@link IllegalArgumentException} naming the column of a type typedjson cannot carry. */
    public TypedJsonRowDataSerializationSchema(RowType rowType) {
        this.rowType = Objects.requireNonNull(rowType);
        RowDataCodecs.forRow(rowType, new RowDataCodecs.ReadOptions(false, false));
    }

    @Override
    public void open(InitializationContext context) {
        codec = RowDataCodecs.forRow(rowType, new RowDataCodecs.ReadOptions(false, false));
    }

    /** The document; a row holding what typedjson cannot carry fails with the path of the value. */
    @Override
    public byte[] serialize(RowData row) {
        if (codec == null) {
            open(null);
        }
        try {
            return TypedJsonFormat.defaults().write(codec, row);
        } catch (TypedJsonException e) {
            throw new FlinkRuntimeException("typedjson: cannot write a row of " + rowType.asSummaryString() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypedJsonRowDataSerializationSchema s && s.rowType.equals(rowType);
    }

    @Override
    public int hashCode() {
        return rowType.hashCode();
    }
}

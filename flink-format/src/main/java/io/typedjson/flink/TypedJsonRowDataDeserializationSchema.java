package io.typedjson.flink;

import io.typedjson.format.Codec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.util.Objects;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Reads typedjson documents into Flink's {@link RowData} of a known row type (the table's physical columns): each
 * column is a typed position, as a Java record's field is. What {@code 'format' = 'typedjson'} creates for a source.
 */
public final class TypedJsonRowDataDeserializationSchema implements DeserializationSchema<RowData> {
    private static final long serialVersionUID = 1L;

    private final RowType rowType;
    private final TypeInformation<RowData> producedType;
    private final boolean ignoreParseErrors;
    private final RowDataCodecs.ReadOptions options;
    private final LimitsSpec limits;
    /** A topic of several event types: the table's type or name column; null otherwise. */
    private final EventRows events;
    private transient Codec<RowData> codec;
    private transient TypedJsonFormat format;

    /**
     * @param rowType the columns read; throws {@link IllegalArgumentException} naming the column of a type typedjson
     *                cannot carry
     */
    public TypedJsonRowDataDeserializationSchema(RowType rowType, TypeInformation<RowData> producedType,
                                                 boolean ignoreParseErrors, boolean failOnMissingField,
                                                 boolean failOnUnknownField) {
        this(rowType, producedType, ignoreParseErrors, new RowDataCodecs.ReadOptions(failOnMissingField, failOnUnknownField),
                LimitsSpec.DEFAULT, null);
    }

    TypedJsonRowDataDeserializationSchema(RowType rowType, TypeInformation<RowData> producedType, boolean ignoreParseErrors,
                                          RowDataCodecs.ReadOptions options, LimitsSpec limits) {
        this(rowType, producedType, ignoreParseErrors, options, limits, null);
    }

    TypedJsonRowDataDeserializationSchema(RowType rowType, TypeInformation<RowData> producedType, boolean ignoreParseErrors,
                                          RowDataCodecs.ReadOptions options, LimitsSpec limits, EventRows events) {
        this.rowType = Objects.requireNonNull(rowType);
        this.producedType = Objects.requireNonNull(producedType);
        this.ignoreParseErrors = ignoreParseErrors;
        this.options = options;
        this.limits = limits;
        this.events = events;
        codec(); // refuses a type it cannot carry (or a name column that is not a STRING column) now, at planning time
    }

    private Codec<RowData> codec() {
        return events == null ? RowDataCodecs.forRow(rowType, options) : events.reader(rowType, options);
    }

    @Override
    public void open(InitializationContext context) {
        codec = codec();
        format = new TypedJsonFormat(limits.limits());
    }

    /**
     * The row, or null for a null record (a tombstone), for a record of another event type than the table's
     * ({@code event-type}) and, with ignore-parse-errors, for a document it refuses.
     */
    @Override
    public RowData deserialize(byte[] message) throws IOException {
        if (message == null) {
            return null;
        }
        if (codec == null) {
            open(null); // used without open(), e.g. directly in a test
        }
        try {
            return format.read(codec, message);
        } catch (TypedJsonException e) {
            if (ignoreParseErrors) {
                return null;
            }
            throw new IOException("typedjson: the record of " + message.length + " bytes is not a document of "
                    + rowType.asSummaryString() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean isEndOfStream(RowData nextElement) {
        return false;
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypedJsonRowDataDeserializationSchema s && s.rowType.equals(rowType)
                && s.producedType.equals(producedType) && s.ignoreParseErrors == ignoreParseErrors
                && s.options.equals(options) && s.limits.equals(limits) && java.util.Objects.equals(s.events, events);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rowType, producedType, ignoreParseErrors, options, limits, events);
    }
}

package io.typedjson.flink;

import io.typedjson.format.Codec;
import io.typedjson.format.EventEnvelope;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.internal.ReadErrors;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * A table over a topic of several event types (SPEC.md section 12), where each value is an envelope
 * {@code {"~type":"<name>","~v":<row>}} (a Flink value format has no headers): one table per type
 * ({@code event-type}: its rows are the records of that name; records of the topic's other listed names are not its
 * rows and are passed over), or one table of every type with a column of the name ({@code event-type-column}). A name
 * outside {@code event-types}, or a record that is no envelope, is refused like any document the table cannot read.
 *
 * @param eventType the table's one type, or null
 * @param names     every name the topic carries
 * @param column    the STRING column of the name, or null
 */
record EventRows(String eventType, List<String> names, String column) implements Serializable {

    EventRows {
        names = List.copyOf(names);
        for (String n : names) {
            if (!EventEnvelope.isName(n)) {
                throw new IllegalArgumentException(EventEnvelope.quote(n) + " in event-types is not an event type name: 1 to "
                        + "255 ASCII letters, digits and . _ - : /, starting with a letter or a digit"
                        + (n.contains(",") ? " (event-types separates its names with ';', not ',')" : ""));
            }
            if (names.indexOf(n) != names.lastIndexOf(n)) {
                throw new IllegalArgumentException(EventEnvelope.quote(n) + " is given twice in event-types");
            }
        }
        if ((eventType == null) == (column == null)) {
            throw new IllegalArgumentException("give event-type (a table of one type) or event-type-column (a column of "
                    + "the name), one of them");
        }
        if (eventType != null && !names.contains(eventType)) {
            throw new IllegalArgumentException("event-type " + EventEnvelope.quote(eventType) + " is not one of event-types "
                    + names);
        }
    }

    /** The row codec and the index of the name column (-1: none) in a row of {@code row}. */
    private int columnIndex(RowType row) {
        if (column == null) {
            return -1;
        }
        int i = row.getFieldNames().indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("event-type-column `" + column + "` is not a column of the table");
        }
        LogicalTypeRoot root = row.getTypeAt(i).getTypeRoot();
        if (root != LogicalTypeRoot.VARCHAR && root != LogicalTypeRoot.CHAR) {
            throw new IllegalArgumentException("event-type-column `" + column + "` is " + row.getTypeAt(i).asSummaryString()
                    + "; the name of an event type is a STRING");
        }
        return i;
    }

    /** The row type of an envelope's {@code ~v}: the table's columns but the name column. */
    private static RowType without(RowType row, int column) {
        if (column < 0) {
            return row;
        }
        List<RowType.RowField> fields = new ArrayList<>(row.getFields());
        fields.remove(column);
        return new RowType(row.isNullable(), fields);
    }

    /** Reads envelopes into rows; null for a record of another listed type (not this table's row). */
    Codec<RowData> reader(RowType row, RowDataCodecs.ReadOptions options) {
        int col = columnIndex(row);
        Codec<RowData> inner = RowDataCodecs.forRow(without(row, col), options);
        int arity = row.getFieldCount();
        String listed = String.join(", ", names);
        return new Codec<>() {
            @Override
            public void write(JsonWriter out, RowData value) {
                throw new UnsupportedOperationException("reads only");
            }

            @Override
            public RowData read(JsonReader in) {
                if (in.currentToken() != JsonToken.START_OBJECT) {
                    throw in.error(ReadErrors.describe(in) + " where an event envelope {\"~type\":\"<name>\",\"~v\":<row>} belongs");
                }
                String name = EventEnvelope.readName(in);
                if (name == null) {
                    throw in.error(EventEnvelope.missingName(null, listed) + "; a Flink table reads the name from the "
                            + "value: write the topic with typedjson.type.location both or document");
                }
                if (!names.contains(name)) {
                    throw in.error(EventEnvelope.unknownName(name, EventEnvelope.IN_DOCUMENT, listed));
                }
                EventEnvelope.readValueKey(in);
                RowData read;
                if (eventType != null && !eventType.equals(name)) {
                    in.skipValue(); // another table's row
                    read = null;
                } else {
                    read = inner.read(in);
                    if (col >= 0) {
                        GenericRowData full = new GenericRowData(read.getRowKind(), arity);
                        GenericRowData fields = (GenericRowData) read;
                        for (int i = 0, j = 0; i < arity; i++) {
                            full.setField(i, i == col ? StringData.fromString(name) : fields.getField(j++));
                        }
                        read = full;
                    }
                }
                EventEnvelope.readEnd(in);
                return read;
            }
        };
    }

    /** Writes rows as envelopes: under the table's type, or under the name in the row's name column (which must be listed). */
    Codec<RowData> writer(RowType row) {
        int col = columnIndex(row);
        Codec<RowData> inner = RowDataCodecs.forRow(without(row, col), new RowDataCodecs.ReadOptions(false, false));
        int[] projection = new int[row.getFieldCount() - (col < 0 ? 0 : 1)];
        for (int i = 0, j = 0; i < row.getFieldCount(); i++) {
            if (i != col) {
                projection[j++] = i;
            }
        }
        return new Codec<>() {
            @Override
            public void write(JsonWriter out, RowData value) {
                String name = eventType;
                RowData fields = value;
                if (col >= 0) {
                    name = value.isNullAt(col) ? null : value.getString(col).toString();
                    if (name == null || !names.contains(name)) {
                        throw new TypedJsonException("event-type-column `" + column + "` holds "
                                + (name == null ? "null" : EventEnvelope.quote(name)) + ", not one of event-types " + names);
                    }
                    fields = ProjectedRowData.from(projection).replaceRow(value);
                }
                EventEnvelope.write(out, name, inner, fields);
            }

            @Override
            public RowData read(JsonReader in) {
                throw new UnsupportedOperationException("writes only");
            }
        };
    }
}

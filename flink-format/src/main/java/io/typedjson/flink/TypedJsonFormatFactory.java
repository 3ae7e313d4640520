package io.typedjson.flink;

import static io.typedjson.flink.TypedJsonFormatOptions.EVENT_TYPE;
import static io.typedjson.flink.TypedJsonFormatOptions.EVENT_TYPES;
import static io.typedjson.flink.TypedJsonFormatOptions.EVENT_TYPE_COLUMN;
import static io.typedjson.flink.TypedJsonFormatOptions.FAIL_ON_MISSING_FIELD;
import static io.typedjson.flink.TypedJsonFormatOptions.FAIL_ON_UNKNOWN_FIELD;
import static io.typedjson.flink.TypedJsonFormatOptions.IGNORE_PARSE_ERRORS;
import static io.typedjson.flink.TypedJsonFormatOptions.MAX_DEPTH;
import static io.typedjson.flink.TypedJsonFormatOptions.MAX_DOCUMENT_BYTES;
import static io.typedjson.flink.TypedJsonFormatOptions.MAX_ELEMENTS;
import static io.typedjson.flink.TypedJsonFormatOptions.MAX_NUMBER_LENGTH;
import static io.typedjson.flink.TypedJsonFormatOptions.MAX_STRING_LENGTH;

import io.typedjson.format.Limits;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code 'format' = 'typedjson'} for Flink SQL and the Table API, found by Flink's service loading
 * ({@code META-INF/services/org.apache.flink.table.factories.Factory}). Options: {@link TypedJsonFormatOptions}.
 * A column of a type typedjson cannot carry fails the statement at planning time, naming the column.
 */
public final class TypedJsonFormatFactory implements DeserializationFormatFactory, SerializationFormatFactory {

    public static final String IDENTIFIER = "typedjson";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(IGNORE_PARSE_ERRORS, FAIL_ON_MISSING_FIELD, FAIL_ON_UNKNOWN_FIELD, MAX_DEPTH, MAX_NUMBER_LENGTH,
                MAX_STRING_LENGTH, MAX_DOCUMENT_BYTES, MAX_ELEMENTS, EVENT_TYPES, EVENT_TYPE, EVENT_TYPE_COLUMN);
    }

    @Override
    public DecodingFormat<DeserializationSchema<RowData>> createDecodingFormat(DynamicTableFactory.Context context,
                                                                             ReadableConfig options) {
        FactoryUtil.validateFactoryOptions(this, options);
        boolean ignoreParseErrors = options.get(IGNORE_PARSE_ERRORS);
        boolean failOnMissingField = options.get(FAIL_ON_MISSING_FIELD);
        if (ignoreParseErrors && failOnMissingField) {
            throw new ValidationException("typedjson: " + IGNORE_PARSE_ERRORS.key() + " and " + FAIL_ON_MISSING_FIELD.key()
                    + " cannot both be true (a document with a missing field would be skipped, not failed)");
        }
        RowDataCodecs.ReadOptions read = new RowDataCodecs.ReadOptions(failOnMissingField, options.get(FAIL_ON_UNKNOWN_FIELD));
        LimitsSpec limits = limits(options);
        EventRows events = events(options);
        return new DecodingFormat<>() {
            @Override
            public DeserializationSchema<RowData> createRuntimeDecoder(DynamicTableSource.Context context, DataType physical) {
                TypeInformation<RowData> produced = context.createTypeInformation(physical);
                try {
                    return new TypedJsonRowDataDeserializationSchema((RowType) physical.getLogicalType(), produced,
                            ignoreParseErrors, read, limits, events);
                } catch (IllegalArgumentException e) {
                    throw refused(e);
                }
            }

            @Override
            public ChangelogMode getChangelogMode() {
                return ChangelogMode.insertOnly();
            }
        };
    }

    @Override
    public EncodingFormat<SerializationSchema<RowData>> createEncodingFormat(DynamicTableFactory.Context context,
                                                                           ReadableConfig options) {
        FactoryUtil.validateFactoryOptions(this, options);
        EventRows events = events(options);
        LimitsSpec limits = limits(options);
        return new EncodingFormat<>() {
            @Override
            public SerializationSchema<RowData> createRuntimeEncoder(DynamicTableSink.Context context, DataType physical) {
                try {
                    return new TypedJsonRowDataSerializationSchema((RowType) physical.getLogicalType(), events, limits);
                } catch (IllegalArgumentException e) {
                    throw refused(e);
                }
            }

            @Override
            public ChangelogMode getChangelogMode() {
                return ChangelogMode.insertOnly();
            }
        };
    }

    /** The event types of a table over a topic of several (SPEC.md section 12), or null. */
    private static EventRows events(ReadableConfig options) {
        java.util.Optional<java.util.List<String>> names = options.getOptional(EVENT_TYPES);
        // trimmed, as the names of event-types are
        String type = options.getOptional(EVENT_TYPE).map(String::trim).orElse(null);
        String column = options.getOptional(EVENT_TYPE_COLUMN).map(String::trim).orElse(null);
        if (names.isEmpty()) {
            if (type != null || column != null) {
                throw new ValidationException("typedjson: " + (type != null ? EVENT_TYPE.key() : EVENT_TYPE_COLUMN.key())
                        + " needs " + EVENT_TYPES.key() + ", every name the topic carries");
            }
            return null;
        }
        try {
            return new EventRows(type, names.get().stream().map(String::trim).toList(), column);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("typedjson: " + e.getMessage(), e);
        }
    }

    private static LimitsSpec limits(ReadableConfig options) {
        int maxDepth = options.get(MAX_DEPTH);
        if (maxDepth > io.typedjson.serde.TypedJsonConfig.MAX_SUPPORTED_DEPTH) {
            throw new ValidationException("typedjson: max-depth takes at most "
                    + io.typedjson.serde.TypedJsonConfig.MAX_SUPPORTED_DEPTH + " (as the Kafka serde's typedjson.max.depth):"
                    + " reading and writing recurse, and a deeper document would exhaust a task thread's stack");
        }
        for (ConfigOption<? extends Number> limit : List.of(MAX_DEPTH, MAX_NUMBER_LENGTH, MAX_STRING_LENGTH, MAX_DOCUMENT_BYTES,
                MAX_ELEMENTS)) {
            long value = options.get(limit).longValue();
            if (value < 1) {
                throw new ValidationException("typedjson: " + limit.key() + " must be at least 1, not " + value);
            }
        }
        return LimitsSpec.of(new Limits(options.get(MAX_DEPTH), options.get(MAX_NUMBER_LENGTH),
                options.get(MAX_STRING_LENGTH), options.get(MAX_DOCUMENT_BYTES), options.get(MAX_ELEMENTS)));
    }

    private static ValidationException refused(IllegalArgumentException e) {
        return new ValidationException("'format' = 'typedjson': " + e.getMessage(), e);
    }
}

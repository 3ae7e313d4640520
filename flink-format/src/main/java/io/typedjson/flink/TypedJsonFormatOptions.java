package io.typedjson.flink;

import io.typedjson.format.Limits;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * The options of {@code 'format' = 'typedjson'}, written in a table's DDL with the format's prefix
 * ({@code 'typedjson.ignore-parse-errors' = 'true'}), as flink-json's are.
 */
public final class TypedJsonFormatOptions {
    private TypedJsonFormatOptions() {}

    public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = ConfigOptions.key("ignore-parse-errors")
            .booleanType()
            .defaultValue(false)
            .withDescription("Skip a record that is not a typedjson document of the table's row type (it is dropped,"
                    + " as flink-json drops it) instead of failing the job with the path and byte offset of the problem.");

    public static final ConfigOption<Boolean> FAIL_ON_MISSING_FIELD = ConfigOptions.key("fail-on-missing-field")
            .booleanType()
            .defaultValue(false)
            .withDescription("Refuse a document without a key for a nullable column instead of reading null. A missing"
                    + " NOT NULL column is always refused.");

    public static final ConfigOption<Boolean> FAIL_ON_UNKNOWN_FIELD = ConfigOptions.key("fail-on-unknown-field")
            .booleanType()
            .defaultValue(false)
            .withDescription("Refuse a document with a key the row type has no column for, instead of skipping the"
                    + " key and its value (typedjson.unknown.fields=fail of the Kafka deserializer).");

    public static final ConfigOption<Integer> MAX_DEPTH = ConfigOptions.key("max-depth")
            .intType()
            .defaultValue(Limits.DEFAULT.maxDepth())
            .withDescription("Nesting depth of arrays and objects a document may have (typedjson.max.depth).");

    public static final ConfigOption<Integer> MAX_NUMBER_LENGTH = ConfigOptions.key("max-number-length")
            .intType()
            .defaultValue(Limits.DEFAULT.maxNumberLength())
            .withDescription("Digits a number may have (typedjson.max.number.length).");

    public static final ConfigOption<Integer> MAX_STRING_LENGTH = ConfigOptions.key("max-string-length")
            .intType()
            .defaultValue(Limits.DEFAULT.maxStringLength())
            .withDescription("UTF-16 code units a string or key may have (typedjson.max.string.length).");

    public static final ConfigOption<Long> MAX_DOCUMENT_BYTES = ConfigOptions.key("max-document-bytes")
            .longType()
            .defaultValue(Limits.DEFAULT.maxDocumentLength())
            .withDescription("Bytes a document may have (typedjson.max.document.bytes).");

    public static final ConfigOption<Integer> MAX_ELEMENTS = ConfigOptions.key("max-elements")
            .intType()
            .defaultValue(Limits.DEFAULT.maxElements())
            .withDescription("Values a document may hold, every scalar, array and object at any depth, the document"
                    + " itself included (typedjson.max.elements).");

    public static final ConfigOption<List<String>> EVENT_TYPES = ConfigOptions.key("event-types")
            .stringType()
            .asList()
            .noDefaultValue()
            .withDescription("A topic of several event types (SPEC.md section 12), each value an envelope"
                    + " {\"~type\":\"<name>\",\"~v\":<row>} (producers write it with typedjson.type.location both or"
                    + " document): every name the topic carries, separated by ';'. A record whose name is not listed, or that"
                    + " is no envelope, is refused (or skipped with ignore-parse-errors). With event-type or event-type-column.");

    public static final ConfigOption<String> EVENT_TYPE = ConfigOptions.key("event-type")
            .stringType()
            .noDefaultValue()
            .withDescription("The one event type of this table (one of event-types): it reads the records of that name,"
                    + " passes over those of the topic's other types (other tables' rows), and writes each row as an"
                    + " envelope of that name.");

    public static final ConfigOption<String> EVENT_TYPE_COLUMN = ConfigOptions.key("event-type-column")
            .stringType()
            .noDefaultValue()
            .withDescription("A STRING column holding each row's event type name: the table reads every record of"
                    + " event-types (its other columns from the envelope's \"~v\"; keys a type does not have are null) and"
                    + " writes each row as an envelope of the name in the column, which must be one of event-types.");
}

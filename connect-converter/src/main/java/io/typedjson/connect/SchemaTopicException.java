package io.typedjson.connect;

import org.apache.kafka.connect.errors.DataException;

/**
 * The schema topic did not serve a record: its schema reference did not resolve (unknown, known missing, topic
 * unreachable). A {@link DataException} like every refusal of the converter; told apart for the refusal metric of
 * kind {@code unknown-schema}.
 */
final class SchemaTopicException extends DataException {
    SchemaTopicException(String message, Throwable cause) {
        super(message, cause);
    }
}

package io.typedjson.connect;

import io.typedjson.format.TypedJsonException;
import org.apache.kafka.connect.errors.DataException;

/**
 * A record or a value without one of the topic's event types: its name is not listed, or it has none. A
 * {@link DataException} like every refusal of the converter; told apart for the refusal metric of kind
 * {@code unknown-type-name}.
 */
final class UnknownEventTypeException extends DataException {
    UnknownEventTypeException(String message) {
        super(message);
    }

    /** Found inside a document: the reader's error, with its path and byte offset. */
    UnknownEventTypeException(TypedJsonException inDocument) {
        super(inDocument.getMessage(), inDocument);
    }

    /** Whether {@code e}, or the exception it wraps, refused an event type. */
    static boolean refused(Throwable e) {
        return e instanceof UnknownEventTypeException || e.getCause() instanceof UnknownEventTypeException;
    }
}

package io.typedjson.examples.spring;

import io.typedjson.format.TypedJsonException;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * typedjson's error as dead letter headers: {@code typedjson.error.reason}, {@code typedjson.error.path} (the JSON
 * path of the offending value, {@code $.amount}) and {@code typedjson.error.offset} (its byte offset in the original
 * value, decimal text). Spring's own {@code kafka_dlt-exception-message} carries only "failed to deserialize"; the
 * typedjson error is the cause of the cause, found here by walking the chain.
 */
public final class TypedJsonErrorHeaders {
    public static final String REASON = "typedjson.error.reason";
    public static final String PATH = "typedjson.error.path";
    public static final String OFFSET = "typedjson.error.offset";

    private TypedJsonErrorHeaders() {}

    /** The headers for {@code exception}, or none when no typedjson error caused it. */
    public static Headers of(Throwable exception) {
        Headers headers = new RecordHeaders();
        for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof TypedJsonException e) {
                headers.add(REASON, e.reason().getBytes(StandardCharsets.UTF_8));
                headers.add(PATH, e.path().getBytes(StandardCharsets.UTF_8));
                headers.add(OFFSET, Long.toString(e.byteOffset()).getBytes(StandardCharsets.UTF_8));
                break;
            }
        }
        return headers;
    }
}

package io.typedjson.bench.codec;

/**
 * A codec that cannot carry a record at all (no writer or reader for its class, or bytes it cannot read back): the
 * report shows the message in place of sizes, times and exactness, instead of stopping.
 */
public final class CannotCarryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CannotCarryException(String message, Throwable cause) {
        super(message, cause);
    }

    public CannotCarryException(String message) {
        super(message);
    }
}

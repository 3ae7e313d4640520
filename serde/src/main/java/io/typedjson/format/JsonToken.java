package io.typedjson.format;

/** The kinds of token a {@link JsonReader} stops on. */
public enum JsonToken {
    START_OBJECT,
    END_OBJECT,
    START_ARRAY,
    END_ARRAY,
    /** An object key; {@link JsonReader#currentName()} has its text. */
    FIELD_NAME,
    VALUE_STRING,
    /** A number lexeme without a fraction or an exponent. */
    VALUE_NUMBER_INT,
    /** A number lexeme with a fraction or an exponent. */
    VALUE_NUMBER_FLOAT,
    VALUE_TRUE,
    VALUE_FALSE,
    VALUE_NULL;

    /** Whether this token starts a value (a scalar, or the first token of an array or object). */
    public boolean startsValue() {
        return this != END_OBJECT && this != END_ARRAY && this != FIELD_NAME;
    }
}

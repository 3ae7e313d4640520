package io.typedjson.codec;

import io.typedjson.format.JsonWriter;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.ReadErrors;
import io.typedjson.format.TypedJsonException;
import java.util.Optional;

/**
 * Optional, open types and self-references around the codecs of their parts. Collections, arrays and maps are the
 * format's own container codecs ({@code io.typedjson.format.internal.Containers}), used as they are.
 */
final class WrapperCodecs {
    private WrapperCodecs() {}

    /** Optional: empty is null, present is the value's spelling. A null Optional reference is refused. */
    static final class OptionalCodec implements Codec<Optional<Object>> {
        private final Codec<Object> value;

        OptionalCodec(Codec<Object> value) {
            this.value = value;
        }

        Codec<Object> value() { return value; }

        @Override
        public void write(JsonWriter out, Optional<Object> v) {
            if (v == null) {
                throw new TypedJsonException("null where an Optional belongs (an absent value is Optional.empty())");
            }
            value.write(out, v.orElse(null));
        }

        @Override
        public Optional<Object> read(JsonReader in) {
            return in.currentToken() == JsonToken.VALUE_NULL ? Optional.empty() : Optional.of(value.read(in));
        }
    }

    /** An open type (Object, Number, a non-sealed interface): the dynamic model, checked against the declared type. */
    static final class OpenCodec implements Codec<Object> {
        private final Codec<Object> dynamic;
        private final Class<?> type;

        OpenCodec(Codec<Object> dynamic, Class<?> type) {
            this.dynamic = dynamic;
            this.type = type;
        }

        Class<?> type() { return type; }

        @Override
        public void write(JsonWriter out, Object value) {
            dynamic.write(out, value);
        }

        @Override
        public Object read(JsonReader in) {
            Object v = dynamic.read(in);
            if (v != null && !type.isInstance(v)) {
                throw ReadErrors.error(in, ReadErrors.aType(v.getClass()) + " where " + ReadErrors.aType(type) + " belongs");
            }
            return v;
        }
    }

    /** Stands for a codec still being built, so that a type can refer to itself. */
    static final class Ref implements Codec<Object> {
        private Codec<Object> target;

        void set(Codec<Object> target) {
            this.target = target;
        }

        Codec<Object> target() { return target; }

        @Override
        public void write(JsonWriter out, Object value) {
            target.write(out, value);
        }

        @Override
        public Object read(JsonReader in) {
            return target.read(in);
        }
    }
}

package io.typedjson.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.Equality;
import io.typedjson.format.internal.KeySpelling;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Readers;
import io.typedjson.format.TypedJsonException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.function.Supplier;

/** Collections, maps, arrays and Optional around the codecs of their elements. */
final class ContainerCodecs {
    private ContainerCodecs() {}

    static void expect(JsonParser in, JsonToken token, String what) {
        if (in.currentToken() != token) {
            throw Readers.error(in, Readers.describe(in) + " where " + what + " belongs");
        }
    }

    /** List, Set and the other collections: a JSON array; a set refuses a duplicate element. */
    static final class CollectionCodec<C extends Collection<Object>> extends NullableCodec<C> {
        private final Codec<Object> element;
        private final Supplier<C> factory;
        private final boolean isSet;

        CollectionCodec(Codec<Object> element, Supplier<C> factory, boolean isSet) {
            this.element = element;
            this.factory = factory;
            this.isSet = isSet;
        }

        // for CodecSchemas (the JSON Schema of a codec)
        Codec<Object> element() { return element; }
        boolean isSet() { return isSet; }

        /** List.of / List.copyOf results with 1-2 and with 0 or 3+ elements, and ArrayList. */
        private static final Class<?> LIST12 = List.of(1).getClass(), LIST_N = List.of(1, 2, 3).getClass();

        /**
         * Exact classes first: {@code instanceof RandomAccess && instanceof List} on a mix of List.of results makes
         * HotSpot scan their interfaces on every call (JDK-8180450), about a quarter of writing orders.
         */
        private static boolean isRandomAccessList(Object value) {
            Class<?> c = value.getClass();
            return c == ArrayList.class || c == LIST12 || c == LIST_N || value instanceof RandomAccess && value instanceof List;
        }

        @Override
        void writeValue(JsonGenerator out, C value) throws IOException {
            out.writeStartArray();
            int i = 0;
            try {
                if (isRandomAccessList(value)) {
                    List<Object> list = (List<Object>) value;
                    for (int n = list.size(); i < n; i++) {
                        element.write(out, list.get(i));
                    }
                } else {
                    for (Object e : value) {
                        element.write(out, e);
                        i++;
                    }
                }
            } catch (TypedJsonException e) {
                throw e.inElement(i);
            }
            if (isSet) {
                int duplicate = Equality.firstDuplicate(value);
                if (duplicate >= 0) {
                    throw new TypedJsonException("duplicate element in a set: equal to an earlier one under the"
                            + " format's equality (byte arrays by content)").inElement(duplicate);
                }
            }
            out.writeEndArray();
        }

        @Override
        C readValue(JsonParser in) throws IOException {
            expect(in, JsonToken.START_ARRAY, "an array");
            C c = factory.get();
            Equality.Seen seen = isSet ? new Equality.Seen(c) : null;
            while (in.nextToken() != JsonToken.END_ARRAY) {
                long start = seen != null ? Readers.compositeStart(in) : -1;
                Object e = element.read(in);
                if (seen != null && !seen.isNew(e)) {
                    String reason = "duplicate element in a set: equal to an earlier one"
                            + " (the format's equality: byte arrays by content)";
                    throw start >= 0 ? Readers.error(in, reason, start) : Readers.error(in, reason);
                }
                c.add(e);
            }
            return c;
        }
    }

    /** An array of objects: a JSON array. */
    static final class ArrayCodec extends NullableCodec<Object[]> {
        private final Codec<Object> element;
        private final Class<?> component;

        ArrayCodec(Codec<Object> element, Class<?> component) {
            this.element = element;
            this.component = component;
        }

        Codec<Object> element() { return element; }

        @Override
        void writeValue(JsonGenerator out, Object[] value) throws IOException {
            out.writeStartArray();
            for (int i = 0; i < value.length; i++) {
                try {
                    element.write(out, value[i]);
                } catch (TypedJsonException e) {
                    throw e.inElement(i);
                }
            }
            out.writeEndArray();
        }

        @Override
        Object[] readValue(JsonParser in) throws IOException {
            expect(in, JsonToken.START_ARRAY, "an array");
            List<Object> list = new ArrayList<>();
            while (in.nextToken() != JsonToken.END_ARRAY) {
                list.add(element.read(in));
            }
            return list.toArray((Object[]) Array.newInstance(component, list.size()));
        }
    }

    /** Optional: empty is null, present is the value's spelling. A null Optional reference is refused. */
    static final class OptionalCodec implements Codec<Optional<Object>> {
        private final Codec<Object> value;

        OptionalCodec(Codec<Object> value) {
            this.value = value;
        }

        Codec<Object> value() { return value; }

        @Override
        public void write(JsonGenerator out, Optional<Object> v) throws IOException {
            if (v == null) {
                throw new TypedJsonException("null where an Optional belongs (an absent value is Optional.empty())");
            }
            value.write(out, v.orElse(null));
        }

        @Override
        public Optional<Object> read(JsonParser in) throws IOException {
            return in.currentToken() == JsonToken.VALUE_NULL ? Optional.empty() : Optional.of(value.read(in));
        }
    }

    /** A map whose key type has a {@link KeySpelling}: a JSON object with the escaped key texts. */
    static final class ObjectMapCodec<M extends Map<Object, Object>> extends NullableCodec<M> {
        private final KeySpelling<Object> keys;
        private final Codec<Object> values;
        private final Supplier<M> factory;

        ObjectMapCodec(KeySpelling<Object> keys, Codec<Object> values, Supplier<M> factory) {
            this.keys = keys;
            this.values = values;
            this.factory = factory;
        }

        KeySpelling<Object> keys() { return keys; }
        Codec<Object> values() { return values; }

        @Override
        void writeValue(JsonGenerator out, M map) throws IOException {
            out.writeStartObject();
            // a map that does not use equals() (an IdentityHashMap) may hold two keys with one spelling
            java.util.Set<String> texts = Equality.isJdkDistinct(map.keySet()) ? null : new java.util.HashSet<>();
            for (Map.Entry<Object, Object> e : map.entrySet()) {
                if (e.getKey() == null) {
                    throw new TypedJsonException("null map key (a map key must have a spelling as an object key)");
                }
                String key = keys.text(e.getKey());
                if (texts != null && !texts.add(key)) {
                    throw new TypedJsonException("duplicate key " + Readers.quote(key) + " in a map");
                }
                String spelled = Lexemes.escapeKey(key);
                out.writeFieldName(spelled);
                try {
                    values.write(out, e.getValue());
                } catch (TypedJsonException ex) {
                    throw ex.inField(spelled);
                }
            }
            out.writeEndObject();
        }

        @Override
        M readValue(JsonParser in) throws IOException {
            expect(in, JsonToken.START_OBJECT, "an object");
            M map = factory.get();
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String raw = in.currentName();
                Object key = keys.parse(in, Lexemes.unescape(in, Lexemes.checkUnicode(in, raw)));
                in.nextToken();
                Object value = values.read(in);
                if (map.containsKey(key)) {
                    throw Readers.error(in, "duplicate key " + Readers.quote(raw));
                }
                map.put(key, value);
            }
            return map;
        }
    }

    /** A map whose keys are composite (records, lists, ...): keys and values alternate in one array. */
    static final class PairMapCodec<M extends Map<Object, Object>> extends NullableCodec<M> {
        private final Codec<Object> keys;
        private final Codec<Object> values;
        private final Supplier<M> factory;

        PairMapCodec(Codec<Object> keys, Codec<Object> values, Supplier<M> factory) {
            this.keys = keys;
            this.values = values;
            this.factory = factory;
        }

        Codec<Object> keys() { return keys; }
        Codec<Object> values() { return values; }

        @Override
        void writeValue(JsonGenerator out, M map) throws IOException {
            out.writeStartArray();
            int i = 0;
            for (Map.Entry<Object, Object> e : map.entrySet()) {
                try {
                    keys.write(out, e.getKey());
                    i++;
                    values.write(out, e.getValue());
                    i++;
                } catch (TypedJsonException ex) {
                    throw ex.inElement(i);
                }
            }
            int duplicate = Equality.firstDuplicate(map.keySet());
            if (duplicate >= 0) {
                throw new TypedJsonException("duplicate key in a map: equal to an earlier one under the format's"
                        + " equality (byte arrays by content)").inElement(2 * duplicate);
            }
            out.writeEndArray();
        }

        @Override
        M readValue(JsonParser in) throws IOException {
            expect(in, JsonToken.START_ARRAY, "an array of alternating keys and values");
            M map = factory.get();
            Equality.Seen seen = new Equality.Seen(map.keySet());
            while (in.nextToken() != JsonToken.END_ARRAY) {
                long start = Readers.compositeStart(in);
                Object key = keys.read(in);
                if (!seen.isNew(key)) {
                    String reason = "duplicate key in a map: equal to an earlier one"
                            + " (the format's equality: byte arrays by content)";
                    throw start >= 0 ? Readers.error(in, reason, start) : Readers.error(in, reason);
                }
                if (in.nextToken() == JsonToken.END_ARRAY) {
                    throw Readers.error(in, "the array of a map must alternate keys and values, but its last key has no value");
                }
                map.put(key, values.read(in));
            }
            return map;
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
        public void write(JsonGenerator out, Object value) throws IOException {
            dynamic.write(out, value);
        }

        @Override
        public Object read(JsonParser in) throws IOException {
            Object v = dynamic.read(in);
            if (v != null && !type.isInstance(v)) {
                throw Readers.error(in, "a " + v.getClass().getSimpleName() + " where a " + type.getSimpleName() + " belongs");
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
        public void write(JsonGenerator out, Object value) throws IOException {
            target.write(out, value);
        }

        @Override
        public Object read(JsonParser in) throws IOException {
            return target.read(in);
        }
    }
}

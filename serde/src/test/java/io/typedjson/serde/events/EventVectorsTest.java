package io.typedjson.serde.events;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.typedjson.codec.EventTypes;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.VectorsAccess;
import io.typedjson.jsonschema.EventManifests;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import io.typedjson.serde.UnknownEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The vectors of SPEC.md section 12 ({@code spec/vectors/events.json}) through the Kafka deserializer and serializer
 * of the list {@link OrderEvent}, and the manifest the other languages read them with
 * ({@code spec/vectors/events-manifest.json}), which must be exactly what {@link EventManifests} generates.
 */
class EventVectorsTest {
    static final EventTypes TYPES = EventTypes.of(OrderEvent.class);

    @Test
    void theCommittedManifestIsTheGeneratedOne() throws IOException {
        String committed;
        try (InputStream in = EventVectorsTest.class.getResourceAsStream("/vectors/events-manifest.json")) {
            committed = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertEquals(EventManifests.forTypes(TYPES) + "\n", committed, "spec/vectors/events-manifest.json is stale: "
                + "regenerate it with java -cp serde/target/classes:serde/target/test-classes:<jackson-core>:<kafka-clients> "
                + "io.typedjson.jsonschema.EventManifests io.typedjson.serde.events.OrderEvent > spec/vectors/events-manifest.json");
    }

    @TestFactory
    Stream<DynamicTest> read() throws IOException {
        List<?> cases = (List<?>) vectors().get("read");
        assertTrue(cases.size() >= 90, "read vectors loaded: " + cases.size());
        return cases.stream().map(o -> {
            Map<?, ?> c = (Map<?, ?>) o;
            return DynamicTest.dynamicTest((String) c.get("name"), () -> readCase(c));
        });
    }

    private static void readCase(Map<?, ?> c) {
        TypedJsonDeserializer<Object> deserializer = TypedJsonDeserializer.forEventTypes(TYPES);
        Object location = c.get("location") == null ? "header" : c.get("location");
        deserializer.configure(Map.of(TypedJsonConfig.UNKNOWN_TYPES, c.get("policy"), TypedJsonConfig.TYPE_LOCATION, location), false);
        Headers headers = headers((List<?>) c.get("headers"));
        String document = (String) c.get("document");
        byte[] bytes = document == null ? null : document.getBytes(StandardCharsets.UTF_8);
        Map<?, ?> expect = (Map<?, ?>) c.get("expect");
        if (expect.containsKey("error")) {
            SerializationException e = assertThrows(SerializationException.class,
                    () -> deserializer.deserialize("orders", headers, bytes));
            // the reason, path and offset exactly, as the TypeScript and Python readers give them; a null path is an
            // error about the record's headers, which names no place in the document
            String reason = (String) expect.get("error");
            if (c.get("path") == null) {
                assertNull(c.get("offset"), "a vector without a path has no offset");
                assertEquals(null, e.getCause(), e::getMessage);
                assertEquals("Cannot read typed JSON from topic 'orders': " + reason, e.getMessage());
            } else {
                TypedJsonException cause = assertInstanceOf(TypedJsonException.class, e.getCause(), e::getMessage);
                assertEquals(reason, cause.reason(), e::getMessage);
                assertEquals(c.get("path"), cause.path(), e::getMessage);
                assertEquals(Long.parseLong((String) c.get("offset")), cause.byteOffset(), e::getMessage);
                assertTrue(e.getMessage().startsWith("Cannot read typed JSON from topic 'orders': " + cause.getMessage()),
                        e::getMessage);
                // the Kafka serde's own advice follows the position (Kafka Streams' stores of other records' headers)
                assertEquals(reason.startsWith("event types disagree"),
                        e.getMessage().endsWith(cause.getMessage() + " (in a Kafka Streams state store that drops headers, of "
                                + "dsl.store.format=default or in memory, a value meets the headers of another record: give stores a "
                                + "serde of typedjson.type.location=document, or set dsl.store.format=headers with RocksDB stores)"),
                        e::getMessage);
            }
            return;
        }
        Object read = deserializer.deserialize("orders", headers, bytes);
        if (expect.containsKey("null") || expect.containsKey("skip")) {
            assertNull(read);
        } else if (expect.containsKey("pass")) {
            UnknownEvent unknown = assertInstanceOf(UnknownEvent.class, read);
            assertEquals(expect.get("pass"), unknown.type());
            assertArrayEquals(bytes, unknown.value());
            assertEquals(headers, unknown.headers());
        } else {
            assertEquals(expect.get("type"), TYPES.nameOf(read.getClass()));
            Object expected = VectorsAccess.value(expect.get("value"));
            assertNull(VectorsAccess.difference(expected, EventModel.model(read)), () -> "read " + read);
        }
    }

    @TestFactory
    Stream<DynamicTest> write() throws IOException {
        List<?> cases = (List<?>) vectors().get("write");
        assertEquals(9, cases.size());
        return cases.stream().map(o -> {
            Map<?, ?> c = (Map<?, ?>) o;
            return DynamicTest.dynamicTest((String) c.get("name"), () -> {
                // the value, read from its header-location document (the read vectors check it is the vector's value)
                Map<?, ?> readBack = (Map<?, ?>) ((List<?>) vectors().get("read")).stream()
                        .filter(r -> ((Map<?, ?>) r).get("name").equals(c.get("type") + " in header ce_type (fail)"))
                        .findFirst().orElseThrow();
                Object value = TypedJsonDeserializer.forEventTypes(TYPES).deserialize("orders",
                        headers((List<?>) readBack.get("headers")), ((String) readBack.get("document")).getBytes(StandardCharsets.UTF_8));
                assertNull(VectorsAccess.difference(VectorsAccess.value(c.get("value")), EventModel.model(value)));
                TypedJsonSerializer<Object> serializer = TypedJsonSerializer.forEventTypes(TYPES);
                serializer.configure(Map.of(TypedJsonConfig.TYPE_LOCATION, c.get("location")), false);
                Headers written = new RecordHeaders();
                byte[] bytes = serializer.serialize("orders", written, value);
                assertEquals(c.get("document"), new String(bytes, StandardCharsets.UTF_8));
                assertEquals(headers((List<?>) c.get("headers")), written);
            });
        });
    }

    static Headers headers(List<?> pairs) {
        RecordHeaders headers = new RecordHeaders();
        for (Object p : pairs) {
            List<?> pair = (List<?>) p;
            headers.add((String) pair.get(0), pair.get(1) == null ? null : ((String) pair.get(1)).getBytes(StandardCharsets.UTF_8));
        }
        return headers;
    }

    /** events.json as plain JSON (strings, lists, maps, booleans, null). */
    static Map<?, ?> vectors() throws IOException {
        try (InputStream in = EventVectorsTest.class.getResourceAsStream("/vectors/events.json");
             JsonParser p = new JsonFactory().createParser(in)) {
            p.nextToken();
            return (Map<?, ?>) plain(p);
        }
    }

    private static Object plain(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_ARRAY) {
            List<Object> list = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                list.add(plain(p));
            }
            return list;
        }
        if (t == JsonToken.START_OBJECT) {
            Map<String, Object> map = new LinkedHashMap<>();
            while (p.nextToken() != JsonToken.END_OBJECT) {
                String key = p.currentName();
                p.nextToken();
                map.put(key, plain(p));
            }
            return map;
        }
        switch (t) {
            case VALUE_STRING: return p.getText();
            case VALUE_TRUE: return true;
            case VALUE_FALSE: return false;
            case VALUE_NULL: return null;
            case VALUE_NUMBER_INT: return p.getText(); // byte offsets, the only numbers
            default: throw new IllegalStateException("events.json holds no other numbers: " + p.getText());
        }
    }
}

package io.typedjson.fuzz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.typedjson.codec.Fixtures.Color;
import io.typedjson.codec.Fixtures.Point;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.VectorsAccess;
import io.typedjson.serde.TypedJsonConfig;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiFunction;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Coverage-guided fuzzing of the Kafka deserializer (Jazzer), with a differential oracle. For every input
 * {@code d}:
 *
 * <ol>
 *   <li>typedjson accepts {@code d} only if jackson-core's strict parser accepts it as one JSON value and the byte
 *       rules of SPEC.md section 1 hold ({@link JsonOracle});
 *   <li>the value {@code v} read from an accepted {@code d} is written to {@code d'}, which reads back to {@code v}
 *       (types, bits, scales, contents, orders), and writing that gives {@code d'} byte for byte; {@code d} differs
 *       from {@code d'} only by JSON's freedom (SPEC.md 1.1; in class positions also key order, absent nullable
 *       keys and the second spellings of 5.2);
 *   <li>nothing but {@link SerializationException} leaves the deserializer, and its causes are typedjson's own
 *       refusal or jackson-core's (an Error, a NullPointerException or a ClassCastException under it is a finding);
 *   <li>reading costs at most linear work: the bytes it allocates ({@link Work}) stay under
 *       {@code 256 * d.length + 1 MiB}.
 * </ol>
 *
 * <p>In the ordinary build ({@code mvn verify}) each method replays its committed inputs under
 * {@code src/test/resources/io/typedjson/fuzz/DeserializerFuzzTestInputs/<method>/}; with {@code JAZZER_FUZZ=1} one
 * method fuzzes (CONTRIBUTING.md, "Fuzzing").
 */
class DeserializerFuzzTest {

    private static final String TOPIC = "fuzz";

    /** A record with a field of nearly every kind SPEC.md section 10 carries; {@code any} is a dynamic position. */
    public record Wide(boolean bo, byte b, short s, int i, long l, float f, double d, char c, String str, Integer boxed,
                       BigDecimal dec, BigInteger big, ByteBuffer bytes, Instant t, LocalDate day, LocalTime time,
                       LocalDateTime local, OffsetDateTime at, UUID id, Color color, Optional<String> opt, List<Long> longs,
                       Set<String> names, Map<String, Integer> counts, Map<Integer, Double> byInt, Map<Point, String> byPoint,
                       List<Shape> shapes, Object any) {}

    private static final TypedJsonDeserializer<Object> DYNAMIC = deserializer(Map.of());
    private static final TypedJsonSerializer<Object> DYNAMIC_WRITER = serializer(Map.of());
    // unknown keys and missing primitives refused: every key of an accepted document is then one the writer writes
    private static final TypedJsonDeserializer<Object> WIDE = deserializer(Map.of(TypedJsonConfig.VALUE_TYPE, Wide.class.getName(),
            TypedJsonConfig.UNKNOWN_FIELDS, "fail", TypedJsonConfig.MISSING_PRIMITIVES, "fail"));
    // the defaults: unknown keys skipped with their whole value, which must still be JSON of SPEC.md section 1
    private static final TypedJsonDeserializer<Object> WIDE_SKIPPING = deserializer(Map.of(TypedJsonConfig.VALUE_TYPE, Wide.class.getName()));
    private static final TypedJsonSerializer<Object> WIDE_WRITER = serializer(Map.of(TypedJsonConfig.VALUE_TYPE, Wide.class.getName()));

    @FuzzTest(maxDuration = "5m")
    void dynamicModel(byte[] document) {
        check(document, DYNAMIC, DYNAMIC_WRITER, VectorsAccess::difference, JsonOracle::dynamicDifference);
    }

    @FuzzTest(maxDuration = "5m")
    void classValue(byte[] document) {
        check(document, WIDE, WIDE_WRITER, DeserializerFuzzTest::recordDifference,
                (read, written) -> JsonOracle.recordDifference(read, written, Set.of("any")));
        check(document, WIDE_SKIPPING, WIDE_WRITER, DeserializerFuzzTest::recordDifference, null);
    }

    /** The four rules of the class comment for one reader and its writer. */
    private static void check(byte[] document, TypedJsonDeserializer<Object> reader, TypedJsonSerializer<Object> writer,
                              BiFunction<Object, Object, String> valueDifference, BiFunction<Object, Object, String> documentDifference) {
        Object value = readOrRefuse(reader, document);
        Work.assertLinear(document, () -> readOrRefuse(reader, document));
        if (value == REFUSED) {
            return;
        }
        Object tree = JsonOracle.parse(document);
        if (tree instanceof JsonOracle.Refused) {
            fail("accepted what jackson-core or SPEC.md section 1 refuses (" + ((JsonOracle.Refused) tree).getMessage()
                    + "): " + Show.bytes(document) + " read as " + value);
        }
        if (value == null) {
            // the document null: the one document of the null value inside a record (a Java null is a tombstone)
            assertNull(tree, () -> "read as null: " + Show.bytes(document));
            return;
        }
        byte[] written;
        try {
            written = writer.serialize(TOPIC, value);
        } catch (SerializationException e) {
            throw new AssertionError("read but cannot be written again: " + Show.bytes(document), e);
        }
        assertNotNull(written, "a value read is written as a document");
        Object back = readOrRefuse(reader, written);
        assertTrue(back != REFUSED, () -> "the writer's document is refused: " + Show.bytes(written) + " from " + Show.bytes(document));
        String difference = valueDifference.apply(value, back);
        assertNull(difference, () -> "value round trip " + difference + " for " + Show.bytes(written) + " from " + Show.bytes(document));
        byte[] again = writer.serialize(TOPIC, back);
        assertArrayEquals(written, again, () -> "not a fixed point: " + Show.bytes(written) + " then " + Show.bytes(again));
        if (documentDifference != null) {
            String freedom = documentDifference.apply(tree, JsonOracle.parse(written));
            assertNull(freedom, () -> "the document differs from the writer's by more than JSON's freedom, at " + freedom
                    + ": " + Show.bytes(document) + " written " + Show.bytes(written));
        }
    }

    private static final Object REFUSED = new Object();

    private static Object readOrRefuse(TypedJsonDeserializer<Object> reader, byte[] document) {
        try {
            return reader.deserialize(TOPIC, document);
        } catch (SerializationException e) {
            assertCleanRefusal(e, document);
            return REFUSED;
        }
    }

    /**
     * A refusal names the topic, the path and an offset within the document; under it are only typedjson's own
     * exception and jackson-core's parse errors (anything else was caught by a catch-all: a bug).
     */
    static void assertCleanRefusal(SerializationException e, byte[] document) {
        assertTrue(e.getMessage() != null && e.getMessage().contains("topic '" + TOPIC + "'") && e.getMessage().contains(" at $"),
                () -> e.getMessage() + " for " + Show.bytes(document));
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (!(t instanceof TypedJsonException || t instanceof IOException)) {
                throw new AssertionError("a refusal caused by " + t + " for " + Show.bytes(document), e);
            }
        }
        TypedJsonException cause = (TypedJsonException) e.getCause();
        assertTrue(cause.byteOffset() >= 0 && cause.byteOffset() <= document.length,
                () -> "offset " + cause.byteOffset() + " of " + document.length + " bytes: " + e.getMessage());
    }

    /** Records are the same when their components are, by the format's equality (bits, scales, contents, orders). */
    private static String recordDifference(Object expected, Object actual) {
        return VectorsAccess.difference(components(expected), components(actual));
    }

    private static Object components(Object value) {
        if (!(value instanceof Record)) {
            return value;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordComponent rc : value.getClass().getRecordComponents()) {
            try {
                out.put(rc.getName(), rc.getAccessor().invoke(value));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }

    private static TypedJsonDeserializer<Object> deserializer(Map<String, String> props) {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        d.configure(new HashMap<>(props), false);
        return d;
    }

    private static TypedJsonSerializer<Object> serializer(Map<String, String> props) {
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        s.configure(new HashMap<>(props), false);
        return s;
    }
}

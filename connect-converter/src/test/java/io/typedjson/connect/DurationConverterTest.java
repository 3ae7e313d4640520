package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Connect has no Duration type: a schemaless value holding one travels tagged ({@code ~P}) in every location, and
 * location none derives no schema for it (it comes back schemaless, as a UUID does).
 */
class DurationConverterTest {

    @ParameterizedTest
    @ValueSource(strings = {"inline", "header", "none"})
    void aSchemalessDurationTravelsTaggedAndComesBackSchemaless(String location) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("every", Duration.ofMillis(1500));
        value.put("steps", List.of(Duration.ofNanos(-1), Duration.ZERO));
        Headers headers = new RecordHeaders();
        byte[] bytes = TypedJsonConverterTest.converter(location, false).fromConnectData("t", headers, null, value);
        String doc = new String(bytes, StandardCharsets.UTF_8);
        assertTrue(doc.contains("{\"every\":\"~PPT1.5S\",\"steps\":[\"~PPT-0.000000001S\",\"~PPT0S\"]}"), doc);
        SchemaAndValue back = TypedJsonConverterTest.converter(location, false).toConnectData("t", headers, bytes);
        assertNull(back.schema(), location);
        assertEquals(value, back.value());
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline", "none"})
    void aSecondSpellingOfADurationIsRefusedAsDataException(String location) {
        String doc = "{\"every\":\"~PPT60M\"}"; // a schemaless value is the dynamic model's document in both
        DataException e = assertThrows(DataException.class, () -> TypedJsonConverterTest.converter(location, false)
                .toConnectData("t", doc.getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("non-canonical ~P payload \"PT60M\" (the one spelling of this value is \"~PPT1H\")"),
                e.getMessage());
    }
}

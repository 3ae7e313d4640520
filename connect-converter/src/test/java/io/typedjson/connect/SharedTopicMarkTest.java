package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * A sink of typedjson.schema.content on a topic shared with typedjson's serde during a migration (SPEC.md section
 * 13.2): a record marked typed is the typed spelling of the configured schema, one marked plain or unmarked plain JSON.
 */
class SharedTopicMarkTest {

    static final Schema NOTE = SchemaBuilder.struct().name("Note").field("note", Schema.STRING_SCHEMA)
            .field("id", Schema.INT64_SCHEMA).build();

    static TypedJsonConverter sink() {
        TypedJsonConverter c = new TypedJsonConverter();
        c.configure(Map.of(TypedJsonConverterConfig.SCHEMA_CONTENT, PlainJsonReadTest.schemaJson(NOTE, "BASE64")), false);
        return c;
    }

    static Headers mark(String value) {
        return new RecordHeaders().add("typedjson-format", value.getBytes(StandardCharsets.US_ASCII));
    }

    static String note(SchemaAndValue read) {
        return ((Struct) read.value()).getString("note");
    }

    @Test
    void theMarkSaysWhichSpellingARecordHas() {
        byte[] typed = "{\"note\":\"~~x\",\"id\":1}".getBytes(StandardCharsets.UTF_8); // the serde's ~x
        assertEquals("~x", note(sink().toConnectData("t", mark("typed"), typed)));
        assertEquals("~~x", note(sink().toConnectData("t", new RecordHeaders(), typed)), "unmarked: another writer's plain JSON");
        byte[] plain = "{\"note\":\"~x\",\"id\":1}".getBytes(StandardCharsets.UTF_8);
        assertEquals("~x", note(sink().toConnectData("t", mark("plain"), plain)));
        DataException e = assertThrows(DataException.class,
                () -> sink().toConnectData("t", mark("typed").add("typedjson-format", new byte[] {'x'}), typed));
        assertTrue(e.getMessage().contains("typedjson-format is given twice"), e.getMessage());
        assertTrue(assertThrows(DataException.class, () -> sink().toConnectData("t", mark("typed"), plain)).getMessage()
                .contains("tagged value"));
    }
}

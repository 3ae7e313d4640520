package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** The schema notation, seen through the schema header of header mode. */
class SchemaNotationTest {

    /**
     * The notation the converter writes for a schema. Any schema can be the element schema of an empty array,
     * whose notation is the schema's in brackets.
     */
    private static String write(Schema s) {
        Headers headers = new RecordHeaders();
        TypedJsonConverterTest.converter("header", false).fromConnectData("t", headers, SchemaBuilder.array(s).build(), List.of());
        String text = new String(headers.lastHeader("typedjson.schema").value(), StandardCharsets.UTF_8);
        return text.substring(1, text.length() - 1);
    }

    /** The schema a fresh converter reads from a notation, as the element schema of an empty array. */
    private static Schema read(String notation) {
        return readDocument("[" + notation + "]", "[]").valueSchema();
    }

    private static Schema readDocument(String notation, String document) {
        Headers headers = new RecordHeaders().add("typedjson.schema", notation.getBytes(StandardCharsets.UTF_8));
        return TypedJsonConverterTest.converter("header", false).toConnectData("t", headers,
                document.getBytes(StandardCharsets.UTF_8)).schema();
    }

    private static void assertNotation(String expected, Schema schema) {
        assertEquals(expected, write(schema));
        assertEquals(schema, read(expected));
    }

    @Test
    void examplesOfTheSpec() {
        assertNotation("str?", Schema.OPTIONAL_STRING_SCHEMA);
        assertNotation("{name,note?}", SchemaBuilder.struct().field("name", Schema.STRING_SCHEMA).field("note", Schema.OPTIONAL_STRING_SCHEMA).build());
        assertNotation("dec(-3)?", Decimal.builder(-3).optional().build());
        assertNotation("dec(10,2)", Decimal.builder(2).parameter("connect.decimal.precision", "10").build());
        assertNotation("i32?=7", SchemaBuilder.int32().optional().defaultValue(7).build());
        assertNotation("str=`\"a b\"`", SchemaBuilder.string().defaultValue("a b").build());
        assertNotation("i64(k=v)@com.acme.Id#1!`an id`", SchemaBuilder.int64().name("com.acme.Id").version(1).doc("an id").parameter("k", "v").build());
        assertNotation("<i32,{a:i32,b?}@com.acme.Inner#2!`an inner struct`>", SchemaBuilder.map(Schema.INT32_SCHEMA, Samples.INNER).build());
        assertNotation("[[f32]]", SchemaBuilder.array(SchemaBuilder.array(Schema.FLOAT32_SCHEMA).build()).build());
        assertNotation("{id:i32,customer_id:i64,qty:i16,price:dec(2),created:ts,ship_date:date?,note?,active:bool,score:f32,payload:bytes?}", Samples.ROW);
        assertNotation("{id:i64,name,status,amount:f64,tags:[str],ts}", Samples.ORDER);
    }

    @Test
    void unusualSchemasAreStillExact() {
        assertNotation("{}", SchemaBuilder.struct().build());
        assertNotation("{`a b`:i8,`back``tick`,`\u00e9`:f64,`~x`?}", SchemaBuilder.struct().field("a b", Schema.INT8_SCHEMA)
                .field("back`tick", Schema.STRING_SCHEMA).field("\u00e9", Schema.FLOAT64_SCHEMA).field("~x", Schema.OPTIONAL_STRING_SCHEMA).build());
        assertNotation("dec(2)(other=x)", Decimal.builder(2).parameter("other", "x").build());
        assertNotation("bytes(scale=02)@org.apache.kafka.connect.data.Decimal#1", SchemaBuilder.bytes().name(Decimal.LOGICAL_NAME).version(1).parameter("scale", "02").build());
        assertNotation("i32@org.apache.kafka.connect.data.Date", SchemaBuilder.int32().name(Date.LOGICAL_NAME).build());
        assertNotation("i32(a=b)@org.apache.kafka.connect.data.Date#1", SchemaBuilder.int32().name(Date.LOGICAL_NAME).version(1).parameter("a", "b").build());
        assertNotation("ts!`when it happened`?", Timestamp.builder().doc("when it happened").optional().build());
        assertNotation("i32#-5", SchemaBuilder.int32().version(-5).build());
        assertNotation("str!``", SchemaBuilder.string().doc("").build());
        assertNotation("f64=`\"NaN\"`", SchemaBuilder.float64().defaultValue(Double.NaN).build());
        assertNotation("[i16]?=`[1,-2]`", SchemaBuilder.array(Schema.INT16_SCHEMA).optional().defaultValue(List.of((short) 1, (short) -2)).build());
        assertNotation("<str,bool>=`{\"~~k\":true}`", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.BOOLEAN_SCHEMA).defaultValue(Map.of("~k", true)).build());
        assertNotation("dec(1)=-1.5", Decimal.builder(1).defaultValue(new BigDecimal("-1.5")).build());
        assertNotation("ts=`\"1969-12-31T23:59:59.999Z\"`", Timestamp.builder().defaultValue(new java.util.Date(-1)).build());
        // every schema of the all-types sample
        assertEquals(Samples.ALL, read(write(Samples.ALL)));
    }

    @Test
    void invalidNotationNamesTheCharacter() {
        String[][] bad = {
                {"{a:i33}", "character 3: unknown type 'i33'"},
                {"{a:i32", "character 6: expected '}' but the text ended"},
                {"i32??", "character 4: duplicate suffix '?'"},
                {"{a:i8,a:i8}", "character 6"},
                {"str!`open", "unterminated"},
                {"i32 ", "character 3: unexpected ' ' after the schema"},
                {"i8=300", "invalid default value 300"},
                {"dec(x)", "character 4: expected an integer"},
                {"i8@a@b", "character 4"},
        };
        for (String[] b : bad) {
            DataException e = assertThrows(DataException.class, () -> readDocument(b[0], "null"), b[0]);
            assertTrue(e.getMessage().contains(b[1]), e.getMessage());
        }
    }
}

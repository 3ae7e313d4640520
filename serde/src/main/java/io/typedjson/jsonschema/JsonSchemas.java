package io.typedjson.jsonschema;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.CodecSchemas;
import io.typedjson.codec.TypeRef;
import java.nio.charset.StandardCharsets;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * JSON Schema (draft 2020-12) of the typed JSON documents that {@code TypedJsonSerializer} writes for a Java
 * type, so that tools in other languages (validators, editors, data catalogs) can check a topic's documents.
 *
 * <pre>{@code
 * String schema = JsonSchemas.forClass(Order.class);
 * String listSchema = JsonSchemas.forType(new TypeRef<List<Order>>() {});
 * }</pre>
 *
 * <p>The schema describes what the writer produces: every field, in declaration order, and nothing else
 * ({@code required} lists every field, {@code additionalProperties} is false), each value in its typed
 * spelling (SPEC.md section 5). A reader is more lenient (it skips unknown keys, takes missing ones as
 * defaults and the second spellings of section 5.2); a document the schema refuses is one no typedjson writer
 * of this type produced. What the schema can and cannot check: docs/json-schema.md.
 *
 * <p>The structure is read from the codec the serde itself compiles ({@code Codecs.of}), so a class the
 * serde refuses is refused here too, with the same {@link IllegalArgumentException}.
 */
public final class JsonSchemas {
    private JsonSchemas() {}


    /** The schema of the documents written for {@code type}, as JSON text. */
    public static String forType(Type type) {
        return write(CodecSchemas.of(type, CodecOptions.DEFAULT));
    }

    public static String forClass(Class<?> type) {
        return forType((Type) type);
    }

    public static String forType(TypeRef<?> type) {
        return forType(type.type());
    }

    /** The schema of any document of the dynamic model (SPEC section 6): what {@code typedjson.value.type} unset writes. */
    public static String dynamic() {
        return forType(Object.class);
    }

    /**
     * Prints the schema of each class named on the command line (fully qualified, on the class path), one per
     * line: {@code java -cp app.jar:typedjson-serde.jar:jackson-core.jar io.typedjson.jsonschema.JsonSchemas com.acme.Order}.
     * With no argument, the schema of the dynamic model.
     */
    public static void main(String[] args) throws ClassNotFoundException {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** {@link #main}: the schemas on {@code out}, or one line on {@code err}; the exit status (2: usage, 1: a class it cannot describe). */
    static int run(String[] args, java.io.PrintStream out, java.io.PrintStream err) {
        if (args.length > 0 && args[0].startsWith("-")) {
            err.println("usage: JsonSchemas [class]...   (no class: the schema of the dynamic model)");
            return 2;
        }
        List<String> schemas = new java.util.ArrayList<>();
        try {
            for (String name : args) {
                schemas.add(forClass(Class.forName(name, false, Thread.currentThread().getContextClassLoader())));
            }
        } catch (ClassNotFoundException e) {
            err.println("JsonSchemas: class " + e.getMessage() + " not found on the class path");
            return 1;
        } catch (IllegalArgumentException e) {
            err.println("JsonSchemas: " + e.getMessage());
            return 1;
        }
        out.println(args.length == 0 ? dynamic() : String.join(System.lineSeparator(), schemas));
        return 0;
    }

    /** Writes a schema tree (maps, lists, strings, numbers, booleans, null) as compact JSON text. */
    public static String write(Map<String, Object> schema) {
        return new String(TypedJsonFormat.defaults().write(SCHEMA_TREE, schema), StandardCharsets.UTF_8);
    }

    /** A schema tree as plain JSON (JSON Schema's own strings, no typed JSON escapes). */
    private static final Codec<Object> SCHEMA_TREE = new Codec<>() {
        @Override
        public void write(JsonWriter out, Object tree) {
            writeValue(out, tree);
        }

        @Override
        public Object read(JsonReader in) {
            throw new UnsupportedOperationException("writes only");
        }
    };

    private static void writeValue(JsonWriter out, Object v) {
        if (v == null) {
            out.writeNull();
        } else if (v instanceof Map<?, ?> map) {
            out.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                out.writeFieldName((String) e.getKey());
                writeValue(out, e.getValue());
            }
            out.writeEndObject();
        } else if (v instanceof List<?> list) {
            out.writeStartArray();
            for (Object e : list) {
                writeValue(out, e);
            }
            out.writeEndArray();
        } else if (v instanceof String s) {
            out.writeString(s);
        } else if (v instanceof Boolean b) {
            out.writeBoolean(b);
        } else if (v instanceof BigDecimal d) {
            out.writeNumber(d.toString()); // 3.4028235E+38: a bound with an exponent, which validators take as a double
        } else if (v instanceof Long || v instanceof Integer) {
            out.writeNumber(((Number) v).longValue());
        } else {
            throw new IllegalArgumentException("not a JSON Schema value: " + v.getClass().getName());
        }
    }
}

package io.typedjson.connect;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.ObjectKeys;
import io.typedjson.format.internal.ReadErrors;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * The schema of {@value TypedJsonConverterConfig#SCHEMA_CONTENT}: typedjson's schema notation (SPEC.md section 11)
 * or Kafka JsonConverter's schema JSON (what its {@code schema.content} takes), told apart by the first two
 * characters that are not whitespace: <code>{"</code> starts JsonConverter's JSON (a notation never has a quote
 * there: its field names are bare or in backquotes); anything else is notation.
 *
 * <p>JsonConverter's JSON is read with typedjson's own reader (nesting within {@code typedjson.max.depth}, no
 * duplicate key) and its keys as JsonConverter's {@code asConnectSchema} reads them: {@code type} (boolean, int8,
 * int16, int32, int64, float, double, bytes, string, array, map, struct), {@code optional}, {@code name},
 * {@code version}, {@code doc}, {@code parameters}, {@code default} (in the plain JSON of {@code decimal.format}),
 * {@code items} (array), {@code keys} and {@code values} (map), {@code fields} (struct: each a schema with its
 * {@code field} name). Stricter than it: a key it would ignore, or a value of the wrong JSON type, is refused, so
 * that a typo cannot silently make another schema.
 */
final class SchemaContent {
    private SchemaContent() {}

    private static final String KEY = TypedJsonConverterConfig.SCHEMA_CONTENT;
    private static final Set<String> KEYS = Set.of("type", "optional", "name", "version", "doc", "parameters", "default",
            "items", "keys", "values", "fields");

    /**
     * The setting's validator: a schema either form gives, with the default limits and either decimal spelling of a
     * default value (a validator sees no other key); the converter parses it again with its own settings.
     */
    static final ConfigDef.Validator VALIDATOR = new ConfigDef.Validator() {
        @Override
        public void ensureValid(String name, Object value) {
            if (value == null) {
                throw new ConfigException(name, null, "must be a string (empty: not used)");
            }
            try {
                parse(value.toString(), TypedJsonFormat.defaults(), PlainJsonCodec.DecimalFormat.BASE64);
            } catch (ConfigException base64) {
                try {
                    parse(value.toString(), TypedJsonFormat.defaults(), PlainJsonCodec.DecimalFormat.NUMERIC);
                } catch (ConfigException numeric) {
                    throw base64;
                }
            }
        }

        @Override
        public String toString() {
            return "empty, typedjson's schema notation, or JsonConverter's schema JSON";
        }
    };

    /** Whether {@code text} is JsonConverter's schema JSON (else typedjson's notation): the rule above. */
    static boolean isJsonConverterJson(String text) {
        int i = skipSpace(text, 0);
        if (i >= text.length() || text.charAt(i) != '{') {
            return false;
        }
        i = skipSpace(text, i + 1);
        return i < text.length() && text.charAt(i) == '"';
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n' || s.charAt(i) == '\r')) {
            i++;
        }
        return i;
    }

    /**
     * The schema {@code text} gives, or null when it is empty.
     *
     * @throws ConfigException naming {@value TypedJsonConverterConfig#SCHEMA_CONTENT} and what is wrong where
     */
    static Schema parse(String text, TypedJsonFormat format, PlainJsonCodec.DecimalFormat decimals) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Schema schema;
        if (isJsonConverterJson(text)) {
            Object tree;
            try {
                tree = format.read(TREE, text.getBytes(StandardCharsets.UTF_8));
            } catch (TypedJsonException e) {
                throw invalid("not valid JSON: " + e.getMessage());
            }
            schema = build(tree, "$", format, decimals);
        } else {
            try {
                schema = new SchemaCache(format, 1).forText(text.strip()).schema;
            } catch (RuntimeException e) { // DataException from the notation's parser, with the position
                throw invalid("not a schema notation (SPEC.md section 11), nor JsonConverter's schema JSON (which starts"
                        + " with {\"): " + TypedJsonConverter.message(e));
            }
        }
        try {
            SchemaBounds.check(schema, format.limits().maxDepth(), format.limits().maxStringLength());
            new PlainJsonCodec(schema, decimals); // a Decimal without an integer scale, ...
        } catch (RuntimeException e) {
            throw invalid(TypedJsonConverter.message(e));
        }
        return schema;
    }

    private static ConfigException invalid(String reason) {
        return new ConfigException("Invalid value for configuration " + KEY + ": " + reason);
    }

    @SuppressWarnings("unchecked")
    private static Schema build(Object node, String path, TypedJsonFormat format, PlainJsonCodec.DecimalFormat decimals) {
        if (!(node instanceof Map)) {
            throw invalid(path + " is " + kind(node) + " where a schema object belongs");
        }
        Map<String, Object> m = (Map<String, Object>) node;
        for (String key : m.keySet()) {
            if (!KEYS.contains(key) && !(key.equals("field") && path.endsWith("]"))) {
                throw invalid(path + " has the key \"" + key + "\", which JsonConverter's schema JSON does not have (its keys: "
                        + "type, optional, name, version, doc, parameters, default, items, keys, values, fields, field)");
            }
        }
        String type = string(m, "type", path);
        if (type == null) {
            throw invalid(path + " has no \"type\"");
        }
        SchemaBuilder b;
        switch (type) {
            case "boolean": b = SchemaBuilder.bool(); break;
            case "int8": b = SchemaBuilder.int8(); break;
            case "int16": b = SchemaBuilder.int16(); break;
            case "int32": b = SchemaBuilder.int32(); break;
            case "int64": b = SchemaBuilder.int64(); break;
            case "float": b = SchemaBuilder.float32(); break;
            case "double": b = SchemaBuilder.float64(); break;
            case "bytes": b = SchemaBuilder.bytes(); break;
            case "string": b = SchemaBuilder.string(); break;
            case "array":
                b = SchemaBuilder.array(build(required(m, "items", path), path + ".items", format, decimals));
                break;
            case "map":
                b = SchemaBuilder.map(build(required(m, "keys", path), path + ".keys", format, decimals),
                        build(required(m, "values", path), path + ".values", format, decimals));
                break;
            case "struct": {
                b = SchemaBuilder.struct();
                Object fields = required(m, "fields", path);
                if (!(fields instanceof List)) {
                    throw invalid(path + ".fields is " + kind(fields) + " where an array of field schemas belongs");
                }
                List<Object> list = (List<Object>) fields;
                for (int i = 0; i < list.size(); i++) {
                    String at = path + ".fields[" + i + "]";
                    Object f = list.get(i);
                    String name = f instanceof Map ? string((Map<String, Object>) f, "field", at) : null;
                    if (name == null) {
                        throw invalid(at + " has no \"field\" (the field's name)");
                    }
                    Schema fieldSchema = build(f, at, format, decimals);
                    try {
                        b.field(name, fieldSchema);
                    } catch (RuntimeException e) { // two fields of one name
                        throw invalid(at + ": " + e.getMessage());
                    }
                }
                break;
            }
            default:
                throw invalid(path + ".type is \"" + type + "\", not one of boolean, int8, int16, int32, int64, float, double,"
                        + " bytes, string, array, map, struct");
        }
        if (!List.of("array", "map", "struct").contains(type)) {
            for (String composite : List.of("items", "keys", "values", "fields")) {
                if (m.containsKey(composite)) {
                    throw invalid(path + " has \"" + composite + "\", which a schema of type " + type + " has not");
                }
            }
        }
        Object optional = m.get("optional");
        if (optional != null && !(optional instanceof Boolean)) {
            throw invalid(path + ".optional is " + kind(optional) + " where true or false belongs");
        }
        if (Boolean.TRUE.equals(optional)) {
            b.optional();
        }
        String name = string(m, "name", path);
        if (name != null) {
            b.name(name);
        }
        Object version = m.get("version");
        if (version != null) {
            if (!(version instanceof Lexeme l) || !l.integer() || !fitsInt(l.text())) {
                throw invalid(path + ".version is " + kind(version) + " where an int32 belongs");
            }
            b.version(Integer.parseInt(l.text()));
        }
        String doc = string(m, "doc", path);
        if (doc != null) {
            b.doc(doc);
        }
        Object params = m.get("parameters");
        if (params != null) {
            if (!(params instanceof Map)) {
                throw invalid(path + ".parameters is " + kind(params) + " where an object of strings belongs");
            }
            for (Map.Entry<String, Object> e : ((Map<String, Object>) params).entrySet()) {
                if (!(e.getValue() instanceof String s)) {
                    throw invalid(path + ".parameters." + e.getKey() + " is " + kind(e.getValue()) + " where a string belongs");
                }
                b.parameter(e.getKey(), s);
            }
        }
        if (m.containsKey("default") && m.get("default") != null) {
            byte[] json = format.write(TREE, m.get("default"));
            try {
                Schema withoutDefault = b.build();
                b.defaultValue(format.read(new PlainJsonCodec(withoutDefault, decimals), json));
            } catch (RuntimeException e) {
                throw invalid(path + ".default " + new String(json, StandardCharsets.UTF_8) + " is not a value of its schema: "
                        + TypedJsonConverter.message(e));
            }
        }
        return b.build();
    }

    private static boolean fitsInt(String integer) {
        try {
            Integer.parseInt(integer);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static Object required(Map<String, Object> m, String key, String path) {
        Object v = m.get(key);
        if (v == null) {
            throw invalid(path + " of type " + m.get("type") + " has no \"" + key + "\"");
        }
        return v;
    }

    private static String string(Map<String, Object> m, String key, String path) {
        Object v = m.get(key);
        if (v != null && !(v instanceof String)) {
            throw invalid(path + "." + key + " is " + kind(v) + " where a string belongs");
        }
        return (String) v;
    }

    private static String kind(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Map) {
            return "an object";
        }
        if (v instanceof List) {
            return "an array";
        }
        if (v instanceof Lexeme l) {
            return "the number " + l.text();
        }
        if (v instanceof String s) {
            return "the string " + ReadErrors.quote(s.length() > 40 ? s.substring(0, 40) + "..." : s);
        }
        return v.toString();
    }

    /** A number as its lexeme: the schema's numbers are read (or written back, for a default) as they are spelled. */
    record Lexeme(String text, boolean integer) {}

    /**
     * Plain JSON as a tree: objects (LinkedHashMap, no duplicate key), arrays, strings as they are, numbers as
     * {@link Lexeme}s, booleans, null; nesting bounded by the reader's depth limit. Written back the same way.
     */
    private static final Codec<Object> TREE = new Codec<>() {
        @Override
        public void write(JsonWriter out, Object v) {
            if (v == null) {
                out.writeNull();
            } else if (v instanceof Map<?, ?> m) {
                out.writeStartObject();
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    out.writeFieldName((String) e.getKey());
                    write(out, e.getValue());
                }
                out.writeEndObject();
            } else if (v instanceof List<?> l) {
                out.writeStartArray();
                for (Object e : l) {
                    write(out, e);
                }
                out.writeEndArray();
            } else if (v instanceof Lexeme l) {
                out.writeNumber(l.text());
            } else if (v instanceof Boolean b) {
                out.writeBoolean(b);
            } else {
                out.writeString((String) v);
            }
        }

        @Override
        public Object read(JsonReader in) {
            JsonToken t = in.currentToken();
            switch (t) {
                case START_OBJECT: {
                    Map<String, Object> m = new LinkedHashMap<>();
                    while (in.nextToken() != JsonToken.END_OBJECT) {
                        m.put(ObjectKeys.nextUnique(in, m), read(in));
                    }
                    return m;
                }
                case START_ARRAY: {
                    List<Object> l = new ArrayList<>();
                    while (in.nextToken() != JsonToken.END_ARRAY) {
                        l.add(read(in));
                    }
                    return l;
                }
                case VALUE_STRING: return Lexemes.checkUnicode(in, in.getText());
                case VALUE_NUMBER_INT: return new Lexeme(in.getText(), true);
                case VALUE_NUMBER_FLOAT: return new Lexeme(in.getText(), false);
                case VALUE_TRUE: return Boolean.TRUE;
                case VALUE_FALSE: return Boolean.FALSE;
                case VALUE_NULL: return null;
                default: throw ReadErrors.error(in, ReadErrors.describe(in) + " where a value belongs");
            }
        }
    };
}

package io.typedjson.connect;

import io.typedjson.format.TypedJsonFormat;
import io.typedjson.connect.TypedJsonConverterConfig.Location;
import io.typedjson.format.ConnectEnvelope;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.Tags;
import io.typedjson.jsonschema.JsonSchemas;
import io.typedjson.format.internal.scalar.JsonSchemaFragments;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * JSON Schema (draft 2020-12) of the documents {@link TypedJsonConverter} writes for a Connect schema (SPEC.md
 * section 11), for tools outside Java:
 *
 * <ul>
 *   <li>{@code INLINE}: the document {@code {"~s":"<notation>","~v":<value>}}, {@code ~s} the schema's notation
 *       as a {@code const} and structs as positional arrays ({@code prefixItems}, {@code items: false});</li>
 *   <li>{@code HEADER}: the value alone, structs as objects (the notation travels in a record header);</li>
 *   <li>{@code REFERENCE}: the value alone as {@code INLINE} spells {@code ~v}, structs positional (the
 *       schema's fingerprint travels in a record header);</li>
 *   <li>{@code NONE}: the value in the dynamic model, tagged where plain JSON cannot say the Connect type.</li>
 * </ul>
 *
 * <p>The scalar spellings come from {@link JsonSchemaFragments} and each scalar type of the format; this class follows the same
 * dispatch on the Connect schema as the converter's value codecs (logical name first, then the type).
 */
public final class ConnectJsonSchemas {
    private ConnectJsonSchemas() {}


    /** The schema of the documents written for {@code schema} in schema location {@code location}, as JSON text. */
    public static String forSchema(Schema schema, Location location) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("title", schema.name() != null ? schema.name() : "typed JSON of a Connect " + schema.type() + " ("
                + location.name().toLowerCase(java.util.Locale.ROOT) + ")");
        switch (location) {
            case INLINE: {
                Map<String, Object> notation = new LinkedHashMap<>();
                notation.put("const", notation(schema));
                Map<String, Object> properties = new LinkedHashMap<>();
                properties.put(ConnectEnvelope.SCHEMA_KEY, notation);
                properties.put(ConnectEnvelope.VALUE_KEY, value(schema, true));
                root.putAll(exactly(properties));
                break;
            }
            case HEADER:
                root.putAll(value(schema, false));
                break;
            case REFERENCE: // the value of "~v" alone; the schema's fingerprint travels in a header
                root.putAll(value(schema, true));
                break;
            default:
                root.putAll(dynamic(schema));
                break;
        }
        return JsonSchemas.write(root);
    }

    /** The value of {@code s}: structs as arrays when {@code positional}, as objects otherwise. */
    private static Map<String, Object> value(Schema s, boolean positional) {
        Map<String, Object> m = scalar(s);
        if (m == null) {
            switch (s.type()) {
                case ARRAY:
                    m = JsonSchemaFragments.type("array");
                    m.put("items", value(s.valueSchema(), positional));
                    break;
                case MAP:
                    if (isPlainString(s.keySchema())) {
                        m = stringKeyed(value(s.valueSchema(), positional));
                    } else {
                        m = alternating(value(s.keySchema(), positional), value(s.valueSchema(), positional));
                    }
                    break;
                case STRUCT: {
                    List<Object> fields = new ArrayList<>();
                    Map<String, Object> properties = new LinkedHashMap<>();
                    for (Field f : s.fields()) {
                        fields.add(value(f.schema(), positional));
                        properties.put(escapeKey(f.name()), fields.get(fields.size() - 1));
                    }
                    if (positional) {
                        m = JsonSchemaFragments.type("array");
                        if (!fields.isEmpty()) { // draft 2020-12: prefixItems is a non-empty array; {} is [] alone
                            m.put("prefixItems", fields);
                        }
                        m.put("items", false);
                        m.put("minItems", fields.size());
                    } else {
                        m = exactly(properties);
                    }
                    break;
                }
                default:
                    throw new DataException("no JSON Schema for a Connect " + s.type());
            }
        }
        return annotated(m, s);
    }

    /** A scalar in its typed spelling, or null for ARRAY, MAP and STRUCT. */
    private static Map<String, Object> scalar(Schema s) {
        if (Decimal.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.BYTES) {
            return JsonSchemaFragments.type("number");
        }
        if (Date.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.INT32) {
            return JsonSchemaFragments.typed(java.time.LocalDate.class);
        }
        if (Time.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.INT32) {
            return JsonSchemaFragments.string(JsonSchemaFragments.CONNECT_TIME);
        }
        if (Timestamp.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.INT64) {
            return JsonSchemaFragments.string(JsonSchemaFragments.CONNECT_TIMESTAMP);
        }
        ScalarType scalar = DerivedSchemas.scalarOf(s.type());
        return scalar == null ? null : JsonSchemaFragments.typed(scalar.type());
    }

    /**
     * The value in schema location none (SPEC section 11, "none"): the dynamic model's spelling of each Connect
     * type, with its tag where plain JSON cannot say it; structs as objects.
     */
    private static Map<String, Object> dynamic(Schema s) {
        Map<String, Object> m;
        if (Decimal.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.BYTES) {
            m = JsonSchemaFragments.tagged(Tags.DECIMAL);
        } else if (Date.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.INT32) {
            m = JsonSchemaFragments.tagged(Tags.LOCAL_DATE);
        } else if (Time.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.INT32) {
            m = JsonSchemaFragments.string("~" + Tags.LOCAL_TIME + JsonSchemaFragments.CONNECT_TIME);
        } else if (Timestamp.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.INT64) {
            m = JsonSchemaFragments.string("~" + Tags.INSTANT + JsonSchemaFragments.CONNECT_TIMESTAMP);
        } else {
            switch (s.type()) {
                case INT8: m = JsonSchemaFragments.tagged(Tags.INT8); break;
                case INT16: m = JsonSchemaFragments.tagged(Tags.INT16); break;
                case INT32: m = JsonSchemaFragments.tagged(Tags.INT32); break;
                case INT64: m = JsonSchemaFragments.typed(Long.class); break;
                case FLOAT32: m = JsonSchemaFragments.tagged(Tags.FLOAT32); break;
                case FLOAT64: {
                    m = new LinkedHashMap<>();
                    Map<String, Object> nonFinite = new LinkedHashMap<>();
                    nonFinite.put("enum", List.of("~zNaN", "~zInfinity", "~z-Infinity"));
                    m.put("anyOf", List.of(JsonSchemaFragments.type("number"), nonFinite));
                    break;
                }
                case BOOLEAN: m = JsonSchemaFragments.typed(Boolean.class); break;
                case STRING: m = JsonSchemaFragments.typed(String.class); break;
                case BYTES: m = JsonSchemaFragments.tagged(Tags.BYTES); break;
                case ARRAY:
                    m = JsonSchemaFragments.type("array");
                    m.put("items", dynamic(s.valueSchema()));
                    break;
                case MAP:
                    if (isPlainString(s.keySchema())) {
                        m = stringKeyed(dynamic(s.valueSchema()));
                    } else {
                        // keys and values alternate under ~map, unless every key is a string (possible only when
                        // the key schema is a STRING): then a plain object; no entries at all is {}
                        Map<String, Object> plain;
                        if (s.keySchema().type() == Schema.Type.STRING) {
                            plain = stringKeyed(dynamic(s.valueSchema()));
                        } else {
                            plain = JsonSchemaFragments.type("object");
                            plain.put("maxProperties", 0);
                        }
                        Map<String, Object> pairs = alternating(dynamic(s.keySchema()), dynamic(s.valueSchema()));
                        pairs.put("minItems", 2);
                        Map<String, Object> tagged = exactly(Map.of(Tags.MAP, pairs));
                        m = new LinkedHashMap<>();
                        m.put("anyOf", List.of(plain, tagged));
                    }
                    break;
                case STRUCT: {
                    Map<String, Object> properties = new LinkedHashMap<>();
                    for (Field f : s.fields()) {
                        properties.put(escapeKey(f.name()), dynamic(f.schema()));
                    }
                    m = exactly(properties);
                    break;
                }
                default:
                    throw new DataException("no JSON Schema for a Connect " + s.type());
            }
        }
        return annotated(m, s);
    }

    /** An object of these properties, every one present and no other: a struct, the envelope, a tagged object. */
    private static Map<String, Object> exactly(Map<String, Object> properties) {
        Map<String, Object> m = JsonSchemaFragments.type("object");
        m.put("properties", properties);
        m.put("required", new ArrayList<>(properties.keySet()));
        m.put("additionalProperties", false);
        return m;
    }

    /** A map with string keys as a JSON object: keys as the format escapes them, values of one schema. */
    private static Map<String, Object> stringKeyed(Map<String, Object> values) {
        Map<String, Object> m = JsonSchemaFragments.type("object");
        m.put("propertyNames", Map.of("pattern", JsonSchemaFragments.ESCAPED));
        m.put("additionalProperties", values);
        return m;
    }

    private static Map<String, Object> alternating(Map<String, Object> key, Map<String, Object> value) {
        // keys and values alternate in one array; JSON Schema can only say that each item is one of both
        Map<String, Object> m = JsonSchemaFragments.type("array");
        Map<String, Object> items = new LinkedHashMap<>();
        items.put("anyOf", List.of(key, value));
        m.put("items", items);
        return m;
    }

    /** {@code m} with the schema's doc as its description, and null allowed where the converter writes it. */
    private static Map<String, Object> annotated(Map<String, Object> m, Schema s) {
        if (s.doc() != null && !m.containsKey("description")) {
            m.put("description", s.doc());
        }
        return nullable(s) ? JsonSchemaFragments.nullable(m) : m;
    }

    /** As the converter's codecs: null is written for an optional schema and for one with a default. */
    private static boolean nullable(Schema s) {
        return s.isOptional() || s.defaultValue() != null;
    }

    /** A map key that can always be a JSON object key: a required string without a logical name. */
    private static boolean isPlainString(Schema key) {
        return key.type() == Schema.Type.STRING && !key.isOptional() && key.name() == null;
    }

    private static String escapeKey(String key) {
        return key.startsWith("~") ? "~" + key : key;
    }

    // ---- the notation, through the converter's public interface

    /** The schema's notation as the converter writes it in {@code ~s}: the converter is asked for one document. */
    static String notation(Schema schema) {
        TypedJsonConverter converter = new TypedJsonConverter();
        converter.configure(Map.of(TypedJsonConverterConfig.SCHEMA_LOCATION, "inline"), false);
        byte[] document = converter.fromConnectData("json-schema", schema, nullable(schema) ? null : sample(schema));
        String notation = TypedJsonFormat.defaults().read(ConnectEnvelope.INLINE_NOTATION, document);
        if (notation == null) {
            throw new DataException("the converter wrote no inline schema for " + schema);
        }
        return notation;
    }

    /** A value of {@code schema}, the smallest there is, only to have the converter write its notation. */
    private static Object sample(Schema s) {
        if (nullable(s)) {
            return null;
        }
        if (Decimal.LOGICAL_NAME.equals(s.name()) && s.type() == Schema.Type.BYTES) {
            return BigDecimal.ZERO.setScale(Integer.parseInt(s.parameters().get(Decimal.SCALE_FIELD)));
        }
        if (Date.LOGICAL_NAME.equals(s.name()) || Time.LOGICAL_NAME.equals(s.name())
                || Timestamp.LOGICAL_NAME.equals(s.name())) {
            return new java.util.Date(0);
        }
        switch (s.type()) {
            case INT8: return (byte) 0;
            case INT16: return (short) 0;
            case INT32: return 0;
            case INT64: return 0L;
            case FLOAT32: return 0f;
            case FLOAT64: return 0.0;
            case BOOLEAN: return false;
            case STRING: return "";
            case BYTES: return new byte[0];
            case ARRAY: return List.of();
            case MAP: return Map.of();
            case STRUCT: {
                Struct struct = new Struct(s);
                for (Field f : s.fields()) {
                    Object v = sample(f.schema());
                    if (v != null) {
                        struct.put(f, v); // a required field with a default stays unset (Struct.put refuses the null)
                    }
                }
                return struct;
            }
            default: throw new DataException("no sample of a Connect " + s.type());
        }
    }
}

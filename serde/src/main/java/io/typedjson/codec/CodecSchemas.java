package io.typedjson.codec;

import io.typedjson.codec.WrapperCodecs.OpenCodec;
import io.typedjson.codec.WrapperCodecs.OptionalCodec;
import io.typedjson.codec.WrapperCodecs.Ref;
import io.typedjson.format.Codec;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.internal.Containers.CollectionCodec;
import io.typedjson.format.internal.Containers.ObjectArrayCodec;
import io.typedjson.format.internal.Containers.ObjectMapCodec;
import io.typedjson.format.internal.Containers.PairMapCodec;
import io.typedjson.format.internal.KeySpelling;
import io.typedjson.format.internal.scalar.JsonSchemaFragments;
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import io.typedjson.format.internal.Lexemes;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON Schema of what a class's codec writes, read off the compiled codec itself (the same properties,
 * names, variants and key spellings the serde uses), with the scalar spellings of {@link JsonSchemaFragments}. Used by
 * {@link io.typedjson.jsonschema.JsonSchemas}; the result is a tree of maps, lists and scalars.
 */
public final class CodecSchemas {
    private static final String DEFS = "#/$defs/";

    /** The codecs of the scalar types, to tell which scalar a codec is (its class is not kept in it). */
    private static final Map<Object, Class<?>> SCALARS = new IdentityHashMap<>();
    private static final Map<Object, Class<?>> KEYS = new IdentityHashMap<>();

    static {
        for (ScalarType scalar : ScalarTypes.all()) {
            Class<?> c = scalar.type();
            Codec<?> codec = ScalarCodecs.of(c);
            if (codec != null) {
                SCALARS.put(codec, c);
            }
            KeySpelling<?> key = KeySpelling.of(c);
            if (key != null) {
                KEYS.put(key, c);
            }
        }
    }

    private final Map<String, Object> defs = new LinkedHashMap<>();
    private final Map<Object, String> names = new IdentityHashMap<>();
    private final Set<String> taken = new HashSet<>();

    private CodecSchemas() {}

    /**
     * The schema tree of the documents {@code Codecs.of(type, options)} writes: {@code $defs} for every class,
     * variant type and enum, and for the dynamic model when the type has an open position.
     */
    public static Map<String, Object> of(Type type, CodecOptions options) {
        CodecSchemas walk = new CodecSchemas();
        // the structure is read off the reflective codec: every kind writes the same documents
        Map<String, Object> body = walk.schema(Codecs.of(type, options.withKind(CodecKind.REFLECTIVE)));
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("title", type.getTypeName());
        root.putAll(body);
        if (!walk.defs.isEmpty()) {
            root.put("$defs", walk.defs);
        }
        return root;
    }

    private Map<String, Object> schema(Codec<?> codec) {
        codec = target(codec);
        Class<?> scalar = SCALARS.get(codec);
        if (scalar != null) {
            return JsonSchemaFragments.typed(scalar);
        }
        if (codec == DynamicCodec.INSTANCE) {
            return dynamicRef();
        }
        if (codec instanceof OpenCodec open) {
            Class<?> declared = open.type();
            return declared == Object.class ? dynamicRef() : JsonSchemaFragments.dynamic(declared, dynamicRef().get("$ref").toString());
        }
        if (codec instanceof OptionalCodec optional) {
            return JsonSchemaFragments.nullable(schema(optional.value()));
        }
        if (codec instanceof CollectionCodec<?> c) {
            Map<String, Object> m = JsonSchemaFragments.type("array");
            m.put("items", element(c.element()));
            if (c.isSet() && jsonEqualityIsTheFormats(c.element())) {
                m.put("uniqueItems", true);
            }
            return m;
        }
        if (codec instanceof ObjectArrayCodec c) {
            Map<String, Object> m = JsonSchemaFragments.type("array");
            m.put("items", element(c.element()));
            return m;
        }
        if (codec instanceof PrimitiveArrayCodec c) {
            Map<String, Object> m = JsonSchemaFragments.type("array");
            m.put("items", JsonSchemaFragments.typed(c.component()));
            return m;
        }
        if (codec instanceof ObjectMapCodec<?> c) {
            Map<String, Object> m = JsonSchemaFragments.type("object");
            m.put("propertyNames", keyNames(c.keys()));
            m.put("additionalProperties", element(c.values()));
            return m;
        }
        if (codec instanceof PairMapCodec<?> c) {
            // keys and values alternate; JSON Schema cannot say which position is which, only that each is one of both
            Map<String, Object> m = JsonSchemaFragments.type("array");
            Map<String, Object> items = new LinkedHashMap<>();
            items.put("anyOf", List.of(schema(c.keys()), element(c.values())));
            m.put("items", items);
            return m;
        }
        if (codec instanceof EnumCodec || codec instanceof ObjectCodec || codec instanceof VariantCodec) {
            return named(codec);
        }
        throw new IllegalArgumentException("no JSON Schema for the codec " + codec.getClass().getName());
    }

    /** An element, map value or nullable field: the codec's schema, or null. */
    private Map<String, Object> element(Codec<?> codec) {
        codec = target(codec);
        Map<String, Object> s = schema(codec);
        // Optional already has null; the dynamic model has null in it
        return codec instanceof OptionalCodec || codec == DynamicCodec.INSTANCE || codec instanceof OpenCodec
                ? s : JsonSchemaFragments.nullable(s);
    }

    private Map<String, Object> dynamicRef() {
        if (!defs.containsKey(JsonSchemaFragments.DYNAMIC)) {
            defs.put(JsonSchemaFragments.DYNAMIC, null); // reserve the name before the recursion
            defs.put(JsonSchemaFragments.DYNAMIC, JsonSchemaFragments.dynamic(Object.class, DEFS + JsonSchemaFragments.DYNAMIC));
        }
        return JsonSchemaFragments.ref(DEFS + JsonSchemaFragments.DYNAMIC);
    }

    /** Classes, variant types and enums go to {@code $defs} once, so a type can refer to itself. */
    private Map<String, Object> named(Codec<?> codec) {
        String name = names.get(codec);
        if (name == null) {
            Class<?> type = codec instanceof EnumCodec e ? e.type()
                    : codec instanceof ObjectCodec o ? o.type() : ((VariantCodec) codec).sealed();
            name = type.getSimpleName().isEmpty() ? "type" : type.getSimpleName();
            for (int i = 2; taken.contains(name) || name.equals(JsonSchemaFragments.DYNAMIC); i++) {
                name = type.getSimpleName() + "_" + i; // Box<Integer> and Box<String> are two codecs of one class
            }
            taken.add(name);
            names.put(codec, name);
            defs.put(name, null); // keeps the order of first use
            defs.put(name, body(codec, type));
        }
        return JsonSchemaFragments.ref(DEFS + name);
    }

    private Map<String, Object> body(Codec<?> codec, Class<?> type) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", type.getName());
        if (codec instanceof EnumCodec e) {
            m.put("enum", escapedNames(e));
            return m;
        }
        if (codec instanceof VariantCodec v) {
            List<Object> variants = new ArrayList<>();
            for (int i = 0; i < v.names().length; i++) {
                Map<String, Object> one = JsonSchemaFragments.type("object");
                one.put("properties", Map.of(v.names()[i], schema(v.codecs()[i])));
                one.put("required", List.of(v.names()[i]));
                one.put("additionalProperties", false);
                variants.add(one);
            }
            m.put("oneOf", variants);
            return m;
        }
        // a class: the writer writes every field, in order, every time, and nothing else
        m.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        List<Object> required = new ArrayList<>();
        for (ObjectCodec.Property p : ((ObjectCodec) codec).properties()) {
            String key = Lexemes.escapeKey(p.key.name());
            properties.put(key, property(p));
            required.add(key);
        }
        m.put("properties", properties);
        m.put("required", required);
        m.put("additionalProperties", false);
        return m;
    }

    private Map<String, Object> property(ObjectCodec.Property p) {
        switch (p.kind) {
            case ObjectCodec.BOOLEAN: return JsonSchemaFragments.typed(boolean.class);
            case ObjectCodec.BYTE: return JsonSchemaFragments.typed(byte.class);
            case ObjectCodec.SHORT: return JsonSchemaFragments.typed(short.class);
            case ObjectCodec.INT: return JsonSchemaFragments.typed(int.class);
            case ObjectCodec.LONG: return JsonSchemaFragments.typed(long.class);
            case ObjectCodec.FLOAT: return JsonSchemaFragments.typed(float.class);
            case ObjectCodec.DOUBLE: return JsonSchemaFragments.typed(double.class);
            case ObjectCodec.CHAR: return JsonSchemaFragments.typed(char.class);
            case ObjectCodec.STRING: return JsonSchemaFragments.nullable(JsonSchemaFragments.typed(String.class));
            default: return element(p.codec);
        }
    }

    private Map<String, Object> keyNames(KeySpelling<?> keys) {
        if (keys instanceof EnumCodec e) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("enum", escapedNames(e));
            return m;
        }
        Class<?> type = KEYS.get(keys);
        if (type == null) {
            throw new IllegalArgumentException("no JSON Schema for the map key spelling " + keys.getClass().getName());
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pattern", JsonSchemaFragments.keyPattern(type));
        return m;
    }

    /**
     * Whether two elements the format calls different are always different JSON values too, so that
     * {@code uniqueItems} refuses only what the writer never writes: not for numbers with a fraction
     * ({@code 0.0} and {@code -0.0}, {@code 1.0} and {@code 1.00} are one JSON number), classes (their own
     * {@code equals}) or the dynamic model.
     */
    private static boolean jsonEqualityIsTheFormats(Codec<?> element) {
        element = target(element);
        Class<?> scalar = SCALARS.get(element);
        if (scalar != null) {
            return scalar != Double.class && scalar != Float.class && scalar != java.math.BigDecimal.class;
        }
        return element instanceof EnumCodec;
    }

    /** The codec a reference (a class that refers to itself) stands for; any other codec itself. */
    private static Codec<?> target(Codec<?> codec) {
        while (codec instanceof Ref r) {
            codec = r.target();
        }
        return codec;
    }

    /** An enum's names as JSON spells them (a leading {@code ~} doubled). */
    private static List<Object> escapedNames(EnumCodec codec) {
        List<Object> values = new ArrayList<>();
        for (String n : codec.names()) {
            values.add(Lexemes.escapeKey(n));
        }
        return values;
    }
}

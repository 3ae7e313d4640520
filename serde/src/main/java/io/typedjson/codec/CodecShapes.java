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
import io.typedjson.format.internal.scalar.ScalarType;
import io.typedjson.format.internal.scalar.ScalarTypes;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shape of what a class's codec writes (SPEC.md section 12.5): how a reader without the Java class reads its
 * documents, read off the compiled codec itself, as {@link CodecSchemas} reads the JSON Schema off it, with the same
 * names for classes, sealed types and enums (off the reflective codec, as every kind writes the same). Used by {@link io.typedjson.jsonschema.EventManifests}; the result is a
 * tree of maps, lists and strings.
 */
public final class CodecShapes {

    /** The codecs of the scalar types, by codec (their class is not kept in them). */
    private static final Map<Object, ScalarType> SCALARS = new IdentityHashMap<>();
    private static final Map<Object, ScalarType> KEYS = new IdentityHashMap<>();

    static {
        for (ScalarType scalar : ScalarTypes.all()) {
            Codec<?> codec = ScalarCodecs.of(scalar.type());
            if (codec != null) {
                SCALARS.putIfAbsent(codec, scalar);
            }
            KeySpelling<?> key = KeySpelling.of(scalar.type());
            if (key != null) {
                KEYS.putIfAbsent(key, scalar);
            }
        }
    }

    private final Map<String, Object> named;
    private final Map<Object, String> names = new IdentityHashMap<>();
    private final Set<String> taken = new HashSet<>();

    /** A walk that adds the classes, sealed types and enums it meets to {@code named}, shared by the walks of a manifest. */
    private CodecShapes(Map<String, Object> named) {
        this.named = named;
    }

    /** Shapes that share one table of named shapes: a class used by several types is named once. */
    public static final class Table {
        private final CodecShapes walk = new CodecShapes(new LinkedHashMap<>());

        /** The shape of the documents {@code Codecs.of(type)} writes; classes, sealed types and enums go to {@link #named()}. */
        public Object shape(Type type) {
            // read off the reflective codec, as the JSON Schema is: every kind writes the same documents
            return walk.shape(Codecs.of(type, CodecOptions.DEFAULT.withKind(CodecKind.REFLECTIVE)));
        }

        /** The named shapes met so far, in the order first met. */
        public Map<String, Object> named() {
            return walk.named;
        }
    }

    private Object shape(Codec<?> codec) {
        codec = target(codec);
        ScalarType scalar = SCALARS.get(codec);
        if (scalar != null) {
            return scalar.name();
        }
        if (codec == DynamicCodec.INSTANCE || codec instanceof OpenCodec) {
            return "dynamic";
        }
        if (codec instanceof OptionalCodec optional) {
            return shape(optional.value());
        }
        if (codec instanceof CollectionCodec<?> c) {
            return one(c.isSet() ? "set" : "list", shape(c.element()));
        }
        if (codec instanceof ObjectArrayCodec c) {
            return one("list", shape(c.element()));
        }
        if (codec instanceof PrimitiveArrayCodec c) {
            return one("list", primitive(c.component()));
        }
        if (codec instanceof ObjectMapCodec<?> c) {
            return one("map", List.of(key(c.keys()), shape(c.values())));
        }
        if (codec instanceof PairMapCodec<?> c) {
            return one("map", List.of(shape(c.keys()), shape(c.values())));
        }
        if (codec instanceof EnumCodec || codec instanceof ObjectCodec || codec instanceof VariantCodec) {
            return one("ref", named(codec));
        }
        throw new IllegalArgumentException("no shape for the codec " + codec.getClass().getName());
    }

    private Object key(KeySpelling<?> keys) {
        if (keys instanceof EnumCodec e) {
            return one("ref", named(e));
        }
        ScalarType scalar = KEYS.get(keys);
        if (scalar == null) {
            throw new IllegalArgumentException("no shape for the map key spelling " + keys.getClass().getName());
        }
        return scalar.name();
    }

    /** A primitive: its box's name and {@code !} (never null; a missing key is its zero). */
    private static String primitive(Class<?> type) {
        return ScalarTypes.of(type).name() + "!";
    }

    /** Classes, sealed types and enums are named once, by their simple name ({@code _2}, ... for a second class of it). */
    private String named(Codec<?> codec) {
        String name = names.get(codec);
        if (name != null) {
            return name;
        }
        Class<?> type = codec instanceof EnumCodec e ? e.type()
                : codec instanceof ObjectCodec o ? o.type() : ((VariantCodec) codec).sealed();
        name = type.getSimpleName().isEmpty() ? "type" : type.getSimpleName();
        for (int i = 2; taken.contains(name); i++) {
            name = type.getSimpleName() + "_" + i; // Box<Integer> and Box<String> are two codecs of one class
        }
        taken.add(name);
        names.put(codec, name);
        named.put(name, null); // keeps the order of first use, and stops a recursion through this type
        named.put(name, body(codec));
        return name;
    }

    private Object body(Codec<?> codec) {
        if (codec instanceof EnumCodec e) {
            return one("enum", List.of(e.names()));
        }
        if (codec instanceof VariantCodec v) {
            List<Object> variants = new ArrayList<>();
            for (int i = 0; i < v.names().length; i++) {
                variants.add(List.of(v.names()[i], shape(v.codecs()[i])));
            }
            return one("variants", variants);
        }
        List<Object> fields = new ArrayList<>();
        for (ObjectCodec.Property p : ((ObjectCodec) codec).properties()) {
            Class<?> raw = Types.raw(p.declared);
            // primitives and String fields have no codec of their own (ObjectCodec reads them inline)
            fields.add(List.of(p.name, raw.isPrimitive() ? primitive(raw)
                    : p.kind == ObjectCodec.STRING ? ScalarTypes.STRING.name() : shape(p.codec)));
        }
        return one("object", fields);
    }

    private static Map<String, Object> one(String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(key, value);
        return m;
    }

    private static Codec<?> target(Codec<?> codec) {
        while (codec instanceof Ref r) {
            codec = r.target();
        }
        return codec;
    }
}

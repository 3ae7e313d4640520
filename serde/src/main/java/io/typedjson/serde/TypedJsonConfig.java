package io.typedjson.serde;

import io.typedjson.codec.CodecKind;
import io.typedjson.codec.CodecOptions;
import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonFormat;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigDef.ValidString;

/**
 * The Kafka properties of {@link TypedJsonSerializer}, {@link TypedJsonDeserializer} and {@link TypedJsonSerde}.
 * Every key is documented in {@link #configDef()}; values of the wrong type or out of range fail
 * {@code configure} with a {@link org.apache.kafka.common.config.ConfigException} naming the key.
 */
public final class TypedJsonConfig extends AbstractConfig {

    public static final String VALUE_TYPE = "typedjson.value.type";
    public static final String KEY_TYPE = "typedjson.key.type";
    public static final String UNKNOWN_FIELDS = "typedjson.unknown.fields";
    public static final String MISSING_PRIMITIVES = "typedjson.missing.primitives";
    public static final String CODEC_KIND = "typedjson.codec.kind";
    // the limits' names are the format's (its errors name them), shared with the Connect converter
    public static final String MAX_DEPTH = Limits.DEPTH_PROPERTY;
    public static final String MAX_NUMBER_LENGTH = Limits.NUMBER_LENGTH_PROPERTY;
    public static final String MAX_STRING_LENGTH = Limits.STRING_LENGTH_PROPERTY;
    public static final String MAX_DOCUMENT_BYTES = Limits.DOCUMENT_BYTES_PROPERTY;
    public static final String MAX_ELEMENTS = Limits.ELEMENTS_PROPERTY;
    // several event types on one topic (SPEC.md section 12; defined by EventTypeSupport)
    public static final String VALUE_TYPES = "typedjson.value.types";
    public static final String TYPE_LOCATION = "typedjson.type.location";
    public static final String TYPE_HEADER = "typedjson.type.header";
    public static final String UNKNOWN_TYPES = "typedjson.unknown.types";
    public static final String CLOUDEVENTS_SOURCE = "typedjson.cloudevents.source";
    public static final String TYPE_ID_HEADER = "typedjson.type.id.header";
    public static final String TYPE_IDS = "typedjson.type.ids";
    // a topic shared with other writers and readers during a migration (SPEC.md section 13; defined by OtherFormats)
    public static final String OTHER_WRITERS = "typedjson.other.writers";
    public static final String FORMAT_HEADER = "typedjson.format.header";
    public static final String CONFLUENT_FRAMING = "typedjson.confluent.framing";

    /** Never handed out: {@link #configDef()} gives a copy, so no caller can change what every instance validates. */
    private static final ConfigDef CONFIG_DEF = new ConfigDef()
            .define(VALUE_TYPE, Type.STRING, "", Importance.HIGH,
                    "Fully qualified name of the Java class carried as record values: a record, a class with a "
                            + "no-argument constructor, an enum, a sealed interface, ... (SPEC.md section 10). Empty: the dynamic model "
                            + "(Map, List, String, Long, Integer, BigDecimal, Instant, ... see SPEC.md).")
            .define(KEY_TYPE, Type.STRING, "", Importance.HIGH,
                    "Fully qualified name of the Java class carried as record keys. Empty: the dynamic model.")
            .define(UNKNOWN_FIELDS, Type.STRING, "skip", ValidString.in("skip", "fail"), Importance.MEDIUM,
                    "What reading a class does with a key the class has no field for (a document from a newer "
                            + "version of the class): 'skip' ignores the key and its value, 'fail' refuses the record.")
            .define(MISSING_PRIMITIVES, Type.STRING, "default", ValidString.in("default", "fail"), Importance.MEDIUM,
                    "What reading a class does when a primitive field (int, long, double, boolean, ...) has no key "
                            + "in the document (a document from an older version of the class): 'default' gives the Java "
                            + "default (0, false), 'fail' refuses the record. Missing reference fields are always null "
                            + "(Optional fields: Optional.empty()).")
            .define(CODEC_KIND, Type.STRING, "auto", ValidString.in("auto", "compiled", "generated", "reflective"),
                    Importance.LOW,
                    "Which kind of codec records, classes, enums and sealed types get; every kind writes the same "
                            + "documents and refuses the same input alike (docs/custom-codecs.md). 'auto': the codec "
                            + "typedjson-processor wrote at compile time (@TypedJson) where there is one, else one generated "
                            + "at run time, else (a native image) the reflective one. 'compiled': only codecs written at "
                            + "compile time (a class without one is refused); 'generated': generated at run time; "
                            + "'reflective': by reflection. The choice is logged at DEBUG by io.typedjson.codec.Codecs.");

    static {
        EventTypeSupport.define(CONFIG_DEF);
        OtherFormats.define(CONFIG_DEF);
        defineLimits(CONFIG_DEF);
    }

    /** A copy of the definition of every key (as Kafka's {@code ProducerConfig.configDef()}): changing it changes nothing here. */
    public static ConfigDef configDef() {
        return new ConfigDef(CONFIG_DEF);
    }

    /**
     * The largest {@value #MAX_DEPTH} the serde takes, its default: it can be lowered, not raised. Reading and writing
     * recurse a few frames per level, larger once the JIT has inlined them: writing 1,000 nested lists overflowed a
     * thread's default stack (1 MiB) after other tests had warmed the writer, 700 did not; the bound keeps a margin of
     * about 2x, as the converter's does (and a thread whose stack still runs out gets the format's error, not a
     * StackOverflowError).
     */
    public static final int MAX_SUPPORTED_DEPTH = 500;

    /** Adds the keys of {@link Limits} to {@code def}, {@value #MAX_DEPTH} at most {@link #MAX_SUPPORTED_DEPTH}. */
    public static ConfigDef defineLimits(ConfigDef def) {
        return defineLimits(def, MAX_SUPPORTED_DEPTH, "the serde takes at most " + MAX_SUPPORTED_DEPTH
                + ": reading and writing recurse, and a deeper document would exhaust a thread's stack");
    }

    /**
     * Adds the keys of {@link Limits} to {@code def}, {@value #MAX_DEPTH} at most {@code maxDepth} ({@code why} says
     * why, in the error for a larger one); the Connect converter's configuration has them too.
     */
    public static ConfigDef defineLimits(ConfigDef def, int maxDepth, String why) {
        ConfigDef.Validator depths = new ConfigDef.Validator() {
            @Override
            public void ensureValid(String name, Object value) {
                Range.atLeast(1).ensureValid(name, value);
                if (value != null && (Integer) value > maxDepth) {
                    throw new org.apache.kafka.common.config.ConfigException(name, value, why);
                }
            }

            @Override
            public String toString() {
                return Range.between(1, maxDepth).toString();
            }
        };
        return def
                .define(MAX_DEPTH, Type.INT, Limits.DEFAULT.maxDepth(), depths, Importance.LOW,
                        "Deepest nesting of arrays and objects a document may have; deeper input is refused, "
                                + "and so is a deeper (or cyclic) value on write.")
                .define(MAX_NUMBER_LENGTH, Type.INT, Limits.DEFAULT.maxNumberLength(), Range.atLeast(1), Importance.LOW,
                        "Longest number accepted, in digits: those of its exponent counted, its signs, point and E not (-1.25E+7 has 4).")
                .define(MAX_STRING_LENGTH, Type.INT, Limits.DEFAULT.maxStringLength(), Range.atLeast(1), Importance.LOW,
                        "Longest string or object key accepted, in characters.")
                .define(MAX_DOCUMENT_BYTES, Type.LONG, Limits.DEFAULT.maxDocumentLength(), Range.atLeast(1), Importance.LOW,
                        "Largest document accepted, in bytes.")
                .define(MAX_ELEMENTS, Type.INT, Limits.DEFAULT.maxElements(), Range.atLeast(1), Importance.LOW,
                        "Most values a document may hold: every scalar, array and object at any depth, the document "
                                + "itself included (an object's member counts once, by its value). Bounds what a small "
                                + "document of many small values decodes to.");
    }

    /** The format with the limits of a configuration made with {@link #defineLimits} (the shared default one when unchanged). */
    public static TypedJsonFormat format(AbstractConfig config) {
        Limits limits = new Limits(config.getInt(MAX_DEPTH), config.getInt(MAX_NUMBER_LENGTH),
                config.getInt(MAX_STRING_LENGTH), config.getLong(MAX_DOCUMENT_BYTES), config.getInt(MAX_ELEMENTS));
        return limits.equals(Limits.DEFAULT) ? TypedJsonFormat.defaults() : new TypedJsonFormat(limits);
    }

    /** A markdown table of every key of {@code def}: the configuration tables of README are generated with it. */
    public static String markdownTable(ConfigDef def) {
        StringBuilder sb = new StringBuilder("| key | type | default | valid values | importance | description |\n|---|---|---|---|---|---|\n");
        for (ConfigDef.ConfigKey k : def.configKeys().values()) {
            String dflt = ConfigDef.convertToString(k.defaultValue, k.type);
            sb.append("| `").append(k.name).append("` | ").append(k.type.toString().toLowerCase(Locale.ROOT))
                    .append(" | ").append(dflt.isEmpty() ? "\"\"" : "`" + dflt + "`").append(" | ")
                    .append(k.validator == null ? "" : k.validator.toString().replace("|", "\\|"))
                    .append(" | ").append(k.importance.toString().toLowerCase(Locale.ROOT))
                    .append(" | ").append(k.documentation.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")).append(" |\n");
        }
        return sb.toString();
    }

    public TypedJsonConfig(Map<?, ?> props) {
        super(CONFIG_DEF, props);
    }

    /** The format with the configured limits (the shared default instance when no limit was changed). */
    public TypedJsonFormat format() {
        return format(this);
    }

    /** How codecs of classes treat unknown and missing fields, and which kind of codec they are. */
    public CodecOptions codecOptions() {
        return new CodecOptions(getString(UNKNOWN_FIELDS).equals("fail"), getString(MISSING_PRIMITIVES).equals("fail"),
                CodecKind.valueOf(getString(CODEC_KIND).toUpperCase(Locale.ROOT)));
    }

    /** The configured class name for keys or values, or null for the dynamic model. */
    public String typeName(boolean isKey) {
        String name = getString(isKey ? KEY_TYPE : VALUE_TYPE).trim();
        return name.isEmpty() ? null : name;
    }

    /** Prints the configuration table for README (markdown). */
    public static void main(String[] args) {
        System.out.println(markdownTable(CONFIG_DEF));
    }
}

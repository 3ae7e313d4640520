package io.typedjson.serde;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.Lexemes;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.MessageFormatter;
import org.apache.kafka.common.header.Header;

/**
 * Prints typed JSON records for {@code kafka-console-consumer.sh --formatter io.typedjson.serde.TypedJsonMessageFormatter}.
 *
 * <p>Properties ({@code --formatter-property name=value}): {@code print.key} (false), {@code print.value} (true),
 * {@code print.headers} (false), {@code print.timestamp} (false), {@code print.partition} (false),
 * {@code print.offset} (false), {@code pretty} (false: one line per record), {@code print.types} (false: when true,
 * every value of the dynamic model is shown with its type, as {@code int16::3}), {@code print.schema} (false: when
 * true, the schema a Connect record carries in its {@code typedjson.schema} header is printed before the value;
 * an inline Connect document shows its schema in its {@code "~s"} key anyway),
 * {@code key.separator} (a tab) and {@code line.separator} (a newline).
 *
 * <p>A key or value that is not a valid document is printed as one line {@code ERROR: <reason> at <path> (byte offset n)}
 * and the consumer goes on with the next record. Documents are printed as written: numbers keep their lexemes.
 */
public class TypedJsonMessageFormatter implements MessageFormatter {

    /** Keys of the inline Connect document; the dynamic model does not know them, so they are recognised here. */
    private static final String CONNECT_SCHEMA = "~s";
    private static final String SCHEMA_HEADER = "typedjson.schema";

    private final TypedJsonFormat format = TypedJsonFormat.defaults();
    private boolean printKey;
    private boolean printValue = true;
    private boolean printHeaders;
    private boolean printTimestamp;
    private boolean printPartition;
    private boolean printOffset;
    private boolean pretty;
    private boolean printTypes;
    private boolean printSchema;
    private String keySeparator = "\t";
    private String lineSeparator = "\n";

    @Override
    public void configure(Map<String, ?> configs) {
        printKey = flag(configs, "print.key", printKey);
        printValue = flag(configs, "print.value", printValue);
        printHeaders = flag(configs, "print.headers", printHeaders);
        printTimestamp = flag(configs, "print.timestamp", printTimestamp);
        printPartition = flag(configs, "print.partition", printPartition);
        printOffset = flag(configs, "print.offset", printOffset);
        pretty = flag(configs, "pretty", pretty);
        printTypes = flag(configs, "print.types", printTypes);
        printSchema = flag(configs, "print.schema", printSchema);
        keySeparator = text(configs, "key.separator", keySeparator);
        lineSeparator = text(configs, "line.separator", lineSeparator);
    }

    private static boolean flag(Map<String, ?> configs, String key, boolean dflt) {
        Object v = configs.get(key);
        if (v == null) {
            return dflt;
        }
        String s = v.toString().trim();
        if (!s.equalsIgnoreCase("true") && !s.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("formatter property " + key + " must be true or false, not '" + s + "'");
        }
        return Boolean.parseBoolean(s);
    }

    private static String text(Map<String, ?> configs, String key, String dflt) {
        Object v = configs.get(key);
        return v == null ? dflt : v.toString().replace("\\t", "\t").replace("\\n", "\n");
    }

    @Override
    public void writeTo(ConsumerRecord<byte[], byte[]> record, PrintStream out) {
        StringBuilder line = new StringBuilder();
        if (printTimestamp) {
            line.append(record.timestampType()).append(':').append(record.timestamp()).append(keySeparator);
        }
        if (printPartition) {
            line.append("Partition:").append(record.partition()).append(keySeparator);
        }
        if (printOffset) {
            line.append("Offset:").append(record.offset()).append(keySeparator);
        }
        if (printHeaders) {
            line.append(headers(record)).append(keySeparator);
        }
        if (printSchema) {
            Header schema = record.headers().lastHeader(SCHEMA_HEADER);
            if (schema != null && schema.value() != null) {
                line.append("schema: ").append(new String(schema.value(), StandardCharsets.UTF_8)).append(keySeparator);
            }
        }
        if (printKey) {
            line.append(render(record.key())).append(keySeparator);
        }
        if (printValue) {
            line.append(render(record.value()));
        }
        line.append(lineSeparator);
        out.print(line);
    }

    private String headers(ConsumerRecord<byte[], byte[]> record) {
        StringBuilder sb = new StringBuilder();
        for (Header h : record.headers()) {
            sb.append(sb.length() == 0 ? "" : ",").append(h.key()).append(':')
                    .append(h.value() == null ? "null" : new String(h.value(), StandardCharsets.UTF_8));
        }
        return sb.length() == 0 ? "NO_HEADERS" : sb.toString();
    }

    /** One key or value: the document as written (compact or pretty), typed, or a one-line error. */
    String render(byte[] document) {
        if (document == null) {
            return "null";
        }
        try {
            Object value = null;
            boolean connect = false;
            try {
                value = format.read(DynamicCodec.INSTANCE, document);
            } catch (TypedJsonException e) {
                connect = isConnectDocument(document);
                if (!connect) {
                    throw e;
                }
            }
            if (printTypes && !connect) {
                StringBuilder sb = new StringBuilder();
                typed(value, sb);
                return sb.toString();
            }
            return copy(document);
        } catch (TypedJsonException e) {
            return "ERROR: " + e.getMessage();
        } catch (IOException e) {
            return "ERROR: " + e.getMessage();
        }
    }

    private boolean isConnectDocument(byte[] document) {
        try (JsonParser p = format.factory().createParser(document)) {
            return p.nextToken() == JsonToken.START_OBJECT && p.nextToken() == JsonToken.FIELD_NAME
                    && CONNECT_SCHEMA.equals(p.currentName());
        } catch (IOException e) {
            return false;
        }
    }

    /** Copies tokens, numbers by their text, so nothing is re-spelled on the way to the screen. */
    private String copy(byte[] document) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonParser p = format.factory().createParser(document);
             JsonGenerator g = format.factory().createGenerator(w)) {
            if (pretty) {
                g.setPrettyPrinter(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));
            }
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                    case START_OBJECT: g.writeStartObject(); break;
                    case END_OBJECT: g.writeEndObject(); break;
                    case START_ARRAY: g.writeStartArray(); break;
                    case END_ARRAY: g.writeEndArray(); break;
                    case FIELD_NAME: g.writeFieldName(p.currentName()); break;
                    case VALUE_STRING: g.writeString(p.getText()); break;
                    case VALUE_NUMBER_INT:
                    case VALUE_NUMBER_FLOAT: g.writeNumber(p.getText()); break;
                    case VALUE_TRUE: g.writeBoolean(true); break;
                    case VALUE_FALSE: g.writeBoolean(false); break;
                    case VALUE_NULL: g.writeNull(); break;
                    default: throw new IOException("unexpected token " + t);
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new TypedJsonException(e.getOriginalMessage() + " (byte offset "
                    + (e.getLocation() == null ? -1 : e.getLocation().getByteOffset()) + ")");
        }
        return w.toString();
    }

    /** The value with every scalar's type spelled out, Ion-style: {@code {"qty":int16::3,"at":instant::"2024-..."}}. */
    private static void typed(Object v, StringBuilder sb) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            boolean stringKeys = m.keySet().stream().allMatch(k -> k instanceof String);
            sb.append(stringKeys ? "{" : "map::{");
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(i++ == 0 ? "" : ",");
                if (stringKeys) {
                    quote((String) e.getKey(), sb);
                } else {
                    typed(e.getKey(), sb);
                }
                sb.append(':');
                typed(e.getValue(), sb);
            }
            sb.append('}');
        } else if (v instanceof Collection) {
            sb.append(v instanceof Set ? "set::[" : "[");
            int i = 0;
            for (Object e : (Collection<?>) v) {
                sb.append(i++ == 0 ? "" : ",");
                typed(e, sb);
            }
            sb.append(']');
        } else if (v instanceof String) {
            quote((String) v, sb);
        } else {
            sb.append(typeName(v)).append("::").append(scalarText(v));
        }
    }

    private static String typeName(Object v) {
        if (v instanceof Boolean) return "boolean";
        if (v instanceof Byte) return "int8";
        if (v instanceof Short) return "int16";
        if (v instanceof Integer) return "int32";
        if (v instanceof Long) return "int64";
        if (v instanceof BigInteger) return "bigint";
        if (v instanceof Float) return "float32";
        if (v instanceof Double) return "float64";
        if (v instanceof BigDecimal) return "decimal";
        if (v instanceof byte[]) return "bytes";
        if (v instanceof Instant) return "instant";
        if (v instanceof LocalDate) return "date";
        if (v instanceof LocalTime) return "time";
        if (v instanceof LocalDateTime) return "datetime";
        if (v instanceof OffsetDateTime) return "offsetdatetime";
        if (v instanceof UUID) return "uuid";
        return v.getClass().getSimpleName();
    }

    private static String scalarText(Object v) {
        if (v instanceof Double) return Lexemes.doubleText((Double) v);
        if (v instanceof Float) return Lexemes.floatText((Float) v);
        if (v instanceof byte[]) return "\"" + Base64.getEncoder().encodeToString((byte[]) v) + "\"";
        if (v instanceof Boolean || v instanceof Number) return v.toString();
        return "\"" + v + "\"";
    }

    private static void quote(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04X", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
    }

    @Override
    public void close() {
    }
}

package io.typedjson.connect;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.SchemaBuilderException;

/**
 * The compact schema notation (SPEC.md section 11): one line of text that carries a Connect schema exactly,
 * e.g. {@code {id:i32,price:dec(2),note?,tags:[str]}}.
 *
 * <pre>
 * schema := base suffix*
 * base   := i8 | i16 | i32 | i64 | f32 | f64 | bool | str | bytes
 *         | dec(scale) | dec(precision,scale) | date | time | ts
 *         | '[' schema ']' | '&lt;' schema ',' schema '&gt;' | '{' [field (',' field)*] '}'
 * field  := word (':' schema | suffix*)          a field without ':' is a str
 * suffix := '?' optional | '@' word name | '#' int version | '!' word doc
 *         | '(' [word '=' word (',' word '=' word)*] ')' parameters | '=' word default (typed JSON)
 * word   := [A-Za-z0-9_.$+-]+ | '`' (any char, '`' doubled)* '`'
 * </pre>
 */
final class SchemaNotation {
    private SchemaNotation() {}

    /** Serializes the default value of a schema as typed JSON text; structs as objects. */
    interface DefaultWriter {
        String write(Schema schema, Object value);
    }

    /** Parses the typed JSON text of a default value for a schema (that has no default yet). */
    interface DefaultReader {
        Object read(Schema schema, String json);
    }

    // ------------------------------------------------------------------ writing

    static String write(Schema schema, DefaultWriter defaults) {
        StringBuilder sb = new StringBuilder(64);
        write(sb, schema, defaults);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Schema s, DefaultWriter defaults) {
        Map<String, String> params = s.parameters();
        String name = s.name();
        Integer version = s.version();
        boolean logical = false;
        if (name != null && version != null && version == 1) {
            if (s.type() == Schema.Type.BYTES && name.equals(Decimal.LOGICAL_NAME) && params != null
                    && isCanonicalInt(params.get(Decimal.SCALE_FIELD))) {
                String precision = params.get(PRECISION);
                boolean withPrecision = isCanonicalInt(precision);
                sb.append("dec(");
                if (withPrecision) {
                    sb.append(precision).append(',');
                }
                sb.append(params.get(Decimal.SCALE_FIELD)).append(')');
                params = new LinkedHashMap<>(params);
                params.remove(Decimal.SCALE_FIELD);
                if (withPrecision) {
                    params.remove(PRECISION);
                }
                if (params.isEmpty()) {
                    params = null;
                }
                logical = true;
            } else if (params == null && logicalName(s.type(), name) != null) {
                sb.append(logicalName(s.type(), name));
                logical = true;
            }
        }
        if (!logical) {
            writeBase(sb, s, defaults);
        }
        writeSuffixes(sb, s, logical ? null : name, logical ? null : version, params, defaults);
    }

    private static final String PRECISION = "connect.decimal.precision";

    private static String logicalName(Schema.Type type, String name) {
        if (type == Schema.Type.INT32 && name.equals(Date.LOGICAL_NAME)) return "date";
        if (type == Schema.Type.INT32 && name.equals(Time.LOGICAL_NAME)) return "time";
        if (type == Schema.Type.INT64 && name.equals(Timestamp.LOGICAL_NAME)) return "ts";
        return null;
    }

    private static void writeBase(StringBuilder sb, Schema s, DefaultWriter defaults) {
        switch (s.type()) {
            case INT8: sb.append("i8"); break;
            case INT16: sb.append("i16"); break;
            case INT32: sb.append("i32"); break;
            case INT64: sb.append("i64"); break;
            case FLOAT32: sb.append("f32"); break;
            case FLOAT64: sb.append("f64"); break;
            case BOOLEAN: sb.append("bool"); break;
            case STRING: sb.append("str"); break;
            case BYTES: sb.append("bytes"); break;
            case ARRAY:
                sb.append('[');
                write(sb, s.valueSchema(), defaults);
                sb.append(']');
                break;
            case MAP:
                sb.append('<');
                write(sb, s.keySchema(), defaults);
                sb.append(',');
                write(sb, s.valueSchema(), defaults);
                sb.append('>');
                break;
            case STRUCT: {
                sb.append('{');
                List<Field> fields = s.fields();
                for (int i = 0; i < fields.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    Field f = fields.get(i);
                    writeWord(sb, f.name());
                    Schema fs = f.schema();
                    // a string field needs no type: "note?" rather than "note:str?"
                    if (fs.type() != Schema.Type.STRING) {
                        sb.append(':');
                        write(sb, fs, defaults);
                    } else {
                        writeSuffixes(sb, fs, fs.name(), fs.version(), fs.parameters(), defaults);
                    }
                }
                sb.append('}');
                break;
            }
            default:
                throw new DataException("unsupported schema type " + s.type());
        }
    }

    private static void writeSuffixes(StringBuilder sb, Schema s, String name, Integer version,
                                      Map<String, String> params, DefaultWriter defaults) {
        if (params != null && !params.isEmpty()) {
            sb.append('(');
            boolean first = true;
            for (Map.Entry<String, String> e : params.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                writeWord(sb, e.getKey());
                sb.append('=');
                writeWord(sb, e.getValue());
            }
            sb.append(')');
        }
        if (name != null) {
            sb.append('@');
            writeWord(sb, name);
        }
        if (version != null) {
            sb.append('#').append(version.intValue());
        }
        if (s.doc() != null) {
            sb.append('!');
            writeWord(sb, s.doc());
        }
        if (s.isOptional()) {
            sb.append('?');
        }
        if (s.defaultValue() != null) {
            sb.append('=');
            writeWord(sb, defaults.write(s, s.defaultValue()));
        }
    }

    private static boolean isCanonicalInt(String s) {
        if (s == null) {
            return false;
        }
        try {
            return Integer.toString(Integer.parseInt(s)).equals(s);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static boolean isBare(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '_' || c == '.' || c == '$' || c == '-' || c == '+';
    }

    private static void writeWord(StringBuilder sb, String w) {
        boolean bare = !w.isEmpty();
        for (int i = 0; i < w.length() && bare; i++) {
            bare = isBare(w.charAt(i));
        }
        if (bare) {
            sb.append(w);
            return;
        }
        sb.append('`');
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (c == '`') {
                sb.append('`');
            }
            sb.append(c);
        }
        sb.append('`');
    }

    // ------------------------------------------------------------------ parsing

    /** Parses a schema; throws {@link DataException} naming the character offset of the problem. */
    static Schema parse(String text, DefaultReader defaults) {
        Parser p = new Parser(text, defaults);
        Schema s = p.schema();
        if (p.pos != text.length()) {
            throw p.error("unexpected '" + text.charAt(p.pos) + "' after the schema");
        }
        return s;
    }

    private static final class Parser {
        final String text;
        final DefaultReader defaults;
        int pos;

        Parser(String text, DefaultReader defaults) {
            this.text = text;
            this.defaults = defaults;
        }

        DataException error(String reason) {
            return new DataException("invalid schema notation at character " + pos + ": " + reason + " in "
                    + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
        }

        char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        void expect(char c) {
            if (peek() != c) {
                throw error(pos < text.length() ? "expected '" + c + "' but found '" + peek() + "'" : "expected '" + c + "' but the text ended");
            }
            pos++;
        }

        Schema schema() {
            SchemaBuilder b = base();
            return suffixes(b);
        }

        SchemaBuilder base() {
            char c = peek();
            if (c == '[') {
                pos++;
                Schema element = schema();
                expect(']');
                return SchemaBuilder.array(element);
            }
            if (c == '<') {
                pos++;
                Schema key = schema();
                expect(',');
                Schema value = schema();
                expect('>');
                return SchemaBuilder.map(key, value);
            }
            if (c == '{') {
                pos++;
                SchemaBuilder b = SchemaBuilder.struct();
                if (peek() == '}') {
                    pos++;
                    return b;
                }
                do {
                    int at = pos;
                    String name = word();
                    Schema fs;
                    if (peek() == ':') {
                        pos++;
                        fs = schema();
                    } else {
                        fs = suffixes(SchemaBuilder.string());
                    }
                    try {
                        b.field(name, fs);
                    } catch (SchemaBuilderException e) {
                        pos = at;
                        throw error(e.getMessage());
                    }
                } while (accept(','));
                expect('}');
                return b;
            }
            int start = pos;
            while (pos < text.length() && Character.isLetterOrDigit(text.charAt(pos))) {
                pos++;
            }
            String t = text.substring(start, pos);
            switch (t) {
                case "i8": return SchemaBuilder.int8();
                case "i16": return SchemaBuilder.int16();
                case "i32": return SchemaBuilder.int32();
                case "i64": return SchemaBuilder.int64();
                case "f32": return SchemaBuilder.float32();
                case "f64": return SchemaBuilder.float64();
                case "bool": return SchemaBuilder.bool();
                case "str": return SchemaBuilder.string();
                case "bytes": return SchemaBuilder.bytes();
                case "date": return Date.builder();
                case "time": return Time.builder();
                case "ts": return Timestamp.builder();
                case "dec": {
                    expect('(');
                    int first = integer();
                    if (accept(',')) {
                        int scale = integer();
                        expect(')');
                        return Decimal.builder(scale).parameter(PRECISION, Integer.toString(first));
                    }
                    expect(')');
                    return Decimal.builder(first);
                }
                default:
                    pos = start;
                    throw error(t.isEmpty() ? "expected a type" : "unknown type '" + t + "'");
            }
        }

        Schema suffixes(SchemaBuilder b) {
            String defaultText = null;
            boolean optional = false;
            boolean params = false;
            boolean done = false;
            while (!done) {
                int at = pos;
                char c = peek();
                try {
                    switch (c) {
                        case '?':
                            pos++;
                            once(optional, at, "'?'");
                            optional = true;
                            break;
                        case '@':
                            pos++;
                            b.name(word());
                            break;
                        case '#':
                            pos++;
                            b.version(integer());
                            break;
                        case '!':
                            pos++;
                            b.doc(word());
                            break;
                        case '(':
                            pos++;
                            once(params, at, "parameters");
                            params = true;
                            Map<String, String> map = new LinkedHashMap<>();
                            if (!accept(')')) {
                                do {
                                    String k = word();
                                    expect('=');
                                    if (map.put(k, word()) != null) {
                                        throw error("duplicate parameter '" + k + "'");
                                    }
                                } while (accept(','));
                                expect(')');
                            }
                            b.parameters(map);
                            break;
                        case '=':
                            pos++;
                            once(defaultText != null, at, "default value");
                            defaultText = word();
                            break;
                        default:
                            done = true;
                    }
                } catch (SchemaBuilderException e) {
                    pos = at;
                    throw error(e.getMessage());
                }
            }
            if (optional) {
                b.optional();
            }
            if (defaultText != null) {
                try {
                    b.defaultValue(defaults.read(b.build(), defaultText));
                } catch (RuntimeException e) { // the default's own reader or SchemaBuilder refused it
                    throw error("invalid default value " + defaultText + ": " + e.getMessage());
                }
            }
            return b.build();
        }

        void once(boolean seen, int at, String what) {
            if (seen) {
                pos = at;
                throw error("duplicate " + what);
            }
        }

        boolean accept(char c) {
            if (peek() == c) {
                pos++;
                return true;
            }
            return false;
        }

        int integer() {
            int start = pos;
            if (peek() == '-') {
                pos++;
            }
            while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
                pos++;
            }
            try {
                return Integer.parseInt(text.substring(start, pos));
            } catch (NumberFormatException e) {
                pos = start;
                throw error("expected an integer");
            }
        }

        String word() {
            if (peek() == '`') {
                StringBuilder sb = new StringBuilder();
                pos++;
                while (true) {
                    if (pos >= text.length()) {
                        throw error("unterminated `quoted` word");
                    }
                    char c = text.charAt(pos++);
                    if (c == '`') {
                        if (peek() != '`') {
                            return sb.toString();
                        }
                        pos++;
                    }
                    sb.append(c);
                }
            }
            int start = pos;
            while (pos < text.length() && isBare(text.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw error("expected a name or a `quoted` word");
            }
            return text.substring(start, pos);
        }
    }
}

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
import io.typedjson.format.Limits;

/**
 * The compact schema notation (SPEC.md section 11): one line of text that carries a Connect schema exactly,
 * e.g. {@code {id:i32,price:dec(2),note?,tags:[str]}}, in one spelling per schema: {@link #parse} refuses any
 * text that {@link #write} would not write for the schema it reads.
 *
 * <pre>
 * schema := base suffix*
 * base   := i8 | i16 | i32 | i64 | f32 | f64 | bool | str | bytes
 *         | dec(scale) | dec(precision,scale) | date | time | ts
 *         | '[' schema ']' | '&lt;' schema ',' schema '&gt;' | '{' [field (',' field)*] '}'
 * field  := word ':' schema (not a str) | word suffix* (a str)
 * suffix := in this order, each at most once: '(' word '=' word (',' word '=' word)* ')' parameters,
 *           '@' word name, '#' int version, '!' word doc, '?' optional, '=' word default (typed JSON)
 * word   := [A-Za-z0-9_.$+-]+ | '`' (any char, '`' doubled)* '`'   (quoted only when it must be)
 * int    := -?(0|[1-9][0-9]*), an int32, never -0
 * </pre>
 */
final class SchemaNotation {
    private SchemaNotation() {}

    /** Writes the default value of a schema as text: all that writing a notation needs. */
    interface DefaultWriter {
        String write(Schema schema, Object value);
    }

    /** Writes and reads the default value of a schema as typed JSON text; structs as objects. */
    interface Defaults extends DefaultWriter {
        /** Parses the text of a default value for a schema (that has no default yet). */
        Object read(Schema schema, String json);
    }

    /** The suffixes in the one order the writer emits them; a reader refuses any other order. */
    static final String SUFFIX_ORDER = "(@#!?=";

    // ------------------------------------------------------------------ writing

    /**
     * The notation of a schema that {@link SchemaBounds#check} has accepted (so the recursion here is bounded);
     * refuses to grow past {@code maxLength} characters, which no reader would take.
     */
    static String write(Schema schema, DefaultWriter defaults, int maxLength) {
        StringBuilder sb = new StringBuilder(64);
        write(sb, schema, defaults, maxLength);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Schema s, DefaultWriter defaults, int maxLength) {
        if (sb.length() > maxLength) {
            throw new DataException("the schema notation is longer than the limit of " + maxLength
                    + " characters (raise " + Limits.STRING_LENGTH_PROPERTY + " to allow longer schemas)");
        }
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
            writeBase(sb, s, defaults, maxLength);
        }
        writeSuffixes(sb, s, logical ? null : name, logical ? null : version, params, defaults);
    }

    private static final String PRECISION = "connect.decimal.precision";

    /** Default values elided, for messages. */
    private static final DefaultWriter ELIDED = (schema, value) -> "...";

    /** The notation of any schema for a message, at most about 200 characters, defaults elided; never recurses deeply. */
    static String brief(Schema s) {
        try {
            SchemaBounds.check(s, 32, 400);
            String text = write(s, ELIDED, 200);
            return text.length() > 200 ? text.substring(0, 200) + "..." : text;
        } catch (DataException e) {
            return s.type() + (s.name() != null ? " " + s.name() : "") + " (too large to show)";
        }
    }

    private static String logicalName(Schema.Type type, String name) {
        if (type == Schema.Type.INT32 && name.equals(Date.LOGICAL_NAME)) return "date";
        if (type == Schema.Type.INT32 && name.equals(Time.LOGICAL_NAME)) return "time";
        if (type == Schema.Type.INT64 && name.equals(Timestamp.LOGICAL_NAME)) return "ts";
        return null;
    }

    private static void writeBase(StringBuilder sb, Schema s, DefaultWriter defaults, int maxLength) {
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
                write(sb, s.valueSchema(), defaults, maxLength);
                sb.append(']');
                break;
            case MAP:
                sb.append('<');
                write(sb, s.keySchema(), defaults, maxLength);
                sb.append(',');
                write(sb, s.valueSchema(), defaults, maxLength);
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
                        write(sb, fs, defaults, maxLength);
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
        if (params != null && !params.isEmpty()) { // SchemaBuilder never makes an empty map
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
        if (isBare(w)) {
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

    /**
     * Parses a schema written by {@link #write}, and only in the spelling {@link #write} gives it: any other
     * spelling of a schema (suffixes in another order, a word quoted that needs no quotes, {@code a:str} for
     * {@code a}, {@code #01}, a logical type written out in full, a default value's JSON with spaces) is refused.
     * Bounded by {@code limits}: nesting depth ({@code typedjson.max.depth}) and length
     * ({@code typedjson.max.string.length}), so no notation can exhaust the stack or the heap. Throws
     * {@link DataException} naming the character offset of the problem.
     */
    static Schema parse(String text, Defaults defaults, Limits limits) {
        Parser p = new Parser(text, defaults, limits.maxDepth());
        if (text.length() > limits.maxStringLength()) {
            p.pos = limits.maxStringLength();
            throw p.error("a notation of " + text.length() + " characters is longer than the limit of "
                    + limits.maxStringLength() + " (raise " + Limits.STRING_LENGTH_PROPERTY + " to allow longer schemas)");
        }
        Schema s = p.schema();
        if (p.pos != text.length()) {
            throw p.error("unexpected '" + text.charAt(p.pos) + "' after the schema");
        }
        String canonical = write(s, defaults, Integer.MAX_VALUE);
        if (!canonical.equals(text)) {
            int at = 0;
            while (at < text.length() && at < canonical.length() && text.charAt(at) == canonical.charAt(at)) {
                at++;
            }
            p.pos = at;
            throw p.error("non-canonical notation: a schema has one spelling, and this one is written "
                    + (canonical.length() > 200 ? canonical.substring(0, 200) + "..." : canonical));
        }
        return s;
    }

    private static final class Parser {
        final String text;
        final Defaults defaults;
        final int maxDepth;
        int depth;
        int pos;

        Parser(String text, Defaults defaults, int maxDepth) {
            this.text = text;
            this.defaults = defaults;
            this.maxDepth = maxDepth;
        }

        DataException error(String reason) {
            return new DataException("invalid schema notation at character " + pos + ": " + reason + " in "
                    + (text.length() > 200 ? text.substring(0, 200) + "..." : text));
        }

        char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        void expect(char c) {
            if (peek() != c || pos >= text.length()) {
                throw error(pos < text.length() ? "expected '" + c + "' but found '" + peek() + "'" : "expected '" + c + "' but the text ended");
            }
            pos++;
        }

        /** Enters an array, map or struct: the nesting is bounded before it can cost stack. */
        void enter() {
            if (++depth > maxDepth) {
                throw error("schema nested deeper than the limit of " + maxDepth + " levels (raise "
                        + Limits.DEPTH_PROPERTY + " to allow deeper schemas)");
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
                enter();
                Schema element = schema();
                expect(']');
                depth--;
                return SchemaBuilder.array(element);
            }
            if (c == '<') {
                enter();
                Schema key = schema();
                expect(',');
                Schema value = schema();
                expect('>');
                depth--;
                return SchemaBuilder.map(key, value);
            }
            if (c == '{') {
                enter();
                SchemaBuilder b = SchemaBuilder.struct();
                if (peek() == '}') {
                    pos++;
                    depth--;
                    return b;
                }
                do {
                    int at = pos;
                    String name = word();
                    Schema fs;
                    if (peek() == ':') {
                        int colon = pos++;
                        fs = schema();
                        if (fs.type() == Schema.Type.STRING) {
                            pos = colon;
                            throw error("a string field is written without ':str' (\"" + name + "\" rather than \"" + name + ":str\")");
                        }
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
                depth--;
                return b;
            }
            int start = pos;
            while (pos < text.length() && isTypeChar(text.charAt(pos))) {
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
            int defaultAt = -1;
            int last = -1; // rank in SUFFIX_ORDER of the last suffix read
            while (true) {
                int at = pos;
                char c = peek();
                int rank = pos < text.length() ? SUFFIX_ORDER.indexOf(c) : -1;
                if (rank < 0) {
                    break;
                }
                if (rank <= last) {
                    throw error(rank == last ? "duplicate suffix '" + c + "'"
                            : "suffix '" + c + "' after '" + SUFFIX_ORDER.charAt(last) + "': suffixes are written once each, in the order "
                                    + "( @ # ! ? =");
                }
                last = rank;
                pos++;
                try {
                    switch (c) {
                        case '?':
                            b.optional();
                            break;
                        case '@':
                            b.name(word());
                            break;
                        case '#':
                            b.version(integer());
                            break;
                        case '!':
                            b.doc(word());
                            break;
                        case '(': {
                            Map<String, String> map = new LinkedHashMap<>();
                            if (!accept(')')) {
                                do {
                                    int keyAt = pos;
                                    String k = word();
                                    expect('=');
                                    if (map.put(k, word()) != null) {
                                        pos = keyAt;
                                        throw error("duplicate parameter '" + k + "'");
                                    }
                                } while (accept(','));
                                expect(')');
                            }
                            b.parameters(map);
                            break;
                        }
                        default: // '='
                            defaultAt = pos;
                            defaultText = word();
                            break;
                    }
                } catch (SchemaBuilderException e) {
                    pos = at;
                    throw error(e.getMessage());
                }
            }
            if (defaultText != null) {
                try {
                    b.defaultValue(defaults.read(b.build(), defaultText));
                } catch (RuntimeException e) { // the default's own reader or SchemaBuilder refused it
                    pos = defaultAt;
                    throw error("invalid default value " + defaultText + ": " + e.getMessage());
                }
            }
            return b.build();
        }

        boolean accept(char c) {
            if (pos < text.length() && text.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        /** An int in its one spelling: {@code -?(0|[1-9][0-9]*)}, never {@code -0}. */
        int integer() {
            int start = pos;
            if (peek() == '-') {
                pos++;
            }
            int digits = pos;
            while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
                pos++;
            }
            String lexeme = text.substring(start, pos);
            try {
                int value = Integer.parseInt(lexeme);
                if (!Integer.toString(value).equals(lexeme)) {
                    pos = start;
                    throw error("non-canonical integer " + lexeme + " (written " + value + ")");
                }
                return value;
            } catch (NumberFormatException e) {
                pos = start;
                throw error(pos == digits ? "expected an integer" : "integer " + lexeme + " is out of range for int32");
            }
        }

        String word() {
            int start = pos;
            if (peek() == '`' && pos < text.length()) {
                StringBuilder sb = new StringBuilder();
                pos++;
                while (true) {
                    if (pos >= text.length()) {
                        throw error("unterminated `quoted` word");
                    }
                    char c = text.charAt(pos++);
                    if (c == '`') {
                        if (peek() != '`' || pos >= text.length()) {
                            String w = sb.toString();
                            if (isBare(w)) {
                                pos = start;
                                throw error("`" + w + "` is written without backticks: a word is quoted only when it is empty"
                                        + " or holds a character outside A-Z a-z 0-9 _ . $ + -");
                            }
                            return w;
                        }
                        pos++;
                    }
                    sb.append(c);
                }
            }
            while (pos < text.length() && isBare(text.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw error("expected a name or a `quoted` word");
            }
            return text.substring(start, pos);
        }
    }

    private static boolean isTypeChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** Whether a word is written bare: non-empty and every character in {@code [A-Za-z0-9_.$+-]}. */
    static boolean isBare(String w) {
        for (int i = 0; i < w.length(); i++) {
            if (!isBare(w.charAt(i))) {
                return false;
            }
        }
        return !w.isEmpty();
    }
}

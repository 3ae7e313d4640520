package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;

/**
 * Decides whether a decoded value is exactly the value that was encoded.
 * Class-sensitive (Integer 1 is not Long 1), floating point by bits (NaN equals NaN, -0.0 is not 0.0),
 * BigDecimal with its scale, bytes by content, collections deeply; Java records, Connect structs and
 * Jackson trees field by field so the difference names its path.
 */
public final class Exactness {
    private Exactness() {}

    /** Null when {@code actual} is exactly {@code expected}; otherwise a short description of the first difference. */
    public static String firstDifference(Object expected, Object actual) {
        return diff("$", expected, actual);
    }

    private static String diff(String path, Object e, Object a) {
        if (e == a) {
            return null;
        }
        if (e == null || a == null) {
            return differ(path, e, a);
        }
        if (e instanceof Map<?, ?> em && a instanceof Map<?, ?> am) {
            return maps(path, em, am);
        }
        if (e instanceof List<?> el && a instanceof List<?> al) {
            return lists(path, el, al);
        }
        if (e instanceof Set<?> es && a instanceof Set<?> as) {
            return es.size() == as.size() && as.containsAll(es) ? null : differ(path, e, a);
        }
        if (e instanceof SchemaAndValue es && a instanceof SchemaAndValue as) {
            // values first, so a lossy schemaless round trip names the field that changed
            String d = diff(path, es.value(), as.value());
            return d != null || Objects.equals(es.schema(), as.schema()) ? d
                    : path + " schema: " + describeSchema(es) + " vs " + describeSchema(as);
        }
        if (e instanceof Struct es && a instanceof Map<?, ?> am) {
            for (Field f : es.schema().fields()) {
                String d = am.containsKey(f.name()) ? diff(path + "." + f.name(), es.get(f), am.get(f.name())) : path + "." + f.name() + ": missing";
                if (d != null) {
                    return d;
                }
            }
            return path + ": Struct came back as a schemaless " + a.getClass().getSimpleName();
        }
        if (e.getClass() != a.getClass()) {
            return differ(path, e, a);
        }
        if (e instanceof Double ed) {
            return Double.doubleToLongBits(ed) == Double.doubleToLongBits((Double) a) ? null : differ(path, e, a);
        }
        if (e instanceof Float ef) {
            return Float.floatToIntBits(ef) == Float.floatToIntBits((Float) a) ? null : differ(path, e, a);
        }
        if (e instanceof byte[] eb) {
            return Arrays.equals(eb, (byte[]) a) ? null : differ(path, e, a);
        }
        if (e instanceof Object[] eo) {
            return lists(path, Arrays.asList(eo), Arrays.asList((Object[]) a));
        }
        if (e instanceof Struct es) {
            return struct(path, es, (Struct) a);
        }
        if (e instanceof Record) {
            return record(path, e, a);
        }
        if (e instanceof JsonNode en) {
            return node(path, en, (JsonNode) a);
        }
        if (e instanceof IndexedRecord || e instanceof Message) {
            // generated or generic records define equality themselves; walk them only to say where they differ
            return e.equals(a) ? null : path + ": " + e.getClass().getSimpleName() + " differs: " + abbreviate(e) + " vs " + abbreviate(a);
        }
        // BigDecimal.equals includes the scale; ByteBuffer.equals compares the remaining bytes
        return e.equals(a) ? null : differ(path, e, a);
    }

    private static String maps(String path, Map<?, ?> e, Map<?, ?> a) {
        for (Map.Entry<?, ?> entry : e.entrySet()) {
            String p = path + "." + entry.getKey();
            if (!a.containsKey(entry.getKey())) {
                return p + ": missing" + keyNote(entry.getKey(), a);
            }
            String d = diff(p, entry.getValue(), a.get(entry.getKey()));
            if (d != null) {
                return d;
            }
        }
        for (Object k : a.keySet()) {
            if (!e.containsKey(k)) {
                return path + "." + k + ": unexpected key " + describe(k);
            }
        }
        return null;
    }

    private static String keyNote(Object key, Map<?, ?> a) {
        for (Object k : a.keySet()) {
            if (String.valueOf(k).equals(String.valueOf(key))) {
                return " (key " + describe(key) + " came back as " + describe(k) + ")";
            }
        }
        return "";
    }

    private static String lists(String path, List<?> e, List<?> a) {
        if (e.size() != a.size()) {
            return path + ": size " + e.size() + " vs " + a.size();
        }
        Iterator<?> ai = a.iterator();
        int i = 0;
        for (Object eo : e) {
            String d = diff(path + "[" + i++ + "]", eo, ai.next());
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static String struct(String path, Struct e, Struct a) {
        if (!Objects.equals(e.schema(), a.schema())) {
            return path + " schema: " + e.schema() + " vs " + a.schema();
        }
        for (Field f : e.schema().fields()) {
            String d = diff(path + "." + f.name(), e.get(f), a.get(f));
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static String record(String path, Object e, Object a) {
        for (RecordComponent c : e.getClass().getRecordComponents()) {
            try {
                String d = diff(path + "." + c.getName(), c.getAccessor().invoke(e), c.getAccessor().invoke(a));
                if (d != null) {
                    return d;
                }
            } catch (ReflectiveOperationException x) {
                throw new IllegalStateException("cannot read " + path + "." + c.getName(), x);
            }
        }
        return null;
    }

    private static String node(String path, JsonNode e, JsonNode a) {
        if (e.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = e.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String d = a.has(f.getKey()) ? diff(path + "." + f.getKey(), f.getValue(), a.get(f.getKey()))
                        : path + "." + f.getKey() + ": missing";
                if (d != null) {
                    return d;
                }
            }
            return e.size() == a.size() ? null : path + ": " + e.size() + " fields vs " + a.size();
        }
        if (e.isArray()) {
            if (e.size() != a.size()) {
                return path + ": size " + e.size() + " vs " + a.size();
            }
            for (int i = 0; i < e.size(); i++) {
                String d = diff(path + "[" + i + "]", e.get(i), a.get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return e.equals(a) ? null : differ(path, e, a);
    }

    private static String describeSchema(SchemaAndValue sv) {
        return sv.schema() == null ? "none" : sv.schema().type() + (sv.schema().name() == null ? "" : " " + sv.schema().name());
    }

    private static String differ(String path, Object e, Object a) {
        return path + ": " + describe(e) + " vs " + describe(a);
    }

    /** A value with its class, short enough for a table cell. */
    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        String text;
        if (v instanceof byte[] b) {
            text = HexFormat.of().formatHex(b, 0, Math.min(b.length, 8)) + (b.length > 8 ? "…" : "");
        } else if (v instanceof BigDecimal d) {
            text = d.toPlainString();
        } else if (v instanceof JsonNode n) {
            return n.getNodeType() + "(" + n.getClass().getSimpleName() + ") " + abbreviate(n);
        } else {
            text = abbreviate(v);
        }
        return v.getClass().getSimpleName() + " " + text;
    }

    private static String abbreviate(Object v) {
        String s = String.valueOf(v).replace('\n', ' ');
        return s.length() > 48 ? s.substring(0, 47) + "…" : s;
    }
}

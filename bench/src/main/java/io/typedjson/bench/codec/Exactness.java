package io.typedjson.bench.codec;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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
        List<String> d = differences(expected, actual, 1);
        return d.isEmpty() ? null : d.get(0);
    }

    /** Up to {@code limit} differences, in the order a depth-first walk finds them; empty when exact. */
    public static List<String> differences(Object expected, Object actual, int limit) {
        Walk walk = new Walk(limit);
        walk.diff("$", expected, actual);
        return walk.found;
    }

    private static final class Walk {
        private final int limit;
        private final List<String> found = new ArrayList<>();

        Walk(int limit) {
            this.limit = limit;
        }

        private boolean full() {
            return found.size() >= limit;
        }

        private void differ(String path, Object e, Object a) {
            found.add(path + ": " + describe(e) + " vs " + describe(a));
        }

        void diff(String path, Object e, Object a) {
            if (e == a || full()) {
                return;
            }
            if (e == null || a == null) {
                differ(path, e, a);
            } else if (e instanceof Map<?, ?> em && a instanceof Map<?, ?> am) {
                maps(path, em, am);
            } else if (e instanceof List<?> el && a instanceof List<?> al) {
                lists(path, el, al);
            } else if (e instanceof Set<?> es && a instanceof Set<?> as) {
                if (es.size() != as.size() || !as.containsAll(es)) {
                    differ(path, e, a);
                }
            } else if (e instanceof SchemaAndValue es && a instanceof SchemaAndValue as) {
                // values first, so a lossy schemaless round trip names the fields that changed
                int before = found.size();
                diff(path, es.value(), as.value());
                if (found.size() == before && !Objects.equals(es.schema(), as.schema()) && !full()) {
                    found.add(path + " schema: " + describeSchema(es) + " vs " + describeSchema(as));
                }
            } else if (e instanceof Struct es && a instanceof Map<?, ?> am) {
                for (Field f : es.schema().fields()) {
                    if (am.containsKey(f.name())) {
                        diff(path + "." + f.name(), es.get(f), am.get(f.name()));
                    } else if (!full()) {
                        found.add(path + "." + f.name() + ": missing");
                    }
                }
                if (!full()) {
                    found.add(path + ": Struct came back as a schemaless " + a.getClass().getSimpleName());
                }
            } else if (e.getClass() != a.getClass()) {
                differ(path, e, a);
            } else if (e instanceof Struct es) {
                struct(path, es, (Struct) a);
            } else if (e instanceof Record) {
                record(path, e, a);
            } else if (e instanceof JsonNode en) {
                node(path, en, (JsonNode) a);
            } else if (e instanceof Object[] eo) {
                lists(path, Arrays.asList(eo), Arrays.asList((Object[]) a));
            } else if (!same(e, a)) {
                differ(path, e, a);
            }
        }

        private void maps(String path, Map<?, ?> e, Map<?, ?> a) {
            for (Map.Entry<?, ?> entry : e.entrySet()) {
                String p = path + "." + entry.getKey();
                if (a.containsKey(entry.getKey())) {
                    diff(p, entry.getValue(), a.get(entry.getKey()));
                } else if (!full()) {
                    found.add(p + ": missing" + keyNote(entry.getKey(), a));
                }
            }
            for (Object k : a.keySet()) {
                if (!e.containsKey(k) && !full()) {
                    found.add(path + "." + k + ": unexpected key " + describe(k));
                }
            }
        }

        private void lists(String path, List<?> e, List<?> a) {
            if (e.size() != a.size()) {
                found.add(path + ": size " + e.size() + " vs " + a.size());
                return;
            }
            Iterator<?> ai = a.iterator();
            int i = 0;
            for (Object eo : e) {
                diff(path + "[" + i++ + "]", eo, ai.next());
            }
        }

        private void struct(String path, Struct e, Struct a) {
            if (!Objects.equals(e.schema(), a.schema())) {
                found.add(path + " schema: " + e.schema() + " vs " + a.schema());
                return;
            }
            for (Field f : e.schema().fields()) {
                diff(path + "." + f.name(), e.get(f), a.get(f));
            }
        }

        private void record(String path, Object e, Object a) {
            for (RecordComponent c : e.getClass().getRecordComponents()) {
                try {
                    diff(path + "." + c.getName(), c.getAccessor().invoke(e), c.getAccessor().invoke(a));
                } catch (ReflectiveOperationException x) {
                    throw new IllegalStateException("cannot read " + path + "." + c.getName(), x);
                }
            }
        }

        private void node(String path, JsonNode e, JsonNode a) {
            if (e.isObject()) {
                for (Map.Entry<String, JsonNode> f : e.properties()) {
                    if (a.has(f.getKey())) {
                        diff(path + "." + f.getKey(), f.getValue(), a.get(f.getKey()));
                    } else if (!full()) {
                        found.add(path + "." + f.getKey() + ": missing");
                    }
                }
                if (e.size() != a.size() && !full()) {
                    found.add(path + ": " + e.size() + " fields vs " + a.size());
                }
            } else if (e.isArray()) {
                if (e.size() != a.size()) {
                    found.add(path + ": size " + e.size() + " vs " + a.size());
                    return;
                }
                for (int i = 0; i < e.size(); i++) {
                    diff(path + "[" + i + "]", e.get(i), a.get(i));
                }
            } else if (!e.equals(a)) {
                differ(path, e, a);
            }
        }
    }

    /** Equality of two values of the same class that are not containers. */
    private static boolean same(Object e, Object a) {
        if (e instanceof Double ed) {
            return Double.doubleToLongBits(ed) == Double.doubleToLongBits((Double) a);
        }
        if (e instanceof Float ef) {
            return Float.floatToIntBits(ef) == Float.floatToIntBits((Float) a);
        }
        if (e instanceof byte[] eb) {
            return Arrays.equals(eb, (byte[]) a);
        }
        // BigDecimal.equals includes the scale, ByteBuffer.equals compares the remaining bytes, and generated
        // protobuf messages and Avro records define their own equality
        return e.equals(a);
    }

    private static String keyNote(Object key, Map<?, ?> a) {
        for (Object k : a.keySet()) {
            if (String.valueOf(k).equals(String.valueOf(key))) {
                return " (key " + describe(key) + " came back as " + describe(k) + ")";
            }
        }
        return "";
    }

    private static String describeSchema(SchemaAndValue sv) {
        return sv.schema() == null ? "none" : sv.schema().type() + (sv.schema().name() == null ? "" : " " + sv.schema().name());
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

package io.typedjson.format;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exact equality for the dynamic model, stricter than {@code equals}: classes must match (Integer 1 is not
 * Long 1), doubles and floats compare by bits (NaN equals NaN, -0.0 is not 0.0), BigDecimal by value and scale,
 * byte[] by content, maps and sets also by iteration order.
 */
final class ModelEquality {
    private ModelEquality() {}

    static String firstDifference(Object expected, Object actual) {
        return diff("$", expected, actual);
    }

    private static String diff(String path, Object e, Object a) {
        if (e == null || a == null) {
            return e == a ? null : path + ": expected " + show(e) + " but got " + show(a);
        }
        if (e.getClass() != a.getClass() && !(sameKind(e, a))) {
            return path + ": expected " + e.getClass().getSimpleName() + " " + show(e)
                    + " but got " + a.getClass().getSimpleName() + " " + show(a);
        }
        if (e instanceof Double) {
            return Double.doubleToRawLongBits((Double) e) == Double.doubleToRawLongBits((Double) a)
                    || (((Double) e).isNaN() && ((Double) a).isNaN()) ? null : mismatch(path, e, a);
        }
        if (e instanceof Float) {
            return Float.floatToRawIntBits((Float) e) == Float.floatToRawIntBits((Float) a)
                    || (((Float) e).isNaN() && ((Float) a).isNaN()) ? null : mismatch(path, e, a);
        }
        if (e instanceof BigDecimal) {
            return e.equals(a) ? null : mismatch(path, e, a); // equals compares the scale too
        }
        if (e instanceof byte[]) {
            return Arrays.equals((byte[]) e, (byte[]) a) ? null : mismatch(path, e, a);
        }
        if (e instanceof List || e instanceof Set) {
            Iterator<?> ie = ((Iterable<?>) e).iterator();
            Iterator<?> ia = ((Iterable<?>) a).iterator();
            int i = 0;
            while (ie.hasNext() && ia.hasNext()) {
                String d = diff(path + "[" + i++ + "]", ie.next(), ia.next());
                if (d != null) {
                    return d;
                }
            }
            return ie.hasNext() || ia.hasNext() ? path + ": sizes differ" : null;
        }
        if (e instanceof Map) {
            Iterator<? extends Map.Entry<?, ?>> ie = ((Map<?, ?>) e).entrySet().iterator();
            Iterator<? extends Map.Entry<?, ?>> ia = ((Map<?, ?>) a).entrySet().iterator();
            int i = 0;
            while (ie.hasNext() && ia.hasNext()) {
                Map.Entry<?, ?> x = ie.next();
                Map.Entry<?, ?> y = ia.next();
                String d = diff(path + "{key " + i + "}", x.getKey(), y.getKey());
                if (d == null) {
                    d = diff(path + "[" + show(x.getKey()) + "]", x.getValue(), y.getValue());
                }
                if (d != null) {
                    return d;
                }
                i++;
            }
            return ie.hasNext() || ia.hasNext() ? path + ": sizes differ" : null;
        }
        return e.equals(a) ? null : mismatch(path, e, a);
    }

    /** Collections come back as ArrayList, LinkedHashMap and LinkedHashSet whatever went in. */
    private static boolean sameKind(Object e, Object a) {
        return (e instanceof List && a instanceof List) || (e instanceof Set && a instanceof Set)
                || (e instanceof Map && a instanceof Map);
    }

    private static String mismatch(String path, Object e, Object a) {
        return path + ": expected " + show(e) + " but got " + show(a);
    }

    private static String show(Object v) {
        return v instanceof byte[] ? Arrays.toString((byte[]) v) : String.valueOf(v);
    }
}

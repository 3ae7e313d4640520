package io.typedjson.serde.events;

import io.typedjson.annotation.TypedJsonName;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Values of the event classes as readers in other languages give them (SPEC.md 12.5); shared with bench's CrossLanguageIT. */
public final class EventModel {
    private EventModel() {}

    /**
     * A value of the test classes as the other languages read it (SPEC.md 12.5): a class as a map from key to value in
     * the class's key order, an enum as its written name, an Optional as its value or null.
     */
    public static Object model(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Record r) {
            Map<Object, Object> m = new LinkedHashMap<>();
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                TypedJsonName rename = c.getAnnotation(TypedJsonName.class);
                try {
                    m.put(rename != null ? rename.value() : c.getName(), model(c.getAccessor().invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            return m;
        }
        if (v instanceof Enum<?> e) {
            try {
                TypedJsonName rename = e.getDeclaringClass().getField(e.name()).getAnnotation(TypedJsonName.class);
                return rename != null ? rename.value() : e.name();
            } catch (NoSuchFieldException x) {
                throw new AssertionError(x);
            }
        }
        if (v instanceof Optional<?> o) {
            return model(o.orElse(null));
        }
        if (v instanceof Set<?> s) {
            Set<Object> out = new LinkedHashSet<>();
            s.forEach(e -> out.add(model(e)));
            return out;
        }
        if (v instanceof Collection<?> l) {
            List<Object> out = new ArrayList<>();
            l.forEach(e -> out.add(model(e)));
            return out;
        }
        if (v instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, val) -> out.put(model(k), model(val)));
            return out;
        }
        if (v instanceof Character ch) {
            return String.valueOf(ch);
        }
        return v;
    }
}

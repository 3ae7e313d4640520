package io.typedjson.codec;

import io.typedjson.annotation.TypedJsonName;
import io.typedjson.format.EventEnvelope;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The closed list of event types a topic carries, by logical name (SPEC.md section 12): each name maps to one
 * class, each class has one name. A writer writes only the listed classes, a reader reads a name only as the class
 * it maps to; nothing is ever resolved from a record.
 *
 * <pre>{@code
 * EventTypes.of(OrderCreated.class, OrderShipped.class)            // names from @TypedJsonName on each class
 * EventTypes.of(OrderEvent.class)                                  // a sealed type: its permitted subclasses
 * EventTypes.of(Map.of("order.created", OrderCreated.class))       // names given here
 * }</pre>
 *
 * <p>Immutable; the order of the list is the order given (a sealed type's: its {@code permits} clause).
 */
public final class EventTypes {

    private final Map<String, Class<?>> byName;
    private final Map<Class<?>, String> byClass;

    private EventTypes(Map<String, Class<?>> byName) {
        if (byName.isEmpty()) {
            throw new IllegalArgumentException("an event type list names at least one type");
        }
        this.byName = Collections.unmodifiableMap(byName);
        Map<Class<?>, String> classes = new HashMap<>();
        for (Map.Entry<String, Class<?>> e : byName.entrySet()) {
            String other = classes.put(e.getValue(), e.getKey());
            if (other != null) {
                throw new IllegalArgumentException(e.getValue().getName() + " is listed under two names, " + other
                        + " and " + e.getKey() + " (a class has one name)");
            }
        }
        this.byClass = classes;
    }

    /**
     * The classes named by {@code @TypedJsonName} on each; a sealed interface or class stands for its permitted
     * subclasses (those that are sealed themselves for theirs). Throws {@link IllegalArgumentException} naming a class
     * without a name, a name outside the grammar, a name or class given twice, or a class that cannot be carried.
     */
    public static EventTypes of(Class<?>... types) {
        Builder b = builder();
        for (Class<?> type : types) {
            b.add(type);
        }
        return b.build();
    }

    /**
     * The given names and classes, in the map's order. A class that also has {@code @TypedJsonName} must have that
     * name here: a class has one name on the wire, as an event type and as a sealed variant.
     */
    public static EventTypes of(Map<String, ? extends Class<?>> namesToClasses) {
        Builder b = builder();
        namesToClasses.forEach(b::add);
        return b.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a list from classes named by their annotation (or sealed types) and from names given with their class. */
    public static final class Builder {
        private final Map<String, Class<?>> byName = new LinkedHashMap<>();

        private Builder() {
        }

        /** A class named by {@code @TypedJsonName}, or a sealed type standing for its permitted subclasses. */
        public Builder add(Class<?> type) {
            EventTypes.add(byName, type, null);
            return this;
        }

        /** A concrete class under {@code name}; its {@code @TypedJsonName}, if it has one, must be the same name. */
        public Builder add(String name, Class<?> type) {
            if (type.isSealed() || type.isInterface() || Modifier.isAbstract(type.getModifiers()) && !type.isEnum()) {
                throw new IllegalArgumentException(name + "=" + type.getName() + ": an event type is a concrete class"
                        + " (a sealed type stands for several: list it without a name)");
            }
            TypedJsonName annotated = type.getAnnotation(TypedJsonName.class);
            if (annotated != null && !annotated.value().equals(name)) {
                throw new IllegalArgumentException(name + "=" + type.getName() + ": the class is named "
                        + annotated.value() + " by @TypedJsonName (a class has one name)");
            }
            put(byName, name, type);
            return this;
        }

        /** The list; throws {@link IllegalArgumentException} when it is empty or a class cannot be carried. */
        public EventTypes build() {
            EventTypes types = new EventTypes(new LinkedHashMap<>(byName));
            for (Class<?> type : byName.values()) {
                Codecs.of(type); // a class the codecs cannot carry is refused now, naming its field
            }
            return types;
        }
    }

    /** Adds {@code type} under {@code name}, or under its annotation's name, or its permitted subclasses when sealed. */
    private static void add(Map<String, Class<?>> byName, Class<?> type, String name) {
        if (type.isSealed() && name == null) {
            for (Class<?> variant : type.getPermittedSubclasses()) {
                add(byName, variant, null);
            }
            return;
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) && !type.isEnum()) {
            throw new IllegalArgumentException(type.getName() + " is abstract and not sealed: an event type is a "
                    + "concrete class, or a sealed type standing for its permitted subclasses");
        }
        if (name == null) {
            TypedJsonName annotated = type.getAnnotation(TypedJsonName.class);
            if (annotated == null) {
                throw new IllegalArgumentException(type.getName() + " has no event type name: annotate it with "
                        + "@TypedJsonName(\"...\") or list it as name=class (a name is never derived from the class's)");
            }
            name = annotated.value();
        }
        put(byName, name, type);
    }

    private static void put(Map<String, Class<?>> byName, String name, Class<?> type) {
        if (!EventEnvelope.isName(name)) {
            throw new IllegalArgumentException(EventEnvelope.quote(name) + " (" + type.getName() + ") is not an event type "
                    + "name: 1 to " + EventEnvelope.MAX_NAME_LENGTH + " ASCII letters, digits and . _ - : /, starting "
                    + "with a letter or a digit");
        }
        Class<?> other = byName.put(name, type);
        if (other != null) {
            throw new IllegalArgumentException("the event type name " + name + " is given twice, to " + other.getName()
                    + " and " + type.getName());
        }
    }

    /** The names, in the list's order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The class a name maps to, or null when the name is not listed (it is only looked up, never resolved). */
    public Class<?> typeOf(String name) {
        return name == null ? null : byName.get(name);
    }

    /** The name of a listed class (exactly that class: not a subclass), or null. */
    public String nameOf(Class<?> type) {
        return byClass.get(type);
    }

    /** Names to classes, in the list's order (unmodifiable). */
    public Map<String, Class<?>> asMap() {
        return byName;
    }

    /** The names, comma-separated, for messages: names are configuration, never a value's content. */
    public String describe() {
        return String.join(", ", new ArrayList<>(byName.keySet()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventTypes other && other.byName.equals(byName);
    }

    @Override
    public int hashCode() {
        return byName.hashCode();
    }

    @Override
    public String toString() {
        return "EventTypes" + byName.keySet();
    }
}

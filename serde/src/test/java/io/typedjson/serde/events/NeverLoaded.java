package io.typedjson.serde.events;

/**
 * A class a hostile record names in its type header: its static initializer sets the system property
 * {@code typedjson.test.never-loaded}, which a reader that loads and initializes a class by a name from a record
 * would make happen. (The test reads the property, never this class, which would initialize it.)
 */
public final class NeverLoaded {
    static {
        System.setProperty("typedjson.test.never-loaded", "initialized");
    }

    private NeverLoaded() {}
}

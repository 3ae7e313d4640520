package io.typedjson.codec.unloading;

import java.lang.invoke.MethodHandles;
import java.util.List;

/** A class of an application or plugin that CodecsUnloadingTest loads in a class loader of its own. */
public record PluginOrder(String id, long quantity, List<String> tags) {
    /** What an application running on the module path hands to {@code Codecs.allowAccess}. */
    public static MethodHandles.Lookup lookup() {
        return MethodHandles.lookup();
    }
}

package io.typedjson.codec;

import io.typedjson.format.Codec;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.WeakHashMap;

/** The {@link CompiledCodecs} a class loader sees, loaded once per loader. */
final class CompiledCodecRegistry {
    private CompiledCodecRegistry() {}

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Codecs.class);
    /** Weak both ways: a provider's class holds its loader, which must stay collectable (Connect reloads plugins). */
    private static final Map<ClassLoader, WeakReference<List<CompiledCodecs>>> BY_LOADER = new WeakHashMap<>();

    /** The compiled codec of {@code type}, or null. */
    static Codec<?> find(Class<?> type, CodecContext context) {
        for (CompiledCodecs codecs : of(type.getClassLoader())) {
            Codec<?> codec = codecs.codec(type, context);
            if (codec != null) {
                return codec;
            }
        }
        return null;
    }

    private static synchronized List<CompiledCodecs> of(ClassLoader loader) {
        ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
        WeakReference<List<CompiledCodecs>> known = BY_LOADER.get(l);
        List<CompiledCodecs> found = known != null ? known.get() : null;
        if (found == null) {
            found = new ArrayList<>();
            for (var it = ServiceLoader.load(CompiledCodecs.class, l).iterator(); ; ) {
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    found.add(it.next());
                } catch (ServiceConfigurationError e) {
                    LOG.warn("skipping a registry of compiled codecs that cannot be loaded", e);
                }
            }
            found = List.copyOf(found);
            BY_LOADER.put(l, new WeakReference<>(found));
        }
        return found;
    }
}

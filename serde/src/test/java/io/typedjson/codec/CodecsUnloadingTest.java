package io.typedjson.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.typedjson.codec.unloading.PluginOrder;
import io.typedjson.format.Codec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.lang.reflect.Constructor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * typedjson's caches keep no application's classes alive (review of #30, finding 11): an application redeployed in a
 * server, a Connect plugin or a Flink job's classes sit in a class loader below typedjson's, and their codecs, the
 * classes generated for them and the lookup they handed over must go when that loader goes.
 */
class CodecsUnloadingTest {

    @Test
    void aClassLoaderWhoseClassesHadCodecsCanBeCollected() throws Exception {
        WeakReference<ClassLoader> loader = useCodecsInALoaderOfTheirOwn();
        for (int i = 0; i < 50 && loader.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(loader.get(), "the plugin's class loader is still reachable after its codecs were used");
    }

    /** Codecs of a class, of a generic type of it and of all three kinds, used; nothing of the loader returned. */
    private static WeakReference<ClassLoader> useCodecsInALoaderOfTheirOwn() throws Exception {
        ClassLoader plugin = new ChildFirst(CodecsUnloadingTest.class.getClassLoader(), PluginOrder.class.getName());
        Class<?> order = plugin.loadClass(PluginOrder.class.getName());
        assertNotSame(PluginOrder.class, order);
        Codecs.allowAccess((MethodHandles.Lookup) order.getMethod("lookup").invoke(null));
        Constructor<?> make = order.getConstructor(String.class, long.class, List.class);
        Object value = make.newInstance("o-1", 3L, List.of("a", "b"));
        String document = "{\"id\":\"o-1\",\"quantity\":3,\"tags\":[\"a\",\"b\"]}";
        // (a record's own equals, hashCode and toString are not called: their bootstrap keeps the class in the JDK)
        for (CodecKind kind : List.of(CodecKind.AUTO, CodecKind.GENERATED, CodecKind.REFLECTIVE)) {
            Codec<Object> codec = Codecs.of(order, CodecOptions.DEFAULT.withKind(kind));
            assertEquals(document, Fixtures.write(codec, value), kind.name());
            Object read = Fixtures.read(codec, document);
            assertSame(order, read.getClass());
            assertEquals(document, Fixtures.write(codec, read), kind.name());
        }
        Codec<Object> listOfOrders = Codecs.of(Types.parameterized(List.class, order));
        assertEquals("[" + document + "]", Fixtures.write(listOfOrders, Fixtures.read(listOfOrders, "[" + document + "]")));
        return new WeakReference<>(plugin);
    }

    /** Loads one class itself, from the test's class files; everything else from its parent. */
    private static final class ChildFirst extends ClassLoader {
        private final String name;

        ChildFirst(ClassLoader parent, String name) {
            super("plugin", parent);
            this.name = name;
        }

        @Override
        protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
            if (!className.equals(name)) {
                return super.loadClass(className, resolve);
            }
            synchronized (getClassLoadingLock(className)) {
                Class<?> loaded = findLoadedClass(className);
                if (loaded == null) {
                    byte[] bytes = classFile(className);
                    loaded = defineClass(className, bytes, 0, bytes.length);
                }
                return loaded;
            }
        }

        private byte[] classFile(String className) {
            try (InputStream in = getParent().getResourceAsStream(className.replace('.', '/') + ".class")) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}

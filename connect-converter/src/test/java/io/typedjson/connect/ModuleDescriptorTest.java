package io.typedjson.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import io.typedjson.serde.TypedJsonSerde;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/**
 * The module descriptor exports the API package only and provides the converter as a service, and the module resolves
 * and converts on a module path. (The other tests run on the class path, as a Connect worker loads a plugin.)
 */
class ModuleDescriptorTest {

    private static ModuleDescriptor descriptor() throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("target", "classes", "module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    @Test
    void exportsTheApiPackageOnly() throws IOException {
        ModuleDescriptor module = descriptor();
        assertEquals("io.typedjson.connect", module.name());
        assertEquals(Set.of("io.typedjson.connect"),
                module.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        assertTrue(module.exports().stream().noneMatch(ModuleDescriptor.Exports::isQualified), module.exports().toString());
        // the converter's signatures name serde's TypedJsonFormat and connect-api's Converter: users read both
        for (String required : List.of("io.typedjson.serde", "connect.api")) {
            assertTrue(module.requires().stream().anyMatch(r -> r.name().equals(required)
                    && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)), module.requires().toString());
        }
    }

    @Test
    void providesTheConverterAsItsServiceFilesDo() throws IOException {
        ModuleDescriptor module = descriptor();
        for (Class<?> service : List.of(Converter.class, HeaderConverter.class)) {
            List<String> provided = module.provides().stream().filter(p -> p.service().equals(service.getName()))
                    .flatMap(p -> p.providers().stream()).collect(Collectors.toList());
            assertEquals(List.of(TypedJsonConverter.class.getName()), provided, service.getName());
            // a worker scanning plugin.path (plugin.discovery=service_load) reads the META-INF/services file instead
            List<String> listed = Files.readAllLines(Path.of("target", "classes", "META-INF", "services", service.getName()),
                    StandardCharsets.UTF_8).stream().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .collect(Collectors.toList());
            assertEquals(provided, listed, service.getName());
        }
    }

    @Test
    void resolvesAndConvertsOnAModulePath() throws Exception {
        // this module, serde (whose format rules it reads through serde's export to it alone), jackson-core,
        // kafka-clients, connect-api and slf4j-api (Kafka's AbstractConfig logs): nothing else
        ModuleFinder finder = ModuleFinder.of(location(TypedJsonConverter.class), location(TypedJsonSerde.class),
                location(JsonParser.class), location(ConfigDef.class), location(Converter.class), location(Logger.class));
        ModuleLayer boot = ModuleLayer.boot();
        // kafka-clients is an automatic module and requires nothing: org.slf4j is resolved as a root, as an application
        // on a module path adds it (--add-modules org.slf4j)
        Configuration resolved = boot.configuration().resolveAndBind(finder, ModuleFinder.of(),
                Set.of("io.typedjson.connect", "org.slf4j"));
        ModuleLayer layer = boot.defineModulesWithOneLoader(resolved, ClassLoader.getPlatformClassLoader());
        ClassLoader loader = layer.findLoader("io.typedjson.connect");

        Class<?> converterType = loader.loadClass(Converter.class.getName());
        Object converter = ServiceLoader.load(layer, converterType).stream()
                .filter(p -> p.type().getName().equals(TypedJsonConverter.class.getName()))
                .findFirst().orElseThrow().get();
        assertEquals("io.typedjson.connect", converter.getClass().getModule().getName());
        assertTrue(converter.getClass() != TypedJsonConverter.class, "loaded from the module layer, not the class path");

        Class<?> schemaType = loader.loadClass("org.apache.kafka.connect.data.Schema");
        Object int16 = schemaType.getField("INT16_SCHEMA").get(null);
        converterType.getMethod("configure", Map.class, boolean.class).invoke(converter, Map.of(), false);
        byte[] bytes = (byte[]) converterType.getMethod("fromConnectData", String.class, schemaType, Object.class)
                .invoke(converter, "t", int16, (short) 7);
        // the same document as the converter on the class path writes
        TypedJsonConverter onClassPath = new TypedJsonConverter();
        onClassPath.configure(Map.of(), false);
        assertArrayEquals(onClassPath.fromConnectData("t", Schema.INT16_SCHEMA, (short) 7), bytes);
        Object back = converterType.getMethod("toConnectData", String.class, byte[].class).invoke(converter, "t", bytes);
        assertEquals((short) 7, back.getClass().getMethod("value").invoke(back));
        assertEquals(int16, back.getClass().getMethod("schema").invoke(back));
    }

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}

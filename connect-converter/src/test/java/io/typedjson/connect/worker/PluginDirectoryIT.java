package io.typedjson.connect.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.connect.TypedJsonConverter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.runtime.isolation.PluginClassLoader;
import org.apache.kafka.connect.runtime.isolation.PluginDesc;
import org.apache.kafka.connect.runtime.isolation.Plugins;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plugin directory the build packages (target/plugin/typedjson-connect-converter, the jars of the plugin archive's
 * lib/) as a Connect worker sees it on {@code plugin.path}: Connect's own plugin scanning finds the converter there,
 * by its service files and by scanning its classes (the jar holds a module-info.class), and the converter it loads
 * with the plugin's own class loader writes the documents the converter on the class path writes.
 * An integration test: the directory exists only after {@code package}.
 */
class PluginDirectoryIT {

    private static final Path PLUGIN_PATH = Path.of("target", "plugin").toAbsolutePath();

    @ParameterizedTest
    @ValueSource(strings = {"service_load", "only_scan"})
    void aWorkerFindsAndLoadsTheConverterFromThePluginDirectory(String discovery) throws Exception {
        Path plugin = PLUGIN_PATH.resolve("typedjson-connect-converter");
        List<String> jars;
        try (var files = Files.list(plugin)) {
            jars = files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList());
        }
        assertTrue(jars.stream().anyMatch(j -> j.startsWith("typedjson-connect-converter-")), jars.toString());
        assertTrue(jars.stream().anyMatch(j -> j.startsWith("typedjson-serde-")), jars.toString());
        assertTrue(jars.stream().noneMatch(j -> j.startsWith("kafka-") || j.startsWith("connect-")),
                "a plugin carries none of Kafka's own jars: " + jars);

        Plugins plugins = new Plugins(Map.of("plugin.path", PLUGIN_PATH.toString(), "plugin.discovery", discovery));
        PluginDesc<Converter> converter = fromPlugin(plugins.converters(), plugin);
        PluginDesc<HeaderConverter> headerConverter = fromPlugin(plugins.headerConverters(), plugin);
        assertEquals(new TypedJsonConverter().version(), converter.version());
        assertEquals(converter.pluginClass(), headerConverter.pluginClass());

        // the plugin's own copy of the class, not the class path's
        Converter loaded = converter.pluginClass().getDeclaredConstructor().newInstance();
        assertTrue(loaded.getClass().getClassLoader() instanceof PluginClassLoader, loaded.getClass().getClassLoader().toString());
        assertNotSame(TypedJsonConverter.class, loaded.getClass());
        TypedJsonConverter onClassPath = new TypedJsonConverter();
        for (String location : List.of("inline", "header", "none")) {
            Map<String, String> config = Map.of("typedjson.schema.location", location);
            loaded.configure(config, false);
            onClassPath.configure(config, false);
            byte[] document = loaded.fromConnectData("t", Schema.OPTIONAL_FLOAT64_SCHEMA, Double.NaN);
            assertArrayEquals(onClassPath.fromConnectData("t", Schema.OPTIONAL_FLOAT64_SCHEMA, Double.NaN), document, location);
            SchemaAndValue back = loaded.toConnectData("t", document);
            assertTrue(Double.isNaN((Double) back.value()), location + ": " + back);
        }
    }

    private static <T> PluginDesc<T> fromPlugin(java.util.Collection<PluginDesc<T>> found, Path plugin) {
        List<PluginDesc<T>> ours = found.stream()
                .filter(d -> d.className().equals(TypedJsonConverter.class.getName()))
                .filter(d -> d.location().startsWith("file:") && Path.of(URI.create(d.location())).startsWith(plugin))
                .collect(Collectors.toList());
        assertEquals(1, ours.size(), "the converter once, from " + plugin + ": " + found);
        return ours.get(0);
    }
}

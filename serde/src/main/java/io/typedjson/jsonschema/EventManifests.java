package io.typedjson.jsonschema;

import io.typedjson.codec.CodecOptions;
import io.typedjson.codec.CodecSchemas;
import io.typedjson.codec.CodecShapes;
import io.typedjson.codec.EventTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The manifest of a topic's event types (SPEC.md section 12.5), for readers in other languages: each name with
 * the shape of its documents (how to read them) and their JSON Schema (what validators check), generated from the
 * Java list, so that TypeScript and Python map names to types exactly as the Java deserializer does.
 *
 * <pre>{@code
 * String manifest = EventManifests.forTypes(EventTypes.of(OrderEvent.class));
 * }</pre>
 */
public final class EventManifests {
    private EventManifests() {}

    /** The manifest of {@code types} as JSON text: {@code {"types":[{"name","shape","schema"},…],"shapes":{…}}}. */
    public static String forTypes(EventTypes types) {
        CodecShapes.Table shapes = new CodecShapes.Table();
        List<Object> list = new ArrayList<>();
        for (Map.Entry<String, Class<?>> e : types.asMap().entrySet()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("name", e.getKey());
            one.put("shape", shapes.shape(e.getValue()));
            one.put("schema", CodecSchemas.of(e.getValue(), CodecOptions.DEFAULT));
            list.add(one);
        }
        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("types", list);
        manifest.put("shapes", shapes.named());
        return JsonSchemas.write(manifest);
    }

    /**
     * Prints the manifest of the types named on the command line, each as {@code typedjson.value.types} names them:
     * {@code name=class}, or a class named by {@code @TypedJsonName}, or a sealed type standing for its permitted
     * subclasses ({@code java -cp app.jar:typedjson-serde.jar:jackson-core.jar io.typedjson.jsonschema.EventManifests
     * com.acme.OrderEvent > events.manifest.json}).
     */
    public static void main(String[] args) throws ClassNotFoundException {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** {@link #main}: the manifest on {@code out}, or one line on {@code err}; the exit status (2: usage, 1: a class it cannot list). */
    static int run(String[] args, java.io.PrintStream out, java.io.PrintStream err) {
        if (args.length == 0 || args[0].startsWith("-")) {
            err.println("usage: EventManifests (name=class | class)...");
            return 2;
        }
        EventTypes.Builder types = EventTypes.builder();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            for (String arg : args) {
                int eq = arg.indexOf('=');
                if (eq >= 0) {
                    types.add(arg.substring(0, eq).trim(), Class.forName(arg.substring(eq + 1).trim(), false, loader));
                } else {
                    types.add(Class.forName(arg.trim(), false, loader));
                }
            }
            out.println(forTypes(types.build()));
            return 0;
        } catch (ClassNotFoundException e) {
            err.println("EventManifests: class " + e.getMessage() + " not found on the class path");
        } catch (IllegalArgumentException e) {
            err.println("EventManifests: " + e.getMessage());
        }
        return 1;
    }
}

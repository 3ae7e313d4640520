package io.typedjson.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes the codec of every record, class, enum and sealed type marked {@code @io.typedjson.annotation.TypedJson}, and
 * of every such type of the same compilation its fields reach, as Java source (docs/custom-codecs.md): for a record or
 * a class a {@code <Name>TypedJsonCodec} beside it; per package a {@code TypedJsonCodecs} registry implementing
 * {@code io.typedjson.codec.CompiledCodecs}, which also makes the enums' and sealed types' codecs; and the
 * {@code META-INF/services} entry that lists the registries. In a named module the compiler checks that the module
 * declares them with {@code provides}. Types of other compilations (a library's) are left to their own compilation or
 * to the codecs made at run time.
 *
 * <p>A type the codecs cannot carry is refused here with the message the reflective codec gives at run time; so is a
 * marked type a codec in its package cannot reach (a private class, a private field without accessors). A type only
 * reached that a codec written here cannot reach, but the run-time codecs can, is left to them, with a note.
 */
@SupportedAnnotationTypes(TypedJsonProcessor.TYPED_JSON)
public final class TypedJsonProcessor extends AbstractProcessor {
    static final String TYPED_JSON = "io.typedjson.annotation.TypedJson";
    static final String SERVICE = "io.typedjson.codec.CompiledCodecs";
    static final String REGISTRY = "TypedJsonCodecs";

    /** Every type of this compilation (the sources and the types nested in them), by qualified name. */
    private final Set<String> compiled = new HashSet<>();
    /** Types done, by qualified name. */
    private final Set<String> done = new HashSet<>();
    /** Per package: the lines of its registry that make each type's codec, by the type's qualified name. */
    private final Map<String, Map<String, String>> registries = new TreeMap<>();
    /** The registries written, by qualified name, with the number of types each makes. */
    private final Map<String, Integer> written = new TreeMap<>();
    private final Map<String, ModuleElement> modules = new LinkedHashMap<>();

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        for (Element root : round.getRootElements()) {
            collect(root);
        }
        Fields fields = new Fields(processingEnv.getElementUtils(), processingEnv.getTypeUtils());
        TypeText text = new TypeText(processingEnv.getElementUtils(), processingEnv.getTypeUtils(), "");
        Deque<TypeElement> queue = new ArrayDeque<>();
        for (TypeElement annotation : annotations) {
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                if (!(e instanceof TypeElement t) || !hasCodecOfItsOwn(t)) {
                    error("@TypedJson is for records, classes with a no-argument constructor, enums and sealed types;"
                            + " not for " + e, e);
                } else {
                    queue.add(t);
                }
            }
        }
        while (!queue.isEmpty()) {
            TypeElement t = queue.poll();
            if (done.add(t.getQualifiedName().toString())) {
                try {
                    generate(t, fields, text, queue);
                } catch (Fields.Refused r) {
                    if (r.runTimeCarries && !marked(t)) {
                        // only reached: the codec of the type that reaches it gets this one's at run time
                        processingEnv.getMessager().printMessage(Diagnostic.Kind.NOTE, "typedjson: " + fields.binaryName(t)
                                + " (reached from a @TypedJson type) gets its codec at run time: " + r.getMessage(), r.where);
                    } else {
                        error(r.getMessage(), r.where);
                    }
                }
            }
        }
        writeRegistries();
        if (round.processingOver()) {
            writeServices();
            checkModules();
        }
        return false;
    }

    /** Whether the type is marked @TypedJson itself (not only reached from one). */
    private static boolean marked(TypeElement t) {
        for (var a : t.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(TYPED_JSON)) {
                return true;
            }
        }
        return false;
    }

    private void collect(Element e) {
        if (e instanceof TypeElement t) {
            compiled.add(t.getQualifiedName().toString());
            for (Element inner : t.getEnclosedElements()) {
                collect(inner);
            }
        }
    }

    /** Whether the type gets a codec of its own kind (not a container, not an open type read by the dynamic model). */
    private boolean hasCodecOfItsOwn(TypeElement t) {
        ElementKind kind = t.getKind();
        if (kind == ElementKind.ENUM || kind == ElementKind.RECORD) {
            return true;
        }
        if (t.getModifiers().contains(Modifier.SEALED)) {
            return kind == ElementKind.INTERFACE || kind == ElementKind.CLASS;
        }
        return kind == ElementKind.CLASS && !t.getModifiers().contains(Modifier.ABSTRACT) && !isContainer(t);
    }

    private boolean isContainer(TypeElement t) {
        var types = processingEnv.getTypeUtils();
        var elements = processingEnv.getElementUtils();
        for (String container : List.of("java.util.Collection", "java.util.Map")) {
            TypeElement c = elements.getTypeElement(container);
            if (c != null && types.isSubtype(types.erasure(t.asType()), types.erasure(c.asType()))) {
                return true;
            }
        }
        return false;
    }

    private void generate(TypeElement t, Fields fields, TypeText text, Deque<TypeElement> queue) throws Fields.Refused {
        PackageElement pkg = processingEnv.getElementUtils().getPackageOf(t);
        String packageName = pkg.getQualifiedName().toString();
        text = text.in(packageName);
        if (!text.reachable(t, pkg)) {
            throw new Fields.Refused(fields.binaryName(t) + " is private or local: a codec written at compile time cannot"
                    + " name it (make it package-private, or leave it to the codecs made at run time)", t,
                    t.getNestingKind() == NestingKind.MEMBER);
        }
        ModuleElement module = processingEnv.getElementUtils().getModuleOf(t);
        if (module != null && !module.isUnnamed()) {
            modules.put(module.getQualifiedName().toString(), module);
        }
        String typeName = text.name(t);
        String entry;
        if (t.getKind() == ElementKind.ENUM) {
            List<String> names = new ArrayList<>();
            for (VariableElement c : ElementFilter.fieldsIn(t.getEnclosedElements())) {
                if (c.getKind() == ElementKind.ENUM_CONSTANT) {
                    String renamed = Fields.renamed(c);
                    names.add(TypeText.literal(renamed != null ? renamed : c.getSimpleName().toString()));
                }
            }
            entry = "return context.enumCodec(" + typeName + ".values()" + (names.isEmpty() ? "" : ", " + String.join(", ", names)) + ");";
        } else if (t.getModifiers().contains(Modifier.SEALED)) {
            List<String> classes = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (TypeMirror sub : t.getPermittedSubclasses()) {
                TypeElement s = (TypeElement) ((DeclaredType) sub).asElement();
                if (!text.reachable(s, pkg)) {
                    throw new Fields.Refused(fields.binaryName(s) + ", a variant of " + fields.binaryName(t)
                            + ", is not visible from " + packageName + ": a codec written at compile time cannot name it", s, true);
                }
                classes.add(text.classLiteral(sub));
                String renamed = Fields.renamed(s);
                names.add(TypeText.literal(renamed != null ? renamed : s.getSimpleName().toString()));
                reach(sub, queue);
            }
            entry = "return context.variants(new " + text.javaLang("Class") + "<?>[] {" + String.join(", ", classes) + "}"
                    + (names.isEmpty() ? "" : ", " + String.join(", ", names)) + ");";
        } else {
            boolean isRecord = t.getKind() == ElementKind.RECORD;
            List<Fields.Member> members = isRecord ? fields.ofRecord(t) : fields.ofClass(t);
            for (Fields.Member m : members) {
                TypeElement hidden = text.unreachable(m.type(), pkg);
                if (hidden != null) {
                    throw new Fields.Refused(t.getSimpleName() + "." + m.javaName() + ": " + fields.binaryName(hidden)
                            + " is not visible from " + packageName + ": a codec written at compile time cannot name it", t, true);
                }
                reach(m.type(), queue);
            }
            String codecName = CodecSource.codecName(t);
            String source = new CodecSource(text, t, isRecord, members, packageName, codecName).write();
            writeSource(packageName.isEmpty() ? codecName : packageName + "." + codecName, source, t);
            entry = "return new " + codecName + (t.getTypeParameters().isEmpty() ? "" : "<>") + "(context);";
        }
        registries.computeIfAbsent(packageName, p -> new TreeMap<>()).put(typeName, entry);
    }

    /** Queues the types of this compilation that {@code type} names and that have codecs of their own. */
    private void reach(TypeMirror type, Deque<TypeElement> queue) {
        switch (type.getKind()) {
            case DECLARED: {
                TypeElement e = (TypeElement) ((DeclaredType) type).asElement();
                if (compiled.contains(e.getQualifiedName().toString()) && hasCodecOfItsOwn(e)) {
                    queue.add(e);
                }
                for (TypeMirror a : ((DeclaredType) type).getTypeArguments()) {
                    reach(a, queue);
                }
                break;
            }
            case ARRAY:
                reach(((ArrayType) type).getComponentType(), queue);
                break;
            case WILDCARD: {
                WildcardType w = (WildcardType) type;
                if (w.getExtendsBound() != null) {
                    reach(w.getExtendsBound(), queue);
                }
                break;
            }
            default:
        }
    }

    /** Each package's registry once its types are known (before the last round, so the compiler compiles it as usual). */
    private void writeRegistries() {
        for (Map.Entry<String, Map<String, String>> r : registries.entrySet()) {
            String packageName = r.getKey();
            String name = packageName.isEmpty() ? REGISTRY : packageName + "." + REGISTRY;
            Integer known = written.putIfAbsent(name, r.getValue().size());
            if (known != null) {
                if (known != r.getValue().size()) {
                    // a type of this package met in a later round (another processor generated it): one registry per
                    // package is written once
                    error("typedjson: " + r.getValue().size() + " types of package " + packageName + " have codecs, but"
                            + " its registry was written in an earlier round with " + known, null);
                }
                continue;
            }
            StringBuilder s = new StringBuilder();
            s.append("// Written by typedjson-processor: do not edit.\n");
            if (!packageName.isEmpty()) {
                s.append("package ").append(packageName).append(";\n\n");
            }
            s.append("import io.typedjson.codec.CodecContext;\n");
            s.append("import io.typedjson.codec.CompiledCodecs;\n");
            s.append("import io.typedjson.format.Codec;\n\n");
            s.append("/** The codecs typedjson-processor wrote for this package, found through ServiceLoader. */\n");
            s.append("public final class ").append(REGISTRY).append(" implements CompiledCodecs {\n");
            TypeText text = new TypeText(processingEnv.getElementUtils(), processingEnv.getTypeUtils(), packageName);
            s.append("    @").append(text.javaLang("Override")).append('\n');
            s.append("    public Codec<?> codec(").append(text.javaLang("Class")).append("<?> type, CodecContext context) {\n");
            for (Map.Entry<String, String> e : r.getValue().entrySet()) {
                s.append("        if (type == ").append(e.getKey()).append(".class) {\n");
                s.append("            ").append(e.getValue()).append('\n');
                s.append("        }\n");
            }
            s.append("        return null;\n");
            s.append("    }\n");
            s.append("}\n");
            writeSource(name, s.toString(), null);
        }
    }

    private void writeServices() {
        if (written.isEmpty()) {
            return;
        }
        try {
            FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "",
                    "META-INF/services/" + SERVICE);
            try (Writer w = file.openWriter()) {
                for (String registry : written.keySet()) {
                    w.write(registry + "\n");
                }
            }
        } catch (IOException e) {
            error("typedjson: cannot write META-INF/services/" + SERVICE + ": " + e, null);
        }
    }

    /** A named module finds the registries only through {@code provides} directives: each must be declared. */
    private void checkModules() {
        for (ModuleElement module : modules.values()) {
            Set<String> provided = new HashSet<>();
            for (ModuleElement.ProvidesDirective p : ElementFilter.providesIn(module.getDirectives())) {
                if (p.getService().getQualifiedName().contentEquals(SERVICE)) {
                    p.getImplementations().forEach(i -> provided.add(i.getQualifiedName().toString()));
                }
            }
            List<String> missing = new ArrayList<>();
            for (String registry : written.keySet()) {
                if (!provided.contains(registry)) {
                    missing.add(registry);
                }
            }
            if (!missing.isEmpty()) {
                error("module " + module.getQualifiedName() + " must declare its typed JSON codecs, or Codecs cannot find"
                        + " them: provides " + SERVICE + " with " + String.join(", ", missing) + ";", module);
            }
        }
    }

    private void writeSource(String name, String source, Element origin) {
        try (Writer w = processingEnv.getFiler().createSourceFile(name, origin == null ? new Element[0] : new Element[] {origin})
                .openWriter()) {
            w.write(source);
        } catch (IOException e) {
            error("typedjson: cannot write " + name + ": " + e, origin);
        }
    }

    private void error(String message, Element where) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, where);
    }
}

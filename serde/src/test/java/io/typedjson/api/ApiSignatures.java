package io.typedjson.api;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.annotation.Documented;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The API of a module as text: the signatures of its public types and of their public and protected members, in
 * the packages it exports (its {@code module-info}'s unqualified exports; every package of a module without one),
 * read by reflection from its compiled classes without initialising them. Each module's {@code PublishedApiTest}
 * compares it with the committed {@code api.txt} beside the module's pom, so that the API changes only on purpose:
 * regenerate with {@code release/update-api} (or {@code -Dtypedjson.api.update=true}) and say what changed in
 * CHANGELOG.md.
 *
 * <p>Written by hand, not with {@code toGenericString()}, whose spelling changes between JDKs: the tests also run on
 * the newest JDK, and the text must be the same there. Inherited members count when they come from a superclass
 * that is not itself part of the API (a package-private base class); members of API supertypes appear under them.
 * Annotations appear when their type is {@code @Documented} (as in javadoc), without their values; constant values
 * do not appear.
 */
public final class ApiSignatures {

    private ApiSignatures() {
    }

    /** Fails with the difference when the module's API is not the committed file; writes the file on request. */
    public static void assertMatchesFile(String module, Path classes, Path file) {
        String actual = render(module, classes);
        String expected;
        try {
            expected = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            if (Boolean.getBoolean("typedjson.api.update")) {
                if (!actual.equals(expected)) {
                    Files.writeString(file, actual, StandardCharsets.UTF_8);
                    System.out.println("typedjson.api.update: wrote " + file.toAbsolutePath().normalize());
                }
                return;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> leaks = leaks(actual, classes);
        if (!leaks.isEmpty()) {
            fail("The API of " + module + " names types of packages it does not export (make them part of the API,"
                    + " or keep them out of its signatures):\n  " + String.join("\n  ", leaks));
        }
        if (!actual.equals(expected)) {
            fail("The API of " + module + " differs from " + file + " (- committed, + compiled):\n"
                    + diff(expected, actual, file.toString())
                    + "\nIf the change is meant, regenerate the file with release/update-api"
                    + " (-Dtypedjson.api.update=true), commit it, and say in CHANGELOG.md under [Unreleased] what"
                    + " changed for users (Added / Changed / Removed); a removal or change breaks callers.");
        }
    }

    /** The lines of an API text that name a type of one of the module's packages that it does not export. */
    static List<String> leaks(String api, Path classes) {
        Set<String> exported = exportedPackages(classes);
        Set<String> hidden = new TreeSet<>();
        try (Stream<Path> files = Files.walk(classes)) {
            files.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().startsWith("module-info"))
                    .map(f -> classes.relativize(f.getParent()).toString().replace('/', '.'))
                    .filter(p -> !exported.contains(p))
                    .forEach(hidden::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> leaks = new ArrayList<>();
        for (String line : api.split("\n")) {
            for (String pkg : hidden) {
                if (!line.startsWith("#") && java.util.regex.Pattern.compile("(?<![\\w.])" + java.util.regex.Pattern
                        .quote(pkg) + "\\.[A-Z]").matcher(line).find()) {
                    leaks.add(line.trim() + "   (" + pkg + ")");
                }
            }
        }
        return leaks;
    }

    /** The API text of the classes under {@code classes} (a module's target/classes). */
    public static String render(String module, Path classes) {
        Set<String> packages = exportedPackages(classes);
        StringBuilder out = new StringBuilder();
        out.append("# The API of ").append(module).append(": public and protected signatures in the packages ")
                .append(String.join(", ", packages)).append(".\n")
                .append("# Checked by PublishedApiTest; regenerate with release/update-api and say in CHANGELOG.md "
                        + "what changed.\n");
        for (Class<?> type : apiTypes(classes, packages)) {
            out.append('\n').append(typeLine(type, packages)).append('\n');
            for (String member : members(type, packages)) {
                out.append("  ").append(member).append('\n');
            }
        }
        return out.toString();
    }

    private static Set<String> exportedPackages(Path classes) {
        Path descriptor = classes.resolve("module-info.class");
        Set<String> packages = new TreeSet<>();
        if (Files.exists(descriptor)) {
            try (InputStream in = Files.newInputStream(descriptor)) {
                for (ModuleDescriptor.Exports export : ModuleDescriptor.read(in).exports()) {
                    if (!export.isQualified()) {
                        packages.add(export.source());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return packages;
        }
        try (Stream<Path> files = Files.walk(classes)) {
            files.filter(f -> f.toString().endsWith(".class"))
                    .forEach(f -> packages.add(classes.relativize(f.getParent()).toString().replace('/', '.')));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packages;
    }

    private static List<Class<?>> apiTypes(Path classes, Set<String> packages) {
        List<Class<?>> types = new ArrayList<>();
        for (String pkg : packages) {
            Path dir = classes.resolve(pkg.replace('.', '/'));
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().collect(Collectors.toList())) {
                    String file = f.getFileName().toString();
                    if (!file.endsWith(".class") || file.equals("package-info.class")) {
                        continue;
                    }
                    Class<?> type = load(pkg + "." + file.substring(0, file.length() - ".class".length()));
                    if (isApi(type)) {
                        types.add(type);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        types.sort((a, b) -> a.getName().compareTo(b.getName()));
        return types;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ApiSignatures.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("cannot load " + name + " for its API", e);
        }
    }

    /** Public or protected, and so is every class it is nested in; not local, anonymous or synthetic. */
    private static boolean isApi(Class<?> type) {
        if (type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
            if ((t.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)) == 0) {
                return false;
            }
        }
        return true;
    }

    private static String typeLine(Class<?> type, Set<String> packages) {
        StringBuilder s = new StringBuilder(annotations(type));
        int m = type.getModifiers();
        s.append(visibility(m));
        String kind;
        if (type.isAnnotation()) {
            kind = "@interface";
        } else if (type.isInterface()) {
            kind = "interface";
        } else if (type.isEnum()) {
            kind = "enum";
        } else if (type.isRecord()) {
            kind = "record";
        } else {
            kind = "class";
            if (Modifier.isAbstract(m)) {
                s.append("abstract ");
            }
        }
        if (type.getDeclaringClass() != null && Modifier.isStatic(m) && kind.equals("class")) {
            s.append("static ");
        }
        if (kind.equals("class") && Modifier.isFinal(m)) {
            s.append("final ");
        }
        if (type.isSealed()) {
            s.append("sealed ");
        } else if (!Modifier.isFinal(m) && !type.isEnum() && !type.isRecord() && extendsSealed(type)) {
            s.append("non-sealed ");
        }
        s.append(kind).append(' ').append(type.getName()).append(typeParameters(type.getTypeParameters()));
        if (type.isRecord()) {
            s.append(Arrays.stream(type.getRecordComponents())
                    .map(c -> typeName(c.getGenericType()) + " " + c.getName())
                    .collect(Collectors.joining(", ", "(", ")")));
        }
        // supertypes as the API shows them: a superclass or interface outside the API (package-private, or in a
        // package not exported) is left out, and what it extends or implements stands in its place
        Type superclass = type.getGenericSuperclass();
        List<Type> interfaces = new ArrayList<>(Arrays.asList(type.getGenericInterfaces()));
        for (Class<?> c = type.getSuperclass(); c != null && c != Object.class && !isApiType(c, packages);
                c = c.getSuperclass()) {
            interfaces.addAll(Arrays.asList(c.getGenericInterfaces()));
            superclass = c.getGenericSuperclass();
        }
        if (superclass != null && superclass != Object.class && !type.isEnum() && !type.isRecord()) {
            s.append(" extends ").append(typeName(superclass));
        }
        Set<String> shown = new java.util.LinkedHashSet<>();
        while (!interfaces.isEmpty() && !type.isAnnotation()) {
            Type i = interfaces.remove(0);
            Class<?> raw = (Class<?>) (i instanceof ParameterizedType ? ((ParameterizedType) i).getRawType() : i);
            if (isApiType(raw, packages)) {
                shown.add(typeName(i));
            } else {
                interfaces.addAll(Arrays.asList(raw.getGenericInterfaces()));
            }
        }
        if (!shown.isEmpty()) {
            s.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", shown));
        }
        if (type.isSealed()) {
            s.append(" permits ").append(Arrays.stream(type.getPermittedSubclasses())
                    .map(Class::getName).sorted().collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    private static boolean extendsSealed(Class<?> type) {
        if (type.getSuperclass() != null && type.getSuperclass().isSealed()) {
            return true;
        }
        return Arrays.stream(type.getInterfaces()).anyMatch(Class::isSealed);
    }

    private static List<String> members(Class<?> type, Set<String> packages) {
        List<String> fields = new ArrayList<>();
        List<String> constructors = new ArrayList<>();
        List<String> methods = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        // the type's own members, then those of superclasses outside the API (their public members are the type's)
        for (Class<?> c = type; c != null && (c == type || !isApiType(c, packages)) && c != Object.class;
                c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (visible(f.getModifiers()) && !f.isSynthetic() && seen.add("field " + f.getName())) {
                    fields.add(annotations(f) + visibility(f.getModifiers()) + modifiers(f.getModifiers(), false)
                            + typeName(f.getGenericType()) + " " + f.getName());
                }
            }
            if (c == type) {
                for (Constructor<?> k : c.getDeclaredConstructors()) {
                    if (visible(k.getModifiers()) && !k.isSynthetic()) {
                        constructors.add(annotations(k) + visibility(k.getModifiers())
                                + typeParameters(k.getTypeParameters()).trim() + (k.getTypeParameters().length > 0
                                ? " " : "") + "<init>" + parameters(k) + exceptions(k));
                    }
                }
            }
            for (Method m : c.getDeclaredMethods()) {
                if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()
                        && seen.add("method " + m.getName() + Arrays.toString(m.getParameterTypes()))) {
                    methods.add(method(m, type));
                }
            }
        }
        fields.sort(null);
        constructors.sort(null);
        methods.sort(null);
        List<String> all = new ArrayList<>(fields);
        all.addAll(constructors);
        all.addAll(methods);
        return all;
    }

    private static boolean isApiType(Class<?> c, Set<String> packages) {
        return isApi(c) && packages.contains(c.getPackageName()) || !c.getPackageName().startsWith("io.typedjson");
    }

    private static String method(Method m, Class<?> owner) {
        StringBuilder s = new StringBuilder(annotations(m)).append(visibility(m.getModifiers()));
        boolean inInterface = m.getDeclaringClass().isInterface();
        if (m.isDefault()) {
            s.append("default ");
        } else if (Modifier.isAbstract(m.getModifiers()) && !inInterface) {
            s.append("abstract ");
        }
        s.append(modifiers(m.getModifiers(), true));
        String typeParameters = typeParameters(m.getTypeParameters());
        if (!typeParameters.isEmpty()) {
            s.append(typeParameters.trim()).append(' ');
        }
        s.append(typeName(m.getGenericReturnType())).append(' ').append(m.getName()).append(parameters(m));
        if (m.getDefaultValue() != null) {
            s.append(" default ").append(defaultValue(m.getDefaultValue()));
        }
        return s.append(exceptions(m)).toString();
    }

    private static String defaultValue(Object value) {
        if (value instanceof String) {
            return '"' + (String) value + '"';
        }
        if (value instanceof Class<?>) {
            return ((Class<?>) value).getName() + ".class";
        }
        if (value.getClass().isArray()) {
            List<String> items = new ArrayList<>();
            for (int i = 0; i < java.lang.reflect.Array.getLength(value); i++) {
                items.add(defaultValue(java.lang.reflect.Array.get(value, i)));
            }
            return items.stream().collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof Enum<?>) {
            return ((Enum<?>) value).getDeclaringClass().getName() + "." + ((Enum<?>) value).name();
        }
        return String.valueOf(value);
    }

    private static String parameters(Executable e) {
        Type[] types = e.getGenericParameterTypes();
        if (types.length != e.getParameterCount()) {
            // an inner class's or enum's constructor: the generic view leaves out implicit parameters
            types = e.getParameterTypes();
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            String name = typeName(types[i]);
            if (e.isVarArgs() && i == types.length - 1) {
                name = name.substring(0, name.length() - 2) + "...";
            }
            names.add(name);
        }
        return names.stream().collect(Collectors.joining(", ", "(", ")"));
    }

    private static String exceptions(Executable e) {
        Type[] thrown = e.getGenericExceptionTypes();
        return thrown.length == 0 ? "" : " throws " + Arrays.stream(thrown).map(ApiSignatures::typeName)
                .collect(Collectors.joining(", "));
    }

    private static boolean visible(int modifiers) {
        return (modifiers & (Modifier.PUBLIC | Modifier.PROTECTED)) != 0;
    }

    private static String visibility(int modifiers) {
        return Modifier.isPublic(modifiers) ? "public " : Modifier.isProtected(modifiers) ? "protected " : "";
    }

    private static String modifiers(int modifiers, boolean method) {
        StringBuilder s = new StringBuilder();
        if (Modifier.isStatic(modifiers)) {
            s.append("static ");
        }
        if (Modifier.isFinal(modifiers)) {
            s.append("final ");
        }
        if (!method && Modifier.isVolatile(modifiers)) {
            s.append("volatile ");
        }
        return s.toString();
    }

    private static String annotations(AnnotatedElement element) {
        StringBuilder s = new StringBuilder();
        Arrays.stream(element.getDeclaredAnnotations())
                .map(Annotation::annotationType)
                .filter(a -> a.isAnnotationPresent(Documented.class))
                .map(a -> "@" + a.getName() + " ")
                .sorted()
                .forEach(s::append);
        return s.toString();
    }

    private static String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables).map(v -> {
            Type[] bounds = v.getBounds();
            boolean plain = bounds.length == 1 && bounds[0] == Object.class;
            return plain ? v.getName() : v.getName() + " extends " + Arrays.stream(bounds)
                    .map(ApiSignatures::typeName).collect(Collectors.joining(" & "));
        }).collect(Collectors.joining(", ", "<", ">"));
    }

    /** A type as source spells it, with binary names of nested classes ({@code java.util.Map$Entry}). */
    static String typeName(Type type) {
        if (type instanceof Class<?>) {
            Class<?> c = (Class<?>) type;
            return c.isArray() ? typeName(c.getComponentType()) + "[]" : c.getName();
        }
        if (type instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) type;
            String raw = typeName(p.getRawType());
            if (p.getOwnerType() instanceof ParameterizedType) {
                raw = typeName(p.getOwnerType()) + "$" + ((Class<?>) p.getRawType()).getSimpleName();
            }
            return raw + Arrays.stream(p.getActualTypeArguments()).map(ApiSignatures::typeName)
                    .collect(Collectors.joining(", ", "<", ">"));
        }
        if (type instanceof WildcardType) {
            WildcardType w = (WildcardType) type;
            if (w.getLowerBounds().length > 0) {
                return "? super " + typeName(w.getLowerBounds()[0]);
            }
            Type[] upper = w.getUpperBounds();
            return upper.length == 0 || upper[0] == Object.class ? "?" : "? extends " + typeName(upper[0]);
        }
        if (type instanceof GenericArrayType) {
            return typeName(((GenericArrayType) type).getGenericComponentType()) + "[]";
        }
        if (type instanceof TypeVariable<?>) {
            return ((TypeVariable<?>) type).getName();
        }
        return type.getTypeName();
    }

    /** A unified-style difference of two texts by lines, with two lines of context, at most 300 lines long. */
    static String diff(String expected, String actual, String name) {
        String[] a = expected.split("\n", -1);
        String[] b = actual.split("\n", -1);
        int[][] lcs = new int[a.length + 1][b.length + 1];
        for (int i = a.length - 1; i >= 0; i--) {
            for (int j = b.length - 1; j >= 0; j--) {
                lcs[i][j] = a[i].equals(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        // the edit script: ' ' kept, '-' only in expected, '+' only in actual
        List<String> lines = new ArrayList<>();
        List<int[]> at = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.length || j < b.length) {
            if (i < a.length && j < b.length && a[i].equals(b[j])) {
                lines.add(" " + a[i]);
                at.add(new int[] {i++, j++});
            } else if (i < a.length && (j == b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
                lines.add("-" + a[i]);
                at.add(new int[] {i++, j});
            } else {
                lines.add("+" + b[j]);
                at.add(new int[] {i, j++});
            }
        }
        StringBuilder out = new StringBuilder("--- " + name + "\n+++ compiled classes\n");
        int context = 2;
        int shown = 0;
        for (int k = 0; k < lines.size() && shown < 300; ) {
            if (lines.get(k).charAt(0) == ' ') {
                k++;
                continue;
            }
            // one hunk: this change and those less than 2 * context unchanged lines after it, with context around
            int start = Math.max(0, k - context);
            int lastChange = k;
            for (int e = k; e < lines.size() && e - lastChange <= 2 * context; e++) {
                if (lines.get(e).charAt(0) != ' ') {
                    lastChange = e;
                }
            }
            int end = Math.min(lines.size(), lastChange + context + 1);
            int[] from = at.get(start);
            out.append("@@ -").append(from[0] + 1).append(" +").append(from[1] + 1).append(" @@\n");
            for (int h = start; h < end && shown < 300; h++, shown++) {
                out.append(lines.get(h)).append('\n');
            }
            k = end;
        }
        if (shown >= 300) {
            out.append("... (more differences)\n");
        }
        return out.toString();
    }

    /** Members of one class, for the tests of this class. */
    static List<String> membersOf(Class<?> type) {
        return members(type, Set.of(type.getPackageName()));
    }

    /** The type line of one class, for the tests of this class. */
    static String typeLineOf(Class<?> type) {
        return typeLine(type, Set.of(type.getPackageName()));
    }
}

package io.typedjson.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** How generated source spells a type: as Java source, as a class literal, and as a {@code java.lang.reflect.Type} expression. */
final class TypeText {
    private final Elements elements;
    private final Types types;
    /** The package of the generated code: its types, and java.lang's, are named without their package. */
    private final String home;
    /** The names generated code gives the type variables of the class it is the codec of. */
    private final java.util.Map<Element, String> variables;

    TypeText(Elements elements, Types types, String home) {
        this(elements, types, home, java.util.Map.of());
    }

    private TypeText(Elements elements, Types types, String home, java.util.Map<Element, String> variables) {
        this.elements = elements;
        this.types = types;
        this.home = home;
        this.variables = variables;
    }

    /** The same for code in package {@code home}. */
    TypeText in(String home) {
        return new TypeText(elements, types, home, variables);
    }

    /**
     * The same for the codec of {@code type}, whose type variables it names {@code $T0}, {@code $T1}...: their own
     * names could be any class's ({@code record Box<String>}) and would hide that class in the codec's source.
     */
    TypeText withVariablesOf(TypeElement type) {
        java.util.Map<Element, String> names = new java.util.HashMap<>();
        List<? extends TypeParameterElement> params = type.getTypeParameters();
        for (int i = 0; i < params.size(); i++) {
            names.put(params.get(i), variable(i));
        }
        return new TypeText(elements, types, home, names);
    }

    /** The name generated code gives the type variable {@code i} of the class it is the codec of. */
    static String variable(int i) {
        return "$T" + i;
    }

    /** The simple names generated code imports: a class of the home package with one of them is named in full. */
    static final java.util.Set<String> IMPORTED = java.util.Set.of("ClassFields", "CodecContext", "ScalarFields", "Codec",
            "JsonKey", "JsonReader", "JsonWriter", "CompiledCodecs");

    /**
     * The name code in {@link #home} names a class by: without its package when it is there or in java.lang (unless
     * that would name another class), else in full.
     */
    String name(TypeElement e) {
        String qualified = e.getQualifiedName().toString();
        String pkg = elements.getPackageOf(e).getQualifiedName().toString();
        if (pkg.isEmpty()) {
            return qualified;
        }
        String local = qualified.substring(pkg.length() + 1);
        String top = local.contains(".") ? local.substring(0, local.indexOf('.')) : local;
        if (pkg.equals(home) && !IMPORTED.contains(top)) {
            return local;
        }
        boolean shadowed = !home.isEmpty() && elements.getTypeElement(home + "." + top) != null;
        return pkg.equals("java.lang") && !shadowed && !IMPORTED.contains(top) ? local : qualified;
    }

    /** How the home package names {@code java.lang.<simple>}. */
    String javaLang(String simple) {
        return name(elements.getTypeElement("java.lang." + simple));
    }

    /** The type as Java source, with qualified names and without type annotations. */
    String source(TypeMirror t) {
        switch (t.getKind()) {
            case DECLARED: {
                DeclaredType d = (DeclaredType) t;
                String name = name((TypeElement) d.asElement());
                if (d.getTypeArguments().isEmpty()) {
                    return name;
                }
                List<String> args = new ArrayList<>();
                for (TypeMirror a : d.getTypeArguments()) {
                    args.add(source(a));
                }
                return name + "<" + String.join(", ", args) + ">";
            }
            case ARRAY:
                return source(((ArrayType) t).getComponentType()) + "[]";
            case TYPEVAR: {
                Element e = ((TypeVariable) t).asElement();
                return variables.getOrDefault(e, e.getSimpleName().toString());
            }
            case WILDCARD: {
                WildcardType w = (WildcardType) t;
                return w.getExtendsBound() != null ? "? extends " + source(w.getExtendsBound())
                        : w.getSuperBound() != null ? "? super " + source(w.getSuperBound()) : "?";
            }
            default:
                return t.getKind().isPrimitive() ? t.getKind().name().toLowerCase(java.util.Locale.ROOT) : types.erasure(t).toString();
        }
    }

    /** The class literal of the type's erasure ({@code java.util.List.class}, {@code int.class}, {@code String[].class}). */
    String classLiteral(TypeMirror t) {
        TypeMirror erased = types.erasure(t);
        return source(erased) + ".class";
    }

    /**
     * A {@code java.lang.reflect.Type} expression equal to what reflection gives for a field of this type once the
     * reflective codec has resolved it: type variables of {@code owner} become {@code context.typeArgument(i)},
     * wildcards their upper bound.
     */
    String reflect(TypeMirror t, TypeElement owner) {
        switch (t.getKind()) {
            case DECLARED: {
                DeclaredType d = (DeclaredType) t;
                if (d.getTypeArguments().isEmpty()) {
                    return classLiteral(t);
                }
                List<String> args = new ArrayList<>();
                args.add(classLiteral(t));
                for (TypeMirror a : d.getTypeArguments()) {
                    args.add(reflect(a, owner));
                }
                return "CodecContext.parameterized(" + String.join(", ", args) + ")";
            }
            case ARRAY: {
                TypeMirror c = ((ArrayType) t).getComponentType();
                boolean plain = c.getKind().isPrimitive() || c.getKind() == TypeKind.DECLARED
                        && ((DeclaredType) c).getTypeArguments().isEmpty();
                return plain ? classLiteral(t) : "CodecContext.arrayOf(" + reflect(c, owner) + ")";
            }
            case TYPEVAR: {
                List<? extends TypeParameterElement> params = owner.getTypeParameters();
                Element e = ((TypeVariable) t).asElement();
                for (int i = 0; i < params.size(); i++) {
                    if (params.get(i).equals(e)) {
                        return "context.typeArgument(" + i + ")";
                    }
                }
                return classLiteral(t);
            }
            case WILDCARD: {
                WildcardType w = (WildcardType) t;
                return w.getExtendsBound() != null ? reflect(w.getExtendsBound(), owner) : javaLang("Object") + ".class";
            }
            default:
                return classLiteral(t);
        }
    }

    /**
     * The first class named in the type that code in package {@code from} cannot name (a private class, one nested in
     * a private class, a non-public class of another package), or null.
     */
    TypeElement unreachable(TypeMirror t, PackageElement from) {
        switch (t.getKind()) {
            case DECLARED: {
                TypeElement e = (TypeElement) ((DeclaredType) t).asElement();
                if (!reachable(e, from)) {
                    return e;
                }
                for (TypeMirror a : ((DeclaredType) t).getTypeArguments()) {
                    TypeElement inner = unreachable(a, from);
                    if (inner != null) {
                        return inner;
                    }
                }
                return null;
            }
            case ARRAY:
                return unreachable(((ArrayType) t).getComponentType(), from);
            case WILDCARD: {
                WildcardType w = (WildcardType) t;
                TypeMirror bound = w.getExtendsBound() != null ? w.getExtendsBound() : w.getSuperBound();
                return bound == null ? null : unreachable(bound, from);
            }
            default:
                return null;
        }
    }

    /** Whether code in package {@code from} can name {@code type}. */
    boolean reachable(TypeElement type, PackageElement from) {
        boolean samePackage = elements.getPackageOf(type).equals(from);
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE)) {
                return false;
            }
            if (!samePackage && !e.getModifiers().contains(Modifier.PUBLIC)) {
                return false;
            }
        }
        return ((TypeElement) type).getNestingKind() != javax.lang.model.element.NestingKind.LOCAL
                && type.getNestingKind() != javax.lang.model.element.NestingKind.ANONYMOUS;
    }

    /** A Java string literal of {@code s}. */
    static String literal(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20 || c > 0x7E) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }
}

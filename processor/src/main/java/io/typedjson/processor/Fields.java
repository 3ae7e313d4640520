package io.typedjson.processor;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * What a record's or a class's fields are, read from the compiler's model: the rules of serde's {@code ClassModel}
 * (SPEC.md section 10), which the reflective codec and the one generated at run time follow, restated on
 * {@code javax.lang.model} because there is no {@code Class} at compile time. The differential tests hold the codecs
 * written from this to the same documents and errors as the other kinds, and the refusals below carry
 * {@code ClassModel}'s messages.
 */
final class Fields {
    static final String TYPED_JSON_NAME = "io.typedjson.annotation.TypedJsonName";

    /**
     * One field.
     *
     * @param key      its key in the document
     * @param javaName its component's or field's name
     * @param type     its type, as a member of the class (type variables of superclasses resolved)
     * @param getter   a record's accessor or a bean getter, or null: then the field is read directly
     * @param setter   a bean setter, or null: a record's component, or a field set directly
     */
    record Member(String key, String javaName, TypeMirror type, String getter, String setter) {}

    /** A refusal: the class cannot have a codec (the message as the reflective codec says it), or not one written here. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        final Element where;
        /**
         * Whether only a codec written at compile time is refused (it cannot name or reach what the class needs): the
         * codecs made at run time carry the class all the same.
         */
        final boolean runTimeCarries;

        Refused(String message, Element where) {
            this(message, where, false);
        }

        Refused(String message, Element where, boolean runTimeCarries) {
            super(message);
            this.where = where;
            this.runTimeCarries = runTimeCarries;
        }
    }

    private final Elements elements;
    private final Types types;

    Fields(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    /** A record's components, in order. */
    List<Member> ofRecord(TypeElement record) throws Refused {
        List<Member> members = new ArrayList<>();
        for (RecordComponentElement c : record.getRecordComponents()) {
            String name = renamed(c);
            members.add(new Member(name != null ? name : c.getSimpleName().toString(), c.getSimpleName().toString(),
                    c.asType(), c.getAccessor().getSimpleName().toString(), null));
        }
        return oneKeyEach(record, members);
    }

    /** Refuses two fields with one key, as {@code ClassFields} does at run time (the writer would repeat a key). */
    private List<Member> oneKeyEach(TypeElement type, List<Member> members) throws Refused {
        for (int i = 0; i < members.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (members.get(i).key().equals(members.get(j).key())) {
                    throw new Refused(binaryName(type) + " has two fields named " + members.get(i).key(), type);
                }
            }
        }
        return members;
    }

    /**
     * A class's fields: non-static, non-transient, superclasses' first, each through its public getter and setter when
     * it has both, else directly (then not final). A codec in the class's package must reach what it uses.
     */
    List<Member> ofClass(TypeElement type) throws Refused {
        if (type.getNestingKind().isNested() && !type.getModifiers().contains(Modifier.STATIC)
                || type.getNestingKind() == javax.lang.model.element.NestingKind.LOCAL
                || type.getNestingKind() == javax.lang.model.element.NestingKind.ANONYMOUS) {
            throw new Refused(binaryName(type) + " is an inner, local or anonymous class: make it a static nested or"
                    + " top-level class", type);
        }
        ExecutableElement noArguments = null;
        for (ExecutableElement c : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            if (c.getParameters().isEmpty()) {
                noArguments = c;
            }
        }
        if (noArguments == null) {
            throw new Refused(binaryName(type) + " is neither a record nor a class with a no-argument constructor", type);
        }
        if (noArguments.getModifiers().contains(Modifier.PRIVATE)) {
            throw new Refused(binaryName(type) + "'s no-argument constructor is private: a codec written at compile time"
                    + " cannot call it (make it package-private, or leave the class to the codecs made at run time)", noArguments,
                    true);
        }
        ArrayDeque<TypeElement> hierarchy = new ArrayDeque<>();
        for (TypeElement c = type; c != null && !c.getQualifiedName().contentEquals("java.lang.Object"); c = superclass(c)) {
            hierarchy.addFirst(c);
        }
        DeclaredType seenAs = (DeclaredType) type.asType();
        PackageElement home = elements.getPackageOf(type);
        List<ExecutableElement> publicMethods = new ArrayList<>();
        for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(type))) {
            if (m.getModifiers().contains(Modifier.PUBLIC) && !m.getModifiers().contains(Modifier.STATIC)) {
                publicMethods.add(m);
            }
        }
        List<Member> members = new ArrayList<>();
        for (TypeElement c : hierarchy) {
            for (VariableElement f : ElementFilter.fieldsIn(c.getEnclosedElements())) {
                Set<Modifier> mod = f.getModifiers();
                if (mod.contains(Modifier.STATIC) || mod.contains(Modifier.TRANSIENT)) {
                    continue;
                }
                TypeMirror fieldType = types.asMemberOf(seenAs, f);
                ExecutableElement getter = accessor(publicMethods, f, true);
                ExecutableElement setter = accessor(publicMethods, f, false);
                String name = renamed(f);
                if (name == null && getter != null) {
                    name = renamed(getter);
                }
                String key = name != null ? name : f.getSimpleName().toString();
                if (getter != null && setter != null) {
                    members.add(new Member(key, f.getSimpleName().toString(), fieldType,
                            getter.getSimpleName().toString(), setter.getSimpleName().toString()));
                } else if (mod.contains(Modifier.FINAL)) {
                    throw new Refused(c.getSimpleName() + "." + f.getSimpleName()
                            + " is final and has no setter: make it non-final, add a setter, or use a record", f);
                } else if (mod.contains(Modifier.PRIVATE) || !mod.contains(Modifier.PUBLIC) && !elements.getPackageOf(c).equals(home)) {
                    throw new Refused(c.getSimpleName() + "." + f.getSimpleName() + " has no public getter and setter and is"
                            + " not visible from " + home.getQualifiedName() + ": a codec written at compile time cannot reach it"
                            + " (add them, make it visible, or leave the class to the codecs made at run time)", f, true);
                } else {
                    members.add(new Member(key, f.getSimpleName().toString(), fieldType, null, null));
                }
            }
        }
        return oneKeyEach(type, members);
    }

    /**
     * The public bean getter (getX / isX for a boolean) or setter (setX) of a field, by erased types as reflection
     * compares them: the method's own erasure, or that of a method it overrides, whose bridge reflection finds
     * ({@code String getV()} overriding {@code T getV()} of {@code Base<T>}, with the field {@code T v}: the class has
     * a bridge {@code Object getV()}).
     */
    private ExecutableElement accessor(List<ExecutableElement> methods, VariableElement f, boolean getter) {
        String field = f.getSimpleName().toString();
        String cap = Character.toUpperCase(field.charAt(0)) + field.substring(1);
        TypeMirror erased = types.erasure(f.asType());
        for (ExecutableElement m : methods) {
            String name = m.getSimpleName().toString();
            if (getter && m.getParameters().isEmpty()
                    && (name.equals("get" + cap) || (f.asType().getKind() == TypeKind.BOOLEAN && name.equals("is" + cap)))
                    && erasedAs(m, erased, getter)) {
                return m;
            }
            if (!getter && m.getParameters().size() == 1 && name.equals("set" + cap) && erasedAs(m, erased, getter)) {
                return m;
            }
        }
        return null;
    }

    /** Whether the getter's return type (the setter's parameter) is {@code erased}, in it or in a method it overrides. */
    private boolean erasedAs(ExecutableElement m, TypeMirror erased, boolean getter) {
        if (types.isSameType(types.erasure(getter ? m.getReturnType() : m.getParameters().get(0).asType()), erased)) {
            return true;
        }
        TypeElement owner = (TypeElement) m.getEnclosingElement();
        ArrayDeque<TypeMirror> supertypes = new ArrayDeque<>(types.directSupertypes(owner.asType()));
        while (!supertypes.isEmpty()) {
            TypeMirror s = supertypes.poll();
            if (s.getKind() != TypeKind.DECLARED) {
                continue;
            }
            TypeElement c = (TypeElement) ((DeclaredType) s).asElement();
            for (ExecutableElement other : ElementFilter.methodsIn(c.getEnclosedElements())) {
                if (other.getSimpleName().equals(m.getSimpleName()) && other.getParameters().size() == m.getParameters().size()
                        && elements.overrides(m, other, owner)
                        && types.isSameType(types.erasure(getter ? other.getReturnType() : other.getParameters().get(0).asType()), erased)) {
                    return true;
                }
            }
            supertypes.addAll(types.directSupertypes(s));
        }
        return false;
    }

    private TypeElement superclass(TypeElement c) {
        TypeMirror s = c.getSuperclass();
        return s.getKind() == TypeKind.DECLARED ? (TypeElement) ((DeclaredType) s).asElement() : null;
    }

    /** The value of {@code @TypedJsonName} on the element, or null. */
    static String renamed(Element e) {
        for (AnnotationMirror a : e.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().contentEquals(TYPED_JSON_NAME)) {
                for (var entry : a.getElementValues().entrySet()) {
                    if (entry.getKey().getSimpleName().contentEquals("value")) {
                        AnnotationValue v = entry.getValue();
                        return (String) v.getValue();
                    }
                }
            }
        }
        return null;
    }

    /** {@code a.b.Outer$Inner}, as {@code Class.getName()} spells it in the reflective codec's messages. */
    String binaryName(TypeElement type) {
        return elements.getBinaryName(type).toString();
    }
}

package io.typedjson.processor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The source of one record's or class's codec: a local per field with the field's own type, a {@code switch} on the
 * field index {@code ClassFields.next} finds, the canonical constructor (or the setters) called directly, the keys as
 * constants; the primitives and String spelled in place through {@code ScalarFields} and {@code JsonWriter}, every other
 * field through its codec, which {@code CodecContext} builds as for any codec. A record whose fields are all of the
 * types {@code JsonReader}'s one-pass read takes is first read that way (as the run-time generator's codec is). The rules (unknown, duplicate and missing
 * keys, failures) are {@code ClassFields}', as in the other kinds.
 */
final class CodecSource {
    private final TypeText text;
    private final TypeElement type;
    private final boolean isRecord;
    private final List<Fields.Member> members;
    private final String packageName;
    private final String className;
    private final StringBuilder out = new StringBuilder();

    CodecSource(TypeText text, TypeElement type, boolean isRecord, List<Fields.Member> members, String packageName,
                String className) {
        this.text = text.withVariablesOf(type);
        this.type = type;
        this.isRecord = isRecord;
        this.members = members;
        this.packageName = packageName;
        this.className = className;
    }

    /** The simple name of the codec class of {@code type}: its nesting flattened, {@code Outer_InnerTypedJsonCodec}. */
    static String codecName(TypeElement type) {
        StringBuilder name = new StringBuilder(type.getSimpleName());
        for (var e = type.getEnclosingElement(); e instanceof TypeElement t; e = t.getEnclosingElement()) {
            name.insert(0, t.getSimpleName() + "_");
        }
        return name + "TypedJsonCodec";
    }

    /**
     * The codec's source. The names it declares are its own ({@code v0}, {@code codec0} for field 0, a comment naming
     * the field), never a field's name, which could hide a type or package the code names ({@code int java} hides
     * {@code java.util}); java.lang's classes are named in full where a class of the package has their name.
     */
    String write() {
        int n = members.size();
        boolean wide = n > 64;
        String typeName = text.name(type);
        String params = typeParameters();
        String self = typeName + typeArguments();
        String throwable = text.javaLang("Throwable");
        String made = "new " + typeName + (params.isEmpty() ? "" : "<>"); // the record's constructor called
        List<String> keys = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (Fields.Member m : members) {
            String key = constantName(m.javaName());
            while (!used.add(key)) {
                key = key + "_";
            }
            keys.add(key);
        }

        line(0, "// Written by typedjson-processor from " + type.getQualifiedName() + ": do not edit.");
        if (!packageName.isEmpty()) {
            line(0, "package " + packageName + ";");
            line(0, "");
        }
        line(0, "import io.typedjson.codec.ClassFields;");
        line(0, "import io.typedjson.codec.CodecContext;");
        line(0, "import io.typedjson.codec.ScalarFields;");
        line(0, "import io.typedjson.format.Codec;");
        line(0, "import io.typedjson.format.JsonKey;");
        line(0, "import io.typedjson.format.JsonReader;");
        line(0, "import io.typedjson.format.JsonWriter;");
        line(0, "");
        line(0, "/** The typed JSON codec of {@link " + typeName + "}, written at compile time. */");
        line(0, "final class " + className + params + " implements Codec<" + self + "> {");
        for (int k = 0; k < n; k++) {
            line(1, "private static final JsonKey " + keys.get(k) + " = JsonKey.of(" + TypeText.literal(members.get(k).key()) + ");");
        }
        line(0, "");
        line(1, "private final ClassFields fields;");
        for (int k = 0; k < n; k++) {
            if (hasCodec(members.get(k))) {
                line(1, "private final Codec<" + text.source(members.get(k).type()) + "> " + codecField(k) + "; // "
                        + members.get(k).javaName());
            }
        }
        line(0, "");
        line(1, className + "(CodecContext context) {");
        List<String> keyList = new ArrayList<>();
        List<String> typeList = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            keyList.add(keys.get(k));
            typeList.add(text.reflect(members.get(k).type(), type));
        }
        // the fields' types as reflection gives them once the type variables are resolved
        line(2, "java.lang.reflect.Type[] types = {" + String.join(", ", typeList) + "};");
        line(2, "fields = context.fields(new JsonKey[] {" + String.join(", ", keyList) + "}, types);");
        for (int k = 0; k < n; k++) {
            Fields.Member m = members.get(k);
            if (hasCodec(m)) {
                line(2, codecField(k) + " = context.field(" + TypeText.literal(m.key()) + ", types[" + k + "]);");
            }
        }
        line(1, "}");
        line(0, "");

        // write
        line(1, "@" + text.javaLang("Override"));
        line(1, "public void write(JsonWriter out, " + self + " value) {");
        line(2, "if (value == null) {");
        line(3, "out.writeNull();");
        line(3, "return;");
        line(2, "}");
        line(2, "out.writeStartObject();");
        line(2, "int field = 0;");
        line(2, "try {");
        for (int k = 0; k < n; k++) {
            Fields.Member m = members.get(k);
            if (k > 0) {
                line(3, "field = " + k + ";");
            }
            line(3, "out.writeFieldName(" + keys.get(k) + ");");
            String get = "value." + (m.getter() != null ? m.getter() + "()" : m.javaName());
            line(3, writeValue(m, k, get) + ";");
        }
        line(2, "} catch (" + text.javaLang("RuntimeException") + " e) {");
        line(3, "throw fields.writeFailed(out, field, e);");
        line(2, "}");
        line(2, "out.writeEndObject();");
        line(1, "}");
        line(0, "");

        // read
        line(1, "@" + text.javaLang("Override"));
        line(1, "public " + self + " read(JsonReader in) {");
        line(2, "if (fields.isNull(in)) {");
        line(3, "return null;");
        line(2, "}");
        List<String> oneReads = isRecord ? oneReads(keys) : null;
        if (oneReads != null && oneReads.contains(null)) {
            // the writer's spelling read in one pass, the fields of other types handed to their reads; anything else,
            // or a refusal of such a read, is read below, from the object's '{' again
            line(2, "int one = in.onePassOpen();");
            line(2, "if (one != 0) {");
            List<String> values = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                TypeMirror t = members.get(k).type();
                String zero = t.getKind() == TypeKind.BOOLEAN ? "false" : t.getKind().isPrimitive() ? "0" : "null";
                line(3, text.source(t) + " o" + k + " = " + zero + ";");
                values.add("o" + k);
            }
            line(3, "boolean read;");
            line(3, "try {");
            for (int k = 0; k < n; k++) {
                if (oneReads.get(k) != null) {
                    line(4, "o" + k + " = " + oneReads.get(k) + ";");
                } else {
                    line(4, "if (in.oneValue(" + keys.get(k) + ", " + (k == 0) + ")) {");
                    line(5, "o" + k + " = " + readValue(members.get(k), k) + ";");
                    line(5, "in.oneResume();");
                    line(4, "}");
                }
            }
            line(4, "read = in.onePassClose(one);");
            line(3, "} catch (" + text.javaLang("RuntimeException") + " e) {");
            line(4, "in.onePassRefused(one);");
            line(4, "read = false;");
            line(3, "}");
            line(3, "if (read) {");
            construct(4, made, throwable, values);
            line(3, "}");
            line(2, "}");
        } else if (oneReads != null) {
            // the writer's spelling read in one pass; anything else is read below, from the object's '{' again
            line(2, "if (in.onePassBegin()) {");
            List<String> values = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                line(3, text.source(members.get(k).type()) + " o" + k + " = " + oneReads.get(k) + ";");
                values.add("o" + k);
            }
            line(3, "if (in.onePassEnd()) {");
            construct(4, made, throwable, values);
            line(3, "}");
            line(2, "}");
        }
        List<String> locals = new ArrayList<>();
        if (isRecord) {
            for (int k = 0; k < n; k++) {
                TypeMirror t = members.get(k).type();
                locals.add("v" + k);
                line(2, text.source(t) + " v" + k + " = " + missing(t, k) + "; // " + members.get(k).javaName());
            }
        } else {
            line(2, self + " target;");
            line(2, "try {");
            line(3, "target = new " + typeName + (params.isEmpty() ? "" : "<>") + "();");
            line(2, "} catch (" + throwable + " e) {");
            line(3, "throw fields.constructorFailed(in, e);");
            line(2, "}");
        }
        line(2, wide ? "long[] seen = new long[" + ((n >> 6) + 1) + "];" : "long seen = 0;");
        line(2, "java.util.Set<" + text.javaLang("String") + "> skipped = null;");
        line(2, "for (int i = fields.next(in, 0); i != ClassFields.END; i = fields.next(in, i + 1)) {");
        int indent = 3;
        if (!isRecord) {
            line(3, "try {");
            indent = 4;
        }
        line(indent, "switch (i) {");
        for (int k = 0; k < n; k++) {
            Fields.Member m = members.get(k);
            line(indent + 1, "case " + k + ": // " + m.javaName());
            line(indent + 2, (wide ? "fields.value(in, seen, " : "seen = fields.value(in, seen, ") + k + ");");
            String read = readValue(m, k);
            if (isRecord) {
                line(indent + 2, locals.get(k) + " = " + read + ";");
            } else if (m.setter() != null) {
                line(indent + 2, "target." + m.setter() + "(" + read + ");");
            } else {
                line(indent + 2, "target." + m.javaName() + " = " + read + ";");
            }
            line(indent + 2, "break;");
        }
        line(indent + 1, "default:");
        line(indent + 2, "skipped = fields.skip(in, skipped);");
        line(indent, "}");
        if (!isRecord) {
            line(3, "} catch (" + throwable + " e) {");
            line(4, "throw fields.setterRefused(in, i, e);");
            line(3, "}");
        }
        line(2, "}");
        line(2, "fields.checkPresent(in, seen);");
        if (isRecord) {
            construct(2, made, throwable, locals);
        } else {
            line(2, "return target;");
        }
        line(1, "}");
        line(0, "}");
        return out.toString();
    }

    /** {@code try { return new Record(values...); } catch (Throwable e) { throw fields.constructorRefused(in, e); }} */
    private void construct(int indent, String made, String throwable, List<String> values) {
        line(indent, "try {");
        line(indent + 1, "return " + made + "(" + String.join(", ", values) + ");");
        line(indent, "} catch (" + throwable + " e) {");
        line(indent + 1, "throw fields.constructorRefused(in, e);");
        line(indent, "}");
    }

    /**
     * The reads of a record's fields in the one-pass read of the writer's spelling ({@code JsonReader.onePassBegin}; null
     * for a field of a type it does not read, handed to its read), or null when a key starts with '~' (plain JSON spells
     * it otherwise).
     */
    private List<String> oneReads(List<String> keys) {
        List<String> reads = new ArrayList<>();
        for (int k = 0; k < members.size(); k++) {
            Fields.Member m = members.get(k);
            String kind = oneKind(m.type());
            if (m.key().startsWith("~")) {
                return null;
            }
            reads.add(kind == null ? null : "in.one" + kind + "(" + keys.get(k) + ", " + (k == 0) + ")");
        }
        return reads.isEmpty() ? null : reads;
    }

    /** The one-pass read of a field's type: Long, Int, Double, Boolean, String, Strings (a List of String); else null. */
    private static String oneKind(TypeMirror t) {
        switch (t.getKind()) {
            case LONG: return "Long";
            case INT: return "Int";
            case DOUBLE: return "Double";
            case BOOLEAN: return "Boolean";
            case DECLARED: {
                DeclaredType d = (DeclaredType) t;
                String name = ((TypeElement) d.asElement()).getQualifiedName().toString();
                if (name.equals("java.lang.String")) {
                    return "String";
                }
                if (name.equals("java.util.List") && d.getTypeArguments().size() == 1
                        && d.getTypeArguments().get(0).getKind() == TypeKind.DECLARED
                        && ((TypeElement) ((DeclaredType) d.getTypeArguments().get(0)).asElement()).getQualifiedName()
                                .contentEquals("java.lang.String")) {
                    return "Strings";
                }
                return null;
            }
            default: return null;
        }
    }

    /** Whether a field is read and written through its own codec: all but the primitives and String (as in every kind). */
    static boolean hasCodec(Fields.Member m) {
        TypeMirror t = m.type();
        return !t.getKind().isPrimitive() && !(t.getKind() == TypeKind.DECLARED
                && ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().contentEquals("java.lang.String"));
    }

    private static String codecField(int k) {
        return "codec" + k;
    }

    private String writeValue(Fields.Member m, int k, String get) {
        if (hasCodec(m)) {
            return codecField(k) + ".write(out, " + get + ")";
        }
        switch (m.type().getKind()) {
            case BOOLEAN: return "out.writeBoolean(" + get + ")";
            case BYTE: case SHORT: case INT: case LONG: return "out.writeNumber(" + get + ")";
            case FLOAT: return "ScalarFields.writeFloat(out, " + get + ")";
            case DOUBLE: return "ScalarFields.writeDouble(out, " + get + ")";
            case CHAR: return "ScalarFields.writeChar(out, " + get + ")";
            default: return "ScalarFields.writeString(out, " + get + ")";
        }
    }

    private String readValue(Fields.Member m, int k) {
        if (hasCodec(m)) {
            return codecField(k) + ".read(in)";
        }
        TypeKind kind = m.type().getKind();
        String name = kind == TypeKind.DECLARED ? "String" : kind.name().charAt(0) + kind.name().substring(1).toLowerCase(Locale.ROOT);
        return "ScalarFields.read" + name + "(in)";
    }

    /**
     * What a record's component is when the document has no key for it: a primitive's zero, else what
     * {@code ClassFields.missing} says from the field's resolved type (the rule every kind shares: {@code Optional.empty()}
     * for an Optional, also for a {@code T} bound to one).
     */
    private static String missing(TypeMirror t, int k) {
        switch (t.getKind()) {
            case BOOLEAN: return "false";
            case LONG: return "0L";
            case FLOAT: return "0f";
            case DOUBLE: return "0d";
            case BYTE: return "(byte) 0";
            case SHORT: return "(short) 0";
            case CHAR: return "(char) 0";
            case INT: return "0";
            default: return "fields.missing(" + k + ")";
        }
    }

    /** {@code <T extends Bound>} of the class, or "". */
    private String typeParameters() {
        List<String> ps = new ArrayList<>();
        List<? extends TypeParameterElement> params = type.getTypeParameters();
        for (int i = 0; i < params.size(); i++) {
            TypeParameterElement p = params.get(i);
            List<String> bounds = new ArrayList<>();
            for (TypeMirror b : p.getBounds()) {
                if (!(b.getKind() == TypeKind.DECLARED
                        && ((TypeElement) ((DeclaredType) b).asElement()).getQualifiedName().contentEquals("java.lang.Object"))) {
                    bounds.add(text.source(b));
                }
            }
            ps.add(TypeText.variable(i) + (bounds.isEmpty() ? "" : " extends " + String.join(" & ", bounds)));
        }
        return ps.isEmpty() ? "" : "<" + String.join(", ", ps) + ">";
    }

    /** {@code <T>} of the class, or "". */
    private String typeArguments() {
        List<String> ps = new ArrayList<>();
        for (int i = 0; i < type.getTypeParameters().size(); i++) {
            ps.add(TypeText.variable(i));
        }
        return ps.isEmpty() ? "" : "<" + String.join(", ", ps) + ">";
    }

    /** {@code customerId} to {@code CUSTOMER_ID}. */
    private static String constantName(String javaName) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < javaName.length(); i++) {
            char c = javaName.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(javaName.charAt(i - 1))) {
                sb.append('_');
            }
            sb.append(Character.toUpperCase(c));
        }
        return sb.toString();
    }

    private void line(int indent, String s) {
        out.append("    ".repeat(indent)).append(s).append('\n');
    }
}

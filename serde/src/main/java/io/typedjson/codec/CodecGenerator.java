package io.typedjson.codec;

import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ACC_SYNTHETIC;
import static org.objectweb.asm.Opcodes.ACONST_NULL;
import static org.objectweb.asm.Opcodes.AASTORE;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ANEWARRAY;
import static org.objectweb.asm.Opcodes.ARETURN;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.ATHROW;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.DCONST_0;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.FCONST_0;
import static org.objectweb.asm.Opcodes.GETSTATIC;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.IADD;
import static org.objectweb.asm.Opcodes.ICONST_1;
import static org.objectweb.asm.Opcodes.H_INVOKESTATIC;
import static org.objectweb.asm.Opcodes.ICONST_0;
import static org.objectweb.asm.Opcodes.IFEQ;
import static org.objectweb.asm.Opcodes.IFNONNULL;
import static org.objectweb.asm.Opcodes.IF_ICMPEQ;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.ISTORE;
import static org.objectweb.asm.Opcodes.LCONST_0;
import static org.objectweb.asm.Opcodes.LLOAD;
import static org.objectweb.asm.Opcodes.LSTORE;
import static org.objectweb.asm.Opcodes.NEWARRAY;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.PUTSTATIC;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.T_LONG;
import static org.objectweb.asm.Opcodes.V17;

import io.typedjson.format.Codec;
import io.typedjson.format.JsonKey;
import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Codecs generated at run time ({@link CodecKind#GENERATED}): for a record or a class, a hidden class whose
 * {@code read} keeps a local per field with the field's own type and calls the constructor once at the end, and whose
 * {@code write} calls each accessor and writes the value in place; no boxing, no array of arguments, no switch on a
 * field's kind (a record whose constructor no method handle calls, {@link ClassModel#spread}, gets its values in an
 * array). It does what the source {@code typedjson-processor} writes at compile time does, through the same
 * {@link ClassFields} and {@link ScalarFields}.
 *
 * <p>The class lives in this package and names only typedjson's and the JDK's classes: the class's constructor,
 * accessors, setters and fields are method handles made from {@link ClassModel} (through the lookup the class's module
 * allows, {@link Access}), handed to the hidden class as class data and kept in static finals its initializer loads
 * ({@link MethodHandles#classDataAt}), which the JIT compilers take as constants and inline like direct calls; so are its keys, its
 * {@link ClassFields} and the codecs of its fields. Where no class can be defined at run time (a GraalVM native
 * image) this throws and the reflective codec is used instead. ASM is inside typedjson's jar, relocated.
 */
final class CodecGenerator {
    private CodecGenerator() {}

    private static final String OBJECT = "java/lang/Object";
    private static final String CODEC = Type.getInternalName(Codec.class);
    private static final String READER = Type.getInternalName(JsonReader.class);
    private static final String WRITER = Type.getInternalName(JsonWriter.class);
    private static final String FIELDS = Type.getInternalName(ClassFields.class);
    private static final String SCALARS = Type.getInternalName(ScalarFields.class);
    private static final String HANDLE = Type.getInternalName(MethodHandle.class);
    private static final Handle CLASS_DATA_AT = new Handle(H_INVOKESTATIC, "java/lang/invoke/MethodHandles", "classDataAt",
            MethodType.methodType(Object.class, MethodHandles.Lookup.class, String.class, Class.class, int.class)
                    .toMethodDescriptorString(), false);

    /**
     * The bytes of each class generated for a type, on their way to the JVM: as made, unless a test puts bytes the JVM
     * refuses in their place (no class typedjson generates is known to be refused; its warning is tested so).
     */
    static volatile java.util.function.BiFunction<Class<?>, byte[], byte[]> toDefine = (type, bytes) -> bytes;

    /** The codec of {@code model}: its fields' keys and rules in {@code fields}, {@code codecs[i]} for a field with its own codec. */
    @SuppressWarnings("unchecked")
    static Codec<Object> generate(ClassModel model, ClassFields fields, Codec<Object>[] codecs) {
        if (System.getProperty("org.graalvm.nativeimage.imagecode") != null) {
            throw new UnsupportedOperationException("a native image defines no classes at run time");
        }
        CodecGenerator.Plan plan = new Plan(model, fields, codecs);
        byte[] bytes = toDefine.apply(model.type, plan.bytes());
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(bytes, plan.data, true);
            return (Codec<Object>) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The class data (constants) of one codec and the bytecode that loads them. */
    private static final class Plan {
        final ClassModel model;
        final int n;
        final boolean wide;
        final List<Object> data = new ArrayList<>();
        final List<ConstantDynamic> constants = new ArrayList<>();
        /** The class's internal name (a hidden class's is this with a suffix). */
        final String name;
        final ConstantDynamic fields, constructor;
        final ConstantDynamic[] keys, getters, setters, codecs;
        /** Each field's slot: its primitive, String, or Object. */
        final Class<?>[] slots;
        /**
         * Each field's read in the one-pass read of the writer's spelling ({@link #oneKind}; null: handed to its read,
         * see readHandingOver), or null: none at all.
         */
        final String[] oneReads;

        Plan(ClassModel model, ClassFields classFields, Codec<Object>[] fieldCodecs) {
            this.model = model;
            this.name = "io/typedjson/codec/" + model.type.getSimpleName().replaceAll("[^A-Za-z0-9_]", "_") + "$TypedJsonCodec";
            this.n = model.members.size();
            this.wide = n > 64;
            this.slots = new Class<?>[n];
            this.keys = new ConstantDynamic[n];
            this.getters = new ConstantDynamic[n];
            this.setters = new ConstantDynamic[n];
            this.codecs = new ConstantDynamic[n];
            this.fields = constant(classFields, ClassFields.class);
            for (int i = 0; i < n; i++) {
                ClassModel.Member m = model.members.get(i);
                Class<?> raw = m.raw();
                slots[i] = raw.isPrimitive() || raw == String.class ? raw : Object.class;
                keys[i] = constant(classFields.key(i), JsonKey.class);
                getters[i] = constant(m.getter().asType(MethodType.methodType(slots[i], Object.class)), MethodHandle.class);
                if (m.setter() != null) {
                    setters[i] = constant(m.setter().asType(MethodType.methodType(void.class, Object.class, slots[i])),
                            MethodHandle.class);
                }
                if (fieldCodecs[i] != null) {
                    codecs[i] = constant(fieldCodecs[i], Codec.class);
                }
            }
            String[] reads = model.isRecord && !model.spread && n > 0 ? new String[n] : null;
            for (int i = 0; i < n && reads != null; i++) {
                reads[i] = oneKind(model.members.get(i).type());
                if (classFields.key(i).name().startsWith("~")) {
                    reads = null;
                }
            }
            this.oneReads = reads;
            this.constructor = constant(model.spread ? model.constructor : model.constructor.asType(model.isRecord
                    ? MethodType.methodType(Object.class, slots) : MethodType.methodType(Object.class)), MethodHandle.class);
        }

        private ConstantDynamic constant(Object value, Class<?> type) {
            data.add(value);
            ConstantDynamic c = new ConstantDynamic("_", Type.getDescriptor(type), CLASS_DATA_AT, data.size() - 1);
            constants.add(c);
            return c;
        }

        /**
         * Loads a constant: from a static final field that the class initializer set from the class data (the JIT
         * compilers take static finals as constants, and would not compile a method whose {@code ldc} of a dynamic
         * constant had not run yet, as one in an exception handler).
         */
        private void load(MethodVisitor mv, ConstantDynamic constant) {
            mv.visitFieldInsn(GETSTATIC, name, field(constant), constant.getDescriptor());
        }

        /** The static final that holds a constant: c and its index in the class data. */
        private static String field(ConstantDynamic constant) {
            return "c" + constant.getBootstrapMethodArgument(0);
        }

        byte[] bytes() {
            ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
            cw.visit(V17, ACC_FINAL | ACC_SYNTHETIC, name, null, OBJECT, new String[] {CODEC});
            MethodVisitor clinit = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
            clinit.visitCode();
            for (ConstantDynamic c : constants) {
                cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, field(c), c.getDescriptor(), null, null).visitEnd();
                clinit.visitLdcInsn(c);
                clinit.visitFieldInsn(PUTSTATIC, name, field(c), c.getDescriptor());
            }
            clinit.visitInsn(RETURN);
            clinit.visitMaxs(0, 0);
            clinit.visitEnd();
            MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
            init.visitCode();
            init.visitVarInsn(ALOAD, 0);
            init.visitMethodInsn(INVOKESPECIAL, OBJECT, "<init>", "()V", false);
            init.visitInsn(RETURN);
            init.visitMaxs(0, 0);
            init.visitEnd();
            write(cw.visitMethod(ACC_PUBLIC, "write", "(L" + WRITER + ";L" + OBJECT + ";)V", null, null));
            read(cw.visitMethod(ACC_PUBLIC, "read", "(L" + READER + ";)L" + OBJECT + ";", null, null));
            cw.visitEnd();
            return cw.toByteArray();
        }

        /**
         * <pre>
         * if (value == null) { out.writeNull(); return; }
         * out.writeStartObject();
         * int at = 0;
         * try {
         *     out.writeFieldName(KEY_0); out.writeNumber((long) GETTER_0.invokeExact(value));
         *     at = 1; out.writeFieldName(KEY_1); ScalarFields.writeString(out, (String) GETTER_1.invokeExact(value));
         *     at = 2; out.writeFieldName(KEY_2); CODEC_2.write(out, (Object) GETTER_2.invokeExact(value));
         *     ...
         * } catch (RuntimeException e) {
         *     throw FIELDS.writeFailed(out, at, e);
         * }
         * out.writeEndObject();
         * </pre>
         */
        private void write(MethodVisitor mv) {
            final int out = 1, value = 2, at = 3, failure = 4;
            mv.visitCode();
            Label present = new Label(), start = new Label(), end = new Label(), handler = new Label();
            mv.visitVarInsn(ALOAD, value);
            mv.visitJumpInsn(IFNONNULL, present);
            mv.visitVarInsn(ALOAD, out);
            mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeNull", "()V", false);
            mv.visitInsn(RETURN);
            mv.visitLabel(present);
            mv.visitVarInsn(ALOAD, out);
            mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeStartObject", "()V", false);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, at);
            if (n > 0) { // (a try block may not be empty)
                mv.visitTryCatchBlock(start, end, handler, "java/lang/RuntimeException");
            }
            mv.visitLabel(start);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    mv.visitLdcInsn(i);
                    mv.visitVarInsn(ISTORE, at);
                }
                mv.visitVarInsn(ALOAD, out);
                load(mv, keys[i]);
                mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeFieldName", "(L" + Type.getInternalName(JsonKey.class) + ";)V", false);
                Class<?> slot = slots[i];
                if (codecs[i] != null) {
                    load(mv, codecs[i]);
                }
                mv.visitVarInsn(ALOAD, out);
                load(mv, getters[i]);
                mv.visitVarInsn(ALOAD, value);
                mv.visitMethodInsn(INVOKEVIRTUAL, HANDLE, "invokeExact",
                        MethodType.methodType(slot, Object.class).toMethodDescriptorString(), false);
                if (codecs[i] != null) {
                    mv.visitMethodInsn(INVOKEINTERFACE, CODEC, "write", "(L" + WRITER + ";L" + OBJECT + ";)V", true);
                } else if (slot == boolean.class) {
                    mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeBoolean", "(Z)V", false);
                } else if (slot == byte.class || slot == short.class || slot == int.class) {
                    mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeNumber", "(I)V", false);
                } else if (slot == long.class) {
                    mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeNumber", "(J)V", false);
                } else {
                    String write = slot == float.class ? "writeFloat" : slot == double.class ? "writeDouble"
                            : slot == char.class ? "writeChar" : "writeString";
                    mv.visitMethodInsn(INVOKESTATIC, SCALARS, write,
                            MethodType.methodType(void.class, JsonWriter.class, slot).toMethodDescriptorString(), false);
                }
            }
            mv.visitLabel(end);
            mv.visitVarInsn(ALOAD, out);
            mv.visitMethodInsn(INVOKEVIRTUAL, WRITER, "writeEndObject", "()V", false);
            mv.visitInsn(RETURN);
            if (n == 0) {
                mv.visitMaxs(0, 0);
                mv.visitEnd();
                return;
            }
            mv.visitLabel(handler);
            mv.visitVarInsn(ASTORE, failure);
            load(mv, fields);
            mv.visitVarInsn(ALOAD, out);
            mv.visitVarInsn(ILOAD, at);
            mv.visitVarInsn(ALOAD, failure);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "writeFailed",
                    "(Lio/typedjson/format/JsonWriter;ILjava/lang/RuntimeException;)Lio/typedjson/format/TypedJsonException;", false);
            mv.visitInsn(ATHROW);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /**
         * A record ({@code ClassFields}' loop, as the generated source spells it):
         * <pre>
         * if (FIELDS.isNull(in)) return null;
         * if (in.onePassBegin()) {   // a record whose fields all have a one-pass read (see oneKind; else readHandingOver)
         *     id = in.oneLong(KEY_0, true); name = in.oneString(KEY_1, false); ...
         *     if (in.onePassEnd()) try { return CONSTRUCTOR.invokeExact(id, name, ...); } catch ...
         * }
         * long id = 0; String name = (String) FIELDS.missing(1); Object tags = FIELDS.missing(2); ...
         * long seen = 0; Set skipped = null;
         * for (int i = FIELDS.next(in, 0); i != ClassFields.END; i = FIELDS.next(in, i + 1)) {
         *     switch (i) {
         *         case 0: seen = FIELDS.value(in, seen, 0); id = ScalarFields.readLong(in); break;
         *         case 2: seen = FIELDS.value(in, seen, 2); tags = CODEC_2.read(in); break;
         *         ...
         *         default: skipped = FIELDS.skip(in, skipped);
         *     }
         * }
         * FIELDS.checkPresent(in, seen);
         * try { return CONSTRUCTOR.invokeExact(id, name, tags, ...); }
         * catch (Throwable e) { throw FIELDS.constructorRefused(in, e); }
         * </pre>
         * A class: its no-argument constructor first ({@code constructorFailed}), each value set as read, the switch
         * inside {@code try { ... } catch (Throwable e) { throw FIELDS.setterRefused(in, i, e); }}.
         */
        private void read(MethodVisitor mv) {
            final int in = 1, seen = 2, skipped = 4, i = 5, target = 6, failure = 7;
            int[] locals = new int[n];
            int next = 8;
            for (int k = 0; k < n; k++) {
                locals[k] = next;
                next += slots[k] == long.class || slots[k] == double.class ? 2 : 1;
            }
            boolean record = model.isRecord;
            mv.visitCode();
            Label object = new Label();
            load(mv, fields);
            mv.visitVarInsn(ALOAD, in);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "isNull", "(L" + READER + ";)Z", false);
            mv.visitJumpInsn(IFEQ, object);
            mv.visitInsn(ACONST_NULL);
            mv.visitInsn(ARETURN);
            mv.visitLabel(object);
            if (oneReads != null && Arrays.asList(oneReads).contains(null)) {
                readHandingOver(mv, in, failure, locals, next);
            } else if (oneReads != null) { // the writer's spelling read in one pass; else below, from the object's '{' again
                Label general = new Label();
                mv.visitVarInsn(ALOAD, in);
                mv.visitMethodInsn(INVOKEVIRTUAL, READER, "onePassBegin", "()Z", false);
                mv.visitJumpInsn(IFEQ, general);
                for (int k = 0; k < n; k++) {
                    mv.visitVarInsn(ALOAD, in);
                    load(mv, keys[k]);
                    mv.visitInsn(k == 0 ? ICONST_1 : ICONST_0);
                    oneRead(mv, k, locals);
                }
                mv.visitVarInsn(ALOAD, in);
                mv.visitMethodInsn(INVOKEVIRTUAL, READER, "onePassEnd", "()Z", false);
                mv.visitJumpInsn(IFEQ, general);
                construct(mv, in, failure, locals);
                mv.visitLabel(general);
            }
            if (record) {
                for (int k = 0; k < n; k++) {
                    Class<?> slot = slots[k];
                    if (slot.isPrimitive()) {
                        mv.visitInsn(slot == long.class ? LCONST_0 : slot == double.class ? DCONST_0 : slot == float.class
                                ? FCONST_0 : ICONST_0);
                    } else { // FIELDS.missing(k): ClassFields' rule (Optional.empty() for an Optional, else null)
                        load(mv, fields);
                        mv.visitLdcInsn(k);
                        mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "missing", "(I)L" + OBJECT + ";", false);
                        if (slot == String.class) {
                            mv.visitTypeInsn(CHECKCAST, "java/lang/String");
                        }
                    }
                    mv.visitVarInsn(Type.getType(slot).getOpcode(ISTORE), locals[k]);
                }
            } else {
                Label start = new Label(), end = new Label(), handler = new Label(), made = new Label();
                mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
                mv.visitLabel(start);
                load(mv, constructor);
                mv.visitMethodInsn(INVOKEVIRTUAL, HANDLE, "invokeExact", "()L" + OBJECT + ";", false);
                mv.visitVarInsn(ASTORE, target);
                mv.visitLabel(end);
                mv.visitJumpInsn(GOTO, made);
                throwAt(mv, handler, "constructorFailed", in, failure);
                mv.visitLabel(made);
            }
            if (wide) {
                mv.visitLdcInsn((n >> 6) + 1);
                mv.visitIntInsn(NEWARRAY, T_LONG);
                mv.visitVarInsn(ASTORE, seen);
            } else {
                mv.visitInsn(LCONST_0);
                mv.visitVarInsn(LSTORE, seen);
            }
            mv.visitInsn(ACONST_NULL);
            mv.visitVarInsn(ASTORE, skipped);
            load(mv, fields);
            mv.visitVarInsn(ALOAD, in);
            mv.visitInsn(ICONST_0);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "next", "(L" + READER + ";I)I", false);
            mv.visitVarInsn(ISTORE, i);

            Label loop = new Label(), afterValue = new Label(), done = new Label(), unknown = new Label();
            Label tryStart = new Label(), tryEnd = new Label(), setterHandler = new Label();
            if (!record) {
                mv.visitTryCatchBlock(tryStart, tryEnd, setterHandler, "java/lang/Throwable");
            }
            mv.visitLabel(loop);
            mv.visitVarInsn(ILOAD, i);
            mv.visitLdcInsn(ClassFields.END);
            mv.visitJumpInsn(IF_ICMPEQ, done);
            mv.visitLabel(tryStart);
            Label[] cases = new Label[n];
            for (int k = 0; k < n; k++) {
                cases[k] = new Label();
            }
            if (n > 0) {
                mv.visitVarInsn(ILOAD, i);
                mv.visitTableSwitchInsn(0, n - 1, unknown, cases);
            } else {
                mv.visitJumpInsn(GOTO, unknown);
            }
            for (int k = 0; k < n; k++) {
                mv.visitLabel(cases[k]);
                load(mv, fields);
                mv.visitVarInsn(ALOAD, in);
                if (wide) {
                    mv.visitVarInsn(ALOAD, seen);
                    mv.visitLdcInsn(k);
                    mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "value", "(L" + READER + ";[JI)V", false);
                } else {
                    mv.visitVarInsn(LLOAD, seen);
                    mv.visitLdcInsn(k);
                    mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "value", "(L" + READER + ";JI)J", false);
                    mv.visitVarInsn(LSTORE, seen);
                }
                if (!record) {
                    load(mv, setters[k]);
                    mv.visitVarInsn(ALOAD, target);
                }
                readValue(mv, k, in);
                if (record) {
                    mv.visitVarInsn(Type.getType(slots[k]).getOpcode(ISTORE), locals[k]);
                } else {
                    mv.visitMethodInsn(INVOKEVIRTUAL, HANDLE, "invokeExact",
                            MethodType.methodType(void.class, Object.class, slots[k]).toMethodDescriptorString(), false);
                }
                mv.visitJumpInsn(GOTO, afterValue);
            }
            mv.visitLabel(unknown);
            load(mv, fields);
            mv.visitVarInsn(ALOAD, in);
            mv.visitVarInsn(ALOAD, skipped);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "skip", "(L" + READER + ";Ljava/util/Set;)Ljava/util/Set;", false);
            mv.visitVarInsn(ASTORE, skipped);
            mv.visitLabel(tryEnd);
            mv.visitLabel(afterValue);
            load(mv, fields);
            mv.visitVarInsn(ALOAD, in);
            mv.visitVarInsn(ILOAD, i);
            mv.visitInsn(ICONST_1);
            mv.visitInsn(IADD);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "next", "(L" + READER + ";I)I", false);
            mv.visitVarInsn(ISTORE, i);
            mv.visitJumpInsn(GOTO, loop);
            if (!record) {
                mv.visitLabel(setterHandler);
                mv.visitVarInsn(ASTORE, failure);
                load(mv, fields);
                mv.visitVarInsn(ALOAD, in);
                mv.visitVarInsn(ILOAD, i);
                mv.visitVarInsn(ALOAD, failure);
                mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "setterRefused",
                        "(L" + READER + ";ILjava/lang/Throwable;)Ljava/lang/RuntimeException;", false);
                mv.visitInsn(ATHROW);
            }

            mv.visitLabel(done);
            load(mv, fields);
            mv.visitVarInsn(ALOAD, in);
            mv.visitVarInsn(wide ? ALOAD : LLOAD, seen);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, "checkPresent", "(L" + READER + ";" + (wide ? "[J" : "J") + ")V", false);
            if (record) {
                construct(mv, in, failure, locals);
            } else {
                mv.visitVarInsn(ALOAD, target);
                mv.visitInsn(ARETURN);
            }
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /** {@code try { return CONSTRUCTOR.invokeExact(locals...); } catch (Throwable e) { throw FIELDS.constructorRefused(in, e); }} */
        private void construct(MethodVisitor mv, int in, int failure, int[] locals) {
            Label start = new Label(), end = new Label(), handler = new Label();
            mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
            mv.visitLabel(start);
            load(mv, constructor);
            if (model.spread) { // CONSTRUCTOR.invokeExact(new Object[] {id, name, ...}), the primitives boxed
                mv.visitLdcInsn(n);
                mv.visitTypeInsn(ANEWARRAY, OBJECT);
                for (int k = 0; k < n; k++) {
                    mv.visitInsn(DUP);
                    mv.visitLdcInsn(k);
                    mv.visitVarInsn(Type.getType(slots[k]).getOpcode(ILOAD), locals[k]);
                    if (slots[k].isPrimitive()) {
                        Class<?> box = MethodType.methodType(slots[k]).wrap().returnType();
                        mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(box), "valueOf",
                                MethodType.methodType(box, slots[k]).toMethodDescriptorString(), false);
                    }
                    mv.visitInsn(AASTORE);
                }
                mv.visitMethodInsn(INVOKEVIRTUAL, HANDLE, "invokeExact", "([L" + OBJECT + ";)L" + OBJECT + ";", false);
            } else {
                for (int k = 0; k < n; k++) {
                    mv.visitVarInsn(Type.getType(slots[k]).getOpcode(ILOAD), locals[k]);
                }
                mv.visitMethodInsn(INVOKEVIRTUAL, HANDLE, "invokeExact",
                        MethodType.methodType(Object.class, slots).toMethodDescriptorString(), false);
            }
            mv.visitLabel(end);
            mv.visitInsn(ARETURN);
            throwAt(mv, handler, "constructorRefused", in, failure);
        }

        /** At {@code handler}: {@code catch (Throwable failure) { throw FIELDS.<method>(in, failure); }}. */
        private void throwAt(MethodVisitor mv, Label handler, String method, int in, int failure) {
            mv.visitLabel(handler);
            mv.visitVarInsn(ASTORE, failure);
            load(mv, fields);
            mv.visitVarInsn(ALOAD, in);
            mv.visitVarInsn(ALOAD, failure);
            mv.visitMethodInsn(INVOKEVIRTUAL, FIELDS, method,
                    "(L" + READER + ";Ljava/lang/Throwable;)Lio/typedjson/format/TypedJsonException;", false);
            mv.visitInsn(ATHROW);
        }

        /** {@code local_k = in.oneLong(KEY_k, k == 0)} (or oneInt, oneString, ...), the key and flag already pushed. */
        private void oneRead(MethodVisitor mv, int k, int[] locals) {
            Class<?> type = oneReads[k].equals("Strings") ? List.class : slots[k];
            mv.visitMethodInsn(INVOKEVIRTUAL, READER, "one" + oneReads[k],
                    MethodType.methodType(type, JsonKey.class, boolean.class).toMethodDescriptorString(), false);
            mv.visitVarInsn(Type.getType(slots[k]).getOpcode(ISTORE), locals[k]);
        }

        /**
         * The one-pass read of a record with fields of other kinds, each handed to its codec; then, as
         * {@link #read} spells it, from the object's '{' token by token:
         * <pre>
         * int one = in.onePassOpen();
         * if (one != 0) {
         *     id = 0; before = null; ...
         *     try {
         *         id = in.oneLong(KEY_0, true);
         *         if (in.oneValue(KEY_1, false)) { before = CODEC_1.read(in); in.oneResume(); }
         *         ...
         *         if (!in.onePassClose(one)) goto general;
         *     } catch (RuntimeException e) { in.onePassRefused(one); goto general; }
         *     try { return CONSTRUCTOR.invokeExact(id, before, ...); } catch ...
         * }
         * general:
         * </pre>
         */
        private void readHandingOver(MethodVisitor mv, int in, int failure, int[] locals, int one) {
            Label general = new Label(), start = new Label(), end = new Label(), handler = new Label();
            mv.visitVarInsn(ALOAD, in);
            mv.visitMethodInsn(INVOKEVIRTUAL, READER, "onePassOpen", "()I", false);
            mv.visitVarInsn(ISTORE, one);
            mv.visitVarInsn(ILOAD, one);
            mv.visitJumpInsn(IFEQ, general);
            for (int k = 0; k < n; k++) {
                Class<?> slot = slots[k];
                mv.visitInsn(slot == long.class ? LCONST_0 : slot == double.class ? DCONST_0 : slot == float.class
                        ? FCONST_0 : slot.isPrimitive() ? ICONST_0 : ACONST_NULL);
                mv.visitVarInsn(Type.getType(slot).getOpcode(ISTORE), locals[k]);
            }
            mv.visitTryCatchBlock(start, end, handler, "java/lang/RuntimeException");
            mv.visitLabel(start);
            for (int k = 0; k < n; k++) {
                mv.visitVarInsn(ALOAD, in);
                load(mv, keys[k]);
                mv.visitInsn(k == 0 ? ICONST_1 : ICONST_0);
                if (oneReads[k] != null) {
                    oneRead(mv, k, locals);
                } else {
                    Label skip = new Label();
                    mv.visitMethodInsn(INVOKEVIRTUAL, READER, "oneValue", "(L" + JsonKey.class.getName().replace('.', '/')
                            + ";Z)Z", false);
                    mv.visitJumpInsn(IFEQ, skip);
                    readValue(mv, k, in);
                    mv.visitVarInsn(Type.getType(slots[k]).getOpcode(ISTORE), locals[k]);
                    mv.visitVarInsn(ALOAD, in);
                    mv.visitMethodInsn(INVOKEVIRTUAL, READER, "oneResume", "()V", false);
                    mv.visitLabel(skip);
                }
            }
            mv.visitVarInsn(ALOAD, in);
            mv.visitVarInsn(ILOAD, one);
            mv.visitMethodInsn(INVOKEVIRTUAL, READER, "onePassClose", "(I)Z", false);
            mv.visitLabel(end);
            mv.visitJumpInsn(IFEQ, general);
            construct(mv, in, failure, locals);
            mv.visitLabel(handler);
            mv.visitInsn(POP);
            mv.visitVarInsn(ALOAD, in);
            mv.visitVarInsn(ILOAD, one);
            mv.visitMethodInsn(INVOKEVIRTUAL, READER, "onePassRefused", "(I)V", false);
            mv.visitLabel(general);
        }

        /**
         * The one-pass read of a field's type ({@code JsonReader.oneLong} ...): Long, Int, Double, Boolean, String,
         * Strings (a List of String); else null.
         */
        private static String oneKind(java.lang.reflect.Type type) {
            if (type == long.class) return "Long";
            if (type == int.class) return "Int";
            if (type == double.class) return "Double";
            if (type == boolean.class) return "Boolean";
            if (type == String.class) return "String";
            if (type instanceof java.lang.reflect.ParameterizedType p && p.getRawType() == List.class
                    && p.getActualTypeArguments()[0] == String.class) {
                return "Strings";
            }
            return null;
        }

        /** Pushes field {@code k}'s value read from the reader: {@code ScalarFields.readX(in)} or {@code CODEC_k.read(in)}. */
        private void readValue(MethodVisitor mv, int k, int in) {
            Class<?> slot = slots[k];
            if (codecs[k] != null) {
                load(mv, codecs[k]);
                mv.visitVarInsn(ALOAD, in);
                mv.visitMethodInsn(INVOKEINTERFACE, CODEC, "read", "(L" + READER + ";)L" + OBJECT + ";", true);
                return;
            }
            String name = slot == String.class ? "String" : Character.toUpperCase(slot.getName().charAt(0)) + slot.getName().substring(1);
            mv.visitVarInsn(ALOAD, in);
            mv.visitMethodInsn(INVOKESTATIC, SCALARS, "read" + name,
                    MethodType.methodType(slot, JsonReader.class).toMethodDescriptorString(), false);
        }
    }
}

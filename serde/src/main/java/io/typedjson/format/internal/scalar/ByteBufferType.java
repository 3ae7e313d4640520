package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.nio.ByteBuffer;
import java.util.Map;

/** {@code ByteBuffer} (class codecs only): byte[]'s spelling of the remaining bytes, read back as a heap buffer. */
final class ByteBufferType extends ScalarType {
    ByteBufferType() { super(ByteBuffer.class, Tags.NONE, false, true, "bytes", "bytes", JsonSchemaFragments.BASE64); }

    @Override public void write(JsonWriter out, Object v) { writeRemaining(out, (ByteBuffer) v); }
    @Override public Object read(JsonReader in) { return ByteBuffer.wrap(Lexemes.readBytes(in)); }
    @Override public String text(Object v) { return Lexemes.base64(Lexemes.remaining((ByteBuffer) v)); }
    @Override public boolean hasKeySpelling() { return false; }
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.bytes(); }

    /** Writes the bytes from position to limit, leaving the buffer's position and limit as they were. */
    static void writeRemaining(JsonWriter out, ByteBuffer b) {
        if (b.hasArray()) {
            out.writeBinary(b.array(), b.arrayOffset() + b.position(), b.remaining());
        } else {
            Lexemes.writeBytes(out, Lexemes.remaining(b));
        }
    }
}

package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.nio.ByteBuffer;
import java.util.Map;

/** {@code byte[]}: canonical base64 (padded, unused bits zero); tagged {@code ~b}; no map-key spelling. */
final class BytesType extends ScalarType {
    BytesType() { super(byte[].class, Tags.BYTES, true, true, "bytes", "bytes", JsonSchemaFragments.BASE64); }

    // Connect hands out a byte[] or a ByteBuffer for BYTES
    @Override
    public void write(JsonWriter out, Object v) {
        if (v instanceof ByteBuffer b) {
            ByteBufferType.writeRemaining(out, b);
        } else {
            Lexemes.writeBytes(out, (byte[]) v);
        }
    }

    @Override public Object read(JsonReader in) { return Lexemes.readBytes(in); }
    @Override public String text(Object v) { return Lexemes.base64((byte[]) v); }
    @Override public boolean hasKeySpelling() { return false; }
    @Override public void writeDynamic(JsonWriter out, Object v) { out.writeTaggedBinary(Tags.PREFIX, tag(), (byte[]) v); }
    @Override public Object parseTagged(JsonReader in, String payload) { return Lexemes.parseBase64(in, payload); }
    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.bytes(); }

    @Override
    public Object canonicalTaggedOrNull(char[] c, int offset, int length, int maxNumberLength) {
        return Lexemes.canonicalBase64OrNull(c, offset, length);
    }
}

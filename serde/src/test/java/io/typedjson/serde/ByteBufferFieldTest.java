package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.TypeRef;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * {@link ByteBuffer} fields are carried like {@code byte[]}: the bytes from position to limit, in base64; read back
 * as a heap buffer at position 0, equal by content (ByteBuffer.equals compares the remaining bytes), so a record
 * holding one round-trips by {@code equals}. Through the Kafka serde, configured by properties as users do.
 */
class ByteBufferFieldTest {

    public record Blob(long id, ByteBuffer payload) {}

    public record Blobs(List<ByteBuffer> parts, Map<String, ByteBuffer> byName, Optional<ByteBuffer> extra) {}

    private static <T> TypedJsonSerializer<T> writer(Class<T> type) {
        TypedJsonSerializer<T> s = new TypedJsonSerializer<>();
        s.configure(Map.of(TypedJsonConfig.VALUE_TYPE, type.getName()), false);
        return s;
    }

    private static <T> TypedJsonDeserializer<T> reader(Class<T> type) {
        TypedJsonDeserializer<T> d = new TypedJsonDeserializer<>();
        d.configure(Map.of(TypedJsonConfig.VALUE_TYPE, type.getName()), false);
        return d;
    }

    private static String text(byte[] document) {
        return new String(document, StandardCharsets.UTF_8);
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    @Test
    void aRecordWithAByteBufferFieldRoundTripsWithByteArraysSpelling() {
        byte[] bytes = {0, 1, 2, (byte) 0xff, 0x7f};
        Blob blob = new Blob(7, ByteBuffer.wrap(bytes));
        byte[] document = writer(Blob.class).serialize("t", blob);
        assertEquals("{\"id\":7,\"payload\":\"" + base64(bytes) + "\"}", text(document));
        Blob back = reader(Blob.class).deserialize("t", document);
        assertEquals(blob, back);
        assertTrue(back.payload().hasArray(), "read back as a heap buffer");
        assertEquals(0, back.payload().position());
        assertEquals(bytes.length, back.payload().limit());
        // the same document as a byte[] field: one spelling for bytes
        record AsArray(long id, byte[] payload) {}
        assertEquals(text(document), text(TypedJsonSerializer.forClass(AsArray.class).serialize("t", new AsArray(7, bytes))));
        // document round trip: byte-identical
        assertArrayEquals(document, writer(Blob.class).serialize("t", back));
    }

    @Test
    void nullAndEmpty() {
        assertEquals("{\"id\":1,\"payload\":null}", text(writer(Blob.class).serialize("t", new Blob(1, null))));
        assertNull(reader(Blob.class).deserialize("t", "{\"id\":1,\"payload\":null}".getBytes(StandardCharsets.UTF_8)).payload());
        assertNull(reader(Blob.class).deserialize("t", "{\"id\":1}".getBytes(StandardCharsets.UTF_8)).payload(), "a missing key is null");

        Blob empty = new Blob(2, ByteBuffer.allocate(0));
        byte[] document = writer(Blob.class).serialize("t", empty);
        assertEquals("{\"id\":2,\"payload\":\"\"}", text(document));
        Blob back = reader(Blob.class).deserialize("t", document);
        assertEquals(empty, back);
        assertEquals(0, back.payload().remaining());
    }

    @Test
    void aDirectBufferIsWrittenLikeAHeapOneAndReadBackOnTheHeap() {
        byte[] bytes = "direct bytes".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        assertFalse(direct.hasArray());
        byte[] document = writer(Blob.class).serialize("t", new Blob(3, direct));
        assertEquals("{\"id\":3,\"payload\":\"" + base64(bytes) + "\"}", text(document));
        assertEquals(0, direct.position(), "writing leaves the buffer's position alone");
        Blob back = reader(Blob.class).deserialize("t", document);
        assertEquals(new Blob(3, direct), back, "equal by content: ByteBuffer.equals compares the remaining bytes");
        assertTrue(back.payload().hasArray());
    }

    @Test
    void onlyTheBytesFromPositionToLimitAreCarried() {
        byte[] backing = "0123456789".getBytes(StandardCharsets.US_ASCII);
        // a slice has arrayOffset 3; its position 1 and limit 4 leave "4567"... of which "567" remain
        ByteBuffer slice = ByteBuffer.wrap(backing, 3, 6).slice();
        assertEquals(3, slice.arrayOffset());
        slice.position(1).limit(4);
        byte[] document = writer(Blob.class).serialize("t", new Blob(4, slice));
        assertEquals("{\"id\":4,\"payload\":\"" + base64("456".getBytes(StandardCharsets.US_ASCII)) + "\"}", text(document));
        assertEquals(1, slice.position());
        assertEquals(4, slice.limit());

        ByteBuffer positioned = ByteBuffer.wrap(backing);
        positioned.position(8);
        Blob back = reader(Blob.class).deserialize("t", writer(Blob.class).serialize("t", new Blob(5, positioned)));
        assertEquals(ByteBuffer.wrap("89".getBytes(StandardCharsets.US_ASCII)), back.payload());
        assertEquals(positioned, back.payload());
        assertEquals(8, positioned.position());
    }

    @Test
    void byteBuffersInListMapAndOptionalPositions() {
        Map<String, ByteBuffer> byName = new LinkedHashMap<>();
        byName.put("a", ByteBuffer.wrap(new byte[] {1}));
        byName.put("~b", ByteBuffer.allocateDirect(2).put((byte) 2).put((byte) 3).flip());
        byName.put("none", null);
        List<ByteBuffer> parts = new java.util.ArrayList<>(List.of(ByteBuffer.wrap(new byte[] {9, 8}), ByteBuffer.allocate(0)));
        parts.add(null);
        Blobs blobs = new Blobs(parts, byName, Optional.of(ByteBuffer.wrap(new byte[] {5})));
        byte[] document = writer(Blobs.class).serialize("t", blobs);
        assertEquals("{\"parts\":[\"CQg=\",\"\",null],\"byName\":{\"a\":\"AQ==\",\"~~b\":\"AgM=\",\"none\":null},\"extra\":\"BQ==\"}",
                text(document));
        Blobs back = reader(Blobs.class).deserialize("t", document);
        assertEquals(blobs, back);
        assertArrayEquals(document, writer(Blobs.class).serialize("t", back));

        TypedJsonSerde<List<ByteBuffer>> listSerde = TypedJsonSerde.forType(new TypeRef<List<ByteBuffer>>() {});
        List<ByteBuffer> list = List.of(ByteBuffer.wrap(new byte[] {1, 2, 3}));
        assertEquals(list, listSerde.deserializer().deserialize("t", listSerde.serializer().serialize("t", list)));
    }

    @Test
    void aByteBufferValueThroughTheSerde() {
        TypedJsonSerde<ByteBuffer> serde = TypedJsonSerde.forClass(ByteBuffer.class);
        ByteBuffer value = ByteBuffer.wrap(new byte[] {(byte) 0xca, (byte) 0xfe});
        byte[] document = serde.serializer().serialize("t", value);
        assertEquals("\"yv4=\"", text(document));
        assertEquals(value, serde.deserializer().deserialize("t", document));
        assertNull(serde.serializer().serialize("t", null), "null is a tombstone");
        assertNull(serde.deserializer().deserialize("t", (byte[]) null));
    }

    @Test
    void malformedBase64IsRefusedWithPathAndOffset() {
        SerializationException e = assertThrows(SerializationException.class,
                () -> reader(Blob.class).deserialize("t", "{\"id\":1,\"payload\":\"AQI\"}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("$.payload") && e.getMessage().contains("byte offset 18"), e.getMessage());
        e = assertThrows(SerializationException.class,
                () -> reader(Blob.class).deserialize("t", "{\"id\":1,\"payload\":[1,2]}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("$.payload"), e.getMessage());
    }
}

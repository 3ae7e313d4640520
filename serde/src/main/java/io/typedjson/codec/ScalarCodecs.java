package io.typedjson.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.typedjson.format.Codec;
import io.typedjson.format.internal.Lexemes;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Codecs of the scalar types in their typed spelling ({@link Lexemes}); null is JSON null. */
final class ScalarCodecs {
    private ScalarCodecs() {}

    interface Writer<T> {
        void write(JsonGenerator out, T value) throws IOException;
    }

    interface Reader<T> {
        T read(JsonParser in) throws IOException;
    }

    private static final Map<Class<?>, Codec<?>> CODECS = new HashMap<>();

    static {
        add(String.class, Lexemes::writeString, Lexemes::readString);
        add(Boolean.class, JsonGenerator::writeBoolean, Lexemes::readBoolean, boolean.class);
        add(Long.class, JsonGenerator::writeNumber, Lexemes::readLong, long.class);
        add(Integer.class, JsonGenerator::writeNumber, Lexemes::readInt, int.class);
        add(Short.class, JsonGenerator::writeNumber, Lexemes::readShort, short.class);
        add(Byte.class, (out, v) -> out.writeNumber(v), Lexemes::readByte, byte.class);
        add(Character.class, Lexemes::writeChar, Lexemes::readChar, char.class);
        add(Double.class, Lexemes::writeDouble, Lexemes::readDouble, double.class);
        add(Float.class, Lexemes::writeFloat, Lexemes::readFloat, float.class);
        add(BigDecimal.class, Lexemes::writeDecimal, Lexemes::readDecimal);
        add(BigInteger.class, JsonGenerator::writeNumber, Lexemes::readBigInteger);
        add(byte[].class, Lexemes::writeBytes, Lexemes::readBytes);
        // a ByteBuffer is byte[]'s spelling of its remaining bytes; read back as a heap buffer (equal by content)
        add(ByteBuffer.class, ScalarCodecs::writeByteBuffer, in -> ByteBuffer.wrap(Lexemes.readBytes(in)));
        add(Instant.class, Lexemes::writeInstant, Lexemes::readInstant);
        add(LocalDate.class, Lexemes::writeLocalDate, Lexemes::readLocalDate);
        add(LocalTime.class, Lexemes::writeText, Lexemes::readLocalTime);
        add(LocalDateTime.class, Lexemes::writeText, Lexemes::readLocalDateTime);
        add(OffsetDateTime.class, Lexemes::writeText, Lexemes::readOffsetDateTime);
        add(UUID.class, Lexemes::writeText, Lexemes::readUuid);
    }

    private static <T> void add(Class<T> type, Writer<T> writer, Reader<T> reader, Class<?>... primitive) {
        Codec<T> codec = new Scalar<>(writer, reader);
        CODECS.put(type, codec);
        for (Class<?> p : primitive) {
            CODECS.put(p, codec);
        }
    }

    /** Writes the bytes from position to limit, leaving the buffer's position and limit as they were. */
    private static void writeByteBuffer(JsonGenerator out, ByteBuffer b) throws IOException {
        if (b.hasArray()) {
            out.writeBinary(Lexemes.BASE64, b.array(), b.arrayOffset() + b.position(), b.remaining());
        } else {
            byte[] copy = new byte[b.remaining()];
            b.duplicate().get(copy);
            Lexemes.writeBytes(out, copy);
        }
    }

    /** The codec of a scalar type (a primitive class gets its box's codec), or null. */
    static Codec<?> of(Class<?> type) {
        return CODECS.get(type);
    }

    private static final class Scalar<T> extends NullableCodec<T> {
        private final Writer<T> writer;
        private final Reader<T> reader;

        Scalar(Writer<T> writer, Reader<T> reader) {
            this.writer = writer;
            this.reader = reader;
        }

        @Override
        void writeValue(JsonGenerator out, T value) throws IOException {
            writer.write(out, value);
        }

        @Override
        T readValue(JsonParser in) throws IOException {
            return reader.read(in);
        }
    }
}

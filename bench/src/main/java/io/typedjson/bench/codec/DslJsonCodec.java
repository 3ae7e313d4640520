package io.typedjson.bench.codec;

import com.dslplatform.json.DslJson;
import com.dslplatform.json.JsonWriter;
import com.dslplatform.json.runtime.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;

/**
 * dsl-json on a Java record, the class known on both sides, by runtime analysis: a rival of the class serde only
 * (never in a record's path of the library).
 *
 * <p>Configured as dsl-json's README recommends for an application without its annotation processor:
 * {@code new DslJson<>(Settings.withRuntime().includeServiceLoader())} (reflection builds the converters once per
 * class), one instance shared, and a {@link JsonWriter} reused per thread (its {@code deserialize(Class, byte[], int)}
 * reuses a thread-local reader itself). dsl-json 2.0.2 converts LocalDate but has no converter for {@link Instant}
 * (without one, it finds no writer for a record holding an Instant and writes nothing); a user adds one as
 * dsl-json documents, with {@code registerReader} / {@code registerWriter}: here the ISO-8601 string of
 * {@code Instant.toString} / {@code Instant.parse}, the spelling the other JSON codecs use.
 */
final class DslJsonCodec extends MappedCodec<Object> {
    private final Class<?> type;
    private final DslJson<Object> dsl;
    private final ThreadLocal<JsonWriter> writers;

    DslJsonCodec(Class<?> type, boolean instants) {
        super("dsl-json", "dsl-json " + (instants ? "" : "without an Instant converter ")
                + "with runtime analysis (Settings.withRuntime().includeServiceLoader())"
                + (instants ? ", an ISO-8601 reader and writer registered for Instant (it has none)" : "")
                + ", a JsonWriter reused per thread; not a Kafka serde, for comparison", r -> r, r -> r);
        this.type = type;
        this.dsl = new DslJson<>(Settings.withRuntime().includeServiceLoader());
        if (instants) {
            dsl.registerWriter(Instant.class, (writer, value) -> {
                if (value == null) {
                    writer.writeNull();
                } else {
                    writer.writeString(value.toString());
                }
            });
            dsl.registerReader(Instant.class, reader -> reader.wasNull() ? null : Instant.parse(reader.readString()));
        }
        this.writers = ThreadLocal.withInitial(dsl::newWriter);
    }

    @Override
    public byte[] encode(Object value) {
        JsonWriter writer = writers.get();
        writer.reset();
        if (!dsl.serialize(writer, type, value)) {
            throw new CannotCarryException("dsl-json has no writer for " + type.getSimpleName());
        }
        return writer.toByteArray();
    }

    @Override
    public Object decode(byte[] bytes) {
        try {
            return dsl.deserialize(type, bytes, bytes.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

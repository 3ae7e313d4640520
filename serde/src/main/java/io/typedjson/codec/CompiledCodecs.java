package io.typedjson.codec;

import io.typedjson.format.Codec;

/**
 * The codecs {@code typedjson-processor} wrote at compile time for one package, found by {@link Codecs} through
 * {@link java.util.ServiceLoader} (a {@code META-INF/services} entry on the class path, a {@code provides} directive in a
 * named module). <b>Implemented by generated code</b>; see docs/custom-codecs.md.
 */
public interface CompiledCodecs {

    /**
     * The codec generated for {@code type}, made with {@code context} (which hands it the codecs of its fields); null
     * when none was generated for it here.
     */
    Codec<?> codec(Class<?> type, CodecContext context);
}

/**
 * The typed JSON format (SPEC.md sections 1 to 9) over jackson-core's streaming parser and generator.
 *
 * <p>API: {@link io.typedjson.format.TypedJsonFormat} (documents to and from bytes, with limits),
 * {@link io.typedjson.format.Codec} (the extension point: a codec writes to a jackson-core {@code JsonGenerator} and
 * reads from a {@code JsonParser}; jackson-core 2, not Jackson 3's {@code tools.jackson} packages),
 * {@link io.typedjson.format.DynamicCodec} (the dynamic model), {@link io.typedjson.format.TypedJsonException}
 * (every refusal, with the JSON path and the byte offset) and {@link io.typedjson.format.ConnectEnvelope} (the names
 * the Connect converter and the console formatter share).
 *
 * <p>The format's rules themselves live once in {@code io.typedjson.format.internal}, which the module does not export.
 */
package io.typedjson.format;

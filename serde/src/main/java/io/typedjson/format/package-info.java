/**
 * The typed JSON format (SPEC.md sections 1 to 9) over typedjson's own UTF-8 reader and writer.
 *
 * <p>API: {@link io.typedjson.format.TypedJsonFormat} (documents to and from bytes, with limits),
 * {@link io.typedjson.format.Codec} (the extension point: a codec writes to a {@link io.typedjson.format.JsonWriter}
 * and reads from a {@link io.typedjson.format.JsonReader}, which walk UTF-8 bytes and enforce SPEC.md's limits),
 * {@link io.typedjson.format.JsonKey} (an object key encoded once),
 * {@link io.typedjson.format.DynamicCodec} (the dynamic model), {@link io.typedjson.format.TypedJsonException}
 * (every refusal, with the JSON path and the byte offset) and {@link io.typedjson.format.ConnectEnvelope} (the names
 * the Connect converter and the console formatter share).
 *
 * <p>The format's rules themselves live once in {@code io.typedjson.format.internal}, which the module does not export.
 */
package io.typedjson.format;

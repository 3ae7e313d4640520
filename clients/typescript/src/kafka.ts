// Helpers for kafkajs (or any Node Kafka client): a serializer and a deserializer of record values and keys.
// They use only Node's Buffer, so the package has no dependency on kafkajs (messages' value and key are Buffers).
import { parse, ParseOptions } from "./reader";
import { stringify, StringifyOptions } from "./writer";
import type { Value, ValueInput } from "./types";

/**
 * `(value) => Buffer | null`: the typed JSON document of a value as UTF-8 bytes, for `producer.send`'s
 * `messages[].value` (or `.key`). `null` and `undefined` become a null record value (a tombstone), as in Java.
 */
export function serializer(options?: StringifyOptions): (value: ValueInput | undefined) => Buffer | null {
  return (value) => (value === null || value === undefined ? null : Buffer.from(stringify(value, options), "utf8"));
}

/**
 * `(bytes) => Value`: reads a record value (or key) written by any typed JSON serializer (Java, Python, this one).
 * A null record value (a tombstone) reads as `null`, as in Java. Throws TypedJsonError (path and byte offset)
 * for a record that is not a valid document: catch it to skip or dead-letter the record.
 */
export function deserializer(options?: ParseOptions): (data: Uint8Array | string | null | undefined) => Value {
  return (data) => (data === null || data === undefined ? null : parse(data, options));
}

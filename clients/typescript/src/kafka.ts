// Helpers for kafkajs (or any Node Kafka client): a serializer and a deserializer of record values and keys.
// They are typed against the few members they use, so the package has no dependency on kafkajs.
import { parse, ParseOptions } from "./reader";
import { stringify, StringifyOptions } from "./writer";
import type { Value, ValueInput } from "./types";

/** The part of a kafkajs message these helpers read: `message.value` (and `message.key`) as a Buffer or null. */
export interface KafkaMessageValue {
  value: Uint8Array | string | null;
  key?: Uint8Array | string | null;
}

const encoder = new TextEncoder();

function bytes(s: string): Uint8Array {
  // kafkajs wants a Buffer; Node's Buffer is a Uint8Array, used when present (it is in Node)
  const B = (globalThis as { Buffer?: { from(s: string, enc: string): Uint8Array } }).Buffer;
  return B ? B.from(s, "utf8") : encoder.encode(s);
}

/**
 * `(value) => Buffer | null`: the typed JSON document of a value as UTF-8 bytes, for `producer.send`'s
 * `messages[].value` (or `.key`). `null` and `undefined` become a null record value (a tombstone), as in Java.
 */
export function serializer(options?: StringifyOptions): (value: ValueInput | undefined) => Uint8Array | null {
  return (value) => (value === null || value === undefined ? null : bytes(stringify(value, options)));
}

/**
 * `(bytes) => Value`: reads a record value (or key) written by any typed JSON serializer (Java, Python, this one).
 * A null record value (a tombstone) reads as `null`, as in Java. Throws TypedJsonError (path and byte offset)
 * for a record that is not a valid document: catch it to skip or dead-letter the record.
 */
export function deserializer(options?: ParseOptions): (data: Uint8Array | string | null | undefined) => Value {
  return (data) => (data === null || data === undefined ? null : parse(data, options));
}

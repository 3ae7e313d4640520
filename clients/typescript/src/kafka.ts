// Helpers for kafkajs (or any Node Kafka client): a serializer and a deserializer of record values and keys.
// They use only Node's Buffer, so the package has no dependency on kafkajs (messages' value and key are Buffers).
import { TypedJsonError } from "./errors";
import { parse, ParseOptions } from "./reader";
import type { RecordHeaders } from "./reference";
import { stringify, StringifyOptions } from "./writer";
import type { Value, ValueInput } from "./types";

/** The header that marks a record's format on a topic shared with writers of plain JSON (SPEC.md section 13.2). */
export const FORMAT_HEADER = "typedjson-format";

export interface DeserializerOptions extends ParseOptions {
  /**
   * `"json"` (Java: typedjson.other.writers=json): the topic also has writers of plain JSON, so the header
   * `typedjson-format` decides each record: `typed` is typed JSON, `plain` or no header a plain document (SPEC.md
   * section 13). `"none"` (the default): every record is typed JSON and no header is looked at.
   */
  otherWriters?: "none" | "json";
}

export interface SerializerOptions extends StringifyOptions {
  /**
   * Java's typedjson.format.header: `"typed"` writes typed JSON and the header `typedjson-format: typed`, `"plain"` a
   * plain document (no tags: a value only a tag carries is refused) and `typedjson-format: plain`, replacing a
   * header the record has. Without headers to write into, both write an unmarked plain document, as Java does.
   * `"none"` (the default): typed JSON, no header.
   */
  formatHeader?: "none" | "typed" | "plain";
}

/** kafkajs's `message.headers` (an object), which the serializer writes the mark into. */
export type WritableHeaders = Record<string, Buffer | string | (Buffer | string)[] | undefined>;

/**
 * `(value, headers?) => Buffer | null`: the typed JSON document of a value as UTF-8 bytes, for `producer.send`'s
 * `messages[].value` (or `.key`). `null` and `undefined` become a null record value (a tombstone), as in Java.
 * With `formatHeader`, pass the message's headers object to be marked.
 */
export function serializer(options?: SerializerOptions): (value: ValueInput | undefined, headers?: WritableHeaders) => Buffer | null {
  const mark = options?.formatHeader ?? "none";
  // a plain document marked typed would have its '~' strings read as escapes
  if (options?.plain && mark === "typed") throw new Error('plain: true with formatHeader: "typed" would mark a plain document typed: use formatHeader: "plain"');
  // the two spellings' options made once, not per record
  const typedOptions = { ...options, plain: false };
  const plainOptions = { ...options, plain: true };
  return (value, headers) => {
    if (value === null || value === undefined) return null;
    const plain = options?.plain || mark === "plain" || (mark === "typed" && headers === undefined);
    const bytes = Buffer.from(stringify(value, plain ? plainOptions : typedOptions), "utf8");
    if (mark !== "none" && headers !== undefined) headers[FORMAT_HEADER] = Buffer.from(mark, "ascii"); // replaces a copied one
    return bytes;
  };
}

/**
 * `(bytes, headers?) => Value`: reads a record value (or key) written by any typed JSON serializer (Java, Python,
 * this one); with `otherWriters: "json"`, a plain document of another writer unless the headers mark it `typed`.
 * A null record value (a tombstone) reads as `null`, as in Java. Throws TypedJsonError (path and byte offset)
 * for a record that is not a valid document: catch it to skip or dead-letter the record.
 */
export function deserializer(options?: DeserializerOptions): (data: Uint8Array | string | null | undefined, headers?: RecordHeaders) => Value {
  if (options?.otherWriters !== "json") return (data) => (data === null || data === undefined ? null : parse(data, options));
  const plainOptions = { ...options, plain: true };
  return (data, headers) => {
    if (data === null || data === undefined) return null;
    return parse(data, formatMark(headers) === "typed" && !options.plain ? options : plainOptions);
  };
}

/**
 * The record's mark (SPEC.md section 13.2): `"typed"`, `"plain"`, or `null` without the header. The header given
 * twice, or with another value, is refused with a TypedJsonError.
 */
export function formatMark(headers: RecordHeaders | undefined): "typed" | "plain" | null {
  const found: (Buffer | string | Uint8Array | null | undefined)[] = [];
  if (headers !== undefined) {
    if (Symbol.iterator in headers) {
      for (const [k, v] of headers as Iterable<[string, Buffer | string | Uint8Array | null | undefined]>) if (k === FORMAT_HEADER) found.push(v);
    } else {
      const v = (headers as WritableHeaders)[FORMAT_HEADER];
      if (Array.isArray(v)) found.push(...v);
      else if (v !== undefined) found.push(v);
    }
  }
  if (found.length === 0) return null;
  if (found.length > 1) throw new TypedJsonError(`the header ${FORMAT_HEADER} is given twice`, "$");
  const v = found[0];
  const text = v === null || v === undefined ? null : typeof v === "string" ? v : Buffer.from(v).toString("utf8");
  if (text === "typed" || text === "plain") return text;
  throw new TypedJsonError(`the header ${FORMAT_HEADER} is ${text === null ? "null" : `'${text}'`}, neither 'typed' nor 'plain'`, "$");
}

// Kafka Connect's schema location `reference` (SPEC.md section 11): a record carries the 16-byte fingerprint of its
// schema in a header and the value as the inline location writes it under "~v" (typed positions, no tags, structs
// as arrays); each schema's notation is a record of a compacted schema topic, keyed by its fingerprint. The caller
// brings the way to look a fingerprint up (a consumer of the schema topic, a map, a service): a resolver function.
import { createHash } from "node:crypto";
import { TypedJsonError } from "./errors";
import { ConnectSchema, ConnectValue, NotationError, SchemaAndValue, parseConnect, parseConnectWithSchema, parseSchemaNotation, readTyped, writeSchemaNotation, typedText, namesLimit, ConnectParseOptions } from "./connect";
import { ParseOptions, limitsOf } from "./reader";
import { Kind, Scanner } from "./scanner";

/** The record header of a value converter's fingerprint; a key converter's is `typedjson.key.schema.ref`. */
export const SCHEMA_REF_HEADER = "typedjson.schema.ref";
export const KEY_SCHEMA_REF_HEADER = "typedjson.key.schema.ref";
/** The record header of location `header` (the notation itself); `typedjson.key.schema` for keys. */
export const SCHEMA_HEADER = "typedjson.schema";
export const KEY_SCHEMA_HEADER = "typedjson.key.schema";
/** `typedjson.schema.topic`'s default. */
export const DEFAULT_SCHEMA_TOPIC = "_typedjson-schemas";
export const FINGERPRINT_BYTES = 16;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The first 16 bytes of SHA-256 over the notation's UTF-8 bytes: the schema's fingerprint. */
export function schemaFingerprint(notation: string): Uint8Array {
  return new Uint8Array(createHash("sha256").update(notation, "utf8").digest().subarray(0, FINGERPRINT_BYTES));
}

/** A fingerprint as people see it (errors, logs): 32 lower-case hex digits. */
export function fingerprintHex(fingerprint: Uint8Array): string {
  return Buffer.from(fingerprint).toString("hex");
}

function notationText(notation: string | Uint8Array, hex: string): string {
  if (typeof notation === "string") return notation;
  try {
    return utf8.decode(notation);
  } catch {
    throw new TypedJsonError(`the notation of schema fingerprint ${hex} is not well-formed UTF-8`, "$", 0);
  }
}

/**
 * Looks a fingerprint up: the notation (text or its UTF-8 bytes), or null/undefined when there is none. May be
 * async (a consumer that waits for the schema topic to catch up). Its answer is checked, never trusted.
 */
export type NotationResolver = (fingerprint: Uint8Array, hex: string) => string | Uint8Array | null | undefined | Promise<string | Uint8Array | null | undefined>;

export interface SchemaResolverOptions extends ParseOptions {
  /** The schema topic, named in errors (default `_typedjson-schemas`). */
  topic?: string;
  /** How many schemas the cache keeps, least recently used dropped first (default 1000). */
  maxEntries?: number;
  /** How long one resolution may take before the record is refused, in ms (default 30000). */
  timeoutMs?: number;
}

interface Resolved {
  notation: string;
  schema: ConnectSchema;
}

/**
 * Resolves fingerprints to schemas through the caller's function, with a bounded cache: every notation is parsed
 * and its fingerprint recomputed, and one whose fingerprint is not the one asked for is refused, so whoever can
 * write to the schema topic cannot change the meaning of records already written.
 */
export class SchemaResolver {
  readonly topic: string;
  private readonly cache = new Map<string, Resolved>();
  private readonly pending = new Map<string, Promise<Resolved>>();
  private readonly maxEntries: number;
  private readonly timeoutMs: number;

  constructor(private readonly resolve: NotationResolver, private readonly options: SchemaResolverOptions = {}) {
    this.topic = options.topic ?? DEFAULT_SCHEMA_TOPIC;
    this.maxEntries = options.maxEntries ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 30000;
    if (!(this.maxEntries >= 1) || !(this.timeoutMs > 0)) throw new RangeError("maxEntries must be at least 1 and timeoutMs positive");
  }

  /** How many schemas the cache holds. */
  get size(): number {
    return this.cache.size;
  }

  /**
   * Takes a record of the schema topic (key: the fingerprint, value: the notation) into the cache, as a consumer
   * of the topic does; refuses (TypedJsonError) one whose key is not its notation's fingerprint.
   */
  add(key: Uint8Array, notation: string | Uint8Array): ConnectSchema {
    const hex = this.checkLength(key, "the schema topic's record key");
    return this.remember(hex, this.verify(key, hex, notationText(notation, hex))).schema;
  }

  /** The schema of a fingerprint: from the cache, else resolved, verified and cached. */
  async schema(fingerprint: Uint8Array): Promise<ConnectSchema> {
    return (await this.resolved(fingerprint)).schema;
  }

  /** The notation of a fingerprint (verified), as `schema` resolves it. */
  async notation(fingerprint: Uint8Array): Promise<string> {
    return (await this.resolved(fingerprint)).notation;
  }

  private async resolved(fingerprint: Uint8Array): Promise<Resolved> {
    const hex = this.checkLength(fingerprint, `the header ${SCHEMA_REF_HEADER}`);
    const hit = this.cache.get(hex);
    if (hit !== undefined) {
      this.cache.delete(hex); // most recently used goes last
      this.cache.set(hex, hit);
      return hit;
    }
    let waiting = this.pending.get(hex);
    if (waiting === undefined) {
      waiting = this.lookUp(new Uint8Array(fingerprint), hex).finally(() => this.pending.delete(hex));
      this.pending.set(hex, waiting);
    }
    return waiting;
  }

  private async lookUp(fingerprint: Uint8Array, hex: string): Promise<Resolved> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TypedJsonError(`no notation for schema fingerprint ${hex} from the schema topic ${this.topic} within ${this.timeoutMs} ms`, "$", 0)), this.timeoutMs);
    });
    let answer: string | Uint8Array | null | undefined;
    try {
      answer = await Promise.race([Promise.resolve().then(() => this.resolve(fingerprint, hex)), timeout]);
    } catch (e) {
      if (e instanceof TypedJsonError) throw e;
      throw new TypedJsonError(`resolving schema fingerprint ${hex} from the schema topic ${this.topic} failed: ${(e as Error)?.message ?? String(e)}`, "$", 0);
    } finally {
      clearTimeout(timer);
    }
    if (answer === null || answer === undefined) {
      throw new TypedJsonError(`unknown schema fingerprint ${hex}: the schema topic ${this.topic} has no notation for it`, "$", 0);
    }
    return this.remember(hex, this.verify(fingerprint, hex, notationText(answer, hex)));
  }

  private checkLength(fingerprint: Uint8Array, what: string): string {
    if (!(fingerprint instanceof Uint8Array) || fingerprint.length !== FINGERPRINT_BYTES) {
      const n = fingerprint instanceof Uint8Array ? fingerprint.length : 0;
      throw new TypedJsonError(`${what} holds ${n} bytes, not the ${FINGERPRINT_BYTES} bytes of a schema fingerprint`, "$", 0);
    }
    return fingerprintHex(fingerprint);
  }

  private verify(fingerprint: Uint8Array, hex: string, notation: string): Resolved {
    const actual = fingerprintHex(schemaFingerprint(notation));
    if (actual !== hex) {
      throw new TypedJsonError(`the notation given for schema fingerprint ${hex} (schema topic ${this.topic}) has the fingerprint ${actual}: refused, so that the schema topic cannot change the meaning of records already written`, "$", 0);
    }
    const maxLength = limitsOf(this.options).maxStringLength;
    if (notation.length > maxLength) throw new TypedJsonError(`the notation of schema fingerprint ${hex} exceeds the limit of ${maxLength} UTF-16 code units`, "$", 0);
    try {
      return { notation, schema: parseSchemaNotation(notation, this.options) };
    } catch (e) {
      if (e instanceof NotationError) throw new TypedJsonError(`the notation of schema fingerprint ${hex}: ${e.message}`, "$", 0);
      throw e;
    }
  }

  private remember(hex: string, r: Resolved): Resolved {
    this.cache.delete(hex);
    this.cache.set(hex, r);
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    return r;
  }
}

function resolverOf(resolver: SchemaResolver | NotationResolver, options?: ParseOptions): SchemaResolver {
  return resolver instanceof SchemaResolver ? resolver : new SchemaResolver(resolver, options);
}

/**
 * Reads a record value written in location `reference`: `fingerprint` is the record header `typedjson.schema.ref`
 * (`typedjson.key.schema.ref` for keys), resolved to its schema; the value is read as the inline location's "~v".
 * A null value (a tombstone) reads as schema and value null. Throws TypedJsonError: a header that is not 16 bytes,
 * a fingerprint nobody resolves (named in hex), a notation whose fingerprint differs, a value not of the schema.
 * Pass one SchemaResolver for all records (a bare function gets a cache for this call only).
 */
export async function parseConnectReference(fingerprint: Uint8Array, input: string | Uint8Array | null | undefined, resolver: SchemaResolver | NotationResolver, options?: ParseOptions): Promise<SchemaAndValue> {
  const schema = await resolverOf(resolver, options).schema(fingerprint);
  if (input === null || input === undefined) return { schema: null, value: null };
  const sc = new Scanner(input, limitsOf(options));
  if (sc.peek() === Kind.End) sc.fail("empty document", sc.pos);
  const value = readTyped(sc, schema, true);
  sc.expectEnd();
  return { schema, value };
}

/** Record headers as kafkajs gives them (`message.headers`), or as pairs (`[name, value]`, as other clients do). */
export type RecordHeaders = Record<string, Buffer | string | (Buffer | string)[] | undefined> | Iterable<[string, Buffer | string | Uint8Array | null | undefined]>;

function header(headers: RecordHeaders | undefined, name: string): Uint8Array | undefined {
  if (headers === undefined) return undefined;
  let found: Uint8Array | string | null | undefined;
  if (Symbol.iterator in headers) {
    for (const [k, v] of headers as Iterable<[string, Buffer | string | Uint8Array | null | undefined]>) if (k === name) found = v; // the last one, as Connect's lastWithName
  } else {
    const v = (headers as Record<string, Buffer | string | (Buffer | string)[] | undefined>)[name];
    found = Array.isArray(v) ? v[v.length - 1] : v;
  }
  if (found === null || found === undefined) return undefined;
  return typeof found === "string" ? Buffer.from(found, "utf8") : found;
}

export interface ConnectRecordOptions extends ConnectParseOptions {
  /** Read the record key (headers `typedjson.key.schema.ref` / `typedjson.key.schema`) instead of the value. */
  key?: boolean;
}

/**
 * Reads a record value (or key) written by the Connect converter in any location, as the converter does: the
 * reference header → resolved through `resolver`; else the schema header → location header; else the document
 * (inline, or schemaless). `resolver` is needed only for records of location `reference`.
 */
export async function parseConnectRecord(record: { value: string | Uint8Array | null | undefined; headers?: RecordHeaders }, resolver?: SchemaResolver | NotationResolver, options?: ConnectRecordOptions): Promise<SchemaAndValue> {
  const ref = header(record.headers, options?.key ? KEY_SCHEMA_REF_HEADER : SCHEMA_REF_HEADER);
  if (ref !== undefined) {
    if (resolver === undefined) throw new TypedJsonError(`a record with the header ${options?.key ? KEY_SCHEMA_REF_HEADER : SCHEMA_REF_HEADER} (location reference) needs a resolver`, "$", 0);
    return parseConnectReference(ref, record.value, resolver, options);
  }
  if (record.value === null || record.value === undefined) return { schema: null, value: null };
  const notation = header(record.headers, options?.key ? KEY_SCHEMA_HEADER : SCHEMA_HEADER);
  if (notation !== undefined) return parseConnectWithSchema(notation, record.value, options);
  return parseConnect(record.value, options);
}

/** What a producer sends for one value in location `reference`, and the schema topic record it relies on. */
export interface ReferenceRecord {
  /** The record headers: `{"typedjson.schema.ref": <16 bytes>}` (the key header for a key); none for a tombstone. */
  headers: Record<string, Buffer>;
  /** The record value (or key): the typed document, no tags, structs as arrays; null for a tombstone. */
  value: Buffer | null;
  fingerprint: Uint8Array;
  notation: string;
  /** The schema topic's record for this schema: key = fingerprint, value = notation. */
  schemaRecord: { key: Buffer; value: Buffer };
}

/** The schema topic's record of a schema (or of its notation): key = the 16 fingerprint bytes, value = the notation. */
export function schemaTopicRecord(schema: ConnectSchema | string): { key: Buffer; value: Buffer } {
  const notation = typeof schema === "string" ? writeSchemaNotation(parseSchemaNotation(schema)) : writeSchemaNotation(schema);
  return { key: Buffer.from(schemaFingerprint(notation)), value: Buffer.from(notation, "utf8") };
}

/**
 * Writes a value in location `reference`, as the Connect converter does: the headers, the value, and the schema
 * topic record to produce first (once per schema; the topic is compacted). The value is read back with its schema
 * before it is returned, so a value that does not fit the schema is refused (TypedJsonError with its path).
 */
export function writeConnectReference(schema: ConnectSchema, value: ConnectValue, options?: { key?: boolean } & ParseOptions): ReferenceRecord {
  const notation = writeSchemaNotation(schema);
  const fingerprint = schemaFingerprint(notation);
  const schemaRecord = { key: Buffer.from(fingerprint), value: Buffer.from(notation, "utf8") };
  if (value === null) return { headers: {}, value: null, fingerprint, notation, schemaRecord };
  let text: string;
  try {
    text = typedText(value, schema, true);
    const sc = new Scanner(text, limitsOf(options));
    readTyped(sc, schema, true);
    sc.expectEnd();
  } catch (e) {
    // a limit exceeded is no misfit: refused as stringify and the reader refuse it
    if (e instanceof TypedJsonError && namesLimit(e.reason)) throw new TypedJsonError(e.reason, e.path);
    if (e instanceof TypedJsonError) throw new TypedJsonError(`the value does not fit the schema ${notation.length > 200 ? notation.slice(0, 200) + "..." : notation}: ${e.reason}`, e.path);
    throw new TypedJsonError(`the value does not fit the schema ${notation.length > 200 ? notation.slice(0, 200) + "..." : notation}: ${(e as Error).message}`, "$");
  }
  const name = options?.key ? KEY_SCHEMA_REF_HEADER : SCHEMA_REF_HEADER;
  return { headers: { [name]: Buffer.from(fingerprint) }, value: Buffer.from(text, "utf8"), fingerprint, notation, schemaRecord };
}

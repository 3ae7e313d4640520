// Several event types on one topic (SPEC.md section 12): a record says its type by a logical name, in the header
// ce_type, in an envelope {"~type":"<name>","~v":<document>}, or both; a reader maps the name to a type through the
// manifest generated from the Java classes (io.typedjson.jsonschema.EventManifests), and reads the document in the
// typed spelling of that type (SPEC.md sections 5 and 10). Nothing is ever resolved from a record.
import { TypedJsonError, quote } from "./errors";
import { decodeBase64 } from "./base64";
import { Kind, Scanner } from "./scanner";
import { ParseOptions, limitsOf, readDouble, readElements, readPairs, readValue, tagged, unescapeKey } from "./reader";
import { RecordHeaders } from "./reference";
import { formatMark } from "./kafka";
import { valueKey } from "./equality";
import { doubleText, parseFloat32 } from "./numbers";
import * as Times from "./times";
import { BigInteger, Decimal, Float32, Int16, Int32, Int8, Value, parseDecimalLexeme, setMember } from "./types";

/** How to read a type's documents (SPEC.md section 12.5). */
export type Shape = string | { list: Shape } | { set: Shape } | { map: [Shape, Shape] } | { ref: string };
/** A class, sealed type or enum of the manifest's `shapes`. */
export type NamedShape = { object: [string, Shape][] } | { variants: [string, Shape][] } | { enum: string[] };

export interface EventManifest {
  types: { name: string; shape: Shape; schema?: unknown }[];
  shapes: Record<string, NamedShape>;
}

/** What a reader does with a name that is not in the manifest, or a record without one. */
export type UnknownTypes = "fail" | "skip" | "pass";
/** Where the writer put the name; a reader of `document` looks at the envelope only (SPEC.md section 12.2). */
export type TypeLocation = "header" | "document" | "both";

export interface EventReaderOptions extends ParseOptions {
  /** `fail` (the default): a TypedJsonError naming the name; `skip`: `undefined`; `pass`: an {@link UnknownEvent}. */
  unknown?: UnknownTypes;
  /** `header` (the default) and `both` read the name from the header and the envelope; `document` from the envelope only. */
  location?: TypeLocation;
  /** The record header of the name, `ce_type` unless set (Java: typedjson.type.header). */
  header?: string;
  /**
   * `"json"` (Java: typedjson.other.writers=json): a record marked `typedjson-format: plain` or unmarked is a plain
   * document (SPEC.md section 13: no envelope, the name from the header, no string or key a tag or an escape).
   */
  otherWriters?: "none" | "json";
}

/** A record of a listed type: its name and its value (a class as a `Map` from key to value, in the class's key order). */
export interface KnownEvent<N extends string = string> {
  kind: "event";
  type: N;
  value: Value;
}

/** A record whose name is not listed (or that has none, `type` null), under `unknown: "pass"`: its bytes and headers, to forward in order. */
export interface UnknownEvent {
  kind: "unknown";
  type: string | null;
  value: Uint8Array;
  headers: [string, Uint8Array | null][];
}

/** The discriminated union of what a record reads as: switch on `kind`, then on `type`. */
export type EventRecord<N extends string = string> = KnownEvent<N> | UnknownEvent;

const NAME = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,254}$/;
export const DEFAULT_TYPE_HEADER = "ce_type";

/** Whether `name` is an event type name (SPEC.md section 12.1). */
export function isEventTypeName(name: string): boolean {
  return NAME.test(name);
}

/** A name from a record, for a message: quoted, control characters escaped, at most 100 characters shown. */
export function quoteName(name: string | null): string {
  if (name === null) return "(none)";
  const shown = name.length > 100 ? name.slice(0, 100) : name;
  let out = '"';
  for (const ch of shown) {
    const c = ch.charCodeAt(0);
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (c < 0x20 || c === 0x7f || c === 0x2028 || c === 0x2029) out += "\\u" + c.toString(16).toUpperCase().padStart(4, "0");
    else out += ch;
  }
  out += '"';
  return name.length > 100 ? `${out}...(${name.length - 100} more characters)` : out;
}

/** Checks a manifest's structure (the names, the shapes and their references) and returns it typed. */
export function parseManifest(input: string | EventManifest): EventManifest {
  const m = (typeof input === "string" ? JSON.parse(input) : input) as EventManifest;
  if (m === null || typeof m !== "object" || !Array.isArray(m.types) || m.shapes === null || typeof m.shapes !== "object") {
    throw new Error("a manifest is {\"types\":[…],\"shapes\":{…}}");
  }
  const seen = new Set<string>();
  const check = (s: Shape, where: string): void => {
    if (typeof s === "string") {
      if (!SCALARS.has(s.endsWith("!") ? s.slice(0, -1) : s) && s !== "dynamic") throw new Error(`${where}: unknown shape ${JSON.stringify(s)}`);
    } else if ("list" in s) check(s.list, where);
    else if ("set" in s) check(s.set, where);
    else if ("map" in s) {
      check(s.map[0], where);
      check(s.map[1], where);
    } else if ("ref" in s) {
      if (!(s.ref in m.shapes)) throw new Error(`${where}: shape ${JSON.stringify(s.ref)} is not in "shapes"`);
    } else throw new Error(`${where}: unknown shape ${JSON.stringify(s)}`);
  };
  for (const t of m.types) {
    if (!isEventTypeName(t.name)) throw new Error(`${JSON.stringify(t.name)} is not an event type name`);
    if (seen.has(t.name)) throw new Error(`the event type ${t.name} is listed twice`);
    seen.add(t.name);
    check(t.shape, t.name);
  }
  for (const [name, s] of Object.entries(m.shapes)) {
    if ("object" in s) s.object.forEach(([, f]) => check(f, name));
    else if ("variants" in s) s.variants.forEach(([, f]) => check(f, name));
    else if (!("enum" in s)) throw new Error(`${name}: unknown named shape`);
  }
  return m;
}

/** Reads the records of a topic of several event types by the manifest. */
export class EventReader<N extends string = string> {
  readonly manifest: EventManifest;
  private readonly types = new Map<string, Shape>();
  private readonly unknown: UnknownTypes;
  private readonly location: TypeLocation;
  private readonly header: string;
  private readonly options?: EventReaderOptions;

  constructor(manifest: EventManifest | string, options?: EventReaderOptions) {
    this.manifest = parseManifest(manifest);
    for (const t of this.manifest.types) this.types.set(t.name, t.shape);
    this.unknown = options?.unknown ?? "fail";
    this.location = options?.location ?? "header";
    this.header = options?.header ?? DEFAULT_TYPE_HEADER;
    this.options = options;
  }

  /** The listed names, in the manifest's order. */
  get names(): string[] {
    return [...this.types.keys()];
  }

  /**
   * A record's event: `null` for a tombstone, `undefined` for a record skipped (`unknown: "skip"`), an
   * {@link UnknownEvent} under `unknown: "pass"`, else the listed type's value; throws {@link TypedJsonError}.
   */
  read(record: { value: string | Uint8Array | null | undefined; headers?: RecordHeaders }): EventRecord<N> | null | undefined {
    if (record.value === null || record.value === undefined) return null;
    const bytes = typeof record.value === "string" ? new TextEncoder().encode(record.value) : record.value;
    const plain = this.options?.otherWriters === "json" ? formatMark(record.headers) !== "typed" : this.options?.plain === true;
    const headers = headerPairs(record.headers);
    let fromHeader: string | null = null;
    let nullHeader = false;
    let notUtf8: string | null = null;
    if (this.location !== "document") {
      const values = headers.filter(([k]) => k === this.header);
      if (values.length > 1) throw new TypedJsonError(`the record has more than one header ${this.header} (an event has one type)`, "$");
      const v = values.length === 1 ? values[0][1] : null;
      nullHeader = values.length === 1 && v === null;
      fromHeader = v === null ? null : new TextDecoder("utf-8", { ignoreBOM: true }).decode(v); // a BOM is part of the name
      const bad = v === null ? -1 : firstNotUtf8(v);
      // a name in no list (SPEC.md 12.2), said to be what it is when refused
      if (bad >= 0) notUtf8 = `the record's header ${this.header} is not UTF-8 (byte ${v![bad].toString(16).toUpperCase().padStart(2, "0")} at index ${bad}): it names no listed event type`;
    }
    // a value that is no document (a byte order mark, a NUL among its first bytes) is no envelope: an unlisted name in
    // the header leaves it unread, as Java does (SPEC.md 12.3); a listed one refuses it
    let sc!: Scanner;
    let badStart: TypedJsonError | undefined;
    try {
      sc = new Scanner(bytes, limitsOf(this.options));
      sc.plain = plain;
    } catch (e) {
      if (!(e instanceof TypedJsonError)) throw e;
      badStart = e;
    }
    const envelope = isEnvelope(bytes, this.options);
    // typedjson's envelope, unmarked (a writer with no headers), met by a reader of plain JSON: refused, never read as
    // an object of its keys (SPEC.md 13.2)
    if (plain && envelope) throw new TypedJsonError(PLAIN_ENVELOPE, "$");
    if (!envelope) {
      const shape = fromHeader === null ? undefined : this.types.get(fromHeader);
      if (shape === undefined) {
        if (notUtf8 !== null && this.unknown === "fail") throw new TypedJsonError(`${notUtf8} (the topic's types are ${this.names.join(", ")})`, "$");
        return this.unlisted(fromHeader, fromHeader === null ? this.missing(nullHeader) : `in header ${this.header}`, bytes, headers);
      }
      if (badStart !== undefined) throw badStart;
      const value = readShaped(sc, shape, this.manifest.shapes);
      sc.expectEnd();
      return { kind: "event", type: fromHeader as N, value };
    }
    sc.peek();
    sc.beginObject();
    sc.readKey(); // "~type", as isEnvelope saw
    sc.pushKey("~type");
    if (sc.peek() !== Kind.String) sc.fail(`${describe(sc)} where the name of an event type belongs`);
    const name = sc.readString();
    if (fromHeader !== null && fromHeader !== name) {
      sc.fail(`event types disagree: header ${this.header} says ${quoteName(fromHeader)} and the document says ${quoteName(name)}`);
    }
    const shape = this.types.get(name);
    if (shape === undefined && this.unknown === "fail") sc.fail(this.unknownMessage(name, `in the document's "~type"`));
    sc.pop();
    if (!sc.nextMember()) sc.fail(`'}' where the key "~v" of an event envelope belongs`, sc.pos - 1);
    const key = sc.readKey();
    if (key !== "~v") sc.fail(`key ${quote(key)} where the key "~v" of an event envelope belongs`, sc.keyStart);
    sc.pushKey("~v");
    const value = shape === undefined ? (readValueSkipping(sc), null) : readShaped(sc, shape, this.manifest.shapes);
    sc.pop();
    if (sc.nextMember()) {
      const extra = sc.readKey();
      sc.fail(`key ${quote(abbreviate(extra))} after the document of an event envelope (it has only the keys "~type" and "~v")`, sc.keyStart);
    }
    sc.expectEnd();
    if (shape === undefined) return this.unlisted(name, `in the document's "~type"`, bytes, headers);
    return { kind: "event", type: name as N, value };
  }

  /** `nullHeader`: the record has the type header with a null value, which is named so rather than as no header. */
  private missing(nullHeader: boolean): string {
    const header = nullHeader ? `'s header ${this.header} has a null value` : ` has no header ${this.header}`;
    return `no event type: the record${header} and its value is no event envelope {"~type":"<name>","~v":<document>}`;
  }

  private unknownMessage(name: string, where: string): string {
    return `unknown event type ${quoteName(name)} ${where} (the topic's types are ${this.names.join(", ")})`;
  }

  private unlisted(name: string | null, where: string, bytes: Uint8Array, headers: [string, Uint8Array | null][]): UnknownEvent | undefined {
    switch (this.unknown) {
      case "skip":
        return undefined;
      case "pass":
        return { kind: "unknown", type: name, value: bytes.slice(), headers };
      default:
        throw new TypedJsonError(name === null ? `${where} (the topic's types are ${this.names.join(", ")})` : this.unknownMessage(name, where), "$");
    }
  }
}

function headerPairs(headers: RecordHeaders | undefined): [string, Uint8Array | null][] {
  const out: [string, Uint8Array | null][] = [];
  if (headers === undefined) return out;
  const bytes = (v: Buffer | string | Uint8Array | null | undefined): Uint8Array | null =>
    v === null || v === undefined ? null : typeof v === "string" ? new TextEncoder().encode(v) : v;
  if (Symbol.iterator in headers) {
    for (const [k, v] of headers as Iterable<[string, Buffer | string | Uint8Array | null | undefined]>) out.push([k, bytes(v)]);
  } else {
    for (const [k, v] of Object.entries(headers as Record<string, Buffer | string | (Buffer | string)[] | undefined>)) {
      if (Array.isArray(v)) v.forEach((one) => out.push([k, bytes(one)]));
      else if (v !== undefined) out.push([k, bytes(v)]);
    }
  }
  return out;
}

/** The index of the first byte that begins no well-formed UTF-8 sequence (Unicode table 3-7), or -1. */
function firstNotUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n === 0 || i + n > b.length) return i;
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (n > 1 && (b[i + 1] < lo || b[i + 1] > hi)) return i;
    for (let k = 2; k < n; k++) if (b[i + k] < 0x80 || b[i + k] > 0xbf) return i;
    i += n;
  }
  return -1;
}

/** Whether a document is an envelope: an object whose first key is `~type` after JSON unescaping. */
const PLAIN_ENVELOPE = "an event envelope (first key \"~type\") in a record read as plain JSON (typedjson.other.writers=json, no header typedjson-format): typedjson's writers mark their records while other writers share the topic (typedjson.format.header=typed)";

function isEnvelope(bytes: Uint8Array, options?: ParseOptions): boolean {
  try {
    const sc = new Scanner(bytes, limitsOf(options));
    if (sc.peek() !== Kind.Object || sc.beginObject()) return false;
    return sc.readKey() === "~type";
  } catch (e) {
    if (e instanceof TypedJsonError) return false;
    throw e;
  }
}

/** A value of an unlisted type: read as the dynamic model would skip it (checked to be JSON, not read as any type). */
/**
 * Refuses a class's (or a skipped object's) duplicate key, the reader after its `:`: by its own path at the value
 * that follows it, once that value's first token is read (SPEC.md section 8).
 */
function duplicate(sc: Scanner, reason: string): never {
  sc.skipWhitespace();
  const at = sc.pos;
  sc.firstToken();
  return sc.fail(reason, at);
}

function readValueSkipping(sc: Scanner): void {
  skip(sc);
}

function skip(sc: Scanner): void {
  switch (sc.peek()) {
    case Kind.Object: {
      const seen = new Set<string>();
      if (!sc.beginObject()) {
        do {
          const k = sc.readKey();
          // a skipped value's refusals name their path inside it, as Java's do; a duplicate key its own path
          sc.pushKey(k);
          if (seen.has(k)) duplicate(sc, `duplicate key ${quote(k)}`);
          seen.add(k);
          skip(sc);
          sc.pop();
        } while (sc.nextMember());
      }
      return;
    }
    case Kind.Array:
      if (!sc.beginArray()) {
        let i = 0;
        do {
          sc.pushIndex(i++);
          skip(sc);
          sc.pop();
        } while (sc.nextElement());
      }
      return;
    case Kind.String:
      sc.readString();
      return;
    case Kind.Number:
      sc.readNumber();
      return;
    default:
      sc.readLiteral();
  }
}

// ---- the typed spelling of a shape (SPEC.md sections 5, 5.2 and 10)

const SCALARS = new Set(["boolean", "int8", "int16", "int32", "int64", "bigint", "float32", "float64", "decimal", "char",
  "string", "bytes", "instant", "date", "time", "datetime", "offsetdatetime", "uuid", "duration"]);

const TAGS: Record<string, string> = {
  int8: "y", int16: "s", int32: "i", bigint: "n", float32: "f", decimal: "d", bytes: "b", instant: "t", date: "D",
  time: "T", datetime: "L", offsetdatetime: "O", uuid: "u", duration: "P",
};

/** The value a missing key of a primitive gets (Java's zero), or null for a reference. */
function missing(shape: Shape): Value {
  if (typeof shape !== "string" || !shape.endsWith("!")) return null;
  switch (shape.slice(0, -1)) {
    case "boolean": return false;
    case "int8": return new Int8(0);
    case "int16": return new Int16(0);
    case "int32": return new Int32(0);
    case "int64": return 0n;
    case "float32": return new Float32(0);
    case "float64": return 0;
    case "char": return "\u0000";
    default: return null;
  }
}

// the messages name the offending token as the Java reader does (ReadErrors.describe), so that the three readers
// give the same reason for the same record (spec/vectors/events.json)
const DUPLICATE_ELEMENT = "duplicate element in a set: the same value as an earlier one (SPEC.md 7.1: byte arrays by content, numbers by type and bits or scale)";

/** At most 40 characters of a token's text, then how long it was. */
function abbreviate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...(${text.length} chars)` : text;
}

/** The token the scanner is on, for a message (`string "abc"`, `number 1.5`, `an object`); the scanner stays on it. */
function describe(sc: Scanner): string {
  const k = sc.peek();
  const at = sc.pos;
  switch (k) {
    case Kind.String: {
      const s = sc.readString();
      sc.pos = at;
      return `string ${quote(abbreviate(s))}`;
    }
    case Kind.Number: {
      const { text } = sc.readNumber();
      sc.pos = at;
      return `number ${abbreviate(text)}`;
    }
    case Kind.Array: return "an array";
    case Kind.Object: return "an object";
    case Kind.Null: return "null";
    case Kind.True: return "true";
    case Kind.False: return "false";
    case Kind.End: return "end of document";
    default: return kindName(k);
  }
}

function kindName(k: Kind): string {
  switch (k) {
    case Kind.String: return "a string";
    case Kind.Number: return "a number";
    case Kind.Array: return "an array";
    case Kind.Object: return "an object";
    case Kind.Null: return "null";
    case Kind.End: return "end of document";
    default: return "a boolean";
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function integer(sc: Scanner, type: string, min: bigint, max: bigint): bigint {
  const k = sc.peek();
  if (k !== Kind.Number) sc.fail(`${describe(sc)} where ${article(type)} belongs`);
  const { text, integer } = sc.readNumber();
  if (!integer) sc.fail(`number ${text} has a fraction or exponent where ${article(type)} belongs`);
  const v = BigInt(text);
  if (v < min || v > max) sc.fail(`number ${text} is out of range for ${type}`);
  return v;
}

function text(sc: Scanner, type: string): string {
  const k = sc.peek();
  if (k !== Kind.String) sc.fail(`${describe(sc)} where ${article(type)} belongs`);
  return sc.readString();
}

/** One value of `shape` in its typed spelling, the scanner on its first token. */
export function readShaped(sc: Scanner, shape: Shape, shapes: Record<string, NamedShape>): Value {
  const k = sc.peek();
  if (k === Kind.Null) {
    if (typeof shape === "string" && shape.endsWith("!")) sc.fail(`null where ${article(shape.slice(0, -1))} belongs`);
    sc.readLiteral();
    return null;
  }
  if (typeof shape === "string") return scalar(sc, shape.endsWith("!") ? shape.slice(0, -1) : shape);
  if ("list" in shape || "set" in shape) {
    const element = "list" in shape ? shape.list : shape.set;
    if (k !== Kind.Array) sc.fail(`${describe(sc)} where an array belongs`);
    const out = readElements(sc, () => readShaped(sc, element, shapes), "set" in shape ? DUPLICATE_ELEMENT : undefined);
    return "set" in shape ? new Set(out.map(setMember)) : out;
  }
  if ("map" in shape) return map(sc, shape.map[0], shape.map[1], shapes);
  const named = shapes[shape.ref];
  if ("enum" in named) {
    const s = text(sc, "enum constant");
    const name = s.startsWith("~~") && !sc.plain ? s.slice(1) : s;
    if (s.startsWith("~") && !s.startsWith("~~") && !sc.plain || !named.enum.includes(name)) {
      sc.fail(`unknown constant ${quote(s)} of ${shape.ref} (expected one of ${named.enum.join(", ")})`);
    }
    return name;
  }
  if (k !== Kind.Object) sc.fail(`${describe(sc)} where an object (${shape.ref}) belongs`);
  if ("variants" in named) {
    if (sc.beginObject()) sc.fail(`empty object where a variant of ${shape.ref} belongs`);
    const raw = sc.readKey();
    const variant = named.variants.find(([n]) => n === raw);
    if (variant === undefined) sc.fail(`unknown variant ${quote(raw)} of ${shape.ref} (expected one of ${named.variants.map(([n]) => n).join(", ")})`, sc.keyStart);
    sc.pushKey(raw);
    if (sc.peek() === Kind.Null) sc.fail(`null where the value of variant ${raw} belongs`);
    const value = readShaped(sc, variant[1], shapes);
    sc.pop();
    if (sc.nextMember()) sc.fail(`a variant of ${shape.ref} is an object with exactly one key`, sc.keyStart);
    return new Map<Value, Value>([[raw, value]]);
  }
  // a class: keys in any order, unknown keys skipped, missing keys null or zero, no key twice
  const values = new Map<string, Value>();
  const seen = new Set<string>();
  if (!sc.beginObject()) {
    do {
      const raw = sc.readKey();
      const at = sc.keyStart;
      if (raw === "~" || raw.length > 1 && raw[0] === "~" && raw[1] !== "~") {
        sc.fail(`format key ${quote(raw)} where a field of ${shape.ref} belongs (a key starting with '~' is written with the '~' doubled)`, at);
      }
      const key = unescapeKey(sc, raw, at);
      sc.pushKey(raw);
      if (seen.has(key)) duplicate(sc, `duplicate key ${quote(raw)}`);
      seen.add(key);
      const field = named.object.find(([n]) => n === key);
      const value = field === undefined ? skip(sc) : readShaped(sc, field[1], shapes);
      if (field !== undefined) values.set(key, value!);
      sc.pop();
    } while (sc.nextMember());
  }
  const out = new Map<Value, Value>();
  for (const [key, s] of named.object) out.set(key, values.has(key) ? values.get(key)! : missing(s));
  return out;
}

function scalar(sc: Scanner, type: string): Value {
  switch (type) {
    case "dynamic":
      return readValue(sc);
    case "boolean": {
      const k = sc.peek();
      if (k !== Kind.True && k !== Kind.False) sc.fail(`${describe(sc)} where a boolean belongs`);
      return sc.readLiteral();
    }
    case "int8": return new Int8(Number(integer(sc, "int8", -128n, 127n)));
    case "int16": return new Int16(Number(integer(sc, "int16", -32768n, 32767n)));
    case "int32": return new Int32(Number(integer(sc, "int32", -2147483648n, 2147483647n)));
    case "int64": return integer(sc, "int64", -(2n ** 63n), 2n ** 63n - 1n);
    case "bigint": return new BigInteger(integer(sc, "integer", -(10n ** 1000000n), 10n ** 1000000n));
    case "float32":
    case "float64": {
      const k = sc.peek();
      if (k === Kind.String) {
        const s = sc.readString();
        const v = s === "NaN" ? NaN : s === "Infinity" ? Infinity : s === "-Infinity" ? -Infinity : undefined;
        if (v === undefined) sc.fail(`string ${quote(s)} where ${article(type)} belongs (only "NaN", "Infinity" and "-Infinity" are spelled as strings)`);
        return type === "float32" ? new Float32(v) : v;
      }
      if (k !== Kind.Number) sc.fail(`${describe(sc)} where ${article(type)} belongs`);
      const { text: lexeme } = sc.readNumber();
      if (type === "float64") return readDouble(sc, lexeme);
      const f = parseFloat32(lexeme);
      if (!Number.isFinite(f)) sc.fail(`number ${lexeme} is out of range for float32`);
      return new Float32(f);
    }
    case "decimal": {
      const k = sc.peek();
      if (k !== Kind.Number) sc.fail(`${describe(sc)} where a decimal belongs`);
      const { text: lexeme } = sc.readNumber();
      const d = parseDecimalLexeme(lexeme);
      if (d === undefined) sc.fail(`decimal ${lexeme} has a scale beyond -2147483647…2147483647`);
      return d as Decimal;
    }
    case "string": {
      const s = text(sc, "string");
      if (s.length === 0 || s.charCodeAt(0) !== 126 || sc.plain) return s;
      if (s.length > 1 && s.charCodeAt(1) === 126) return s.slice(1);
      return sc.fail(`tagged value ${quote(s)} where a plain string belongs (a string starting with '~' is written with the '~' doubled)`);
    }
    case "char": {
      const s = text(sc, "char");
      const c = s === "~~" && !sc.plain ? "~" : s;
      if (c.length !== 1 || s === "~" && !sc.plain) sc.fail(`string ${quote(s)} where a char (one UTF-16 unit) belongs`);
      return c;
    }
    case "bytes": {
      const s = text(sc, "bytes");
      const b = decodeBase64(s);
      if (typeof b === "string") sc.fail(`malformed base64 ${quote(s)}: ${b}`);
      return b;
    }
    case "instant": return time(sc, "instant", Times.parseInstantTyped);
    case "date": return time(sc, "local date", (s) => Times.parseLocalDate(s));
    case "time": return time(sc, "local time", Times.parseLocalTimeTyped);
    case "datetime": return time(sc, "local date-time", (s) => Times.parseLocalDateTime(s.replace(/^([^Tt]+)t/, "$1T"), false));
    case "offsetdatetime":
      return time(sc, "offset date-time", (s) => Times.parseOffsetDateTime(s.replace(/^([^Tt]+)t/, "$1T").replace(/z$/, "Z").replace(/-00:00$/, "+00:00"), false));
    case "uuid": return time(sc, "UUID", (s) => Times.parseUuid(s.toLowerCase()));
    case "duration": return time(sc, "duration", Times.parseDuration);
    default:
      return sc.fail(`unknown shape ${quote(type)}`);
  }
}

function time<V>(sc: Scanner, what: string, parse: (s: string) => V | undefined): V {
  const s = text(sc, what);
  const v = parse(s);
  if (v === undefined) sc.fail(`malformed ${what} ${quote(s)}`);
  return v;
}

/** A map: string keys as an object; scalar and enum keys as an object of their canonical text; others as pairs. */
function map(sc: Scanner, key: Shape, value: Shape, shapes: Record<string, NamedShape>): Map<Value, Value> {
  const k = sc.peek();
  const keyType = typeof key === "string" ? key.replace(/!$/, "") : undefined;
  const named = typeof key === "object" && "ref" in key ? shapes[key.ref] : undefined;
  const out = new Map<Value, Value>();
  if (keyType !== undefined && keyType !== "dynamic" || named !== undefined && "enum" in named) {
    if (k !== Kind.Object) sc.fail(`${describe(sc)} where an object belongs`);
    const seen = new Set<string>();
    if (!sc.beginObject()) {
      do {
        const raw = sc.readKey();
        const at = sc.keyStart;
        const mk = mapKey(sc, keyType, named, raw, at); // a key that is no key of the type: named by the map, as Java does
        sc.pushKey(raw);
        sc.skipWhitespace();
        const valueAt = sc.pos;
        const v = readShaped(sc, value, shapes);
        // a map's duplicate key is found once its value is read, at the value (SPEC.md section 8)
        if (seen.has(raw)) sc.fail(`duplicate key ${quote(raw)}`, valueAt);
        seen.add(raw);
        out.set(setMember(mk), v);
        sc.pop();
      } while (sc.nextMember());
    }
    return out;
  }
  if (k !== Kind.Array) sc.fail(`${describe(sc)} where an array of alternating keys and values belongs`);
  readPairs(sc, out, () => readShaped(sc, key, shapes), () => readShaped(sc, value, shapes), "a map", "a map's array");
  return out;
}

/** An object key of a typed map: the canonical text of the key type (SPEC.md section 10), nothing else. */
function mapKey(sc: Scanner, type: string | undefined, named: NamedShape | undefined, raw: string, at: number): Value {
  if (named !== undefined && "enum" in named) {
    const name = unescapeKey(sc, raw, at);
    if (!named.enum.includes(name)) sc.fail(`unknown constant ${quote(raw)} as a map key (expected one of ${named.enum.join(", ")})`, at);
    return name;
  }
  const bad = (): never => sc.fail(`key ${quote(raw)} is not the canonical text of ${article(type!)}`, at);
  switch (type) {
    case "string":
      return unescapeKey(sc, raw, at);
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : bad();
    case "char":
      return sc.plain ? (raw.length === 1 ? raw : bad()) : raw.length === 1 && raw !== "~" ? raw : raw === "~~" ? "~" : bad();
    case "int64": {
      if (!/^(0|-?[1-9][0-9]*)$/.test(raw)) return bad();
      const v = BigInt(raw);
      return v < -(2n ** 63n) || v >= 2n ** 63n ? bad() : v;
    }
    case "float64": {
      if (raw === "NaN") return NaN;
      if (raw === "Infinity") return Infinity;
      if (raw === "-Infinity") return -Infinity;
      const d = Number(raw);
      return /^-?[0-9]/.test(raw) && Number.isFinite(d) && doubleText(d) === raw ? d : bad();
    }
    default: {
      const tag = TAGS[type!];
      if (tag === undefined) return bad();
      try {
        return tagged(sc, "~" + tag + raw);
      } catch (e) {
        if (e instanceof TypedJsonError) bad();
        throw e;
      }
    }
  }
}

// Kafka Connect's inline documents (SPEC.md section 11): {"~s":"<schema notation>","~v":<value>}. The schema says
// each value's type, so values carry no tags: they are read in the typed spelling of their Connect type.
import { decodeBase64 } from "./base64";
import { valueKey } from "./equality";
import { TypedJsonError, quote } from "./errors";
import { limitsOf, parse, ParseOptions, readDouble, readPairs, unescapeKey } from "./reader";
import { Kind, Scanner } from "./scanner";
import * as Times from "./times";
import { Decimal, Float32, Float64, Instant, Int16, Int32, Int8, LocalDate, LocalTime, parseDecimalLexeme, setMember } from "./types";
import { encodeBase64 } from "./base64";
import { decimalText, doubleText, float32Text, nonFiniteText, parseFloat32 } from "./numbers";
import { quoteJson } from "./writer";
import type { Value } from "./types";

export type ConnectType = "INT8" | "INT16" | "INT32" | "INT64" | "FLOAT32" | "FLOAT64" | "BOOLEAN" | "STRING" | "BYTES" | "ARRAY" | "MAP" | "STRUCT";

/** A Connect schema, as the notation carries it: type, optionality, default, name, version, doc, parameters, nesting. */
export interface ConnectSchema {
  type: ConnectType;
  optional: boolean;
  name?: string;
  version?: number;
  doc?: string;
  /** Parameters in their order (a Map: JavaScript objects reorder integer-like keys). */
  parameters?: Map<string, string>;
  /** The default value, typed as the schema says; absent when the schema has none. */
  defaultValue?: ConnectValue;
  /** STRUCT: the fields in order. */
  fields?: { name: string; schema: ConnectSchema }[];
  /** MAP: the key schema. */
  keySchema?: ConnectSchema;
  /** ARRAY and MAP: the element or value schema. */
  valueSchema?: ConnectSchema;
}

/**
 * A Connect value: INT8/16/32 as Int8/Int16/Int32, INT64 as bigint, FLOAT32 as Float32, FLOAT64 as number,
 * BOOLEAN, STRING, BYTES as Uint8Array, Decimal as Decimal (with the schema's scale), Date as LocalDate, Time as
 * LocalTime, Timestamp as Instant (milliseconds), ARRAY as an array, MAP as a Map, STRUCT as a Map from field
 * name to value in schema order (every field present; an unset field is null).
 */
export type ConnectValue = Value;

/** A schema and its value; `schema` is null for a document without one (the dynamic model's value). */
export interface SchemaAndValue {
  schema: ConnectSchema | null;
  value: ConnectValue;
}

export const DECIMAL = "org.apache.kafka.connect.data.Decimal";
export const DATE = "org.apache.kafka.connect.data.Date";
export const TIME = "org.apache.kafka.connect.data.Time";
export const TIMESTAMP = "org.apache.kafka.connect.data.Timestamp";
const PRECISION = "connect.decimal.precision";

export class NotationError extends Error {}

const BARE = /[A-Za-z0-9_.$+\-]/;
const BARE_WORD = /^[A-Za-z0-9_.$+\-]+$/;
const SUFFIX_ORDER = "(@#!?=";
const CANONICAL_INT = /^(0|-?[1-9][0-9]*)$/;

/** The schema notation's parser (a port of the Java one; the same grammar, the same checks). */
class NotationParser {
  pos = 0;
  constructor(readonly text: string, readonly options?: ParseOptions) {}

  error(reason: string): never {
    const t = this.text.length > 200 ? this.text.slice(0, 200) + "..." : this.text;
    throw new NotationError(`invalid schema notation at character ${this.pos}: ${reason} in ${t}`);
  }

  peek(): string {
    return this.pos < this.text.length ? this.text[this.pos] : "\0";
  }

  accept(c: string): boolean {
    if (this.peek() === c) {
      this.pos++;
      return true;
    }
    return false;
  }

  expect(c: string): void {
    if (this.peek() !== c) this.error(this.pos < this.text.length ? `expected '${c}' but found '${this.peek()}'` : `expected '${c}' but the text ended`);
    this.pos++;
  }

  depth = 0;

  schema(): ConnectSchema {
    const limit = limitsOf(this.options).maxDepth;
    if (++this.depth > limit) this.error(`schema nested deeper than the limit of ${limit} levels (raise limits.maxDepth; typedjson.max.depth in Java)`);
    const s = this.suffixes(this.base());
    this.depth--;
    return s;
  }

  base(): ConnectSchema {
    const c = this.peek();
    if (c === "[") {
      this.pos++;
      const element = this.schema();
      this.expect("]");
      return { type: "ARRAY", optional: false, valueSchema: element };
    }
    if (c === "<") {
      this.pos++;
      const key = this.schema();
      this.expect(",");
      const value = this.schema();
      this.expect(">");
      return { type: "MAP", optional: false, keySchema: key, valueSchema: value };
    }
    if (c === "{") {
      this.pos++;
      const fields: { name: string; schema: ConnectSchema }[] = [];
      if (this.accept("}")) return { type: "STRUCT", optional: false, fields };
      do {
        const at = this.pos;
        const name = this.word();
        const colon = this.pos;
        const schema = this.accept(":") ? this.schema() : this.suffixes({ type: "STRING", optional: false });
        if (colon !== this.pos && this.text[colon] === ":" && schema.type === "STRING") {
          this.pos = colon;
          this.error("a string field is written without ':str'");
        }
        if (name === "") {
          this.pos = at;
          this.error("fieldName cannot be null."); // Connect's words: a field name is non-empty (SPEC.md section 11)
        }
        if (fields.some((f) => f.name === name)) {
          this.pos = at;
          this.error(`Cannot create field because of field name duplication ${name}`);
        }
        fields.push({ name, schema });
      } while (this.accept(","));
      this.expect("}");
      return { type: "STRUCT", optional: false, fields };
    }
    const start = this.pos;
    while (this.pos < this.text.length && /[\p{L}\p{Nd}]/u.test(this.text[this.pos])) this.pos++;
    const t = this.text.slice(start, this.pos);
    const simple: Record<string, ConnectType> = { i8: "INT8", i16: "INT16", i32: "INT32", i64: "INT64", f32: "FLOAT32", f64: "FLOAT64", bool: "BOOLEAN", str: "STRING", bytes: "BYTES" };
    if (Object.prototype.hasOwnProperty.call(simple, t)) return { type: simple[t], optional: false };
    switch (t) {
      case "date":
        return { type: "INT32", optional: false, name: DATE, version: 1 };
      case "time":
        return { type: "INT32", optional: false, name: TIME, version: 1 };
      case "ts":
        return { type: "INT64", optional: false, name: TIMESTAMP, version: 1 };
      case "dec": {
        this.expect("(");
        const first = this.integer();
        const parameters = new Map<string, string>();
        if (this.accept(",")) {
          const scale = this.integer();
          this.expect(")");
          parameters.set("scale", String(scale)).set(PRECISION, String(first));
        } else {
          this.expect(")");
          parameters.set("scale", String(first));
        }
        return { type: "BYTES", optional: false, name: DECIMAL, version: 1, parameters };
      }
      default:
        this.pos = start;
        return this.error(t === "" ? "expected a type" : `unknown type '${t}'`);
    }
  }

  suffixes(s: ConnectSchema): ConnectSchema {
    let defaultText: string | undefined;
    let optional = false;
    let params = false;
    let last = -1;
    for (;;) {
      const at = this.pos;
      const once = (seen: boolean, what: string) => {
        if (seen) {
          this.pos = at;
          this.error(`duplicate ${what}`);
        }
      };
      const c = this.peek();
      // one spelling: each suffix at most once, in the order ( @ # ! ? =
      const rank = SUFFIX_ORDER.indexOf(c);
      if (rank >= 0) {
        if (rank === last) this.error(`duplicate suffix '${c}'`);
        if (rank < last) this.error(`suffix '${c}' after '${SUFFIX_ORDER[last]}'`);
        last = rank;
      }
      if (c === "?") {
        this.pos++;
        once(optional, "'?'");
        optional = true;
      } else if (c === "@") {
        this.pos++;
        once(s.name !== undefined, "name");
        s.name = this.word();
      } else if (c === "#") {
        this.pos++;
        once(s.version !== undefined, "version");
        s.version = this.integer();
      } else if (c === "!") {
        this.pos++;
        once(s.doc !== undefined, "doc");
        s.doc = this.word();
      } else if (c === "(") {
        this.pos++;
        once(params, "parameters");
        params = true;
        const map = s.parameters ?? new Map<string, string>();
        const mine = new Set<string>();
        if (!this.accept(")")) {
          do {
            const k = this.word();
            this.expect("=");
            if (mine.has(k)) this.error(`duplicate parameter '${k}'`);
            mine.add(k);
            map.set(k, this.word());
          } while (this.accept(","));
          this.expect(")");
        }
        s.parameters = map;
      } else if (c === "=") {
        this.pos++;
        once(defaultText !== undefined, "default value");
        defaultText = this.word();
      } else break;
    }
    s.optional = optional;
    if (defaultText !== undefined) {
      try {
        const sc = new Scanner(defaultText, limitsOf(this.options));
        if (sc.peek() === Kind.End) sc.fail("empty document", 0);
        const v = readTyped(sc, s, false);
        sc.expectEnd();
        if (v === null) throw new Error("a default value cannot be null");
        s.defaultValue = v;
      } catch (e) {
        this.error(`invalid default value ${defaultText}: ${(e as Error).message}`);
      }
    }
    return s;
  }

  integer(): number {
    const start = this.pos;
    if (this.peek() === "-") this.pos++;
    while (this.pos < this.text.length && this.text[this.pos] >= "0" && this.text[this.pos] <= "9") this.pos++;
    const t = this.text.slice(start, this.pos);
    const v = Number(t);
    if (!/^-?[0-9]+$/.test(t) || v < -2147483648 || v > 2147483647) {
      this.pos = start;
      this.error("expected an integer");
    }
    if (!CANONICAL_INT.test(t)) {
      this.pos = start;
      this.error(`non-canonical integer '${t}'`);
    }
    return v;
  }

  word(): string {
    if (this.peek() === "`") {
      const start = this.pos;
      let out = "";
      this.pos++;
      for (;;) {
        if (this.pos >= this.text.length) this.error("unterminated `quoted` word");
        const c = this.text[this.pos++];
        if (c === "`") {
          if (this.peek() !== "`") break;
          this.pos++;
        }
        out += c;
      }
      if (BARE_WORD.test(out)) {
        this.pos = start;
        this.error(`the word ${out} is written without backticks`);
      }
      return out;
    }
    const start = this.pos;
    while (this.pos < this.text.length && BARE.test(this.text[this.pos])) this.pos++;
    if (this.pos === start) this.error("expected a name or a `quoted` word");
    return this.text.slice(start, this.pos);
  }
}

/** Parses the schema notation (`{id:i64,name,amount:dec(2)?}`); throws an Error naming the character offset. */
export function parseSchemaNotation(text: string, options?: ParseOptions): ConnectSchema {
  const p = new NotationParser(text, options);
  const s = p.schema();
  if (p.pos !== text.length) p.error(`unexpected '${text[p.pos]}' after the schema`);
  // one spelling per schema: what the writer writes for the schema read, and nothing else
  const canonical = writeSchemaNotation(s);
  if (canonical !== text) {
    let i = 0;
    while (i < text.length && i < canonical.length && text[i] === canonical[i]) i++;
    p.pos = i;
    p.error(`non-canonical notation: a schema has one spelling, and this one is written ${canonical.length > 200 ? canonical.slice(0, 200) + "..." : canonical}`);
  }
  return s;
}

/** A word of the notation: bare when it can be, else in backticks with every backtick doubled. */
function notationWord(w: string): string {
  return BARE_WORD.test(w) ? w : "`" + w.replace(/`/g, "``") + "`";
}

function canonicalInt(p: string | undefined): boolean {
  return p !== undefined && CANONICAL_INT.test(p) && Number(p) >= -2147483648 && Number(p) <= 2147483647;
}

/** The one spelling of a schema in the notation (SPEC.md section 11, "The writer"). */
export function writeSchemaNotation(s: ConnectSchema): string {
  let base: string;
  let params = s.parameters;
  let named = true;
  const scale = s.parameters?.get("scale");
  if (s.version === 1 && s.name === DECIMAL && s.type === "BYTES" && canonicalInt(scale)) {
    const precision = s.parameters!.get(PRECISION);
    const withPrecision = canonicalInt(precision);
    base = withPrecision ? `dec(${precision},${scale})` : `dec(${scale})`;
    params = new Map([...s.parameters!].filter(([k]) => k !== "scale" && !(withPrecision && k === PRECISION)));
    named = false;
  } else if (s.version === 1 && (s.parameters === undefined || s.parameters.size === 0) && ((s.type === "INT32" && (s.name === DATE || s.name === TIME)) || (s.type === "INT64" && s.name === TIMESTAMP))) {
    base = s.name === DATE ? "date" : s.name === TIME ? "time" : "ts";
    named = false;
  } else {
    base = baseNotation(s);
  }
  return base + suffixNotation(s, params, named);
}

const BASE_WORDS: Record<string, string> = { INT8: "i8", INT16: "i16", INT32: "i32", INT64: "i64", FLOAT32: "f32", FLOAT64: "f64", BOOLEAN: "bool", STRING: "str", BYTES: "bytes" };

function baseNotation(s: ConnectSchema): string {
  switch (s.type) {
    case "ARRAY":
      return `[${writeSchemaNotation(s.valueSchema!)}]`;
    case "MAP":
      return `<${writeSchemaNotation(s.keySchema!)},${writeSchemaNotation(s.valueSchema!)}>`;
    case "STRUCT":
      return "{" + s.fields!.map((f) => notationWord(f.name) + (f.schema.type === "STRING" ? suffixNotation(f.schema, f.schema.parameters, true) : ":" + writeSchemaNotation(f.schema))).join(",") + "}";
    default:
      return BASE_WORDS[s.type];
  }
}

function suffixNotation(s: ConnectSchema, params: Map<string, string> | undefined, named: boolean): string {
  let out = "";
  if (params !== undefined && params.size > 0) out += "(" + [...params].map(([k, v]) => notationWord(k) + "=" + notationWord(v)).join(",") + ")";
  if (named && s.name !== undefined) out += "@" + notationWord(s.name);
  if (named && s.version !== undefined) out += "#" + s.version;
  if (s.doc !== undefined) out += "!" + notationWord(s.doc);
  if (s.optional) out += "?";
  if (s.defaultValue !== undefined) out += "=" + notationWord(typedText(s.defaultValue, s));
  return out;
}

/**
 * A value of `schema` in its typed spelling, no tags: structs as objects (header mode, and how a default value is
 * written), or with `positional` as arrays of their field values (what the inline location writes under "~v" and
 * the reference location writes as the record value). Held to the limits (`options.limits`, SPEC.md section 9) as
 * `stringify` is: a value whose document a reader with those limits refuses is refused with that reader's reason at
 * the value's path (the document is read back with its schema, as a reader reads it).
 */
export function writeTyped(v: ConnectValue, schema: ConnectSchema, positional = false, options?: ParseOptions): string {
  const text = typedText(v, schema, positional);
  try {
    const sc = new Scanner(text, limitsOf(options));
    readTyped(sc, schema, positional);
    sc.expectEnd();
  } catch (e) {
    // a writer's error: the reader's reason and path, no byte offset (nothing was written)
    if (e instanceof TypedJsonError) throw new TypedJsonError(e.reason, e.path);
    throw e;
  }
  return text;
}

/** Whether a refusal is a limit's (SPEC.md section 9): each names the Java property that raises it. */
export function namesLimit(reason: string): boolean {
  return reason.includes("typedjson.max.");
}

/** {@link writeTyped} without the limits: a default value in a schema's notation, or a document read back by its caller. */
export function typedText(v: ConnectValue, schema: ConnectSchema, positional = false): string {
  if (v === null) return "null";
  switch (schema.name) {
    case DECIMAL:
      if (v instanceof Decimal) return decimalText(v.unscaled, v.scale);
      break;
    case DATE:
    case TIME:
    case TIMESTAMP:
      if (v instanceof LocalDate || v instanceof LocalTime || v instanceof Instant) return quoteJson(v.toString());
      break;
    default:
      break;
  }
  switch (schema.type) {
    case "INT8": case "INT16": case "INT32":
      return String((v as Int32).value);
    case "INT64":
      return String(v);
    case "FLOAT32": {
      const f = (v as Float32).value;
      return Number.isFinite(f) ? float32Text(f) : `"${nonFiniteText(f)}"`;
    }
    case "FLOAT64": {
      const d = v instanceof Float64 ? v.value : (v as number);
      return Number.isFinite(d) ? doubleText(d) : `"${nonFiniteText(d)}"`;
    }
    case "BOOLEAN":
      return v ? "true" : "false";
    case "STRING": {
      const t = v as string;
      return quoteJson(t.length > 0 && t.charCodeAt(0) === 126 ? "~" + t : t);
    }
    case "BYTES":
      return quoteJson(encodeBase64(v as Uint8Array));
    case "ARRAY":
      return "[" + (v as Value[]).map((e) => typedText(e, schema.valueSchema!, positional)).join(",") + "]";
    case "MAP": {
      const entries = [...(v as Map<Value, Value>)];
      if (isPlainString(schema.keySchema!)) return "{" + entries.map(([k, e]) => typedText(k, schema.keySchema!) + ":" + typedText(e, schema.valueSchema!, positional)).join(",") + "}";
      return "[" + entries.map(([k, e]) => typedText(k, schema.keySchema!, positional) + "," + typedText(e, schema.valueSchema!, positional)).join(",") + "]";
    }
    case "STRUCT": {
      const struct = v as Map<Value, Value>;
      if (positional) return "[" + schema.fields!.map((f) => typedText(struct.get(f.name) ?? null, f.schema, true)).join(",") + "]";
      return "{" + schema.fields!.map((f) => typedText(f.name, { type: "STRING", optional: false }) + ":" + typedText(struct.get(f.name) ?? null, f.schema)).join(",") + "}";
    }
  }
}

function describe(s: ConnectSchema): string {
  return s.name !== undefined ? `${s.type} ${s.name}` : s.type;
}

function kindName(k: Kind): string {
  switch (k) {
    case Kind.String: return "a string";
    case Kind.Number: return "a number";
    case Kind.Array: return "an array";
    case Kind.Object: return "an object";
    case Kind.End: return "end of document";
    default: return "a literal";
  }
}

function expectKind(sc: Scanner, kind: Kind, what: string): void {
  const k = sc.peek();
  if (k === kind) return;
  // a scalar of another kind is read first, so that malformed JSON in it is named as such (SPEC.md section 8)
  const at = sc.tokenStart;
  readScalar(sc, k);
  sc.fail(`${kindName(k)} where ${what} belongs`, at);
}

/** Reads the string, number or literal that starts at pos (of kind `k`, just peeked); nothing for a composite. */
function readScalar(sc: Scanner, k: Kind): void {
  if (k === Kind.String) sc.readString();
  else if (k === Kind.Number) sc.readNumber();
  else if (k !== Kind.Array && k !== Kind.Object && k !== Kind.End) sc.readLiteral();
}

function readInteger(sc: Scanner, what: string): bigint {
  expectKind(sc, Kind.Number, what);
  const { text, integer } = sc.readNumber();
  if (!integer) sc.fail(`number ${text} has a fraction or exponent where ${what} belongs`);
  return BigInt(text);
}

function ranged(sc: Scanner, v: bigint, min: bigint, max: bigint, type: string): number {
  if (v < min || v > max) sc.fail(`number ${v} is out of range for ${type}`);
  return Number(v);
}

function readFloat(sc: Scanner, what: string, float32: boolean): number {
  const k = sc.peek();
  if (k === Kind.String) {
    const s = sc.readString();
    const v = s === "NaN" ? NaN : s === "Infinity" ? Infinity : s === "-Infinity" ? -Infinity : undefined;
    if (v === undefined) sc.fail(`string ${quote(s)} where a number belongs (only "NaN", "Infinity" and "-Infinity" are spelled as strings)`);
    return v;
  }
  if (k !== Kind.Number) sc.fail(`${kindName(k)} where ${what} belongs`);
  const { text } = sc.readNumber();
  if (!float32) return readDouble(sc, text);
  const f = parseFloat32(text);
  if (!Number.isFinite(f)) sc.fail(`number ${text} is out of range for float32`);
  return f;
}

function readPlainString(sc: Scanner): string {
  expectKind(sc, Kind.String, "a string");
  const s = sc.readString();
  if (s.length === 0 || s.charCodeAt(0) !== 126) return s;
  if (s.length > 1 && s.charCodeAt(1) === 126) return s.slice(1);
  return sc.fail(`tagged value ${quote(s)} where a plain string belongs (a string starting with '~' is written with the '~' doubled)`);
}

/** A value of `schema` in its typed spelling; `positional`: structs as arrays (inline values) or objects (defaults). */
export function readTyped(sc: Scanner, schema: ConnectSchema, positional: boolean): ConnectValue {
  const k = sc.peek();
  if (k === Kind.Null) {
    sc.readLiteral();
    if (!schema.optional && schema.defaultValue === undefined) sc.fail(`null for a required ${describe(schema)}`);
    return null;
  }
  switch (schema.name) {
    case DECIMAL:
      if (schema.type === "BYTES") {
        const scale = Number(schema.parameters?.get("scale"));
        if (!Number.isInteger(scale)) sc.fail(`a Decimal schema needs an integer "scale" parameter`);
        expectKind(sc, Kind.Number, "a decimal");
        const { text } = sc.readNumber();
        const d = parseDecimalLexeme(text) ?? sc.fail(`malformed decimal ${text}`);
        if (d.scale !== scale) sc.fail(`decimal ${text} has scale ${d.scale} but the schema's scale is ${scale}`);
        return d;
      }
      break;
    case DATE:
      if (schema.type === "INT32") {
        expectKind(sc, Kind.String, "a date");
        const s = sc.readString();
        const d = Times.parseLocalDate(s) ?? sc.fail(`malformed local date ${quote(s)}`);
        const day = d.toEpochDay();
        if (day < -2147483648 || day > 2147483647) sc.fail(`date ${s} is out of range`);
        return d;
      }
      break;
    case TIME:
      if (schema.type === "INT32") {
        expectKind(sc, Kind.String, "a local time");
        const s = sc.readString();
        const t = Times.parseLocalTimeTyped(s) ?? sc.fail(`malformed local time ${quote(s)}`);
        if (t.nano % 1000000 !== 0) sc.fail(`time ${s} is finer than the millisecond Connect's Time holds`);
        return t;
      }
      break;
    case TIMESTAMP:
      if (schema.type === "INT64") {
        expectKind(sc, Kind.String, "an instant");
        const s = sc.readString();
        const t = Times.parseInstantTyped(s) ?? sc.fail(`malformed instant ${quote(s)}`);
        if (t.nano % 1000000 !== 0) sc.fail(`timestamp ${s} is finer than the millisecond Connect's Timestamp holds`);
        const ms = t.epochSecond * 1000n + BigInt(t.nano / 1000000);
        if (ms < -(2n ** 63n) || ms >= 2n ** 63n) sc.fail(`timestamp ${s} is out of range`);
        return t;
      }
      break;
    default:
      break;
  }
  switch (schema.type) {
    case "INT8":
      return new Int8(ranged(sc, readInteger(sc, "an int8"), -128n, 127n, "int8"));
    case "INT16":
      return new Int16(ranged(sc, readInteger(sc, "an int16"), -32768n, 32767n, "int16"));
    case "INT32":
      return new Int32(ranged(sc, readInteger(sc, "an int32"), -2147483648n, 2147483647n, "int32"));
    case "INT64": {
      const v = readInteger(sc, "an int64");
      if (v < -(2n ** 63n) || v >= 2n ** 63n) sc.fail(`number ${v} is out of range for int64`);
      return v;
    }
    case "FLOAT32":
      return new Float32(readFloat(sc, "a float32", true));
    case "FLOAT64":
      return readFloat(sc, "a float64", false);
    case "BOOLEAN":
      if (k !== Kind.True && k !== Kind.False) expectKind(sc, Kind.True, "a boolean");
      return sc.readLiteral();
    case "STRING":
      return readPlainString(sc);
    case "BYTES": {
      expectKind(sc, Kind.String, "base64 bytes");
      const s = sc.readString();
      const b = decodeBase64(s);
      if (typeof b === "string") sc.fail(`malformed base64 ${quote(s)}: ${b}`);
      return b;
    }
    case "ARRAY": {
      expectKind(sc, Kind.Array, "an array");
      const out: ConnectValue[] = [];
      if (sc.beginArray()) return out;
      let i = 0;
      do {
        sc.pushIndex(i++);
        out.push(readTyped(sc, schema.valueSchema!, positional));
        sc.pop();
      } while (sc.nextElement());
      return out;
    }
    case "MAP":
      return isPlainString(schema.keySchema!) ? readObjectMap(sc, schema, positional) : readPairMap(sc, schema, positional);
    case "STRUCT":
      return positional ? readPositionalStruct(sc, schema) : readObjectStruct(sc, schema);
  }
}

function isPlainString(key: ConnectSchema): boolean {
  return key.type === "STRING" && !key.optional && key.name === undefined;
}

function readObjectMap(sc: Scanner, schema: ConnectSchema, positional: boolean): Map<Value, Value> {
  expectKind(sc, Kind.Object, "an object");
  const map = new Map<Value, Value>();
  if (sc.beginObject()) return map;
  do {
    const raw = sc.readKey();
    const at = sc.keyStart;
    const key = unescapeKey(sc, raw, at);
    sc.pushKey(raw);
    sc.skipWhitespace();
    const valueAt = sc.pos;
    const value = readTyped(sc, schema.valueSchema!, positional);
    // a map's duplicate key is found once its value is read, at the value (SPEC.md section 8)
    if (map.has(key)) sc.fail(`duplicate key ${quote(raw)}`, valueAt);
    map.set(key, value);
    sc.pop();
  } while (sc.nextMember());
  return map;
}

function readPairMap(sc: Scanner, schema: ConnectSchema, positional: boolean): Map<Value, Value> {
  expectKind(sc, Kind.Array, "an array of alternating keys and values");
  const map = new Map<Value, Value>();
  readPairs(sc, map, () => readTyped(sc, schema.keySchema!, positional), () => readTyped(sc, schema.valueSchema!, positional), "a map", "a map's array");
  return map;
}

function readPositionalStruct(sc: Scanner, schema: ConnectSchema): Map<Value, Value> {
  expectKind(sc, Kind.Array, "the array of a struct's field values");
  const fields = schema.fields!;
  const struct = new Map<Value, Value>();
  const empty = sc.beginArray();
  for (let i = 0; i < fields.length; i++) {
    if (i > 0 ? !sc.nextElement() : empty) sc.fail(`a struct of ${fields.length} fields has only ${i} values`, sc.pos - 1);
    sc.pushIndex(i);
    struct.set(fields[i].name, readTyped(sc, fields[i].schema, true));
    sc.pop();
  }
  if (fields.length === 0 ? !empty : sc.nextElement()) {
    // named by the first value too many, once it starts as a value (SPEC.md section 8)
    sc.pushIndex(fields.length);
    const k = sc.peek();
    const at = sc.tokenStart;
    readScalar(sc, k);
    sc.fail(`a struct of ${fields.length} fields has more values`, at);
  }
  return struct;
}

function readObjectStruct(sc: Scanner, schema: ConnectSchema): Map<Value, Value> {
  expectKind(sc, Kind.Object, "an object");
  const fields = schema.fields!;
  const values = new Map<string, Value>();
  if (!sc.beginObject()) {
    do {
      const raw = sc.readKey();
      const at = sc.keyStart;
      if (!sc.plain && raw.startsWith("~") && !raw.startsWith("~~")) {
        sc.fail(`format key ${quote(raw)} where a field of a struct belongs (a key starting with '~' is written with the '~' doubled)`, at);
      }
      const name = unescapeKey(sc, raw, at);
      const field = fields.find((f) => f.name === name);
      if (field === undefined) sc.fail(`unknown field ${raw} for a struct of fields [${fields.map((f) => f.name).join(", ")}]`, at);
      sc.pushKey(raw);
      if (values.has(name)) {
        // named by its own path at the value after it, once that value's first token is read (SPEC.md section 8)
        sc.skipWhitespace();
        const valueAt = sc.pos;
        sc.firstToken();
        sc.fail(`duplicate field ${raw}`, valueAt);
      }
      values.set(name, readTyped(sc, field.schema, false));
      sc.pop();
    } while (sc.nextMember());
  }
  const end = sc.pos - 1; // the object's '}', where a missing field is found (as Java names it)
  const struct = new Map<Value, Value>();
  for (const f of fields) {
    if (!values.has(f.name) && !f.schema.optional && f.schema.defaultValue === undefined) sc.fail(`missing required field ${f.name}`, end);
    struct.set(f.name, values.get(f.name) ?? null);
  }
  return struct;
}

/** Whether the document is an object whose first key is `~s` (after unescaping); if so, that key has been read. */
function isInline(sc: Scanner): boolean {
  if (sc.peek() !== Kind.Object) return false;
  if (sc.beginObject()) return false;
  return sc.readKey() === "~s";
}

/** Where the schema travels (`typedjson.schema.location`); it decides only what a document without a schema means. */
export type SchemaLocation = "inline" | "header" | "reference" | "none";

export interface ConnectParseOptions extends ParseOptions {
  /**
   * `inline` (the default), `header` and `reference` read a document without a schema schemaless (schema null, the
   * dynamic model's value); `none` derives its schema from the value (SPEC.md section 11, "Derived schemas").
   */
  location?: SchemaLocation;
}

class Underivable extends Error {}

const DERIVED_SCALARS: [new (...a: never[]) => unknown, ConnectType][] = [[Int32, "INT32"], [Int16, "INT16"], [Int8, "INT8"], [Float32, "FLOAT32"], [Float64, "FLOAT64"]];

/**
 * The schema a value of the dynamic model derives (SPEC.md section 11, "Derived schemas"), and the value as Connect
 * holds it (a set becomes a list); throws Underivable where nothing can be derived, anywhere in the value (mixed
 * types, a BigInteger, a timestamp beyond an int64's epoch millis, an object with an empty key…). `depth` bounds the
 * recursion.
 */
function derive(v: Value, depth: number): { schema: ConnectSchema; value: Value } {
  if (depth > 500) throw new Underivable();
  const simple = (type: ConnectType, extra: Partial<ConnectSchema> = {}) => ({ schema: { type, optional: false, ...extra } as ConnectSchema, value: v });
  if (v === null) return { schema: { type: "STRING", optional: true }, value: null };
  if (typeof v === "bigint") return simple("INT64");
  if (typeof v === "number") return simple("FLOAT64");
  if (typeof v === "string") return simple("STRING");
  if (typeof v === "boolean") return simple("BOOLEAN");
  if (v instanceof Uint8Array) return simple("BYTES");
  for (const [cls, type] of DERIVED_SCALARS) if (v instanceof cls) return simple(type);
  if (v instanceof Decimal) return simple("BYTES", { name: DECIMAL, version: 1, parameters: new Map([["scale", String(v.scale)]]) });
  if (v instanceof Instant) {
    const ms = v.epochSecond * 1000n + BigInt(Math.floor(v.nano / 1000000));
    if (v.nano % 1000000 !== 0 || ms < -(2n ** 63n) || ms >= 2n ** 63n) throw new Underivable();
    return simple("INT64", { name: TIMESTAMP, version: 1 });
  }
  if (v instanceof LocalDate) {
    const day = v.toEpochDay();
    if (day < -2147483648 || day > 2147483647) throw new Underivable();
    return simple("INT32", { name: DATE, version: 1 });
  }
  if (v instanceof LocalTime) {
    if (v.nano % 1000000 !== 0) throw new Underivable();
    return simple("INT32", { name: TIME, version: 1 });
  }
  if (Array.isArray(v) || v instanceof Set) {
    const items = [...v].map((e) => derive(e, depth + 1));
    return { schema: { type: "ARRAY", optional: false, valueSchema: common(items.map((i) => i.schema)) }, value: items.map((i) => i.value) };
  }
  if (v instanceof Map) {
    const entries = [...v];
    if (entries.every(([k]) => typeof k === "string")) {
      // an object: a STRUCT, fields in document order; Connect has no field named "", so nothing is derived
      if (v.has("")) throw new Underivable();
      const fields = entries.map(([k, e]) => ({ name: k as string, derived: derive(e, depth + 1) }));
      return {
        schema: { type: "STRUCT", optional: false, fields: fields.map((f) => ({ name: f.name, schema: f.derived.schema })) },
        value: new Map<Value, Value>(fields.map((f) => [f.name, f.derived.value])),
      };
    }
    const keys = entries.map(([k]) => derive(k, depth + 1));
    const values = entries.map(([, e]) => derive(e, depth + 1));
    return {
      schema: { type: "MAP", optional: false, keySchema: common(keys.map((k) => k.schema)), valueSchema: common(values.map((e) => e.schema)) },
      value: new Map<Value, Value>(keys.map((k, i) => [k.value, values[i].value])),
    };
  }
  throw new Underivable(); // BigInteger, LocalDateTime, OffsetDateTime, UUID, Duration
}

/** The one schema that elements (or keys, or values) all derive; nulls make it optional; none at all is STRING. */
function common(schemas: ConnectSchema[]): ConnectSchema {
  const present = schemas.filter((s) => !s.optional); // only a null derives an optional schema
  const nullable = schemas.length !== present.length;
  if (present.length === 0) return { type: "STRING", optional: nullable };
  const text = writeSchemaNotation(present[0]);
  if (present.some((s) => writeSchemaNotation(s) !== text)) throw new Underivable();
  return { ...present[0], optional: nullable };
}

/**
 * Reads a record value written by typed JSON's Connect converter (io.typedjson.connect.TypedJsonConverter): an
 * inline document `{"~s":"<schema notation>","~v":<value>}` gives the schema and the value typed by it; any
 * other document is schemaless (schema null, the dynamic model's value), as the converter reads it.
 */
export function parseConnect(input: string | Uint8Array, options?: ConnectParseOptions): SchemaAndValue {
  const sc = new Scanner(input, limitsOf(options));
  // inline when the document is an object whose first key is ~s after JSON unescaping (SPEC.md section 11, "Reading")
  if (!isInline(sc)) {
    const value = parse(sc.bytes, options);
    // in location none the document null is a null value (what the converter writes for a null with a schema),
    // not a tombstone: derive gives it an optional STRING
    if (options?.location !== "none") return { schema: null, value };
    try {
      return derive(value, 0);
    } catch (e) {
      if (e instanceof Underivable) return { schema: null, value };
      throw e;
    }
  }
  sc.pushKey("~s");
  expectKind(sc, Kind.String, "the schema notation");
  const text = sc.readString();
  let schema: ConnectSchema;
  try {
    schema = parseSchemaNotation(text, options);
  } catch (e) {
    if (e instanceof NotationError) sc.fail(e.message);
    throw e;
  }
  sc.pop();
  if (!sc.nextMember()) sc.fail('end of object where the key "~v" belongs', sc.pos - 1);
  const key = sc.readKey();
  if (key !== "~v") sc.fail(`key ${quote(key)} where the key "~v" belongs`, sc.keyStart);
  sc.pushKey("~v");
  const value = readTyped(sc, schema, true);
  sc.pop();
  if (sc.nextMember()) {
    sc.readKey(); // the key and its ':' first (SPEC.md section 8)
    sc.fail('a second key after the value: an inline document has only the keys "~s" and "~v"', sc.keyStart);
  }
  sc.expectEnd();
  return { schema, value };
}

/**
 * Reads a record value written by the converter in schema location `header`: the value is plain typed JSON (structs
 * as objects, field names included) and its schema notation is the record header `typedjson.schema`
 * (`typedjson.key.schema` for keys), given here as its text or bytes.
 */
export function parseConnectWithSchema(schemaHeader: string | Uint8Array, input: string | Uint8Array, options?: ParseOptions): SchemaAndValue {
  let text: string;
  if (typeof schemaHeader === "string") text = schemaHeader;
  else {
    try {
      // a byte order mark is kept (and refused by the grammar): the header's bytes are the notation, nothing else
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(schemaHeader);
    } catch {
      throw new TypedJsonError("the schema header is not well-formed UTF-8", "$", 0);
    }
  }
  const maxLength = limitsOf(options).maxStringLength;
  if (text.length > maxLength) {
    throw new TypedJsonError(`the schema header of ${text.length} UTF-16 code units exceeds the limit of ${maxLength} (limits.maxStringLength, typedjson.max.string.length in Java)`, "$", 0);
  }
  let schema: ConnectSchema;
  try {
    schema = parseSchemaNotation(text, options);
  } catch (e) {
    if (e instanceof NotationError) throw new TypedJsonError(`in the schema header: ${e.message}`, "$", 0);
    throw e;
  }
  const sc = new Scanner(input, limitsOf(options));
  if (sc.peek() === Kind.End) sc.fail("empty document", sc.pos);
  const value = readTyped(sc, schema, false);
  sc.expectEnd();
  return { schema, value };
}

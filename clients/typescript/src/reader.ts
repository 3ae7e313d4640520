// Reading the dynamic model (SPEC.md sections 6 and 7): the JSON token says the type, a tag where it cannot.
// The reader accepts exactly the writer's spelling of every tag, tagged object and format key; only JSON's own
// freedom (escapes, whitespace, the lexeme of a plain number) stays open.
import { decodeBase64 } from "./base64";
import { valueKey } from "./equality";
import { quote } from "./errors";
import { decimalText, float32Text, isJsonNumber, parseFloat32 } from "./numbers";
import { DEFAULT_LIMITS, Kind, Limits, Scanner, countDigits, numberTooLong } from "./scanner";
import * as Times from "./times";
import { BigInteger, Decimal, Float32, Int16, Int32, Int8, Value, parseDecimalLexeme, setMember } from "./types";

export interface ParseOptions {
  /** Overrides of the default limits (SPEC.md section 9). */
  limits?: Partial<Limits>;
  /**
   * Reads a plain document from a writer that does not know typed JSON (SPEC.md section 13.1): no string and no key
   * is a tag or an escape (`"~~x"` is the string `~~x`, `{"~map":[1]}` an object with the key `~map`), so the value
   * is plain JSON: null, booleans, strings, integers as bigint (beyond int64 a BigInteger), other numbers as
   * numbers, arrays and Maps of string keys.
   */
  plain?: boolean;
}

export function limitsOf(options?: ParseOptions): Limits {
  return options?.limits ? { ...DEFAULT_LIMITS, ...options.limits } : DEFAULT_LIMITS;
}

/**
 * Reads one typed JSON document (UTF-8 bytes or a string) to its value. Objects come back as `Map`s in document
 * order. Throws TypedJsonError with the JSON path and byte offset for anything that is not a valid document.
 */
export function parse(input: string | Uint8Array, options?: ParseOptions): Value {
  const sc = new Scanner(input, limitsOf(options));
  sc.plain = options?.plain ?? false;
  if (sc.peek() === Kind.End) sc.fail("empty document", sc.pos);
  const value = readValue(sc);
  sc.expectEnd();
  return value;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The value starting at the scanner's position. */
export function readValue(sc: Scanner): Value {
  switch (sc.peek()) {
    case Kind.String:
      return readStringOrTagged(sc);
    case Kind.Number: {
      const { text, integer } = sc.readNumber();
      if (integer) {
        const v = BigInt(text);
        return v >= INT64_MIN && v <= INT64_MAX ? v : new BigInteger(v);
      }
      return readDouble(sc, text);
    }
    case Kind.Array:
      return readArray(sc);
    case Kind.Object:
      return readObject(sc);
    case Kind.End:
      return sc.fail("unexpected end-of-input where a value belongs", sc.pos);
    default:
      return sc.readLiteral();
  }
}

export function readDouble(sc: Scanner, text: string): number {
  const d = Number(text);
  if (!Number.isFinite(d)) sc.fail(`number ${text.length > 40 ? text.slice(0, 40) + "..." : text} is out of range for float64`);
  return d;
}

function readStringOrTagged(sc: Scanner): Value {
  const s = sc.readString();
  if (s.length === 0 || s.charCodeAt(0) !== 126 || sc.plain) return s; // (plain JSON: a leading '~' is text)
  return tagged(sc, s);
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const INTEGER_LIKE = /^[+-]?[0-9]+$/;

const TYPE_OF_TAG: Record<string, string> = {
  i: "int32", s: "int16", y: "int8", n: "BigInteger within int64", f: "float32", d: "decimal", b: "base64 bytes",
  t: "instant", D: "local date", T: "local time", L: "local date-time", O: "offset date-time", u: "UUID", P: "duration",
};

/**
 * Refuses a tag payload: `non-canonical` when it is another spelling of a value of the type (the one spelling named
 * when there is one), `malformed` when it is no value of the type at all (SPEC.md section 7).
 */
function badPayload(sc: Scanner, s: string, readable: boolean, canonical?: string): never {
  const tag = s[1];
  const payload = s.slice(2);
  if (readable) {
    const one = canonical === undefined ? "not its one spelling" : `its one spelling is "~${tag}${canonical}"`;
    return sc.fail(`non-canonical ~${tag} payload ${quote(payload)} (${TYPE_OF_TAG[tag]}): ${one}`);
  }
  return sc.fail(`malformed ~${tag} payload ${quote(payload)} (${TYPE_OF_TAG[tag]})`);
}

function integerPayload(sc: Scanner, s: string, payload: string, min: bigint, max: bigint, type: string): bigint {
  const digits = countDigits(payload);
  if (digits > sc.limits.maxNumberLength) sc.fail(numberTooLong(digits, sc.limits.maxNumberLength));
  if (!INTEGER.test(payload) || payload === "-0") {
    if (!INTEGER_LIKE.test(payload)) badPayload(sc, s, false);
    const v = BigInt(payload);
    badPayload(sc, s, v >= min && v <= max, v.toString());
  }
  const v = BigInt(payload);
  if (v < min || v > max) sc.fail(`number ${payload} is out of range for ${type} in ${quote(s)}`);
  return v;
}

function nonFinite(payload: string): number | undefined {
  return payload === "NaN" ? NaN : payload === "Infinity" ? Infinity : payload === "-Infinity" ? -Infinity : undefined;
}

/** A date or time payload: the canonical text, else refused as non-canonical when the typed reader takes it. */
function timePayload<V extends { toString(): string }>(sc: Scanner, s: string, strict: (p: string) => V | undefined, lenient: (p: string) => V | undefined): V {
  const payload = s.slice(2);
  const v = strict(payload);
  if (v !== undefined) return v;
  const other = lenient(payload);
  return badPayload(sc, s, other !== undefined, other?.toString());
}

/** A string that starts with the prefix: an escaped string, or a tagged scalar (its tag known, its payload canonical). */
export function tagged(sc: Scanner, s: string): Value {
  if (s.length === 1) sc.fail('lone tag prefix "~" (a string "~" is written "~~")');
  const tag = s[1];
  const payload = s.slice(2);
  switch (tag) {
    case "~":
      return s.slice(1);
    case "i":
      return new Int32(Number(integerPayload(sc, s, payload, -2147483648n, 2147483647n, "int32")));
    case "s":
      return new Int16(Number(integerPayload(sc, s, payload, -32768n, 32767n, "int16")));
    case "y":
      return new Int8(Number(integerPayload(sc, s, payload, -128n, 127n, "int8")));
    case "n":
      return new BigInteger(integerPayload(sc, s, payload, INT64_MIN, INT64_MAX, "a tagged BigInteger (beyond int64 it is a plain lexeme)"));
    case "f": {
      let f = nonFinite(payload);
      if (f === undefined) {
        const digits = countDigits(payload);
        if (digits > sc.limits.maxNumberLength) sc.fail(numberTooLong(digits, sc.limits.maxNumberLength));
        if (!isJsonNumber(payload)) badPayload(sc, s, /^(nan|-?inf(inity)?)$/i.test(payload), /^nan$/i.test(payload) ? "NaN" : undefined);
        f = parseFloat32(payload);
        if (!Number.isFinite(f)) sc.fail(`number ${payload} is out of range for float32 in ${quote(s)}`);
      }
      const canonical = float32Text(f);
      if (canonical !== payload) badPayload(sc, s, true, canonical);
      return new Float32(f);
    }
    case "z": {
      const z = nonFinite(payload);
      if (z === undefined) sc.fail(`string ${quote(s)} where a number belongs (only "~zNaN", "~zInfinity" and "~z-Infinity" are tagged; finite doubles are plain numbers)`);
      return z;
    }
    case "d": {
      const digits = countDigits(payload);
      if (digits > sc.limits.maxNumberLength) sc.fail(numberTooLong(digits, sc.limits.maxNumberLength));
      const d = isJsonNumber(payload) ? parseDecimalLexeme(payload) : undefined;
      if (d === undefined) return badPayload(sc, s, false);
      const canonical = decimalText(d.unscaled, d.scale);
      if (canonical !== payload) badPayload(sc, s, true, canonical);
      return d;
    }
    case "b": {
      const bytes = decodeBase64(payload);
      if (typeof bytes === "string") sc.fail(`malformed ~b payload ${quote(payload)}: not base64 bytes in their one spelling (${bytes})`);
      return bytes;
    }
    case "t":
      return timePayload(sc, s, (p) => Times.parseInstant(p), Times.parseInstantTyped);
    case "D":
      return timePayload(sc, s, (p) => Times.parseLocalDate(p), () => undefined);
    case "T":
      return timePayload(sc, s, (p) => Times.parseLocalTime(p), Times.parseLocalTimeTyped);
    case "L":
      return timePayload(sc, s, (p) => Times.parseLocalDateTime(p), (p) => Times.parseLocalDateTime(p.replace(/^(.+)t/, "$1T"), false));
    case "O":
      return timePayload(sc, s, (p) => Times.parseOffsetDateTime(p), (p) => Times.parseOffsetDateTime(p.replace(/^(.+)t/, "$1T").replace(/z$/, "Z").replace(/-00:00$/, "+00:00"), false));
    case "u":
      return timePayload(sc, s, Times.parseUuid, (p) => Times.parseUuid(p.toLowerCase()));
    case "P": // another text Java's Duration.parse reads is non-canonical
      return timePayload(sc, s, Times.parseDuration, Times.parseDurationLenient);
    default:
      return sc.fail(`unknown tag ${quote(s.slice(0, 2))} in ${quote(s)} (a string starting with '~' is written with the '~' doubled)`);
  }
}

function readArray(sc: Scanner): Value[] {
  const out: Value[] = [];
  if (sc.beginArray()) return out;
  let i = 0;
  do {
    sc.pushIndex(i++);
    out.push(readValue(sc));
    sc.pop();
  } while (sc.nextElement());
  return out;
}

/**
 * The elements of the array at pos (its '[' checked by the caller), each read by `read` at its path; with
 * `duplicate`, an element equal to an earlier one (SPEC.md section 7.1) is refused with that reason at its offset.
 */
export function readElements<V extends Value>(sc: Scanner, read: () => V, duplicate?: string): V[] {
  const out: V[] = [];
  if (sc.beginArray()) return out;
  const seen = duplicate === undefined ? undefined : new Set<string>();
  let i = 0;
  do {
    sc.pushIndex(i++);
    sc.skipWhitespace();
    const at = sc.pos;
    const v = read();
    if (seen !== undefined) {
      const key = valueKey(v);
      if (seen.has(key)) sc.fail(duplicate!, at);
      seen.add(key);
    }
    out.push(v);
    sc.pop();
  } while (sc.nextElement());
  return out;
}

/** An ordinary key: an escaped `~~k` loses one `~`; a single `~` marks a format key, which is never mixed with others. */
export function unescapeKey(sc: Scanner, raw: string, at: number): string {
  if (raw.length === 0 || raw.charCodeAt(0) !== 126 || sc.plain) return raw;
  if (raw.length > 1 && raw.charCodeAt(1) === 126) return raw.slice(1);
  if (raw.length === 1) sc.fail('lone tag prefix "~" as a key (a key "~" is written "~~")', at);
  return sc.fail(`format key ${quote(raw)} must be the only key of its object (a key starting with '~' is written with the '~' doubled)`, at);
}

function readObject(sc: Scanner): Value {
  if (sc.beginObject()) return new Map<Value, Value>();
  let raw = sc.readKey();
  let at = sc.keyStart;
  if (raw.length > 1 && raw.charCodeAt(0) === 126 && raw.charCodeAt(1) !== 126 && !sc.plain) return readTaggedObject(sc, raw, at);
  const map = new Map<Value, Value>();
  for (;;) {
    const key = unescapeKey(sc, raw, at);
    sc.pushKey(raw);
    if (map.has(key)) {
      // a duplicate is named at its value, once it is read: malformed JSON in it comes first (SPEC.md section 8)
      sc.skipWhitespace();
      const valueAt = sc.pos;
      readValue(sc);
      sc.fail(`duplicate key ${quote(raw)}`, valueAt);
    }
    map.set(key, readValue(sc));
    sc.pop();
    if (!sc.nextMember()) return map;
    raw = sc.readKey();
    at = sc.keyStart;
  }
}

function readTaggedObject(sc: Scanner, tag: string, at: number): Value {
  if (tag !== "~set" && tag !== "~map") sc.fail(`unknown tag ${quote(tag)} (a key starting with '~' is written with the '~' doubled)`, at);
  sc.pushKey(tag);
  const kind = sc.peek();
  if (kind === Kind.End) sc.unexpected("a value"); // the end, where the array belongs
  if (kind !== Kind.Array) {
    // a string's or number's JSON is checked first, as the Java reader reads the token before it refuses it
    if (kind === Kind.String) sc.readString();
    else if (kind === Kind.Number) sc.readNumber();
    sc.fail(`${kind === Kind.Object ? "an object" : kind === Kind.String ? "a string" : kind === Kind.Number ? "a number" : "a literal"} where the array of ${quote(tag)} belongs`);
  }
  const value = tag === "~set" ? readSetItems(sc) : readMapItems(sc, at);
  sc.pop();
  if (sc.nextMember()) {
    sc.skipWhitespace();
    const second = sc.pos;
    sc.readKey(); // its JSON is checked first, as any key's
    sc.fail(`a tagged object ${quote(tag)} must have exactly one key`, second);
  }
  return value;
}

function readSetItems(sc: Scanner): Set<Value> {
  return new Set(readElements(sc, () => readValue(sc), "duplicate element in a set").map(setMember));
}

/** The items of a `~map`; a misplaced `~map` (empty, or string keys only) is named by its object, at the key. */
function readMapItems(sc: Scanner, keyAt: number): Map<Value, Value> {
  const map = new Map<Value, Value>();
  let allStrings = true;
  const key = () => {
    const k = readValue(sc);
    if (typeof k !== "string") allStrings = false;
    return k;
  };
  if (readPairs(sc, map, key, () => readValue(sc), "a ~map", "a ~map array")) {
    sc.failOnKey("non-canonical ~map: a map with no keys is written {} (a map whose keys are all strings is a plain object)", keyAt);
  }
  if (allStrings) sc.failOnKey("non-canonical ~map: a map whose keys are all strings is written as a plain object", keyAt);
  return map;
}

/**
 * The array at pos (its '[' checked by the caller) of alternating keys and values, into `map`: `readKey` and
 * `readValue` read each at its path; a key equal to an earlier one (SPEC.md section 7.1) is refused at its offset
 * ("duplicate key in `what`"), a last key without a value at the array ("`array` must alternate ..."). True when the
 * array is empty.
 */
export function readPairs(sc: Scanner, map: Map<Value, Value>, readKey: () => Value, readValue: () => Value, what: string, array: string): boolean {
  if (sc.beginArray()) return true;
  const seen = new Set<string>();
  let i = 0;
  do {
    sc.pushIndex(i++);
    sc.skipWhitespace();
    const at = sc.pos;
    const k = readKey();
    const key = valueKey(k);
    if (seen.has(key)) sc.fail(`duplicate key in ${what}`, at);
    seen.add(key);
    sc.pop();
    if (!sc.nextElement()) sc.fail(`${array} must alternate keys and values, but its last key has no value`, sc.pos - 1); // at the close bracket
    sc.pushIndex(i++);
    map.set(setMember(k), readValue());
    sc.pop();
  } while (sc.nextElement());
  return false;
}

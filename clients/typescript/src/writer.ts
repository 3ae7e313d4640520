// Writing the dynamic model: one spelling per value (SPEC.md sections 1, 5, 6 and 7). A value that cannot be
// carried exactly is refused with its JSON path; nothing partial is returned.
import { encodeBase64 } from "./base64";
import { valueKey } from "./equality";
import { TypedJsonError, indexSegment, keySegment, pathOf } from "./errors";
import { decimalText, doubleText, float32Text, nonFiniteText } from "./numbers";
import { DEFAULT_LIMITS, Limits, countDigits, documentTooLarge, loneSurrogate, numberTooLong, stringTooLong, tooManyElements } from "./scanner";
import * as T from "./types";
import type { ValueInput } from "./types";

export interface StringifyOptions {
  /**
   * Overrides of the default limits (SPEC.md section 9). The writer holds a value to them as a reader with them holds
   * its document: a value whose document such a reader would refuse (a number or a string too long, too many
   * elements, too many bytes) is refused with the reader's reason at the value's path; depth is also what catches a
   * cyclic structure.
   */
  limits?: Partial<Limits>;
  /**
   * Writes a plain document for readers that do not know typed JSON (SPEC.md section 13.1): strings and keys as they
   * are (no `~` doubled); a value only a tag carries (an Int32, a Decimal, a date, a Set, a Map with keys other than
   * strings, a non-finite number, bytes, ...) is refused with its path, as a plain reader would read it as text.
   */
  plain?: boolean;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r" };

/** A JSON string literal escaped as SPEC.md section 1 says: only `"`, `\` and control characters. */
export function quoteJson(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return '"' + s + '"';
  return '"' + s.replace(/["\\\u0000-\u001f]/g, (c) => SHORT_ESCAPES[c] ?? "\\u" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")) + '"';
}

/** The tags whose payload is a number lexeme, held to the number limit as the reader holds it. */
const NUMBER_TAGS = new Set(["i", "s", "y", "n", "f", "d"]);

class Writer {
  /** Keys (strings) and indices (numbers) down to the value being written; formatted only for an error. */
  private readonly path: (string | number)[] = [];
  private depth = 0;
  /** The values written so far (keys not counted), as the reader counts elements. */
  private elements = 0;
  private readonly maxDepth: number;
  private readonly maxNumberLength: number;
  private readonly maxStringLength: number;
  private readonly maxElements: number;
  constructor(limits: Limits, private readonly plain = false) {
    this.maxDepth = limits.maxDepth;
    this.maxNumberLength = limits.maxNumberLength;
    this.maxStringLength = limits.maxStringLength;
    this.maxElements = limits.maxElements;
  }

  /** `"~" + tag + payload`, or in a plain document the refusal naming the value's (Java) type, as Java words it. */
  tagged(tag: string, payload: string, javaType: string): string {
    if (this.plain) {
      this.fail(`${javaType} where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would read as text: not written as plain JSON`);
    }
    // as the reader meets it: the string's length, then a number payload's digits
    if (payload.length + 2 > this.maxStringLength) this.fail(stringTooLong(payload.length + 2, this.maxStringLength));
    if (payload.length > this.maxNumberLength && NUMBER_TAGS.has(tag)) this.number(payload);
    return `"~${tag}${payload}"`;
  }

  /** A number lexeme, refused when it has more digits (the exponent's included) than the limit; counted only when longer. */
  number(lexeme: string): string {
    if (lexeme.length > this.maxNumberLength) {
      const digits = countDigits(lexeme);
      if (digits > this.maxNumberLength) this.fail(numberTooLong(digits, this.maxNumberLength));
    }
    return lexeme;
  }

  fail(reason: string): never {
    throw new TypedJsonError(reason, pathOf(this.path.map((p) => (typeof p === "number" ? indexSegment(p) : keySegment(p)))));
  }

  text(s: string, what: string): string {
    const escaped = s.length > 0 && s.charCodeAt(0) === 126 && !this.plain;
    const units = escaped ? s.length + 1 : s.length; // what the reader counts: the string as written, its '~' doubled
    if (units > this.maxStringLength) this.fail(stringTooLong(units, this.maxStringLength));
    const at = loneSurrogate(s);
    if (at >= 0) this.fail(`${what} holds a lone surrogate U+${s.charCodeAt(at).toString(16).toUpperCase()} at index ${at}, which is not Unicode text and has no UTF-8 spelling`);
    return quoteJson(escaped ? "~" + s : s);
  }

  /** One more value (an element, as the reader counts them), refused beyond the limit. */
  count(): void {
    if (++this.elements > this.maxElements) this.fail(tooManyElements(this.elements, this.maxElements));
  }

  enter(): void {
    if (++this.depth > this.maxDepth) this.fail(`nesting depth exceeds the limit of ${this.maxDepth} (a cyclic structure?)`);
  }

  value(v: unknown): string {
    this.count();
    return this.one(v);
  }

  /** The value once counted. */
  private one(v: unknown): string {
    switch (typeof v) {
      case "string":
        return this.text(v, "string");
      case "bigint":
        if (v < INT64_MIN || v > INT64_MAX) this.fail(`bigint ${v} is beyond int64: wrap it as new BigInteger(...) to write a BigInteger`);
        return this.number(v.toString());
      case "number":
        return Number.isFinite(v) ? this.number(doubleText(v)) : this.tagged("z", nonFiniteText(v), "Double");
      case "boolean":
        return v ? "true" : "false";
      case "object":
        if (v === null) return "null";
        return this.object(v);
      default:
        return this.fail(`cannot carry ${typeof v} exactly in the dynamic model`);
    }
  }

  private object(v: object): string {
    if (Array.isArray(v)) {
      this.enter();
      let out = "[";
      for (let i = 0; i < v.length; i++) {
        this.path.push(i);
        if (!(i in v)) this.fail("a hole in a sparse array cannot be carried");
        out += (i === 0 ? "" : ",") + this.value(v[i]);
        this.path.pop();
      }
      this.depth--;
      return out + "]";
    }
    if (v instanceof Map) return this.map(v);
    if (v instanceof Set) return this.set(v);
    if (v instanceof Uint8Array) return this.tagged("b", encodeBase64(v), "byte[]");
    if (v instanceof T.Float64) return this.one(v.value);
    if (v instanceof T.Int32) return this.tagged("i", `${v.value}`, "Integer");
    if (v instanceof T.Int16) return this.tagged("s", `${v.value}`, "Short");
    if (v instanceof T.Int8) return this.tagged("y", `${v.value}`, "Byte");
    if (v instanceof T.BigInteger) return v.value >= INT64_MIN && v.value <= INT64_MAX ? this.tagged("n", `${v.value}`, "BigInteger") : this.number(v.value.toString());
    if (v instanceof T.Float32) return this.tagged("f", float32Text(v.value), "Float");
    if (v instanceof T.Decimal) return this.tagged("d", decimalText(v.unscaled, v.scale), "BigDecimal");
    if (v instanceof T.Instant) return this.tagged("t", `${v}`, "Instant");
    if (v instanceof T.LocalDate) return this.tagged("D", `${v}`, "LocalDate");
    if (v instanceof T.LocalTime) return this.tagged("T", `${v}`, "LocalTime");
    if (v instanceof T.LocalDateTime) return this.tagged("L", `${v}`, "LocalDateTime");
    if (v instanceof T.OffsetDateTime) return this.tagged("O", `${v}`, "OffsetDateTime");
    if (v instanceof T.Uuid) return this.tagged("u", v.text, "UUID");
    if (v instanceof T.Duration) return this.tagged("P", `${v}`, "Duration");
    const proto = Object.getPrototypeOf(v);
    if (proto === Object.prototype || proto === null) return this.plainObject(v as Record<string, unknown>);
    const name = (v as { constructor?: { name?: string } }).constructor?.name ?? "object";
    const hint = v instanceof Date ? " (use Instant.fromDate)" : ArrayBuffer.isView(v) ? " (bytes are a Uint8Array)" : "";
    return this.fail(`cannot carry ${name} exactly in the dynamic model${hint}`);
  }

  private member(key: string, value: unknown): string {
    const k = this.text(key, "key");
    // named as the document has it, its '~' doubled (SPEC.md section 8), as the reader names it
    this.path.push(key.length > 0 && key.charCodeAt(0) === 126 && !this.plain ? "~" + key : key);
    const s = k + ":" + this.value(value);
    this.path.pop();
    return s;
  }

  private plainObject(o: Record<string, unknown>): string {
    if (Object.getOwnPropertySymbols(o).length > 0) this.fail("cannot carry an object with symbol keys exactly (keys are strings)");
    this.enter();
    const parts: string[] = [];
    for (const key of Object.keys(o)) parts.push(this.member(key, o[key]));
    this.depth--;
    return "{" + parts.join(",") + "}";
  }

  private map(m: Map<unknown, unknown>): string {
    let allStrings = true;
    for (const k of m.keys()) {
      if (typeof k !== "string") {
        allStrings = false;
        break;
      }
    }
    this.enter();
    let s: string;
    if (allStrings) {
      s = "{";
      for (const [k, e] of m) s += (s.length === 1 ? "" : ",") + this.member(k as string, e);
      s += "}";
    } else {
      if (this.plain) this.tagged("", "", "Map with keys other than strings");
      this.openTagged("~map");
      const parts: string[] = [];
      const seen = new Set<string>();
      let i = 0;
      for (const [k, e] of m) {
        this.path.push(i);
        parts.push(this.value(k));
        const key = valueKey(k);
        if (seen.has(key)) this.fail("duplicate key in a map: two keys are equal values (byte arrays by content, wrappers by value)");
        seen.add(key);
        this.path.pop();
        this.path.push(i + 1);
        parts.push(this.value(e));
        this.path.pop();
        i += 2;
      }
      this.path.pop();
      this.depth--;
      s = '{"~map":[' + parts.join(",") + "]}";
    }
    this.depth--;
    return s;
  }

  /**
   * In a tagged object, its key and then its array, as the reader meets them: the key is a string to the reader (held
   * to the string limit, named at the object), the array a value (one more element, one more level, named at the key).
   */
  private openTagged(tag: "~set" | "~map"): void {
    if (tag.length > this.maxStringLength) this.fail(stringTooLong(tag.length, this.maxStringLength));
    this.path.push(tag);
    this.count();
    this.enter();
  }

  private set(set: Set<unknown>): string {
    if (this.plain) this.tagged("", "", "Set");
    this.enter();
    this.openTagged("~set");
    const parts: string[] = [];
    const seen = new Set<string>();
    let i = 0;
    for (const e of set) {
      this.path.push(i++);
      parts.push(this.value(e));
      const key = valueKey(e);
      if (seen.has(key)) this.fail("duplicate element in a set: two elements are equal values (byte arrays by content, wrappers by value)");
      seen.add(key);
      this.path.pop();
    }
    this.path.pop();
    this.depth -= 2;
    return '{"~set":[' + parts.join(",") + "]}";
  }
}

/**
 * Writes a value of the dynamic model as its one typed JSON document (no whitespace). `Map`s and plain objects
 * with string keys become objects; a `Map` with any other key becomes `{"~map":[...]}`.
 * Throws TypedJsonError naming the path of a value that cannot be carried exactly.
 */
export function stringify(value: ValueInput, options?: StringifyOptions): string {
  const limits = options?.limits ? { ...DEFAULT_LIMITS, ...options.limits } : DEFAULT_LIMITS;
  const doc = new Writer(limits, options?.plain).value(value);
  // a UTF-16 unit is 1 to 3 bytes of UTF-8 (a pair of them 4): the bytes are counted only when they can exceed the limit
  if (doc.length * 3 > limits.maxDocumentBytes) {
    const bytes = utf8Length(doc);
    if (bytes > limits.maxDocumentBytes) throw new TypedJsonError(documentTooLarge(bytes, limits.maxDocumentBytes), "$");
  }
  return doc;
}

/** The length in UTF-8 of well-formed text (the writer refuses lone surrogates). */
function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2; // a surrogate pair: 2 units, 4 bytes
  }
  return n;
}

// Writing the dynamic model: one spelling per value (SPEC.md sections 1, 5, 6 and 7). A value that cannot be
// carried exactly is refused with its JSON path; nothing partial is returned.
import { encodeBase64 } from "./base64";
import { valueKey } from "./equality";
import { TypedJsonError, indexSegment, keySegment, pathOf } from "./errors";
import { decimalText, doubleText, float32Text, nonFiniteText } from "./numbers";
import { DEFAULT_LIMITS, Limits, loneSurrogate } from "./scanner";
import * as T from "./types";
import type { ValueInput } from "./types";

export interface StringifyOptions {
  /** Overrides of the default limits; only maxDepth applies to writing. */
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

class Writer {
  /** Keys (strings) and indices (numbers) down to the value being written; formatted only for an error. */
  private readonly path: (string | number)[] = [];
  private depth = 0;
  constructor(private readonly maxDepth: number, private readonly plain = false) {}

  /** `"~" + tag + payload`, or in a plain document the refusal naming the value's (Java) type, as Java words it. */
  tagged(tag: string, payload: string, javaType: string): string {
    if (this.plain) {
      this.fail(`${javaType} where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would read as text: not written as plain JSON`);
    }
    return `"~${tag}${payload}"`;
  }

  fail(reason: string): never {
    throw new TypedJsonError(reason, pathOf(this.path.map((p) => (typeof p === "number" ? indexSegment(p) : keySegment(p)))));
  }

  text(s: string, what: string): string {
    const at = loneSurrogate(s);
    if (at >= 0) this.fail(`${what} holds a lone surrogate U+${s.charCodeAt(at).toString(16).toUpperCase()} at index ${at}, which is not Unicode text and has no UTF-8 spelling`);
    return quoteJson(s.length > 0 && s.charCodeAt(0) === 126 && !this.plain ? "~" + s : s);
  }

  enter(): void {
    if (++this.depth > this.maxDepth) this.fail(`nesting depth exceeds the limit of ${this.maxDepth} (a cyclic structure?)`);
  }

  value(v: unknown): string {
    switch (typeof v) {
      case "string":
        return this.text(v, "string");
      case "bigint":
        if (v < INT64_MIN || v > INT64_MAX) this.fail(`bigint ${v} is beyond int64: wrap it as new BigInteger(...) to write a BigInteger`);
        return v.toString();
      case "number":
        return Number.isFinite(v) ? doubleText(v) : this.tagged("z", nonFiniteText(v), "Double");
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
    if (v instanceof T.Float64) return this.value(v.value);
    if (v instanceof T.Int32) return this.tagged("i", `${v.value}`, "Integer");
    if (v instanceof T.Int16) return this.tagged("s", `${v.value}`, "Short");
    if (v instanceof T.Int8) return this.tagged("y", `${v.value}`, "Byte");
    if (v instanceof T.BigInteger) return v.value >= INT64_MIN && v.value <= INT64_MAX ? this.tagged("n", `${v.value}`, "BigInteger") : v.value.toString();
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
      this.enter();
      this.path.push("~map");
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

  private set(set: Set<unknown>): string {
    if (this.plain) this.tagged("", "", "Set");
    this.enter();
    this.enter();
    this.path.push("~set");
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
  const maxDepth = options?.limits?.maxDepth ?? DEFAULT_LIMITS.maxDepth;
  return new Writer(maxDepth, options?.plain).value(value);
}

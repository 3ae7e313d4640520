// Value equality of the model, as Java's equals() on the values it reads (byte arrays by content, like the
// format's reader: a set or map key is refused when two of its elements are equal under this relation).
// Doubles and floats compare by bits (NaN equals NaN, 0.0 is not -0.0), decimals with their scale,
// lists in order, sets and maps whatever their order.
import { encodeBase64 } from "./base64";
import * as T from "./types";
import type { Value } from "./types";

function numberKey(x: number): string {
  return Object.is(x, -0) ? "-0" : String(x);
}

/** A string that two values share exactly when they are equal. */
export function valueKey(v: unknown): string {
  switch (typeof v) {
    case "string":
      return "s" + JSON.stringify(v);
    case "bigint":
      return "l" + v;
    case "number":
      return "d" + numberKey(v);
    case "boolean":
      return v ? "T" : "F";
    case "object":
      break;
    default:
      return "?" + String(v);
  }
  if (v === null) return "n";
  if (Array.isArray(v)) return "[" + v.map(valueKey).join(",") + "]";
  if (v instanceof Map) {
    const entries: string[] = [];
    for (const [k, e] of v) entries.push("[" + valueKey(k) + "," + valueKey(e) + "]");
    return "<" + entries.sort().join(",") + ">";
  }
  if (v instanceof Set) return "{" + [...v].map(valueKey).sort().join(",") + "}";
  if (v instanceof Uint8Array) return "b" + encodeBase64(v);
  if (v instanceof T.Float64) return "d" + numberKey(v.value);
  if (v instanceof T.Int32) return "i" + v.value;
  if (v instanceof T.Int16) return "h" + v.value;
  if (v instanceof T.Int8) return "y" + v.value;
  if (v instanceof T.BigInteger) return "N" + v.value;
  if (v instanceof T.Float32) return "f" + numberKey(v.value);
  if (v instanceof T.Decimal) return "m" + v.unscaled + "e" + v.scale;
  if (v instanceof T.Instant) return "t" + v.toString();
  if (v instanceof T.LocalDate) return "D" + v.toString();
  if (v instanceof T.LocalTime) return "H" + v.toString();
  if (v instanceof T.LocalDateTime) return "L" + v.toString();
  if (v instanceof T.OffsetDateTime) return "O" + v.toString();
  if (v instanceof T.Uuid) return "u" + v.text;
  if (v instanceof T.Duration) return "P" + v.seconds + "." + v.nano;
  // a plain object stands for a string-keyed map
  const entries = Object.keys(v as object).map((k) => "[" + valueKey(k) + "," + valueKey((v as Record<string, unknown>)[k]) + "]");
  return "<" + entries.sort().join(",") + ">";
}

/** Whether two values of the model are equal as Java's equals() would say (see above). */
export function equals(a: Value, b: Value): boolean {
  return valueKey(a) === valueKey(b);
}

/**
 * Exact, order-sensitive sameness: the same types, bits, scales, and also the same order of map keys and set
 * elements. This is what the two contracts promise (value round trip).
 */
export function same(a: unknown, b: unknown): boolean {
  return exactKey(a) === exactKey(b);
}

function exactKey(v: unknown): string {
  if (v instanceof Map) {
    const entries: string[] = [];
    for (const [k, e] of v) entries.push("[" + exactKey(k) + "," + exactKey(e) + "]");
    return "<" + entries.join(",") + ">";
  }
  if (v instanceof Set) return "{" + [...v].map(exactKey).join(",") + "}";
  if (Array.isArray(v)) return "[" + v.map(exactKey).join(",") + "]";
  return valueKey(v);
}

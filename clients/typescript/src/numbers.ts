// Number spellings (SPEC.md sections 5 and 5.1): doubles and floats in the shortest decimal that reads back
// to the same bits, laid out as Java's Double.toString does; decimals as Java's BigDecimal.toString().

/** The significant digits (no leading or trailing zeros) and the exponent e of d1.d2d3... × 10^e. */
interface Digits {
  digits: string;
  exp: number;
}

/** Digits of a positive number printed by JavaScript (`123.45`, `0.00012`, `1.5e+21`, `5e-324`). */
function digitsOf(text: string): Digits {
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exp10 = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const intPart = dot < 0 ? mantissa : mantissa.slice(0, dot);
  const all = intPart + (dot < 0 ? "" : mantissa.slice(dot + 1));
  let lead = 0;
  while (lead < all.length - 1 && all.charCodeAt(lead) === 48) lead++;
  let end = all.length;
  while (end > lead + 1 && all.charCodeAt(end - 1) === 48) end--;
  return { digits: all.slice(lead, end), exp: exp10 + intPart.length - 1 - lead };
}

/** Java's Double.toString layout: plain for 1e-3 <= |x| < 1e7, else d.dddE±n; always a '.'. */
function javaLayout(negative: boolean, d: Digits): string {
  const { digits, exp } = d;
  let body: string;
  if (exp >= -3 && exp < 7) {
    if (exp >= 0) {
      const intPart = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits.padEnd(exp + 1, "0");
      const fraction = digits.length > exp + 1 ? digits.slice(exp + 1) : "0";
      body = `${intPart}.${fraction}`;
    } else {
      body = `0.${"0".repeat(-exp - 1)}${digits}`;
    }
  } else {
    body = `${digits[0]}.${digits.length > 1 ? digits.slice(1) : "0"}E${exp}`;
  }
  return negative ? "-" + body : body;
}

/**
 * The typed spelling of a finite double. JavaScript's `toString` gives the shortest digits that read back to
 * the same double, the closest such (as Java 19+ and Schubfach); Java also prefers a closer two-digit decimal
 * when one digit would do (`4.9E-324`, not `5.0E-324`).
 */
export function doubleText(x: number): string {
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const negative = x < 0;
  const a = negative ? -x : x;
  let d = digitsOf(String(a));
  if (d.digits.length === 1) {
    const two = candidates(a, 2).find((c) => Number(c) === a);
    if (two !== undefined) d = digitsOf(two);
  }
  return javaLayout(negative, d);
}

/** "NaN", "Infinity" or "-Infinity". */
export function nonFiniteText(x: number): string {
  return Number.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
}

// ---- float32

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** The float32 next to a non-negative float32 `a`, upwards or downwards; 2^128 stands for the step past the largest. */
function nextFloat(a: number, up: boolean): number {
  if (a === 0) return up ? 2 ** -149 : 0;
  f32[0] = a;
  u32[0] += up ? 1 : -1;
  return f32[0] === Infinity ? 2 ** 128 : f32[0];
}

/** The exact value of a finite nonzero positive double as m × 2^q. */
function exactDouble(x: number): [bigint, number] {
  f64[0] = x;
  const bits = u64[0];
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  return biased === 0 ? [fraction, -1074] : [fraction | 0x10000000000000n, biased - 1075];
}

/** Sign of (n × 10^k − x) for a non-negative decimal and a positive finite double, computed exactly. */
function compareDecimal(n: bigint, k: number, x: number): number {
  const [m, q] = exactDouble(x);
  let left = n;
  let right = m;
  if (k >= 0) left *= 10n ** BigInt(k);
  else right *= 10n ** BigInt(-k);
  if (q >= 0) right <<= BigInt(q);
  else left <<= BigInt(-q);
  return left === right ? 0 : left > right ? 1 : -1;
}

const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** Whether `s` is a JSON number lexeme. */
export function isJsonNumber(s: string): boolean {
  return JSON_NUMBER.test(s);
}

/**
 * A decimal number lexeme rounded to the nearest float32, correctly: JavaScript rounds to a double first, which
 * can land exactly on the midpoint between two floats where the decimal itself was not; that case is decided exactly.
 */
export function parseFloat32(lexeme: string): number {
  const x = Number(lexeme);
  const f = Math.fround(x);
  if (f === x || !Number.isFinite(x)) return f;
  const ax = Math.abs(x);
  const af = Math.abs(f);
  let low: number;
  let high: number;
  if (af === Infinity) [low, high] = [3.4028234663852886e38, 2 ** 128];
  else if (af < ax) [low, high] = [af, nextFloat(af, true)];
  else [low, high] = [nextFloat(af, false), af];
  const mid = (low + high) / 2;
  if (mid !== ax) return f; // the decimal lies on the same side of the midpoint as x
  const m = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(lexeme)!;
  const fraction = m[2] ?? "";
  const c = compareDecimal(BigInt(m[1] + fraction), Number(m[3] ?? 0) - fraction.length, mid);
  let r: number;
  if (c > 0) r = high;
  else if (c < 0) r = low;
  else {
    f32[0] = low;
    r = (u32[0] & 1) === 0 ? low : high;
  }
  if (r === 2 ** 128) r = Infinity;
  return x < 0 ? -r : r;
}

function float32RoundTrips(text: string, f: number): boolean {
  return parseFloat32(text) === f;
}

/** The p-digit decimals nearest to a (a positive float), the closest first. */
function candidates(a: number, p: number): string[] {
  const c = a.toPrecision(p);
  const d = digitsOf(c);
  const n = BigInt(d.digits.padEnd(p, "0"));
  const k = d.exp - p + 1;
  const side = compareDecimal(n, k, a);
  if (side === 0) return [`${n}e${k}`];
  const neighbour = side > 0 ? n - 1n : n + 1n;
  // a tie (a exactly halfway) goes to the even digit, as in Java; toPrecision takes the larger
  if (compareDecimal(n + neighbour, k, 2 * a) === 0 && n % 2n !== 0n) return [`${neighbour}e${k}`, `${n}e${k}`];
  return [`${n}e${k}`, `${neighbour}e${k}`];
}

/**
 * The typed spelling of a finite float32: the shortest decimal that reads back to the same float32 (the
 * closest of them; with one digit, a closer two-digit one is preferred, as in Java), in Java's layout.
 */
export function float32Text(f: number): string {
  if (!Number.isFinite(f)) return nonFiniteText(f);
  if (f === 0) return Object.is(f, -0) ? "-0.0" : "0.0";
  const negative = f < 0;
  const a = negative ? -f : f;
  for (let p = 1; p <= 9; p++) {
    const found = candidates(a, p).find((c) => float32RoundTrips(c, a));
    if (found !== undefined) {
      let chosen = found;
      if (p === 1) {
        const two = candidates(a, 2).find((c) => float32RoundTrips(c, a));
        if (two !== undefined) chosen = two;
      }
      return javaLayout(negative, digitsOf(chosen));
    }
  }
  throw new Error(`no float32 spelling found for ${f}`); // unreachable: 9 digits always suffice
}

// ---- decimals

/** Java's BigDecimal.toString() of unscaled × 10^-scale. */
export function decimalText(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const coefficient = (negative ? -unscaled : unscaled).toString();
  const adjusted = -scale + (coefficient.length - 1);
  let body: string;
  if (scale >= 0 && adjusted >= -6) {
    if (scale === 0) body = coefficient;
    else if (coefficient.length > scale) {
      const point = coefficient.length - scale;
      body = `${coefficient.slice(0, point)}.${coefficient.slice(point)}`;
    } else body = `0.${"0".repeat(scale - coefficient.length)}${coefficient}`;
  } else {
    body = coefficient.length > 1 ? `${coefficient[0]}.${coefficient.slice(1)}` : coefficient;
    if (adjusted !== 0) body += `E${adjusted > 0 ? "+" : ""}${adjusted}`;
  }
  return negative ? "-" + body : body;
}

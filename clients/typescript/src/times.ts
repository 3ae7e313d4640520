// ISO-8601 spellings of SPEC.md section 5, exactly as java.time prints them, and strict readers that accept
// only that spelling: a payload is parsed, printed again, and refused unless the two are the same text.
import type { Duration, Instant, LocalDate, LocalTime } from "./types";
import * as T from "./types";

function pad(v: number, width: number): string {
  return String(v).padStart(width, "0");
}

/** `LocalDate.toString()`: four-digit years, a sign beyond 9999 or below 0. */
export function yearText(y: number): string {
  if (Math.abs(y) < 1000) return (y < 0 ? "-" : "") + pad(Math.abs(y), 4);
  return (y > 9999 ? "+" : "") + String(y);
}

export function localDateText(d: LocalDate): string {
  return `${yearText(d.year)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/** 0, 3, 6 or 9 fraction digits, as java.time prints nanoseconds. */
function fractionText(nano: number): string {
  if (nano === 0) return "";
  if (nano % 1000000 === 0) return "." + pad(nano / 1000000, 3);
  if (nano % 1000 === 0) return "." + pad(nano / 1000, 6);
  return "." + pad(nano, 9);
}

/** `LocalTime.toString()`: `HH:mm`, then `:ss` when seconds or nanoseconds are not zero, then the fraction. */
export function localTimeText(t: LocalTime): string {
  let s = `${pad(t.hour, 2)}:${pad(t.minute, 2)}`;
  if (t.second !== 0 || t.nano !== 0) s += `:${pad(t.second, 2)}${fractionText(t.nano)}`;
  return s;
}

/** `ZoneOffset.getId()`: `Z`, `+hh:mm` or `+hh:mm:ss`. */
export function offsetText(seconds: number): string {
  if (seconds === 0) return "Z";
  const a = Math.abs(seconds);
  const s = a % 60;
  return `${seconds < 0 ? "-" : "+"}${pad(Math.floor(a / 3600), 2)}:${pad(Math.floor(a / 60) % 60, 2)}${s === 0 ? "" : ":" + pad(s, 2)}`;
}

/** `Instant.toString()`: UTC, seconds always, then 0, 3, 6 or 9 fraction digits, `Z`. */
export function instantText(i: Instant): string {
  const day = i.epochSecond >= 0n ? i.epochSecond / 86400n : -((-i.epochSecond + 86399n) / 86400n);
  const secondOfDay = Number(i.epochSecond - day * 86400n);
  const [y, m, d] = T.dateOfEpochDay(Number(day));
  return `${yearText(y)}-${pad(m, 2)}-${pad(d, 2)}T${pad(Math.floor(secondOfDay / 3600), 2)}:${pad(Math.floor(secondOfDay / 60) % 60, 2)}:${pad(secondOfDay % 60, 2)}${fractionText(i.nano)}Z`;
}

const DATE = "([+-]?[0-9]{4,9})-([0-9]{2})-([0-9]{2})";
const TIME = "([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.([0-9]{1,9}))?)?";
const LOCAL_DATE = new RegExp(`^${DATE}$`);
const LOCAL_TIME = new RegExp(`^${TIME}$`);
const LOCAL_DATE_TIME = new RegExp(`^${DATE}T${TIME}$`);
const OFFSET_DATE_TIME = new RegExp(`^${DATE}T${TIME}(Z|[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)$`);
// Instant's range reaches the years -1000000000 and 1000000000, one digit more than LocalDate's
const INSTANT = new RegExp(`^${DATE.replace("4,9", "4,10")}T${TIME}Z$`);

function date(m: RegExpExecArray, at: number): LocalDate {
  return new T.LocalDate(Number(m[at]), Number(m[at + 1]), Number(m[at + 2]));
}

function time(m: RegExpExecArray, at: number): LocalTime {
  const fraction = m[at + 3];
  return new T.LocalTime(Number(m[at]), Number(m[at + 1]), Number(m[at + 2] ?? 0), fraction === undefined ? 0 : Number(fraction.padEnd(9, "0")));
}

function offsetSeconds(text: string): number {
  if (text === "Z") return 0;
  const sign = text[0] === "-" ? -1 : 1;
  const h = Number(text.slice(1, 3));
  const m = Number(text.slice(4, 6));
  const s = text.length > 6 ? Number(text.slice(7, 9)) : 0;
  if (h > 18 || m > 59 || s > 59) throw new RangeError("offset out of range");
  return sign * (h * 3600 + m * 60 + s);
}

/** Parses with `build` and keeps the result only if it prints as the very same text (the one spelling). */
function canonical<V extends { toString(): string }>(text: string, pattern: RegExp, build: (m: RegExpExecArray) => V, strict: boolean): V | undefined {
  const m = pattern.exec(text);
  if (m === null) return undefined;
  let v: V;
  try {
    v = build(m);
  } catch {
    return undefined; // a field out of range: no such date or time
  }
  return !strict || v.toString() === text ? v : undefined;
}

export function parseLocalDate(text: string, strict = true): LocalDate | undefined {
  return canonical(text, LOCAL_DATE, (m) => date(m, 1), strict);
}

export function parseLocalTime(text: string, strict = true): LocalTime | undefined {
  return canonical(text, LOCAL_TIME, (m) => time(m, 1), strict);
}

export function parseLocalDateTime(text: string, strict = true): T.LocalDateTime | undefined {
  return canonical(text, LOCAL_DATE_TIME, (m) => new T.LocalDateTime(date(m, 1), time(m, 4)), strict);
}

export function parseOffsetDateTime(text: string, strict = true): T.OffsetDateTime | undefined {
  return canonical(text, OFFSET_DATE_TIME, (m) => new T.OffsetDateTime(new T.LocalDateTime(date(m, 1), time(m, 4)), offsetSeconds(m[8])), strict);
}

export function parseInstant(text: string, strict = true): Instant | undefined {
  return canonical(text, INSTANT, (m) => {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (mo < 1 || mo > 12 || d < 1 || d > T.daysInMonth(y, mo)) throw new RangeError("no such date");
    const t = time(m, 4);
    const seconds = BigInt(T.epochDay(y, mo, d)) * 86400n + BigInt(t.hour * 3600 + t.minute * 60 + t.second);
    return new T.Instant(seconds, t.nano);
  }, strict);
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only the canonical lower-case 36-character form. */
export function parseUuid(text: string): T.Uuid | undefined {
  return UUID_TEXT.test(text) ? new T.Uuid(text) : undefined;
}

// ---- typed positions (SPEC.md section 5.2): the canonical spelling and the few second spellings other producers write

const RFC3339 = /^(.+)[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,9}))?([Zz]|[+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)$/;

/**
 * An instant in a typed position: an RFC 3339 date-time with seconds, 0 to 9 fraction digits, `Z`/`z` or an offset,
 * `T` or `t`, taken as the instant it names (`2024-01-01T02:00:00+02:00` is `2024-01-01T00:00:00Z`). The date is
 * canonical (section 5.4); no leap second, no hour 24.
 */
export function parseInstantTyped(text: string): Instant | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const d = parseLocalDate(m[1]);
  if (d === undefined) return undefined;
  try {
    const t = new T.LocalTime(Number(m[2]), Number(m[3]), Number(m[4]), m[5] === undefined ? 0 : Number(m[5].padEnd(9, "0")));
    const offset = m[6] === "z" ? 0 : offsetSeconds(m[6]);
    const seconds = BigInt(d.toEpochDay()) * 86400n + BigInt(t.hour * 3600 + t.minute * 60 + t.second - offset);
    return new T.Instant(seconds, t.nano);
  } catch {
    return undefined;
  }
}

/** A local time in a typed position: `hh:mm`, `hh:mm:ss` or `hh:mm:ss.f` with 1 to 9 fraction digits. */
export function parseLocalTimeTyped(text: string): LocalTime | undefined {
  return parseLocalTime(text, false);
}

// ---- Duration (SPEC.md section 5): Java's Duration.toString(), and the texts Java's Duration.parse reads

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Java's `Duration.toString()`: bigint division and remainder truncate toward zero, as Java's long ones do. */
export function durationText(d: Duration): string {
  const { seconds, nano } = d;
  if (seconds === 0n && nano === 0) return "PT0S";
  const eff = seconds < 0n && nano > 0 ? seconds + 1n : seconds;
  const h = eff / 3600n;
  const m = (eff % 3600n) / 60n;
  const s = eff % 60n;
  let out = "PT" + (h !== 0n ? `${h}H` : "") + (m !== 0n ? `${m}M` : "");
  if (s === 0n && nano === 0 && out.length > 2) return out;
  out += seconds < 0n && nano > 0 ? (s === 0n ? "-0" : String(s)) : String(s);
  if (nano > 0) out += "." + String(seconds < 0n ? 2000000000 - nano : nano + 1000000000).replace(/0+$/, "").slice(1);
  return out + "S";
}

// java.time.Duration.parse's grammar (JDK 17), in any case: sign, P, days, T, hours, minutes, seconds with up to 9
// fraction digits after '.' or ','
const DURATION = /^([-+]?)P(?:([-+]?[0-9]+)D)?(T(?:([-+]?[0-9]+)H)?(?:([-+]?[0-9]+)M)?(?:([-+]?[0-9]+)(?:[.,]([0-9]{0,9}))?S)?)?$/i;

class Overflow extends Error {}

function int64(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw new Overflow();
  return v;
}

/** Long.parseLong then Math.multiplyExact, as Duration.parse does (a '+' and leading zeros taken). */
function durationNumber(text: string | undefined, multiplier: bigint): bigint {
  if (text === undefined) return 0n;
  if (text.replace(/^[-+]/, "").replace(/^0+/, "").length > 19) throw new Overflow(); // never convert a huge number
  return int64(int64(BigInt(text)) * multiplier);
}

/** The duration a text names as Java's `Duration.parse` reads it (need not be canonical), or undefined. */
export function parseDurationLenient(text: string): Duration | undefined {
  const m = typeof text === "string" ? DURATION.exec(text) : null;
  if (m === null || m[3]?.toUpperCase() === "T" || (m[2] ?? m[4] ?? m[5] ?? m[6]) === undefined) return undefined;
  try {
    let total = durationNumber(m[2], 86400n);
    for (const part of [durationNumber(m[4], 3600n), durationNumber(m[5], 60n), durationNumber(m[6], 1n)]) total = int64(total + part);
    let nanos = m[7] ? BigInt(m[7].padEnd(9, "0")) : 0n;
    if (m[6]?.startsWith("-")) nanos = -nanos;
    let all = total * 1000000000n + nanos;
    if (m[1] === "-") all = -all;
    return T.Duration.ofNanos(all);
  } catch (e) {
    if (e instanceof Overflow || e instanceof RangeError) return undefined;
    throw e;
  }
}

/** A ~P payload: exactly `Duration.toString()`'s text. */
export function parseDuration(text: string): Duration | undefined {
  const d = parseDurationLenient(text);
  return d !== undefined && d.toString() === text ? d : undefined;
}

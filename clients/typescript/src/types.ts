// The value classes of the dynamic model (SPEC.md section 6) that JavaScript has no exact type for.
// Each is immutable, checks its range when built, and prints its typed spelling (SPEC.md section 5) with toString().
import { decimalText, float32Text } from "./numbers";
import { durationText, instantText, localDateText, localTimeText, offsetText, parseDurationLenient } from "./times";

function checkInteger(v: number, min: number, max: number, type: string): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    throw new RangeError(`${String(v)} is not an ${type} (an integer from ${min} to ${max})`);
  }
  return v === 0 ? 0 : v; // -0 is 0 for an integer
}

/** Java `Integer`, tag `~i`. */
export class Int32 {
  readonly value: number;
  constructor(value: number) {
    this.value = checkInteger(value, -2147483648, 2147483647, "int32");
    Object.freeze(this);
  }
  toString(): string { return String(this.value); }
}

/** Java `Short`, tag `~s`. */
export class Int16 {
  readonly value: number;
  constructor(value: number) {
    this.value = checkInteger(value, -32768, 32767, "int16");
    Object.freeze(this);
  }
  toString(): string { return String(this.value); }
}

/** Java `Byte`, tag `~y`. */
export class Int8 {
  readonly value: number;
  constructor(value: number) {
    this.value = checkInteger(value, -128, 127, "int8");
    Object.freeze(this);
  }
  toString(): string { return String(this.value); }
}

/**
 * Java `BigInteger`: kept apart from int64 (a plain `bigint`) so that a document round-trips byte for byte.
 * Within int64 range it is written with the tag `~n`, beyond it as a plain integer lexeme.
 */
export class BigInteger {
  readonly value: bigint;
  constructor(value: bigint) {
    if (typeof value !== "bigint") throw new TypeError("BigInteger takes a bigint");
    this.value = value;
    Object.freeze(this);
  }
  toString(): string { return this.value.toString(); }
}

/** Java `Float`, tag `~f`: a float32, held as the double of the same value (so `Math.fround(value) === value`). */
export class Float32 {
  readonly value: number;
  constructor(value: number) {
    if (typeof value !== "number" || !(Number.isNaN(value) || Math.fround(value) === value)) {
      throw new RangeError(`${String(value)} is not a float32 value (use Float32.round to round a double to float32)`);
    }
    this.value = value;
    Object.freeze(this);
  }
  /** The float32 nearest to `x` (as a Java `(float) x` cast gives). */
  static round(x: number): Float32 { return new Float32(Math.fround(x)); }
  toString(): string { return float32Text(this.value); }
}

// a scale of -2^31 would print an exponent +2147483648 that no reader can take back (SPEC.md section 5.3)
const SCALE_MIN = -2147483647;
const SCALE_MAX = 2147483647;

/** Java `BigDecimal`: unscaled digits and a scale, value = unscaled × 10^-scale; `1.10` (110, 2) is not `1.1` (11, 1). */
export class Decimal {
  readonly unscaled: bigint;
  readonly scale: number;
  constructor(unscaled: bigint, scale: number) {
    if (typeof unscaled !== "bigint") throw new TypeError("Decimal's unscaled value is a bigint");
    if (!Number.isInteger(scale) || scale < SCALE_MIN || scale > SCALE_MAX) {
      throw new RangeError(`scale ${String(scale)} is outside -2147483647..2147483647`);
    }
    this.unscaled = unscaled;
    this.scale = scale === 0 ? 0 : scale;
    Object.freeze(this);
  }
  /** Reads a JSON number lexeme (`1.10`, `1E+3`, `-0.5e-7`), keeping its scale as Java's `new BigDecimal(text)` does. */
  static parse(text: string): Decimal {
    const d = parseDecimalLexeme(text);
    if (d === undefined) throw new SyntaxError(`malformed decimal "${text}"`);
    return d;
  }
  /** Java's `BigDecimal.toString()`. */
  toString(): string { return decimalText(this.unscaled, this.scale); }
}

const NUMBER = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/** A JSON number lexeme as a Decimal, or undefined when it is not one or its scale is beyond int32. */
export function parseDecimalLexeme(text: string): Decimal | undefined {
  const m = NUMBER.exec(text);
  if (m === null) return undefined;
  const fraction = m[3] ?? "";
  const exponent = m[4] === undefined ? 0 : Number(m[4]); // a huge exponent becomes a huge number: refused below
  const scale = fraction.length - exponent;
  if (!Number.isSafeInteger(exponent) || scale < SCALE_MIN || scale > SCALE_MAX) return undefined;
  let unscaled = BigInt(m[2] + fraction);
  if (m[1] === "-") unscaled = -unscaled;
  return new Decimal(unscaled, scale);
}

function checkField(v: number, min: number, max: number, what: string): number {
  if (!Number.isInteger(v) || v < min || v > max) throw new RangeError(`${what} ${String(v)} is out of range ${min}..${max}`);
  return v;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
export function epochDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The date of an epoch day (civil_from_days). */
export function dateOfEpochDay(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** Java `LocalDate`, tag `~D`: a proleptic Gregorian date, years -999999999 to 999999999. */
export class LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  constructor(year: number, month: number, day: number) {
    this.year = checkField(year, -999999999, 999999999, "year");
    this.month = checkField(month, 1, 12, "month");
    this.day = checkField(day, 1, daysInMonth(year, month), "day");
    Object.freeze(this);
  }
  toEpochDay(): number { return epochDay(this.year, this.month, this.day); }
  static ofEpochDay(days: number): LocalDate {
    const [y, m, d] = dateOfEpochDay(days);
    return new LocalDate(y, m, d);
  }
  toString(): string { return localDateText(this); }
}

/** Java `LocalTime`, tag `~T`: a time of day with nanoseconds. */
export class LocalTime {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly nano: number;
  constructor(hour: number, minute: number, second = 0, nano = 0) {
    this.hour = checkField(hour, 0, 23, "hour");
    this.minute = checkField(minute, 0, 59, "minute");
    this.second = checkField(second, 0, 59, "second");
    this.nano = checkField(nano, 0, 999999999, "nano");
    Object.freeze(this);
  }
  toString(): string { return localTimeText(this); }
}

/** Java `LocalDateTime`, tag `~L`. */
export class LocalDateTime {
  readonly date: LocalDate;
  readonly time: LocalTime;
  constructor(date: LocalDate, time: LocalTime) {
    if (!(date instanceof LocalDate) || !(time instanceof LocalTime)) throw new TypeError("LocalDateTime takes a LocalDate and a LocalTime");
    this.date = date;
    this.time = time;
    Object.freeze(this);
  }
  toString(): string { return `${localDateText(this.date)}T${localTimeText(this.time)}`; }
}

/** Java `OffsetDateTime`, tag `~O`: a local date-time and its offset from UTC in seconds (-18:00 to +18:00). */
export class OffsetDateTime {
  readonly dateTime: LocalDateTime;
  readonly offsetSeconds: number;
  constructor(dateTime: LocalDateTime, offsetSeconds: number) {
    if (!(dateTime instanceof LocalDateTime)) throw new TypeError("OffsetDateTime takes a LocalDateTime");
    this.dateTime = dateTime;
    this.offsetSeconds = checkField(offsetSeconds, -64800, 64800, "offset seconds") || 0;
    Object.freeze(this);
  }
  toString(): string { return this.dateTime.toString() + offsetText(this.offsetSeconds); }
}

/**
 * Java `Double` as a box: the same value as a plain `number`, written and compared exactly like it. It exists for
 * `-0.0` as a set element or map key: a JavaScript `Set` or `Map` stores `-0` as `0` (SameValueZero), so the
 * reader gives `new Float64(-0)` there (see `setMember`), and a set that holds both 0.0 and -0.0 can be built.
 */
export class Float64 {
  readonly value: number;
  constructor(value: number) {
    if (typeof value !== "number") throw new TypeError("Float64 takes a number");
    this.value = value;
    Object.freeze(this);
  }
  toString(): string { return String(this.value); }
}

/** The value as a set element or map key: `-0` boxed as `Float64(-0)`, since a `Set` or `Map` would store it as `0`. */
export function setMember<V>(v: V): V | Float64 {
  return typeof v === "number" && v === 0 && Object.is(v, -0) ? new Float64(-0) : v;
}

const INSTANT_MIN_SECOND = -31557014167219200n; // -1000000000-01-01T00:00:00Z, Java's Instant.MIN
const INSTANT_MAX_SECOND = 31556889864403199n; // +1000000000-12-31T23:59:59Z, Java's Instant.MAX

/** Java `Instant`, tag `~t`: seconds since the epoch (a bigint: the range exceeds 2^53) and nanoseconds. */
export class Instant {
  readonly epochSecond: bigint;
  readonly nano: number;
  constructor(epochSecond: bigint, nano = 0) {
    if (typeof epochSecond !== "bigint" || epochSecond < INSTANT_MIN_SECOND || epochSecond > INSTANT_MAX_SECOND) {
      throw new RangeError(`epoch second ${String(epochSecond)} is out of Instant's range`);
    }
    this.epochSecond = epochSecond;
    this.nano = checkField(nano, 0, 999999999, "nano");
    Object.freeze(this);
  }
  static ofEpochMilli(ms: number): Instant {
    if (!Number.isSafeInteger(ms)) throw new RangeError(`${ms} is not an integer number of milliseconds`);
    const s = Math.floor(ms / 1000);
    return new Instant(BigInt(s), (ms - s * 1000) * 1000000);
  }
  static fromDate(d: Date): Instant { return Instant.ofEpochMilli(d.getTime()); }
  /** A JavaScript Date (milliseconds: finer digits are cut, as Java's `toEpochMilli` would refuse to lose them silently: we throw). */
  toDate(): Date {
    if (this.nano % 1000000 !== 0) throw new RangeError(`${this.toString()} has digits below a millisecond that a Date cannot hold`);
    return new Date(Number(this.epochSecond) * 1000 + this.nano / 1000000);
  }
  toString(): string { return instantText(this); }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const NANOS = 1000000000n;

/**
 * Java `Duration`, tag `~P`: whole seconds (a bigint in int64) and nanoseconds 0..999999999 added to them, as Java
 * keeps it: -0.5 s is `new Duration(-1n, 500000000)`. Written as `Duration.toString()` writes it: `PT8H6M12.345S`.
 */
export class Duration {
  readonly seconds: bigint;
  readonly nano: number;
  constructor(seconds: bigint, nano = 0) {
    if (typeof seconds !== "bigint" || seconds < INT64_MIN || seconds > INT64_MAX) {
      throw new RangeError(`seconds ${String(seconds)} are out of Duration's range (int64)`);
    }
    this.seconds = seconds;
    this.nano = checkField(nano, 0, 999999999, "nano");
    Object.freeze(this);
  }
  /** The duration of a number of nanoseconds (any bigint whose seconds fit int64). */
  static ofNanos(nanos: bigint): Duration {
    let s = nanos / NANOS;
    let n = nanos % NANOS;
    if (n < 0n) {
      s -= 1n;
      n += NANOS;
    }
    return new Duration(s, Number(n));
  }
  /** Milliseconds (a JavaScript number, as `setTimeout` takes): an integer number of them, exactly. */
  static ofMillis(ms: number): Duration {
    if (!Number.isSafeInteger(ms)) throw new RangeError(`${ms} is not an integer number of milliseconds`);
    return Duration.ofNanos(BigInt(ms) * 1000000n);
  }
  toNanos(): bigint { return this.seconds * NANOS + BigInt(this.nano); }
  /**
   * Any text Java's `Duration.parse` reads (`P2D`, `pt1m30s`, `PT1,5S`), as it reads it; throws SyntaxError for
   * any other. A document holds only `toString()`'s text: readers refuse the others.
   */
  static parse(text: string): Duration {
    const d = parseDurationLenient(text);
    if (d === undefined) throw new SyntaxError(`Text cannot be parsed to a Duration: "${String(text)}"`);
    return d;
  }
  /** Java's `Duration.toString()`. */
  toString(): string { return durationText(this); }
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Java `UUID`, tag `~u`: held as its canonical lower-case text. */
export class Uuid {
  readonly text: string;
  /** Takes the 36-character form; upper-case hex digits are lower-cased here (the document form is lower-case only). */
  constructor(text: string) {
    const t = typeof text === "string" ? text.toLowerCase() : "";
    if (!UUID_TEXT.test(t)) throw new SyntaxError(`malformed UUID "${String(text)}"`);
    this.text = t;
    Object.freeze(this);
  }
  toString(): string { return this.text; }
}

/** A value of the dynamic model as `parse` returns it. */
export type Value =
  | null
  | boolean
  | bigint // int64 (Java Long)
  | number // float64 (Java Double)
  | Float64 // float64 boxed: -0.0 in a Set or as a Map key
  | string
  | Int8
  | Int16
  | Int32
  | BigInteger
  | Float32
  | Decimal
  | Uint8Array
  | Instant
  | LocalDate
  | LocalTime
  | LocalDateTime
  | OffsetDateTime
  | Uuid
  | Duration
  | Value[]
  | Set<Value>
  | Map<Value, Value>;

/** What `stringify` takes: the model, plus plain objects for string-keyed maps (in JavaScript's own key order). */
export type ValueInput =
  | Exclude<Value, Value[] | Set<Value> | Map<Value, Value>>
  | ValueInput[]
  | ReadonlyArray<ValueInput>
  | Set<ValueInput>
  | ReadonlySet<ValueInput>
  | Map<ValueInput, ValueInput>
  | ReadonlyMap<ValueInput, ValueInput>
  | { [key: string]: ValueInput };

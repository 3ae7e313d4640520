// fast-check generators of the whole dynamic model, for the property tests of both contracts.
import fc from "fast-check";
import { valueKey } from "../equality";
import * as T from "../types";
import type { Value } from "../types";

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

/** Strings, with the prefix and its escapes, controls, U+2028 and astral characters well represented. */
export const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 8 }).filter((s) => s.isWellFormed()),
  fc.constantFrom("", "~", "~~", "~t", "~i1", "~set", "~map", "~s", "a~b", "$type", "\u0000", "\u2028", "\"\\", "😀", "1", "__proto__", "constructor"),
  fc.tuple(fc.constantFrom("~", "~~", "~x"), fc.string({ maxLength: 4 })).map(([a, b]) => a + b),
);

const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.oneof(fc.integer({ min: -20, max: 40 }), fc.constantFrom(-2147483647, 2147483647, 999999999)))
  .map(([u, s]) => new T.Decimal(u, s));

const date = fc
  .tuple(fc.oneof(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: -999999999, max: 999999999 })), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => new T.LocalDate(y, m, Math.min(d, T.daysInMonth(y, m))));

const nano = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 999 }).map((n) => n * 1000000), fc.integer({ min: 0, max: 999999 }).map((n) => n * 1000), fc.integer({ min: 0, max: 999999999 }));

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 59 })), nano)
  .map(([h, m, s, n]) => new T.LocalTime(h, m, s, n));

const dateTime = fc.tuple(date, time).map(([d, t]) => new T.LocalDateTime(d, t));

const instant = fc
  .tuple(fc.oneof(fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }), fc.bigInt({ min: -31557014167219200n, max: 31556889864403199n })), nano)
  .map(([s, n]) => new T.Instant(s, n));

const offset = fc.oneof(fc.constant(0), fc.integer({ min: -18, max: 18 }).map((h) => h * 3600), fc.integer({ min: -64800, max: 64800 }));

/** Every scalar type of the model. */
export const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.bigInt(INT64),
  fc.double(),
  fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e7, 9999999, 1e-3, 5e-324, Number.MAX_VALUE, 2e23, 0.1),
  text,
  fc.integer({ min: -128, max: 127 }).map((v) => new T.Int8(v)),
  fc.integer({ min: -32768, max: 32767 }).map((v) => new T.Int16(v)),
  fc.integer({ min: -2147483648, max: 2147483647 }).map((v) => new T.Int32(v)),
  fc.oneof(fc.bigInt(INT64), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n })).map((v) => new T.BigInteger(v)),
  fc.float().map((f) => new T.Float32(f)),
  decimal,
  fc.uint8Array({ maxLength: 12 }),
  instant,
  date,
  time,
  dateTime,
  fc.tuple(dateTime, offset).map(([dt, o]) => new T.OffsetDateTime(dt, o)),
  fc.uuid().map((u) => new T.Uuid(u)),
  fc.tuple(fc.oneof(fc.bigInt(INT64), fc.bigInt({ min: -100000n, max: 100000n })), fc.integer({ min: 0, max: 999999999 })).map(([s, n]) => new T.Duration(s, n)),
);

/** Keeps the first of values equal under the model's equality (0.0 and -0.0 are two values: -0.0 is boxed, see setMember). */
function distinct<V>(items: V[], keyOf: (v: V) => unknown): V[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = valueKey(keyOf(item));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Values of the whole model, nested. */
export const value: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(tie("value"), { maxLength: 5 }).map((a) => new Set(distinct(a.map(T.setMember), (v) => v))),
    fc.array(fc.tuple(text, tie("value")), { maxLength: 5 }).map((entries) => new Map<Value, Value>(distinct(entries, (e) => e[0]))),
    fc
      .array(fc.tuple(tie("value"), tie("value")), { maxLength: 4 })
      .map((entries) => new Map<Value, Value>(distinct(entries.map(([k, v]) => [T.setMember(k), v] as [Value, Value]), (e) => e[0]))),
  ),
})).value;

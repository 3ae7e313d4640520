// java.time.Duration in the dynamic model (tag ~P, SPEC.md sections 5 and 7): Duration.parse reads what Java's
// Duration.parse reads, toString() is Duration.toString(), and a ~P payload is only that text.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Duration, TypedJsonError, parse, parseConnect, stringify, equals } from "../index";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

test("Duration.toString() as java.time prints it", () => {
  const cases: [bigint, number, string][] = [
    [0n, 0, "PT0S"], [1n, 500000000, "PT1.5S"], [29172n, 345000000, "PT8H6M12.345S"], [172800n, 0, "PT48H"],
    [-1n, 500000000, "PT-0.5S"], [-3724n, 500000000, "PT-1H-2M-3.5S"], [0n, 1, "PT0.000000001S"],
    [-1n, 999999999, "PT-0.000000001S"], [-60n, 0, "PT-1M"], [3601n, 0, "PT1H1S"], [-61n, 100000000, "PT-1M-0.9S"],
    [INT64_MAX, 999999999, "PT2562047788015215H30M7.999999999S"], [INT64_MIN, 0, "PT-2562047788015215H-30M-8S"],
  ];
  for (const [s, n, text] of cases) {
    const d = new Duration(s, n);
    assert.equal(d.toString(), text);
    assert.ok(equals(Duration.parse(text), d), text);
    assert.equal(stringify(d), `"~P${text}"`);
  }
});

test("Duration.parse reads what Java's Duration.parse reads, and nothing else", () => {
  const same = (text: string, s: bigint, n = 0) => assert.ok(equals(Duration.parse(text), new Duration(s, n)), text);
  same("P2D", 172800n);
  same("-P1DT-1H", -86400n + 3600n);
  same("pt1m30s", 90n);
  same("PT1,5S", 1n, 500000000);
  same("PT1.S", 1n);
  same("PT-0.5S", -1n, 500000000);
  same("PT0000000000000000000000001H", 3600n);
  same("PT-9223372036854775808S", INT64_MIN);
  for (const text of ["", "P", "PT", "PT1", "T1S", "PT1S ", "P1DT", "PT0.0000000001S", "PT1.5M", "P1W", "PT٣S",
    "PT9223372036854775808S", "PT2562047788015216H", "PT2562047788015215H30M8S", "-PT-9223372036854775808S"]) {
    assert.throws(() => Duration.parse(text), SyntaxError, JSON.stringify(text));
  }
});

test("every duration round-trips, and its all-seconds spelling is refused as non-canonical naming the one", () => {
  fc.assert(fc.property(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), fc.integer({ min: 0, max: 999999999 }), fc.constantFrom(1n, 1000n, 1000000n, 1000000000n), (s, n, unit) => {
    const d = Duration.ofNanos((new Duration(s, n).toNanos() / unit) * unit);
    const doc = stringify(d);
    assert.ok(equals(parse(doc), d), doc);
    assert.ok(equals(Duration.parse(d.toString()), d));
    const nanos = d.toNanos();
    const abs = nanos < 0n ? -nanos : nanos;
    const other = `PT${nanos < 0n ? "-" : ""}${abs / 1000000000n}.${String(abs % 1000000000n).padStart(9, "0")}S`;
    assert.ok(equals(Duration.parse(other), d), other);
    if (other !== d.toString()) {
      assert.throws(() => parse(`"~P${other}"`), (e: unknown) => e instanceof TypedJsonError
        && e.message.includes(`non-canonical ~P payload "${other.slice(0, 60)}`) && e.message.includes(`"~P${d}"`));
    }
  }), { numRuns: 2000 });
});

test("Duration's range, millisecond and nanosecond helpers", () => {
  assert.throws(() => new Duration(INT64_MAX + 1n), RangeError);
  assert.throws(() => new Duration(0n, 1000000000), RangeError);
  assert.throws(() => new Duration(0n, -1), RangeError);
  assert.throws(() => new Duration(1 as unknown as bigint), RangeError);
  assert.equal(Duration.ofMillis(-1500).toString(), "PT-1.5S");
  assert.equal(Duration.ofNanos(-1n).toString(), "PT-0.000000001S");
  assert.equal(new Duration(-2n, 500000000).toNanos(), -1500000000n);
  assert.ok(!equals(new Duration(1n), 1n));
});

test("a ~P payload that Java's Duration.parse reads is non-canonical; one it cannot read is malformed", () => {
  const refused: [string, string, string][] = [
    ['"~PPT1H0M"', "$", 'non-canonical ~P payload "PT1H0M" (duration): its one spelling is "~PPT1H"'],
    ['"~PP1D"', "$", 'non-canonical ~P payload "P1D" (duration): its one spelling is "~PPT24H"'],
    ['"~Ppt1S"', "$", 'non-canonical ~P payload "pt1S"'],
    ['"~PPT+1S"', "$", 'non-canonical ~P payload "PT+1S"'],
    ['["~PPT1.50S"]', "$[0]", 'non-canonical ~P payload "PT1.50S" (duration): its one spelling is "~PPT1.5S"'],
    ['"~PPT"', "$", 'malformed ~P payload "PT" (duration)'],
    ['"~P"', "$", 'malformed ~P payload "" (duration)'],
    ['{"d":"~PPT1S extra"}', "$.d", 'malformed ~P payload "PT1S extra"'],
    ['"~PPT9223372036854775808S"', "$", 'malformed ~P payload "PT9223372036854775808S"'],
  ];
  for (const [doc, where, reason] of refused) {
    assert.throws(() => parse(doc), (e: unknown) => e instanceof TypedJsonError && e.reason.startsWith(reason) && e.path === where, doc);
  }
});

test("Connect: a schemaless duration travels tagged and location none derives no schema for it", () => {
  for (const location of ["inline", "header", "none"] as const) {
    const { schema, value } = parseConnect('{"timeout":"~PPT30S","n":1}', { location });
    assert.equal(schema, null);
    assert.ok(equals(value, new Map<unknown, unknown>([["timeout", new Duration(30n)], ["n", 1n]]) as never));
  }
});

// The writer holds a value to the limits its reader holds documents to (SPEC.md section 9, and section 2: what a
// writer accepts, a reader with the same limits reads): a value whose document such a reader would refuse is refused
// on write with the reader's reason at the value's path; one at the limit is written and read back. The cases of the
// Java implementation's WriterLimitsTest (sets and ~map keys of one hash code are Java's alone).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parse, stringify, same, serializer, TypedJsonError, Limits, DEFAULT_LIMITS, BigInteger, Decimal, Float32, Instant, Int32 } from "../index";
import type { ValueInput } from "../index";
import { Scanner, stringTooLong } from "../scanner";
import { parseSchemaNotation, readTyped, writeTyped } from "../connect";
import type { ConnectSchema, ConnectValue } from "../connect";
import { writeConnectReference } from "../reference";
import { value } from "./arbitraries";

const RUNS = Number(process.env.TYPEDJSON_PROPERTY_RUNS ?? 3000);

/** What documents under test are written with: beyond every limit a test sets. */
const UNLIMITED: Limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxNumberLength: Infinity, maxStringLength: Infinity, maxDocumentBytes: Infinity, maxElements: Infinity };

function limits(maxNumberLength: number, maxStringLength: number, maxDocumentBytes: number, maxElements: number): Limits {
  return { maxDepth: DEFAULT_LIMITS.maxDepth, maxNumberLength, maxStringLength, maxDocumentBytes, maxElements };
}

function attempt(f: () => void): TypedJsonError | null {
  try {
    f();
    return null;
  } catch (e) {
    if (!(e instanceof TypedJsonError)) throw e;
    return e;
  }
}

/**
 * The writer under `small` refuses `v` exactly when the reader under `small` refuses its document (written without
 * limits), with the same reason at the same path; what both accept is the same document and reads back as `v`.
 * Returns the writer's error, or null.
 */
function sameVerdict(v: ValueInput, small: Limits, plain = false): TypedJsonError | null {
  const doc = stringify(v, { limits: UNLIMITED, plain });
  const readError = attempt(() => {
    const back = parse(doc, { limits: small, plain });
    assert.ok(same(back, v as never), `${doc} read back as ${stringify(back, { limits: UNLIMITED })}`);
  });
  const writeError = attempt(() => assert.equal(stringify(v, { limits: small, plain }), doc));
  const shown = doc.length > 200 ? doc.slice(0, 200) + "..." : doc;
  const verdicts = `read: ${readError?.message ?? "accepted"}; write: ${writeError?.message ?? "accepted"}; document ${shown}`;
  assert.equal(readError === null, writeError === null, verdicts);
  if (readError !== null) {
    assert.equal(writeError!.reason, readError.reason, verdicts);
    assert.equal(writeError!.path, readError.path, verdicts);
  }
  return writeError;
}

test("numbers: the digits of a plain lexeme or of a ~i ~s ~y ~n ~f ~d payload, the exponent's included", () => {
  const five = limits(5, 100, 1000, 1000);
  const six = sameVerdict([1n, 123456n], five)!;
  assert.equal(six.reason, "number of 6 digits exceeds the limit of 5 (limits.maxNumberLength, typedjson.max.number.length in Java)");
  assert.equal(six.path, "$[1]");
  assert.equal(sameVerdict(12345n, five), null);
  assert.equal(sameVerdict(-12345n, five), null); // the sign is not a digit
  assert.equal(sameVerdict(1e10, five), null); // 1.0E10: digits 1, 0, 1, 0
  assert.ok(sameVerdict(1.2345e10, five)); // 1.2345E10: 7 digits
  assert.ok(sameVerdict(Decimal.parse("1.2345E+10"), five)); // a ~d payload counts its digits too
  assert.equal(sameVerdict(Decimal.parse("123.45"), five), null);
  assert.ok(sameVerdict(Decimal.parse("123.456"), five));
  assert.ok(sameVerdict(new BigInteger(123456n), five)); // "~n123456"
  assert.ok(sameVerdict(new BigInteger(10n ** 20n), five)); // beyond int64: a plain lexeme of 21 digits
  assert.equal(sameVerdict(new Int32(99999), five), null);
  assert.equal(sameVerdict(new Int32(-99999), five), null);
  assert.ok(sameVerdict(new Int32(100000), five));
  assert.ok(sameVerdict(0.1234567, five));
  assert.equal(sameVerdict(new Float32(1.5), five), null);
  assert.equal(sameVerdict(NaN, limits(1, 100, 1000, 1000)), null); // "~zNaN" is not a number lexeme
  const big = sameVerdict(new BigInteger(10n ** 1000n), DEFAULT_LIMITS)!;
  assert.equal(big.reason, "number of 1001 digits exceeds the limit of 1000 (limits.maxNumberLength, typedjson.max.number.length in Java)");
  assert.equal(sameVerdict(new BigInteger(10n ** 999n), DEFAULT_LIMITS), null);
});

test("strings and keys: UTF-16 code units of the string as written, tags and a doubled '~' included", () => {
  const four = limits(1000, 4, 1000, 1000);
  const five = sameVerdict(["abcd", "abcde"], four)!;
  assert.equal(five.reason, "string of 5 UTF-16 code units exceeds the limit of 4 (limits.maxStringLength, typedjson.max.string.length in Java)");
  assert.equal(five.path, "$[1]");
  assert.ok(sameVerdict("~abc", four)); // written "~~abc": 5 units in the document
  assert.equal(sameVerdict("~abc", four, true), null); // a plain document writes it as it is: 4 units
  assert.equal(sameVerdict('a"b\u00e9', four), null); // the units of the text, not of its escapes or UTF-8 bytes
  assert.ok(sameVerdict("\ud83d\ude00\ud83d\ude00\ud83d\ude00", four)); // 6 units
  assert.equal(sameVerdict("\ud83d\ude00\ud83d\ude00", four), null);
  assert.ok(sameVerdict(new Instant(0n), four)); // a tagged string: "~t1970-01-01T00:00:00Z"
  assert.ok(sameVerdict(new Uint8Array([1, 2, 3]), four)); // "~bAQID": 6 units
  assert.equal(sameVerdict(new Uint8Array([1, 2, 3]), limits(1000, 6, 1000, 1000)), null);
  const key = sameVerdict(new Map([["abcde", 1n]]), four)!;
  assert.equal(key.reason, five.reason); // a key is a string to the reader
  assert.equal(key.path, "$"); // named at its object, as the reader names it
  assert.ok(sameVerdict({ abcd: 1n, "~abc": 2n }, four)); // the key "~~abc"
  assert.equal(sameVerdict({ abcd: "abcd" }, four), null);
  assert.equal(sameVerdict("x", limits(1000, 1, 1000, 1000)), null);
  // the key of a tagged object is a string to the reader too ("~set" and "~map" are 4 units), named at its object
  assert.equal(sameVerdict([new Set([1n])], limits(1000, 3, 1000, 1000))!.path, "$[0]");
  assert.equal(sameVerdict(new Map([[1n, 2n]]), limits(1000, 3, 1000, 1000))!.reason, stringTooLong(4, 3));
  assert.equal(sameVerdict(new Set([1n]), limits(1000, 4, 1000, 1000)), null);
  assert.ok(sameVerdict("x".repeat(20_000_001), DEFAULT_LIMITS));
});

test("elements: every value at any depth, a tagged object's array included, keys not counted", () => {
  const six = limits(1000, 1000, 1000, 6);
  assert.equal(sameVerdict([1n, 2n, 3n, 4n, 5n], six), null); // the list and its five: six values
  const many = sameVerdict([1n, 2n, 3n, 4n, 5n, 6n], six)!;
  assert.equal(many.reason, "element count 7 exceeds the limit of 6 (limits.maxElements, typedjson.max.elements in Java)");
  assert.equal(many.path, "$[5]");
  assert.equal(sameVerdict({ a: [1n, 2n], b: 3n }, six), null);
  assert.equal(sameVerdict(new Map<ValueInput, ValueInput>([["a", [1n, 2n]], ["b", 3n]]), six), null);
  assert.equal(sameVerdict(new Set([1n, 2n, 3n, 4n]), six), null); // {"~set":[...]}: one object, one array, four
  assert.equal(sameVerdict(new Set([1n, 2n, 3n, 4n, 5n]), six)!.path, '$["~set"][4]');
  assert.equal(sameVerdict(new Map([[1n, 2n], [3n, 4n]]), six), null); // {"~map":[1,2,3,4]}
  assert.equal(sameVerdict(new Map<ValueInput, ValueInput>([[1n, 2n], [3n, [4n]]]), six)!.path, '$["~map"][3][0]');
  assert.equal(sameVerdict(new Set<ValueInput>(), limits(1000, 1000, 1000, 1))!.path, '$["~set"]'); // its array
  assert.ok(sameVerdict([1, 2, 3, 4, 5, 6].map((i) => new Int32(i)), six));
});

test("document bytes: UTF-8 bytes of the whole document", () => {
  const twenty = limits(1000, 1000, 20, 1000);
  assert.equal(sameVerdict(["abcdefghijklmnop"], twenty), null); // 20 bytes
  const longer = sameVerdict(["abcdefghijklmnopq"], twenty)!;
  assert.equal(longer.reason, "document of 21 bytes exceeds the limit of 20 bytes (limits.maxDocumentBytes, typedjson.max.document.bytes in Java)");
  assert.equal(longer.path, "$");
  assert.equal(sameVerdict(["\u00e9".repeat(8)], twenty), null); // 2 bytes each
  assert.equal(sameVerdict(["\u00e9".repeat(9)], twenty)!.reason.slice(0, 20), "document of 22 bytes");
  assert.equal(sameVerdict(["\u20ac".repeat(5) + "a"], twenty), null); // 3 bytes each: 20 in all
  assert.ok(sameVerdict(["\u20ac".repeat(5) + "ab"], twenty));
  assert.equal(sameVerdict(["\ud83d\ude00".repeat(4)], twenty), null); // 4 bytes each
  assert.ok(sameVerdict(["\ud83d\ude00".repeat(4) + "a"], twenty));
});

test("the limits not overridden stay the defaults; the writer's options take them as the reader's do", () => {
  assert.equal(stringify([1n], { limits: { maxElements: 2 } }), "[1]");
  assert.throws(() => stringify([1n, 2n], { limits: { maxElements: 2 } }), /element count 3 exceeds the limit of 2/);
  assert.throws(() => stringify("1".repeat(20_000_001)), /string of 20000001 UTF-16 code units exceeds the limit of 20000000/);
  // the Kafka serializer's options are stringify's
  assert.throws(() => serializer({ limits: { maxStringLength: 5 } })({ a: "abcdef" }), /string of 6 UTF-16 code units exceeds the limit of 5 .* at \$\.a$/);
  assert.equal(serializer({ limits: { maxElements: 2 } })([1n])?.toString(), "[1]");
});

/**
 * The Connect writers (SPEC.md section 11: the converter's model) hold the same limits: `writeTyped` (header mode's
 * document, inline's "~v") refuses a value exactly when the reader of that location under `small` refuses its document,
 * with the reader's reason at the value's path and no byte offset, as `stringify` refuses; `writeConnectReference`
 * refuses it alike, the limit's reason not worded as a value that does not fit its schema.
 */
function connectVerdict(schema: ConnectSchema, v: ConnectValue, small: Limits, positional: boolean): TypedJsonError | null {
  const doc = writeTyped(v, schema, positional, { limits: UNLIMITED });
  const readError = attempt(() => {
    // the value as the converter's reader reads it (a schema header's own length is the header's, not the value's)
    const sc = new Scanner(doc, small);
    readTyped(sc, schema, positional);
    sc.expectEnd();
  });
  const writeError = attempt(() => assert.equal(writeTyped(v, schema, positional, { limits: small }), doc));
  const verdicts = `read: ${readError?.message ?? "accepted"}; write: ${writeError?.message ?? "accepted"}; document ${doc}`;
  assert.equal(readError === null, writeError === null, verdicts);
  if (readError === null) return null;
  assert.equal(writeError!.reason, readError.reason, verdicts);
  assert.equal(writeError!.path, readError.path, verdicts);
  assert.equal(writeError!.byteOffset, -1, verdicts);
  if (positional) {
    const reference = attempt(() => writeConnectReference(schema, v, { limits: small }))!;
    assert.equal(reference?.message, writeError!.message, verdicts);
  }
  return writeError;
}

test("the Connect writers hold a value to the same limits, with the same reasons", () => {
  const schema = parseSchemaNotation("{id:i64,name,tags:[str]?}");
  const row = (id: bigint, name: string, tags: string[] | null): ConnectValue => new Map<ConnectValue, ConnectValue>([["id", id], ["name", name], ["tags", tags]]) as ConnectValue;
  for (const positional of [false, true]) {
    const at = (field: string, index: number) => (positional ? `$[${index}]` : `$.${field}`);
    const digits = connectVerdict(schema, row(123456n, "a", null), limits(5, 100, 1000, 1000), positional)!;
    assert.equal(digits.message, `number of 6 digits exceeds the limit of 5 (limits.maxNumberLength, typedjson.max.number.length in Java) at ${at("id", 0)}`);
    assert.equal(connectVerdict(schema, row(12345n, "a", null), limits(5, 100, 1000, 1000), positional), null);
    const text = connectVerdict(schema, row(1n, "abcde", null), limits(1000, 4, 1000, 1000), positional)!;
    assert.equal(text.message, `string of 5 UTF-16 code units exceeds the limit of 4 (limits.maxStringLength, typedjson.max.string.length in Java) at ${at("name", 1)}`);
    assert.equal(text.reason, attempt(() => stringify("abcde", { limits: limits(1000, 4, 1000, 1000) }))!.reason); // the plain writer's
    assert.ok(connectVerdict(schema, row(1n, "~abc", null), limits(1000, 4, 1000, 1000), positional)); // written "~~abc"
    assert.equal(connectVerdict(schema, row(1n, "abcd", ["abcd"]), limits(1000, 4, 1000, 1000), positional), null);
    // the struct, its three values, the list and its elements: 7 with two tags
    assert.equal(connectVerdict(schema, row(1n, "a", ["x", "y"]), limits(1000, 100, 1000, 6), positional), null);
    const many = connectVerdict(schema, row(1n, "a", ["x", "y", "z"]), limits(1000, 100, 1000, 6), positional)!;
    assert.equal(many.message, `element count 7 exceeds the limit of 6 (limits.maxElements, typedjson.max.elements in Java) at ${at("tags", 2)}[2]`);
    const bytes = connectVerdict(schema, row(1n, "\u00e9".repeat(20), null), limits(1000, 100, 40, 1000), positional)!;
    assert.match(bytes.message, /^document of \d+ bytes exceeds the limit of 40 bytes \(limits.maxDocumentBytes, typedjson.max.document.bytes in Java\) at \$$/);
  }
  // a value that does not fit its schema is still worded so by the reference writer
  assert.match(attempt(() => writeConnectReference(schema, row(1n, null as unknown as string, null)))!.message, /^the value does not fit the schema/);
});

/** Random limits small enough for the generated values to cross them. */
const smallLimits = fc.record({
  maxDepth: fc.constant(DEFAULT_LIMITS.maxDepth),
  maxNumberLength: fc.integer({ min: 1, max: 25 }),
  maxStringLength: fc.integer({ min: 1, max: 40 }),
  maxDocumentBytes: fc.integer({ min: 8, max: 408 }),
  maxElements: fc.integer({ min: 1, max: 60 }),
});

test(`the writer refuses what the reader refuses under any limits, for the same reason (${RUNS} runs)`, () => {
  let refused = 0;
  fc.assert(
    fc.property(value, smallLimits, (v, small) => {
      const doc = stringify(v, { limits: UNLIMITED });
      const readError = attempt(() => parse(doc, { limits: small }));
      const writeError = attempt(() => assert.equal(stringify(v, { limits: small }), doc));
      const verdicts = `${JSON.stringify(small)} read: ${readError?.message ?? "accepted"}; write: ${writeError?.message ?? "accepted"}; ${doc}`;
      assert.equal(readError === null, writeError === null, verdicts);
      if (readError === null) return;
      refused++;
      // a reader checks the document's size before its content, which a writer knows only at the end: where the
      // size is within its limit, the first limit exceeded in the document's order is the same for both
      if (new TextEncoder().encode(doc).length <= small.maxDocumentBytes) {
        assert.equal(writeError!.reason, readError.reason, verdicts);
        assert.equal(writeError!.path, readError.path, verdicts);
      }
    }),
    { numRuns: RUNS },
  );
  assert.ok(refused > RUNS / 10, `only ${refused} of ${RUNS} values were refused`);
});

// Plain documents (SPEC.md section 13): read with no tag or escape, written with none, and the kafkajs helpers'
// header typedjson-format (13.2).
import { test } from "node:test";
import assert from "node:assert/strict";
import { BigInteger, Decimal, Duration, EventReader, Float32, Instant, Int16, Int32, Int8, LocalDate, Uuid, TypedJsonError, Value, deserializer, formatMark, parse, same, serializer, stringify } from "../index";
import type { EventManifest } from "../index";

const m = (...entries: [Value, Value][]) => new Map<Value, Value>(entries);
const fails = (f: () => unknown, message: string) => assert.throws(f, (e: unknown) => e instanceof TypedJsonError && e.message === message);

// As Jackson writes a note: strings as they are, NaN as "NaN", a key starting with '~'
const JACKSON = '{"id":9007199254740993,"note":"~5 minutes late","tags":["~s3","~~x","a~b","~"],"counts":{"~k":1,"k":2},' +
  '"amount":1.50,"ratio":"NaN","big":123456789012345678901234567890,"extra":"~d1","nested":[{"~map":[1]},{"~set":[]}]}';
const NOTE = m(["id", 9007199254740993n], ["note", "~5 minutes late"], ["tags", ["~s3", "~~x", "a~b", "~"]], ["counts", m(["~k", 1n], ["k", 2n])],
  ["amount", 1.5], ["ratio", "NaN"], ["big", new BigInteger(123456789012345678901234567890n)], ["extra", "~d1"],
  ["nested", [m(["~map", [1n]]), m(["~set", []])]]);

test("a plain document reads as plain JSON: a leading ~ is text in strings and keys", () => {
  assert.ok(same(parse(JACKSON, { plain: true }), NOTE));
  assert.ok(same(parse(Buffer.from(JACKSON), { plain: true }), NOTE));
  assert.ok(same(parse('{"~map":[1]}', { plain: true }), m(["~map", [1n]])));
  assert.equal(parse('"NaN"', { plain: true }), "NaN");
  assert.equal(parse('"~~x"', { plain: true }), "~~x");
  assert.equal(parse("-0", { plain: true }), 0n);
  assert.equal(parse("1e2", { plain: true }), 100);
  assert.ok(same(parse("[9223372036854775807,9223372036854775808]", { plain: true }), [9223372036854775807n, new BigInteger(9223372036854775808n)]));
  // the same text as typed JSON is refused (or means something else)
  fails(() => parse(JACKSON), 'unknown tag "~5" in "~5 minutes late" (a string starting with \'~\' is written with the \'~\' doubled) at $.note (byte offset 30)');
  assert.equal(parse('"~~x"'), "~x");
});

test("a plain document is still checked: duplicate keys, limits, bad JSON, with path and offset", () => {
  fails(() => parse('{"~k":1,"~k":2}', { plain: true }), 'duplicate key "~k" at $["~k"] (byte offset 13)');
  fails(() => parse('[[1]]', { plain: true, limits: { maxDepth: 1 } }), "nesting depth 2 exceeds the limit of 1 (limits.maxDepth, typedjson.max.depth in Java) at $[0] (byte offset 1)");
  assert.throws(() => parse('{"a":[1,}', { plain: true }), (e: unknown) => e instanceof TypedJsonError && e.path === "$.a[1]");
});

test("a plain write writes strings and keys as they are and round-trips through a plain read", () => {
  assert.equal(stringify(NOTE, { plain: true }), JACKSON.replace("1.50", "1.5"));
  assert.ok(same(parse(stringify(NOTE, { plain: true }), { plain: true }), NOTE));
  assert.equal(stringify(m(["~k", "~v"]), { plain: true }), '{"~k":"~v"}');
  assert.equal(stringify(m(["~k", "~v"])), '{"~~k":"~~v"}');
  assert.equal(stringify({ a: [new BigInteger(2n ** 64n), null, true, 0.1] }, { plain: true }), '{"a":[18446744073709551616,null,true,0.1]}');
});

test("a plain write refuses what only a tag carries, with its path, in Java's words", () => {
  const cases: [Value, string][] = [
    [new Int32(1), "Integer"], [new Int16(1), "Short"], [new Int8(1), "Byte"], [new BigInteger(5n), "BigInteger"],
    [new Float32(0.5), "Float"], [NaN, "Double"], [-Infinity, "Double"], [new Decimal(15n, 1), "BigDecimal"],
    [new Uint8Array([1]), "byte[]"], [new Instant(0n), "Instant"], [new LocalDate(2024, 1, 1), "LocalDate"],
    [new Uuid("123e4567-e89b-12d3-a456-426614174000"), "UUID"], [Duration.parse("PT1S"), "Duration"],
    [new Set<Value>(["a"]), "Set"], [m([1n, 2n]), "Map with keys other than strings"],
  ];
  for (const [extra, type] of cases) {
    fails(() => stringify(m(["id", 1n], ["extra", [0n, extra]]), { plain: true }),
      `${type} where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would read as text: not written as plain JSON at $.extra[1]`);
    assert.doesNotThrow(() => stringify(m(["extra", [0n, extra]]))); // typed JSON carries them
  }
});

const utf8 = (b: Buffer | null) => b!.toString("utf8");

test("deserializer with otherWriters json: the header typedjson-format decides, no header is plain", () => {
  const read = deserializer({ otherWriters: "json" });
  const typed = serializer()(NOTE)!;
  assert.ok(same(read(Buffer.from(JACKSON)), NOTE));
  assert.ok(same(read(Buffer.from(JACKSON), {}), NOTE));
  assert.ok(same(read(Buffer.from(JACKSON), { "typedjson-format": "plain" }), NOTE));
  assert.ok(same(read(Buffer.from(JACKSON), [["typedjson-format", Buffer.from("plain")]]), NOTE));
  assert.ok(same(read(typed, { "typedjson-format": Buffer.from("typed") }), NOTE));
  assert.equal((read(typed, {}) as Map<Value, Value>).get("note"), "~~5 minutes late"); // unmarked: another writer's
  assert.equal(read(null, { "typedjson-format": "x" }), null);
});

test("the header given twice or with another value is refused", () => {
  const read = deserializer({ otherWriters: "json" });
  const doc = Buffer.from(JACKSON);
  fails(() => read(doc, { "typedjson-format": ["typed", "typed"] }), "the header typedjson-format is given twice at $");
  fails(() => read(doc, [["typedjson-format", "plain"], ["ce_type", "a"], ["typedjson-format", "plain"]]), "the header typedjson-format is given twice at $");
  fails(() => read(doc, { "typedjson-format": "Typed" }), "the header typedjson-format is 'Typed', neither 'typed' nor 'plain' at $");
  fails(() => read(doc, [["typedjson-format", null]]), "the header typedjson-format is null, neither 'typed' nor 'plain' at $");
  assert.equal(formatMark({ "typedjson-format": Buffer.from("plain") }), "plain");
  assert.equal(formatMark(undefined), null);
});

test("by default no header is looked at: every record is typed JSON", () => {
  const typed = serializer()(NOTE)!;
  assert.ok(same(deserializer()(typed, { "typedjson-format": ["bogus", "x"] }), NOTE));
  assert.throws(() => deserializer()(Buffer.from(JACKSON), {}), TypedJsonError);
});

test("serializer: no header by default; formatHeader typed marks typed JSON, plain writes and marks a plain document", () => {
  const headers: Record<string, Buffer | string> = {};
  const typed = serializer()(NOTE, headers);
  assert.deepEqual(headers, {});
  const marked: Record<string, Buffer | string> = { "typedjson-format": "plain", other: "x" };
  assert.deepEqual(serializer({ formatHeader: "typed" })(NOTE, marked), typed);
  assert.deepEqual(marked, { "typedjson-format": Buffer.from("typed"), other: "x" });
  const copied: Record<string, Buffer | string> = { "typedjson-format": Buffer.from("typed") }; // copied from a record read
  const plain = serializer({ formatHeader: "plain" })(NOTE, copied);
  assert.equal(utf8(plain), JACKSON.replace("1.50", "1.5"));
  assert.deepEqual(copied, { "typedjson-format": Buffer.from("plain") });
  assert.ok(same(deserializer({ otherWriters: "json" })(plain, copied), NOTE));
  // without headers to carry the mark, both write an unmarked plain document (as Java's serializer does)
  assert.equal(utf8(serializer({ formatHeader: "typed" })(NOTE)), JACKSON.replace("1.50", "1.5"));
  assert.equal(serializer({ formatHeader: "plain" })(null, copied), null);
  assert.throws(() => serializer({ plain: true, formatHeader: "typed" }), /would mark a plain document typed/);
});

test("serializer with formatHeader plain refuses what only a tag carries, with its path, and marks nothing", () => {
  const headers: Record<string, Buffer | string> = {};
  fails(() => serializer({ formatHeader: "plain" })(m(["a", m(["b", new Decimal(15n, 1)])]), headers),
    "BigDecimal where the type does not say it (a dynamic position) needs a tag, which a reader of plain JSON would read as text: not written as plain JSON at $.a.b");
  assert.deepEqual(headers, {});
});

const EVENTS: EventManifest = {
  types: [{ name: "note.added", shape: { ref: "Note" } }],
  shapes: {
    Note: { object: [["note", "string"], ["initial", "char"], ["counts", { map: ["string", "int32"] }], ["byChar", { map: ["char", "int32"] }], ["ratio", "float64"], ["extra", "dynamic"], ["tags", { list: "string" }]] },
  },
};
const PLAIN_EVENT = '{"note":"~5 late","initial":"~","counts":{"~k":1},"byChar":{"~":2},"ratio":"NaN","extra":{"~map":[1]},"tags":["~~x"]}';
const TYPED_EVENT = '{"note":"~~5 late","initial":"~~","counts":{"~~k":1},"byChar":{"~~":2},"ratio":"NaN","extra":{"~~map":[1]},"tags":["~~~x"]}';
const EVENT = m(["note", "~5 late"], ["initial", "~"], ["counts", m(["~k", new Int32(1)])], ["byChar", m(["~", new Int32(2)])], ["ratio", NaN], ["extra", m(["~map", [1n]])], ["tags", ["~~x"]]);

test("EventReader with otherWriters json reads an unmarked or plain-marked record as a plain document of its type", () => {
  const reader = new EventReader(EVENTS, { otherWriters: "json" });
  for (const headers of [{ ce_type: "note.added" }, { ce_type: "note.added", "typedjson-format": "plain" }]) {
    const read = reader.read({ value: PLAIN_EVENT, headers });
    assert.ok(read !== null && read !== undefined && read.kind === "event" && same(read.value, EVENT), String(read));
  }
  // a record marked typed is typed JSON
  const typed = TYPED_EVENT;
  const read = reader.read({ value: typed, headers: { ce_type: "note.added", "typedjson-format": "typed" } });
  assert.ok(read !== null && read !== undefined && read.kind === "event" && same(read.value, EVENT), String(read));
  // by default the plain document is refused, naming the escape
  fails(() => new EventReader(EVENTS).read({ value: PLAIN_EVENT, headers: { ce_type: "note.added" } }),
    "tagged value \"~5 late\" where a plain string belongs (a string starting with '~' is written with the '~' doubled) at $.note (byte offset 8)");
});

test("EventReader with otherWriters json: plain JSON has no envelope; the mark twice is refused", () => {
  const reader = new EventReader(EVENTS, { otherWriters: "json" });
  const envelope = `{"~type":"note.added","~v":${PLAIN_EVENT}}`;
  // typedjson's envelope unmarked (a writer with no headers) is refused, with or without another record's ce_type
  for (const headers of [{}, { ce_type: "note.added" }]) {
    assert.throws(() => reader.read({ value: envelope, headers }), (e: unknown) => e instanceof TypedJsonError
      && e.message.startsWith("an event envelope (first key \"~type\") in a record read as plain JSON (typedjson.other.writers=json, no header typedjson-format): typedjson's writers mark their records while other writers share the topic (typedjson.format.header=typed)"), JSON.stringify(headers));
  }
  const read = reader.read({ value: `{"~type":"note.added","~v":${TYPED_EVENT}}`, headers: { "typedjson-format": "typed" } });
  assert.ok(read !== null && read !== undefined && read.kind === "event" && same(read.value, EVENT), String(read));
  fails(() => reader.read({ value: PLAIN_EVENT, headers: [["ce_type", "note.added"], ["typedjson-format", "plain"], ["typedjson-format", "plain"]] }),
    "the header typedjson-format is given twice at $");
});

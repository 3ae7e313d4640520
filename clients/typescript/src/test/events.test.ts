// Several event types on one topic (SPEC.md section 12): spec/vectors/events.json read with the manifest
// spec/vectors/events-manifest.json (generated from the Java test classes), every read case as the Java
// deserializer reads it: the name and the value, skipped, passed through, or refused with the same reason, path and offset.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { EventReader, parseManifest, same, stringify, TypedJsonError } from "../index";
import type { EventRecord, UnknownTypes, TypeLocation } from "../index";
import { fromExplicit } from "../explicit";

const DIR = path.resolve(__dirname, "../../../../spec/vectors");

interface ReadCase {
  name: string;
  policy: UnknownTypes;
  location?: TypeLocation;
  headers: [string, string | null][];
  document: string | null;
  expect: { type?: string; value?: unknown; skip?: boolean; pass?: string | null; null?: boolean; error?: string };
  path?: string | null;
  offset?: number | null;
}

const vectors = JSON.parse(fs.readFileSync(path.join(DIR, "events.json"), "utf8")) as { manifest: string; read: ReadCase[] };
const manifest = parseManifest(fs.readFileSync(path.join(DIR, vectors.manifest), "utf8"));

test("the vectors and the manifest are found", () => {
  assert.ok(vectors.read.length >= 90, `only ${vectors.read.length} read vectors`);
  assert.deepEqual(manifest.types.map((t) => t.name), ["order.created", "order.shipped", "order.cancelled"]);
});

for (const v of vectors.read) {
  test(`events: ${v.name}`, () => {
    const reader = new EventReader(manifest, { unknown: v.policy, location: v.location ?? "header" });
    const record = { value: v.document, headers: v.headers.map(([k, h]) => [k, h === null ? null : Buffer.from(h, "utf8")] as [string, Buffer | null]) };
    if (v.expect.error !== undefined) {
      assert.throws(() => reader.read(record), (e: unknown) => {
        assert.ok(e instanceof TypedJsonError, String(e));
        // the reason, path and byte offset the Java deserializer gives (a null path: an error about the headers,
        // reported at $ without an offset)
        assert.equal(e.reason, v.expect.error);
        assert.equal(e.path, v.path ?? "$");
        assert.equal(e.byteOffset, v.offset ?? -1);
        return true;
      });
      return;
    }
    const read = reader.read(record);
    if (v.expect.null) assert.equal(read, null);
    else if (v.expect.skip) assert.equal(read, undefined);
    else if ("pass" in v.expect) {
      const unknown = read as EventRecord;
      assert.equal(unknown.kind, "unknown");
      if (unknown.kind !== "unknown") return;
      assert.equal(unknown.type, v.expect.pass);
      assert.deepEqual(Buffer.from(unknown.value).toString("utf8"), v.document);
      assert.deepEqual(unknown.headers.map(([k, h]) => [k, h === null ? null : Buffer.from(h).toString("utf8")]), v.headers);
    } else {
      const event = read as EventRecord;
      assert.equal(event.kind, "event");
      if (event.kind !== "event") return;
      assert.equal(event.type, v.expect.type);
      const expected = fromExplicit(v.expect.value);
      assert.ok(same(event.value, expected), `read ${stringify(event.value)} but the vector's value is ${stringify(expected)}`);
    }
  });
}

test("a discriminated union with an explicit unknown branch", () => {
  type OrderEvents = "order.created" | "order.shipped" | "order.cancelled";
  const reader = new EventReader<OrderEvents>(manifest, { unknown: "pass" });
  const kinds: string[] = [];
  for (const record of [
    { value: '{"orderId":1}', headers: { ce_type: "order.shipped" } },
    { value: '{"orderId":1}', headers: { ce_type: "com.acme.OrderShipped" } },
    { value: '{"~type":"order.cancelled","~v":{"orderId":2}}' },
  ]) {
    const e = reader.read(record);
    if (e === null || e === undefined) throw new Error("an event");
    switch (e.kind) {
      case "event":
        switch (e.type) {
          case "order.created": kinds.push("created"); break;
          case "order.shipped": kinds.push("shipped " + stringify((e.value as Map<string, unknown>).get("orderId") as bigint)); break;
          case "order.cancelled": kinds.push("cancelled"); break;
        }
        break;
      case "unknown":
        kinds.push(`unknown ${e.type} ${e.value.length} bytes`);
        break;
    }
  }
  assert.deepEqual(kinds, ["shipped 1", "unknown com.acme.OrderShipped 13 bytes", "cancelled"]);
});

test("a manifest that does not hold together is refused", () => {
  assert.throws(() => parseManifest({ types: [{ name: "a b", shape: "int32" }], shapes: {} }), /not an event type name/);
  assert.throws(() => parseManifest({ types: [{ name: "a", shape: { ref: "Missing" } }], shapes: {} }), /not in "shapes"/);
  assert.throws(() => parseManifest({ types: [{ name: "a", shape: "int33" }], shapes: {} }), /unknown shape/);
  assert.throws(() => parseManifest({ types: [{ name: "a", shape: "int32" }, { name: "a", shape: "int32" }], shapes: {} }), /twice/);
});

test("each case of the type header is named as what it is, as Java names it: null, not UTF-8", () => {
  const doc = '{"orderId":1}';
  const types = " (the topic's types are order.created, order.shipped, order.cancelled)";
  const reason = (headers: [string, Uint8Array | null][]): string => {
    try {
      new EventReader(manifest).read({ value: doc, headers });
    } catch (e) {
      assert.ok(e instanceof TypedJsonError);
      return e.message;
    }
    return "accepted";
  };
  assert.equal(reason([["ce_type", null]]), `no event type: the record's header ce_type has a null value and its value is no event envelope {"~type":"<name>","~v":<document>}${types} at $`);
  const latin1 = Buffer.from("order.shipp\u00e9d", "latin1");
  assert.equal(reason([["ce_type", latin1]]), `the record's header ce_type is not UTF-8 (byte E9 at index 11): it names no listed event type${types} at $`);
  assert.equal(reason([["ce_type", Uint8Array.of(0xc0, 0xaf)]]), `the record's header ce_type is not UTF-8 (byte C0 at index 0): it names no listed event type${types} at $`);
  // a lead byte whose sequence is cut short or whose next byte is out of its range: the lead byte's index
  assert.match(reason([["ce_type", Uint8Array.of(0x61, 0xe0, 0x80, 0x80)]]), /\(byte E0 at index 1\)/);
  assert.match(reason([["ce_type", Uint8Array.of(0x61, 0x62, 0xf0, 0x9f, 0x98)]]), /\(byte F0 at index 2\)/);
  assert.match(reason([["ce_type", Uint8Array.of(0xed, 0xa0, 0x80)]]), /\(byte ED at index 0\)/); // a surrogate
  assert.match(reason([["ce_type", Buffer.from("\u00e9\ud83d\ude00", "utf8")]]), /^unknown event type/); // well-formed
  // still a name in no list, which the policy decides (SPEC.md 12.2)
  assert.equal(new EventReader(manifest, { unknown: "skip" }).read({ value: doc, headers: [["ce_type", latin1]] }), undefined);
  const passed = new EventReader(manifest, { unknown: "pass" }).read({ value: doc, headers: [["ce_type", latin1]] }) as EventRecord;
  assert.equal(passed.kind === "unknown" ? passed.type : null, "order.shipp\ufffdd");
});

test("a duplicate field is refused once its value's first token is read: malformed JSON in that token first (SPEC.md 8)", () => {
  const reader = new EventReader(manifest);
  for (const [doc, word, path, offset] of [
    ['{"orderId":1,"orderId":tru}', "'tru'", "$.orderId", 23],
    ['{"orderId":1,"x":1,"x":"\\q"}', "escape", "$.x", 25],
    ['{"orderId":1,"x":1,"x":01}', "Leading zeroes", "$.x", 23],
    ['{"orderId":1,"orderId":', "end-of-input", "$.orderId", 23],
    ['{"orderId":1,"x":{"a":1,"a":-}}', "'-'", "$.x.a", 29],
  ] as const) {
    assert.throws(() => reader.read({ value: doc, headers: [["ce_type", "order.shipped"]] }),
      (e: unknown) => e instanceof TypedJsonError && e.reason.includes(word) && e.path === path && e.byteOffset === offset, doc);
  }
});

test("a map of dynamic keys: a key seen before is refused at its offset, a last key without a value at the array's ']' (where its value belongs)", () => {
  const reader = new EventReader(JSON.stringify({ types: [{ name: "m", shape: { map: ["dynamic", "int32"] } }], shapes: {} }));
  for (const [doc, path, reason, offset] of [
    ["[1,2,1,3]", "$[2]", "duplicate key in a map", 5],
    ["[1,2,3]", "$", "a map's array must alternate keys and values, but its last key has no value", 6],
  ] as const) {
    assert.throws(() => reader.read({ value: doc, headers: [["ce_type", "m"]] }),
      (e: unknown) => e instanceof TypedJsonError && e.reason === reason && e.path === path && e.byteOffset === offset);
  }
});

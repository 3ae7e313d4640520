// Connect's schema location `reference` (SPEC.md section 11): fingerprints, the caller's resolver, the checks on
// what it answers, the bounded cache, and the writer helpers. A Map stands for the schema topic.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  Decimal, Instant, Int32, SchemaResolver, TypedJsonError, Value, fingerprintHex, parseConnectRecord, parseConnectReference,
  parseSchemaNotation, same, schemaFingerprint, schemaTopicRecord, stringify, writeConnectReference, writeSchemaNotation,
} from "../index";

// the fingerprints gen.py wrote with Python's hashlib, beside the conformance vectors
const REFERENCE = path.resolve(__dirname, "../../../../spec/vectors/reference.json");

const ORDERS = "{id:i64,name,status,amount:f64,tags:[str],ts}";
const ROWS = "{id:i32,price:dec(10,2),at:ts?,lines:[{sku,qty:i32}],attrs:<i32,str>?,note?}";

function topic(...notations: string[]): Map<string, string> {
  return new Map(notations.map((n) => [fingerprintHex(schemaFingerprint(n)), n]));
}

function refusal(reason: RegExp): (e: unknown) => boolean {
  return (e: unknown) => e instanceof TypedJsonError && reason.test(e.message);
}

test("fingerprints: Node's SHA-256 agrees with the vectors' (Python's hashlib), non-ASCII notations included", () => {
  const entries = JSON.parse(fs.readFileSync(REFERENCE, "utf8")) as { name: string; notation: string; fingerprint_hex: string }[];
  assert.ok(entries.length >= 5 && entries.some((e) => /[^\x00-\x7f]/.test(e.notation)));
  for (const e of entries) {
    assert.equal(fingerprintHex(schemaFingerprint(e.notation)), e.fingerprint_hex, e.name);
    assert.equal(crypto.createHash("sha256").update(Buffer.from(e.notation, "utf8")).digest("hex").slice(0, 32), e.fingerprint_hex, e.name);
    assert.equal(writeSchemaNotation(parseSchemaNotation(e.notation)), e.notation, `${e.name}: a canonical notation`);
    assert.equal(schemaTopicRecord(e.notation).key.toString("hex"), e.fingerprint_hex);
    assert.equal(schemaTopicRecord(e.notation).value.toString("utf8"), e.notation);
  }
  assert.equal(fingerprintHex(schemaFingerprint(ORDERS)), "3117e7e8681b3b12c0645ca520df0c33");
});

const row = new Map<Value, Value>([
  ["id", new Int32(7)],
  ["price", new Decimal(1050n, 2)],
  ["at", Instant.ofEpochMilli(1700000000123)],
  ["lines", [new Map<Value, Value>([["sku", "~a"], ["qty", new Int32(2)]])]],
  ["attrs", new Map<Value, Value>([[new Int32(1), "x"]])],
  ["note", null],
]);

test("round trip: written as the converter writes it, read through a Map-backed resolver", async () => {
  const schema = parseSchemaNotation(ROWS);
  const out = writeConnectReference(schema, row);
  assert.equal(out.value!.toString("utf8"), '[7,10.50,"2023-11-14T22:13:20.123Z",[["~~a",2]],[1,"x"],null]');
  assert.deepEqual([...out.headers["typedjson.schema.ref"]], [...schemaFingerprint(ROWS)]);
  assert.equal(out.schemaRecord.value.toString("utf8"), ROWS);
  const schemas = new Map([[out.schemaRecord.key.toString("hex"), out.schemaRecord.value]]);
  let calls = 0;
  const resolver = new SchemaResolver(async (fp) => {
    calls++;
    return schemas.get(Buffer.from(fp).toString("hex"));
  });
  for (let i = 0; i < 3; i++) {
    const got = await parseConnectRecord({ value: out.value, headers: out.headers }, resolver);
    assert.equal(writeSchemaNotation(got.schema!), ROWS);
    assert.ok(same(got.value, row), stringify(got.value));
  }
  assert.equal(calls, 1, "one resolution per fingerprint");
  // a key: its own header
  const key = writeConnectReference(parseSchemaNotation("i64"), 42n, { key: true });
  assert.deepEqual(Object.keys(key.headers), ["typedjson.key.schema.ref"]);
  const keyRead = await parseConnectRecord({ value: key.value, headers: key.headers }, (fp) => topic("i64").get(fingerprintHex(fp)), { key: true });
  assert.equal(keyRead.value, 42n);
});

test("records of the other locations and tombstones need no resolver", async () => {
  assert.ok(same((await parseConnectRecord({ value: '{"~s":"i32","~v":5}' })).value, new Int32(5)));
  assert.ok(same((await parseConnectRecord({ value: "5", headers: [["typedjson.schema", Buffer.from("i32")]] })).value, new Int32(5)));
  assert.deepEqual(await parseConnectRecord({ value: null, headers: {} }), { schema: null, value: null });
  const tombstone = writeConnectReference(parseSchemaNotation(ORDERS), null);
  assert.equal(tombstone.value, null);
  assert.deepEqual(tombstone.headers, {});
  await assert.rejects(parseConnectRecord({ value: "[]", headers: { "typedjson.schema.ref": Buffer.alloc(16) } }), refusal(/needs a resolver/));
});

test("a notation whose fingerprint is not the one asked for is refused, naming both", async () => {
  const fp = schemaFingerprint(ORDERS);
  const lying = new SchemaResolver(() => "{id:i64,name}", { topic: "schemas" });
  await assert.rejects(parseConnectReference(fp, "[1,\"a\"]", lying),
    refusal(new RegExp(`schema fingerprint ${fingerprintHex(fp)} \\(schema topic schemas\\) has the fingerprint ${fingerprintHex(schemaFingerprint("{id:i64,name}"))}`)));
  assert.equal(lying.size, 0, "nothing cached");
  // from the schema topic: a record whose key is not its value's fingerprint
  assert.throws(() => lying.add(fp, Buffer.from("{id:i64,name}")), refusal(/has the fingerprint/));
  assert.throws(() => lying.add(fp, Buffer.from([0xff])), refusal(/not well-formed UTF-8/));
  lying.add(fp, Buffer.from(ORDERS));
  assert.equal(lying.size, 1);
  assert.ok(same((await parseConnectReference(fp, '[1,"a","new",2.5,[],"t"]', lying)).value,
    new Map<Value, Value>([["id", 1n], ["name", "a"], ["status", "new"], ["amount", 2.5], ["tags", []], ["ts", "t"]])));
});

test("an unknown fingerprint is an error naming it and the topic; a failing resolver too", async () => {
  const fp = schemaFingerprint("{x:i8}");
  await assert.rejects(parseConnectReference(fp, "[1]", () => undefined), refusal(new RegExp(`unknown schema fingerprint ${fingerprintHex(fp)}: the schema topic _typedjson-schemas has no notation for it`)));
  await assert.rejects(parseConnectReference(fp, "[1]", () => { throw new Error("broker down"); }), refusal(/resolving schema fingerprint [0-9a-f]{32} .* failed: broker down/));
  await assert.rejects(parseConnectReference(fp, "[1]", new SchemaResolver(() => new Promise<string>(() => {}), { timeoutMs: 50 })),
    refusal(new RegExp(`no notation for schema fingerprint ${fingerprintHex(fp)} from the schema topic _typedjson-schemas within 50 ms`)));
});

test("a header that is not 16 bytes is refused before any lookup", async () => {
  let calls = 0;
  const resolver = new SchemaResolver(() => { calls++; return ORDERS; });
  for (const n of [0, 15, 17, 32]) {
    await assert.rejects(parseConnectReference(new Uint8Array(n), "[]", resolver), refusal(new RegExp(`typedjson.schema.ref holds ${n} bytes, not the 16 bytes of a schema fingerprint`)));
  }
  await assert.rejects(parseConnectRecord({ value: "[]", headers: { "typedjson.schema.ref": "0123456789" } }, resolver), refusal(/holds 10 bytes/));
  assert.equal(calls, 0);
});

test("the cache is bounded: the least recently used schema is resolved again", async () => {
  const notations = ["i8", "i16", "i32"];
  const schemas = topic(...notations);
  const asked: string[] = [];
  const resolver = new SchemaResolver((fp, hex) => { asked.push(schemas.get(hex)!); return schemas.get(hex); }, { maxEntries: 2 });
  for (const n of ["i8", "i16", "i8", "i32", "i8", "i16"]) await parseConnectReference(schemaFingerprint(n), "1", resolver);
  assert.deepEqual(asked, ["i8", "i16", "i32", "i16"]);
  assert.equal(resolver.size, 2);
  // concurrent reads of one new fingerprint share one resolution
  const slow = new SchemaResolver(async (fp, hex) => { asked.push(hex); await new Promise((r) => setTimeout(r, 20)); return schemas.get(hex); });
  asked.length = 0;
  await Promise.all([1, 2, 3].map(() => parseConnectReference(schemaFingerprint("i32"), "1", slow)));
  assert.equal(asked.length, 1);
});

test("a value that does not fit its schema is refused with its path, reading and writing", async () => {
  const resolver = new SchemaResolver((fp, hex) => topic(ROWS).get(hex));
  await assert.rejects(parseConnectReference(schemaFingerprint(ROWS), '[7,"x"]', resolver), (e: unknown) => e instanceof TypedJsonError && e.path === "$[1]" && e.byteOffset === 3);
  const wrong = new Map(row);
  wrong.set("id", 7n); // an int64 where an int32 belongs
  assert.throws(() => writeConnectReference(parseSchemaNotation(ROWS), wrong), (e: unknown) => e instanceof TypedJsonError && /does not fit the schema/.test(e.message) && e.path === "$[0]");
});

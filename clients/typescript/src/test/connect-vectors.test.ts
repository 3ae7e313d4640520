// Connect conformance (SPEC.md section 11, "Vectors"): spec/vectors/connect.json.
// valid and accepted: the document (with its schema header in location header) reads to exactly the schema and
// the value; invalid: refused with a TypedJsonError (and the path, where the vector names one).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseConnect, parseConnectWithSchema, parseSchemaNotation, same, stringify, TypedJsonError, Value, writeSchemaNotation } from "../index";
import { writeTyped } from "../connect";
import { quoteJson } from "../writer";
import type { ConnectSchema, SchemaAndValue } from "../connect";
import { fromExplicit } from "../explicit";
import { setMember } from "../types";

const FILE = path.resolve(__dirname, "../../../../spec/vectors/connect.json");

interface Vector { name: string; location: "inline" | "header" | "none"; document: string | null; header?: string; schema?: string | null; value?: unknown; error?: string; path?: string }

const vectors = JSON.parse(fs.readFileSync(FILE, "utf8")) as { valid: Vector[]; accepted: Vector[]; invalid: Vector[] };


/** The vector's explicit value read against its schema: `["struct",[…]]` is a Map of field name to value. */
function connectValue(node: unknown, schema: ConnectSchema | null): Value {
  if (schema === null || node === null || !Array.isArray(node)) return fromExplicit(node);
  const [type, payload] = node as [string, unknown[]];
  switch (type) {
    case "struct": {
      const fields = schema.fields!;
      assert.equal(payload.length, fields.length, "a struct vector has one value per field");
      return new Map<Value, Value>(fields.map((f, i) => [f.name, connectValue(payload[i], f.schema)]));
    }
    case "list":
      return payload.map((e) => connectValue(e, schema.valueSchema!));
    case "map":
      return new Map<Value, Value>(payload.map((pair) => {
        const [k, v] = pair as [unknown, unknown];
        return [setMember(connectValue(k, schema.keySchema!)), connectValue(v, schema.valueSchema!)];
      }));
    default:
      return fromExplicit(node);
  }
}

/** Reads a vector's record the way the converter does: the schema header first, else the document. */
function read(v: Vector): SchemaAndValue {
  const bytes = new TextEncoder().encode(v.document!);
  return v.header !== undefined ? parseConnectWithSchema(v.header, bytes) : parseConnect(bytes, { location: v.location });
}

function checkRead(v: Vector): void {
  if (v.document === null) {
    // a tombstone: no record value, nothing to read (the converter gives SchemaAndValue.NULL)
    assert.equal(v.schema, null);
    assert.equal(v.value, null);
    return;
  }
  const got = read(v);
  const schema = v.schema === null || v.schema === undefined ? null : parseSchemaNotation(v.schema);
  assert.deepStrictEqual(got.schema, schema, "schema");
  if (schema !== null) assert.equal(writeSchemaNotation(got.schema!), v.schema, "the schema's notation written back");
  const expected = connectValue(v.value, schema);
  assert.ok(same(got.value, expected), `read ${stringify(got.value)} but the vector's value is ${stringify(expected)}`);
}

test("the Connect vector file is found", () => {
  assert.ok(vectors.valid.length >= 80 && vectors.accepted.length >= 10 && vectors.invalid.length >= 60);
  console.log(`connect vectors: ${vectors.valid.length} valid, ${vectors.accepted.length} accepted, ${vectors.invalid.length} invalid`);
});

for (const v of vectors.valid) {
  test(`connect valid (${v.location}): ${v.name}`, () => {
    checkRead(v);
    // the typed writer gives the vector's document: "~v" of an inline one (structs as arrays, the value of location
    // reference too), the whole document of a header one (structs as objects)
    if (v.document !== null && typeof v.schema === "string" && (v.location === "inline" || v.header !== undefined)) {
      const schema = parseSchemaNotation(v.schema);
      const value = connectValue(v.value, schema);
      const written = v.location === "inline" ? `{"~s":${quoteJson(v.schema)},"~v":${writeTyped(value, schema, true)}}` : writeTyped(value, schema);
      assert.equal(written, v.document, "written back");
    }
  });
}

for (const v of vectors.accepted) {
  test(`connect accepted (${v.location}): ${v.name}`, () => checkRead(v));
}

const wordMismatches: string[] = [];
for (const v of vectors.invalid) {
  test(`connect invalid (${v.location}): ${v.name}`, () => {
    assert.throws(() => read(v), (e: unknown) => {
      if (!(e instanceof TypedJsonError)) assert.fail(`not a TypedJsonError: ${String(e)}`);
      if (v.path !== undefined) assert.equal(e.path, v.path, `path of "${e.message}"`);
      assert.ok(e.byteOffset >= 0, "a byte offset");
      if (!e.message.toLowerCase().includes(v.error!.toLowerCase())) wordMismatches.push(`${v.name}: "${e.message}" lacks "${v.error}"`);
      return true;
    });
  });
}

after(() => {
  if (wordMismatches.length > 0) console.log(`${wordMismatches.length} Connect messages without the Java error word:\n  ` + wordMismatches.join("\n  "));
});
